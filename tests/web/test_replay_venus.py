"""The replay page's steps (js/replay.js replaySteps, run by node on the real static files) rebuild
the global parameters from the public events alone: whole games played by random bots, their
events made by the game service's own code (gamestate/events.py) and sent as the bridge's JSON,
the board described as DescribeBoard does. At every step the rebuilt Venus scale, temperature,
oxygen and oceans are the engine's after that answer; a game without Venus has no scale."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from node_support import run_page_script

from olympus.bots import RandomBot
from olympus.engine import Game, GameOptions
from olympus.gamestate.board import describe_map
from olympus.gamestate.events import answer_event, created_event
from olympus.web.upstream import to_json

# A whole game's events are too long for node's arguments: they come in a file.
STEPS_CHECK = """
const { replaySteps } = await import(root + "/js/replay.js");
const [board, final, events] = JSON.parse(readFileSync(inputs[0], "utf-8"));
const steps = replaySteps(board, final, events);
console.log(JSON.stringify(steps.map((s) => [s.venus ?? null, s.temperature, s.oxygen, s.oceans])));
"""


def played(options: GameOptions) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """A whole game's events as the bridge sends them, and the engine's parameters after each
    (the first event's too: the created game)."""
    game = Game.new(options)
    bots = [RandomBot(options.seed * 5 + seat) for seat in range(options.players)]

    def now() -> list[Any]:
        return [game.venus if options.venus else None, game.temperature, game.oxygen, game.oceans]

    events = [to_json(created_event(game, 0))]
    expected = [now()]
    for version in range(2, 20_000):
        if game.is_over:
            break
        decision = game.decisions()[0]
        answer = bots[decision.player].choose(game, decision)
        game.push(decision.player, answer)
        events.append(to_json(answer_event(version, decision.player, answer, game, False, 0)))
        expected.append(now())
    assert game.is_over
    return events, expected


def rebuilt(options: GameOptions, events: list[dict[str, Any]], folder: Path) -> list[list[Any]]:
    board = to_json(describe_map(options.map or "tharsis", options.venus))
    # What replaySteps reads of the final view (GetGame's settings, in the bridge's JSON).
    final = {"settings": {"options": {"venus": options.venus}}, "phase": "PHASE_GAME_OVER"}
    sent = folder / "replay.json"
    sent.write_text(json.dumps([board, final, events]), "utf-8")
    steps: list[list[Any]] = run_page_script(STEPS_CHECK, str(sent))
    return steps


def test_stepping_a_venus_game_rebuilds_the_venus_scale_from_the_log(tmp_path: Path) -> None:
    options = GameOptions(players=2, seed=21, venus=True)  # World Government Terraforming too
    events, expected = played(options)
    steps = rebuilt(options, events, tmp_path)
    # steps[0] is before the first event; steps[i] after event i-1.
    assert steps[0][0] == 0
    assert steps[1:] == expected
    scales = [step[0] for step in steps]
    assert scales[-1] > 0 and len(set(scales)) > 3  # the scale moved, step by step
    # The World Government's raises (seat -1) are rebuilt as the seats' are.
    raised_by_nobody = [
        e for e in events for entry in e.get("log", []) if entry["kind"] == "venus"
        and int(entry["args"][0].get("number", 0)) == -1
    ]  # fmt: skip
    assert raised_by_nobody


def test_a_game_without_venus_has_no_scale_in_its_steps(tmp_path: Path) -> None:
    options = GameOptions(players=2, seed=22)
    events, expected = played(options)
    steps = rebuilt(options, events, tmp_path)
    assert {step[0] for step in steps} == {None}
    assert steps[1:] == expected
