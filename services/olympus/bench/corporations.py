"""Corporation edges: what each corporation is worth, judged by whole games of greedy play.

    python -m olympus.bench.corporations measure --games 3000 --seed 5001 [--workers 2] [--log]
    python -m olympus.bench.corporations picks --games 1000 --seed 5001 [--workers 2]
    python -m olympus.bench.corporations versus --games 1000 --seed 9001 [--workers 2]

`measure` plays greedy against greedy (2 players, base + Corporate Era, Tharsis, no draft: the
table of bots/corporations.py), one game per seed. Each seat is given one of its two dealt
corporations at random (drawn from the game's seed, not from the bots' RNGs) and buys its
opening cards with it as greedy would; the rest of the game is greedy's. It prints one JSON
object: per corporation, the seats that played it (`seats`), their mean final margin in VP
(their points minus the opponent's: `margin`, the edge), its standard error (`se`) and the
share of those games won (`win_rate`, a tie after the engine's tie-break counting half).
`CORPORATION_EDGE` is the `margin` column of `measure --games 3000 --seed 5001`.

`picks` plays greedy as it is and counts the setups in which it took the dealt corporation
with the smaller edge (by `CORPORATION_EDGE`), and the edge given up on average when it did.

`versus` plays greedy taking its corporation by the table (as the search bot does) against
greedy as it is, each seed twice with the seats swapped: what the table alone is worth.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from olympus.arena import in_workers, wilson
from olympus.bots import GreedyBot
from olympus.bots.corporations import CORPORATION_EDGE, narrowed, opening
from olympus.bots.determinise import determinise
from olympus.bots.greedy import Lookahead
from olympus.engine import Answer, Decision, Game, GameOptions
from olympus.engine.cards.catalogue import get as card_def
from olympus.engine.decisions import SelectSetup
from olympus.selfplay import DECISION_LIMIT


class _GreedyWithSetup(GreedyBot):
    """Greedy, except for the corporation it takes at setup (`narrow`)."""

    def narrow(self, world: Game, decision: SelectSetup) -> SelectSetup:
        raise NotImplementedError

    def choose(self, game: Game, decision: Decision) -> Answer:
        if not isinstance(decision, SelectSetup):
            return super().choose(game, decision)
        seat = decision.player
        world = determinise(game, seat, self.rnd)
        mine = world.decision_for(seat)
        assert isinstance(mine, SelectSetup)
        return Lookahead(seat, self.rnd).best(world, self.narrow(world, mine))


class AssignedCorporation(_GreedyWithSetup):
    """Takes the dealt corporation at index `pick` (modulo the number dealt)."""

    def __init__(self, seed: int, pick: int) -> None:
        super().__init__(seed)
        self.pick = pick

    def narrow(self, world: Game, decision: SelectSetup) -> SelectSetup:
        dealt = list(decision.corporations)
        return narrowed(decision, dealt[self.pick % len(dealt)])


class TableGreedy(_GreedyWithSetup):
    """Takes the dealt corporation with the larger edge, as the search bot does."""

    def narrow(self, world: Game, decision: SelectSetup) -> SelectSetup:
        return opening(world, decision)


@dataclass(frozen=True)
class Spec:
    seed: int
    mode: str  # "measure", "picks" or "versus" (see the module docstring)
    table_seat: int = 0  # versus: the seat of the greedy that uses the table


def _bots(spec: Spec) -> list[GreedyBot]:
    if spec.mode == "measure":
        draw = random.Random(spec.seed * 7 + 3)  # the game's own draw, not the bots' RNGs
        picks = [draw.randrange(2), draw.randrange(2)]
        return [AssignedCorporation(spec.seed * 31 + s, picks[s]) for s in (0, 1)]
    if spec.mode == "versus":
        return [
            TableGreedy(spec.seed * 31) if s == spec.table_seat else GreedyBot(spec.seed * 31 + 1)
            for s in (0, 1)
        ]
    return [GreedyBot(spec.seed * 31 + s) for s in (0, 1)]


def play(spec: Spec) -> dict[str, Any]:
    """One greedy-vs-greedy game; the corporations and the final points of both seats."""
    game = Game.new(GameOptions(players=2, seed=spec.seed, corporate_era=True, map="tharsis"))
    dealt = [list(p.dealt_corps) for p in game.players]
    bots = _bots(spec)
    made = 0
    while not game.is_over and made < DECISION_LIMIT:
        d = game.decisions()[0]
        game.push(d.player, bots[d.player].choose(game, d))
        made += 1
    result = game.result()
    totals = {s["seat"]: s["total"] for s in result["scores"]}
    winners = result["winners"] if game.is_over else []
    return {
        "seed": spec.seed,
        "table_seat": spec.table_seat if spec.mode == "versus" else None,
        "finished": game.is_over,
        "corporations": [card_def(p.corp).name for p in game.players],
        "dealt": [[card_def(c).name for c in corps] for corps in dealt],
        "vp": [totals[0], totals[1]],
        "wins": [1 / len(winners) if s in winners else 0.0 for s in (0, 1)],
    }


def edges(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per corporation: seats, mean margin, its standard error, win rate (largest edge first)."""
    margins: dict[str, list[float]] = defaultdict(list)
    wins: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        if not row["finished"]:
            continue
        for s in (0, 1):
            name = row["corporations"][s]
            margins[name].append(row["vp"][s] - row["vp"][1 - s])
            wins[name].append(row["wins"][s])
    table: dict[str, dict[str, Any]] = {}
    for name, m in margins.items():
        se = statistics.stdev(m) / len(m) ** 0.5 if len(m) > 1 else None
        table[name] = {
            "seats": len(m),
            "margin": round(float(statistics.mean(m)), 1),
            "se": None if se is None else round(se, 1),
            "win_rate": round(statistics.mean(wins[name]), 3),
        }
    return dict(sorted(table.items(), key=lambda item: -item[1]["margin"]))


