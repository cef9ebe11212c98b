"""`olympus ladder run` end to end: a private stack (Redis, the accounts, game, scoring and
ladder services, a worker and beat) it starts and stops itself, rated games, the leaderboard,
the plot."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def ladder(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "ladder", "run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_a_short_ladder_orders_bots_by_strength(tmp_path: Path) -> None:
    plot = tmp_path / "ratings.png"
    done = ladder("--bots", "passive,random", "--games", "8", "--json", "--plot", str(plot))
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert [r["bot"] for r in rows] == ["random", "passive"]  # random terraforms, passive never
    assert all(r["games"] == 8 for r in rows)
    assert rows[0]["wins"] > rows[1]["wins"] and rows[0]["rating"] > rows[1]["rating"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "8/8 games" in done.stderr and "random blue" in done.stderr


def test_a_table_with_more_seats_than_bots_is_refused_before_anything_starts() -> None:
    done = ladder("--bots", "random,passive", "--players", "3", "--games", "2", timeout=60)
    assert done.returncode == 2
    assert "3-player table needs as many bots" in done.stderr and not done.stdout


def test_an_unknown_bot_is_refused_by_the_ladder_service() -> None:
    done = ladder("--bots", "random,grandmaster", "--games", "2", timeout=120)
    assert done.returncode == 2 and "unknown bot" in done.stderr and not done.stdout


def test_the_table_options_reach_the_ladder_service() -> None:
    # Refused by the ladder service (the CLI does not know the maps): the map was passed on.
    done = ladder("--bots", "random,passive", "--games", "2", "--venus", "--map", "nowhere")
    assert done.returncode == 2 and "UNKNOWN_MAP" in done.stderr and not done.stdout
    done = ladder("--bots", "random,passive", "--games", "1", "--venus", "--prelude", "--json")
    assert done.returncode == 0, done.stderr
    assert [r["games"] for r in json.loads(done.stdout)] == [1, 1]  # played and rated
