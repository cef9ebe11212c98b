"""Corporate Era project cards 001–105."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    add_to_card,
    choose,
    claim,
    copy_production,
    gain,
    on_tags,
    remove_any,
    remove_from_card,
    swap_card,
    vp,
)
from .model import ACTIVE, AUTOMATED, EVENT

card = partial(_card, module="corpera")

CARDS = [
    card(
        "050",
        "Virus",
        1,
        EVENT,
        "microbe",
        summary="Remove up to 2 animals from a card, or up to 5 plants from a player.",
        play=(
            choose(
                ("Remove up to 2 animals from a card", (remove_from_card("animal", 2),)),
                ("Remove up to 5 plants from a player", (remove_any("plants", 5),)),
            ),
        ),
    ),
    card(
        "066",
        "Land Claim",
        1,
        EVENT,
        summary="Put your marker on an unreserved space so only you may build a tile there.",
        play=(claim(),),
    ),
    card(
        "073",
        "Mars University",
        8,
        ACTIVE,
        "science,building",
        vp=vp(1),
        summary="Each science tag you play (this one too) lets you discard a card to draw a card.",
        triggers=(on_tags(("science",), swap_card()),),
    ),
    card(
        "074",
        "Viral Enhancers",
        9,
        ACTIVE,
        "science,microbe",
        summary="Each plant, microbe or animal tag you play (this one too) gives 1 plant or 1 resource on that card.",
        triggers=(
            on_tags(
                ("plant", "microbe", "animal"),
                choose(
                    ("Take 1 plant", (gain("plants", 1),)),
                    ("Add 1 resource to the card played", (add_to_card("$played", 1),)),
                ),
            ),
        ),
    ),
    card(
        "086",
        "Robotic Workforce",
        9,
        AUTOMATED,
        "science",
        summary="Repeat the production-box effect of one of your building cards.",
        play=(copy_production("building"),),
    ),
]
