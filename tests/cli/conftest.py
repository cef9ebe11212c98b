"""The command line against a real game service on the session's Redis: a game both of whose
seats the test plays through the SDK (no bots, so that every step is the test's own), then
`olympus game ...` run as a person runs it, in a subprocess."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services import ServiceProcess, running_service


@pytest.fixture(scope="module")
def gamestate(redis_url: str) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service
