"""The Colonies expansion's 5 corporations."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import (
    action,
    add,
    add_colony_tile,
    colony,
    gain,
    new_tag_types,
    on_colony,
    on_tags,
    prod,
    vp_per_resource,
)
from .model import CORPORATION, Trigger

corporation = partial(_card, cost=None, type=CORPORATION, module="colonies", kind="corporation")

# Polyphemos pays this for each card it buys; Stormcraft's floaters are worth this much heat.
POLYPHEMOS_CARD_COST = 5
STORMCRAFT_FLOATER_HEAT = 2

CARDS = [
    corporation(
        "R20",
        "Aridor",
        starting_mc=40,
        summary="First action: bring one unused colony tile into play. M€ prod +1 whenever it "
        "gains a tag type it had no card with before (events excluded).",
        first_action=(add_colony_tile(),),
        triggers=(Trigger("card_played", (new_tag_types(),)),),
    ),
    corporation(
        "R04",
        "Arklight",
        tags="animal",
        starting_mc=45,
        vp=vp_per_resource("animal", 2),
        resource="animal",
        summary="Begins with 2 M€ prod; adds an animal here for each plant or animal tag it "
        "plays (its own counts). Worth 1 VP for every 2 animals.",
        play=(prod("megacredits", 2),),
        triggers=(on_tags(("plant", "animal"), add("animal", 1)),),
    ),
    corporation(
        "R11",
        "Polyphemos",
        starting_mc=50,
        summary="Begins with 5 M€ prod and 5 titanium; pays 5 M€ instead of 3 for each card it "
        "buys, starting hand included.",
        play=(prod("megacredits", 5), gain("titanium", 5)),
        card_buy_cost=POLYPHEMOS_CARD_COST,
    ),
    corporation(
        "R02",
        "Poseidon",
        starting_mc=45,
        summary="First action: build a colony. M€ prod +1 each time any player builds a colony "
        "(its own included).",
        first_action=(colony(),),
        triggers=(on_colony(prod("megacredits", 1)),),
    ),
    corporation(
        "R29",
        "Stormcraft Incorporated",
        tags="jovian",
        starting_mc=48,
        resource="floater",
        summary="Action: put 1 floater on any card. Floaters on it can be spent as 2 heat each.",
        actions=(action("Add a floater to any card", add("floater", 1, "any_player")),),
        floater_heat=STORMCRAFT_FLOATER_HEAT,
    ),
]
