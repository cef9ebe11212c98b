"""The web page's timings, this checkout against an earlier commit, measured in one run.

    python tools/page_timings.py [--before REV] [--runs N]

Checks REV out in a git worktree (kept under /tmp for the next run), then runs the browser
tests that record the lobby's load and answer-to-screen (`browser_support.record`) in each tree
in turn, before/after/before/after..., each tree serving its own bridge and page
(PYTHONPATH=<tree>/services). The two trees share the machine's load at each moment, so their
ratio means more than either figure alone. Prints each run's medians, the median of the runs'
medians, and after/before. A figure, never an assertion: docs/play/web.md quotes it.

The default REV is the commit before issue 32's work on the page began (0c54812's parent).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
BEFORE = "38cab5bc6967fa1ad6b477fd3ec93b14f9847b4c"
# The tests that record the figures, in both trees: the lobby in every language (lobby_load)
# and a whole game by clicking (answer_to_screen, game_page_load).
SELECTION = "lobby_in_every_language or whole_game_by_clicking_with_a_spectator"
FIGURES = ("lobby_load", "answer_to_screen", "game_page_load")


def worktree(rev: str) -> Path:
    path = Path("/tmp") / f"olympus-page-{rev[:12]}"
    if not (path / "services").is_dir():
        subprocess.run(["git", "-C", str(HERE), "worktree", "prune"], check=True)
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(path), rev], check=True
        )
    return path


def run_once(tree: Path) -> dict[str, float]:
    """One run of the selection in `tree`: each figure's median, in ms."""
    timings = tree / "artifacts/screenshots/timings.json"
    timings.unlink(missing_ok=True)
    env = dict(os.environ, PYTHONPATH=str(tree / "services"))
    command = [sys.executable, "-m", "pytest", "-q", "-m", "browser", "-p", "no:cacheprovider"]
    command += ["tests/web", "-k", SELECTION]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        kept = Path("/tmp") / f"page-timings-failed-{tree.name}.log"
        kept.write_text(done.stdout + done.stderr)
        said = [x for x in done.stdout.splitlines() if x.startswith(("E ", "FAILED", "ERROR"))]
        raise SystemExit(
            f"{tree}: the browser tests failed (all of it: {kept})\n" + "\n".join(said[-40:])
        )
    data = json.loads(timings.read_text())
    return {name: float(data[name]["median_ms"]) for name in FIGURES if name in data}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--before", default=BEFORE, help="the earlier commit (default: %(default)s)"
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each tree (default: 3)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs: at least 1")
    trees = {"before": worktree(args.before), "after": HERE}
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for i in range(args.runs):
        for label, tree in trees.items():
            figures = run_once(tree)
            runs[label].append(figures)
            shown = "  ".join(f"{k} {v:.0f}" for k, v in figures.items())
            print(f"run {i + 1} {label:6} {shown}", flush=True)
    load = os.getloadavg()[0]
    print(f"\nmedians of {args.runs} runs' medians, ms (load average now {load:.1f}):")
    for name in FIGURES:
        values = {k: [r[name] for r in v if name in r] for k, v in runs.items()}
        if not all(values.values()):
            continue
        before, after = (statistics.median(values[k]) for k in ("before", "after"))
        print(
            f"  {name:18} before {before:7.0f}  after {after:7.0f}  after/before {after / before:.2f}"
        )


if __name__ == "__main__":
    main()
