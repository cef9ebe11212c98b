"""The bots benchmark runs and reports a rate for every bot (figures, not timed assertions)."""

from __future__ import annotations

from olympus.bench.bots import BOTS_MEASURED, main_figures


def test_the_bots_benchmark_reports_every_bot() -> None:
    figures = main_figures(seeds=1, every=25)
    assert figures["positions"] > 0
    for name in BOTS_MEASURED:
        assert figures[f"{name}_decisions_per_second"] > 0
    assert figures["greedy_states_per_decision"] >= 1
