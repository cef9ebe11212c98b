"""The LadderService gRPC servicer, and the setup that starts the ladders' scheduler.

Creating, opening and stopping ladders needs an admin key; reading needs none. The service
owns its keys (store.py) and talks to the others through their APIs (peers.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

import grpc

from olympus.platform.config import ServiceSettings
from olympus.platform.errors import AlreadyExists, InvalidArgument, quote
from olympus.platform.identity import SCOPE_ADMIN, service_key_from_env
from olympus.platform.keycheck import (
    Authenticator,
    accounts_address_from_env,
    caller,
    remote_key_service,
)
from olympus.platform.redis_pool import redis_client
from olympus.platform.server import ServiceHooks, rpc
from olympus.platform.storage import check_storage
from olympus.v1 import ladder_pb2, ladder_pb2 as pb, ladder_pb2_grpc

from .peers import Addresses, Peers, Refused
from .schedule import LADDER_SECONDS, LadderScheduler
from .store import (
    ABORTED,
    BOT_PREFIX,
    FINISHED,
    RUNNING,
    STOPPED,
    LadderRow,
    LadderSpec,
    LadderStore,
)

SERVICE_NAME: str = ladder_pb2.DESCRIPTOR.services_by_name["LadderService"].full_name
CLIENT_NAME = "olympus-ladder"
REDIS_CONNECTIONS = 8
REDIS_TIMEOUT_S = 1.0
DEFAULT_PAGE = 20
MAX_PAGE = 100

_STATES = {RUNNING: pb.LADDER_STATE_RUNNING, STOPPED: pb.LADDER_STATE_STOPPED}
_GAME_STATES = {
    RUNNING: pb.LADDER_GAME_STATE_RUNNING,
    FINISHED: pb.LADDER_GAME_STATE_FINISHED,
    ABORTED: pb.LADDER_GAME_STATE_ABORTED,
}


def ladder_to_proto(row: LadderRow) -> pb.Ladder:
    spec = row.spec
    msg = pb.Ladder(
        name=spec.name,
        bots=list(spec.bots),
        players=list(spec.players),
        concurrent=spec.concurrent,
        corporate_era=spec.corporate_era,
        open=spec.open,
        decision_seconds=spec.decision_seconds,
        max_games=spec.max_games,
        prelude=spec.prelude,
        colonies=spec.colonies,
        venus=spec.venus,
        world_government=spec.wgt,
        map=spec.map,
        state=_STATES.get(row.state, pb.LADDER_STATE_UNSPECIFIED),  # type: ignore[arg-type]
        games_started=row.started,
        games_finished=row.finished,
        games_aborted=row.aborted,
        games_running=row.running,
    )
    if row.created_ms:
        msg.create_time.FromMilliseconds(row.created_ms)
    return msg


def spec_from_request(request: pb.CreateLadderRequest) -> LadderSpec:
    return LadderSpec(
        request.name,
        tuple(request.bots),
        tuple(request.players) or (2,),
        request.concurrent or 4,
        request.corporate_era if request.HasField("corporate_era") else True,
        request.open,
        request.decision_seconds,
        request.max_games,
        request.prelude,
        request.colonies,
        request.venus,
        request.world_government if request.HasField("world_government") else None,
        request.map or "tharsis",
    )


def _page(size: int) -> int:
    size = size or DEFAULT_PAGE
    if not 1 <= size <= MAX_PAGE:
        raise InvalidArgument(f"page_size: 1 to {MAX_PAGE}", reason="INVALID_PAGE_SIZE")
    return size


class LadderService(ladder_pb2_grpc.LadderServiceServicer):
    def __init__(self, store: LadderStore, peers: Peers, auth: Authenticator) -> None:
        self.store = store
        self.peers = peers
        self.auth = auth

    async def _known_bots(self, bots: tuple[str, ...]) -> None:
        known = await self.peers.bots()
        unknown = [b for b in bots if b not in known]
        if unknown:
            raise InvalidArgument(
                f"unknown bot {quote(unknown[0])}; the game service seats: "
                f"{', '.join(sorted(known))}",
                reason="INVALID_LADDER",
            )

    @rpc
    async def CreateLadder(
        self, request: pb.CreateLadderRequest, context: grpc.aio.ServicerContext
    ) -> pb.Ladder:
        await caller(self.auth, context, SCOPE_ADMIN)
        spec = spec_from_request(request)
        await self._known_bots(spec.bots)
        if spec.name in await self.store.names():
            row = await self.store.row(spec.name)
            if row.state == RUNNING:
                if row.spec.same_table_as(spec):
                    return ladder_to_proto(row)
                raise AlreadyExists(
                    f"ladder {quote(spec.name)} runs with another spec: stop it first",
                    reason="ALREADY_EXISTS",
                )
        await self.store.save(spec, RUNNING)
        return ladder_to_proto(await self.store.row(spec.name))

    @rpc
    async def GetLadder(
        self, request: pb.GetLadderRequest, context: grpc.aio.ServicerContext
    ) -> pb.Ladder:
        return ladder_to_proto(await self.store.row(request.name))

    @rpc
    async def ListLadders(
        self, request: pb.ListLaddersRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListLaddersResponse:
        rows = [await self.store.row(name) for name in await self.store.names()]
        return pb.ListLaddersResponse(ladders=[ladder_to_proto(r) for r in rows])

    @rpc
    async def SetLadderOpen(
        self, request: pb.SetLadderOpenRequest, context: grpc.aio.ServicerContext
    ) -> pb.Ladder:
        await caller(self.auth, context, SCOPE_ADMIN)
        row = await self.store.row(request.name)
        # Only `open` changes: the table (modules, map) stays the ladder's own.
        await self.store.save(replace(row.spec, open=request.open), row.state)
        return ladder_to_proto(await self.store.row(request.name))

    @rpc
    async def StopLadder(
        self, request: pb.StopLadderRequest, context: grpc.aio.ServicerContext
    ) -> pb.Ladder:
        await caller(self.auth, context, SCOPE_ADMIN)
        await self.store.row(request.name)  # NOT_FOUND
        await self.store.set_state(request.name, STOPPED)
        return ladder_to_proto(await self.store.row(request.name))

    @rpc
    async def GetStandings(
        self, request: pb.GetStandingsRequest, context: grpc.aio.ServicerContext
    ) -> pb.GetStandingsResponse:
        await self.store.row(request.name)  # NOT_FOUND
        size = _page(request.page_size)
        try:
            board = await self.peers.leaderboard(request.name, size, request.page_token)
        except Refused as exc:
            if exc.reason == "UNKNOWN_QUEUE":
                return pb.GetStandingsResponse()  # nothing rated yet
            raise
        out = pb.GetStandingsResponse(
            next_page_token=board.next_page_token, total_count=board.total_count
        )
        for entry in board.entries:
            bot = (
                entry.player.removeprefix(BOT_PREFIX) if entry.player.startswith(BOT_PREFIX) else ""
            )
            out.standings.add(rank=entry.rank, player=entry.player, bot=bot, rating=entry.rating)
        return out

    @rpc
    async def ListLadderGames(
        self, request: pb.ListLadderGamesRequest, context: grpc.aio.ServicerContext
    ) -> pb.ListLadderGamesResponse:
        await self.store.row(request.name)  # NOT_FOUND
        size = _page(request.page_size)
        start = 0
        if request.page_token:
            if not request.page_token.isdigit() or len(request.page_token) > 12:
                raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
            start = int(request.page_token)
        games, total = await self.store.games_page(request.name, start, size)
        out = pb.ListLadderGamesResponse(total_count=total)
        for game_id, entry in games:
            game = out.games.add(
                game_id=game_id,
                state=_GAME_STATES.get(
                    entry.get("state", RUNNING), pb.LADDER_GAME_STATE_UNSPECIFIED
                ),  # type: ignore[arg-type]
                players=entry["players"],
            )
            game.start_time.FromMilliseconds(int(entry["start"]))
            if entry.get("end"):
                game.end_time.FromMilliseconds(int(entry["end"]))
        if start + size < total:
            out.next_page_token = str(start + size)
        return out


def make_setup(
    addresses: Addresses, every_s: float = LADDER_SECONDS, scheduler_on: bool = True
) -> Callable[[grpc.aio.Server, ServiceSettings], Awaitable[ServiceHooks]]:
    async def setup(server: grpc.aio.Server, settings: ServiceSettings) -> ServiceHooks:
        redis = redis_client(settings.redis_url, CLIENT_NAME, REDIS_CONNECTIONS, REDIS_TIMEOUT_S)
        await redis.ping()  # fail at start, not at the first call, when Redis is not there
        service_key = service_key_from_env()
        keys = remote_key_service(addresses.accounts or accounts_address_from_env(), service_key)
        keys.start()
        store = LadderStore(redis)
        peers = Peers(addresses, service_key)
        scheduler = LadderScheduler(store, peers, every_s)
        # The generated *_pb2_grpc module comes without type stubs.
        ladder_pb2_grpc.add_LadderServiceServicer_to_server(  # type: ignore[no-untyped-call]
            LadderService(store, peers, keys.auth), server
        )
        if scheduler_on:
            scheduler.start()

        async def probe() -> None:
            await check_storage(redis)  # NOT_SERVING while Redis is out of reach or full

        async def cleanup() -> None:
            await scheduler.stop()
            await keys.close()
            await peers.close()
            await redis.aclose()

        return ServiceHooks(
            names=[SERVICE_NAME],
            cleanup=cleanup,
            on_stopping=scheduler.stop,
            probe=probe,
            authenticator=keys.auth,
        )

    return setup
