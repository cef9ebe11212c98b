"""Base game project cards 051–110."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add,
    city,
    gain,
    per_city,
    per_tag,
    prod,
    reduce_production,
    special_tile,
    vp_per_resource,
    vp_per_tag,
)
from .model import ACTIVE, AUTOMATED

card = partial(_card, module="base")

CARDS = [
    card(
        "067",
        "Mining Rights",
        9,
        AUTOMATED,
        "building",
        summary="Tile goes on a space offering a steel/titanium placement bonus; raise that metal's prod by 1.",
        play=(special_tile("metal_bonus", then="mining_prod"),),
    ),
    card(
        "072",
        "Birds",
        10,
        ACTIVE,
        "animal",
        requires="oxygen>=13",
        vp=vp_per_resource("animal"),
        resource="animal",
        summary="Lower one player's plant prod by 2. Action: add an animal here; 1 VP per animal.",
        play=(reduce_production("plants", 2),),
        actions=(action("Add an animal here", add("animal")),),
    ),
    card(
        "081",
        "Ganymede Colony",
        20,
        AUTOMATED,
        "jovian,space,city",
        vp=vp_per_tag("jovian"),
        summary="City on the off-Mars Ganymede space; 1 VP per Jovian tag you own.",
        play=(city("ganymede"),),
    ),
    card(
        "096",
        "Greenhouses",
        6,
        AUTOMATED,
        "plant,building",
        summary="Take 1 plant for every city tile in play.",
        play=(gain("plants", per_city("all")),),
    ),
    card(
        "102",
        "Power Grid",
        18,
        AUTOMATED,
        "power",
        summary="Energy prod +1 per power tag you have, this one included.",
        play=(prod("energy", per_tag("power")),),
    ),
]
