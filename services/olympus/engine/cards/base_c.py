"""Base game project cards 111–160."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import add, choose, convert, ocean, on_tags, prod, vp, vp_per_resource
from .model import ACTIVE, AUTOMATED

card = partial(_card, module="base")

CARDS = [
    card(
        "115",
        "Artificial Photosynthesis",
        12,
        AUTOMATED,
        "science",
        summary="Pick one: energy prod +2 or plant prod +1.",
        play=(
            choose(
                ("Energy production +2", (prod("energy", 2),)),
                ("Plant production +1", (prod("plants", 1),)),
            ),
        ),
    ),
    card(
        "116",
        "Artificial Lake",
        15,
        AUTOMATED,
        "building",
        requires="temperature>=-6",
        vp=vp(1),
        summary="Place an ocean on a land space instead of an ocean-reserved one.",
        play=(ocean("land_ocean"),),
    ),
    card(
        "131",
        "Decomposers",
        5,
        ACTIVE,
        "microbe",
        requires="oxygen>=3",
        vp=vp_per_resource("microbe", 3),
        resource="microbe",
        summary="Gets a microbe each time you play a plant, animal or microbe tag (its own tag counts). 1 VP per 3 microbes.",
        triggers=(on_tags(("plant", "animal", "microbe"), add("microbe")),),
    ),
    card(
        "152",
        "Insulation",
        2,
        summary="Move any number of steps of heat prod into M€ prod.",
        play=(convert("prod", "heat", "megacredits"),),
    ),
    card(
        "153",
        "Adaptation Technology",
        12,
        ACTIVE,
        "science",
        vp=vp(1),
        summary="Ongoing: global-parameter requirements are 2 steps more lenient for you.",
        leniency=2,
    ),
]
