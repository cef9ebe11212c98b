"""WatchGame: every event once and in order, from any version, live, and resumable."""

from __future__ import annotations

import itertools
import random
import threading
from typing import Any

from gamestate_players import act_once, play_out

from olympus.client import OlympusClient


def _finished_game(client: OlympusClient, seed: int) -> tuple[str, list[dict[str, Any]]]:
    game = client.create_game(players=2, seed=seed)
    play_out(client, game.game_id, game.tokens, seed=seed)
    return game.game_id, list(client.spectate(game.game_id).watch(from_version=0))


def test_events_of_a_whole_game(client: OlympusClient) -> None:
    game_id, events = _finished_game(client, seed=31)
    log = client.game_log(game_id)
    assert [e["version"] for e in events] == list(range(1, log["version"] + 1))
    assert events[0]["kind"] == "created" and events[0]["seat"] is None
    assert events[-1]["finished"] and events[-1]["result"] == log["result"]
    assert not any(e["finished"] for e in events[:-1])
    for event, answer in zip(events[1:], log["answers"], strict=True):
        assert event["seat"] == answer["seat"]
        public = event["answer"]
        if public["hidden"]:
            assert answer["text"].split()[0] in ("setup", "cards")
        else:
            assert public["text"] == answer["text"]


def test_resume_from_any_version(client: OlympusClient) -> None:
    game_id, events = _finished_game(client, seed=32)
    watcher = client.spectate(game_id)
    for cut in (0, 1, 2, 17, len(events) - 1, len(events)):
        got = list(watcher.watch(from_version=cut))
        assert got == events[cut:], cut
    # Read a few, drop the stream, go on from the last version received: nothing lost.
    first = list(itertools.islice(watcher.watch(from_version=0), 5))
    rest = list(watcher.watch(from_version=first[-1]["version"]))
    assert first + rest == events


def test_live_events_reach_every_watcher(client: OlympusClient) -> None:
    game = client.create_game(players=3, seed=33)
    received: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    started = threading.Barrier(3)

    def follow(n: int) -> None:
        with OlympusClient(client.address, timeout=20) as own:
            stream = own.spectate(game.game_id).watch(from_version=1)
            started.wait()
            received[n].extend(stream)

    threads = [threading.Thread(target=follow, args=(n,)) for n in received]
    for t in threads:
        t.start()
    started.wait()
    play_out(client, game.game_id, game.tokens, seed=33)
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    final = client.spectate(game.game_id).view()["version"]
    for events in received.values():
        assert [e["version"] for e in events] == list(range(2, final + 1))
        assert events[-1]["finished"]
    assert received[0] == received[1]


def test_a_watcher_joining_late_catches_up_then_follows(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=34)
    rnd = random.Random(34)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    for _ in range(20):
        act_once(seats[client.spectate(game.game_id).decision().waiting_for[0]], rnd)
    stream = client.spectate(game.game_id).watch(from_version=10)
    caught_up = [next(stream)["version"] for _ in range(11)]  # versions 11..21, stored
    assert caught_up == list(range(11, 22))
    act_once(seats[client.spectate(game.game_id).decision().waiting_for[0]], rnd)
    assert next(stream)["version"] == 22  # live
