"""Deadlines, derived from a game's state alone: who is played by a bot, when each waiting
seat's time runs out, and when the workers must next look at the game.

Nothing here is stored apart from the table (table.py): a worker that restarts, or another
one, computes the same deadlines from the same state, and a deadline can never outlive the
decision it was for (a new decision is a new `since`, so a new deadline).
"""

from __future__ import annotations

from olympus.api.times import timestamp
from olympus.engine import Game
from olympus.v1 import game_pb2 as pb

from .meta import GameMeta
from .table import Table

# A bot-played seat's decision is given to a worker the moment it appears. If that task is
# lost (its worker died, the broker was away), the sweep hands the game to a worker again this
# long after the decision appeared.
BOT_GRACE_MS = 10_000


def bot_played(meta: GameMeta, table: Table) -> frozenset[int]:
    """Seats a bot answers for: bot seats, resigned seats, seats handed to a bot."""
    return meta.bot_seats | frozenset(table.resigned) | table.robots


def seat_deadline(meta: GameMeta, table: Table, seat: int) -> int | None:
    """When the seat's pending decision times out (unix ms); None without a clock or when the
    decision's start is unknown (a game stored before clocks)."""
    clock = meta.time_control
    started = table.pending_ms[seat]
    if not started or not clock.timed:
        return None
    if clock.kind == "decision":
        return started + clock.decision_seconds * 1000
    return started + table.bank_ms[seat]


def next_due(meta: GameMeta, table: Table, game: Game) -> int | None:
    """The first moment the workers must act on this game: a bot-played seat's grace running
    out, or a human seat's deadline. None: nothing will ever be due in this state."""
    if game.is_over:
        return None
    bots = bot_played(meta, table)
    due: int | None = None
    for seat in set(game.waiting_for()):
        if seat in bots:
            at: int | None = table.pending_ms[seat] + BOT_GRACE_MS
        else:
            at = seat_deadline(meta, table, seat)
        if at is not None and (due is None or at < due):
            due = at
    return due


def overdue(meta: GameMeta, table: Table, game: Game, now_ms: int) -> list[int]:
    """Human seats whose time ran out (lowest seat first)."""
    bots = bot_played(meta, table)
    out = []
    for seat in sorted(set(game.waiting_for()) - bots):
        deadline = seat_deadline(meta, table, seat)
        if deadline is not None and deadline <= now_ms:
            out.append(seat)
    return out


def seat_clocks(meta: GameMeta, table: Table, game: Game, now_ms: int) -> list[pb.SeatClock]:
    """Every seat's clock as told in views and events; empty for an untimed table."""
    clock = meta.time_control
    if not clock.timed:
        return []
    waiting = set() if game.is_over else set(game.waiting_for())
    bots = bot_played(meta, table)
    out = []
    for seat in range(len(table.since)):
        deadline = seat_deadline(meta, table, seat) if seat in waiting - bots else None
        if deadline is not None:
            remaining = max(0, deadline - now_ms)
        elif clock.kind == "decision":
            remaining = clock.decision_seconds * 1000
        else:
            remaining = table.bank_ms[seat]
        out.append(
            pb.SeatClock(
                seat=seat,
                remaining_ms=remaining,
                deadline_ms=deadline or 0,
                deadline_time=timestamp(deadline or 0),
                timeouts=table.timeouts[seat],
                handed_to_bot=seat in table.robots,
            )
        )
    return out
