"""Milestones and awards of each map, with the measure each one uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .constants import (
    AWARD_COSTS,
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


@dataclass(frozen=True, slots=True)
class Milestone:
    name: str
    title: str
    measure: Measure
    threshold: int
    text: str


@dataclass(frozen=True, slots=True)
class Award:
    name: str
    title: str
    measure: Measure
    text: str


def _tiles(g: GameState, p: Player) -> int:
    return sum(
        1 for sid, o in enumerate(g.owners) if o == p.seat and g.tiles[sid] not in (EMPTY, OCEAN)
    )


THARSIS_MILESTONES = (
    Milestone(
        "terraformer", "Terraformer", lambda g, p: p.tr, 35, "terraform rating of at least 35"
    ),
    Milestone(
        "mayor", "Mayor", lambda g, p: tiles_owned(g, p.seat, CITY), 3, "own at least 3 city tiles"
    ),
    Milestone(
        "gardener",
        "Gardener",
        lambda g, p: tiles_owned(g, p.seat, GREENERY),
        3,
        "own at least 3 greenery tiles",
    ),
    Milestone(
        "builder",
        "Builder",
        lambda g, p: tag_count(p, "building"),
        8,
        "at least 8 building tags in play",
    ),
    Milestone("planner", "Planner", lambda g, p: len(p.hand), 16, "at least 16 cards in hand"),
)

THARSIS_AWARDS = (
    Award("landlord", "Landlord", _tiles, "most tiles owned"),
    Award("banker", "Banker", lambda g, p: p.prod[MC], "highest M€ production"),
    Award(
        "scientist", "Scientist", lambda g, p: tag_count(p, "science"), "most science tags in play"
    ),
    Award("thermalist", "Thermalist", lambda g, p: p.res[HEAT], "most heat"),
    Award("miner", "Miner", lambda g, p: p.res[STEEL] + p.res[TITANIUM], "most steel and titanium"),
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
    if len(firsts) == 1 and len(g.players) > 2:
        rest = [v for s, v in scores.items() if s not in out]
        if rest:
            second = max(rest)
            for s, v in scores.items():
                if v == second and s not in out:
                    out[s] = AWARD_VP_SECOND
    return out
