"""The connection policy against real service processes (platform/connections.py): sockets that
only send the HTTP/2 preface are cut after the handshake timeout and do not lock other clients
out under a low descriptor limit; a client keepalive at the permitted interval keeps an idle
stream alive while a faster one is told off; a client that stops answering the server's
heartbeat pings has its stream ended. Intervals are shortened by the flags, as an operator can."""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


@contextmanager
def service(*args: str, nofile: int = 0) -> Iterator[tuple[int, int]]:
    """The catalogue service (it needs no Redis), optionally under a descriptor limit:
    (gRPC port, metrics port)."""
    command = [
        sys.executable,
        "-m",
        "olympus.catalogue",
        "--port",
        "0",
        "--metrics-port",
        "0",
        *args,
    ]
    if nofile:
        command = ["prlimit", f"--nofile={nofile}:{nofile}", *command]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        assert ready, "the service did not start"
        event = json.loads(proc.stdout.readline())
        yield int(event["port"]), int(event["metrics_port"])
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def healthy(port: int, timeout: float = 3.0) -> bool:
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
            reply = stub.Check(health_pb2.HealthCheckRequest(), timeout=timeout)
            return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
    except grpc.RpcError:
        return False


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed this socket (it reads an end, or a reset)."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return True
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_preface_only_sockets_are_cut_and_do_not_lock_others_out() -> None:
    with service("--handshake-timeout-seconds", "2", nofile=256) as (port, _):
        attackers: list[socket.socket] = []
        for _ in range(400):  # more than the process may hold open
            s = socket.socket()
            s.settimeout(2)
            try:
                s.connect(("127.0.0.1", port))
                s.sendall(PREFACE)
            except OSError:
                s.close()
                continue
            attackers.append(s)
        # A normal client gets served within the handshake timeout (and a margin).
        deadline = time.monotonic() + 15
        while not healthy(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert healthy(port), "a normal client was locked out"
        # Every preface-only socket is cut by the server.
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            left = [s for s in attackers if not closed_by_server(s)]
            if not left:
                break
            time.sleep(0.5)
        assert not left, f"{len(left)} of {len(attackers)} half-open sockets left open"
        for s in attackers:
            s.close()


def watch_health(port: int, options: list[tuple[str, Any]], seconds: float) -> str:
    """An idle Health.Watch stream held `seconds` with these channel options: "alive", or the
    status that ended it."""
    with grpc.insecure_channel(f"127.0.0.1:{port}", options=options) as channel:
        stub = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
        stream = stub.Watch(health_pb2.HealthCheckRequest())
        ended: list[str] = []

        def read() -> None:
            try:
                for _ in stream:
                    pass
                ended.append("ended")
            except grpc.RpcError as exc:
                ended.append(f"{exc.code().name}: {exc.details()}")  # type: ignore[attr-defined]

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(seconds)
        stream.cancel()
        return ended[0] if ended else "alive"


def keepalive(ms: int) -> list[tuple[str, Any]]:
    return [
        ("grpc.keepalive_time_ms", ms),
        ("grpc.keepalive_timeout_ms", 5_000),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
    ]


def test_a_client_keepalive_at_the_permitted_interval_keeps_an_idle_stream() -> None:
    # The permitted interval shortened to 2 s (the default is 10 s), and the server's own
    # heartbeat slowed so that only the client's pings travel.
    with service("--min-client-ping-seconds", "2", "--keepalive-seconds", "60") as (port, _):
        assert watch_health(port, keepalive(2_000), 15) == "alive"
        # Pinging four times faster than permitted is told off (GOAWAY too_many_pings).
        told_off = watch_health(port, keepalive(500), 30)
        assert "Too many pings" in told_off, told_off


def open_streams(metrics_port: int) -> float:
    text = urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).read()
    total = 0.0
    for line in text.decode().splitlines():
        if line.startswith("olympus_grpc_streams_open{") and "Health/Watch" in line:
            total += float(line.rsplit(" ", 1)[1])
    return total


def test_a_client_that_stops_answering_the_heartbeat_has_its_stream_ended() -> None:
    with service("--keepalive-seconds", "1", "--min-client-ping-seconds", "1") as (port, metrics):
        client = subprocess.Popen(
            [
                sys.executable,
                "-c",
                textwrap.dedent(
                    f"""
                    import grpc, sys
                    from grpc_health.v1 import health_pb2, health_pb2_grpc
                    channel = grpc.insecure_channel("127.0.0.1:{port}")
                    stub = health_pb2_grpc.HealthStub(channel)
                    for reply in stub.Watch(health_pb2.HealthCheckRequest()):
                        print("watching", flush=True)
                    """
                ),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert client.stdout is not None
            assert client.stdout.readline().strip() == "watching"
            assert open_streams(metrics) == 1
            os.kill(client.pid, signal.SIGSTOP)  # alive, but answers nothing any more
            deadline = time.monotonic() + 30
            while open_streams(metrics) > 0 and time.monotonic() < deadline:
                time.sleep(0.5)
            assert open_streams(metrics) == 0, "the silent client's stream was never ended"
        finally:
            os.kill(client.pid, signal.SIGKILL)
            client.wait()
