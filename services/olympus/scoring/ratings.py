"""The maths of the results and ratings, pure: places from scores, and openskill's
Plackett-Luce update of a table's ratings from its places.

A rating is (mu, sigma): the skill estimate and its uncertainty. A new player starts at
mu 25, sigma 25/3. The leaderboard sorts by the ordinal mu - 3 sigma, a conservative estimate
(0 for a new player), so a player climbs by playing well *and* often enough to be known.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
ORDINAL_Z = 3.0


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_Z * self.sigma

    def to_data(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games, "wins": self.wins}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Rating:
        return cls(
            mu=float(data["mu"]),
            sigma=float(data["sigma"]),
            games=int(data.get("games", 0)),
            wins=int(data.get("wins", 0)),
        )


def initial() -> Rating:
    """A player's rating before their first rated game in a queue."""
    return Rating(mu=float(MODEL.mu), sigma=float(MODEL.sigma))


def places(keys: Sequence[tuple[int, int]]) -> list[int]:
    """Each seat's place from its (total points, M€): higher is better, M€ breaks a tie in
    points, and seats equal on both share a place ("1224" ranking: 1, 1, 3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def ranking(keys: Sequence[tuple[int, int]]) -> list[int]:
    """The seats from first place to last (seats sharing a place in seat order)."""
    order = places(keys)
    return sorted(range(len(keys)), key=lambda seat: (order[seat], seat))


def rate(before: Sequence[Rating], placed: Sequence[int]) -> list[Rating]:
    """The ratings after one game: `before[i]` is the i-th player's, `placed[i]` their place
    (1 = first; equal places are a tie). Each player is a team of one."""
    if len(before) != len(placed):
        raise ValueError("one place per rating")
    if len(before) < 2:
        raise ValueError("a rated game needs at least two players")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in placed])
    return [
        Rating(
            mu=float(team[0].mu),
            sigma=float(team[0].sigma),
            games=r.games + 1,
            wins=r.wins + (1 if p == 1 else 0),
        )
        for r, team, p in zip(before, after, placed, strict=True)
    ]
