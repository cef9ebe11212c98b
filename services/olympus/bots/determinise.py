"""Fairness: the copy of a game a bot may look ahead in, made from its own seat's view only.

A bot never reads the real game's hidden parts (other seats' hands, dealt, drafted and kept
cards, their unplayed preludes, the deck order, the discard pile, the RNG that decides future
shuffles). `determinise(game, seat, rnd)` returns a copy in which all of that is re-dealt from
the pool of cards the seat cannot see, sorted first and shuffled with a seed drawn from the
bot's own `rnd`: the copy is a function of the seat's view, the counts and the bot's RNG state
only. The re-deal itself is the engine's `redacted` (engine/redact.py, which lists everything it
hides); this module is the bots' door to it.

Searches use it two ways: one determinisation per decision (greedy.py), or a fresh one per
simulation (`worlds`), as information-set Monte Carlo tree search does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..engine import Game, redacted

SEED_BITS = 63  # a game seed must be below 2**63


def determinise(game: Game, seat: int, rnd: random.Random) -> Game:
    """A copy of `game` as `seat` may know it, the unseen cards re-dealt from `rnd`.

    The copy's view for `seat` and its pending decisions for `seat` are the real ones; the
    real game is not changed. Draws exactly one number from `rnd`."""
    return redacted(game, seat, rnd.getrandbits(SEED_BITS))


def worlds(game: Game, seat: int, rnd: random.Random, count: int) -> Iterator[Game]:
    """`count` independent determinisations of `game` for `seat` (lazily)."""
    for _ in range(count):
        yield determinise(game, seat, rnd)


__all__ = ["determinise", "worlds"]
