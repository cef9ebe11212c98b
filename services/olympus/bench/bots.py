"""Bots benchmark: decisions per second of each bot, on the same positions in the same run.

Positions come from seat-swapped greedy-vs-random games (2 players, Corporate Era, Tharsis):
every decision met is kept, and each bot then answers every kept position, timed. The figures:
decisions per second per bot, greedy's cost as a multiple of random's (a ratio within the run,
comparable across noisy machines), and the states greedy evaluates per decision.

    python -m olympus.bench.bots [--seeds 2] [--every 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from olympus.bots import GreedyBot, make_bot
from olympus.engine import Decision, Game, GameOptions

BOTS_MEASURED = ("random", "greedy")


def positions(seeds: int, every: int) -> list[tuple[Game, Decision]]:
    """Every `every`-th decision of greedy-vs-random games, seats swapped, as copies."""
    kept: list[tuple[Game, Decision]] = []
    for seed in range(1, seeds + 1):
        for rotation in (0, 1):
            game = Game.new(GameOptions(players=2, seed=seed, corporate_era=True))
            names = ("greedy", "random") if rotation == 0 else ("random", "greedy")
            bots = [make_bot(names[s], seed * 31 + s) for s in range(2)]
            made = 0
            while not game.is_over:
                decision = game.decisions()[0]
                if made % every == 0:
                    copy = game.clone()
                    kept.append((copy, copy.decision_for(decision.player)))
                game.push(decision.player, bots[decision.player].choose(game, decision))
                made += 1
    return kept


def main_figures(seeds: int = 2, every: int = 3) -> dict[str, Any]:
    kept = positions(seeds, every)
    figures: dict[str, Any] = {"positions": len(kept)}
    seconds: dict[str, float] = {}
    for name in BOTS_MEASURED:
        bot = make_bot(name, 7)
        start = time.perf_counter()
        for game, decision in kept:
            bot.choose(game, decision)
        seconds[name] = time.perf_counter() - start
        figures[f"{name}_decisions_per_second"] = round(len(kept) / seconds[name], 1)
        if isinstance(bot, GreedyBot):
            figures["greedy_states_per_decision"] = round(bot.states / len(kept), 1)
    figures["greedy_ms_per_decision"] = round(1000 * seconds["greedy"] / len(kept), 2)
    figures["greedy_cost_vs_random"] = round(seconds["greedy"] / seconds["random"], 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.bots")
    parser.add_argument("--seeds", type=int, default=2, help="seeds (each played seat-swapped)")
    parser.add_argument("--every", type=int, default=3, help="keep every n-th decision")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.every < 1:
        parser.error("--seeds and --every must be at least 1")
    print(json.dumps({"benchmark": "bots", **main_figures(args.seeds, args.every)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
