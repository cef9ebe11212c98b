"""The 35 prelude cards of the Prelude expansion (P01–P35).

A prelude is played for free before the first action phase (see `engine/prelude.py`). Its
effects are ordinary instructions; a payment it asks for comes first so that an unaffordable
prelude is caught by the usual feasibility check (and then discarded for 15 M€). The two
preludes that play a card from hand name a Python check (`play_check`): whether some card in
hand could be played on their terms is a question the instructions cannot ask themselves.
"""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import city, draw, gain, greenery, ocean, oxygen, prod, temperature, tr
from .model import PRELUDE, Instr

prelude = partial(_card, cost=None, module="prelude", kind="prelude", type=PRELUDE)


def pay(amount: int) -> Instr:
    """Pay M€ (Helion may add heat): the cost printed on a few preludes."""
    return ("pay", amount)


def reveal_until(tag: str, count: int) -> Instr:
    """Reveal cards until `count` carrying `tag` turn up: keep those, discard the rest."""
    return ("reveal_until", tag, count)


# Global requirements are ignored by a leniency larger than any track is long.
IGNORE_GLOBAL_REQUIREMENTS = 50


def play_discounted(discount: int) -> tuple[Instr, ...]:
    """Play a card from hand right away, `discount` M€ cheaper (a one-shot modifier, then the
    play itself)."""
    return (("next_card", "discount", discount), ("play_from_hand",))


def play_ignoring_global_requirements() -> tuple[Instr, ...]:
    return (("next_card", "leniency", IGNORE_GLOBAL_REQUIREMENTS), ("play_from_hand",))


