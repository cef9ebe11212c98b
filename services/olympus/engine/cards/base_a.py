"""Base game project cards 001–050."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add,
    city,
    gain,
    move_here,
    ocean,
    on_tile,
    prod,
    reduce_production,
    remove_any,
    reveal_for,
    spend_here,
    temperature,
    vp_if_resource,
    vp_per_adjacent,
    vp_per_resource,
    vp_per_tag,
)
from .model import ACTIVE, AUTOMATED, EVENT, Trigger

card = partial(_card, module="base")

CARDS = [
    card(
        "004",
        "Cloud Seeding",
        11,
        requires="oceans>=3",
        summary="Your M€ prod -1, one player's heat prod -1, your plant prod +2.",
        play=(prod("megacredits", -1), reduce_production("heat", 1), prod("plants", 2)),
    ),
    card(
        "005",
        "Search For Life",
        3,
        ACTIVE,
        "science",
        requires="oxygen<=6",
        vp=vp_if_resource("science", 3),
        resource="science",
        summary="Action: pay 1 M€ to flip the top card; a microbe tag on it adds a science resource here. 3 VP if it holds any.",
        actions=(
            action("Pay 1 M€ to reveal the top card", reveal_for("microbe", "science"), cost=1),
        ),
    ),
    card(
        "008",
        "Capital",
        26,
        AUTOMATED,
        "city,building",
        requires="oceans>=4",
        vp=vp_per_adjacent("ocean"),
        summary="Special city tile; energy prod -2, M€ prod +5; 1 VP per ocean touching it.",
        play=(prod("energy", -2), prod("megacredits", 5), city()),
    ),
    card(
        "009",
        "Asteroid",
        14,
        EVENT,
        "space",
        summary="Temperature +1 step, take 2 titanium, remove up to 3 plants from a player.",
        play=(temperature(1), gain("titanium", 2), remove_any("plants", 3)),
    ),
    card(
        "010",
        "Comet",
        21,
        EVENT,
        "space",
        summary="Temperature +1 step, place an ocean, remove up to 3 plants from a player.",
        play=(temperature(1), ocean(), remove_any("plants", 3)),
    ),
    card(
        "012",
        "Water Import From Europa",
        25,
        ACTIVE,
        "jovian,space",
        vp=vp_per_tag("jovian"),
        summary="Action: pay 12 M€ (titanium usable) to place an ocean. 1 VP per Jovian tag.",
        actions=(action("Pay 12 M€ to place an ocean", ocean(), cost=12, titanium=True),),
    ),
    card(
        "017",
        "Noctis City",
        18,
        AUTOMATED,
        "city,building",
        summary="Energy prod -1, M€ prod +3; city on the reserved Noctis City space.",
        play=(prod("energy", -1), prod("megacredits", 3), city("noctis")),
    ),
    card(
        "020",
        "Research Outpost",
        18,
        ACTIVE,
        "science,city,building",
        summary="City with no neighbouring tiles; from then on every card costs you 1 M€ less.",
        play=(city("isolated"),),
        discounts=((None, 1),),
    ),
    card(
        "023",
        "Arctic Algae",
        12,
        ACTIVE,
        "plant",
        requires="temperature<=-12",
        summary="Take 1 plant; from now on get 2 plants every time anyone places an ocean.",
        play=(gain("plants", 1),),
        triggers=(on_tile(("ocean",), gain("plants", 2), scope="any"),),
    ),
    card(
        "031",
        "Optimal Aerobraking",
        7,
        ACTIVE,
        "space",
        summary="Ongoing: each space event you play yields 3 M€ and 3 heat.",
        triggers=(
            Trigger(
                "card_played",
                (gain("megacredits", 3), gain("heat", 3)),
                card_type="event",
                require_tag="space",
            ),
        ),
    ),
    card(
        "034",
        "GHG Producing Bacteria",
        8,
        ACTIVE,
        "science,microbe",
        requires="oxygen>=4",
        resource="microbe",
        summary="Action: add a microbe here, or remove 2 from here for +1 temperature step.",
        actions=(
            action("Add a microbe here", add("microbe")),
            action(
                "Remove 2 microbes to raise temperature", spend_here("microbe", 2), temperature(1)
            ),
        ),
    ),
    card(
        "035",
        "Ants",
        9,
        ACTIVE,
        "microbe",
        requires="oxygen>=4",
        vp=vp_per_resource("microbe", 2),
        resource="microbe",
        summary="Action: move 1 microbe from any card onto this one. 1 VP per 2 microbes here.",
        actions=(action("Take a microbe from any card", move_here("microbe")),),
    ),
]
