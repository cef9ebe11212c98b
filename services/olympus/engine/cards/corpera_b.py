"""Corporate Era project cards 106–208."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add_to_existing,
    buy_top,
    choose,
    convert,
    look,
    next_card,
    prod,
    reduce_production,
    steal,
    vp,
)
from .model import ACTIVE, AUTOMATED, EVENT

card = partial(_card, module="corpera")

CARDS = [
    card(
        "110",
        "Business Network",
        4,
        ACTIVE,
        "earth",
        summary="M€ prod -1. Action: look at the top card and either buy it or discard it.",
        play=(prod("megacredits", -1),),
        actions=(action("Look at the top card: buy it or discard it", buy_top()),),
    ),
    card(
        "111",
        "Business Contacts",
        7,
        EVENT,
        "earth",
        summary="Look at the top 4 cards; keep 2, discard the rest.",
        play=(look(4, 2),),
    ),
    card(
        "124",
        "Hired Raiders",
        1,
        EVENT,
        summary="Steal 2 steel or 3 M€ from one player.",
        play=(
            choose(
                ("Steal up to 2 steel", (steal("steel", 2),)),
                ("Steal up to 3 M€", (steal("megacredits", 3),)),
            ),
        ),
    ),
    card(
        "149",
        "CEO's Favorite Project",
        1,
        EVENT,
        summary="Add 1 resource to a card that already holds at least one.",
        play=(add_to_existing(1),),
    ),
    card(
        "194",
        "Power Infrastructure",
        4,
        ACTIVE,
        "power,building",
        summary="Action: turn any amount of energy into the same amount of M€.",
        actions=(action("Turn energy into M€", convert("res", "energy", "megacredits")),),
    ),
    card(
        "195",
        "Indentured Workers",
        0,
        EVENT,
        vp=vp(-1),
        summary="The next card you play this generation is 8 M€ cheaper.",
        play=(next_card("discount", 8),),
    ),
    card(
        "201",
        "Energy Tapping",
        3,
        AUTOMATED,
        "power",
        vp=vp(-1),
        summary="Move 1 step of energy prod from another player to you.",
        play=(reduce_production("energy", 1), prod("energy", 1)),
    ),
]
