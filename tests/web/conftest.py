"""One local stack and one Chromium for all the browser tests of a run (starting them is most
of a browser test's time)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import launch
from pages_support import rated_stack  # noqa: F401  (the ladder and replay pages' tests)
from web_support import WebStack, web_stack

from olympus.client.sdk import OlympusClient


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="session")
def browser_stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


@pytest.fixture(scope="module")
def client(browser_stack: WebStack) -> Iterator[OlympusClient]:
    """The SDK on the browser stack's game service: tables a test makes or plays beside the page."""
    with OlympusClient(browser_stack.gamestate) as c:
        yield c
