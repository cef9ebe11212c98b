"""The search benchmark reports its speed figures and refuses a match it cannot seat-swap
(figures, not timed assertions)."""

from __future__ import annotations

import pytest

from olympus.bench.search import match, search_bench


def test_search_bench_reports_simulations_and_decisions_per_second() -> None:
    figures = search_bench(positions=2, budget=3)
    assert figures["positions"] == 2 and figures["budget"] == 3
    assert figures["mcts_simulations_per_second"] > 0
    assert figures["mcts_decisions_per_second"] > 0


@pytest.mark.parametrize("games", [0, 3])
def test_a_match_needs_an_even_number_of_games(games: int) -> None:
    with pytest.raises(ValueError, match="even"):
        match(games, budget=2, seconds=None)
