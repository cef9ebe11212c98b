"""Helpers of the command line tests: `olympus game ...` in a subprocess, and a two-seat game
the test plays itself through the SDK (no bots, so that every step is the test's own)."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

from olympus.client import OlympusClient, SeatHandle


def olympus(
    address: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`olympus game ARGS --address A`, its output captured (a pipe: not a terminal)."""
    done = subprocess.run(
        [sys.executable, "-m", "olympus.cli", "game", *args, "--address", address],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done


@dataclass
class PlayedGame:
    """A two-seat game the test played: each seat's token and the answers given."""

    address: str
    game_id: str
    tokens: dict[int, str]
    answers: list[tuple[int, str]] = field(default_factory=list)

    def seat(self, client: OlympusClient, seat: int) -> SeatHandle:
        return client.join(self.game_id, self.tokens[seat])


def _answer(decision: dict[str, Any]) -> str:
    """A plain way through a generation: the first action a corporation owes, cities first,
    then the other standard projects, then pass; the middle space of any offered."""
    kind = decision["kind"]
    if kind == "setup":
        return f"setup {decision['corporations'][0]['card']} {decision['cards'][0]}"
    if kind == "space":
        return f"space {decision['spaces'][len(decision['spaces']) // 2]}"
    if kind == "cards":
        return "cards -"
    if kind == "action":
        if not decision["standard_projects"] and not decision["pass"]:  # a first action owed
            return f"action {decision['card_actions'][0]['card']}"
        projects = [p["project"] for p in decision["standard_projects"]]
        for project in ("city", "greenery", "power_plant"):
            if project in projects:
                return f"project {project}"
        return "pass"
    raise AssertionError(f"this game's test did not expect a {kind} decision")


def play(address: str, seed: int, steps: int, stop_at_space: bool = False) -> PlayedGame:
    """A new game, both seats answered by `_answer` for `steps` answers (after setup); with
    `stop_at_space`, then on until a seat is asked where to place a tile, left unanswered."""
    with OlympusClient(address, timeout=20) as client:
        created = client.create_game(players=2, seed=seed)
        game = PlayedGame(address, created.game_id, dict(created.tokens))
        done = 0
        while True:
            for seat in sorted(game.tokens):
                state = game.seat(client, seat).decision()
                if state.your_turn and state.decision is not None:
                    break
            else:
                raise AssertionError("nobody is to answer")
            assert state.decision is not None
            if done >= steps and (not stop_at_space or state.decision["kind"] == "space"):
                return game
            answer = _answer(state.decision)
            game.seat(client, seat).act(answer)
            game.answers.append((seat, answer))
            if state.decision["kind"] != "setup":
                done += 1
