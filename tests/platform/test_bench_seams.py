"""The seams benchmark: the earlier code it measures is that commit's, and its ratios are after
over before."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from olympus.bench import seams


def _single(p50: float, cpu: float) -> dict[str, float]:
    return {"p50_us": p50, "server_cpu_us_per_call": cpu, "actions_per_s": 1000.0}


def _figures(sub: float, key: float, many: float, matched: float, wait: float) -> dict:
    return {
        "gamestate_service": {
            "single_caller": {
                "submit_action": _single(sub, 100.0),
                "submit_action_with_a_key": _single(key, 150.0),
            },
            "concurrent": {"submit_action": {"p50_us": 2 * sub, "actions_per_s": many}},
        },
        "matchmaking": {
            kind: {"tickets_matched_per_s": matched, "time_to_match_p50_ms": wait}
            for kind in ("backlog", "stream")
        },
    }


def test_ratios_are_after_over_before() -> None:
    before = _figures(sub=1000.0, key=1000.0, many=400.0, matched=200.0, wait=100.0)
    before["gamestate_service"]["single_caller"].pop("submit_action_with_a_key")
    after = _figures(sub=1100.0, key=1200.0, many=300.0, matched=100.0, wait=250.0)
    figures = seams._compare(before, after)
    single = figures["submit_action_single_caller"]
    assert single["p50_us"] == {
        "before": 1000.0,
        "after_without_key": 1100.0,
        "after_with_key": 1200.0,
    }
    assert single["p50_ratio_without_key"] == 1.1
    assert single["p50_ratio_with_key"] == 1.2
    assert single["server_cpu_ratio_with_key"] == 1.5
    assert figures["submit_action_concurrent"]["throughput_ratio"] == 0.75
    assert figures["submit_action_concurrent"]["p50_ratio"] == 1.1
    for kind in ("backlog", "stream"):
        assert figures["matchmaking"][kind]["throughput_ratio"] == 0.5
        assert figures["matchmaking"][kind]["time_to_match_p50_ratio"] == 2.5


def test_the_earlier_code_is_that_commits(tmp_path: Path) -> None:
    root = Path(seams.__file__).resolve().parents[3]
    known = subprocess.run(
        ["git", "-C", str(root), "cat-file", "-e", f"{seams.BEFORE_COMMIT}^{{commit}}"],
        check=False,
    )
    if known.returncode != 0:
        pytest.skip("a clone without the earlier commit (shallow)")
    assert seams._earlier_code(tmp_path) is None
    unpacked = (tmp_path / "services/olympus/bench/__main__.py").read_text()
    committed = subprocess.run(
        [
            "git",
            "-C",
            str(root),
            "show",
            f"{seams.BEFORE_COMMIT}:services/olympus/bench/__main__.py",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert unpacked == committed
    # The earlier code has no seams benchmark (nor a ladder service): it is not this checkout.
    assert "service_seams" not in unpacked
    assert not (tmp_path / "services/olympus/ladder/service.py").exists()


def test_each_figure_is_its_median_over_the_rounds() -> None:
    runs = [{"a": {"p50_us": v, "name": "x"}, "n": 3} for v in (5.0, 1.0, 3.0)]
    assert seams._median(runs) == {"a": {"p50_us": 3.0, "name": "x"}, "n": 3}
