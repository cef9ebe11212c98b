"""What the platform tests share: a private Redis a test may stop, restart on the same port
or freeze, and polling for an event."""

from __future__ import annotations

import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from olympus.platform.embedded_redis import answers_ping, free_port


class RedisServer:
    """A redis-server on a fixed port, so that a restart comes back at the same address."""

    def __init__(self, exe: str) -> None:
        self.exe = exe
        self.port = free_port()
        self.workdir = tempfile.mkdtemp(prefix="olympus-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *(self.exe, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--dir", self.workdir, "--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(lambda: answers_ping(self.port), "redis-server to answer")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a frozen one cannot stop otherwise
            self.process.terminate()
            self.process.wait(10)

    def freeze(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    """Poll until `condition()` is truthy (an event to wait for, not a timing to assert)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def health_status(address: str, service: str = "") -> int:
    with grpc.insecure_channel(address) as channel:
        reply = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service=service), timeout=5
        )
        return int(reply.status)


SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
