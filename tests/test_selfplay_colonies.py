"""Self-play with the Colonies expansion: the games finish, the summary reports trades and
colonies (only when on), and `olympus selfplay --colonies` plays them."""

from __future__ import annotations

import json
import subprocess
import sys

from olympus.engine import GameOptions
from olympus.selfplay import play_game, run


def test_colonies_games_finish_with_trades_and_colonies() -> None:
    stats = play_game(GameOptions(players=3, seed=4, colonies=True), persist=True)
    assert stats.finished
    assert stats.trades is not None and stats.trades > 0
    assert stats.colonies is not None and stats.colonies > 0
    plain = play_game(GameOptions(players=3, seed=4))
    assert plain.trades is None and plain.colonies is None


def test_the_summary_reports_colonies_only_when_on() -> None:
    on = run(players=2, games=2, seed=3, colonies=True)
    off = run(players=2, games=2, seed=3)
    assert on["finished"] == 2 and on["colonies"] is True
    assert on["avg_trades"] > 0 and on["avg_colonies_at_end"] > 0
    assert off["colonies"] is False and "avg_trades" not in off


def test_the_command_line_option() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "olympus.cli", "selfplay", "--games", "1", "--json", "--colonies"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    summary = json.loads(done.stdout)
    assert summary["colonies"] is True and summary["finished"] == 1
    assert summary["avg_trades"] > 0
