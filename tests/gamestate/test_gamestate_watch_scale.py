"""WatchGame at scale: many watchers on a few Redis connections, none of them starving answers;
no event lost or doubled when the live-event connection drops or the stream is trimmed; and
shutdown ends every stream at once, telling the client to reconnect.

The streams are held with grpc.aio (hundreds cost little); every test has its own service
process and, where it counts or kills Redis connections, its own redis-server.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc
import redis

from olympus.client import OlympusClient
from olympus.engine import Game, GameOptions
from olympus.gamestate.service import REDIS_CONNECTIONS, WATCH_READERS, make_setup
from olympus.platform.config import ServiceSettings
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as pb, game_pb2_grpc
from services import running_service

SERVICE_NAME = "olympus-gamestate"  # every connection of the service is named so
OBSERVER = "watch-scale-test"
# The service's calls, the answer path's pipe, the watchers' reads, the live-event subscriber.
CONNECTION_BOUND = REDIS_CONNECTIONS + 1 + WATCH_READERS + 1
HANG_GUARD_S = 30.0  # only against a hang: nothing here is timed


def _answers(seed: int, limit: int) -> list[tuple[int, str]]:
    """Legal answers of a 2-seat game, from a local engine playing the same seed."""
    game = Game.new(GameOptions(players=2, seed=seed))
    rnd = random.Random(seed)
    out: list[tuple[int, str]] = []
    while len(out) < limit:
        decision = game.decisions()[0]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out


@dataclass
class Table:
    game_id: str
    tokens: dict[int, str]
    host_token: str
    answers: list[tuple[int, str]]
    version: int = 1


@dataclass
class Watcher:
    game_id: str
    events: list[pb.GameEvent] = field(default_factory=list)

    @property
    def versions(self) -> list[int]:
        return [e.version for e in self.events]


async def _create(stub: Any, seed: int, answers: int) -> Table:
    options = pb.GameOptions(players=2, seed=seed)
    reply = await stub.CreateGame(pb.CreateGameRequest(options=options), timeout=30)
    tokens = {s.seat: s.token for s in reply.seats}
    return Table(reply.game_id, tokens, reply.host_token, _answers(seed, answers))


async def _answer(stub: Any, table: Table) -> None:
    seat, text = table.answers.pop(0)
    reply = await stub.SubmitAction(
        pb.SubmitActionRequest(
            game_id=table.game_id,
            token=table.tokens[seat],
            expected_version=table.version,
            idempotency_key=f"t-{table.version}",
            text=text,
        ),
        timeout=30,
    )
    table.version = reply.version


async def _watch(stub: Any, watcher: Watcher, from_version: int) -> None:
    request = pb.WatchGameRequest(game_id=watcher.game_id, from_version=from_version)
    async for event in stub.WatchGame(request):
        watcher.events.append(event)


async def _until(condition: Any, what: str, streams: Sequence[asyncio.Future[None]]) -> None:
    """Poll until `condition()` holds (a hang guard, not a timing assertion). The streams here
    never end by themselves: one that does failed, and so does the test, with its error."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HANG_GUARD_S
    while not condition():
        for stream in streams:
            if stream.done():
                raise AssertionError(f"a watch stream ended: {stream.exception()!r}")
        if loop.time() > deadline:
            raise AssertionError(f"still waiting for {what}")
        await asyncio.sleep(0.02)


def _service_connections(observer: redis.Redis) -> list[dict[str, Any]]:
    return [c for c in observer.client_list() if c.get("name") != OBSERVER]


def _assert_every_event_once_in_order(
    watchers: list[Watcher], tables: dict[str, Table], first: int
) -> None:
    by_game: dict[str, list[pb.GameEvent]] = {}
    for w in watchers:
        assert w.versions == list(range(first, tables[w.game_id].version + 1)), w.game_id
        # Whoever heard it, an event is the same message.
        assert by_game.setdefault(w.game_id, w.events) == w.events


@contextmanager
def _observer(url: str) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(url, client_name=OBSERVER)
    try:
        yield r
    finally:
        r.close()


# --- many watchers, a fixed number of connections ----------------------------------------------
GAMES = 100
WATCHERS_PER_GAME = 3
ROUNDS = 4  # answers per game while watched


