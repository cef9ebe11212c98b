"""Venus Next's 5 corporations."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import action, add, gain, prod, vp_per_resource
from .model import CORPORATION, Trigger

corporation = partial(_card, cost=None, type=CORPORATION, module="venus", kind="corporation")

APHRODITE_MC_PER_STEP = 2
MORNING_STAR_LENIENCY = 2  # steps, on Venus requirements only

CARDS = [
    corporation(
        "R01",
        "Aphrodite",
        tags="plant,venus",
        starting_mc=47,
        summary="Begins with 1 plant prod; takes 2 M€ for every step Venus is raised, by anyone.",
        play=(prod("plants", 1),),
        triggers=(
            Trigger("venus_raised", (gain("megacredits", APHRODITE_MC_PER_STEP),), scope="any"),
        ),
    ),
    corporation(
        "R05",
        "Celestic",
        tags="venus",
        starting_mc=42,
        vp=vp_per_resource("floater", 3),
        resource="floater",
        summary="First action: reveal cards until 2 with a floater icon turn up, keep those and "
        "discard the rest. Action: put a floater on any card. 1 VP per 3 floaters here.",
        first_action=(("reveal_floaters", 2),),
        actions=(action("Add a floater to any card", add("floater", 1, "any_player")),),
    ),
    corporation(
        "R23",
        "Manutech",
        tags="building",
        starting_mc=35,
        summary="Begins with 1 steel prod; each production step it gains also hands it 1 of that "
        "resource (its starting step included).",
        play=(prod("steel", 1),),
        production_gains=True,
    ),
    corporation(
        "R06",
        "Morning Star Inc.",
        tags="venus",
        starting_mc=50,
        summary="First action: reveal cards until 3 with a Venus tag turn up, keep those and "
        "discard the rest. Its Venus requirements are 2 steps more lenient, either way.",
        first_action=(("reveal_until", "venus", 3),),
        venus_leniency=MORNING_STAR_LENIENCY,
    ),
    corporation(
        "R12",
        "Viron",
        tags="microbe",
        starting_mc=48,
        summary="Action: use once more the action of a blue card you already used this generation.",
        actions=(action("Use again a card action used this generation", ("repeat_action",)),),
    ),
]
