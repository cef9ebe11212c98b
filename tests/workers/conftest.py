"""Worker tests: a private Redis per test module, the game service on it, and workers and beat
started (and killed) by the tests themselves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from worker_support import finished, game_log, view, wait_for

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis
from services import ServiceProcess, running_service

__all__ = ["finished", "game_log", "view", "wait_for"]  # the helpers live in worker_support


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
