"""`python -m olympus.bench.rate`: a random search of the evaluation's weights for the self-play
scoring rate; its summary, its draws, a real (tiny) run and every bad argument refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from olympus.bench.rate import RANGES, conclusion, draw, main, meets_goal, spec_of
from olympus.bots import WEIGHT_NAMES, parse_bot


def line(
    spec: str, vp: float, generations: float, finished: int = 4, **weights: float
) -> dict[str, Any]:
    full = {name: weights.get(name, 1.0) for name in WEIGHT_NAMES}
    return {
        "spec": spec,
        "weights": full,
        "games": 4,
        "finished": finished,
        "median_winning_vp": vp,
        "median_generations": generations,
        "rate": round(vp / generations, 2),
        "meets_goal": meets_goal(vp, generations),
    }


def test_the_goal_is_both_a_score_and_a_length() -> None:
    assert meets_goal(110, 13) and meets_goal(120, 12)
    assert not meets_goal(109.5, 13) and not meets_goal(115, 13.5)
    assert not meets_goal(None, 12) and not meets_goal(115, None)


def test_the_summary_names_the_best_and_how_each_weight_goes() -> None:
    trials = [
        line("greedy", 100, 13, production=1.0, point=8),
        line("a", 120, 16, production=1.5, point=6),
        line("b", 90, 12, production=0.8, point=12),
        line("c", 111, 13, production=1.1, point=13),
        line("d", 200, 10, finished=3, production=2.0, point=1),  # not all finished: left out
    ]
    summary = conclusion(trials)
    assert summary["baseline"] == {
        "spec": "greedy",
        "median_winning_vp": 100,
        "median_generations": 13,
        "rate": 7.69,
    }
    assert summary["trials"] == 5 and summary["finished_trials"] == 4
    assert summary["best"]["spec"] == "c" and summary["rate_range"] == [7.5, 8.54]
    assert summary["meeting_goal"] == ["c"]  # d's games did not all finish
    correlations = summary["correlations"]
    assert correlations["production"]["with_generations"] > 0.9
    assert correlations["point"]["with_generations"] < -0.5
    assert correlations["plant"] == {"with_rate": None, "with_generations": None}  # never varied


def test_draws_stay_in_their_ranges_and_repeat_for_a_seed() -> None:
    first = [draw(random.Random(5)) for _ in range(3)]
    assert first == [draw(random.Random(5)) for _ in range(3)]
    rnd = random.Random(9)
    for _ in range(200):
        weights = draw(rnd)
        assert list(weights) == list(WEIGHT_NAMES)
        for name, value in weights.items():
            low, high = RANGES[name]
            assert low <= value <= high
    name, values = parse_bot(spec_of("mcts", first[0]))
    assert name == "mcts" and values == first[0]


def test_a_small_search_plays_the_baseline_then_each_draw(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--trials", "1", "--games", "2", "--seed", "3"]) == 0
    lines = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert [entry.get("trial") for entry in lines] == [0, 1, None]
    baseline, drawn, summary = lines
    assert baseline["spec"] == "greedy" and baseline["weights"]["point"] == 8.0
    assert parse_bot(drawn["spec"]) == ("greedy", drawn["weights"])
    for entry in (baseline, drawn):
        assert entry["games"] == entry["finished"] == 2
        assert entry["median_generations"] >= 1 and entry["median_winning_vp"] > 20
    assert summary["summary"] and summary["trials"] == 2 and summary["baseline"]["spec"] == "greedy"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--bot", "random"], "--bot 'random': not a bot that judges by weights"),
        (["--bot", "nobody"], "--bot 'nobody': not a bot that judges by weights"),
        (["--trials", "-1"], "--trials must be >= 0, not -1"),
        (["--workers", "0"], "--workers must be >= 1, not 0"),
        (["--games", "3"], "--games must be a positive multiple of the players (2)"),
        (["--budget", "8"], "--budget: none of greedy, greedy thinks within a budget"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["--trials", "0", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err
