"""Scoring tests: a private Redis for this package, the game service and workers on it playing
all-bot games to the end, and the scoring service reading them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "workers"))  # worker_support
from scoring_support import Bearer, make_key

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis
from olympus.v1 import scoring_pb2_grpc
from services import ServiceProcess, WorkerProcesses, running_service, running_workers


@pytest.fixture(scope="package")
def own_redis() -> Iterator[EmbeddedRedis]:
    try:
        with embedded_redis() as server:
            yield server
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")


@pytest.fixture(scope="package")
def game_workers(own_redis: EmbeddedRedis) -> Iterator[WorkerProcesses]:
    with running_workers(own_redis.url) as processes:
        yield processes


@pytest.fixture(scope="package")
def gamestate(own_redis: EmbeddedRedis, game_workers: WorkerProcesses) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", own_redis.url, "--quotas", "off") as s:
        yield s


@pytest.fixture(scope="package")
def games(gamestate: ServiceProcess) -> Iterator[OlympusClient]:
    with OlympusClient(gamestate.address, timeout=20) as c:
        yield c


@pytest.fixture(scope="package")
def scoring(own_redis: EmbeddedRedis) -> Iterator[ServiceProcess]:
    with running_service("scoring", "--redis-url", own_redis.url) as s:
        yield s


@pytest.fixture(scope="package")
def ladder_key(own_redis: EmbeddedRedis) -> str:
    return make_key(own_redis.url, "scorer", "ladder")


@pytest.fixture(scope="package")
def stub(scoring: ServiceProcess, ladder_key: str) -> Iterator[scoring_pb2_grpc.ScoringServiceStub]:
    """The scoring service as a ladder runner calls it: with a `ladder` key."""
    with grpc.insecure_channel(scoring.address) as channel:
        keyed = grpc.intercept_channel(channel, Bearer(ladder_key))
        yield scoring_pb2_grpc.ScoringServiceStub(keyed)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="package")
def anonymous(scoring: ServiceProcess) -> Iterator[scoring_pb2_grpc.ScoringServiceStub]:
    with grpc.insecure_channel(scoring.address) as channel:
        yield scoring_pb2_grpc.ScoringServiceStub(channel)  # type: ignore[no-untyped-call]


@pytest.fixture(scope="package")
def rdb(own_redis: EmbeddedRedis) -> Iterator[redis.Redis]:
    r = redis.Redis.from_url(own_redis.url)
    yield r
    r.close()
