"""Shared test setup: `helpers` importable everywhere, a private Redis, service processes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

from services import WorkerProcesses, running_workers  # importable once tests/ is on the path


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis for this test session: a private redis-server on a free port when one is on
    PATH (nothing left over from other runs), else $REDIS_URL."""
    try:
        with embedded_redis() as redis:
            yield redis.url
    except RedisUnavailable:
        url = os.environ.get("REDIS_URL")
        if not url:
            pytest.skip("no redis-server on PATH and no REDIS_URL")
        yield url


@pytest.fixture(scope="session")
def workers(redis_url: str) -> Iterator[WorkerProcesses]:
    """A worker and beat on the session's Redis: they play the bot seats (and resigned seats)
    of every game there, after the call that made it their turn has returned."""
    with running_workers(redis_url) as processes:
        yield processes


@pytest.fixture(scope="module")
def own_redis() -> Iterator[EmbeddedRedis]:
    """A Redis of the test module's own: no other module's workers or matchers touch it."""
    try:
        with embedded_redis() as server:
            yield server
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")
