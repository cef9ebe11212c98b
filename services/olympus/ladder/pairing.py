"""Who plays the next ladder game: pure, seeded, tested on its own.

The way ladders keep ratings meaningful: every entrant gets games (the one with the fewest
games is seated first), opponents are close in rating (the rest of the table is filled with the
entrants nearest the first one's rating, among those with few games), and a ladder that allows
several player counts rotates through them. Ties are broken by a seeded generator, so a run is
reproducible.

An external bot is an entrant only while its ladder ticket waits: it is ready now and can sit at
one table only, so the longest-waiting external bot takes the first seat (the pool lists them in
the order they queued) and an external bot never sits twice at a table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entrant:
    name: str
    games: int = 0
    rating: float = 0.0  # the conservative estimate (mu - 3 sigma); 0 before any game
    external: bool = False  # seated from a waiting ladder ticket (see the module's doc)


def next_table(
    entrants: Sequence[Entrant],
    players: int,
    rnd: random.Random,
    busy: frozenset[str] = frozenset(),
) -> list[str]:
    """The entrants of the next game, in seat order (shuffled), `players` of them. An entrant
    may sit more than once only when there are fewer entrants than seats (a ladder of one or
    two bots at a 4-player table). Entrants in `busy` (playing already) come last."""
    if players < 1:
        raise ValueError("a table needs at least one player")
    if not entrants:
        raise ValueError("a ladder needs at least one entrant")
    waiting = [e for e in entrants if e.external]
    pool = [e for e in entrants if not e.external]
    rnd.shuffle(pool)  # random tie-breaks below (sorts are stable)
    pool.sort(key=lambda e: (e.name in busy, e.games))
    pool = waiting + pool
    first = pool[0]
    rest = pool[1:]
    # Among the others, those with the fewest games first, then the nearest in rating: a
    # window of a few games so that a new entrant is not kept away from everyone else.
    fewest = min((e.games for e in rest), default=0)
    rest.sort(key=lambda e: (e.name in busy, (e.games - fewest) // 3, abs(e.rating - first.rating)))
    table = [first.name] + [e.name for e in rest[: players - 1]]
    again = [name for name in table if name not in {e.name for e in waiting}]
    if len(table) < players and not again:
        raise ValueError("a table of external bots only cannot seat anyone twice")
    while len(table) < players:  # fewer entrants than seats: built-in bots sit again
        table.append(again[len(table) % len(again)])
    rnd.shuffle(table)
    return table


def player_counts(counts: Sequence[int], game_number: int) -> int:
    """The player count of the ladder's `game_number`-th game (0-based): a ladder with mixed
    counts rotates through them."""
    if not counts:
        raise ValueError("no player counts")
    return counts[game_number % len(counts)]