def test_300_watchers_on_100_games_hold_a_fixed_few_connections(
    private_redis: EmbeddedRedis,
) -> None:
    with (
        running_service(
            "gamestate", "--redis-url", private_redis.url, "--quota-create-game-anonymous", "off"
        ) as service,
        _observer(private_redis.url) as observer,
    ):
        asyncio.run(_many_watchers(service.address, observer))


async def _many_watchers(address: str, observer: redis.Redis) -> None:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        tables = {t.game_id: t for t in [await _create(stub, s, ROUNDS) for s in range(GAMES)]}
        watchers = [Watcher(g) for g in tables for _ in range(WATCHERS_PER_GAME)]
        streams = [asyncio.ensure_future(_watch(stub, w, 0)) for w in watchers]
        try:
            await _until(
                lambda: all(w.events for w in watchers), "every watcher's first event", streams
            )
            peak = len(_service_connections(observer))
            for round_ in range(ROUNDS):
                # Every game answers at once while everything else keeps working.
                await asyncio.gather(*(_answer(stub, t) for t in tables.values()))
                extra = await _create(stub, 1000 + round_, 1)
                listed = await stub.ListGames(pb.ListGamesRequest(page_size=500), timeout=30)
                assert extra.game_id in {g.game_id for g in listed.games}
                some = next(iter(tables.values()))
                log = await stub.GetGameLog(
                    pb.GetGameLogRequest(game_id=some.game_id, token=some.host_token), timeout=30
                )
                assert log.version == some.version
                await _answer(stub, extra)
                peak = max(peak, len(_service_connections(observer)))
            await _until(
                lambda: all(w.versions[-1] == tables[w.game_id].version for w in watchers),
                "every watcher's last event",
                streams,
            )
        finally:
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
        for stream in streams:  # none ended by itself: no error
            assert stream.cancelled()
    _assert_every_event_once_in_order(watchers, tables, first=1)
    # However many games are watched, the service holds a few named connections.
    assert peak <= CONNECTION_BOUND < GAMES
    connections = _service_connections(observer)
    assert connections and all(c["name"].startswith(SERVICE_NAME) for c in connections)
    assert sum(c["name"] == f"{SERVICE_NAME}-live" for c in connections) == 1


# --- the live-event connection drops ------------------------------------------------------------
def test_watchers_lose_nothing_when_the_live_connection_drops(
    private_redis: EmbeddedRedis,
) -> None:
    with (
        running_service(
            "gamestate", "--redis-url", private_redis.url, "--quota-create-game-anonymous", "off"
        ) as service,
        _observer(private_redis.url) as observer,
    ):
        asyncio.run(_connection_drops(service.address, observer))


def _live_connection(observer: redis.Redis) -> str | None:
    ids = [c["id"] for c in observer.client_list() if c.get("name") == f"{SERVICE_NAME}-live"]
    assert len(ids) <= 1
    return ids[0] if ids else None


async def _connection_drops(address: str, observer: redis.Redis) -> None:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        tables = {t.game_id: t for t in [await _create(stub, s, 40) for s in (1, 2, 3)]}
        watchers = [Watcher(g) for g in tables for _ in range(4)]
        streams = [asyncio.ensure_future(_watch(stub, w, 1)) for w in watchers]
        channels = [f"olympus:{{g:{g}}}:live" for g in tables]
        unheard = 0  # answers committed while the service was not subscribed
        try:
            await _until(
                lambda: all(observer.pubsub_numsub(*channels)[i][1] for i in range(3)),
                "subscriptions",
                streams,
            )
            for _ in range(6):
                killed = _live_connection(observer)
                assert killed is not None
                observer.client_kill_filter(_id=killed)
                for table in tables.values():  # at once, before the service is back
                    if not observer.pubsub_numsub(channels[0])[0][1]:
                        unheard += 1
                    await _answer(stub, table)
                await _until(
                    lambda k=killed: _live_connection(observer) not in (None, k),
                    "reconnection",
                    streams,
                )
                for table in tables.values():  # and once it is back
                    await _answer(stub, table)
            await _until(
                lambda: all(
                    w.events and w.versions[-1] == tables[w.game_id].version for w in watchers
                ),
                "every watcher's last event",
                streams,
            )
        finally:
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
    assert unheard > 0  # the drops did hide events from the live feed
    _assert_every_event_once_in_order(watchers, tables, first=2)