def weaker_picks(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How often a seat took the dealt corporation with the smaller `CORPORATION_EDGE`."""
    setups = weaker = 0
    given_up: list[float] = []
    for row in rows:
        for s in (0, 1):
            dealt, took = row["dealt"][s], row["corporations"][s]
            if not all(name in CORPORATION_EDGE for name in dealt):
                continue
            setups += 1
            best = max(CORPORATION_EDGE[name] for name in dealt)
            if CORPORATION_EDGE[took] < best:
                weaker += 1
                given_up.append(best - CORPORATION_EDGE[took])
    return {
        "setups": setups,
        "weaker": weaker,
        "weaker_share": round(weaker / setups, 3) if setups else None,
        "mean_edge_given_up": round(statistics.mean(given_up), 1) if given_up else 0.0,
    }


def versus(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The table greedy's wins against plain greedy, with the arena's Wilson interval."""
    wins = sum(r["wins"][r["table_seat"]] for r in rows)
    margins = [r["vp"][r["table_seat"]] - r["vp"][1 - r["table_seat"]] for r in rows]
    return {
        "table_wins": wins,
        "table_win_rate": round(wins / len(rows), 4),
        "ci95": list(wilson(wins, len(rows))),
        "table_median_margin": statistics.median(margins),
    }


def _played(specs: list[Spec], workers: int, log: bool) -> Iterator[dict[str, Any]]:
    for row in in_workers(play, specs, workers):
        if log:  # one line a game, so that a long run can be read before it ends
            print(json.dumps(row), file=sys.stderr, flush=True)
        yield row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.corporations")
    parser.add_argument("what", choices=("measure", "picks", "versus"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5001)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", action="store_true", help="one JSON line a game on stderr")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if args.workers < 1:
        parser.error(f"--workers must be at least 1, not {args.workers}")
    if args.what == "versus":  # each seed twice, the seats swapped
        if args.games % 2:
            parser.error(
                f"versus plays each seed in both seats: --games must be even, not {args.games}"
            )
        specs = [Spec(args.seed + k // 2, "versus", k % 2) for k in range(args.games)]
    else:
        specs = [Spec(args.seed + k, args.what) for k in range(args.games)]
    rows = sorted(
        _played(specs, args.workers, args.log), key=lambda r: (r["seed"], r["table_seat"] or 0)
    )
    figures: dict[str, Any] = {
        "benchmark": "corporations",
        "what": args.what,
        "games": len(rows),
        "finished": sum(r["finished"] for r in rows),
    }
    if args.what == "measure":
        figures["corporations"] = edges(rows)
    elif args.what == "picks":
        figures.update(weaker_picks(rows))
    else:
        figures.update(versus(rows))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
