"""A throw-away `redis-server` on a free port: for `olympus run`, the benchmarks and the tests.

No persistence unless asked for (`appendfsync`: its append-only file on, with that fsync
policy), bound to 127.0.0.1, its working folder removed when it stops.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


class RedisUnavailable(RuntimeError):
    """No redis-server could be started here."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers_ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass(frozen=True, slots=True)
class EmbeddedRedis:
    url: str
    process: subprocess.Popen[bytes]  # to stop it early (tests of a Redis going away)


@contextmanager
def embedded_redis(
    timeout: float = 10.0, appendfsync: str | None = None
) -> Iterator[EmbeddedRedis]:
    """Start a private redis-server for the duration of the block; with `appendfsync`
    ("always", "everysec" or "no") its append-only file is on, in its working folder."""
    persistence = ["--appendonly", "no"]
    if appendfsync is not None:
        if appendfsync not in ("always", "everysec", "no"):
            raise ValueError(f"appendfsync is always, everysec or no, not {appendfsync!r}")
        persistence = ["--appendonly", "yes", "--appendfsync", appendfsync]
    exe = shutil.which("redis-server")
    if exe is None:
        raise RedisUnavailable("no redis-server on PATH")
    port = free_port()
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
            *persistence,
            "--dir",
            workdir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + timeout
        while not answers_ping(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RedisUnavailable("redis-server did not start")
            time.sleep(0.05)
        yield EmbeddedRedis(f"redis://127.0.0.1:{port}/0", proc)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)
