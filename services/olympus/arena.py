"""The arena: bots against each other over many seat-swapped games, in parallel processes.

    olympus arena --bots greedy,random --games 400 [--players 2] [--seed S] [--workers N] --json

Each seed is played once per rotation of the seats (bot i sits at seat (i + r) mod n in
rotation r), so no bot gains from a seat or from a deal: `games` must be a multiple of the
number of players. Games run in worker processes (one per core by default) and a progress bar
goes to stderr; the result is one JSON object:

    {"games": 400, "finished": 400, "ties": 0, "median_generations": ..,
     "median_winning_vp": .., "median_winning_vp_per_generation": ..,
     "bots": {"greedy": {"wins": .., "win_rate": .., "ci95": [lo, hi],
     "median_vp": .., "median_winning_vp": .., "median_generations": ..,
     "when_winning": {"terraform_rating": .., "milestones": .., "awards": ..,
     "greeneries": .., "cities": .., "cards": .., "total": .., "cards_played": ..,
     "median_vp_per_generation": ..}, "winning_curve": [20.0, 21.5, ..],
     "ms_per_decision": ..}, ...}}

The table is 2 players, base game + Corporate Era, Tharsis (options: `--map`, `--prelude`,
`--colonies`, `--venus`, `--draft`). Ties: the engine's own tie-break decides first (most
points, then most M€, `Game.result`); seats still tied share the win (each gets 1/k of it), so
the wins sum to the games played. `ci95` is the Wilson score interval of the win rate. A bot
named twice (self-play: `--bots greedy,greedy`) is reported as greedy#1 and greedy#2. A bot is
named by its spec (bots/__init__.py): `--bots greedy:plant=2.4:active_card=0.25,greedy` pits greedy judging
by other weights against greedy as it is, and reports each under its spec. `median_generations`
of a bot is over the games it won (None without a win); the top-level one is over all games.
`ms_per_decision` is the bot's own thinking time per answer it gave. `when_winning` says where
a bot's points came from in the games it won: the mean of each source of the final score (the
sources add up to `total`, the mean winning score), the mean number of project cards it played
(events included), and the median of its points per generation. `winning_curve` is its mean
live score as each generation began, in the games it won (for as long as half of them last):
how fast its points come. Points per generation is what a self-play score follows: the bots'
winning scores rise and fall with the game's length at a nearly fixed rate (docs/bots/arena.md).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .bots import Bot, make_bot, parse_bot, takes_budget
from .engine import Game, GameOptions
from .platform.strict import whole_arg
from .selfplay import DECISION_LIMIT

_T = TypeVar("_T")
_R = TypeVar("_R")

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


class ArenaError(ValueError):
    """The arena was asked for something it cannot play."""


@dataclass(frozen=True, slots=True)
class Table:
    """What every game of a run shares."""

    bots: tuple[str, ...]  # one per seat before rotation
    budget: int | None = None
    map_name: str = "tharsis"
    corporate_era: bool = True
    prelude: bool = False
    colonies: bool = False
    venus: bool = False
    draft: bool = False


@dataclass(frozen=True, slots=True)
class Match:
    table: Table
    seed: int
    rotation: int

    def seat_of(self, entrant: int) -> int:
        return (entrant + self.rotation) % len(self.table.bots)


@dataclass(slots=True)
class Outcome:
    """One game's result, per entrant (index into `Table.bots`), not per seat."""

    seed: int
    rotation: int
    finished: bool
    generations: int
    vp: list[int]
    wins: list[float]  # 1 for the winner, 1/k each for k seats tied after the tie-break
    decisions: list[int]
    seconds: list[float]
    # Per entrant: its final score by source (`POINT_SOURCES`) and the project cards it played.
    points: list[dict[str, int]] = field(default_factory=list)
    cards_played: list[int] = field(default_factory=list)
    # Per entrant: its live score as each generation's action phase began (generation 1 first).
    curve: list[list[int]] = field(default_factory=list)


# The final score's sources, as the engine's scoring names them (engine/scoring.py).
POINT_SOURCES = ("terraform_rating", "milestones", "awards", "greeneries", "cities", "cards")


