"""A game service and matchmaking replicas on the session's private Redis."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from services import ServiceProcess, running_service


@pytest.fixture(scope="module")
def gamestate(redis_url: str) -> Iterator[ServiceProcess]:
    # Matchmaking creates many games from one address: no per-peer CreateGame quota here.
    with running_service("gamestate", "--redis-url", redis_url, "--quotas", "off") as service:
        yield service


@pytest.fixture(scope="module")
def matchmaking(redis_url: str, gamestate: ServiceProcess) -> Iterator[ServiceProcess]:
    with running_service(
        "matchmaking",
        "--redis-url",
        redis_url,
        "--gamestate-address",
        gamestate.address,
        "--match-interval",
        "0.05",
    ) as service:
        yield service
