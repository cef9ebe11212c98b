"""Heartbeats on WatchGame, for a client that asks (heartbeat_seconds): an EVENT_KIND_HEARTBEAT
event after that long with nothing else sent, at the last version sent; none for a client that
does not ask; a bad interval refused before anything is sent."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import grpc
import pytest

from olympus.client import OlympusClient
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2 as pb

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ladder"))

from external_bot import submit


def _game(client: OlympusClient) -> pb.CreateGameResponse:
    made: pb.CreateGameResponse = client.stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=5)), timeout=10
    )
    return made


def test_a_quiet_stream_beats_at_the_last_version_sent(client: OlympusClient) -> None:
    game = _game(client)
    token = game.seats[0].token
    request = pb.WatchGameRequest(game_id=game.game_id, token=token, heartbeat_seconds=1)
    stream = client.stub.WatchGame(request, timeout=60)
    try:
        created = next(stream)
        assert created.kind == pb.EVENT_KIND_CREATED and created.HasField("seat_decision")
        beats = [next(stream), next(stream)]
        for beat in beats:
            assert beat.kind == pb.EVENT_KIND_HEARTBEAT and beat.version == 1
            assert not beat.HasField("seat_decision") and not beat.log and not beat.waiting_for
        gap = beats[1].time_ms - beats[0].time_ms
        assert 500 <= gap <= 5_000, gap
        # An answer comes as its event, and the beats after it carry its version.
        reply = client.stub.SubmitAction(
            submit(game.game_id, token, created.seat_decision), timeout=10
        )
        event = next(e for e in stream if e.kind != pb.EVENT_KIND_HEARTBEAT)
        assert event.version == reply.version
        after = next(stream)
        assert after.kind == pb.EVENT_KIND_HEARTBEAT and after.version == reply.version
    finally:
        stream.cancel()


def test_no_beats_unless_asked(client: OlympusClient) -> None:
    game = _game(client)
    request = pb.WatchGameRequest(game_id=game.game_id, from_version=1)
    stream = client.stub.WatchGame(request, timeout=2.5)
    started = time.monotonic()
    with pytest.raises(grpc.RpcError) as caught:
        next(stream)  # nothing happens at the table: nothing is sent until the deadline
    assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    assert time.monotonic() - started >= 2.0


@pytest.mark.parametrize("seconds", [-1, 301])
def test_a_bad_interval_is_refused(client: OlympusClient, seconds: int) -> None:
    game = _game(client)
    request = pb.WatchGameRequest(game_id=game.game_id, heartbeat_seconds=seconds)
    with pytest.raises(grpc.RpcError) as caught:
        next(client.stub.WatchGame(request, timeout=10))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_details(caught.value)[0] == "INVALID_HEARTBEAT"
