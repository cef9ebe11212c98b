"""Rated matches: their scoring queue, the games waiting for a rated result, and the ratings
tickets carry.

A rated format's games are rated in the scoring queue `mm-<players>p-<format id>` (e.g.
`mm-2p-3f0c9a1b2d4e5f60`): stable (the format id is the hash of the format's canonical JSON),
one queue per format, and a valid scoring queue name. The rated player of a seat is the
account id of the ticket that won it (a seat its player resigned, or that timed out to the
bot, still counts for the account); a bot seat (backfill) is the player `bot:<bot name>`
(`bot:random`), the k-th bot seat of one game (k >= 2) `bot:<bot name>.<k>`.

When the matcher assigns a rated game (store.py `assign`, which every path that finishes a
match goes through), it records it as pending:

    olympus:mm:rated                 hash: game id -> JSON {queue, players (one per seat),
                                     created (ms)}

The workers' `olympus.report_results` task (workers/reporting.py) rates each finished game once
and then removes it; an aborted game is removed unrated; a running one stays.

A rated ticket's `rating` is the account's ordinal (mu - 3 sigma) in the format's queue,
rounded to an integer, 0 when the account is not rated there yet: `--rating-gap` and
`--rating-widen` are in these units (a new player's ordinal is 0; a strong one's some 20-35).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from olympus.scoring import ratings as rt
from olympus.scoring.store import ScoringStore

from .formats import Format

PENDING = "olympus:mm:rated"
BOT = "random"  # the bot that takes backfilled seats
MIN_RATED_PLAYERS = 2  # a solo game cannot be rated


def queue_name(fmt: Format) -> str:
    return f"mm-{fmt.players}p-{fmt.format_id}"


def is_rated(fmt: Format) -> bool:
    """Rated here, by the matchmaking queue (a ladder rates its games in its own queue)."""
    return fmt.rated and fmt.players >= MIN_RATED_PLAYERS and not fmt.ladder


def seat_players(seats: int, humans: dict[int, str], bot: str = BOT) -> list[str]:
    """The rated player of every seat: the account at a human seat, `bot:<bot>` (then
    `bot:<bot>.2`, ...) at the others."""
    out: list[str] = []
    bots = 0
    for seat in range(seats):
        if seat in humans:
            out.append(humans[seat])
            continue
        bots += 1
        out.append(f"bot:{bot}" if bots == 1 else f"bot:{bot}.{bots}")
    return out


def pending_entry(queue: str, players: Sequence[str], created_ms: int) -> bytes:
    return orjson.dumps({"queue": queue, "players": list(players), "created": created_ms})


def parse_entry(raw: bytes) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(raw)
    return data


async def ticket_rating(scoring: ScoringStore, fmt: Format, account: str) -> int:
    """The rating a ticket of this account carries in a rated format (0 unrated)."""
    if not is_rated(fmt):
        return 0
    _, raw, _ = await scoring.rating(queue_name(fmt), account)
    if raw is None:
        return 0
    return round(rt.Rating.from_data(orjson.loads(raw)).ordinal)