# --- answers made on another replica -----------------------------------------------------------
def test_watchers_hear_the_answers_another_replica_made(redis_url: str) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_url, "--quotas", "off") as watched,
        running_service("gamestate", "--redis-url", redis_url, "--quotas", "off") as answering,
    ):
        asyncio.run(_two_replicas(watched.address, answering.address))


async def _two_replicas(watched: str, answering: str) -> None:
    async with (
        grpc.aio.insecure_channel(watched) as watch_channel,
        grpc.aio.insecure_channel(answering) as answer_channel,
    ):
        watch_stub = game_pb2_grpc.GameServiceStub(watch_channel)  # type: ignore[no-untyped-call]
        answer_stub = game_pb2_grpc.GameServiceStub(answer_channel)  # type: ignore[no-untyped-call]
        tables = {t.game_id: t for t in [await _create(answer_stub, s, 12) for s in range(5)]}
        watchers = [Watcher(g) for g in tables for _ in range(3)]
        streams = [asyncio.ensure_future(_watch(watch_stub, w, 0)) for w in watchers]
        try:
            await _until(lambda: all(w.events for w in watchers), "every first event", streams)
            for _ in range(12):
                await asyncio.gather(*(_answer(answer_stub, t) for t in tables.values()))
            await _until(
                lambda: all(w.versions[-1] == tables[w.game_id].version for w in watchers),
                "every watcher's last event",
                streams,
            )
        finally:
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
    _assert_every_event_once_in_order(watchers, tables, first=1)


# --- the stream is trimmed ----------------------------------------------------------------------
def test_watching_from_0_a_trimmed_stream_rebuilds_the_older_events(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=71)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    for made, (seat, text) in enumerate(_answers(71, 60), start=2):
        seats[seat].act(text, version=made - 1)
    stored = list(itertools.islice(client.spectate(game.game_id).watch(from_version=0), 61))
    r = redis.Redis.from_url(redis_url)
    r.xtrim(f"olympus:{{g:{game.game_id}}}:events", maxlen=10, approximate=False)
    assert r.xlen(f"olympus:{{g:{game.game_id}}}:events") == 10
    r.close()

    def untimed(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{**e, "time_ms": 0} for e in events]

    def take(stream: Iterator[dict[str, Any]], first: int, last: int) -> list[dict[str, Any]]:
        got = []
        for version in range(first, last + 1):  # checked one by one: a gap fails at once
            got.append(next(stream))
            assert got[-1]["version"] == version
        return got

    watcher = client.spectate(game.game_id)
    for start in (0, 17, 50, 52):
        got = take(watcher.watch(from_version=start), start + 1, 61)
        assert untimed(got) == untimed(stored[start:])
        # Those still in the stream (52 to 61) come as stored, times included.
        assert [e for e in got if e["version"] >= 52] == stored[max(start, 51) :]
    # ... and then it follows live.
    live = watcher.watch(from_version=0)
    assert untimed(take(live, 1, 61)) == untimed(stored)
    seat, text = _answers(71, 61)[-1]
    seats[seat].act(text, version=61)
    assert next(live)["version"] == 62


# --- shutdown -----------------------------------------------------------------------------------
def test_shutdown_ends_every_watch_stream_at_once(redis_url: str) -> None:
    asyncio.run(_shutdown(redis_url))


async def _shutdown(redis_url: str) -> None:
    server = grpc.aio.server()
    settings = ServiceSettings("gamestate", "127.0.0.1", 0, redis_url, 30.0, "WARNING")
    hooks = await make_setup(3600, 3600)(server, settings)
    stopping, cleanup = hooks.on_stopping, hooks.cleanup
    assert stopping is not None and cleanup is not None
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            table = await _create(stub, 5, 0)
            watchers = [Watcher(table.game_id) for _ in range(20)]
            streams = [asyncio.ensure_future(_watch(stub, w, 0)) for w in watchers]
            await _until(
                lambda: all(w.events for w in watchers), "every watcher's first event", streams
            )
            await stopping()  # what the server runs first when it stops
            ended = asyncio.gather(*streams, return_exceptions=True)
            outcomes = await asyncio.wait_for(ended, HANG_GUARD_S)
            for outcome in outcomes:
                assert isinstance(outcome, grpc.aio.AioRpcError), outcome
                assert outcome.code() == grpc.StatusCode.UNAVAILABLE
                assert error_details(outcome)[0] == "SHUTTING_DOWN"
    finally:
        await server.stop(None)
        await cleanup()
