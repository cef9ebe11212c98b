"""The GameService gRPC servicer: requests in, `core.Games` does the work, messages out.

Keys: every call that carries an API key has it checked at the edge (through the accounts
service, platform/keycheck.py) and needs its `play` scope (CreateGame: `create_games`); a
platform service's own credential may do everything, and it alone may fix a game's rated queue
and its seats' accounts (CreateGame) and read a game's record (GetGameRecord). When an account
is disabled, the seats it holds in running games are taken over by the table (`handover`).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc

from olympus.api.times import timestamp
from olympus.api.vocab import STATUSES, value_of
from olympus.bots import BOTS, DESCRIPTIONS as BOT_DESCRIPTIONS
from olympus.engine.board import MAP_TITLES
from olympus.platform import heartbeats, metrics
from olympus.platform.config import ServiceSettings
from olympus.platform.errors import InvalidArgument
from olympus.platform.identity import (
    SCOPE_CREATE_GAMES,
    SCOPE_PLAY,
    SCOPE_SERVICE,
    Principal,
    service_key_from_env,
)
from olympus.platform.keycheck import (
    Authenticator,
    KeyService,
    RedisCursor,
    caller,
    remote_key_service as _remote_keys,
)
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc, stream_rpc
from olympus.platform.storage import check_storage
from olympus.platform.tasks import TaskSender, celery_app
from olympus.v1 import board_pb2, game_pb2 as pb, game_pb2_grpc

from . import store as st
from .account import HEARTBEAT_S, AccountGames
from .activity import MatchmakingActivity
from .auth import HOST
from .board import describe_colony_tiles, describe_map, describe_table
from .clocks import seat_clocks
from .convert import result_to_proto, view_to_proto
from .core import Current, Games, now_ms
from .creating import check_position_request, create_from_request
from .decisions import decision_reply
from .durability import durability_from_env
from .ending import Ending
from .events import stamp
from .handover import Handover
from .history import PUBLIC_LOG_FORMAT, REPLAY_FORMAT, hidden_count
from .lru import DEFAULT_CACHE_MEMORY, CacheBudget
from .meta import GameMeta
from .open_tables import OpenTables, open_seats_of, seat_tokens
from .record import game_record
from .records import Logged
from .rematch import Rematches
from .settings import (
    settings_to_proto,
    summary_to_proto,
)
from .sweeper import Sweeper
from .watch import EventHub, SeatDecisions, watch
from .webhooks import Notifier, Outbox, service_presence

SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["GameService"].full_name
KEY_EVENTS_CURSOR = "olympus:games:keyevents"  # the last key event this service acted on
REDIS_TIMEOUT_S = 1.0  # a Redis that does not answer within this is treated as out of reach
# The connections a process holds, whatever the number of games or watchers (CLIENT LIST shows
# them by name): the service's calls, the answer path's own pipelined one (pipe.py, named like
# the calls), the watchers' stream reads, and the one live-event subscriber.
CLIENT_NAME = "olympus-gamestate"
REDIS_CONNECTIONS = 16
WATCH_READERS = 4

_INDEX = {
    pb.GAME_STATUS_UNSPECIFIED: st.INDEX_ALL,
    pb.GAME_STATUS_ACTIVE: st.STATUS_ACTIVE,
    pb.GAME_STATUS_FINISHED: st.STATUS_FINISHED,
    pb.GAME_STATUS_ABORTED: st.STATUS_ABORTED,
}


class GameService(game_pb2_grpc.GameServiceServicer):
    def __init__(
        self,
        games: Games,
        hub: EventHub,
        auth: Authenticator,
        account_heartbeat_s: float = HEARTBEAT_S,
        activity: MatchmakingActivity | None = None,
    ) -> None:
        self.games = games
        self.auth = auth
        self.hub = hub
        self.ending = Ending(games)
        self.seat_decisions = SeatDecisions(games)
        self.accounts = AccountGames(
            games, hub, self.seat_decisions, account_heartbeat_s, activity=activity
        )
        self.open_tables = OpenTables(games)
        self.rematches = Rematches(games)

    async def _key(
        self, context: grpc.aio.ServicerContext, scope: str = SCOPE_PLAY
    ) -> Principal | None:
        """The call's key, if it carries one: it must allow `scope` (a service's may all)."""
        principal = await caller(self.auth, context, required=False)
        if principal is not None and not principal.is_service:
            principal.require(scope)
        return principal

    @rpc
    async def CreateGame(
        self, request: pb.CreateGameRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateGameResponse:
        # A key is optional (the anonymous policy applies without one: its own quota, a
        # shorter retention); one that is sent must be valid and allowed to create games.
        principal = await self._key(context, SCOPE_CREATE_GAMES)
        service = principal is not None and principal.is_service
        check_position_request(request)  # before open_seats_of, which reads options and seats
        open_seats = open_seats_of(request)
        created = await create_from_request(
            self.games, request, principal.account_id if principal else "", service, open_seats
        )
        await self.open_tables.opened(created.meta, open_seats)
        return pb.CreateGameResponse(
            game_id=created.meta.game_id,
            version=created.version,
            seats=seat_tokens(created, open_seats),
            host_token=created.host_token,
        )

    @rpc
    async def GetGame(
        self, request: pb.GetGameRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetGameResponse:
        await self._key(context)
        current = await self.games.current(request.game_id, request.token)
        game = current.game
        view = view_to_proto(game, current.viewer)
        view.game_id = request.game_id
        view.version = current.version
        view.status = value_of(STATUSES, current.status)
        if current.status == st.STATUS_ABORTED:  # nobody is waited for any more
            del view.waiting_for[:]
            del view.decisions[:]
        resigned = current.table.resigned
        seated = await self.games.seating.seated(current.meta)  # who took its open seats
        view.settings.CopyFrom(
            settings_to_proto(seated, current.status in st.ENDED, resigned, current.table.robots)
        )
        for player in view.players:
            player.resigned = player.seat in resigned
        view.created_at_ms = current.meta.created_ms
        view.create_time.FromMilliseconds(current.meta.created_ms)
        live = self.games.live_score(current)
        if live is not None:
            view.live_score.CopyFrom(live)
        if current.status == st.STATUS_ACTIVE:
            view.clocks.extend(seat_clocks(current.meta, current.table, game, now_ms()))
        reply = pb.GetGameResponse(game=view)
        if request.with_decision:  # from the same loaded version as the view
            reply.decision.CopyFrom(self._decision_reply(request.game_id, current))
        return reply

    @rpc
    async def GetDecision(
        self, request: pb.GetDecisionRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetDecisionResponse:
        await self._key(context)
        current = await self.games.current(request.game_id, request.token)
        return self._decision_reply(request.game_id, current)

    def _decision_reply(self, game_id: str, current: Current) -> pb.GetDecisionResponse:
        """What the caller of a loaded game must decide now (GetDecision, GetGame's
        `with_decision`, WatchGame's seat_decision)."""
        return decision_reply(
            game_id,
            current.version,
            current.status,
            current.meta,
            current.table,
            current.game,
            current.viewer,
            now_ms(),
            self.games.live_score(current),
        )

    @rpc
    async def SubmitAction(
        self, request: pb.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> pb.SubmitActionResponse:
        await self._key(context)
        which = request.WhichOneof("answer")
        answer = request.structured if which == "structured" else request.text if which else None
        done = await self.games.submit(
            request.game_id,
            request.token,
            request.expected_version,
            request.idempotency_key,
            answer,
        )
        msg = pb.SubmitActionResponse(
            version=done.version, replayed=done.replayed, answer=done.answer
        )
        if done.event is not None:
            msg.event.CopyFrom(done.event)
            stamp(msg.event)
        # The seat's decision as GetDecision answers right after the answer, from the stored
        # game (a fresh load, as GetDecision's: the engine game this answer was applied to is
        # the cache's, which the next answer takes, and building options on it is not safe).
        current = await self.games.current(request.game_id, request.token)
        msg.next_decision.CopyFrom(self._decision_reply(request.game_id, current))
        msg.next_decision.ClearField("live_score")
        return msg

    @rpc
    async def UndoAnswers(
        self, request: pb.UndoAnswersRequest, context: grpc.aio.ServicerContext
    ) -> pb.UndoAnswersResponse:
        await self._key(context)
        done = await self.games.undo(
            request.game_id,
            request.token,
            request.expected_version,
            request.idempotency_key,
            request.count,
        )
        msg = pb.UndoAnswersResponse(version=done.version, replayed=done.replayed)
        if done.event is not None:
            msg.event.CopyFrom(done.event)
            stamp(msg.event)
        return msg

    @stream_rpc
    async def WatchGame(
        self, request: pb.WatchGameRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[pb.GameEvent]:
        await self._key(context)
        every = heartbeats.interval(request.heartbeat_seconds)
        events = watch(self.games, self.hub, request.game_id, request.token, request.from_version)
        decided = self.seat_decisions.added(request.game_id, request.token, events)
        last = request.from_version

        def beat() -> pb.GameEvent:
            now = now_ms()
            return pb.GameEvent(
                version=last, kind=pb.EVENT_KIND_HEARTBEAT, time_ms=now, event_time=timestamp(now)
            )

        async for event in heartbeats.beating(decided, every, beat):
            if event.kind != pb.EVENT_KIND_HEARTBEAT:
                last = event.version
            yield event

    @rpc
    async def ListGames(
        self, request: pb.ListGamesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListGamesResponse:
        await self._key(context)
        index = _INDEX.get(request.status)
        if index is None:
            raise InvalidArgument(f"unknown status {request.status}", reason="INVALID_STATUS")
        rows, next_token = await self.games.list(index, request.page_size, request.page_token)
        metas = await self.games.seating.seated_all(
            [GameMeta.from_json(game_id, row["meta"]) for game_id, row in rows]
        )
        return pb.ListGamesResponse(
            games=[
                summary_to_proto(game_id, row, meta)
                for (game_id, row), meta in zip(rows, metas, strict=True)
            ],
            next_page_token=next_token,
        )

    @rpc
    async def GetGameLog(
        self, request: pb.GetGameLogRequest, context: grpc.aio.ServicerContext
    ) -> pb.GameLog:
        await self._key(context)
        game_log = await self.games.log(request.game_id, request.token)
        over = game_log.ended
        msg = pb.GameLog(
            game_id=request.game_id,
            format=REPLAY_FORMAT if over else PUBLIC_LOG_FORMAT,
            settings=settings_to_proto(
                await self.games.seating.seated(game_log.meta), over, game_log.resigned()
            ),
            answers=[_logged_answer(a, public=not over) for a in game_log.answers],
            status=value_of(STATUSES, game_log.status),
            version=game_log.version,
            rules_version=game_log.meta.rules,
            # Like the seed, the start of a game from a position tells every hand: once over.
            position=game_log.meta.position if over else "",
        )
        if game_log.result is not None:
            msg.result.CopyFrom(result_to_proto(game_log.result))
        return msg

    @rpc
    async def Resign(
        self, request: pb.ResignRequest, context: grpc.aio.ServicerContext
    ) -> pb.ResignResponse:
        await self._key(context)
        version, replayed = await self.games.resign(request.game_id, request.token)
        return pb.ResignResponse(version=version, replayed=replayed)

    @rpc
    async def WhoAmI(
        self, request: pb.WhoAmIRequest, context: grpc.aio.ServicerContext
    ) -> pb.WhoAmIResponse:
        await self._key(context)
        who = await self.games.whoami(request.token)
        msg = pb.WhoAmIResponse(game_id=who.game_id, resigned=who.resigned)
        if who.seat == HOST:
            msg.role = pb.TOKEN_ROLE_HOST
        else:
            msg.role = pb.TOKEN_ROLE_SEAT
            msg.seat = who.seat
        return msg

    @rpc
    async def DescribeBoard(
        self, request: board_pb2.DescribeBoardRequest, context: grpc.aio.ServicerContext
    ) -> board_pb2.BoardDescription:
        await self._key(context)
        subject = request.WhichOneof("subject")
        if subject == "map":
            if request.token:
                raise InvalidArgument("a token goes with a game_id, not with a map")
            return describe_map(request.map)
        if subject is None:
            raise InvalidArgument("name a game (game_id) or a map (map)")
        meta = await self.games.meta(request.game_id)  # NOT_FOUND: GAME_NOT_FOUND
        await self.games.seat_for(meta, request.token)  # a token given must be valid
        board = describe_map(meta.options.map, meta.options.venus)
        board.table.CopyFrom(describe_table(meta.game_id, meta.options))
        if meta.options.colonies:
            board.colony_tiles.extend(describe_colony_tiles())
        return board

    @rpc
    async def ListTableChoices(
        self, request: pb.ListTableChoicesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListTableChoicesResponse:
        await self._key(context)
        return table_choices()

    @rpc
    async def GetGameRecord(
        self, request: pb.GetGameRecordRequest, context: grpc.aio.ServicerContext
    ) -> pb.GameRecord:
        await caller(self.auth, context, SCOPE_SERVICE)
        return await game_record(self.games, request.game_id)

    # --- the caller's own account --------------------------------------------------------------
    @rpc
    async def ListMyGames(
        self, request: pb.ListMyGamesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListMyGamesResponse:
        principal = await caller(self.auth, context, SCOPE_PLAY)  # key required
        return await self.accounts.list(
            principal, request.include_ended, request.page_size, request.page_token
        )

    @stream_rpc
    async def WatchAccount(
        self, request: pb.WatchAccountRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[pb.AccountEvent]:
        principal = await caller(self.auth, context, SCOPE_PLAY)  # key required
        metadata = context.invocation_metadata()

        async def recheck() -> None:
            await self.auth.authenticate(metadata)  # raises for a revoked key, a disabled account

        async for event in self.accounts.watch(principal, recheck):
            yield event

    # --- open tables and rematches (open_tables.py, rematch.py) ------------------------------
    @rpc
    async def ListOpenTables(
        self, request: pb.ListOpenTablesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListOpenTablesResponse:
        await self._key(context)
        return await self.open_tables.listed(request.page_size, request.page_token)

    @rpc
    async def TakeSeat(
        self, request: pb.TakeSeatRequest, context: grpc.aio.ServicerContext
    ) -> pb.TakeSeatResponse:
        principal = await caller(self.auth, context, SCOPE_PLAY)  # key required: whose seat
        seat = request.seat if request.HasField("seat") else None
        return await self.open_tables.take(principal, request.game_id, seat)

    @rpc
    async def Rematch(
        self, request: pb.RematchRequest, context: grpc.aio.ServicerContext
    ) -> pb.RematchResponse:
        principal = await self._key(context)
        if principal is not None and not principal.is_service and not request.lookup_only:
            principal.require(SCOPE_CREATE_GAMES)  # making one creates a game
        return await self.rematches.rematch(request.game_id, request.token, request.lookup_only)

    @rpc
    async def AbortGame(
        self, request: pb.AbortGameRequest, context: grpc.aio.ServicerContext
    ) -> pb.AbortGameResponse:
        await self._key(context)
        version = await self.ending.abort(request.game_id, request.token, request.reason)
        return pb.AbortGameResponse(version=version)


def table_choices() -> pb.ListTableChoicesResponse:
    """The bots this service seats and the maps the engine plays (the default first)."""
    bots = [pb.BotChoice(name=name, description=BOT_DESCRIPTIONS[name]) for name in sorted(BOTS)]
    maps = [pb.MapChoice(map=name, title=title) for name, title in MAP_TITLES.items()]
    return pb.ListTableChoicesResponse(bots=bots, maps=maps)


def _logged_answer(a: Logged, public: bool) -> pb.LoggedAnswer:
    """A logged answer; in public form (a running game), hidden card choices as a count."""
    msg = pb.LoggedAnswer(version=a.version, seat=a.seat, bot=a.bot, timed_out=a.timed_out)
    count = hidden_count(a.text) if public else None
    if count is None:
        msg.text = a.text
    else:
        msg.hidden = True
        msg.count = count
    return msg


def make_setup(
    retention_seconds: int,
    idempotency_seconds: int,
    inactivity_seconds: int = 0,
    sweep_seconds: float = 5.0,
    redis_timeout_s: float = REDIS_TIMEOUT_S,
    broker_url: str = "",
    anonymous_retention_seconds: int = st.DEFAULT_ANONYMOUS_RETENTION_S,
    accounts_address: str = "",
    account_heartbeat_s: float = HEARTBEAT_S,
    matchmaking_address: str = "",
    cache_memory: int = DEFAULT_CACHE_MEMORY,
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    """`broker_url`: the workers' task broker (empty: the service's Redis);
    `accounts_address`: the accounts service that checks API keys;
    `account_heartbeat_s`: WatchAccount's HEARTBEAT interval;
    `matchmaking_address`: where WatchAccount reads challenges and matched tickets (empty:
    WatchAccount tells games only);
    `cache_memory`: the bytes the per-game caches share (lru.CacheBudget)."""

    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, redis_timeout_s)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        store = st.GameStore(
            redis,
            retention_seconds,
            idempotency_seconds,
            inactivity_seconds,
            durability_from_env(os.environ),
            anonymous_retention_seconds,
        )
        sender = TaskSender(celery_app(broker_url or settings.redis_url))
        games = Games(store, dispatcher=sender, caches=CacheBudget(cache_memory))
        watch_redis = redis_client(
            settings.redis_url, f"{CLIENT_NAME}-watch", WATCH_READERS, redis_timeout_s
        )
        hub = EventHub(games, watch_redis, f"{CLIENT_NAME}-live", WATCH_READERS)
        hub.start()
        keys = key_service(accounts_address, redis)
        presence = service_presence(keys)
        notifier = None
        if presence is not None:  # webhooks: the workers read them with the credential
            notifier = games.notifier = Notifier(Outbox(store), presence)
            keys.auth.listeners.append(presence.on_key_event)
        handover = Handover(games)
        keys.auth.listeners.append(handover.on_key_event)
        keys.start()
        activity = (
            MatchmakingActivity(matchmaking_address, service_key_from_env())
            if matchmaking_address
            else None
        )
        servicer = GameService(games, hub, keys.auth, account_heartbeat_s, activity)
        keys.auth.listeners.append(servicer.accounts.on_key_event)
        # The generated *_pb2_grpc module comes without type stubs.
        game_pb2_grpc.add_GameServiceServicer_to_server(  # type: ignore[no-untyped-call]
            servicer, server
        )
        sweeper = Sweeper(servicer.ending, sweep_seconds)
        sweeper.start()

        async def probe() -> None:
            """Health: Redis answers and has room (NOT_SERVING at its maxmemory); and the
            active games gauge."""
            await check_storage(redis)
            metrics.GAMES_ACTIVE.set(await redis.zcard(st.index_key(st.STATUS_ACTIVE)))

        async def cleanup() -> None:
            await sweeper.close()
            await hub.shutdown()  # ends the watch streams still open (SHUTTING_DOWN)
            await hub.close()
            sender.close()
            if notifier is not None and presence is not None:
                await notifier.drain()
                await presence.close()
            await keys.close()
            await handover.close()
            if activity is not None:
                await activity.close()
            await store.close()
            await watch_redis.aclose()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME],
            cleanup=cleanup,
            on_stopping=hub.shutdown,
            probe=probe,
            authenticator=keys.auth,
        )

    return setup


def key_service(accounts_address: str, redis: Any) -> KeyService:
    """Key checks through the accounts service, resuming its events where this service left
    them (so a disabled account's seats are handed over even if it happened while no replica
    ran)."""
    from olympus.platform.keycheck import accounts_address_from_env

    return _remote_keys(
        accounts_address or accounts_address_from_env(),
        service_key_from_env(),
        RedisCursor(redis, KEY_EVENTS_CURSOR),
    )
