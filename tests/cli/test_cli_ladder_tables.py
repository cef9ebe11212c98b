"""`olympus ladder show`, `list` and `games` on a running ladder service print aligned tables
whose columns say what they count; `--json` is unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from platform_stack import Platform, platform

from services import WorkerProcesses

RATED_WITHIN_S = 300  # two short bot games on a loaded machine


@pytest.fixture(scope="module")
def ladders(redis_url: str, workers: WorkerProcesses) -> Iterator[Platform]:
    """The ladder service and those it asks; the session's workers play its games."""
    with platform(
        redis_url,
        ("gamestate", "scoring", "matchmaking", "ladder"),
        args={"gamestate": ("--quotas", "off")},
    ) as stack:
        yield stack


def _ladder(stack: Platform, *args: str, key: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OLYMPUS_LADDER_ADDRESS": stack.address("ladder")}
    if key:
        env["OLYMPUS_API_KEY"] = key
    done = subprocess.run(
        [sys.executable, "-m", "olympus.cli", "ladder", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done


def test_show_list_and_games_are_tables(ladders: Platform) -> None:
    _, key = ladders.account(scopes=["admin"])
    bots = ("--bots", "random,passive", "--concurrent", "1", "--max-games", "2")
    _ladder(ladders, "start", "cli-tables", *bots, key=key)
    deadline = time.monotonic() + RATED_WITHIN_S
    while True:
        shown = json.loads(_ladder(ladders, "show", "cli-tables", "--json").stdout)
        if shown["finished"] >= 2 or time.monotonic() > deadline:
            break
        time.sleep(1)
    assert shown["finished"] >= 2, shown

    show = _ladder(ladders, "show", "cli-tables").stdout.splitlines()
    assert show[0].startswith("ladder cli-tables (")
    assert show[1].split() == ["RANK", "BOT", "RATING", "GAMES", "WINS"]
    rows = [line.split() for line in show[2:4]]
    assert [r[1] for r in rows] == [e["bot"] for e in shown["leaderboard"]]
    assert [int(r[3]) for r in rows] == [e["games"] for e in shown["leaderboard"]]
    assert show[4].startswith("(RATING: mu - 3 sigma")

    listed = _ladder(ladders, "list").stdout.splitlines()
    assert listed[0].split() == ["LADDER", "STATE", "RUNNING", "RATED", "ABORTED", "BOTS"]
    row = next(line for line in listed if line.startswith("cli-tables "))
    assert row.endswith("random, passive") and row.split()[3] == str(shown["finished"])

    games = _ladder(ladders, "games", "cli-tables").stdout.splitlines()
    assert games[0].startswith("ladder cli-tables: ") and games[1].split()[:2] == ["GAME", "STATE"]
    listed_games = [line.split() for line in games[2:]]
    assert len(listed_games) >= 2
    assert all(
        len(g[0]) == 16 and set(g[2:]) <= {"bot:random", "bot:passive"} for g in listed_games
    )
    # --json is still one JSON object a game.
    for line in _ladder(ladders, "games", "cli-tables", "--json").stdout.splitlines():
        assert "game_id" in json.loads(line)
