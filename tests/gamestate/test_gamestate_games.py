"""Whole games played to the end through gRPC by remote random clients."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from gamestate_players import act_once, pick, play_out, wait_until_waiting_for

from olympus.client import OlympusClient, StaleVersion
from olympus.engine import Game, GameOptions, from_dict


def _replay(log: dict[str, Any]) -> Game:
    return Game.replay(
        GameOptions.from_data(log["options"]), [(a["seat"], a["text"]) for a in log["answers"]]
    )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_clients_play_a_whole_game(client: OlympusClient, players: int) -> None:
    game = client.create_game(players=players, seed=40 + players, draft=players == 4)
    applied = play_out(client, game.game_id, game.tokens, seed=players)

    view = client.spectate(game.game_id).view()
    assert view["status"] == "finished" and view["phase"] == "ended"
    assert view["version"] == 1 + len(applied)
    assert view["settings"]["options"]["seed"] == 40 + players  # public once over
    # The log is the answers applied, in order, each once; replaying it gives the same game.
    log = client.game_log(game.game_id)
    assert [(a["version"], a["seat"], a["text"]) for a in log["answers"]] == [
        (v, seat, str(from_dict(answer))) for v, seat, answer in applied
    ]
    replayed = _replay(log)
    assert replayed.is_over
    assert replayed.result() == view["result"] == log["result"]


def test_a_solo_game_to_the_end(client: OlympusClient) -> None:
    game = client.create_game(players=1, seed=7, solo_tr63=True)
    applied = play_out(client, game.game_id, game.tokens, seed=1)
    log = client.game_log(game.game_id)
    assert log["status"] == "finished" and len(log["answers"]) == len(applied)
    assert "solo_won" in log["result"]


def test_bot_seats_are_played_by_the_service(client: OlympusClient) -> None:
    game = client.create_game(players=3, seed=11, bots=[1, 2])
    assert set(game.tokens) == {0} and game.bots == (1, 2)
    me = client.join(game.game_id, game.tokens[0])
    rnd = random.Random(3)
    for _ in range(2000):
        # After each answer the bots answer, by themselves, until the game waits for us alone.
        state = wait_until_waiting_for(me, {0})
        if state.status == "finished":
            break
        assert state.status == "active" and state.your_turn, state
        act_once(me, rnd)
    else:
        raise AssertionError("the game did not finish")
    log = me.log()
    bots = [a for a in log["answers"] if a["bot"]]
    assert {a["seat"] for a in bots} == {1, 2}
    assert all(not a["bot"] for a in log["answers"] if a["seat"] == 0)
    assert _replay(log).result() == log["result"]


def test_one_client_per_seat_following_the_events(client: OlympusClient) -> None:
    """Each seat its own client, as in real play: it watches the events and answers when the
    game waits for it; in simultaneous phases answers race and the loser reads again."""
    game = client.create_game(players=3, seed=5, draft=True)
    stale: list[int] = []
    errors: list[BaseException] = []

    def seat_client(seat: int) -> None:
        try:
            with OlympusClient(client.address, timeout=20) as own:
                me = own.join(game.game_id, game.tokens[seat])
                rnd = random.Random(seat)
                for event in me.watch(from_version=0):
                    while seat in event["waiting_for"] and not event["finished"]:
                        state = me.decision()
                        if not state.your_turn:
                            break  # an older event: a newer one follows
                        try:
                            me.act(pick(state.decision or {}, rnd), version=state.version)
                        except StaleVersion:
                            stale.append(seat)
                            continue
                        break
        except BaseException as exc:  # surfaced by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=seat_client, args=(s,)) for s in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads)
    log = client.game_log(game.game_id)
    assert log["status"] == "finished"
    versions = [a["version"] for a in log["answers"]]
    assert versions == list(range(2, 2 + len(versions)))
    assert _replay(log).result() == log["result"]
