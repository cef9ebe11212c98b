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
game: its request_id is the match id; each ticket's seat names the ticket's account
(SeatSpec.account_id) and a rated format's game its queue (rated_queue), which the game service
takes from this service's credential only. The seat tokens are derived from the match and
the ticket (tokens.py), never stored: the request is stored without them and they are put in
each time it is sent. Before a group is claimed, the key that made each of its tickets is
checked (cached): a ticket whose key was revoked, or whose account was disabled, is cancelled,
never matched. The game is created on the game service with a deadline well inside the lease,
its id is recorded in the match (while it is claimed), then the tickets are assigned. CreateGame with a request_id is idempotent (game.proto): sent again,
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
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from olympus.platform import metrics
from olympus.platform.keycheck import VALID, Authenticator
from olympus.v1 import game_pb2, game_pb2_grpc

from . import rated
from .formats import Format
from .rated import BOT
from .store import MatchRow, MatchStore, TicketRow, new_match_id, now_ms
from .tokens import SeatTokens

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
    fmt: Format, match_id: str, group: Group, seed: int, rows: dict[str, TicketRow]
) -> tuple[game_pb2.CreateGameRequest, dict[str, list[Any]]]:
    """The CreateGameRequest of a match, without its seat tokens (the seats shuffled by
    `seed`, each ticket's seat with its account), and its seats by ticket: [seat, ""]."""
    slots: list[str | None] = [*group.tickets, *([None] * group.bots)]
    random.Random(seed).shuffle(slots)
    seats = [
        game_pb2.SeatSpec(
            kind=game_pb2.SEAT_KIND_HUMAN, name=rows[slot].name, account_id=rows[slot].account
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
        rated_queue=rated.queue_name(fmt) if rated.is_rated(fmt) else "",
    )
    by_ticket: dict[str, list[Any]] = {
        slot: [seat, ""] for seat, slot in enumerate(slots) if slot is not None
    }
    return request, by_ticket


def with_tokens(match: MatchRow, tokens: SeatTokens) -> game_pb2.CreateGameRequest:
    """The match's stored request with each ticket's seat token put in (derived, tokens.py)."""
    request = game_pb2.CreateGameRequest.FromString(match.request)
    for tid, (seat, _) in match.seats.items():
        request.seats[int(seat)].token = tokens.token(match.match_id, tid)
    return request


class Matcher:
    def __init__(
        self,
        store: MatchStore,
        games: game_pb2_grpc.GameServiceStub,
        settings: MatcherSettings,
        tokens: SeatTokens,
        auth: Authenticator | None = None,
        metadata: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.store = store
        self.games = games
        self.settings = settings
        self.tokens = tokens
        self.auth = auth  # checks the key behind each ticket before it is matched
        self.metadata = metadata  # this service's credential, on every CreateGame
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()
        self._creating = asyncio.Semaphore(CREATE_CONCURRENCY)
        self._inflight: set[asyncio.Task[None]] = set()
        self._claiming: set[str] = set()  # tickets of the groups being claimed here now

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
        counted = [0, 0]  # queues with a ticket waiting, tickets (a queue's first SCAN_LIMIT)
        await self._pass(counted)
        metrics.MM_QUEUES.set(counted[0])
        metrics.MM_WAITING.set(counted[1])

    async def _pass(self, counted: list[int]) -> None:
        """One pass over the queues; `counted` gets [queues with tickets, tickets] seen."""
        for fid in await self.store.queues():
            if self._stopping.is_set():
                return
            await self._recover(fid)
            fmt = await self.store.queue_format(fid)
            waiting = await self.store.waiting(fid, SCAN_LIMIT)
            if not waiting:
                await self.store.forget_empty(fid)  # no queue stays without players
                continue
            counted[0] += 1
            counted[1] += len(waiting)
            if fmt is None or fmt.ladder:  # a ladder's scheduler seats its own tickets
                continue
            free = [w for w in waiting if w[0] not in self._claiming]
            for group in group_tickets(free, fmt.players, now_ms(), self.settings):
                if self._stopping.is_set():
                    return
                await self._creating.acquire()
                # Claimed in the background, many groups at once: a claim waits on its
                # tickets' key checks (a round trip to the accounts service when not cached),
                # which one at a time would bound the matches a pass makes.
                self._claiming.update(group.tickets)
                self._track(self._claim_and_create(fmt, group))

    async def _claim_and_create(self, fmt: Format, group: Group) -> None:
        """Claim a group, then create its game (the caller acquired `_creating`)."""
        try:
            row = await self.claim(fmt, group)
        except Exception:
            log.exception("claiming a group failed: its tickets wait")
            row = None
        finally:
            self._claiming.difference_update(group.tickets)
        if row is None:  # another replica took one of them, or one was cancelled
            self._creating.release()
            return
        await self._create(row)

    async def claim(self, fmt: Format, group: Group) -> MatchRow | None:
        """Claim a group with the request that makes its game (None: a ticket is gone, or its
        key may no longer play: then it is cancelled)."""
        found = await asyncio.gather(*(self.store.ticket(tid) for tid in group.tickets))
        if any(row is None for row in found):
            return None
        ticket_rows = [row for row in found if row is not None]
        allowed = await asyncio.gather(*(self.still_allowed(row) for row in ticket_rows))
        if not all(allowed):
            return None
        rows: dict[str, TicketRow] = dict(zip(group.tickets, ticket_rows, strict=True))
        seed = secrets.randbits(63)
        mid = new_match_id()
        request, seats = matched_request(fmt, mid, group, seed, rows)
        raw = request.SerializeToString(deterministic=True)
        lease_ms = int(self.settings.lease_s * 1000)
        fid = fmt.format_id
        if await self.store.claim(fid, group.tickets, group.bots, seed, lease_ms, mid, raw, seats):
            claimed_ms = now_ms()
            for row in ticket_rows:
                metrics.MM_TIME_TO_MATCH.observe(max(0, claimed_ms - row.created_ms) / 1000)
            return MatchRow(
                fid, mid, "claimed", list(group.tickets), group.bots, seed, "", seats, raw
            )
        return None

    async def still_allowed(self, row: TicketRow) -> bool:
        """Whether the key that made the ticket may still play; if not, the ticket is
        cancelled (the revocation's event may not have come yet, or was missed)."""
        if self.auth is None or not row.key:
            return True
        check = await self.auth.check_digest(row.key)
        if check.state == VALID:
            return True
        why = "disabled" if check.state == "disabled" else "revoked"
        await self.store.cancel(row.account, row.ticket_id, why)
        log.info("a ticket's key may not play any more: cancelled", extra={"why": why})
        return False

    def _track(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in the background; `stop` waits for it."""
        task = asyncio.ensure_future(work)
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
                self._track(self._create(match))

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
        request = with_tokens(match, self.tokens)
        try:
            reply = await self.games.CreateGame(
                request, metadata=self.metadata, timeout=self.settings.lease_s / 2
            )
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
        # The reply's tokens are the derived ones (the request chose them).
        made = {s.seat: s.token for s in reply.seats}
        if any(
            made.get(int(seat)) != request.seats[int(seat)].token
            for seat, _ in match.seats.values()
        ):
            log.error("the game service ignored the chosen tokens", extra={"match": mid})
        if not await self.store.finish(match, reply.game_id, match.seats):
            # Only a match released or recorded with another game: neither can follow a reply.
            log.error(
                "a match was no longer claimed when its game was made",
                extra={"match": mid, "game_id": reply.game_id},
            )
        else:
            metrics.MM_TICKETS.labels("matched").inc(len(match.tickets))
