"""The engine benchmark runs on a few games and its Colonies comparison is what it says: the
same seeds in both kinds of game (figures, not timed assertions)."""

from __future__ import annotations

from olympus.bench.engine import run


def test_the_engine_benchmark_compares_colonies_over_more_seeds_than_the_rest() -> None:
    figures = run(games=2, colonies_games=5)
    assert figures["games"] == 2 and figures["plain_and_colonies_games"] == 5
    assert figures["median_decisions_per_colonies_game"] > 0
    assert figures["median_decisions_per_plain_game_of_the_comparison"] > 0
    assert figures["colonies_total_over_plain"] > 0 and figures["colonies_over_plain"] > 0
    assert figures["state_bytes_median"] <= figures["state_bytes_max"]
