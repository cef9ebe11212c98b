"""`olympus run` starts every service with an embedded Redis and stops them all cleanly."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def _read_lines_until(proc: subprocess.Popen[str], marker: str, timeout: float = 30.0) -> list[str]:
    """Lines printed until one contains `marker` (read on a thread: readline may block)."""
    assert proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    stdout = proc.stdout
    threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True).start()
    seen: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=0.2)
        except queue.Empty:
            continue
        seen.append(line.rstrip())
        if marker in line:
            return seen
    raise AssertionError(f"no {marker!r} in {seen}")


def test_run_starts_the_platform_and_stops_on_sigint() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "olympus.cli",
            "run",
            "--catalogue-port",
            "0",
            "--gamestate-port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        lines = _read_lines_until(proc, "Ctrl-C")
        services = {}
        for line in lines:
            parts = line.split()
            if len(parts) == 2 and ":" in parts[1]:
                services[parts[0]] = parts[1]
        assert "catalogue" in services
        for address in services.values():
            with grpc.insecure_channel(address) as channel:
                reply = health_pb2_grpc.HealthStub(channel).Check(
                    health_pb2.HealthCheckRequest(), timeout=5
                )
                assert reply.status == health_pb2.HealthCheckResponse.SERVING
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
