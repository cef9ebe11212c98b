"""A Prelude game through the game service: created with the option, its views and decisions
the engine's (own preludes hidden from the others), played to the end by remote players."""

from __future__ import annotations

import random

from gamestate_players import act_once, stored_game
from test_gamestate_sdk import _assert_superset, assert_views_are_the_engines

from helpers import give, hand, new_game, prelude_turn
from olympus.client import OlympusClient
from olympus.client.wire import decision_dict
from olympus.gamestate.convert import decision_to_proto


def test_a_prelude_game_is_created_seen_and_played_to_the_end(
    client: OlympusClient, redis_url: str
) -> None:
    game = client.create_game(players=2, seed=91, prelude=True)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    spectator = client.spectate(game.game_id)
    assert spectator.view()["settings"]["options"]["prelude"] is True
    local = stored_game(redis_url, game.game_id)
    assert local.options.prelude
    for seat, handle in seats.items():
        view = handle.view()
        own = view["players"][seat]
        other = view["players"][1 - seat]
        assert len(own["preludes"]) == 4 and "preludes" not in other
        d = handle.decision().decision
        assert d is not None and d["kind"] == "cards" and d["purpose"] == "prelude"
    rnd = random.Random(91)
    phases = set()
    steps = 0
    while spectator.view()["status"] == "active" and steps < 3000:
        state = spectator.decision()
        phases.add(state.phase)
        if steps % 25 == 0:
            local = stored_game(redis_url, game.game_id)
            assert_views_are_the_engines(local, [(None, spectator), *seats.items()])
        act_once(seats[state.waiting_for[0]], rnd)
        steps += 1
    assert spectator.view()["status"] == "finished"
    assert "prelude" in phases


def test_the_play_card_decision_crosses_the_wire() -> None:
    g = new_game(2)
    hand(g, 0, "Mine", "Kelp Farming")
    give(g, 0, megacredits=3)
    prelude_turn(g, 0, "Eccentric Sponsor")
    d = g.decisions()[0]
    assert d.kind == "play_card"
    data = decision_dict(decision_to_proto(d))
    _assert_superset(data, d.to_dict())
    assert [c["card"] for c in data["play"]] == ["056"]  # Kelp Farming lacks its oceans
    assert data["play"][0]["cost"] == 0 and "suggested" in data["play"][0]
