"""The matcher loop every replica runs: group waiting tickets, claim, create the game, assign.

Each pass, for every queue: finish or release the queue's matches whose lease is over (a
replica died, or stalled, between claim and assignment), then group the waiting tickets (not
in a ladder's queue: the ladder's scheduler groups those, ladder/schedule.py, and claims them
through the same store; their overdue matches are recovered here all the same).

Grouping, oldest ticket first: a ticket accepts another whose rating is within its allowed gap,
`rating_gap + rating_widen * seconds waited` (the longer a ticket waits, the wider); two
tickets may share a game when either accepts the other. The oldest ticket takes the closest
ratings it may. With `backfill_seconds` > 0, a ticket that waited that long and still has no
full group gets the tickets it may have and bot seats ("random") for the rest.

A match is claimed atomically (store.py), then the game is created on the game service with a
deadline well inside the lease, then its id and seat tokens are recorded in the match (only if
it is still claimed), then the tickets are assigned. A replica that finds a match past its
lease finishes it if its game is recorded, and otherwise gives its tickets back to the queue.
The only loss is a game created whose id was never recorded (the replica died between
CreateGame's reply and the record, or CreateGame answered after the lease): an orphan game
with nobody in it, which the game service aborts for inactivity.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

import grpc

from olympus.v1 import game_pb2, game_pb2_grpc

from .formats import Format
from .rated import BOT
from .store import MatchRow, MatchStore, now_ms

log = logging.getLogger("olympus.matchmaking")

SCAN_LIMIT = 2_000  # waiting tickets looked at per queue and pass
CREATE_CONCURRENCY = 64  # games being created at once by one replica


@dataclass(frozen=True, slots=True)
class MatcherSettings:
    interval_s: float = 0.1
    lease_s: float = 10.0
    backfill_s: float = 0.0  # 0: no bots
    rating_gap: float = 100.0
    rating_widen: float = 10.0  # per second waited
    enabled: bool = True  # False: this replica only answers calls (no matcher loop)


@dataclass(frozen=True, slots=True)
class Group:
    tickets: tuple[str, ...]
    bots: int


def _gap(settings: MatcherSettings, waited_ms: int) -> float:
    return settings.rating_gap + settings.rating_widen * waited_ms / 1000


def group_tickets(
    waiting: Sequence[tuple[str, int, int]],
    players: int,
    now: int,
    settings: MatcherSettings,
) -> list[Group]:
    """Groups of `players` among (ticket, enqueued ms, rating), oldest first (see the module)."""
    left = list(waiting)
    groups: list[Group] = []
    while left:
        tid, since, rating = left.pop(0)
        if players == 1:
            groups.append(Group((tid,), 0))
            continue
        gap = _gap(settings, now - since)
        fits = [
            (abs(r - rating), i)
            for i, (_, s, r) in enumerate(left)
            if abs(r - rating) <= max(gap, _gap(settings, now - s))
        ]
        fits.sort()
        chosen = sorted(i for _, i in fits[: players - 1])
        if len(chosen) == players - 1:
            pass
        elif settings.backfill_s > 0 and now - since >= settings.backfill_s * 1000:
            pass  # the seats nobody fills go to bots
        else:
            continue  # this one waits; the younger ones may still group among themselves
        members = [tid] + [left[i][0] for i in chosen]
        for i in reversed(chosen):
            del left[i]
        groups.append(Group(tuple(members), players - len(members)))
    return groups


class Matcher:
    def __init__(
        self, store: MatchStore, games: game_pb2_grpc.GameServiceStub, settings: MatcherSettings
    ) -> None:
        self.store = store
        self.games = games
        self.settings = settings
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._creating = asyncio.Semaphore(CREATE_CONCURRENCY)
        self._inflight: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        if not self.settings.enabled:
            return
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        self._stopping.set()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                async with asyncio.timeout(self.settings.lease_s):
                    await self._task
        if self._inflight:
            await asyncio.wait(list(self._inflight), timeout=self.settings.lease_s)

    async def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("matcher pass failed; trying again")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.settings.interval_s):
                    await self._stopping.wait()

    async def run_once(self) -> None:
        for fid in await self.store.queues():
            if self._stopping.is_set():
                return
            await self._recover(fid)
            fmt = await self.store.queue_format(fid)
            if fmt is None or fmt.ladder:  # a ladder's scheduler seats its own tickets
                continue
            waiting = await self.store.waiting(fid, SCAN_LIMIT)
            if not waiting:
                continue
            for group in group_tickets(waiting, fmt.players, now_ms(), self.settings):
                if self._stopping.is_set():
                    return
                await self._creating.acquire()
                seed = secrets.randbits(63)
                lease_ms = int(self.settings.lease_s * 1000)
                mid = await self.store.claim(fid, group.tickets, group.bots, seed, lease_ms)
                if mid is None:  # another replica took one of them, or one was cancelled
                    self._creating.release()
                    continue
                row = MatchRow(fid, mid, "claimed", list(group.tickets), group.bots, seed)
                task = asyncio.ensure_future(self._create(fmt, row))
                self._inflight.add(task)
                task.add_done_callback(self._inflight.discard)

    async def _recover(self, fid: str) -> None:
        for mid in await self.store.overdue_matches(fid, now_ms()):
            match = await self.store.match(fid, mid)
            if match is None:
                continue
            if match.state == "created":
                await self.store.assign(match)
                log.warning("finished an overdue match", extra={"match": mid})
            elif match.state == "claimed" and await self.store.release(match, True):
                log.warning("released an overdue match", extra={"match": mid})

    async def _create(self, fmt: Format, match: MatchRow) -> None:
        try:
            await self._create_and_assign(fmt, match)
        except Exception:
            log.exception("creating a matched game failed", extra={"match": match.match_id})
            with contextlib.suppress(Exception):
                await self.store.release(match, False)
        finally:
            self._creating.release()

    async def _create_and_assign(self, fmt: Format, match: MatchRow) -> None:
        slots: list[str | None] = [*match.tickets, *([None] * match.bots)]
        random.Random(match.seed).shuffle(slots)
        names = {}
        for tid in match.tickets:
            row = await self.store.ticket(tid)
            names[tid] = row.name if row is not None else ""
        seats = [
            game_pb2.SeatSpec(kind=game_pb2.SEAT_KIND_HUMAN, name=names[slot])
            if slot is not None
            else game_pb2.SeatSpec(kind=game_pb2.SEAT_KIND_BOT, bot=BOT)
            for slot in slots
        ]
        request = game_pb2.CreateGameRequest(
            options=fmt.game_options(), seats=seats, time_control=fmt.time_control_proto()
        )
        try:
            reply = await self.games.CreateGame(request, timeout=self.settings.lease_s / 2)
        except grpc.aio.AioRpcError as exc:
            log.error(
                "CreateGame failed: the tickets wait again",
                extra={"match": match.match_id, "code": exc.code().name},
            )
            await self.store.release(match, False)
            return
        tokens = {s.seat: s.token for s in reply.seats}
        by_ticket = {slot: [seat, tokens.get(seat, "")] for seat, slot in enumerate(slots) if slot}
        if not await self.store.record_game(match.fid, match.match_id, reply.game_id, by_ticket):
            log.error(
                "a match was released while its game was created: orphan game",
                extra={"match": match.match_id, "game_id": reply.game_id},
            )
            return
        done = MatchRow(
            match.fid,
            match.match_id,
            "created",
            match.tickets,
            match.bots,
            match.seed,
            reply.game_id,
            by_ticket,
        )
        await self.store.assign(done)
