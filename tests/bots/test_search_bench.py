"""The search benchmark reports its speed figures and refuses a match it cannot seat-swap
(figures, not timed assertions)."""

from __future__ import annotations

import pytest

from olympus.arena import wilson
from olympus.bench.search import match, search_bench, summarise


def test_search_bench_reports_simulations_and_decisions_per_second() -> None:
    figures = search_bench(positions=2, budget=3)
    assert figures["positions"] == 2 and figures["budget"] == 3
    assert figures["mcts_simulations_per_second"] > 0
    assert figures["mcts_decisions_per_second"] > 0


@pytest.mark.parametrize("games", [0, 3])
def test_a_match_needs_an_even_number_of_games(games: int) -> None:
    with pytest.raises(ValueError, match="even"):
        match(games, budget=2, seconds=None)


def test_a_summary_counts_wins_ties_and_the_wilson_interval() -> None:
    row = {"finished": True, "vp": 90, "opponent_vp": 80, "generations": 14, "seconds": 2.0,
           "decisions": 10, "searched_seconds": 1.5, "searches": 5, "simulations": 50,
           "cpu_seconds": 1.0, "searched_cpu_seconds": 0.5}  # fmt: skip
    rows = [{**row, "win": 1.0}, {**row, "win": 1.0}, {**row, "win": 0.5}, {**row, "win": 0.0}]
    figures = summarise(rows, budget=16, seconds=None)
    assert figures["games"] == 4 and figures["mcts_wins"] == 2.5
    assert figures["ci95"] == list(wilson(2.5, 4))
    assert figures["mcts_cpu_ms_per_searched_decision"] == 100.0
    assert figures["mcts_simulations_per_cpu_second"] == 100.0
    old = summarise([{k: v for k, v in rows[0].items() if "cpu" not in k}], 16, None)
    assert old["mcts_cpu_ms_per_decision"] is None  # a line without CPU figures: none claimed
    with pytest.raises(ValueError, match="no games"):
        summarise([], 16, None)
