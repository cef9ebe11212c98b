"""Shared test setup: `helpers` importable everywhere, a private Redis, service processes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from olympus.accounts.keys import new_key
from olympus.platform.embedded_redis import EmbeddedRedis, RedisUnavailable, embedded_redis

sys.path.insert(0, str(Path(__file__).resolve().parent))

from services import (  # importable once tests/ is on the path
    WorkerProcesses,
    accounts_on,
    running_workers,
)

# Every service a test starts gets the same service credential (each accounts service registers
# it on its own Redis), and peers it is not told of are looked for where nothing listens: never
# on the default ports, where a platform started by hand (`make run`) may be.
os.environ.setdefault("OLYMPUS_SERVICE_KEY", new_key())
NOWHERE = "127.0.0.1:9"  # the discard port: nothing listens there
for _peer in ("ACCOUNTS", "GAMESTATE", "SCORING", "MATCHMAKING", "LADDER", "CATALOGUE"):
    os.environ.setdefault(f"OLYMPUS_{_peer}_ADDRESS", NOWHERE)

WORKER_LOG_LINES = 80  # of the session workers' log, shown under a failed test that used them


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A Redis for this test session: a private redis-server on a free port when one is on
    PATH (nothing left over from other runs), else $REDIS_URL."""
    try:
        with embedded_redis() as redis, accounts_on(redis.url):
            yield redis.url
    except RedisUnavailable:
        url = os.environ.get("REDIS_URL")
        if not url:
            pytest.skip("no redis-server on PATH and no REDIS_URL")
        with accounts_on(url):
            yield url


@pytest.fixture(scope="session")
def workers(redis_url: str) -> Iterator[WorkerProcesses]:
    """A worker and beat on the session's Redis: they play the bot seats (and resigned seats)
    of every game there, after the call that made it their turn has returned."""
    # At INFO the log names every task received and done, with its time: what a failed test
    # shows of them (pytest_runtest_makereport).
    with running_workers(redis_url, env={"OLYMPUS_WORKER_LOG_LEVEL": "INFO"}) as processes:
        yield processes


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed test that ran with the session's workers (bot seats, timeouts) reports whether
    the worker and beat are still alive and the end of their log: a bot that stopped moving is
    otherwise a bare timeout, and the log is gone with the machine."""
    report = yield
    processes = getattr(item, "funcargs", {}).get("workers")
    if report.failed and isinstance(processes, WorkerProcesses):
        alive = {
            name: "running" if proc.poll() is None else f"exited {proc.returncode}"
            for name, proc in (("worker", processes.worker), ("beat", processes.beat))
            if proc is not None
        }
        tail = "\n".join(processes.log().splitlines()[-WORKER_LOG_LINES:])
        report.sections.append(("session workers", f"{alive}\n{tail}"))
    return report


@pytest.fixture(scope="module")
def own_redis() -> Iterator[EmbeddedRedis]:
    """A Redis of the test module's own: no other module's workers or matchers touch it."""
    try:
        with embedded_redis() as server, accounts_on(server.url):
            yield server
    except RedisUnavailable:
        pytest.skip("no redis-server on PATH")
