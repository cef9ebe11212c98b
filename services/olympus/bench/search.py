"""Search bot benchmark: its speed (simulations and decisions per second) and its strength
against greedy over seat-swapped games.

    python -m olympus.bench.search speed [--budget 24] [--positions 12]
    python -m olympus.bench.search match --games 40 [--budget 24] [--seconds S] [--workers 2] [--log]
    python -m olympus.bench.search summary --budget 24 < games.log   # a run's --log lines

`speed` (`search_bench`, for `make bench`) times the search bot on action-phase positions of
a greedy-vs-greedy game (2 players, Corporate Era, Tharsis) where the seat to move has a choice.
`match` plays mcts against greedy on the arena's table (2 players, base + Corporate Era,
Tharsis), each seed twice with the seats swapped, and prints one JSON object: games, mcts wins
(ties after the engine's tie-break count half), win rate, its 95% Wilson interval, and the
search bot's milliseconds per decision (all its decisions, and the searched ones), by the
clock and in CPU time of its process (the honest figure on a machine shared with other work). The budget
goes to the search bot only (`olympus arena --budget` hands it to every bot, and greedy takes
none).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import dataclass
from typing import Any

from olympus.arena import in_workers, wilson
from olympus.bots import GreedyBot
from olympus.bots.search import DEFAULT_BUDGET, SearchBot
from olympus.engine import Game, GameOptions
from olympus.engine.turn import TurnDecision
from olympus.selfplay import DECISION_LIMIT


def search_bench(
    positions: int = 12, budget: int = DEFAULT_BUDGET, seed: int = 1
) -> dict[str, Any]:
    """Simulations and decisions per second of the search bot at `budget` (see the module
    docstring): a speed figure, not a timed assertion."""
    game = Game.new(GameOptions(players=2, seed=seed, corporate_era=True))
    players = [GreedyBot(seed * 31 + s) for s in range(2)]
    kept: list[Game] = []
    made = 0
    while not game.is_over and len(kept) < positions:
        d = game.decisions()[0]
        if isinstance(d, TurnDecision) and made % 5 == 0 and d.count() > 1:
            kept.append(game.clone())
        game.push(d.player, players[d.player].choose(game, d))
        made += 1
    bot = SearchBot(seed, budget=budget)
    start, start_cpu = time.perf_counter(), time.process_time()
    for position in kept:
        bot.choose(position, position.decisions()[0])
    seconds, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return {
        "positions": len(kept),
        "budget": budget,
        "mcts_simulations_per_second": round(bot.simulations / seconds, 1),
        "mcts_decisions_per_second": round(len(kept) / seconds, 2),
        "mcts_ms_per_decision": round(1000 * seconds / len(kept), 1),
        "mcts_simulations_per_cpu_second": round(bot.simulations / max(cpu, 1e-9), 1),
        "mcts_cpu_ms_per_decision": round(1000 * cpu / len(kept), 1),
    }


@dataclass(frozen=True, slots=True)
class Game1:
    seed: int
    mcts_seat: int
    budget: int | None
    seconds: float | None


def main_figures() -> dict[str, Any]:
    """`make bench`'s line: the search bot's speed at its default budget."""
    return search_bench()


def play(spec: Game1) -> dict[str, Any]:
    """One game, mcts at `spec.mcts_seat` against greedy."""
    game = Game.new(GameOptions(players=2, seed=spec.seed, corporate_era=True, map="tharsis"))
    mcts = SearchBot(spec.seed * 31, budget=spec.budget, seconds=spec.seconds)
    greedy = GreedyBot(spec.seed * 31 + 1)
    thinking = searched = cpu = searched_cpu = 0.0
    decisions = searches = made = 0
    while not game.is_over and made < DECISION_LIMIT:
        d = game.decisions()[0]
        if d.player == spec.mcts_seat:
            before = mcts.searches
            start, start_cpu = time.perf_counter(), time.process_time()
            answer = mcts.choose(game, d)
            spent, spent_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            thinking += spent
            cpu += spent_cpu
            decisions += 1
            if mcts.searches > before:
                searched += spent
                searched_cpu += spent_cpu
                searches += 1
        else:
            answer = greedy.choose(game, d)
        game.push(d.player, answer)
        made += 1
    result = game.result()
    winners = result["winners"] if game.is_over else []
    totals = {s["seat"]: s["total"] for s in result["scores"]}
    return {
        "seed": spec.seed,
        "seat": spec.mcts_seat,
        "finished": game.is_over,
        "win": 1 / len(winners) if spec.mcts_seat in winners else 0.0,
        "vp": totals[spec.mcts_seat],
        "opponent_vp": totals[1 - spec.mcts_seat],
        "generations": game.generation,
        "seconds": thinking,
        "decisions": decisions,
        "searched_seconds": searched,
        "cpu_seconds": cpu,
        "searched_cpu_seconds": searched_cpu,
        "searches": searches,
        "simulations": mcts.simulations,
    }


def match(
    games: int,
    budget: int | None,
    seconds: float | None,
    seed: int = 1,
    workers: int = 1,
    log: bool = False,
) -> dict[str, Any]:
    """mcts against greedy over `games` seat-swapped games (see the module docstring)."""
    if games < 2 or games % 2:
        raise ValueError(f"games must be a positive even number (seats swapped), not {games}")
    specs = [Game1(seed + k // 2, k % 2, budget, seconds) for k in range(games)]
    rows = []
    for row in in_workers(play, specs, workers):
        rows.append(row)
        if log:  # one line a game, so that a long run can be read before it ends
            print(json.dumps(row), file=sys.stderr, flush=True)
    return summarise(rows, budget, seconds)


def _per(numerator: float | None, count: int, scale: float = 1000.0) -> float | None:
    return round(scale * numerator / count, 1) if numerator is not None and count else None


def summarise(
    rows: list[dict[str, Any]], budget: int | None, seconds: float | None
) -> dict[str, Any]:
    """The match figures from its games' lines (also those of a run read before its end;
    CPU figures only when every line has them)."""
    games = len(rows)
    if games == 0:
        raise ValueError("no games to summarise")
    wins = sum(r["win"] for r in rows)
    decisions = sum(r["decisions"] for r in rows)
    searches = sum(r["searches"] for r in rows)
    has_cpu = all("cpu_seconds" in r for r in rows)
    cpu = sum(r["cpu_seconds"] for r in rows) if has_cpu else None
    searched_cpu = sum(r["searched_cpu_seconds"] for r in rows) if has_cpu else None
    simulations = sum(r["simulations"] for r in rows)
    return {
        "games": games,
        "finished": sum(r["finished"] for r in rows),
        "budget": budget,
        "seconds": seconds,
        "mcts_wins": wins,
        "mcts_win_rate": round(wins / games, 4),
        "ci95": list(wilson(wins, games)),
        "mcts_median_margin": statistics.median(r["vp"] - r["opponent_vp"] for r in rows),
        "median_generations": statistics.median(r["generations"] for r in rows),
        "mcts_ms_per_decision": _per(sum(r["seconds"] for r in rows), decisions),
        "mcts_cpu_ms_per_decision": _per(cpu, decisions),
        "mcts_ms_per_searched_decision": _per(sum(r["searched_seconds"] for r in rows), searches),
        "mcts_cpu_ms_per_searched_decision": _per(searched_cpu, searches),
        "mcts_simulations_per_searched_decision": _per(simulations, searches, 1.0),
        "mcts_simulations_per_cpu_second": round(simulations / searched_cpu, 1)
        if searched_cpu
        else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.search")
    sub = parser.add_subparsers(dest="what", required=True)
    speed = sub.add_parser("speed")
    speed.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    speed.add_argument("--positions", type=int, default=12)
    versus = sub.add_parser("match")
    versus.add_argument("--games", type=int, default=40)
    versus.add_argument("--budget", type=int, default=None, help="simulations per decision")
    versus.add_argument("--seconds", type=float, default=None, help="or seconds per decision")
    versus.add_argument("--seed", type=int, default=1)
    versus.add_argument("--workers", type=int, default=1)
    versus.add_argument("--log", action="store_true", help="one JSON line a game on stderr")
    lines = sub.add_parser("summary", help="summarise the --log lines of a run (stdin)")
    lines.add_argument("--budget", type=int, default=None)
    lines.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args(argv)
    try:
        if args.what == "speed":
            figures = search_bench(args.positions, args.budget)
        elif args.what == "summary":
            rows = [json.loads(line) for line in sys.stdin if line.startswith("{")]
            figures = summarise(rows, args.budget, args.seconds)
        else:
            figures = match(
                args.games, args.budget, args.seconds, args.seed, args.workers, args.log
            )
    except ValueError as exc:
        parser.error(str(exc))
    print(json.dumps({"benchmark": "search", **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
