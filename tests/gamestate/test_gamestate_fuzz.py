"""A small fuzz run (`olympus.bench.fuzz`, which `make fuzz` runs with 100,000 requests):
malformed and illegal answers at every kind of decision of real games, played through a real
game service on a private Redis. None may end in an internal error, change a game, be accepted
when it must be refused, or get a reply over the size bound; the legal answers all go through.
"""

from __future__ import annotations

import json
import subprocess
import sys

from olympus.bench.fuzz_inputs import DECISION_KINDS, FAMILIES

COUNT = 3_000


def test_a_small_fuzz_run_finds_no_fault() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "olympus.bench.fuzz",
            "--count",
            str(COUNT),
            "--concurrency",
            "16",
            "--seed",
            "7",
            "--service-flag=--quotas",  # one client sends everything: per-address quotas off
            "--service-flag=off",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    summary = json.loads(run.stdout.splitlines()[-1])
    problems = json.dumps(summary["problems"], indent=1, ensure_ascii=False)
    assert summary["internal_errors"] == 0, problems
    assert summary["state_changes"] == 0, problems
    assert summary["accepted_malformed"] == 0, problems
    assert summary["oversized_replies"] == 0, problems
    assert summary["legal_refused"] == 0, problems
    assert summary["attempts"] >= COUNT
    # Every kind of decision was fuzzed, by every family of input overall.
    assert summary["kinds_missed"] == []
    assert set(summary["attempts_per_kind"]) == set(DECISION_KINDS)
    assert len(summary["attempts_per_family"]) >= len(FAMILIES)
    assert summary["max_message_bytes"] <= 1024 and summary["max_trailer_bytes"] <= 4096
    # Undecodable bytes are refused as INVALID_ARGUMENT, like any other malformed request.
    assert summary["refusals"]["INVALID_ARGUMENT"].get("MALFORMED_REQUEST", 0) > 0
    assert run.returncode == 0, run.stderr[-2000:]
