"""The arena command: its JSON, its seat swapping, its errors (a few games, not a benchmark)."""

from __future__ import annotations

import json

import pytest

from olympus.arena import (
    POINT_SOURCES,
    Match,
    Outcome,
    Table,
    _make,
    labels,
    matches,
    play,
    wilson,
    winning_curve,
    winning_points,
)
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
    # Where greedy's points came from in its wins: the sources add up to its mean winning score.
    when = bots["greedy"]["when_winning"]
    assert abs(sum(when[k] for k in POINT_SOURCES) - when["total"]) < 0.05
    assert when["terraform_rating"] >= 20 and when["cards_played"] > 0
    assert when["median_vp_per_generation"] > 0
    assert summary["median_winning_vp_per_generation"] > 0
    curve = bots["greedy"]["winning_curve"]
    assert curve[0] == 20 and curve == sorted(curve)  # TR 20 at the start; greedy only gains
    assert bots["random"]["winning_curve"] == []  # random won nothing


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


def test_each_game_records_where_every_entrants_points_came_from() -> None:
    table = Table(bots=("greedy", "random"))
    outcome = play(Match(table, 5, 1))
    assert outcome.finished
    for entrant in range(2):
        points = outcome.points[entrant]
        assert set(points) == set(POINT_SOURCES)
        assert sum(points.values()) == outcome.vp[entrant]
        assert points["terraform_rating"] >= 14  # 20 at the start, a few steps lost at most
    assert outcome.cards_played[0] > 0
    # One live score per generation begun, the first before anybody played.
    for entrant in range(2):
        assert len(outcome.curve[entrant]) == outcome.generations
        assert outcome.curve[entrant][0] == 20


def _outcome(vp: list[int], generations: int, wins: list[float]) -> Outcome:
    cards = [{**dict.fromkeys(POINT_SOURCES, 0), "terraform_rating": v} for v in vp]
    curves = [[20 + g * v // generations for g in range(generations)] for v in vp]
    return Outcome(1, 0, True, generations, vp, wins, [1, 1], [0.0, 0.0], cards, [7, 3], curves)


# Entrant 0 wins the first and the last, entrant 1 the middle one.
THREE_GAMES = [
    _outcome([100, 80], 10, [1.0, 0.0]),
    _outcome([90, 120], 12, [0.0, 1.0]),
    _outcome([120, 70], 12, [1.0, 0.0]),
]


def test_points_when_winning_count_only_the_games_won() -> None:
    first = winning_points(THREE_GAMES, 0)
    assert first["total"] == first["terraform_rating"] == 110.0
    assert first["cards_played"] == 7.0
    assert first["median_vp_per_generation"] == 10.0  # 100/10 and 120/12
    second = winning_points(THREE_GAMES, 1)
    assert second["total"] == 120.0 and second["median_vp_per_generation"] == 10.0
    never = winning_points(THREE_GAMES[:1], 1)
    assert never["total"] is None and never["median_vp_per_generation"] is None


def test_the_winning_curve_follows_the_games_won_while_half_of_them_last() -> None:
    curve = winning_curve(THREE_GAMES, 0)
    # Both wins last 10 generations; the 12-generation one alone is half of them, so it counts.
    assert len(curve) == 12
    assert curve[0] == 20.0 and curve[1] == 30.0  # 20 + 100 // 10 and 20 + 120 // 12
    assert curve[10] == 20 + 10 * 120 // 12
    assert winning_curve(THREE_GAMES[:1], 1) == []
