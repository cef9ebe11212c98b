"""The MatchmakingService gRPC servicer, and the setup that starts the matcher loop.

This service owns its tickets and matches (store.py) and nothing else: it checks keys through
the accounts service (platform/keycheck.py, cached), asks the scoring service for the ratings
tickets carry and the ladder service whether a ladder is open (peers.py), and creates games on
the game service with its service credential. When a key is revoked or an account disabled,
its waiting ticket is cancelled and its WatchTicket streams end (`on_key_event`).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import grpc

from olympus.api.times import timestamp
from olympus.platform import heartbeats, metrics
from olympus.platform.config import ServiceSettings, default_address
from olympus.platform.errors import (
    AlreadyExists,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    quote,
)
from olympus.platform.identity import (
    SCOPE_LADDER,
    SCOPE_PLAY,
    SCOPE_SERVICE,
    Principal,
    bearer_key,
    service_key_from_env,
    service_metadata,
)
from olympus.platform.keycheck import (
    ACCOUNT_DISABLED,
    KEY_REVOKED,
    Authenticator,
    KeyEventData,
    RedisCursor,
    accounts_address_from_env,
    caller,
    key_digest,
    remote_key_service,
)
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc, stream_rpc
from olympus.platform.storage import check_storage
from olympus.v1 import game_pb2_grpc, matchmaking_pb2, matchmaking_pb2_grpc

from . import rated
from .activity import AccountActivity
from .challenges import ChallengeStore
from .challenging import Challenges
from .formats import format_from_proto
from .ladder_tables import LadderTables
from .matcher import Matcher, MatcherSettings
from .peers import Peers
from .store import (
    CANCELLED,
    DEFAULT_MAX_QUEUES,
    MATCHED,
    DuplicateTicket,
    MatchStore,
    TicketRow,
    TooManyQueues,
)
from .tokens import SeatTokens, secret_from_env
from .watchers import RECHECK_S, TicketWatchers

SERVICE_NAME: str = matchmaking_pb2.DESCRIPTOR.services_by_name["MatchmakingService"].full_name
CLIENT_NAME = "olympus-matchmaking"
REDIS_CONNECTIONS = 32
REDIS_TIMEOUT_S = 1.0
KEY_EVENTS_CURSOR = "olympus:mm:keyevents"  # the last key event this service acted on
_ACCOUNT_RE = re.compile(r"[0-9a-f]{16}")

_STATUS = {
    "pending": matchmaking_pb2.TICKET_STATUS_WAITING,
    "waiting": matchmaking_pb2.TICKET_STATUS_WAITING,
    "matching": matchmaking_pb2.TICKET_STATUS_WAITING,
    MATCHED: matchmaking_pb2.TICKET_STATUS_MATCHED,
    CANCELLED: matchmaking_pb2.TICKET_STATUS_CANCELLED,
}


def ticket_to_proto(row: TicketRow, tokens: SeatTokens) -> matchmaking_pb2.Ticket:
    msg = matchmaking_pb2.Ticket(
        ticket_id=row.ticket_id,
        status=_STATUS.get(row.status, matchmaking_pb2.TICKET_STATUS_UNSPECIFIED),
        format=row.format.to_proto(),
        created_ms=row.created_ms,
        closed_ms=row.closed_ms,
        create_time=timestamp(row.created_ms),
        close_time=timestamp(row.closed_ms),
        rated_queue=rated.rated_queue(row.format),
    )
    if row.status == MATCHED:
        msg.game_id = row.game_id
        msg.seat = row.seat
        # Derived again, never stored (tokens.py); a ticket matched before that keeps its own.
        msg.seat_token = tokens.token(row.match, row.ticket_id) if row.match else row.token
        msg.bot_seats = row.bots
    return msg


def _not_found(tid: str) -> NotFound:
    return NotFound(f"no ticket {quote(tid)}", reason="TICKET_NOT_FOUND")


def _ended_by(row: TicketRow) -> Exception | None:
    """The status a stream ends with when its ticket was cancelled for its key or account."""
    if row.status != CANCELLED:
        return None
    if row.why == "revoked":
        return Unauthenticated("the key of this ticket was revoked", reason="API_KEY_REVOKED")
    if row.why == "disabled":
        return PermissionDenied("this account is disabled", reason="ACCOUNT_DISABLED")
    return None


@dataclass(frozen=True, slots=True)
class Limits:
    max_queues: int = DEFAULT_MAX_QUEUES


class MatchmakingService(matchmaking_pb2_grpc.MatchmakingServiceServicer):
    def __init__(
        self,
        store: MatchStore,
        auth: Authenticator,
        peers: Peers,
        watchers: TicketWatchers,
        tokens: SeatTokens,
        tables: LadderTables,
        challenges: Challenges,
        limits: Limits = Limits(),
    ) -> None:
        self.challenges = challenges
        self.activity = AccountActivity(challenges, store, watchers, ticket_to_proto, tokens)
        self.store = store
        self.auth = auth
        self.peers = peers
        self.watchers = watchers
        self.tokens = tokens
        self.tables = tables
        self.limits = limits

    async def _caller(self, context: grpc.aio.ServicerContext) -> Principal:
        return await caller(self.auth, context, SCOPE_PLAY)

    async def _own_ticket(self, principal: Principal, tid: str) -> TicketRow:
        row = await self.store.ticket(tid)
        if row is None or row.account != principal.account_id:
            raise _not_found(tid)  # another account's ticket does not exist for this caller
        return row

    @rpc
    async def Enqueue(
        self, request: matchmaking_pb2.EnqueueRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.EnqueueResponse:
        principal = await self._caller(context)
        fmt = format_from_proto(request.format)
        if fmt.ladder:
            principal.require(SCOPE_LADDER)
            await self.peers.check_ladder_open(fmt.ladder)
        rating = await self.peers.ticket_rating(fmt, principal.account_id)
        key = bearer_key(context.invocation_metadata()) or ""
        try:
            row = await self.store.enqueue(
                principal.account_id,
                principal.name,
                fmt,
                rating,
                key_digest(key) if key else "",
                self.limits.max_queues,
            )
        except DuplicateTicket as exc:
            raise AlreadyExists(
                "this account already waits with an open ticket (cancel it first)",
                reason="DUPLICATE_TICKET",
                metadata={"ticket_id": exc.open_ticket},
            ) from None
        except TooManyQueues as exc:
            raise ResourceExhausted(
                f"matchmaking holds {exc.limit} queues already: queue for a format players "
                "wait for, or later",
                reason="TOO_MANY_QUEUES",
                retry_after_s=10.0,
            ) from None
        metrics.MM_TICKETS.labels("enqueued").inc()
        await self.challenges.store.changed(principal.account_id)  # its activity streams
        return matchmaking_pb2.EnqueueResponse(ticket=ticket_to_proto(row, self.tokens))

    @rpc
    async def Cancel(
        self, request: matchmaking_pb2.CancelRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.CancelResponse:
        principal = await self._caller(context)
        outcome = await self.store.cancel(principal.account_id, request.ticket_id)
        if outcome == "missing":
            raise _not_found(request.ticket_id)
        if outcome != CANCELLED:
            what = "matched already" if outcome == MATCHED else "being matched into a game"
            raise FailedPrecondition(
                f"the ticket is {what}", reason="TICKET_CLOSED", metadata={"status": outcome}
            )
        metrics.MM_TICKETS.labels("cancelled").inc()
        row = await self._own_ticket(principal, request.ticket_id)
        return matchmaking_pb2.CancelResponse(ticket=ticket_to_proto(row, self.tokens))

    @rpc
    async def GetTicket(
        self, request: matchmaking_pb2.GetTicketRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Ticket:
        principal = await self._caller(context)
        return ticket_to_proto(await self._own_ticket(principal, request.ticket_id), self.tokens)

    @rpc
    async def ListMyTickets(
        self, request: matchmaking_pb2.ListMyTicketsRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.ListMyTicketsResponse:
        principal = await self._caller(context)
        rows = await self.store.account_tickets(principal.account_id)
        if not request.include_closed:
            rows = [r for r in rows if r.status not in (MATCHED, CANCELLED)]
        return matchmaking_pb2.ListMyTicketsResponse(
            tickets=[ticket_to_proto(r, self.tokens) for r in rows]
        )

    @stream_rpc
    async def WatchTicket(
        self, request: matchmaking_pb2.WatchTicketRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[matchmaking_pb2.Ticket]:
        principal = await self._caller(context)
        every = heartbeats.interval(request.heartbeat_seconds)
        tid = request.ticket_id
        loop = asyncio.get_running_loop()
        with self.watchers.watching(tid) as changed:
            row = await self._own_ticket(principal, tid)
            last = ticket_to_proto(row, self.tokens)
            yield last
            sent = loop.time()
            while last.status == matchmaking_pb2.TICKET_STATUS_WAITING:
                wait = RECHECK_S if every is None else min(RECHECK_S, sent + every - loop.time())
                try:
                    async with asyncio.timeout(max(wait, 0.0)):
                        await changed.wait()
                except TimeoutError:
                    pass
                changed.clear()
                current = await self.store.ticket(tid)
                if current is None:  # expired (a very long wait past its TTL)
                    raise _not_found(tid)
                msg = ticket_to_proto(current, self.tokens)
                if msg != last or (every is not None and loop.time() >= sent + every):
                    last = msg  # a change, or the heartbeat: the ticket as it is, again
                    yield msg
                    sent = loop.time()
                ended = _ended_by(current)
                if ended is not None:
                    raise ended
                # The key is checked again (cached; dropped at once on its revocation).
                await self.auth.authenticate(context.invocation_metadata())

    # --- challenges ------------------------------------------------------------------------------
    @rpc
    async def CreateChallenge(
        self, request: matchmaking_pb2.CreateChallengeRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Challenge:
        principal = await self._caller(context)
        row = await self.challenges.create(principal, request)
        return self.challenges.to_proto(row, principal.account_id)

    async def _answer(
        self, context: grpc.aio.ServicerContext, op: str, cid: str, reason: str = ""
    ) -> matchmaking_pb2.Challenge:
        principal = await self._caller(context)
        row = await self.challenges.answer(principal, op, cid, reason)
        return self.challenges.to_proto(row, principal.account_id)

    @rpc
    async def AcceptChallenge(
        self, request: matchmaking_pb2.AcceptChallengeRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Challenge:
        return await self._answer(context, "accept", request.challenge_id)

    @rpc
    async def DeclineChallenge(
        self, request: matchmaking_pb2.DeclineChallengeRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Challenge:
        return await self._answer(context, "decline", request.challenge_id, request.reason)

    @rpc
    async def CancelChallenge(
        self, request: matchmaking_pb2.CancelChallengeRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Challenge:
        return await self._answer(context, "cancel", request.challenge_id)

    @rpc
    async def GetChallenge(
        self, request: matchmaking_pb2.GetChallengeRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Challenge:
        principal = await self._caller(context)
        row = await self.challenges.get(principal, request.challenge_id)
        return self.challenges.to_proto(row, principal.account_id)

    @rpc
    async def ListMyChallenges(
        self, request: matchmaking_pb2.ListMyChallengesRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.ListMyChallengesResponse:
        principal = await self._caller(context)
        rows = await self.challenges.mine(principal, request.pending_only)
        return matchmaking_pb2.ListMyChallengesResponse(
            challenges=[self.challenges.to_proto(r, principal.account_id) for r in rows]
        )

    # --- for the game service ------------------------------------------------------------------
    @stream_rpc
    async def WatchAccountActivity(
        self,
        request: matchmaking_pb2.WatchAccountActivityRequest,
        context: grpc.aio.ServicerContext,
    ) -> AsyncIterator[matchmaking_pb2.AccountActivity]:
        await caller(self.auth, context, SCOPE_SERVICE)
        if not _ACCOUNT_RE.fullmatch(request.account_id):
            raise InvalidArgument(
                "account_id must be 16 lowercase hex digits",
                reason="INVALID_ACCOUNT_ID",
                field="account_id",
            )
        async for activity in self.activity.watch(request.account_id):
            yield activity

    # --- for the ladder service --------------------------------------------------------------
    @rpc
    async def ListLadderTickets(
        self, request: matchmaking_pb2.ListLadderTicketsRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.ListLadderTicketsResponse:
        await caller(self.auth, context, SCOPE_SERVICE)
        return await self.tables.list_tickets(request.ladder, request.page_size)

    @rpc
    async def SeatLadderTable(
        self, request: matchmaking_pb2.SeatLadderTableRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.SeatLadderTableResponse:
        await caller(self.auth, context, SCOPE_SERVICE)
        return await self.tables.seat(request)

    # --- revocations ---------------------------------------------------------------------------
    async def on_key_event(self, event: KeyEventData) -> None:
        """A revoked key's waiting ticket, or a disabled account's, is cancelled (its
        streams then end with the matching status)."""
        if event.kind not in (KEY_REVOKED, ACCOUNT_DISABLED):
            return
        if not _ACCOUNT_RE.fullmatch(event.account_id):
            return
        tid = await self.store.open_ticket(event.account_id)
        if not tid:
            return
        row = await self.store.ticket(tid)
        if row is None or row.status not in ("pending", "waiting", "matching"):
            return
        if event.kind == KEY_REVOKED and row.key[:12] != event.key_id:
            return  # made with another of the account's keys
        why = "revoked" if event.kind == KEY_REVOKED else "disabled"
        await self.store.cancel(row.account, tid, why)


RECONNECT_OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)


@dataclass(frozen=True, slots=True)
class Addresses:
    gamestate: str
    scoring: str = default_address("scoring")
    ladder: str = default_address("ladder")
    accounts: str = ""


def make_setup(
    addresses: Addresses,
    matcher_settings: MatcherSettings,
    ticket_ttl_s: int,
    limits: Limits = Limits(),
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, REDIS_TIMEOUT_S)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        service_key = service_key_from_env()
        tokens = SeatTokens(secret_from_env(service_key))
        store = MatchStore(redis, ticket_ttl_s)
        keys = remote_key_service(
            addresses.accounts or accounts_address_from_env(),
            service_key,
            RedisCursor(redis, KEY_EVENTS_CURSOR),
        )
        # Reconnect within seconds once a game service that was down is back (gRPC's default
        # backoff grows to two minutes): the matches it failed are tried again at their lease.
        channel = grpc.aio.insecure_channel(addresses.gamestate, options=RECONNECT_OPTIONS)
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        matcher = Matcher(
            store, games, matcher_settings, tokens, keys.auth, service_metadata(service_key)
        )
        accounts_address = addresses.accounts or accounts_address_from_env()
        peers = Peers(addresses.scoring, addresses.ladder, service_key, accounts_address)
        watch_redis = redis_client(settings.redis_url, f"{CLIENT_NAME}-watch", 2, 10.0)
        watchers = TicketWatchers(watch_redis)
        watchers.start()
        tables = LadderTables(store, matcher)
        challenges = Challenges(
            ChallengeStore(redis), games, tokens, peers, service_metadata(service_key)
        )
        servicer = MatchmakingService(
            store, keys.auth, peers, watchers, tokens, tables, challenges, limits
        )
        keys.auth.listeners.append(servicer.on_key_event)
        keys.start()
        # The generated *_pb2_grpc module comes without type stubs.
        matchmaking_pb2_grpc.add_MatchmakingServiceServicer_to_server(  # type: ignore[no-untyped-call]
            servicer, server
        )
        matcher.start()

        async def probe() -> None:
            await check_storage(redis)  # NOT_SERVING while Redis is out of reach or full

        async def stopping() -> None:
            await matcher.stop()
            await watchers.stop()

        async def cleanup() -> None:
            await matcher.stop()
            await watchers.stop()
            await keys.close()
            await peers.close()
            await channel.close()
            await watch_redis.aclose()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME],
            cleanup=cleanup,
            on_stopping=stopping,
            probe=probe,
            authenticator=keys.auth,
        )

    return setup
