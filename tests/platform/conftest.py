"""Platform tests: real service processes on a private Redis of the test's own."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from platform_support import RedisServer


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("no redis-server on PATH")
    server = RedisServer(exe)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(server.workdir, ignore_errors=True)
