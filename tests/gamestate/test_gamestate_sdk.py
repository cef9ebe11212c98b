"""The Python SDK: plain data shaped like the engine's, safe retries, listing."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from gamestate_players import act_once, stored_game

from olympus.client import ActResult, OlympusClient, StaleVersion
from olympus.engine import Game, from_dict
from olympus.platform.embedded_redis import free_port
from services import running_service

# What the service adds to the engine's view (the clocks: from the table's time control).
SERVICE_KEYS = {"game_id", "version", "status", "settings", "created_at_ms", "clocks"}


def _assert_superset(sdk: dict[str, Any], engine: dict[str, Any]) -> None:
    """The SDK's decision has every key of the engine's `to_dict`, with the same values
    (offers carry extra payment keys)."""
    for key, value in engine.items():
        mine = sdk[key]
        if isinstance(value, list) and value and isinstance(value[0], dict):
            assert len(mine) == len(value), key
            for m, v in zip(mine, value, strict=True):
                _assert_superset(m, v)
        else:
            assert mine == value, (key, mine, value)


def assert_views_are_the_engines(
    local: Any, handles: list[tuple[int | None, Any]]
) -> list[dict[str, Any]]:
    """Every handle's view (a spectator's: viewer None) is the engine's view of the stored game
    `local`, decisions included (the SDK's carry extra payment keys); the views, without
    their service keys and decisions."""
    views = []
    for viewer, handle in handles:
        view = handle.view()
        decisions = view.pop("decisions")
        for key in SERVICE_KEYS:
            view.pop(key)
        expected = local.view(viewer)
        assert view == {k: v for k, v in expected.items() if k != "decisions"}
        for mine, theirs in zip(decisions, expected["decisions"], strict=True):
            _assert_superset(mine, theirs)
        views.append(view)
    return views


def test_views_and_decisions_are_the_engines(client: OlympusClient, redis_url: str) -> None:
    game = client.create_game(players=3, seed=81, draft=True)
    seats = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    spectator = client.spectate(game.game_id)
    rnd = random.Random(81)
    for step in range(120):
        if step % 7 == 0:
            local = stored_game(redis_url, game.game_id)
            for viewer, handle in [(None, spectator), *seats.items()]:
                view = handle.view()
                assert view["settings"]["options"].get("seed") is None  # secret while playing
                expected = local.view(viewer)
                sdk_decisions = view.pop("decisions")
                for key in SERVICE_KEYS:
                    view.pop(key)
                assert view == {k: v for k, v in expected.items() if k != "decisions"}
                for mine, theirs in zip(sdk_decisions, expected["decisions"], strict=True):
                    _assert_superset(mine, theirs)
            for d in local.decisions():
                state = seats[d.player].decision()
                assert state.your_turn and state.decision is not None
                _assert_superset(state.decision, d.to_dict())
                _check_suggested_payments(local, state.decision)
        act_once(seats[spectator.decision().waiting_for[0]], rnd)


def _check_suggested_payments(local: Game, d: dict[str, Any]) -> None:
    """Every offer's suggested payment is one the engine accepts."""
    if d["kind"] != "action":
        return
    offers = [
        *({"type": "play_card", "card": c["card"], "payment": c["suggested"]} for c in d["play"]),
        *(
            {"type": "standard_project", "project": p["project"], "payment": p["suggested"]}
            for p in d["standard_projects"]
        ),
        *(
            {
                "type": "card_action",
                "card": a["card"],
                "choice": c["index"],
                "payment": c["suggested"],
            }
            for a in d["card_actions"]
            for c in a["choices"]
        ),
    ]
    decision = local.decision_for(d["player"])
    for offer in offers:
        decision.check(from_dict(offer))


def test_spectators_are_told_whom_the_game_waits_for(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=82)
    state = client.spectate(game.game_id).decision()
    assert (state.seat, state.your_turn, state.decision) == (None, False, None)
    assert state.waiting_for == [0, 1] and state.phase == "setup"
    host = client.join(game.game_id, game.host_token).decision()
    assert host.seat is None and not host.your_turn


def test_act_with_the_same_key_returns_the_first_result(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=83)
    me = client.join(game.game_id, game.tokens[0])
    d = me.decision().decision or {}
    answer = f"setup {d['corporations'][0]['card']} -"
    first = me.act(answer, version=1, key="my-key")
    again = me.act(answer, version=1, key="my-key")
    assert (first.version, first.replayed) == (2, False)
    assert (again.version, again.replayed, again.answer) == (2, True, first.answer)
    assert again.event == first.event
    assert len(client.game_log(game.game_id, game.host_token)["answers"]) == 1


def test_act_retries_through_a_service_restart(redis_url: str) -> None:
    """The service goes away between the client's decision and its answer; the SDK retries
    with the same key until a new process serves the same Redis, and the answer lands once."""
    port = str(free_port())
    with (
        running_service("gamestate", "--redis-url", redis_url, "--port", port) as first,
        OlympusClient(first.address) as setup,
    ):
        game = setup.create_game(players=2, seed=84)
        d = setup.join(game.game_id, game.tokens[1]).decision().decision or {}
    assert first.proc.returncode == 0
    answer = f"setup {d['corporations'][1]['card']} {d['cards'][0]}"
    outcome: list[ActResult] = []
    with OlympusClient(f"127.0.0.1:{port}", retries=10, backoff=0.1) as client:
        me = client.join(game.game_id, game.tokens[1])
        acting = threading.Thread(target=lambda: outcome.append(me.act(answer, version=1)))
        acting.start()
        with running_service("gamestate", "--redis-url", redis_url, "--port", port):
            acting.join(60)
            assert outcome and outcome[0].version == 2 and not outcome[0].replayed
            log = client.game_log(game.game_id, game.host_token)
    # Applied once: one answer in the (public) log, the setup's two cards told as a count.
    assert [(a["seat"], a.get("count")) for a in log["answers"]] == [(1, 1)]


def test_list_games_pages_newest_first(client: OlympusClient) -> None:
    made = [client.create_game(players=2, seed=90 + i).game_id for i in range(5)]
    seen: list[dict[str, Any]] = []
    token = ""
    while True:
        page, token = client.list_games(status="active", page_size=2, page_token=token)
        assert len(page) <= 2
        seen += page
        if not token:
            break
    ids = [g["game_id"] for g in seen]
    assert len(ids) == len(set(ids))
    # Newest first: by creation time, games created in the same millisecond by their id.
    order = [(g["created_at_ms"], g["game_id"]) for g in seen]
    assert order == sorted(order, reverse=True)
    assert set(made) <= set(ids)
    assert all(g["status"] == "active" and g["players"] == 2 for g in seen if g["game_id"] in made)
    finished, _ = client.list_games(status="finished", page_size=500)
    assert not set(made) & {g["game_id"] for g in finished}


def _setup_answer(decision: dict[str, Any]) -> str:
    return f"setup {decision['corporations'][0]['card']} -"


def test_simultaneous_answers_are_rebased_when_the_seats_decision_is_unchanged(
    client: OlympusClient,
) -> None:
    game = client.create_game(players=3, seed=91)
    seats = [client.join(game.game_id, game.tokens[s]) for s in range(3)]
    shown = [seat.decision() for seat in seats]  # all three read version 1
    assert {s.version for s in shown} == {1}
    results = [
        seat.act(_setup_answer(s.decision or {}), version=1)
        for seat, s in zip(seats, shown, strict=True)
    ]
    assert [r.version for r in results] == [
        2,
        3,
        4,
    ]  # the 2nd and 3rd were resent at the new version
    assert len(client.game_log(game.game_id, game.host_token)["answers"]) == 3


def test_a_stale_answer_is_not_rebased_when_the_decision_changed(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=92)
    first = client.join(game.game_id, game.tokens[0])
    d = first.decision()
    twin = client.join(game.game_id, game.tokens[0])  # the same seat from another client
    twin.decision()
    twin.act(_setup_answer(d.decision or {}), version=d.version)
    with pytest.raises(StaleVersion) as refused:  # the decision it answered is gone
        first.act(_setup_answer(d.decision or {}), version=d.version)
    assert refused.value.status == "ABORTED"


def test_the_view_and_the_decision_read_together_are_of_one_version(
    client: OlympusClient,
) -> None:
    """`view_and_decision` is one read: while another client plays both seats as fast as it
    can, every pair the watcher gets shows the board and the decision of the same version
    (the view's own list of the seat's decisions agrees with the decision)."""
    game = client.create_game(players=2, seed=84)
    players = {s: client.join(game.game_id, t) for s, t in game.tokens.items()}
    watcher = client.join(game.game_id, game.tokens[0])
    done = threading.Event()

    def play() -> None:
        rnd = random.Random(84)
        try:
            for _ in range(60):
                seat = watcher.client.spectate(game.game_id).decision().waiting_for[0]
                act_once(players[seat], rnd)
        finally:
            done.set()

    player = threading.Thread(target=play)
    player.start()
    versions = set()
    while not done.is_set():
        view, state = watcher.view_and_decision()
        assert view["version"] == state.version == watcher.version
        mine = [d for d in view["decisions"] if d["player"] == 0]
        assert state.your_turn == bool(mine)
        if state.decision is not None:
            assert state.decision["kind"] == mine[0]["kind"]
        versions.add(state.version)
    player.join()
    assert len(versions) > 5  # the reads landed while the game moved
    view, state = client.join(game.game_id, game.tokens[1]).view_and_decision()
    assert view["version"] == state.version and state.seat == 1