CARDS = [
    prelude(
        "P01",
        "Allied Bank",
        tags="earth",
        summary="M€ prod +4 and take 3 M€.",
        play=(prod("megacredits", 4), gain("megacredits", 3)),
    ),
    prelude(
        "P02",
        "Aquifer Turbines",
        tags="power",
        summary="Place an ocean, energy prod +2, pay 3 M€.",
        play=(pay(3), ocean(), prod("energy", 2)),
    ),
    prelude(
        "P03",
        "Biofuels",
        tags="microbe",
        summary="Energy prod +1, plant prod +1, take 2 plants.",
        play=(prod("energy", 1), prod("plants", 1), gain("plants", 2)),
    ),
    prelude(
        "P04",
        "Biolab",
        tags="science",
        summary="Plant prod +1 and draw 3 cards.",
        play=(prod("plants", 1), draw(3)),
    ),
    prelude(
        "P05",
        "Biosphere Support",
        tags="plant",
        summary="Plant prod +2, M€ prod -1.",
        play=(prod("megacredits", -1), prod("plants", 2)),
    ),
    prelude(
        "P06",
        "Business Empire",
        tags="earth",
        summary="M€ prod +6; pay 6 M€.",
        play=(pay(6), prod("megacredits", 6)),
    ),
    prelude(
        "P07",
        "Dome Farming",
        tags="plant,building",
        summary="M€ prod +2 and plant prod +1.",
        play=(prod("megacredits", 2), prod("plants", 1)),
    ),
    prelude(
        "P08",
        "Donation",
        summary="Take 21 M€.",
        play=(gain("megacredits", 21),),
    ),
    prelude(
        "P09",
        "Early Settlement",
        tags="building,city",
        summary="Plant prod +1 and place a city.",
        play=(prod("plants", 1), city()),
    ),
    prelude(
        "P10",
        "Ecology Experts",
        tags="plant,microbe",
        summary="Plant prod +1; then play a card from hand ignoring global requirements.",
        play=(prod("plants", 1), *play_ignoring_global_requirements()),
        play_check="ecology_experts",
    ),
    prelude(
        "P11",
        "Eccentric Sponsor",
        summary="Right away play a card from hand with 25 M€ knocked off its cost.",
        play=play_discounted(25),
        play_check="eccentric_sponsor",
    ),
    prelude(
        "P12",
        "Experimental Forest",
        tags="plant",
        summary="Place a greenery; flip cards until two plant-tag cards turn up and keep them.",
        play=(greenery(), reveal_until("plant", 2)),
    ),
    prelude(
        "P13",
        "Galilean Mining",
        tags="jovian",
        summary="Titanium prod +2; pay 5 M€.",
        play=(pay(5), prod("titanium", 2)),
    ),
    prelude(
        "P14",
        "Great Aquifer",
        summary="Place 2 oceans.",
        play=(ocean(), ocean()),
    ),
    prelude(
        "P15",
        "Huge Asteroid",
        summary="Temperature +3 steps; pay 5 M€.",
        play=(pay(5), temperature(3)),
    ),
    prelude(
        "P16",
        "Io Research Outpost",
        tags="jovian,science",
        summary="Titanium prod +1 and draw 1 card.",
        play=(prod("titanium", 1), draw(1)),
    ),
    prelude(
        "P17",
        "Loan",
        summary="Take 30 M€; M€ prod -2.",
        play=(prod("megacredits", -2), gain("megacredits", 30)),
    ),
    prelude(
        "P18",
        "Martian Industries",
        tags="building",
        summary="Energy prod +1, steel prod +1, take 6 M€.",
        play=(prod("energy", 1), prod("steel", 1), gain("megacredits", 6)),
    ),
    prelude(
        "P19",
        "Metal-Rich Asteroid",
        summary="Temperature +1 step; take 4 titanium and 4 steel.",
        play=(temperature(1), gain("titanium", 4), gain("steel", 4)),
    ),
    prelude(
        "P20",
        "Metals Company",
        summary="M€, steel and titanium prod +1 each.",
        play=(prod("megacredits", 1), prod("steel", 1), prod("titanium", 1)),
    ),
    prelude(
        "P21",
        "Mining Operations",
        tags="building",
        summary="Steel prod +2 and take 4 steel.",
        play=(prod("steel", 2), gain("steel", 4)),
    ),
    prelude(
        "P22",
        "Mohole",
        tags="building",
        summary="Heat prod +3 and take 3 heat.",
        play=(prod("heat", 3), gain("heat", 3)),
    ),
    prelude(
        "P23",
        "Mohole Excavation",
        tags="building",
        summary="Steel prod +1, heat prod +2, take 2 heat.",
        play=(prod("steel", 1), prod("heat", 2), gain("heat", 2)),
    ),
    prelude(
        "P24",
        "Nitrogen Shipment",
        summary="Plant prod +1, TR +1, take 5 M€.",
        play=(prod("plants", 1), tr(1), gain("megacredits", 5)),
    ),
    prelude(
        "P25",
        "Orbital Construction Yard",
        tags="space",
        summary="Titanium prod +1 and take 4 titanium.",
        play=(prod("titanium", 1), gain("titanium", 4)),
    ),
    prelude(
        "P26",
        "Polar Industries",
        tags="building",
        summary="Heat prod +2 and place an ocean.",
        play=(prod("heat", 2), ocean()),
    ),
    prelude(
        "P27",
        "Power Generation",
        tags="power",
        summary="Energy prod +3.",
        play=(prod("energy", 3),),
    ),
    prelude(
        "P28",
        "Research Network",
        tags="wild",
        summary="M€ prod +1 and draw 3 cards; its wild tag can count as any tag later.",
        play=(prod("megacredits", 1), draw(3)),
    ),
    prelude(
        "P29",
        "Self-Sufficient Settlement",
        tags="building,city",
        summary="M€ prod +2 and place a city.",
        play=(prod("megacredits", 2), city()),
    ),
    prelude(
        "P30",
        "Smelting Plant",
        tags="building",
        summary="Oxygen +2 steps and take 5 steel.",
        play=(oxygen(2), gain("steel", 5)),
    ),
    prelude(
        "P31",
        "Society Support",
        summary="Plant, energy and heat prod +1 each; M€ prod -1.",
        play=(prod("megacredits", -1), prod("plants", 1), prod("energy", 1), prod("heat", 1)),
    ),
    prelude(
        "P32",
        "Supplier",
        tags="power",
        summary="Energy prod +2 and take 4 steel.",
        play=(prod("energy", 2), gain("steel", 4)),
    ),
    prelude(
        "P33",
        "Supply Drop",
        summary="Take 3 titanium, 8 steel and 3 plants.",
        play=(gain("titanium", 3), gain("steel", 8), gain("plants", 3)),
    ),
    prelude(
        "P34",
        "UNMI Contractor",
        tags="earth",
        summary="TR +3 and draw 1 card.",
        play=(tr(3), draw(1)),
    ),
    prelude(
        "P35",
        "Acquired Space Agency",
        summary="Take 6 titanium; flip cards until two space-tag cards turn up and keep them.",
        play=(gain("titanium", 6), reveal_until("space", 2)),
    ),
]
