"""The Prelude expansion's 7 project cards (P36–P42) and 5 corporations."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import action, add, city, draw, gain, on_tags, prod, vp
from .model import ACTIVE, AUTOMATED, CORPORATION, EVENT, Trigger

card = partial(_card, module="prelude")
corporation = partial(_card, cost=None, module="prelude", kind="corporation", type=CORPORATION)

CARDS = [
    card(
        "P36",
        "House Printing",
        10,
        AUTOMATED,
        "building",
        vp=vp(1),
        summary="Steel prod +1.",
        play=(prod("steel", 1),),
    ),
    card(
        "P37",
        "Lava Tube Settlement",
        15,
        AUTOMATED,
        "building,city",
        summary="Energy prod -1, M€ prod +2; city on a volcanic space, ignoring city adjacency.",
        # The `volcanic` rule asks only for a free volcanic space: no city-adjacency test.
        play=(prod("energy", -1), prod("megacredits", 2), city("volcanic")),
    ),
    card(
        "P38",
        "Martian Survey",
        9,
        EVENT,
        "science",
        requires="oxygen<=4",
        vp=vp(1),
        summary="Draw 2 cards.",
        play=(draw(2),),
    ),
    card(
        "P39",
        "Psychrophiles",
        2,
        ACTIVE,
        "microbe",
        requires="temperature<=-20",
        resource="microbe",
        summary="Action: add a microbe here; microbes here pay 2 M€ each toward plant-tag cards.",
        actions=(action("Add a microbe here", add("microbe")),),
        resource_pays=("plant", 2),
    ),
    card(
        "P40",
        "Research Coordination",
        4,
        AUTOMATED,
        "wild",
        summary="Carries a wild tag that can count as any one tag when checked later.",
    ),
    card(
        "P41",
        "SF Memorial",
        7,
        AUTOMATED,
        "building",
        vp=vp(1),
        summary="Draw 1 card.",
        play=(draw(1),),
    ),
    card(
        "P42",
        "Space Hotels",
        12,
        AUTOMATED,
        "space,earth",
        requires="tag:earth>=2",
        summary="M€ prod +4.",
        play=(prod("megacredits", 4),),
    ),
    corporation(
        "R16",
        "Cheung Shing MARS",
        tags="building",
        starting_mc=44,
        summary="Begins with 3 M€ prod; its cards cost 2 M€ less per building tag they carry.",
        play=(prod("megacredits", 3),),
        tag_discounts=(("building", 2),),  # "when you play a building tag": per tag
    ),
    corporation(
        "R10",
        "Point Luna",
        tags="space,earth",
        starting_mc=38,
        summary="Begins with 1 titanium prod; draws a card for each Earth tag it plays (its own counts).",
        play=(prod("titanium", 1),),
        triggers=(on_tags(("earth",), draw(1)),),
    ),
    corporation(
        "R27",
        "Robinson Industries",
        starting_mc=47,
        summary="Action: pay 4 M€ to raise one of its lowest productions by 1.",
        actions=(
            action("Pay 4 M€: +1 to one of your lowest productions", ("raise_lowest",), cost=4),
        ),
    ),
    corporation(
        "R34",
        "Valley Trust",
        tags="earth",
        starting_mc=37,
        summary="First action: draw 3 preludes, play one, drop the rest. Its cards cost 2 M€ less per science tag they carry.",
        first_action=(("prelude_draw", 3),),
        tag_discounts=(("science", 2),),  # "when you play a science tag": per tag
    ),
    corporation(
        "R35",
        "Vitor",
        tags="earth",
        starting_mc=45,
        summary="First action: fund one award free. Takes 3 M€ per card played with a non-negative VP icon (itself included).",
        # "Itself included": the corporation's own play counts once, as the printed effect says.
        play=(gain("megacredits", 3),),
        first_action=(("free_award",),),
        triggers=(Trigger("card_played", (gain("megacredits", 3),), vp_icon=True),),
    ),
]