def _make(table: Table, entrant: int, seed: int) -> Bot:
    """The entrant's bot; the table's budget goes to the bots that think within one (a search
    bot against greedy: only the search bot gets it)."""
    name = table.bots[entrant]
    return make_bot(name, seed, table.budget if takes_budget(name) else None)


def play(match: Match) -> Outcome:
    """Play one game of the arena to its end (or to the decision limit)."""
    table = match.table
    n = len(table.bots)
    options = GameOptions(
        players=n,
        seed=match.seed,
        corporate_era=table.corporate_era,
        map=table.map_name,
        prelude=table.prelude,
        colonies=table.colonies,
        venus=table.venus,
        draft=table.draft,
    )
    entrant_at = {match.seat_of(e): e for e in range(n)}
    # The bot's seed follows the entrant, not the seat: in self-play, the rotated game is then
    # another game, not the same one with the names swapped.
    bots = [_make(table, entrant_at[seat], match.seed * 31 + entrant_at[seat]) for seat in range(n)]
    decisions = [0] * n
    seconds = [0.0] * n
    game = Game.new(options)
    made = 0
    curve: list[list[int]] = [[] for _ in range(n)]  # per entrant: points as each generation began
    while not game.is_over and made < DECISION_LIMIT:
        if game.phase == "action" and len(curve[0]) < game.generation:
            live = {s.seat: s.total for s in game.scores()}
            for e in range(n):
                curve[e].append(live[match.seat_of(e)])
        decision = game.decisions()[0]
        seat = decision.player
        start = time.perf_counter()
        answer = bots[seat].choose(game, decision)
        seconds[entrant_at[seat]] += time.perf_counter() - start
        decisions[entrant_at[seat]] += 1
        game.push(seat, answer)
        made += 1
    result = game.result()
    winners = result["winners"] if game.is_over else []
    totals = {s["seat"]: s["total"] for s in result["scores"]}
    parts = {s["seat"]: {k: s[k] for k in POINT_SOURCES} for s in result["scores"]}
    players = [game.players[match.seat_of(e)] for e in range(n)]
    return Outcome(
        seed=match.seed,
        rotation=match.rotation,
        finished=game.is_over,
        generations=game.generation,
        vp=[totals[match.seat_of(e)] for e in range(n)],
        wins=[1 / len(winners) if match.seat_of(e) in winners else 0.0 for e in range(n)],
        decisions=decisions,
        seconds=seconds,
        points=[parts[match.seat_of(e)] for e in range(n)],
        cards_played=[len(p.played) + len(p.events) for p in players],
        curve=curve,
    )


