"""Two instances on one machine never collide on a metrics port: a service told a gRPC port
other than its default, and no metrics port, serves /metrics on an ephemeral port and names it
in its ready line (issue 33)."""

from __future__ import annotations

import json
import select
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest

from olympus.launcher import free_port, new_service_key, start_stack, stop
from olympus.platform.config import DEFAULT_METRICS_PORTS, DEFAULT_PORTS, METRICS_OFF, parse
from olympus.platform.embedded_redis import EmbeddedRedis


def test_the_default_metrics_port_goes_with_the_default_port_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("OLYMPUS_METRICS_PORT", "OLYMPUS_GAMESTATE_METRICS_PORT", "OLYMPUS_PORT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("OLYMPUS_GAMESTATE_PORT", raising=False)
    assert parse("gamestate", []).metrics_port == DEFAULT_METRICS_PORTS["gamestate"]
    assert parse("gamestate", ["--port", str(DEFAULT_PORTS["gamestate"])]).metrics_port == 9151
    assert parse("gamestate", ["--port", "0"]).metrics_port == 0
    assert parse("gamestate", ["--port", "40123"]).metrics_port == 0
    assert parse("gamestate", ["--port", "40123", "--metrics-port", "9999"]).metrics_port == 9999
    assert parse("gamestate", ["--port", "40123", "--metrics-port", "off"]).metrics_port == -1
    monkeypatch.setenv("OLYMPUS_GAMESTATE_PORT", "40124")  # a port from the environment too
    assert parse("gamestate", []).metrics_port == 0
    monkeypatch.setenv("OLYMPUS_METRICS_PORT", "off")  # an explicit choice wins
    assert parse("gamestate", []).metrics_port == METRICS_OFF


def _ready(proc: subprocess.Popen[str], timeout: float = 60.0) -> dict[str, object]:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        if select.select([proc.stdout], [], [], 0.2)[0]:
            line = proc.stdout.readline()
            if line:
                event: dict[str, object] = json.loads(line)
                return event
    raise AssertionError(f"not ready (exit code {proc.poll()})")


@contextmanager
def _service(name: str, port: int, redis_url: str) -> Iterator[dict[str, object]]:
    """`python -m olympus.<name> --port PORT` with no metrics flag at all; its ready line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", f"olympus.{name}", "--port", str(port), "--redis-url", redis_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        yield _ready(proc)
    finally:
        proc.terminate()
        proc.wait(15)


def _serving(metrics_port: object) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as reply:
        return b"olympus_serving 1.0" in reply.read()


def test_two_instances_with_their_own_ports_start_side_by_side(own_redis: EmbeddedRedis) -> None:
    with ExitStack() as stack:
        ready = [
            stack.enter_context(_service(name, free_port(), own_redis.url))
            for name in ("catalogue", "catalogue", "gamestate", "gamestate")
        ]
        metrics_ports = [event["metrics_port"] for event in ready]
        assert len(set(metrics_ports)) == 4, ready
        assert not set(metrics_ports) & set(DEFAULT_METRICS_PORTS.values())
        assert all(_serving(port) for port in metrics_ports)


def test_two_launched_stacks_on_free_ports_keep_their_metrics_apart(
    own_redis: EmbeddedRedis,
) -> None:
    names = ["accounts", "catalogue"]
    stacks = []
    try:
        for _ in range(2):  # no metrics port named: the launcher's default rule
            stacks.append(
                start_stack(names, own_redis.url, dict.fromkeys(names, 0), {}, new_service_key())
            )
        ports = [c.metrics_port for children in stacks for c in children]
        assert len(set(ports)) == 4 and None not in ports
        assert not set(ports) & set(DEFAULT_METRICS_PORTS.values())
        assert all(_serving(port) for port in ports)
    finally:
        for children in stacks:
            stop(children)
