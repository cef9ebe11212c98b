"""The answer-floor benchmark runs end to end at a small size: the real service and the floor
server both answer every call, and the figures it prints are the ones it measured (no timing
is asserted: benchmarks are read, not tested for speed)."""

from __future__ import annotations

from olympus.bench import floor


def test_the_floor_benchmark_measures_both_servers_and_the_engine() -> None:
    figures = floor.main_figures(callers=12, calls=4)
    assert figures["callers"] == 12
    assert figures["reply_bytes"] > 0  # a real SubmitActionResponse, replayed by the floor
    for side in ("real", "floor"):
        got = figures[side]
        assert got["noop_cpu_us"] >= 0 and got["submit_cpu_us"] >= 0
    assert figures["engine_apply_cpu_us"] > 0
