"""The GameService gRPC servicer: requests in, `core.Games` does the work, messages out."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any

import grpc
import orjson
import redis.asyncio as aioredis

from olympus.bots import BOTS
from olympus.engine import GameOptions
from olympus.platform.config import ServiceSettings
from olympus.platform.errors import InvalidArgument, quote
from olympus.platform.server import rpc, stream_rpc
from olympus.v1 import game_pb2 as pb
from olympus.v1 import game_pb2_grpc

from . import store as st
from .convert import decision_to_proto, result_to_proto, view_to_proto
from .core import REPLAY_FORMAT, Games
from .meta import GameMeta, SeatMeta, TimeControl
from .watch import EventHub, watch

SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["GameService"].full_name
NAME_LIMIT = 40
REDIS_TIMEOUT_S = 10.0
# The connections a process holds, whatever the number of games or watchers (CLIENT LIST shows
# them by name): the service's calls, the answer path's own pipelined one (pipe.py, named like
# the calls), the watchers' stream reads, and the one live-event subscriber.
CLIENT_NAME = "olympus-gamestate"
REDIS_CONNECTIONS = 16
WATCH_READERS = 4

_STATUS = {
    st.STATUS_ACTIVE: pb.GAME_STATUS_ACTIVE,
    st.STATUS_FINISHED: pb.GAME_STATUS_FINISHED,
}
_INDEX = {
    pb.GAME_STATUS_UNSPECIFIED: st.INDEX_ALL,
    pb.GAME_STATUS_ACTIVE: st.STATUS_ACTIVE,
    pb.GAME_STATUS_FINISHED: st.STATUS_FINISHED,
}


def options_from_request(request: pb.CreateGameRequest) -> tuple[GameOptions, list[SeatMeta]]:
    o = request.options
    players = o.players or len(request.seats)
    if request.seats and len(request.seats) != players:
        raise InvalidArgument(
            f"{len(request.seats)} seats given for {players} players", reason="INVALID_OPTIONS"
        )
    specs = list(request.seats) or [pb.SeatSpec() for _ in range(players)]
    seats = []
    for i, spec in enumerate(specs):
        bot = ""
        if spec.kind == pb.SEAT_KIND_BOT:
            bot = spec.bot or "random"
            if bot not in BOTS:
                raise InvalidArgument(
                    f"unknown bot {quote(bot)}; known: {', '.join(sorted(BOTS))}",
                    reason="UNKNOWN_BOT",
                )
        elif spec.bot:
            raise InvalidArgument(
                f"seat {i} is a human seat but names a bot", reason="INVALID_OPTIONS"
            )
        if len(spec.name) > NAME_LIMIT:
            raise InvalidArgument(
                f"seat names are at most {NAME_LIMIT} characters", reason="INVALID_NAME"
            )
        seats.append(SeatMeta(seat=i, bot=bot, beginner=spec.beginner, name=spec.name))
    options = GameOptions(  # InvalidOptions -> INVALID_ARGUMENT
        players=players,
        seed=o.seed if o.HasField("seed") else secrets.randbelow(2**63),
        corporate_era=o.corporate_era if o.HasField("corporate_era") else True,
        draft=o.draft,
        solo_tr63=o.solo_tr63,
        beginner=tuple(s.beginner for s in seats) if any(s.beginner for s in seats) else (),
        map=o.map or "tharsis",
    )
    return options, seats


def settings_to_proto(meta: GameMeta, reveal_seed: bool) -> pb.GameSettings:
    o = meta.options
    options = pb.GameOptions(
        players=o.players,
        corporate_era=o.corporate_era,
        draft=o.draft,
        solo_tr63=o.solo_tr63,
        map=o.map,
    )
    if reveal_seed:
        options.seed = o.seed
    return pb.GameSettings(
        options=options,
        seats=[
            pb.SeatInfo(
                seat=s.seat,
                kind=pb.SEAT_KIND_BOT if s.is_bot else pb.SEAT_KIND_HUMAN,
                bot=s.bot,
                beginner=s.beginner,
                name=s.name,
            )
            for s in meta.seats
        ],
        time_control=pb.TimeControl(
            seconds_per_game=meta.time_control.seconds_per_game,
            seconds_per_decision=meta.time_control.seconds_per_decision,
        ),
    )


def _summary_to_proto(game_id: str, row: dict[str, Any]) -> pb.GameSummary:
    meta = GameMeta.from_json(game_id, row["meta"])
    status = row["status"].decode()
    msg = pb.GameSummary(
        game_id=game_id,
        status=_STATUS[status],
        version=int(row["version"]),
        players=meta.options.players,
        seats=settings_to_proto(meta, False).seats,
        generation=int(row["generation"] or 0),
        phase=(row["phase"] or b"").decode(),
        waiting_for=orjson.loads(row["waiting"] or b"[]"),
        created_at_ms=int(row["created"] or 0),
        updated_at_ms=int(row["updated"] or 0),
    )
    if row["result"]:
        msg.result.CopyFrom(result_to_proto(orjson.loads(row["result"])))
    return msg


class GameService(game_pb2_grpc.GameServiceServicer):
    def __init__(self, games: Games, hub: EventHub) -> None:
        self.games = games
        self.hub = hub

    @rpc
    async def CreateGame(
        self, request: pb.CreateGameRequest, context: grpc.aio.ServicerContext
    ) -> pb.CreateGameResponse:
        options, seats = options_from_request(request)
        tc = request.time_control
        created = await self.games.create(
            options, seats, TimeControl(tc.seconds_per_game, tc.seconds_per_decision)
        )
        return pb.CreateGameResponse(
            game_id=created.meta.game_id,
            version=1,
            seats=[
                pb.SeatToken(
                    seat=s.seat,
                    kind=pb.SEAT_KIND_BOT if s.is_bot else pb.SEAT_KIND_HUMAN,
                    token=created.tokens.get(s.seat, ""),
                )
                for s in seats
            ],
            host_token=created.host_token,
        )

    @rpc
    async def GetGame(
        self, request: pb.GetGameRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetGameResponse:
        current = await self.games.current(request.game_id, request.token)
        game = current.game
        view = view_to_proto(game, current.viewer)
        view.game_id = request.game_id
        view.version = current.version
        view.status = pb.GAME_STATUS_FINISHED if game.is_over else pb.GAME_STATUS_ACTIVE
        view.settings.CopyFrom(settings_to_proto(current.meta, reveal_seed=game.is_over))
        view.created_at_ms = current.meta.created_ms
        return pb.GetGameResponse(game=view)

    @rpc
    async def GetDecision(
        self, request: pb.GetDecisionRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetDecisionResponse:
        current = await self.games.current(request.game_id, request.token)
        game = current.game
        msg = pb.GetDecisionResponse(
            game_id=request.game_id,
            version=current.version,
            status=pb.GAME_STATUS_FINISHED if game.is_over else pb.GAME_STATUS_ACTIVE,
            waiting_for=game.waiting_for(),
            phase=game.phase,
            generation=game.generation,
        )
        if current.viewer is not None:
            msg.seat = current.viewer
            for d in game.decisions():
                if d.player == current.viewer:
                    msg.your_turn = True
                    msg.decision.CopyFrom(decision_to_proto(d))
                    break
        return msg

    @rpc
    async def SubmitAction(
        self, request: pb.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> pb.SubmitActionResponse:
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
        return msg

    @stream_rpc
    async def WatchGame(
        self, request: pb.WatchGameRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[pb.GameEvent]:
        async for event in watch(
            self.games, self.hub, request.game_id, request.token, request.from_version
        ):
            yield event

    @rpc
    async def ListGames(
        self, request: pb.ListGamesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListGamesResponse:
        index = _INDEX.get(request.status)
        if index is None:
            raise InvalidArgument(f"unknown status {request.status}", reason="INVALID_STATUS")
        rows, next_token = await self.games.list(index, request.page_size, request.page_token)
        return pb.ListGamesResponse(
            games=[_summary_to_proto(game_id, row) for game_id, row in rows],
            next_page_token=next_token,
        )

    @rpc
    async def GetGameLog(
        self, request: pb.GetGameLogRequest, context: grpc.aio.ServicerContext
    ) -> pb.GameLog:
        game_log = await self.games.log(request.game_id, request.token)
        msg = pb.GameLog(
            game_id=request.game_id,
            format=REPLAY_FORMAT,
            settings=settings_to_proto(game_log.meta, reveal_seed=True),
            answers=[
                pb.LoggedAnswer(version=a.version, seat=a.seat, text=a.text, bot=a.bot)
                for a in game_log.answers
            ],
            status=pb.GAME_STATUS_FINISHED if game_log.finished else pb.GAME_STATUS_ACTIVE,
            version=game_log.version,
        )
        if game_log.result is not None:
            msg.result.CopyFrom(result_to_proto(game_log.result))
        return msg


def redis_client(url: str, name: str, connections: int) -> aioredis.Redis:
    """A client that never opens more than `connections` connections: a call finding them all
    busy waits for one (up to REDIS_TIMEOUT_S, then UNAVAILABLE) instead of failing at once
    with "Too many connections"."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=connections,
        timeout=REDIS_TIMEOUT_S,
        socket_timeout=REDIS_TIMEOUT_S,
        client_name=name,
    )
    return aioredis.Redis.from_pool(pool)


def make_setup(
    retention_seconds: int, idempotency_seconds: int
) -> Callable[
    [grpc.aio.Server, ServiceSettings],
    Awaitable[tuple[Sequence[str], Callable[[], Awaitable[None]] | None]],
]:
    async def setup(
        server: grpc.aio.Server, settings: ServiceSettings
    ) -> tuple[Sequence[str], Callable[[], Awaitable[None]] | None]:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        store = st.GameStore(redis, retention_seconds, idempotency_seconds)
        games = Games(store)
        watch_redis = redis_client(settings.redis_url, f"{CLIENT_NAME}-watch", WATCH_READERS)
        hub = EventHub(games, watch_redis, f"{CLIENT_NAME}-live", WATCH_READERS)
        hub.start()
        # The generated *_pb2_grpc module comes without type stubs.
        game_pb2_grpc.add_GameServiceServicer_to_server(  # type: ignore[no-untyped-call]
            GameService(games, hub), server
        )

        async def cleanup() -> None:
            await hub.shutdown()  # ends the watch streams still open (SHUTTING_DOWN)
            await hub.close()
            await games.drain()
            await store.close()
            await watch_redis.aclose()
            await redis.aclose()

        return [SERVICE_NAME], cleanup

    return setup
