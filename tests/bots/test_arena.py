"""The arena command: its JSON, its seat swapping, its errors (a few games, not a benchmark)."""

from __future__ import annotations

import json

import pytest

from olympus.arena import Match, Table, _make, labels, matches, play, wilson
from olympus.bots import GreedyBot, SearchBot
from olympus.cli import main


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    status = main(["arena", *args, "--json"])
    out = capsys.readouterr().out
    return status, json.loads(out) if out.strip() else {}


def test_a_small_arena_reports_consistent_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, summary = arena(capsys, "--bots", "greedy,random", "--games", "4", "--workers", "2")
    assert status == 0
    assert summary["games"] == summary["finished"] == 4
    bots = summary["bots"]
    assert isinstance(bots, dict) and set(bots) == {"greedy", "random"}
    assert sum(b["wins"] for b in bots.values()) == 4
    for figures in bots.values():
        assert set(figures) >= {
            "wins",
            "win_rate",
            "ci95",
            "median_vp",
            "median_generations",
            "ms_per_decision",
        }
        low, high = figures["ci95"]
        assert 0 <= low <= figures["win_rate"] <= high <= 1
        assert figures["win_rate"] == figures["wins"] / 4
        assert figures["ms_per_decision"] > 0
    assert bots["greedy"]["wins"] > bots["random"]["wins"]


def test_self_play_numbers_the_entrants(capsys: pytest.CaptureFixture[str]) -> None:
    status, summary = arena(capsys, "--bots", "random,random", "--games", "2", "--workers", "1")
    assert status == 0
    bots = summary["bots"]
    assert isinstance(bots, dict) and set(bots) == {"random#1", "random#2"}
    assert sum(b["wins"] for b in bots.values()) == 2


def test_bots_with_weights_are_reported_by_their_spec(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, summary = arena(
        capsys, "--bots", "greedy:plant=2.4:active_card=0.25,greedy", "--games", "2", "--quiet"
    )
    assert status == 0
    bots = summary["bots"]
    assert isinstance(bots, dict) and set(bots) == {"greedy:plant=2.4:active_card=0.25", "greedy"}
    assert sum(b["wins"] for b in bots.values()) == 2


def test_every_seed_is_played_with_the_seats_rotated() -> None:
    table = Table(bots=("greedy", "random", "passive"))
    played = matches(table, 6, seed=10)
    expected = [(seed, rotation) for seed in (10, 11) for rotation in range(3)]
    assert [(m.seed, m.rotation) for m in played] == expected
    seats = {Match(table, 10, r).seat_of(0) for r in range(3)}
    assert seats == {0, 1, 2}


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "greedy,random", "--games", "3"],  # not a multiple of the players
        ["--bots", "greedy,nobody", "--games", "2"],
        ["--bots", "greedy", "--games", "2"],
        ["--bots", "greedy,random", "--games", "2", "--players", "3"],
        ["--bots", "greedy,random", "--games", "2", "--budget", "5"],  # greedy takes none
        ["--bots", "greedy:plant=much,random", "--games", "2"],
        ["--bots", "greedy,random:plant=2", "--games", "2"],  # random takes no weights
    ],
)
def test_bad_requests_get_a_clear_error(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    assert main(["arena", *args, "--json", "--quiet"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("olympus arena: ")


def test_wilson_interval() -> None:
    low, high = wilson(396, 400)
    assert 0.97 < low < 0.99 < high < 1
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert labels(["greedy", "greedy", "random"]) == ["greedy#1", "greedy#2", "random"]


def test_in_self_play_the_rotated_game_is_another_game() -> None:
    table = Table(bots=("random", "random"))
    first, rotated = play(Match(table, 3, 0)), play(Match(table, 3, 1))
    assert first.finished and rotated.finished
    # Seat 0 holds entrant 0 in the first game and entrant 1 in the rotated one.
    assert (first.vp[0], first.vp[1]) != (rotated.vp[1], rotated.vp[0])


def test_the_budget_goes_to_the_bots_that_think_within_one() -> None:
    table = Table(bots=("mcts", "greedy"), budget=3)
    search, greedy = _make(table, 0, 1), _make(table, 1, 1)
    assert isinstance(search, SearchBot) and search.budget == 3
    assert isinstance(greedy, GreedyBot)
