"""The SDK with several game-service replicas: a replica that does not answer costs a retry on
the next one, for reads, answers (same idempotency key) and event streams."""

from __future__ import annotations

import random
import socket

import pytest

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.client.sdk import GameServiceError, targets_of
from services import ServiceProcess


def _dead_address() -> str:
    """An address nothing listens on (a port just released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{s.getsockname()[1]}"


def test_targets_are_read_from_a_list_or_commas() -> None:
    assert targets_of("a:1, b:2,") == ["a:1", "b:2"]
    assert targets_of(["a:1"]) == ["a:1"]
    with pytest.raises(ValueError):
        targets_of(" , ")


def test_calls_fail_over_from_a_dead_replica(gamestate: ServiceProcess) -> None:
    dead = _dead_address()
    with OlympusClient(f"{dead},{gamestate.address}", timeout=20, backoff=0.01) as client:
        assert client.address == dead
        # create_game is never retried, so the first call that moves the client is a read.
        client.list_games(page_size=1)
        assert client.address == gamestate.address
        game = client.create_game(players=2, seed=3)
        me = client.join(game.game_id, game.tokens[0])
        state = me.decision()
        client.rotate()  # back to the dead one: the answer fails over with its key
        assert client.address == dead
        assert state.decision is not None
        answer = pick(state.decision, random.Random(1))
        result = me.act(answer, version=state.version)
        assert result.version == state.version + 1
        assert client.address == gamestate.address
        client.rotate()
        events = me.watch(from_version=0)
        assert next(events)["version"] == 1


def test_a_client_with_only_dead_replicas_gives_up_unavailable() -> None:
    dead = [_dead_address(), _dead_address()]
    with (
        OlympusClient(dead, timeout=2, retries=2, backoff=0.01) as c,
        pytest.raises(GameServiceError, match="UNAVAILABLE"),
    ):
        c.list_games()
