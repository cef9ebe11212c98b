"""`olympus arena` and `olympus ladder run` print aligned tables (their --json is unchanged),
and a failed ladder run keeps its private stack's log and says where it is."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from olympus.cli import main
from olympus.client.tables import aligned


def _columns(header: str) -> list[int]:
    """Where each column's heading starts (headings are one or more words, two spaces apart)."""
    return [m.start() for m in re.finditer(r"(?:(?<=  )|^)\S", header)]


def test_aligned_puts_every_cell_under_its_heading() -> None:
    lines = aligned(["BOT", "WINS", "NOTE"], [["random", 3, None], ["greedy#2", 12.5, "ok"]])
    assert lines == [
        "BOT       WINS  NOTE",
        "random       3  -",
        "greedy#2  12.5  ok",
    ]


def test_arena_prints_tables_not_dicts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--bots", "random,passive", "--games", "2", "--workers", "1", "--quiet"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "{" not in text and "None" not in text and "[" not in text
    lines = text.splitlines()
    assert lines[0] == "2 games of 2 players on tharsis (Corporate Era): 2 finished, 0 tied"
    header = next(i for i, line in enumerate(lines) if line.startswith("BOT  "))
    heads = lines[header].split("  ")
    assert [h.strip() for h in heads if h.strip()][:4] == ["BOT", "WINS", "WIN RATE", "95% CI"]
    rows = lines[header + 1 : header + 3]
    assert [r.split()[0] for r in rows] == ["random", "passive"]
    # Numbers end where their heading ends.
    wins_end = lines[header].index("WINS") + len("WINS")
    assert all(r[wins_end - 1] != " " and r[wins_end] == " " for r in rows), rows
    # --json stays one JSON object with the same figures.
    assert main([*args, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and set(summary["bots"]) == {"random", "passive"}


def _ladder(*args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", "ladder", "run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_a_failed_ladder_run_keeps_its_stacks_log() -> None:
    done = _ladder("--bots", "random,grandmaster", "--games", "2", timeout=180)
    assert done.returncode == 2 and "unknown bot" in done.stderr, done.stderr
    kept = re.search(r"log is kept in (\S+)", done.stderr)
    assert kept is not None, done.stderr
    log = Path(kept.group(1))
    try:
        # The services' own lines: who started, on which port.
        assert '"event":"ready"' in log.read_text(encoding="utf-8").replace(" ", "")
    finally:
        log.unlink()


def test_a_ladder_run_prints_its_leaderboard_as_a_table() -> None:
    done = _ladder("--bots", "passive,random", "--games", "2", timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["RANK", "BOT", "RATING", "MU", "SIGMA", "GAMES", "WINS"]
    assert [line.split()[1] for line in lines[1:3]] == ["random", "passive"]
    starts = _columns(lines[0])
    for row in lines[1:3]:
        assert row[starts[1]] != " " and row[starts[1] - 1] == " ", row  # BOT under BOT
    assert lines[3].startswith("(RATING: mu - 3 sigma")
    assert "log is kept" not in done.stderr
