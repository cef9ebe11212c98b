"""One local stack and one Chromium for all the browser tests of a run (starting them is most
of a browser test's time)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import launch
from pages_support import rated_stack  # noqa: F401  (the ladder and replay pages' tests)
from web_support import WebStack, web_stack


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture(scope="session")
def browser_stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s
