"""Self-play with realtime scoring: the live score is followed (how often the lead changed) when
on, the default; off, no score is looked at before the end, and the games are the same."""

from __future__ import annotations

import json
import subprocess
import sys

from olympus.engine import GameOptions
from olympus.selfplay import play_game, run


def test_the_same_games_with_or_without_the_live_score() -> None:
    on = play_game(GameOptions(players=3, seed=7))
    off = play_game(GameOptions(players=3, seed=7, realtime_scoring=False))
    assert on.finished and on.lead_changes is not None and on.lead_changes >= 0
    assert off.lead_changes is None
    assert (on.decisions, on.final_vp, on.generations) == (
        off.decisions,
        off.final_vp,
        off.generations,
    )


def test_the_summary_reports_lead_changes_only_when_on() -> None:
    on = run(players=2, games=2, seed=3)
    off = run(players=2, games=2, seed=3, realtime_scoring=False)
    assert on["avg_lead_changes"] >= 0 and "avg_lead_changes" not in off
    assert on["avg_final_vp"] == off["avg_final_vp"]


def test_the_command_line_option() -> None:
    def selfplay(*flags: str) -> dict[str, object]:
        done = subprocess.run(
            [sys.executable, "-m", "olympus.cli", "selfplay", "--games", "1", "--json", *flags],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        summary: dict[str, object] = json.loads(done.stdout)
        return summary

    assert "avg_lead_changes" in selfplay()
    assert "avg_lead_changes" not in selfplay("--no-realtime-scoring")
