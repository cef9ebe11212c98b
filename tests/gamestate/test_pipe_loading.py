"""The answer path's Redis pipe and a Redis still loading its append-only file after a restart:
the `LOADING` error reply is Redis out of reach for now (a ConnectionError: the game service
answers UNAVAILABLE and clients retry), never an unexpected error (INTERNAL). The fault
matrix's Redis crash found it."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from olympus.gamestate.pipe import RedisNotReady, RedisPipe
from olympus.platform.embedded_redis import answers_ping, free_port

KEYS = 20_000
# Microseconds Redis waits after loading each key (a setting meant for tests of loading):
# loading takes seconds, so the pipe meets it.
KEY_LOAD_DELAY_US = 500


def _start(port: int, folder: Path, *extra: str) -> subprocess.Popen[bytes]:
    exe = shutil.which("redis-server")
    assert exe is not None
    persistence = ["--appendonly", "yes", "--appendfsync", "always", "--save", ""]
    return subprocess.Popen(
        [
            exe,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(folder),
            *persistence,
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def restarted_redis() -> Iterator[int]:
    """A Redis with KEYS keys in its append-only file, SIGKILLed and started again, slowly
    loading them: its port."""
    folder = Path(tempfile.mkdtemp(prefix="olympus-loading-"))
    port = free_port()
    first = _start(port, folder)
    again: subprocess.Popen[bytes] | None = None
    try:
        while not answers_ping(port):
            assert first.poll() is None, "redis-server did not start"
        r = redis.Redis(port=port)
        with r.pipeline(transaction=False) as pipe:
            for n in range(KEYS):
                pipe.set(f"k{n}", n)
            pipe.execute()
        r.close()
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        again = _start(port, folder, "--key-load-delay", str(KEY_LOAD_DELAY_US))
        yield port
    finally:
        for proc in (first, again):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_loading_redis_is_out_of_reach_for_now_then_serves(restarted_redis: int) -> None:
    async def scenario() -> tuple[list[BaseException], object]:
        pipe = RedisPipe({"host": "127.0.0.1", "port": restarted_redis, "socket_timeout": 5})
        seen: list[BaseException] = []
        try:
            while True:
                try:
                    value = await pipe.execute("GET", f"k{KEYS - 1}")
                except ConnectionError as exc:  # not listening yet, or loading
                    seen.append(exc)
                    await asyncio.sleep(0.01)
                    continue
                return seen, value
        finally:
            await pipe.close()

    seen, value = asyncio.run(scenario())
    loading = [e for e in seen if isinstance(e, RedisNotReady)]
    assert loading, f"the pipe never met the loading Redis: {seen[-3:]}"
    assert str(loading[0]).startswith("LOADING")
    assert value == str(KEYS - 1).encode()  # everything acknowledged was on disk
