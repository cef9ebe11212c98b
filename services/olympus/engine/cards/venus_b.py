"""Venus Next project cards with a blue action or an ongoing effect.

As in `venus_a`, "any card" is any player's card that holds the resource, "another card"
another of the player's own.
"""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    ANY_RESOURCE,
    action,
    add,
    city,
    draw,
    on_tags,
    prod,
    spend,
    spend_from_card,
    spend_here,
    venus,
    vp,
    vp_per_resource,
)
from .model import ACTIVE, CardAction

card = partial(_card, type=ACTIVE, module="venus")

DIRIGIBLES_FLOATER_MC = 3
SULPHUR_BACTERIA_MC = 3
VENUS_WAYSTATION_DISCOUNT = 2  # M€ per Venus tag


def _floaters_to_venus(spent: int) -> CardAction:
    """The common alternative: spend floaters here to raise Venus 1 step."""
    label = f"Spend {spent} floaters here to raise Venus 1 step"
    return action(label, spend_here("floater", spent), venus(1))


CARDS = [
    card(
        "213",
        "Aerial Mappers",
        11,
        tags="venus",
        vp=vp(1),
        resource="floater",
        summary="Action: put a floater on any card, or spend 1 floater here to draw a card.",
        actions=(
            action("Add a floater to any card", add("floater", 1, "any_player")),
            action("Spend 1 floater here to draw a card", spend_here("floater", 1), draw(1)),
        ),
    ),
    card(
        "221",
        "Deuterium Export",
        11,
        tags="space,venus,power",
        resource="floater",
        summary="Action: add a floater here, or spend 1 floater here for energy prod +1.",
        actions=(
            action("Add a floater here", add("floater", 1)),
            action(
                "Spend 1 floater here for energy production +1",
                spend_here("floater", 1),
                prod("energy", 1),
            ),
        ),
    ),
    card(
        "222",
        "Dirigibles",
        11,
        tags="venus",
        resource="floater",
        summary="Action: put a floater on any card. Floaters here pay 3 M€ each towards a card "
        "with a Venus tag.",
        actions=(action("Add a floater to any card", add("floater", 1, "any_player")),),
        resource_pays=("venus", DIRIGIBLES_FLOATER_MC),
    ),
    card(
        "223",
        "Extractor Balloons",
        21,
        tags="venus",
        resource="floater",
        summary="Starts with 3 floaters. Action: add a floater here, or spend 2 floaters here "
        "to raise Venus 1 step.",
        play=(add("floater", 3),),
        actions=(
            action("Add a floater here", add("floater", 1)),
            _floaters_to_venus(2),
        ),
    ),
    card(
        "224",
        "Extremophiles",
        3,
        tags="venus,microbe",
        requires="tag:science>=2",
        vp=vp_per_resource("microbe", 3),
        resource="microbe",
        summary="Action: put a microbe on any card. 1 VP per 3 microbes here.",
        actions=(action("Add a microbe to any card", add("microbe", 1, "any_player")),),
    ),
    card(
        "225",
        "Floating Habs",
        5,
        tags="venus",
        requires="tag:science>=2",
        vp=vp_per_resource("floater", 2),
        resource="floater",
        summary="Action: pay 2 M€ to put a floater on any card. 1 VP per 2 floaters here.",
        actions=(
            action(
                "Pay 2 M€ to add a floater to any card",
                add("floater", 1, "any_player"),
                cost=2,
            ),
        ),
    ),
    card(
        "226",
        "Forced Precipitation",
        8,
        tags="venus",
        resource="floater",
        summary="Action: pay 2 M€ to add a floater here, or spend 2 floaters here to raise "
        "Venus 1 step.",
        actions=(
            action("Pay 2 M€ to add a floater here", add("floater", 1), cost=2),
            _floaters_to_venus(2),
        ),
    ),
    card(
        "234",
        "Jet Stream Microscrappers",
        12,
        tags="venus",
        resource="floater",
        summary="Action: pay 1 titanium for 2 floaters here, or spend 2 floaters here to raise "
        "Venus 1 step.",
        actions=(
            action(
                "Spend 1 titanium to add 2 floaters here", spend("titanium", 1), add("floater", 2)
            ),
            _floaters_to_venus(2),
        ),
    ),
    card(
        "235",
        "Local Shading",
        4,
        tags="venus",
        resource="floater",
        summary="Action: add a floater here, or spend 1 floater here for M€ prod +1.",
        actions=(
            action("Add a floater here", add("floater", 1)),
            action(
                "Spend 1 floater here for M€ production +1",
                spend_here("floater", 1),
                prod("megacredits", 1),
            ),
        ),
    ),
    card(
        "238",
        "Maxwell Base",
        18,
        tags="city,venus",
        requires="venus>=12",
        vp=vp(3),
        summary="Energy prod -1; a city on its own reserved space off Mars. Action: add 1 "
        "resource to another Venus card.",
        play=(prod("energy", -1), city("maxwell_base")),
        actions=(
            action(
                "Add a resource to another of your Venus cards",
                add(ANY_RESOURCE, 1, "other", required=True, tag="venus"),
            ),
        ),
    ),
    card(
        "243",
        "Rotator Impacts",
        6,
        tags="space",
        requires="venus<=14",
        resource="asteroid",
        summary="Action: pay 6 M€ (titanium usable) to add an asteroid here, or spend 1 asteroid "
        "here to raise Venus 1 step.",
        actions=(
            action("Pay 6 M€ to add an asteroid here", add("asteroid", 1), cost=6, titanium=True),
            action(
                "Spend 1 asteroid here to raise Venus 1 step", spend_here("asteroid", 1), venus(1)
            ),
        ),
    ),
    card(
        "248",
        "Stratopolis",
        22,
        tags="city,venus",
        requires="tag:science>=2",
        vp=vp_per_resource("floater", 3),
        resource="floater",
        summary="M€ prod +2; a city on its own reserved space off Mars. Action: put 2 floaters on "
        "any Venus card. 1 VP per 3 floaters here.",
        play=(prod("megacredits", 2), city("stratopolis")),
        actions=(
            action(
                "Add 2 floaters to any Venus card",
                add("floater", 2, "any_player", required=True, tag="venus"),
            ),
        ),
    ),
    card(
        "249",
        "Stratospheric Birds",
        12,
        tags="venus,animal",
        requires="venus>=12",
        vp=vp_per_resource("animal"),
        resource="animal",
        summary="Spend 1 floater from one of your cards (no floater, no play). Action: add an "
        "animal here; 1 VP per animal.",
        play=(spend_from_card("floater", 1),),
        actions=(action("Add an animal here", add("animal", 1)),),
    ),
    card(
        "251",
        "Sulphur-Eating Bacteria",
        6,
        tags="venus,microbe",
        requires="venus>=6",
        resource="microbe",
        summary="Action: add a microbe here, or spend any number of microbes here for 3 M€ each.",
        actions=(
            action("Add a microbe here", add("microbe", 1)),
            action(
                "Spend microbes here for 3 M€ each",
                ("cash_out", "megacredits", SULPHUR_BACTERIA_MC),
            ),
        ),
    ),
    card(
        "253",
        "Thermophiles",
        9,
        tags="venus,microbe",
        requires="venus>=6",
        resource="microbe",
        summary="Action: put a microbe on any Venus card, or spend 2 microbes here to raise Venus "
        "1 step.",
        actions=(
            action(
                "Add a microbe to any Venus card",
                add("microbe", 1, "any_player", required=True, tag="venus"),
            ),
            action(
                "Spend 2 microbes here to raise Venus 1 step", spend_here("microbe", 2), venus(1)
            ),
        ),
    ),
    card(
        "256",
        "Venus Magnetizer",
        7,
        tags="venus",
        requires="venus>=10",
        summary="Action: give up 1 energy prod to raise Venus 1 step.",
        actions=(
            action("Energy production -1 to raise Venus 1 step", prod("energy", -1), venus(1)),
        ),
    ),
    card(
        "258",
        "Venus Waystation",
        9,
        tags="venus,space",
        vp=vp(1),
        summary="Each Venus tag on a card you play takes 2 M€ off its price.",
        tag_discounts=(("venus", VENUS_WAYSTATION_DISCOUNT),),
    ),
    card(
        "259",
        "Venusian Animals",
        15,
        tags="venus,animal,science",
        requires="venus>=18",
        vp=vp_per_resource("animal"),
        resource="animal",
        summary="Gets an animal for each science tag you play (its own counts). 1 VP per animal.",
        triggers=(on_tags(("science",), add("animal", 1)),),
    ),
    card(
        "260",
        "Venusian Insects",
        5,
        tags="venus,microbe",
        requires="venus>=12",
        vp=vp_per_resource("microbe", 2),
        resource="microbe",
        summary="Action: add a microbe here; 1 VP per 2 microbes.",
        actions=(action("Add a microbe here", add("microbe", 1)),),
    ),
]
