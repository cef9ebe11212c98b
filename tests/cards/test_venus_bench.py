"""`make bench` prints a Venus Next game's cost against a plain one over the same seeds,
interleaved (olympus.bench.engine): figures, not timed assertions (issue 34's goal, at most
1.3x per decision, is read from a real run, docs/benchmarks.md)."""

from __future__ import annotations

from olympus.bench.engine import run


def test_the_engine_benchmark_prints_the_venus_cost_per_decision_against_a_plain_game() -> None:
    figures = run(games=1, colonies_games=3)
    assert figures["median_decisions_per_venus_game"] > 0
    assert figures["median_cpu_ms_per_venus_game"] > 0
    assert figures["venus_total_over_plain"] > 0
    assert figures["venus_per_decision_over_plain"] > 0
