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

A match is claimed atomically (store.py) together with the CreateGameRequest that makes its
game: its request_id is the match id, and its seat tokens are chosen then (43 URL-safe
characters, like the game service's own). The game is created on the game service with a
deadline well inside the lease, its id is recorded in the match (while it is claimed), then
the tickets are assigned. CreateGame with a request_id is idempotent (game.proto): sent again,
the same request finds the game it made the first time, so the game can be created as often
as needed and still be made once.

A replica that finds a match past its lease (its replica died, stalled, or the game service
failed) finishes it: a match whose game is recorded is assigned; a claimed one is taken over
for a new lease (one replica wins) and its stored request sent again, then recorded and
assigned like any. A failure that may pass (UNAVAILABLE, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED,
INTERNAL, an unknown error...) leaves the match claimed, for the next try after the lease.
Only a refusal for good (INVALID_ARGUMENT, FAILED_PRECONDITION, PERMISSION_DENIED...: the
request can never make a game) releases the match: its tickets wait again (a ticket cancelled
meanwhile is cancelled), and no game exists. So however the replicas or the game service fail
between the claim and the assignment, the tickets end up assigned once, to one game, or
waiting again with no game made. While the game service is down for good, the claimed tickets
stay `matching` (a cancel is then applied when the match is released, or after it is assigned
the ticket is matched).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from olympus.v1 import game_pb2, game_pb2_grpc

from .formats import Format
from .rated import BOT
from .store import MatchRow, MatchStore, new_match_id, now_ms

log = logging.getLogger("olympus.matchmaking")

SCAN_LIMIT = 2_000  # waiting tickets looked at per queue and pass
CREATE_CONCURRENCY = 64  # games being created at once by one replica
# CreateGame refusals that no repeat of the same request can change: the match is released.
# Any other failure may pass: the match stays claimed and is tried again after its lease.
REFUSED_FOR_GOOD = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.ALREADY_EXISTS,
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.OUT_OF_RANGE,
        grpc.StatusCode.UNIMPLEMENTED,
    }
)


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


def matched_request(
    fmt: Format, match_id: str, group: Group, seed: int, names: dict[str, str]
) -> tuple[game_pb2.CreateGameRequest, dict[str, list[Any]]]:
    """The CreateGameRequest of a match (the seats shuffled by `seed`, every human seat with a
    fresh token) and its seats by ticket: [seat, token]."""
    slots: list[str | None] = [*group.tickets, *([None] * group.bots)]
    random.Random(seed).shuffle(slots)
    tokens = {tid: secrets.token_urlsafe(32) for tid in group.tickets}
    seats = [
        game_pb2.SeatSpec(
            kind=game_pb2.SEAT_KIND_HUMAN, name=names.get(slot, ""), token=tokens[slot]
        )
        if slot is not None
        else game_pb2.SeatSpec(kind=game_pb2.SEAT_KIND_BOT, bot=BOT)
        for slot in slots
    ]
    request = game_pb2.CreateGameRequest(
        options=fmt.game_options(),
        seats=seats,
        time_control=fmt.time_control_proto(),
        request_id=match_id,
    )
    by_ticket: dict[str, list[Any]] = {
        slot: [seat, tokens[slot]] for seat, slot in enumerate(slots) if slot is not None
    }
    return request, by_ticket


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
                row = await self.claim(fmt, group)
                if row is None:  # another replica took one of them, or one was cancelled
                    self._creating.release()
                    continue
                self._spawn(row)

    async def claim(self, fmt: Format, group: Group) -> MatchRow | None:
        """Claim a group with the request that makes its game (None: a ticket is gone)."""
        names = {}
        for tid in group.tickets:
            row = await self.store.ticket(tid)
            names[tid] = row.name if row is not None else ""
        seed = secrets.randbits(63)
        mid = new_match_id()
        request, seats = matched_request(fmt, mid, group, seed, names)
        raw = request.SerializeToString(deterministic=True)
        lease_ms = int(self.settings.lease_s * 1000)
        fid = fmt.format_id
        if await self.store.claim(fid, group.tickets, group.bots, seed, lease_ms, mid, raw, seats):
            return MatchRow(
                fid, mid, "claimed", list(group.tickets), group.bots, seed, "", seats, raw
            )
        return None

    def _spawn(self, match: MatchRow) -> None:
        """Create and assign in the background (the caller acquired `_creating`)."""
        task = asyncio.ensure_future(self._create(match))
        self._inflight.add(task)
        task.add_done_callback(self._inflight.discard)

    async def _recover(self, fid: str) -> None:
        for mid in await self.store.overdue_matches(fid, now_ms()):
            if self._stopping.is_set():
                return
            match = await self.store.match(fid, mid)
            if match is None:
                continue
            if match.state == "created":
                await self.store.assign(match)
                log.warning("finished an overdue match", extra={"match": mid})
            elif match.state != "claimed":
                continue
            elif not match.request:  # claimed before requests were stored: nothing to resend
                if await self.store.release(match, True):
                    log.warning("released an overdue match", extra={"match": mid})
            elif await self.store.renew(fid, mid, int(self.settings.lease_s * 1000)):
                log.warning("creating the game of an overdue match", extra={"match": mid})
                await self._creating.acquire()
                self._spawn(match)

    async def _create(self, match: MatchRow) -> None:
        try:
            await self.create_and_assign(match)
        except Exception:
            # Left claimed: whatever happened, its lease runs out and the match is finished
            # then (releasing it here could leave its game, if it was made, an orphan).
            log.exception("creating a matched game failed", extra={"match": match.match_id})
        finally:
            self._creating.release()

    async def create_and_assign(self, match: MatchRow) -> None:
        """Create (or find) the game of a claimed match from its stored request, record it,
        assign the tickets; release the match only when the request is refused for good."""
        request = game_pb2.CreateGameRequest.FromString(match.request)
        try:
            reply = await self.games.CreateGame(request, timeout=self.settings.lease_s / 2)
        except grpc.aio.AioRpcError as exc:
            if exc.code() not in REFUSED_FOR_GOOD:
                log.error(
                    "CreateGame failed: the match is tried again after its lease",
                    extra={"match": match.match_id, "code": exc.code().name},
                )
                return
            log.error(
                "CreateGame refused the match: its tickets wait again",
                extra={"match": match.match_id, "code": exc.code().name},
            )
            await self.store.release(match, False)
            return
        mid = match.match_id
        # The reply's tokens are the chosen ones; a game service too old to know request_id
        # would have made its own: those are the ones that work (and the match is not safe
        # from a second game: upgrade the game service first).
        made = {s.seat: s.token for s in reply.seats}
        seats = {tid: [seat, made.get(seat) or token] for tid, (seat, token) in match.seats.items()}
        if seats != match.seats:
            log.error("the game service ignored the chosen tokens", extra={"match": mid})
        if not await self.store.finish(match, reply.game_id, seats):
            # Only a match released or recorded with another game: neither can follow a reply.
            log.error(
                "a match was no longer claimed when its game was made",
                extra={"match": mid, "game_id": reply.game_id},
            )
