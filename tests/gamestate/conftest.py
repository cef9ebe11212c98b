"""Game service tests: a real server process on a real Redis, reached over real channels."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest
import redis

from olympus.client import OlympusClient
from services import ServiceProcess, running_service


@pytest.fixture(scope="module")
def gamestate(redis_url: str) -> Iterator[ServiceProcess]:
    with running_service("gamestate", "--redis-url", redis_url) as service:
        yield service


@pytest.fixture(scope="module")
def client(gamestate: ServiceProcess) -> Iterator[OlympusClient]:
    with OlympusClient(gamestate.address, timeout=20) as c:
        yield c


@pytest.fixture
def private_redis() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Redis of this test's own, which the test may stop: (url, process)."""
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("no redis-server on PATH")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    workdir = tempfile.mkdtemp(prefix="olympus-redis-")
    proc = subprocess.Popen(
        [
            exe,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            workdir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
    try:
        yield url, proc
    finally:
        client.close()
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(workdir, ignore_errors=True)
