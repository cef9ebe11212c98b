"""The service as operators run it: health, reflection, deadlines, shutdown, retention."""

from __future__ import annotations

import random
import threading

import grpc
import pytest
import redis
from gamestate_players import act_once
from google.protobuf import descriptor_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from olympus.bots import BOTS
from olympus.client import GameServiceError, OlympusClient
from olympus.gamestate.store import game_key
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2 as pb
from services import ServiceProcess, running_service


def test_health_and_reflection(gamestate: ServiceProcess) -> None:
    with grpc.insecure_channel(gamestate.address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for name in ("", "olympus.v1.GameService"):
            reply = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5)
            assert reply.status == health_pb2.HealthCheckResponse.SERVING
        reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
        replies = reflection.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=5
        )
        names = {s.name for r in replies for s in r.list_services_response.service}
        assert "olympus.v1.GameService" in names
        # v1 too (what grpcurl asks first), with the same messages; errors.proto is found by
        # its symbols like every other file.
        v1 = channel.stream_stream(
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        asked = [
            reflection_pb2.ServerReflectionRequest(list_services=""),
            reflection_pb2.ServerReflectionRequest(file_containing_symbol="olympus.v1.ErrorReason"),
            reflection_pb2.ServerReflectionRequest(
                file_containing_symbol="olympus.v1.SubmitActionRequest"
            ),
        ]
        listed, errors_file, game_file = list(v1(iter(asked), timeout=5))
        assert "olympus.v1.GameService" in {s.name for s in listed.list_services_response.service}
        for reply, name in (
            (errors_file, "olympus/v1/errors.proto"),
            (game_file, "olympus/v1/game.proto"),
        ):
            files = [
                descriptor_pb2.FileDescriptorProto.FromString(raw)
                for raw in reply.file_descriptor_response.file_descriptor_proto
            ]
            assert name in {f.name for f in files}, reply


def test_a_watch_past_its_deadline_ends_and_the_service_goes_on(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=71)
    request = pb.WatchGameRequest(game_id=game.game_id, from_version=1)  # nothing new comes
    with pytest.raises(grpc.RpcError) as info:
        list(client.stub.WatchGame(request, timeout=0.5))
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert client.spectate(game.game_id).decision().version == 1


def test_sigterm_with_an_open_stream_exits_cleanly(redis_url: str) -> None:
    with (
        running_service("gamestate", "--redis-url", redis_url, "--grace", "1") as service,
        OlympusClient(service.address) as client,
    ):
        game = client.create_game(players=2, seed=72)
        ended: list[BaseException | None] = []
        streaming = threading.Event()

        def watch() -> None:
            try:
                for _ in client.spectate(game.game_id).watch(from_version=0, resume=False):
                    streaming.set()  # the "created" event came: the stream is open
                ended.append(None)
            except GameServiceError as exc:
                ended.append(exc)

        watcher = threading.Thread(target=watch)
        watcher.start()
        assert streaming.wait(20)
        assert service.stop() == 0
        watcher.join(20)
        assert not watcher.is_alive() and ended and ended[0] is not None
    assert "stopped" in service.log()


def test_lost_redis_connections_and_flushed_scripts(private_redis: EmbeddedRedis) -> None:
    """Redis drops every client connection, or forgets its scripts, in mid-game: calls in
    flight fail with UNAVAILABLE (the SDK retries them, with the same key), the next ones
    connect again, and the game goes on with no answer lost or doubled. On a Redis of its own:
    the session's workers share the session's, and a broker connection killed just before a
    script flush ends a Celery worker (kombu's NoScriptError is unrecoverable to it)."""
    redis_url = private_redis.url
    admin = redis.Redis.from_url(redis_url)
    with (
        running_service("gamestate", "--redis-url", redis_url) as service,
        OlympusClient(service.address, retries=8, backoff=0.05) as client,
    ):
        game = client.create_game(players=2, seed=74)
        seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
        rnd = random.Random(74)
        for step in range(60):
            if step % 10 == 5:
                admin.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
            if step % 10 == 8:
                admin.script_flush()
            act_once(seats[client.spectate(game.game_id).decision().waiting_for[0]], rnd)
        log = client.game_log(game.game_id, game.host_token)
        assert [a["version"] for a in log["answers"]] == list(range(2, 62))
    admin.close()


def test_another_redis_database(redis_url: str) -> None:
    url = redis_url.rsplit("/", 1)[0] + "/5"
    with (
        running_service("gamestate", "--redis-url", url) as service,
        OlympusClient(service.address) as client,
    ):
        game = client.create_game(players=2, seed=75)
        rnd = random.Random(75)
        for _ in range(5):
            seat = client.spectate(game.game_id).decision().waiting_for[0]
            act_once(client.join(game.game_id, game.tokens[seat]), rnd)
    key = game_key(game.game_id, "state")
    assert redis.Redis.from_url(url).exists(key) and not redis.Redis.from_url(redis_url).exists(key)


def test_without_redis_calls_are_unavailable(private_redis: EmbeddedRedis) -> None:
    url, redis_server = private_redis.url, private_redis.process
    with (
        running_service("gamestate", "--redis-url", url) as service,
        OlympusClient(service.address, retries=0) as client,
    ):
        game = client.create_game(players=2, seed=76)
        me = client.join(game.game_id, game.tokens[0])
        d = me.decision().decision or {}
        redis_server.terminate()
        redis_server.wait(10)
        for call in (
            lambda: me.act(f"setup {d['corporations'][0]['card']} -", version=1),
            me.view,
            lambda: client.create_game(players=2),
        ):
            with pytest.raises(GameServiceError) as info:
                call()
            assert info.value.status == "UNAVAILABLE"
        assert service.stop() == 0


def test_every_bot_offered_is_described_for_players(client: OlympusClient) -> None:
    """ListTableChoices names each bot with a description a player reads when choosing an
    opponent: plain sentences, not the code's docstrings."""
    choices = client.stub.ListTableChoices(pb.ListTableChoicesRequest(), timeout=10)
    assert {b.name for b in choices.bots} == set(BOTS)
    for bot in choices.bots:
        text = bot.description
        assert 40 <= len(text) <= 240 and text.endswith("."), bot
        assert not any(mark in text for mark in ("`", "\n", "  ", "(see", ".py")), bot
