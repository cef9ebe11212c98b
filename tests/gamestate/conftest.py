"""Game service tests: a real server process on a real Redis, reached over real channels."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis
from services import ServiceProcess, WorkerProcesses, running_service


@pytest.fixture(scope="module")
def gamestate(redis_url: str, workers: WorkerProcesses) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service


@pytest.fixture(scope="module")
def client(gamestate: ServiceProcess) -> Iterator[OlympusClient]:
    with OlympusClient(gamestate.address, timeout=20) as c:
        yield c


@pytest.fixture(scope="module")
def rdb(redis_url: str) -> Iterator[redis.Redis]:
    """A plain Redis client on the tests' Redis, to look at what the service stored."""
    r = redis.Redis.from_url(redis_url)
    yield r
    r.close()


@pytest.fixture
def private_redis() -> Iterator[EmbeddedRedis]:
    """A Redis of this test's own, which the test may stop."""
    try:
        with embedded_redis() as redis:
            yield redis
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")