def matches(table: Table, games: int, seed: int) -> list[Match]:
    n = len(table.bots)
    return [Match(table, seed + k // n, k % n) for k in range(games)]


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def labels(bots: Sequence[str]) -> list[str]:
    """Report names: a bot named more than once is numbered (greedy#1, greedy#2)."""
    return [
        f"{name}#{bots[: i + 1].count(name)}" if bots.count(name) > 1 else name
        for i, name in enumerate(bots)
    ]


def _median(values: Sequence[float]) -> float | None:
    return round(float(statistics.median(values)), 2) if values else None


def _mean(values: Sequence[float]) -> float | None:
    return round(float(statistics.fmean(values)), 2) if values else None


def games_won(outcomes: Sequence[Outcome], entrant: int) -> list[Outcome]:
    """The games the entrant won, alone or tied."""
    return [o for o in outcomes if o.wins[entrant] > 0]


def winning_points(outcomes: Sequence[Outcome], entrant: int) -> dict[str, float | None]:
    """Where the entrant's points came from in the games it won: the mean of each source
    (means, unlike medians, add up: to the mean winning score), and the median of points per
    generation played."""
    won = games_won(outcomes, entrant)
    figures: dict[str, float | None] = {
        k: _mean([o.points[entrant][k] for o in won]) for k in POINT_SOURCES
    }
    figures["total"] = _mean([o.vp[entrant] for o in won])
    figures["cards_played"] = _mean([o.cards_played[entrant] for o in won])
    figures["median_vp_per_generation"] = _median([o.vp[entrant] / o.generations for o in won])
    return figures


def winning_curve(outcomes: Sequence[Outcome], entrant: int) -> list[float]:
    """The entrant's mean live score as each generation began, over the games it won, for as
    long as at least half of those games were still going."""
    won = [o.curve[entrant] for o in games_won(outcomes, entrant)]
    means: list[float] = []
    for generation in range(max((len(c) for c in won), default=0)):
        reached = [c[generation] for c in won if len(c) > generation]
        if 2 * len(reached) < len(won):
            break
        means.append(round(statistics.fmean(reached), 1))
    return means


@dataclass(slots=True)
class Summary:
    table: Table
    outcomes: list[Outcome] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out = self.outcomes
        games = len(out)
        bots: dict[str, Any] = {}
        for e, label in enumerate(labels(self.table.bots)):
            wins = sum(o.wins[e] for o in out)
            won = games_won(out, e)
            decisions = sum(o.decisions[e] for o in out)
            bots[label] = {
                "wins": wins,
                "win_rate": round(wins / games, 4) if games else 0.0,
                "ci95": list(wilson(wins, games)),
                "median_vp": _median([o.vp[e] for o in out]),
                "median_winning_vp": _median([o.vp[e] for o in won]),
                "median_generations": _median([o.generations for o in won]),
                "when_winning": winning_points(out, e),
                "winning_curve": winning_curve(out, e),
                "ms_per_decision": round(1000 * sum(o.seconds[e] for o in out) / decisions, 3)
                if decisions
                else None,
            }
        winning = [max(o.vp) for o in out if o.finished]
        return {
            "games": games,
            "finished": sum(o.finished for o in out),
            "ties": sum(1 for o in out if any(0 < w < 1 for w in o.wins)),
            "players": len(self.table.bots),
            "map": self.table.map_name,
            "corporate_era": self.table.corporate_era,
            "budget": self.table.budget,
            "median_generations": _median([o.generations for o in out]),
            "median_winning_vp": _median(winning),
            "median_winning_vp_per_generation": _median(
                [max(o.vp) / o.generations for o in out if o.finished]
            ),
            "bots": bots,
        }


def run(
    table: Table,
    games: int,
    seed: int = 1,
    workers: int | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Play the arena and summarise it (see the module docstring)."""
    n = len(table.bots)
    if n < 2:
        raise ArenaError("an arena needs at least 2 bots (name one twice for self-play)")
    if n > 5:
        raise ArenaError(f"at most 5 players sit at a table, not {n}")
    for spec in table.bots:
        try:
            parse_bot(spec)
        except ValueError as exc:
            raise ArenaError(str(exc)) from None
    if games < 1 or games % n:
        raise ArenaError(
            f"--games must be a positive multiple of the players ({n}), so that every seed is "
            f"played with the seats rotated: {games} is not"
        )
    if table.budget is not None and not any(takes_budget(name) for name in table.bots):
        raise ArenaError(f"--budget: none of {', '.join(table.bots)} thinks within a budget")
    for entrant in range(n):
        _make(table, entrant, 0)  # a budget the bot cannot use fails here, before any game
    summary = Summary(table)
    for outcome in in_workers(play, matches(table, games, seed), workers or os.cpu_count() or 1):
        summary.outcomes.append(outcome)
        if progress:
            _progress(len(summary.outcomes), games)
    if progress:
        print(file=sys.stderr)
    summary.outcomes.sort(key=lambda o: (o.seed, o.rotation))
    return summary.to_dict()


def in_workers(fn: Callable[[_T], _R], todo: Sequence[_T], workers: int) -> Iterator[_R]:
    """`fn` over `todo` in `workers` spawned processes, each result as soon as it is done (in
    order, in this process, with one worker). Shared by the arena and the bots' benchmarks."""
    if workers <= 1:
        yield from map(fn, todo)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(fn, todo, chunksize=1)


def _progress(done: int, total: int, width: int = 30) -> None:
    filled = width * done // total
    print(
        f"\rarena [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr
    )
    sys.stderr.flush()


def _arena(args: argparse.Namespace) -> int:
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    if args.players is not None and args.players != len(bots):
        print(
            f"olympus arena: --players {args.players} but {len(bots)} bots named "
            "(name one bot per seat)",
            file=sys.stderr,
        )
        return 2
    table = Table(
        bots=bots,
        budget=args.budget,
        map_name=args.map,
        prelude=args.prelude,
        colonies=args.colonies,
        venus=args.venus,
        draft=args.draft,
    )
    try:
        summary = run(table, args.games, args.seed, args.workers, progress=not args.quiet)
    except ArenaError as exc:
        print(f"olympus arena: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # a budget the bot cannot take, an unknown map
        print(f"olympus arena: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(summary_lines(summary)))
    return 0 if summary["finished"] == summary["games"] else 1


_WINNING_COLUMNS = (  # when_winning's figures, as the table heads them
    ("terraform_rating", "TR"),
    ("milestones", "MILESTONES"),
    ("awards", "AWARDS"),
    ("greeneries", "GREENERIES"),
    ("cities", "CITIES"),
    ("cards", "CARD VP"),
    ("total", "TOTAL"),
    ("cards_played", "CARDS PLAYED"),
    ("median_vp_per_generation", "VP/GEN"),
)


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The summary as a person reads it: the table's facts, then one row a bot for its
    results, one for where its points came from when it won, and its winning curve."""
    from .client.tables import aligned  # here: the arena's worker processes need no client

    era = "Corporate Era" if summary["corporate_era"] else "base cards only"
    budget = "" if summary["budget"] is None else f", budget {summary['budget']} per decision"
    lines = [
        f"{summary['games']} games of {summary['players']} players on {summary['map']} "
        f"({era}{budget}): {summary['finished']} finished, {summary['ties']} tied",
        f"median game {_or_dash(summary['median_generations'])} generations; median winning "
        f"score {_or_dash(summary['median_winning_vp'])} VP "
        f"({_or_dash(summary['median_winning_vp_per_generation'])} VP a generation)",
        "",
    ]
    bots = summary["bots"]
    rows = [
        [
            label,
            b["wins"],
            f"{b['win_rate']:.2f}",
            f"{b['ci95'][0]:.2f}-{b['ci95'][1]:.2f}",
            b["median_vp"],
            b["median_winning_vp"],
            b["median_generations"],
            b["ms_per_decision"],
        ]
        for label, b in bots.items()
    ]
    heads = [
        "BOT",
        "WINS",
        "WIN RATE",
        "95% CI",
        "MEDIAN VP",
        "WINNING VP",
        "WIN GENS",
        "MS/DECISION",
    ]
    lines += aligned(heads, rows)
    lines += ["", "when winning, the mean points by source (VP/GEN: the median):"]
    lines += aligned(
        ["BOT", *(head for _, head in _WINNING_COLUMNS)],
        [
            [label, *(b["when_winning"].get(k) for k, _ in _WINNING_COLUMNS)]
            for label, b in bots.items()
        ],
    )
    lines += ["", "winning curve (mean live score at the start of each generation, games won):"]
    lines += [
        f"  {label}: " + (" ".join(f"{v:g}" for v in b["winning_curve"]) or "-")
        for label, b in bots.items()
    ]
    lines.append("(-: no game to measure; WINNING VP and WIN GENS are medians over games won)")
    return lines


def _or_dash(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("arena", help="bots against each other over seat-swapped games")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated, one per seat: greedy,random; a bot's weights after colons: "
        "greedy:plant=2.4:active_card=0.25",
    )
    p.add_argument("--games", type=whole_arg(1), default=400, metavar="K")
    p.add_argument("--players", type=whole_arg(2, 5), default=None, metavar="N")
    p.add_argument(
        "--budget",
        type=whole_arg(1),
        default=None,
        metavar="B",
        help="per-decision budget, for the bots that take one (simulations)",
    )
    p.add_argument("--seed", type=whole_arg(), default=1, metavar="S")
    p.add_argument(
        "--workers",
        type=whole_arg(1),
        default=None,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    p.add_argument("--map", default="tharsis", metavar="NAME")
    p.add_argument("--prelude", action="store_true", help="the Prelude expansion")
    p.add_argument("--colonies", action="store_true", help="the Colonies expansion")
    p.add_argument("--venus", action="store_true", help="the Venus Next expansion")
    p.add_argument("--draft", action="store_true", help="draft variant in research")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_arena)
