"""Worker tests: a private Redis per test module, the game service on it, and workers and beat
started (and killed) by the tests themselves."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
import redis

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis
from olympus.v1 import game_pb2 as pb
from services import ServiceProcess, running_service

T = TypeVar("T")


@pytest.fixture(scope="module")
def own_redis() -> Iterator[EmbeddedRedis]:
    """A Redis of this module's own: no other module's workers take its tasks."""
    try:
        with embedded_redis() as server:
            yield server
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


@pytest.fixture(scope="module")
def service(own_redis: EmbeddedRedis) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", own_redis.url, "--quotas", "off") as s:
        yield s


@pytest.fixture(scope="module")
def client(service: ServiceProcess) -> Iterator[OlympusClient]:
    with OlympusClient(service.address, timeout=20) as c:
        yield c


@pytest.fixture(scope="module")
def rdb(own_redis: EmbeddedRedis) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(own_redis.url)
    yield r
    r.close()


def wait_for(what: str, probe: Callable[[], T | None], timeout: float = 120.0) -> T:
    """Poll `probe` until it returns something other than None (or False)."""
    deadline = time.monotonic() + timeout
    last: T | None = None
    while time.monotonic() < deadline:
        last = probe()
        if last is not None and last is not False:
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last seen: {last!r})")


def view(client: OlympusClient, game_id: str) -> pb.GameView:
    return client.stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game


def game_log(client: OlympusClient, game_id: str, host_token: str) -> pb.GameLog:
    return client.stub.GetGameLog(
        pb.GetGameLogRequest(game_id=game_id, token=host_token), timeout=10
    )


def finished(client: OlympusClient, game_id: str) -> pb.GameView | None:
    v = view(client, game_id)
    return v if v.status == pb.GAME_STATUS_FINISHED else None
