"""Colonies expansion project cards C01–C25.

Floaters are the expansion's new card resource; "onto any card" means a card of yours that
holds the resource (lost when there is none), as everywhere in the catalogue.
"""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add,
    cash_here,
    choose,
    colony,
    gain,
    next_card,
    ocean,
    on_tags,
    per_card_resource,
    per_colony,
    per_opponent_tag,
    per_tag,
    per_tagless_card,
    prod,
    remove_any,
    shift_tracks,
    spend,
    spend_from_card,
    spend_here,
    steal_exactly,
    tr,
    vp,
    vp_per_resource,
)
from .model import ACTIVE, AUTOMATED, EVENT

card = partial(_card, module="colonies")

CARDS = [
    card(
        "C01",
        "Airliners",
        11,
        AUTOMATED,
        requires="floaters>=3",
        vp=vp(1),
        summary="M€ prod +2 and 2 floaters onto any card.",
        play=(prod("megacredits", 2), add("floater", 2, "any_player")),
    ),
    card(
        "C02",
        "Air Raid",
        0,
        EVENT,
        summary="Spend 1 floater from one of your cards (no floater, no play) and steal 5 M€ "
        "from a player who has 5 (no such player, no play; solo: from the neutral opponent).",
        play=(spend_from_card("floater", 1), steal_exactly("megacredits", 5)),
    ),
    card(
        "C03",
        "Atmo Collectors",
        15,
        ACTIVE,
        resource="floater",
        summary="Put 2 floaters on any card. Action: add a floater here, or spend one here for "
        "2 titanium, 4 heat or 3 energy.",
        play=(add("floater", 2, "any_player"),),
        actions=(
            action("Add a floater here", add("floater", 1)),
            action(
                "Spend a floater here for 2 titanium", spend_here("floater", 1), gain("titanium", 2)
            ),
            action("Spend a floater here for 4 heat", spend_here("floater", 1), gain("heat", 4)),
            action(
                "Spend a floater here for 3 energy", spend_here("floater", 1), gain("energy", 3)
            ),
        ),
    ),
    card(
        "C04",
        "Community Services",
        13,
        AUTOMATED,
        vp=vp(1),
        summary="M€ prod +1 for each tagless non-event card you have in play, this one included.",
        play=(prod("megacredits", per_tagless_card()),),
    ),
    card(
        "C05",
        "Conscription",
        5,
        EVENT,
        "earth",
        requires="tag:earth>=2",
        vp=vp(-1),
        summary="Knocks 16 M€ off the price of your following card this generation.",
        play=(next_card("discount", 16),),
    ),
    card(
        "C06",
        "Corona Extractor",
        10,
        AUTOMATED,
        "space,power",
        requires="tag:science>=4",
        summary="Energy prod +4.",
        play=(prod("energy", 4),),
    ),
    card(
        "C07",
        "Cryo-Sleep",
        10,
        ACTIVE,
        "science",
        vp=vp(1),
        summary="Each trade costs you 1 less of whatever you pay with (M€, energy or titanium).",
        trade_discount=1,
    ),
    card(
        "C08",
        "Earth Elevator",
        43,
        AUTOMATED,
        "space,earth",
        vp=vp(4),
        summary="Titanium prod +3.",
        play=(prod("titanium", 3),),
    ),
    card(
        "C09",
        "Ecology Research",
        21,
        AUTOMATED,
        "science,plant,animal,microbe",
        vp=vp(1),
        summary="Plant prod +1 per colony you own; 1 animal onto one other card and 2 microbes "
        "onto one other card.",
        play=(
            prod("plants", per_colony("own")),
            add("animal", 1, "other"),
            add("microbe", 2, "other"),
        ),
    ),
    card(
        "C10",
        "Floater Leasing",
        3,
        AUTOMATED,
        summary="M€ prod +1 for every 3 floaters on your cards.",
        play=(prod("megacredits", per_card_resource("floater", 3)),),
    ),
    card(
        "C11",
        "Floater Prototypes",
        2,
        EVENT,
        "science",
        summary="Put 2 floaters on another card.",
        play=(add("floater", 2, "other"),),
    ),
    card(
        "C12",
        "Floater Technology",
        7,
        ACTIVE,
        "science",
        summary="Action: put 1 floater on another card.",
        actions=(
            # With no other floater card the floater is simply lost: the action is still usable.
            action("Add a floater to another card", add("floater", 1, "other")),
        ),
    ),
    card(
        "C13",
        "Galilean Waystation",
        15,
        AUTOMATED,
        "space",
        vp=vp(1),
        summary="M€ prod +1 for each Jovian tag any player has in play.",
        play=(
            prod("megacredits", per_tag("jovian")),
            prod("megacredits", per_opponent_tag("jovian")),
        ),
    ),
    card(
        "C14",
        "Heavy Taxation",
        3,
        AUTOMATED,
        "earth",
        requires="tag:earth>=2",
        vp=vp(-1),
        summary="M€ prod +2 and take 4 M€.",
        play=(prod("megacredits", 2), gain("megacredits", 4)),
    ),
    card(
        "C15",
        "Ice Moon Colony",
        23,
        AUTOMATED,
        "space",
        summary="Place a colony and an ocean.",
        play=(colony(), ocean()),
    ),
    card(
        "C16",
        "Impactor Swarm",
        11,
        EVENT,
        "space",
        requires="tag:jovian>=2",
        summary="Take 12 heat; any one player loses up to 2 plants.",
        play=(gain("heat", 12), remove_any("plants", 2)),
    ),
    card(
        "C17",
        "Interplanetary Colony Ship",
        12,
        EVENT,
        "space,earth",
        summary="Place a colony.",
        play=(colony(),),
    ),
    card(
        "C18",
        "Jovian Lanterns",
        20,
        ACTIVE,
        "jovian",
        requires="tag:jovian>=1",
        vp=vp_per_resource("floater", 2),
        resource="floater",
        summary="TR +1 and 2 floaters onto any card. Action: pay 1 titanium for 2 floaters "
        "here. Scores 1 VP for every 2 floaters here.",
        play=(tr(1), add("floater", 2, "any_player")),
        actions=(
            action(
                "Spend 1 titanium to add 2 floaters here", spend("titanium", 1), add("floater", 2)
            ),
        ),
    ),
    card(
        "C19",
        "Jupiter Floating Station",
        9,
        ACTIVE,
        "jovian",
        requires="tag:science>=3",
        vp=vp(1),
        resource="floater",
        summary="Action: either put 1 floater on one of your Jovian cards, or cash in its "
        "floaters at 1 M€ each (4 M€ at most).",
        actions=(
            action("Add a floater to a Jovian card", add("floater", 1, "any", tag="jovian")),
            action("Take 1 M€ per floater here (4 at most)", cash_here("megacredits", 4)),
        ),
    ),
    card(
        "C20",
        "Luna Governor",
        4,
        AUTOMATED,
        "earth,earth",
        requires="tag:earth>=3",
        summary="M€ prod +2; bears two Earth tags.",
        play=(prod("megacredits", 2),),
    ),
    card(
        "C21",
        "Lunar Exports",
        19,
        AUTOMATED,
        "earth,space",
        summary="Pick one: M€ prod +5 or plant prod +2.",
        play=(
            choose(
                ("M€ production +5", (prod("megacredits", 5),)),
                ("Plant production +2", (prod("plants", 2),)),
            ),
        ),
    ),
    card(
        "C22",
        "Lunar Mining",
        11,
        AUTOMATED,
        "earth",
        summary="Titanium prod +1 per pair of Earth tags you own, this card's included.",
        play=(prod("titanium", per_tag("earth", 2)),),
    ),
    card(
        "C23",
        "Market Manipulation",
        1,
        EVENT,
        "earth",
        summary="Raise one colony tile's track 1 step and lower a different tile's track 1 step.",
        play=(shift_tracks(),),
    ),
    card(
        "C24",
        "Martian Zoo",
        12,
        ACTIVE,
        "animal,building",
        requires="cities(any player)>=2",
        vp=vp(1),
        resource="animal",
        summary="Each Earth tag you play adds an animal here. Action: collect 1 M€ per animal "
        "on it.",
        triggers=(on_tags(("earth",), add("animal", 1)),),
        actions=(action("Take 1 M€ per animal here", cash_here("megacredits", needs=1)),),
    ),
    card(
        "C25",
        "Mining Colony",
        20,
        AUTOMATED,
        "space",
        summary="Titanium prod +1 and place a colony.",
        play=(prod("titanium", 1), colony()),
    ),
]
