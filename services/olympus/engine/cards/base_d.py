"""Base game project cards 161–208."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add,
    choose,
    gain,
    next_card,
    ocean,
    on_tile,
    prod,
    spend,
    tr,
    vp,
    vp_per_cities,
    vp_per_resource,
)
from .model import ACTIVE, AUTOMATED, EVENT

card = partial(_card, module="base")

CARDS = [
    card(
        "163",
        "Imported Nitrogen",
        23,
        EVENT,
        "earth,space",
        summary="TR +1, take 4 plants, put 3 microbes and 2 animals on other cards.",
        play=(tr(1), gain("plants", 4), add("microbe", 3, "other"), add("animal", 2, "other")),
    ),
    card(
        "172",
        "Pets",
        10,
        ACTIVE,
        "earth,animal",
        vp=vp_per_resource("animal", 2),
        resource="animal",
        summary="Add an animal here; another each time any city is placed; its animals cannot be removed. 1 VP per 2 animals.",
        play=(add("animal"),),
        triggers=(on_tile(("city",), add("animal"), scope="any"),),
        protects_resources=True,
    ),
    card(
        "187",
        "Aquifer Pumping",
        18,
        ACTIVE,
        "building",
        summary="Action: pay 8 M€ (steel usable) to place an ocean.",
        actions=(action("Pay 8 M€ to place an ocean", ocean(), cost=8, steel=True),),
    ),
    card(
        "188",
        "Flooding",
        7,
        EVENT,
        vp=vp(-1),
        summary="Place an ocean; you may make the owner of one adjacent tile lose 4 M€.",
        play=(ocean(then="flood"),),
    ),
    card(
        "190",
        "Local Heat Trapping",
        1,
        EVENT,
        summary="Spend 5 heat to take 4 plants or put 2 animals on another card.",
        play=(
            spend("heat", 5),
            choose(
                ("Take 4 plants", (gain("plants", 4),)),
                ("Add 2 animals to another card", (add("animal", 2, "other", required=True),)),
            ),
        ),
    ),
    card(
        "198",
        "Immigration Shuttles",
        31,
        AUTOMATED,
        "earth,space",
        vp=vp_per_cities(3),
        summary="M€ prod +5; 1 VP for every 3 cities in play.",
        play=(prod("megacredits", 5),),
    ),
    card(
        "206",
        "Special Design",
        4,
        EVENT,
        "science",
        summary="The next card you play this generation treats global requirements as up to 2 steps looser.",
        play=(next_card("leniency", 2),),
    ),
]
