"""Venus Next project cards without a blue action: automated cards and events.

"Onto any card" means a card of the player's own that holds the resource, and "a Venus card"
one of theirs with a Venus tag (lost when there is none), as everywhere in the catalogue.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .catalogue import card as _card
from .dsl import (
    add,
    choose,
    city,
    draw,
    gain,
    per_city,
    per_tag,
    prod,
    tag_threshold,
    temperature,
    tr,
    venus,
    vp,
)
from .model import AUTOMATED, EVENT, Instr

card = partial(_card, module="venus")

COMET_FOR_VENUS_MC = 4


def onto_venus_card(n: Any, *kinds: str, other: bool = False, required: bool = False) -> Instr:
    """`n` resources (an amount spec) onto one of your Venus cards holding one of `kinds`
    (any resource when none is named); `other`: not the card being played. `required`: with
    no such card the effect counts as impossible (for actions, which are then not offered; a
    card's play effect is not `required`, its resources are simply lost)."""
    return ("add_venus", n, kinds, 1 if other else 0, 1 if required else 0)


CARDS = [
    card(
        "214",
        "Aerosport Tournament",
        7,
        EVENT,
        requires="floaters>=5",
        vp=vp(1),
        summary="Take 1 M€ for every city tile in play (all players).",
        play=(gain("megacredits", per_city("all")),),
    ),
    card(
        "215",
        "Air-Scrapping Expedition",
        13,
        EVENT,
        "venus",
        summary="Raise Venus 1 step and put 3 floaters on any Venus card.",
        play=(venus(1), onto_venus_card(3, "floater")),
    ),
    card(
        "216",
        "Atalanta Planitia Lab",
        10,
        AUTOMATED,
        "venus,science",
        requires="tag:science>=3",
        vp=vp(2),
        summary="Draw 2 cards.",
        play=(draw(2),),
    ),
    card(
        "217",
        "Atmoscoop",
        22,
        AUTOMATED,
        "jovian,space",
        requires="tag:science>=3",
        vp=vp(1),
        summary="Raise either the temperature or Venus 2 steps (your pick); put 2 floaters on "
        "any card.",
        play=(
            choose(
                ("Raise the temperature 2 steps", (temperature(2),)),
                ("Raise Venus 2 steps", (venus(2),)),
            ),
            add("floater", 2, "any"),
        ),
    ),
    card(
        "218",
        "Comet for Venus",
        11,
        EVENT,
        "space",
        summary="Raise Venus 1 step; take up to 4 M€ away from one player who has a Venus tag "
        "in play.",
        play=(venus(1), ("steal_venus", COMET_FOR_VENUS_MC)),
    ),
    card(
        "219",
        "Corroder Suits",
        8,
        AUTOMATED,
        "venus",
        summary="M€ prod +2; add 1 resource to any Venus card.",
        play=(prod("megacredits", 2), onto_venus_card(1)),
    ),
    card(
        "220",
        "Dawn City",
        15,
        AUTOMATED,
        "city,space",
        requires="tag:science>=4",
        vp=vp(3),
        summary="Energy prod -1, titanium prod +1; a city on its own reserved space off Mars "
        "(Venus board).",
        play=(prod("energy", -1), prod("titanium", 1), city("dawn_city")),
    ),
    card(
        "227",
        "Freyja Biodomes",
        14,
        AUTOMATED,
        "plant,venus",
        requires="venus>=10",
        vp=vp(2),
        summary="Energy prod -1, M€ prod +2; 2 microbes or 2 animals onto another Venus card.",
        play=(
            prod("energy", -1),
            prod("megacredits", 2),
            onto_venus_card(2, "microbe", "animal", other=True),
        ),
    ),
    card(
        "228",
        "GHG Import From Venus",
        23,
        EVENT,
        "space,venus",
        summary="Raise Venus 1 step; heat prod +3.",
        play=(venus(1), prod("heat", 3)),
    ),
    card(
        "229",
        "Giant Solar Shade",
        27,
        AUTOMATED,
        "space,venus",
        summary="Raise Venus 3 steps.",
        play=(venus(3),),
    ),
    card(
        "230",
        "Gyropolis",
        20,
        AUTOMATED,
        "city,building",
        summary="Place a city; energy prod -2; M€ prod +1 for each Venus tag and each Earth tag "
        "you have.",
        play=(
            prod("energy", -2),
            city(),
            prod("megacredits", per_tag("venus")),
            prod("megacredits", per_tag("earth")),
        ),
    ),
    card(
        "231",
        "Hydrogen to Venus",
        11,
        EVENT,
        "space",
        summary="Raise Venus 1 step; 1 floater onto a Venus card for each Jovian tag you have.",
        play=(venus(1), onto_venus_card(per_tag("jovian"), "floater")),
    ),
    card(
        "232",
        "Io Sulphur Research",
        17,
        AUTOMATED,
        "science,jovian",
        vp=vp(2),
        summary="Draw 1 card, or 3 cards if you have at least 3 Venus tags.",
        play=(draw(tag_threshold("venus", 3, 3, 1)),),
    ),
    card(
        "233",
        "Ishtar Mining",
        5,
        AUTOMATED,
        "venus",
        requires="venus>=8",
        summary="Titanium prod +1.",
        play=(prod("titanium", 1),),
    ),
    card(
        "236",
        "Luna Metropolis",
        21,
        AUTOMATED,
        "city,space,earth",
        vp=vp(2),
        summary="M€ prod +1 per Earth tag you have (this one counts); a city on its own reserved "
        "space off Mars.",
        play=(prod("megacredits", per_tag("earth")), city("luna_metropolis")),
    ),
    card(
        "237",
        "Luxury Foods",
        8,
        AUTOMATED,
        requires="tag:venus>=1 & tag:earth>=1 & tag:jovian>=1",
        vp=vp(2),
        summary="No effect besides its 2 VP; needs a Venus, an Earth and a Jovian tag in play.",
    ),
    card(
        "239",
        "Mining Quota",
        5,
        AUTOMATED,
        "building",
        requires="tag:venus>=1 & tag:earth>=1 & tag:jovian>=1",
        summary="Steel prod +2.",
        play=(prod("steel", 2),),
    ),
    card(
        "240",
        "Neutralizer Factory",
        7,
        AUTOMATED,
        "venus",
        requires="venus>=10",
        summary="Raise Venus 1 step.",
        play=(venus(1),),
    ),
    card(
        "241",
        "Omnicourt",
        11,
        AUTOMATED,
        "building",
        requires="tag:venus>=1 & tag:earth>=1 & tag:jovian>=1",
        summary="TR +2.",
        play=(tr(2),),
    ),
    card(
        "242",
        "Orbital Reflectors",
        26,
        AUTOMATED,
        "venus,space",
        summary="Raise Venus 2 steps; heat prod +2.",
        play=(venus(2), prod("heat", 2)),
    ),
    card(
        "244",
        "Sister Planet Support",
        7,
        AUTOMATED,
        "venus,earth",
        requires="tag:venus>=1 & tag:earth>=1",
        summary="M€ prod +3.",
        play=(prod("megacredits", 3),),
    ),
    card(
        "245",
        "Solarnet",
        7,
        AUTOMATED,
        requires="tag:venus>=1 & tag:earth>=1 & tag:jovian>=1",
        vp=vp(1),
        summary="Draw 2 cards.",
        play=(draw(2),),
    ),
    card(
        "246",
        "Spin-Inducing Asteroid",
        16,
        EVENT,
        "space",
        requires="venus<=10",
        summary="Raise Venus 2 steps.",
        play=(venus(2),),
    ),
    card(
        "247",
        "Sponsored Academies",
        9,
        AUTOMATED,
        "earth,science",
        vp=vp(1),
        summary="Discard a card from your hand, then draw 3 cards; every opponent draws 1 card.",
        play=(("discard", 1), draw(3), ("others_draw", 1)),
        play_check="another_card_in_hand",  # printed: the discard is part of the price
    ),
    card(
        "250",
        "Sulphur Exports",
        21,
        AUTOMATED,
        "venus,space",
        summary="Raise Venus 1 step; M€ prod +1 per Venus tag you have (this one counts).",
        play=(venus(1), prod("megacredits", per_tag("venus"))),
    ),
    card(
        "252",
        "Terraforming Contract",
        8,
        AUTOMATED,
        "earth",
        requires="tr>=25",
        summary="M€ prod +4.",
        play=(prod("megacredits", 4),),
    ),
    card(
        "254",
        "Water to Venus",
        9,
        EVENT,
        "space",
        summary="Raise Venus 1 step.",
        play=(venus(1),),
    ),
    card(
        "255",
        "Venus Governor",
        4,
        AUTOMATED,
        "venus,venus",
        requires="tag:venus>=2",
        summary="M€ prod +2; bears two Venus tags.",
        play=(prod("megacredits", 2),),
    ),
    card(
        "257",
        "Venus Soils",
        20,
        AUTOMATED,
        "venus,plant",
        summary="Raise Venus 1 step; plant prod +1; 2 microbes onto another card.",
        play=(venus(1), prod("plants", 1), add("microbe", 2, "other")),
    ),
    card(
        "261",
        "Venusian Plants",
        13,
        AUTOMATED,
        "venus,plant",
        requires="venus>=16",
        vp=vp(1),
        summary="Raise Venus 1 step; 1 microbe or 1 animal onto another Venus card.",
        play=(venus(1), onto_venus_card(1, "microbe", "animal", other=True)),
    ),
]
