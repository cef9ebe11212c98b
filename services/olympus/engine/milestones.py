"""Milestones and awards of each map, with the measure each one uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .constants import (
    AWARD_COSTS,
    AWARD_SECOND_PLACE_MIN_PLAYERS,
    AWARD_VP_FIRST,
    AWARD_VP_SECOND,
    CITY,
    EMPTY,
    GREENERY,
    HEAT,
    MC,
    OCEAN,
    STEEL,
    TITANIUM,
)
from .query import tag_count, tiles_owned
from .state import GameState, Player

Measure = Callable[[GameState, Player], int]


def _tiles(g: GameState, p: Player) -> int:
    return sum(
        1 for sid, o in enumerate(g.owners) if o == p.seat and g.tiles[sid] not in (EMPTY, OCEAN)
    )


# What milestones and awards measure, by a stable name (the service's `Metric` enum is these
# names in upper case): a rule is data, and the engine computes it from that data.
METRICS: dict[str, Measure] = {
    "terraform_rating": lambda g, p: p.tr,
    "city_tiles": lambda g, p: tiles_owned(g, p.seat, CITY),
    "greenery_tiles": lambda g, p: tiles_owned(g, p.seat, GREENERY),
    "owned_tiles": _tiles,
    "building_tags": lambda g, p: tag_count(p, "building"),
    "science_tags": lambda g, p: tag_count(p, "science"),
    "cards_in_hand": lambda g, p: len(p.hand),
    "megacredit_production": lambda g, p: p.prod[MC],
    "heat": lambda g, p: p.res[HEAT],
    "steel_and_titanium": lambda g, p: p.res[STEEL] + p.res[TITANIUM],
}


@dataclass(frozen=True, slots=True)
class Milestone:
    name: str  # as the notation names it: `milestone mayor`
    title: str
    metric: str  # a key of METRICS
    threshold: int  # claimable when the metric is at least this
    text: str

    def measure(self, g: GameState, p: Player) -> int:
        return METRICS[self.metric](g, p)


@dataclass(frozen=True, slots=True)
class Award:
    name: str  # as the notation names it: `award banker`
    title: str
    metric: str  # a key of METRICS; the highest value wins
    text: str

    def measure(self, g: GameState, p: Player) -> int:
        return METRICS[self.metric](g, p)


THARSIS_MILESTONES = (
    Milestone(
        "terraformer", "Terraformer", "terraform_rating", 35, "terraform rating of at least 35"
    ),
    Milestone("mayor", "Mayor", "city_tiles", 3, "own at least 3 city tiles"),
    Milestone("gardener", "Gardener", "greenery_tiles", 3, "own at least 3 greenery tiles"),
    Milestone("builder", "Builder", "building_tags", 8, "at least 8 building tags in play"),
    Milestone("planner", "Planner", "cards_in_hand", 16, "at least 16 cards in hand"),
)

THARSIS_AWARDS = (
    Award("landlord", "Landlord", "owned_tiles", "most tiles owned"),
    Award("banker", "Banker", "megacredit_production", "highest M€ production"),
    Award("scientist", "Scientist", "science_tags", "most science tags in play"),
    Award("thermalist", "Thermalist", "heat", "most heat"),
    Award("miner", "Miner", "steel_and_titanium", "most steel and titanium"),
)

MILESTONES = {"tharsis": {m.name: m for m in THARSIS_MILESTONES}}
AWARDS = {"tharsis": {a.name: a for a in THARSIS_AWARDS}}


def milestones_of(g: GameState) -> dict[str, Milestone]:
    return MILESTONES[g.options.map]


def awards_of(g: GameState) -> dict[str, Award]:
    return AWARDS[g.options.map]


def award_cost(g: GameState) -> int | None:
    """What the next award costs, or None when all are funded."""
    n = len(g.awards)
    return AWARD_COSTS[n] if n < len(AWARD_COSTS) else None


def award_points(g: GameState, award: Award) -> dict[int, int]:
    """VP per seat for one funded award (ties share; no second place with two players)."""
    scores = {p.seat: award.measure(g, p) for p in g.players}
    best = max(scores.values())
    firsts = [s for s, v in scores.items() if v == best]
    out = {s: AWARD_VP_FIRST for s in firsts}
    if len(firsts) == 1 and len(g.players) >= AWARD_SECOND_PLACE_MIN_PLAYERS:
        rest = [v for s, v in scores.items() if s not in out]
        if rest:
            second = max(rest)
            for s, v in scores.items():
                if v == second and s not in out:
                    out[s] = AWARD_VP_SECOND
    return out
