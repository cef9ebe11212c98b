"""A ladder kept running by the workers and beat alone: `olympus ladder start` configures it,
beat's tick starts games up to its concurrency and rates the finished ones, `stop` lets the
running games end rated and starts no more."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from olympus.platform.embedded_redis import EmbeddedRedis
from services import running_workers


def ladder(url: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "ladder", *args, "--redis-url", url],
        capture_output=True,
        text=True,
        timeout=60,
    )


def show(url: str, name: str) -> dict[str, Any]:
    done = ladder(url, "show", name, "--json")
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def wait_for(what: str, probe: Any, timeout: float = 240) -> Any:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = probe()
        if last:
            return last
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}: {last!r}")


def test_beat_keeps_a_ladder_going_and_stop_lets_it_wind_down(own_redis: EmbeddedRedis) -> None:
    url = own_redis.url
    started = ladder(url, "start", "daily", "--bots", "passive,random", "--concurrent", "3")
    assert started.returncode == 0, started.stderr
    with running_workers(url):

        def rated_enough() -> dict[str, Any] | None:
            state = show(url, "daily")
            board = state["leaderboard"]
            return state if len(board) == 2 and min(r["games"] for r in board) >= 4 else None

        state = wait_for("4 rated games per bot", rated_enough)
        assert [r["bot"] for r in state["leaderboard"]] == ["random", "passive"]
        assert state["running"] <= 3  # never more than its concurrency
        assert ladder(url, "stop", "daily").returncode == 0
        stopped = wait_for("the running games to end", lambda: show(url, "daily")["running"] == 0)
        assert stopped
        final = show(url, "daily")
        time.sleep(5)  # two more ticks: nothing new starts
        again = show(url, "daily")
        assert again["started"] == final["started"] and again["running"] == 0
        games = sum(r["games"] for r in again["leaderboard"])
        assert games == 2 * again["started"]  # every game started was rated, once


def test_bad_ladders_are_refused_and_change_nothing(own_redis: EmbeddedRedis) -> None:
    url = own_redis.url
    bad = ladder(url, "start", "tiny", "--bots", "random", "--players", "2")
    assert bad.returncode == 2 and "at most the number of bots" in bad.stderr
    assert ladder(url, "show", "tiny").returncode == 1
    assert ladder(url, "stop", "nonesuch").returncode == 1
