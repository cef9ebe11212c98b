"""UndoAnswers on a real service: a seat takes back its latest answers on a table created with
the undo option, at a new version, told to watchers, recorded in the log, refused with a
clear reason when not allowed, and without telling anybody anything hidden."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from gamestate_players import act_once, stored_game, wait_until_waiting_for
from test_gamestate_cli import Cli

from olympus.client import GameServiceError, OlympusClient, SeatHandle, StaleVersion
from services import ServiceProcess


def _seats(client: OlympusClient, game_id: str, tokens: dict[int, str]) -> dict[int, SeatHandle]:
    return {seat: client.join(game_id, token) for seat, token in tokens.items()}


def _views(client: OlympusClient, game_id: str, seats: dict[int, SeatHandle]) -> list[Any]:
    """What everyone sees (each seat, a spectator), without the fields a new version moves."""
    out = []
    for handle in [*seats.values(), client.spectate(game_id)]:
        view = handle.view()
        for moving in ("version", "clocks"):
            view.pop(moving)
        out.append(view)
    return out


def _refused(call: Any, status: str, reason: str) -> GameServiceError:
    with pytest.raises(GameServiceError) as refused:
        call()
    assert (refused.value.status, refused.value.reason) == (status, reason), refused.value
    return refused.value


def _play_until(
    client: OlympusClient,
    game_id: str,
    seats: dict[int, SeatHandle],
    rnd: random.Random,
    done: Any,
) -> list[tuple[int, list[Any]]]:
    """Answer for seats the game waits for, at random, until `done()` holds; returns each
    answer's seat with what everyone saw just before it."""
    history: list[tuple[int, list[Any]]] = []
    spectator = client.spectate(game_id)
    for _ in range(300):
        if done():
            return history
        seat = rnd.choice(spectator.decision().waiting_for)
        history.append((seat, _views(client, game_id, seats)))
        act_once(seats[seat], rnd)
    raise AssertionError("the position looked for never came")


def test_a_setup_choice_taken_back(client: OlympusClient, redis_url: str) -> None:
    game = client.create_game(players=2, seed=21, undo=True)
    seats = _seats(client, game.game_id, game.tokens)
    before = _views(client, game.game_id, seats)
    shown = seats[0].decision()
    assert shown.undoable == 0 and "undoable" not in (shown.decision or {})
    assert act_once(seats[0], random.Random(1))[0] == 2
    state = seats[0].decision()
    assert not state.your_turn and state.undoable == 1  # told also when it is not its turn

    done = seats[0].undo(1)
    assert done.version == 3 and not done.replayed and done.answer == "undo 1"
    assert _views(client, game.game_id, seats) == before
    again = seats[0].decision()
    assert again.your_turn and again.decision == shown.decision and again.undoable == 0

    # The event tells the count and whom the game waits for, never the cards taken back.
    event = done.event
    assert event is not None
    assert event["kind"] == "undo" and event["seat"] == 0 and "answer" not in event
    assert event["log"] == [["undo", 0, 1]] and event["waiting_for"] == [0, 1]
    watched = next(iter(client.spectate(game.game_id).watch(from_version=2)))
    assert {k: watched[k] for k in ("version", "kind", "seat", "log")} == {
        "version": 3,
        "kind": "undo",
        "seat": 0,
        "log": [["undo", 0, 1]],
    }
    log = client.game_log(game.game_id)
    assert [(a["version"], a["seat"], a.get("text"), a.get("hidden")) for a in log["answers"]] == [
        (2, 0, "", True),
        (3, 0, "undo 1", None),
    ]
    # The stored log replays (undo included) to the stored game.
    stored = stored_game(redis_url, game.game_id)
    assert stored.waiting_for() == [0, 1] and stored.decisions_made == 0


def test_several_answers_taken_back_at_once(client: OlympusClient, redis_url: str) -> None:
    game = client.create_game(players=2, seed=22, undo=True)
    seats = _seats(client, game.game_id, game.tokens)
    history = _play_until(
        client,
        game.game_id,
        seats,
        random.Random(2),
        lambda: any(h.decision().undoable >= 2 for h in seats.values()),
    )
    seat = next(s for s, h in seats.items() if h.decision().undoable >= 2)
    count = seats[seat].decision().undoable
    assert [s for s, _ in history[-count:]] == [seat] * count
    done = seats[seat].undo(count)
    assert done.event is not None and done.event["log"] == [["undo", seat, count]]
    assert _views(client, game.game_id, seats) == history[-count][1]
    # The log, with its undo, replays to the stored game.
    stored = stored_game(redis_url, game.game_id)
    shown = seats[seat].view()
    for part in ("players", "board", "waiting_for"):
        assert stored.view(seat)[part] == shown[part], part
    assert stored.undoable(seat) == seats[seat].decision().undoable


def test_version_and_idempotency(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=23, undo=True)
    seats = _seats(client, game.game_id, game.tokens)
    version, _, _ = act_once(seats[0], random.Random(3))
    stale = _refused(lambda: seats[0].undo(1, version=version - 1), "ABORTED", "STALE_VERSION")
    assert isinstance(stale, StaleVersion) and stale.metadata["current_version"] == str(version)
    ahead = _refused(
        lambda: seats[0].undo(1, version=version + 5), "INVALID_ARGUMENT", "VERSION_AHEAD"
    )
    assert ahead.metadata["current_version"] == str(version)
    first = seats[0].undo(1, version=version, key="take-back-1")
    again = seats[0].undo(1, version=version, key="take-back-1")
    assert (again.version, again.replayed) == (first.version, True)
    assert again.event is not None and again.event["kind"] == "undo"
    _refused(
        lambda: seats[0].undo(2, version=version, key="take-back-1"),
        "ABORTED",
        "IDEMPOTENCY_KEY_REUSED",
    )
    assert seats[0].decision().version == first.version


