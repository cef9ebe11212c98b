"""Storage full: with Redis over its maxmemory (noeviction), every write is refused with
RESOURCE_EXHAUSTED STORAGE_FULL (a RetryInfo, never INTERNAL), nothing is written half (the game
reads back as it was), health says NOT_SERVING; once Redis has room again, health is SERVING and
the same answer (same idempotency key) is taken once. Real services on a Redis of the test's own."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc
from platform_stack import Platform, platform

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.client.sdk import GameServiceError
from olympus.platform.embedded_redis import RedisUnavailable, embedded_redis
from olympus.platform.errors import error_details
from olympus.v1 import accounts_pb2, accounts_pb2_grpc, game_pb2 as pb


@pytest.fixture(scope="module")
def stack() -> Iterator[Platform]:
    try:
        with embedded_redis() as server, platform(server.url, ("gamestate",)) as s:
            yield s
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


def serving(address: str) -> bool:
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
        reply = stub.Check(health_pb2.HealthCheckRequest(), timeout=5)
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


def until(check: Any, what: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def fill(r: redis.Redis) -> None:
    """Redis over its maxmemory (noeviction): the limit set under what it holds, as a Redis
    that filled up is; every write is refused from now on, reads still answer."""
    r.config_set("maxmemory-policy", "noeviction")
    used = int(r.info("memory")["used_memory"])
    r.config_set("maxmemory", used - 200_000)
    with pytest.raises(redis.exceptions.OutOfMemoryError):
        r.set("test:ballast", b"x")


def refusal(call: Any) -> tuple[grpc.StatusCode, str, float | None]:
    with pytest.raises(grpc.RpcError) as info:
        call()
    err: Any = info.value
    reason, _, retry = error_details(err)
    return err.code(), reason, retry


def test_a_full_storage_refuses_writes_loses_nothing_and_health_follows(stack: Platform) -> None:
    address = stack.address("gamestate")
    r = redis.Redis.from_url(stack.redis_url)
    # retries=0: the refusal itself is what is looked at here (the SDK waits and sends a call
    # refused with STORAGE_FULL again, which the next test shows).
    with OlympusClient(address, timeout=10, retries=0) as client:
        game = client.create_game(players=2, seed=5, bots=[1])
        me = client.join(game.game_id, game.tokens[0])
        state = me.decision()
        assert state.decision is not None
        answer = pick(state.decision, random.Random(1))
        before = client.stub.GetGame(pb.GetGameRequest(game_id=game.game_id)).game
        fill(r)
        try:
            until(lambda: not serving(address), "health NOT_SERVING")
            full = (grpc.StatusCode.RESOURCE_EXHAUSTED, "STORAGE_FULL")
            code, reason, retry = refusal(
                lambda: client.stub.CreateGame(
                    pb.CreateGameRequest(options=pb.GameOptions(players=2))
                )
            )
            assert (code, reason) == full and retry is not None and retry > 0
            with pytest.raises(GameServiceError) as refused:
                me.act(answer, version=state.version, key="the-one-answer", rebase=False)
            assert (refused.value.status, refused.value.reason) == (full[0].name, full[1])
            # Nothing written: the game reads back as it was.
            now = client.stub.GetGame(pb.GetGameRequest(game_id=game.game_id)).game
            assert now.version == before.version
            # Another service's writes are refused the same way.
            with grpc.insecure_channel(stack.address("accounts")) as channel:
                accounts = accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]
                assert (
                    refusal(
                        lambda: accounts.CreateGuestAccount(
                            accounts_pb2.CreateGuestAccountRequest()
                        )
                    )[:2]
                    == full
                )
            assert not serving(stack.address("accounts"))
        finally:
            r.config_set("maxmemory", 0)
        until(lambda: serving(address), "health SERVING again")
        reply = me.act(answer, version=state.version, key="the-one-answer", rebase=False)
        assert reply.version == state.version + 1 and not reply.replayed
        again = me.act(answer, version=state.version, key="the-one-answer", rebase=False)
        assert again.replayed and again.version == reply.version
    r.close()


def test_the_sdk_sends_a_call_refused_for_a_full_storage_again_once_there_is_room(
    stack: Platform,
) -> None:
    """STORAGE_FULL means nothing was written, so the SDK waits for its RetryInfo and sends the
    same call again: an answer made while Redis is full lands, once, when it has room."""
    address = stack.address("gamestate")
    r = redis.Redis.from_url(stack.redis_url)
    with OlympusClient(address, timeout=10, retries=3) as client:
        game = client.create_game(players=2, seed=6, bots=[1])
        me = client.join(game.game_id, game.tokens[0])
        state = me.decision()
        assert state.decision is not None
        answer = pick(state.decision, random.Random(2))
        fill(r)
        outcome: list[Any] = []

        def answer_while_full() -> None:
            try:
                outcome.append(me.act(answer, version=state.version, key="k-full", rebase=False))
            except Exception as exc:  # the test reads what happened
                outcome.append(exc)

        worker = threading.Thread(target=answer_while_full)
        try:
            worker.start()
            until(lambda: not serving(address), "health NOT_SERVING")
            time.sleep(0.5)  # the answer was sent and refused: it waits for its RetryInfo
            assert not outcome
        finally:
            r.config_set("maxmemory", 0)
        worker.join(timeout=30)
        assert len(outcome) == 1 and not isinstance(outcome[0], Exception), outcome
        assert outcome[0].version == state.version + 1 and not outcome[0].replayed
        assert me.decision().version >= state.version + 1
    r.close()
