"""Scoring tests: a private Redis for this package and a platform on it (the accounts, game and
scoring services, a worker and beat that play the bot seats and deliver rated results)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workers"))  # worker_support

from platform_stack import Platform, platform
from scoring_support import Bearer

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis
from olympus.v1 import game_pb2_grpc, scoring_pb2_grpc


@pytest.fixture(scope="package")
def own_redis() -> Iterator[EmbeddedRedis]:
    try:
        with embedded_redis() as server:
            yield server
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


@pytest.fixture(scope="package")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    with platform(
        own_redis.url,
        ("gamestate", "scoring"),
        args={"gamestate": ("--quotas", "off")},
        workers=True,
        worker_env={"OLYMPUS_REPORT_SECONDS": "0.3"},
    ) as s:
        yield s


@pytest.fixture(scope="package")
def games(stack: Platform) -> Iterator[OlympusClient]:
    with OlympusClient(stack.address("gamestate"), timeout=20) as c:
        yield c


@pytest.fixture(scope="package")
def service_games(stack: Platform) -> Iterator[game_pb2_grpc.GameServiceStub]:
    """The game service as a platform service calls it (the service credential): what fixes a
    game's rated queue and its seats' accounts, as matchmaking and the ladder do."""
    with grpc.insecure_channel(stack.address("gamestate")) as channel:
        keyed = grpc.intercept_channel(channel, Bearer(stack.service_key))
        yield game_pb2_grpc.GameServiceStub(keyed)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="package")
def anonymous(stack: Platform) -> Iterator[scoring_pb2_grpc.ScoringServiceStub]:
    with grpc.insecure_channel(stack.address("scoring")) as channel:
        yield scoring_pb2_grpc.ScoringServiceStub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="package")
def rdb(own_redis: EmbeddedRedis) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(own_redis.url)
    yield r
    r.close()
