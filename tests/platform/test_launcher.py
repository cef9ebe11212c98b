"""`olympus run` starts every service with an embedded Redis and stops them all cleanly;
each serves its metrics."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.request

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from olympus.client import OlympusClient
from olympus.launcher import SERVICES, available_services


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
    # Free ports, and no metrics port named: each process's endpoint on a free one too.
    ports = [f"--{name}-port" for name in SERVICES]
    proc = subprocess.Popen(
        [sys.executable, "-m", "olympus.cli", "run", *(a for p in ports for a in (p, "0"))],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        # Seven services, a worker and beat, each a Python process importing grpc: on a
        # loaded machine that can take well over the half minute it takes when idle.
        lines = _read_lines_until(proc, "Ctrl-C", timeout=240)
        services, metrics = {}, {}
        for line in lines:
            parts = line.split()
            if len(parts) >= 4 and parts[-2] == "metrics":
                metrics[parts[0]] = parts[-1]
                if len(parts) == 4:
                    services[parts[0]] = parts[1]
        assert set(services) == set(available_services())
        assert set(metrics) == {*services, "worker"}
        with urllib.request.urlopen(metrics.pop("worker"), timeout=5) as reply:
            assert b"olympus_" in reply.read()
        for address in services.values():
            if address.startswith("http://"):  # the web client: HTTP, with /healthz
                with urllib.request.urlopen(address + "healthz", timeout=5) as reply:
                    assert reply.status == 200
                continue
            with grpc.insecure_channel(address) as channel:
                reply = health_pb2_grpc.HealthStub(channel).Check(
                    health_pb2.HealthCheckRequest(), timeout=5
                )
                assert reply.status == health_pb2.HealthCheckResponse.SERVING
        for url in metrics.values():
            with urllib.request.urlopen(url, timeout=5) as reply:
                assert b"olympus_serving 1.0" in reply.read()
        # The worker it started plays a game of bots to the end.
        with OlympusClient(services["gamestate"]) as client:
            game = client.create_game(players=2, seed=3, bots=[0, 1])
            deadline = time.monotonic() + 120
            while client.spectate(game.game_id).view()["status"] != "finished":
                assert time.monotonic() < deadline, "the bots did not finish the game"
                time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
