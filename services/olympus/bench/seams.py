"""What the seams between the services cost: SubmitAction and time to match, before and after
they were drawn, in one run.

Issue 30 made the services own their data: a key is checked through the accounts service
(cached, revocation pushed), matchmaking asks scoring for ratings and the game service for
games over gRPC, and every call between services carries the service credential. This
benchmark runs the same two benchmarks (`gamestate_service`, `matchmaking`) on the code of the
last commit before that change and on the code of this checkout, in turns on this machine (two
rounds each; every figure the median of its rounds), and quotes the ratios after / before:

- SubmitAction, one caller: p50 and server CPU per call (after: without a key, and with a
  `play` key, which every bot carries);
- SubmitAction, 1,000 games at once: answers per second and p50;
- matchmaking: tickets matched per second and a ticket's time to match (p50), both for a
  backlog and for a stream of tickets.

The earlier code is taken from git (`git archive`) into a temporary folder and run with this
checkout's interpreter and packages (its dependencies are a subset of today's). Without the
commit (a shallow clone, an installed wheel) the benchmark says so and measures nothing."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

# The last commit before the seams (issue 30's first commit, 5bd1501, is its child).
BEFORE_COMMIT = "496e85c666b5fa6602d3cda7e69d7513b3465695"
_BENCHMARKS = ("gamestate_service", "matchmaking")
_REPO = Path(__file__).resolve().parents[3]


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(_REPO), *args], capture_output=True, check=False)


def _earlier_code(into: Path) -> str | None:
    """Unpack the earlier commit's `services/` into `into`; the reason if it cannot be."""
    if _git("cat-file", "-e", f"{BEFORE_COMMIT}^{{commit}}").returncode != 0:
        return f"commit {BEFORE_COMMIT} is not in this clone (shallow, or not a git checkout)"
    archive = _git("archive", "--format=tar", BEFORE_COMMIT, "services")
    if archive.returncode != 0:
        return f"git archive {BEFORE_COMMIT} failed: {archive.stderr.decode(errors='replace')}"
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return None


def _measure(services: Path) -> dict[str, dict[str, Any]]:
    """Run the two benchmarks on the code under `services` (a fresh interpreter, so nothing of
    this process's imports leaks in); their JSON lines by name."""
    env = {**os.environ, "PYTHONPATH": str(services)}
    check = [sys.executable, "-c", "import olympus, sys; sys.stdout.write(olympus.__file__)"]
    where = subprocess.run(check, env=env, capture_output=True, text=True, check=True).stdout
    if not Path(where).resolve().is_relative_to(services.resolve()):
        raise RuntimeError(f"PYTHONPATH={services} imported olympus from {where}")
    run = subprocess.run(
        [sys.executable, "-m", "olympus.bench", *_BENCHMARKS],
        env=env,
        cwd=services.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise RuntimeError(f"benchmarks on {services} failed:\n{run.stderr[-4000:]}")
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    return {line["benchmark"]: line for line in lines}


def _ratio(after: float, before: float) -> float:
    return round(after / before, 2) if before else float("nan")


def _compare(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    b_single = before["gamestate_service"]["single_caller"]
    a_single = after["gamestate_service"]["single_caller"]
    b_sub, a_sub = b_single["submit_action"], a_single["submit_action"]
    a_key = a_single.get("submit_action_with_a_key", a_sub)
    b_many = before["gamestate_service"]["concurrent"]["submit_action"]
    a_many = after["gamestate_service"]["concurrent"]["submit_action"]
    b_mm, a_mm = before["matchmaking"], after["matchmaking"]
    return {
        "submit_action_single_caller": {
            "p50_us": {
                "before": b_sub["p50_us"],
                "after_without_key": a_sub["p50_us"],
                "after_with_key": a_key["p50_us"],
            },
            "p50_ratio_without_key": _ratio(a_sub["p50_us"], b_sub["p50_us"]),
            "p50_ratio_with_key": _ratio(a_key["p50_us"], b_sub["p50_us"]),
            "server_cpu_ratio_with_key": _ratio(
                a_key["server_cpu_us_per_call"], b_sub["server_cpu_us_per_call"]
            ),
        },
        "submit_action_concurrent": {
            "actions_per_s": {"before": b_many["actions_per_s"], "after": a_many["actions_per_s"]},
            "throughput_ratio": _ratio(a_many["actions_per_s"], b_many["actions_per_s"]),
            "p50_ratio": _ratio(a_many["p50_us"], b_many["p50_us"]),
        },
        "matchmaking": {
            kind: {
                "tickets_matched_per_s": {
                    "before": b_mm[kind]["tickets_matched_per_s"],
                    "after": a_mm[kind]["tickets_matched_per_s"],
                },
                "time_to_match_p50_ms": {
                    "before": b_mm[kind]["time_to_match_p50_ms"],
                    "after": a_mm[kind]["time_to_match_p50_ms"],
                },
                "throughput_ratio": _ratio(
                    a_mm[kind]["tickets_matched_per_s"], b_mm[kind]["tickets_matched_per_s"]
                ),
                "time_to_match_p50_ratio": _ratio(
                    a_mm[kind]["time_to_match_p50_ms"], b_mm[kind]["time_to_match_p50_ms"]
                ),
            }
            for kind in ("backlog", "stream")
        },
    }


def _median(runs: list[Any]) -> Any:
    """The runs' figures with every number replaced by its median over the runs."""
    first = runs[0]
    if isinstance(first, dict):
        return {k: _median([r[k] for r in runs]) for k in first if all(k in r for r in runs)}
    if isinstance(first, int | float) and not isinstance(first, bool):
        return round(statistics.median(runs), 3)
    return first


def main_figures(rounds: int = 2) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="olympus-before-") as tmp:
        reason = _earlier_code(Path(tmp))
        if reason is not None:
            return {"before_commit": BEFORE_COMMIT, "measured": False, "reason": reason}
        # Before and after in turns, so that a noisy moment of the machine weighs on both;
        # each figure is the median of its rounds.
        before, after = [], []
        for _ in range(rounds):
            before.append(_measure(Path(tmp) / "services"))
            after.append(_measure(_REPO / "services"))
    return {
        "before_commit": BEFORE_COMMIT,
        "measured": True,
        "rounds": rounds,
        **_compare(_median(before), _median(after)),
    }


def main() -> int:
    print(json.dumps({"benchmark": "service_seams", **main_figures()}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
