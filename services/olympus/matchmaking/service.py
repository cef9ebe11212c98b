"""The MatchmakingService gRPC servicer, and the setup that starts the matcher loop."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import grpc

from olympus.accounts.keys import SCOPE_LADDER, SCOPE_PLAY, KeyStore, Principal
from olympus.ladder.store import LadderStore
from olympus.platform.config import ServiceSettings
from olympus.platform.errors import AlreadyExists, FailedPrecondition, NotFound, quote
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc, stream_rpc
from olympus.scoring.store import ScoringStore
from olympus.v1 import game_pb2_grpc, matchmaking_pb2, matchmaking_pb2_grpc

from . import rated
from .formats import format_from_proto
from .matcher import Matcher, MatcherSettings
from .store import CANCELLED, MATCHED, DuplicateTicket, MatchStore, TicketRow

SERVICE_NAME: str = matchmaking_pb2.DESCRIPTOR.services_by_name["MatchmakingService"].full_name
CLIENT_NAME = "olympus-matchmaking"
REDIS_CONNECTIONS = 32
REDIS_TIMEOUT_S = 1.0
WATCH_POLL_S = 0.1  # WatchTicket reads the ticket this often

_STATUS = {
    "pending": matchmaking_pb2.TICKET_STATUS_WAITING,
    "waiting": matchmaking_pb2.TICKET_STATUS_WAITING,
    "matching": matchmaking_pb2.TICKET_STATUS_WAITING,
    MATCHED: matchmaking_pb2.TICKET_STATUS_MATCHED,
    CANCELLED: matchmaking_pb2.TICKET_STATUS_CANCELLED,
}


def ticket_to_proto(row: TicketRow) -> matchmaking_pb2.Ticket:
    msg = matchmaking_pb2.Ticket(
        ticket_id=row.ticket_id,
        status=_STATUS.get(row.status, matchmaking_pb2.TICKET_STATUS_UNSPECIFIED),
        format=row.format.to_proto(),
        created_ms=row.created_ms,
        closed_ms=row.closed_ms,
    )
    if row.status == MATCHED:
        msg.game_id = row.game_id
        msg.seat = row.seat
        msg.seat_token = row.token
        msg.bot_seats = row.bots
    return msg


def _not_found(tid: str) -> NotFound:
    return NotFound(f"no ticket {quote(tid)}", reason="TICKET_NOT_FOUND")


class MatchmakingService(matchmaking_pb2_grpc.MatchmakingServiceServicer):
    def __init__(
        self, store: MatchStore, keys: KeyStore, scoring: ScoringStore, ladders: LadderStore
    ) -> None:
        self.store = store
        self.keys = keys
        self.scoring = scoring  # the ratings a rated ticket carries (same Redis)
        self.ladders = ladders  # which ladders take external bots' tickets (same Redis)

    async def _caller(self, context: grpc.aio.ServicerContext) -> Principal:
        principal = await self.keys.authenticate(context.invocation_metadata())
        assert principal is not None  # required=True raises instead
        principal.require(SCOPE_PLAY)
        return principal

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
            await self._check_ladder(principal, fmt.ladder)
        rating = await rated.ticket_rating(self.scoring, fmt, principal.account_id)
        try:
            row = await self.store.enqueue(principal.account_id, principal.name, fmt, rating)
        except DuplicateTicket as exc:
            raise AlreadyExists(
                "this account already waits with an open ticket (cancel it first)",
                reason="DUPLICATE_TICKET",
                metadata={"ticket_id": exc.open_ticket},
            ) from None
        return matchmaking_pb2.EnqueueResponse(ticket=ticket_to_proto(row))

    async def _check_ladder(self, principal: Principal, name: str) -> None:
        principal.require(SCOPE_LADDER)
        if await self.ladders.is_active(name) and (await self.ladders.spec(name)).open:
            return
        raise NotFound(
            f"no ladder {quote(name)} takes external bots now (an operator opens one with "
            "`olympus ladder start NAME --open`)",
            reason="LADDER_CLOSED",
        )

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
        row = await self._own_ticket(principal, request.ticket_id)
        return matchmaking_pb2.CancelResponse(ticket=ticket_to_proto(row))

    @rpc
    async def GetTicket(
        self, request: matchmaking_pb2.GetTicketRequest, context: grpc.aio.ServicerContext
    ) -> matchmaking_pb2.Ticket:
        principal = await self._caller(context)
        return ticket_to_proto(await self._own_ticket(principal, request.ticket_id))

    @stream_rpc
    async def WatchTicket(
        self, request: matchmaking_pb2.WatchTicketRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[matchmaking_pb2.Ticket]:
        principal = await self._caller(context)
        row = await self._own_ticket(principal, request.ticket_id)
        last = ticket_to_proto(row)
        yield last
        while last.status == matchmaking_pb2.TICKET_STATUS_WAITING:
            await asyncio.sleep(WATCH_POLL_S)
            current = await self.store.ticket(request.ticket_id)
            if current is None:  # expired (a very long wait past its TTL)
                raise _not_found(request.ticket_id)
            msg = ticket_to_proto(current)
            if msg != last:
                last = msg
                yield msg


RECONNECT_OPTIONS = (("grpc.max_reconnect_backoff_ms", 5_000),)


def make_setup(
    gamestate_address: str, matcher_settings: MatcherSettings, ticket_ttl_s: int
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, REDIS_TIMEOUT_S)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        store = MatchStore(redis, ticket_ttl_s)
        # Reconnect within seconds once a game service that was down is back (gRPC's default
        # backoff grows to two minutes): the matches it failed are tried again at their lease.
        channel = grpc.aio.insecure_channel(gamestate_address, options=RECONNECT_OPTIONS)
        games = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        matcher = Matcher(store, games, matcher_settings)
        # The generated *_pb2_grpc module comes without type stubs.
        matchmaking_pb2_grpc.add_MatchmakingServiceServicer_to_server(  # type: ignore[no-untyped-call]
            MatchmakingService(store, KeyStore(redis), ScoringStore(redis), LadderStore(redis)),
            server,
        )
        matcher.start()

        async def probe() -> None:
            await redis.ping()

        async def cleanup() -> None:
            await matcher.stop()
            await channel.close()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME], cleanup=cleanup, on_stopping=matcher.stop, probe=probe
        )

    return setup
