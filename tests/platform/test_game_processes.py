"""Several game-service processes and workers on one Redis (issue 35): the launcher starts
them, and a game created through one process is played to its end through another, its bot seat
answered by whichever worker takes the task, its events seen through the first."""

from __future__ import annotations

import random
import time
import urllib.request
from collections.abc import Iterator

import pytest

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.launcher import (
    Child,
    game_addresses,
    new_service_key,
    stack_env,
    start_stack,
    start_workers,
    stop,
)
from olympus.platform.embedded_redis import EmbeddedRedis


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[list[Child]]:
    names = ["accounts", "gamestate"]
    key = new_service_key()
    children = start_stack(names, own_redis.url, dict.fromkeys(names, 0), {}, key,
                           game_processes=2)  # fmt: skip
    try:
        env = stack_env(key, {c.name: c.port for c in children if c.name in names})
        children += start_workers(own_redis.url, env=env, count=2, metrics_port="0")
        yield children
    finally:
        stop(children)


def test_the_launcher_starts_two_game_processes_and_two_workers(stack: list[Child]) -> None:
    assert [c.name for c in stack] == [
        "accounts", "gamestate", "gamestate-2", "worker-1", "worker-2", "beat",
    ]  # fmt: skip
    games = [c for c in stack if c.name.startswith("gamestate")]
    assert games[0].port != games[1].port
    assert game_addresses(stack) == ",".join(f"127.0.0.1:{c.port}" for c in games)
    # Every process its own metrics endpoint.
    ports = [c.metrics_port for c in stack if c.name != "beat"]
    assert None not in ports and len(set(ports)) == len(ports)
    for port in ports:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
            assert reply.status == 200


def test_a_game_created_on_one_process_is_played_through_the_other(stack: list[Child]) -> None:
    first, second = (f"127.0.0.1:{c.port}" for c in stack if c.name.startswith("gamestate"))
    rnd = random.Random(7)
    with OlympusClient(first, timeout=20) as a, OlympusClient(second, timeout=20) as b:
        game = a.create_game(players=2, seed=11, bots=[1])
        me = b.join(game.game_id, game.tokens[0])
        answered = 0
        deadline = time.monotonic() + 600
        state = me.decision()
        while state.status != "finished":
            assert time.monotonic() < deadline, f"not finished after {answered} answers"
            if state.your_turn and state.decision is not None:
                me.act(pick(state.decision, rnd), version=state.version)
                answered += 1
            else:  # the bot's turn, on a worker: its move arrives as an event
                next(iter(me.watch(from_version=state.version)))
            state = me.decision()
        assert answered > 10
        # The first process serves the game as played: the same version, every event.
        spectator = a.spectate(game.game_id)
        assert spectator.view()["status"] == "finished"
        events = list(spectator.watch(from_version=0))
        assert events[-1]["finished"] and events[-1]["version"] == state.version