def test_refusals_change_nothing(client: OlympusClient) -> None:
    off = client.create_game(players=2, seed=24)
    seat = client.join(off.game_id, off.tokens[0])
    act_once(seat, random.Random(4))
    _refused(lambda: seat.undo(1), "FAILED_PRECONDITION", "UNDO_OFF")
    assert seat.decision().version == 2

    game = client.create_game(players=2, seed=25, undo=True)
    seats = _seats(client, game.game_id, game.tokens)
    _refused(lambda: seats[0].undo(1), "FAILED_PRECONDITION", "UNDO_NOT_ALLOWED")  # nothing yet
    act_once(seats[0], random.Random(5))
    _refused(lambda: seats[0].undo(2), "FAILED_PRECONDITION", "UNDO_NOT_ALLOWED")  # too many
    _refused(lambda: seats[1].undo(1), "FAILED_PRECONDITION", "UNDO_NOT_ALLOWED")  # not its own
    _refused(lambda: seats[0].undo(0), "INVALID_ARGUMENT", "INVALID_ARGUMENT")
    host = client.join(game.game_id, game.host_token)
    _refused(lambda: host.undo(1, version=2), "PERMISSION_DENIED", "NOT_A_SEAT_TOKEN")
    _refused(
        lambda: client.spectate(game.game_id).undo(1, version=2),
        "UNAUTHENTICATED",
        "TOKEN_REQUIRED",
    )
    assert seats[0].decision().version == 2 and seats[0].decision().undoable == 1
    # The last setup choice shows every corporation: after it nothing can be taken back.
    act_once(seats[1], random.Random(6))
    assert seats[0].decision().undoable == 0 and seats[1].decision().undoable == 0
    _refused(lambda: seats[1].undo(1), "FAILED_PRECONDITION", "UNDO_NOT_ALLOWED")


def test_another_seats_answer_closes_the_window(client: OlympusClient) -> None:
    game = client.create_game(players=2, seed=26, undo=True)
    seats = _seats(client, game.game_id, game.tokens)
    rnd = random.Random(7)

    def passed_on() -> bool:  # a seat can take back, and the other seat decides
        return any(
            h.decision().undoable and seats[1 - s].decision().your_turn
            for s, h in seats.items()
            if seats[1 - s].decision().phase == "action"
        )

    _play_until(client, game.game_id, seats, rnd, passed_on)
    seat = next(s for s, h in seats.items() if h.decision().undoable)
    act_once(seats[1 - seat], rnd)
    assert seats[seat].decision().undoable == 0
    _refused(lambda: seats[seat].undo(1), "FAILED_PRECONDITION", "UNDO_NOT_ALLOWED")


def test_a_bank_clock_gains_nothing_from_answering_and_taking_back(
    client: OlympusClient,
) -> None:
    game = client.create_game(players=2, seed=27, undo=True, time_control=(600, 60))
    seats = _seats(client, game.game_id, game.tokens)

    def bank(seat: int) -> int:
        clocks = {c["seat"]: c for c in seats[seat].view()["clocks"]}
        return int(clocks[seat]["remaining_ms"])

    before = bank(0)
    act_once(seats[0], random.Random(8))
    assert bank(0) > before  # the increment, while it is not deciding
    seats[0].undo(1)
    after = {c["seat"]: c for c in seats[0].view()["clocks"]}[0]
    assert after["remaining_ms"] <= before  # no increment kept
    assert after["deadline_ms"] > 0  # its decision is back, with a running clock


def test_the_command_line(gamestate: ServiceProcess, tmp_path: Path) -> None:
    olympus = Cli(gamestate.address, tmp_path / "games.json")
    game_id = olympus("create", "--players", "2", "--seed", "28", "--undo").stdout.split()[1]
    decision = json.loads(olympus("decision", game_id, "--seat", "0", "--json").stdout)
    corp = decision["decision"]["corporations"][0]["card"]
    olympus("act", game_id, "--seat", "0", f"setup {corp} -")
    shown = olympus("decision", game_id, "--seat", "0").stdout
    assert f"olympus game undo {game_id} --seat 0 --count N" in shown
    done = olympus("undo", game_id, "--seat", "0", "--count", "1").stdout
    assert "took back 1 answer(s): now version 3" in done
    refused = olympus("undo", game_id, "--seat", "0", ok=False)
    assert refused.returncode == 1 and "UNDO_NOT_ALLOWED" in refused.stderr
    log = olympus("log", game_id).stdout
    assert "seat 0: undo 1" in log


def test_with_a_bot_at_the_table(client: OlympusClient, redis_url: str) -> None:
    """The bot's answers close seat 0's window; seat 0's undos while its turn lasts leave the
    bot's turns to come as they were (the workers play them after each new version)."""
    game = client.create_game(players=2, seed=29, undo=True, bots=[1])
    me = client.join(game.game_id, game.tokens[0])
    rnd = random.Random(9)
    undos = 0
    for _ in range(40):
        state = wait_until_waiting_for(me, {0})
        if state.status != "active":
            break
        last = me.log()["answers"][-1] if state.version > 1 else None
        if last is not None and last["seat"] == 1:
            assert state.undoable == 0  # the bot answered last
        if state.undoable and rnd.random() < 0.5:
            me.undo(1, version=state.version)
            undos += 1
            continue
        act_once(me, rnd)
    assert undos > 0
    log = me.log()["answers"]
    assert any(a["seat"] == 1 and a["bot"] for a in log)
    assert any(a["text"] == "undo 1" for a in log)
    # Whatever the bot and the undos did, the stored log replays to the game the service has.
    stored = stored_game(redis_url, game.game_id)
    assert stored.view(0)["players"] == me.view()["players"]
