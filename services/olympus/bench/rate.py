"""The self-play scoring rate: can any weights of a bot's evaluation raise it? A random search.

    python -m olympus.bench.rate --trials 24 --games 40 --seed 7 [--bot greedy] [--workers 2]

Issue 13 asks the best bot's self-play winners for a median of 110 VP in at most 13
generations: 8.5 VP a generation. The winning score of the bots' self-play follows the game's
length at a nearly fixed rate (docs/bots/arena.md): a weight that makes a longer game makes a higher
score. This searches the weights (`evaluate.Weights`, each drawn uniformly from `RANGES`) for
any that change the rate itself, with the same games for every trial (the arena's seats and
seeds from `--seed`), so trials differ by their weights alone.

Trial 0 is the bot by its own weights: the baseline of the same run. Each trial prints one
JSON line: its spec, the median winning VP, the median generations, the median of each
game's winning VP over its generations (`rate`), and whether it meets the goal. A last line
sums up: the baseline, the best rate, the trials that meet the goal, and for each weight its
correlation over the trials with the rate and with the game's length (which weights lengthen
the game, which raise the rate). A trial whose games do not all finish is reported and not
counted in the correlations.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from dataclasses import asdict
from typing import Any

from olympus.arena import ArenaError, Table, run
from olympus.bots import BOTS, WEIGHT_NAMES, own_weights

GOAL_VP = 110.0
GOAL_GENERATIONS = 13.0
# Each weight's range: around greedy's own value (and the search bot's), wide enough that the
# games run from 12 generations to over 20 (a cheap point or TR income stalls the terraforming).
RANGES: dict[str, tuple[float, float]] = {
    "plant": (1.0, 3.0),
    "active_card": (0.0, 1.5),
    "tr_income": (0.3, 1.5),
    "production": (0.7, 1.6),
    "point": (5.0, 14.0),
    "hand_card": (1.0, 6.0),
}
assert set(RANGES) == set(WEIGHT_NAMES), "every weight has a range"
HEADLINE = ("spec", "median_winning_vp", "median_generations", "rate")  # of a trial, summed up


def draw(rnd: random.Random) -> dict[str, float]:
    """One trial's weights, each uniform in its range (3 decimals)."""
    return {name: round(rnd.uniform(*RANGES[name]), 3) for name in WEIGHT_NAMES}


def spec_of(bot: str, weights: dict[str, float]) -> str:
    return ":".join([bot, *(f"{k}={v:g}" for k, v in weights.items())])


def meets_goal(vp: float | None, generations: float | None) -> bool:
    return (
        vp is not None
        and generations is not None
        and vp >= GOAL_VP
        and generations <= GOAL_GENERATIONS
    )


def trial(
    spec: str, weights: dict[str, float], games: int, seed: int, workers: int, budget: int | None
) -> dict[str, Any]:
    """Self-play of the bot of `spec` (judging by `weights`), summed up as one line."""
    summary = run(Table((spec, spec), budget=budget), games, seed, workers, progress=False)
    vp, generations = summary["median_winning_vp"], summary["median_generations"]
    return {
        "spec": spec,
        "weights": weights,
        "games": summary["games"],
        "finished": summary["finished"],
        "median_winning_vp": vp,
        "median_generations": generations,
        "rate": summary["median_winning_vp_per_generation"],
        "meets_goal": summary["finished"] == summary["games"] and meets_goal(vp, generations),
    }


def correlation(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's r, None when either side does not vary (or too few points)."""
    if len(xs) < 3 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return None
    return round(statistics.correlation(xs, ys), 3)


def conclusion(trials: list[dict[str, Any]]) -> dict[str, Any]:
    """The last line: the baseline (the first trial), the best rate, the trials meeting the
    goal, and how each weight goes with the rate and with the length of the game over the
    finished trials (the baseline's among them)."""
    baseline = trials[0]
    counted = [t for t in trials if t["finished"] == t["games"] and t["rate"] is not None]
    best = max(counted, key=lambda t: t["rate"], default=None)
    weights: dict[str, dict[str, float | None]] = {}
    for name in WEIGHT_NAMES:
        xs = [t["weights"][name] for t in counted]
        weights[name] = {
            "with_rate": correlation(xs, [t["rate"] for t in counted]),
            "with_generations": correlation(xs, [t["median_generations"] for t in counted]),
        }
    rates = [t["rate"] for t in counted]
    return {
        "summary": True,
        "goal": {"median_winning_vp": GOAL_VP, "median_generations": GOAL_GENERATIONS},
        "baseline": {k: baseline[k] for k in HEADLINE},
        "trials": len(trials),
        "finished_trials": len(counted),
        "rate_range": [min(rates), max(rates)] if rates else None,
        "best": None if best is None else {k: best[k] for k in HEADLINE},
        "meeting_goal": [t["spec"] for t in counted if t["meets_goal"]],
        "correlations": weights,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.rate")
    parser.add_argument(
        "--trials", type=int, default=24, help="weights drawn (besides the baseline)"
    )
    parser.add_argument("--games", type=int, default=40, help="self-play games per trial (even)")
    parser.add_argument("--seed", type=int, default=7, help="draws the weights and seats the games")
    parser.add_argument(
        "--bot", default="greedy", help="a bot that judges by weights: greedy, mcts"
    )
    parser.add_argument("--budget", type=int, help="the search bot's simulations per decision")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    problem = None
    if args.trials < 0:
        problem = f"--trials must be >= 0, not {args.trials}"
    elif args.workers < 1:
        problem = f"--workers must be >= 1, not {args.workers}"
    own = own_weights(args.bot)
    if problem is None and own is None:
        judging = ", ".join(name for name in BOTS if own_weights(name) is not None)
        problem = f"--bot {args.bot!r}: not a bot that judges by weights ({judging})"
    if problem or own is None:
        print(f"olympus.bench.rate: {problem}", file=sys.stderr)
        return 2
    rnd = random.Random(args.seed)
    results: list[dict[str, Any]] = []
    try:
        for k in range(args.trials + 1):
            weights = asdict(own) if k == 0 else draw(rnd)
            spec = args.bot if k == 0 else spec_of(args.bot, weights)
            line = trial(spec, weights, args.games, args.seed, args.workers, args.budget)
            results.append(line)
            print(json.dumps({"trial": k, **line}), flush=True)
    except (ArenaError, ValueError) as exc:
        print(f"olympus.bench.rate: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(conclusion(results)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
