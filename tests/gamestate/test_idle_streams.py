"""An idle stream lives: a WatchAccount stream with nothing to tell, under a client that pings
at the permitted interval, stays open as long as the client keeps it, with a heartbeat at the
documented interval and no error.

The policy and the client are scaled down 20 times together, as an operator can with the
flags: 10 minutes of a 10 s client keepalive under the defaults (pings allowed every 10 s, the
server's own every 20 s, idle connections closed after 300 s, a HEARTBEAT every 15 s) is 30 s
here, with pings every 0.5 s, the server's every 1 s, the idle close after 15 s and a
HEARTBEAT every 0.75 s."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest

from olympus.v1 import game_pb2 as pb, game_pb2_grpc
from services import ServiceProcess, create_account, running_service

SCALE = 20
CLIENT_PING_S = 10 / SCALE
LIVES_S = 600 / SCALE
HEARTBEAT_S = 15 / SCALE


@pytest.fixture(scope="module")
def scaled(redis_url: str) -> Iterator[ServiceProcess]:
    args = (
        "--redis-url",
        redis_url,
        "--min-client-ping-seconds",
        str(10 / SCALE),
        "--keepalive-seconds",
        str(20 / SCALE),
        "--max-connection-idle-seconds",
        str(300 / SCALE),
        "--account-heartbeat-seconds",
        str(HEARTBEAT_S),
    )
    with running_service("gamestate", *args) as service:
        yield service


def test_an_idle_account_stream_lives_under_a_client_keepalive(
    scaled: ServiceProcess, redis_url: str
) -> None:
    key = create_account(redis_url, "idle-stream", "play", kind="bot")["key"]
    options = [
        ("grpc.keepalive_time_ms", int(CLIENT_PING_S * 1000)),
        ("grpc.keepalive_timeout_ms", 5_000),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
    ]
    beats: list[float] = []
    with grpc.insecure_channel(scaled.address, options=options) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        stream = stub.WatchAccount(
            pb.WatchAccountRequest(), metadata=(("authorization", f"Bearer {key}"),)
        )
        start = time.monotonic()
        for event in stream:
            assert event.kind == pb.ACCOUNT_EVENT_KIND_HEARTBEAT, event
            beats.append(time.monotonic() - start)
            if beats[-1] >= LIVES_S:
                break
        stream.cancel()
    assert beats and beats[-1] >= LIVES_S, f"the stream ended after {beats[-1:]} s"
    gaps = [b - a for a, b in zip([0.0, *beats], beats, strict=False)]
    # A heartbeat every interval: none missing (two missed in a row would be a gap of three;
    # one late by a busy machine is not a miss).
    assert max(gaps) < 3 * HEARTBEAT_S, gaps
    assert len(beats) >= 0.6 * LIVES_S / HEARTBEAT_S
