"""Self-play: whole games between bots, with the figures the benchmarks quote.

With `undo`, the games have the undo table option and a seat that could take its last answer
back does so at the rate UNDO_RATE (then answers again): the figures show what the option
costs, and every game still has to end.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .bots import make_bot
from .engine import Game, GameOptions

# A game that needs more decisions than this is stuck in a loop: that is a bug.
DECISION_LIMIT = 50_000
UNDO_RATE = 0.1  # with the undo option: how often a seat takes back an answer it can


@dataclass(frozen=True, slots=True)
class GameStats:
    seed: int
    finished: bool
    generations: int
    decisions: int
    final_vp: float  # mean over the seats
    seconds: float
    state_bytes: int  # size of the saved state at the end
    # CPU seconds of this thread: unlike `seconds`, no time spent waiting for a core on a
    # shared machine, so that benchmarks can compare games played under different loads.
    cpu_seconds: float = 0.0
    undos: int = 0  # answers taken back (the undo option)
    # Realtime scoring on: how often the leader of the live score (points, then M€) changed
    # from one generation's start to the next, and at the end. None when off.
    lead_changes: int | None = None
    # The Colonies expansion (None without it): trades made (taken-back ones included) and
    # colonies on the tiles at the end.
    trades: int | None = None
    colonies: int | None = None
    venus: int | None = None  # Venus Next (None without it): the scale at the end, in %


def play_game(options: GameOptions, bot: str = "random", persist: bool = False) -> GameStats:
    """Play one game to its end. With `persist`, save and reload after every decision, as a
    server that stores each answer does."""
    bots = [make_bot(bot, options.seed * 31 + seat) for seat in range(options.players)]
    second_thoughts = random.Random(options.seed)
    start = time.perf_counter()
    cpu_start = time.thread_time()
    game = Game.new(options)
    decisions = undos = trades = 0
    live = options.realtime_scoring
    generation, leader, lead_changes = game.generation, _leader(game), 0
    while not game.is_over and decisions < DECISION_LIMIT:
        decision = game.decisions()[0]
        seat = decision.player
        logged = len(game.log)
        game.push(seat, bots[seat].choose(game, decision))
        decisions += 1
        trades += sum(entry[0] == "trade" for entry in game.log[logged:])
        if options.undo and game.undoable(seat) and second_thoughts.random() < UNDO_RATE:
            game.undo(seat, 1)
            undos += 1
        if persist:
            game = Game.from_bytes(game.to_bytes())
        if live and (game.generation != generation or game.is_over):
            # What a table with live scores shows: looked at once a generation (and at the
            # end), not after every answer, so that the game's timing stays comparable.
            generation, now = game.generation, _leader(game)
            lead_changes += now != leader
            leader = now
    seconds = time.perf_counter() - start
    cpu_seconds = time.thread_time() - cpu_start
    totals = [s.total for s in game.scores()]
    return GameStats(
        seed=options.seed,
        finished=game.is_over,
        generations=game.generation,
        decisions=decisions,
        final_vp=sum(totals) / len(totals),
        seconds=seconds,
        cpu_seconds=cpu_seconds,
        state_bytes=len(game.to_bytes()),
        undos=undos,
        lead_changes=lead_changes if live else None,
        trades=trades if game.colonies is not None else None,
        colonies=game.colonies.colonies_in_play() if game.colonies is not None else None,
        venus=game.venus if options.venus else None,
    )


def _leader(game: Game) -> tuple[int, ...]:
    """The seats ahead on the live score: most points, then most M€."""
    keys = {s.seat: (s.total, s.megacredits) for s in game.scores()}
    best = max(keys.values())
    return tuple(seat for seat, key in keys.items() if key == best)


def run(
    players: int,
    games: int,
    seed: int,
    bot: str = "random",
    corporate_era: bool = False,
    draft: bool = False,
    solo_tr63: bool = False,
    persist: bool = False,
    map_name: str = "tharsis",
    undo: bool = False,
    prelude: bool = False,
    realtime_scoring: bool = True,
    colonies: bool = False,
    venus: bool = False,
) -> dict[str, Any]:
    stats = []
    wall = time.perf_counter()
    for i in range(games):
        options = GameOptions(
            players=players,
            seed=seed + i,
            corporate_era=corporate_era or players == 1,
            draft=draft,
            solo_tr63=solo_tr63,
            map=map_name,
            undo=undo,
            prelude=prelude,
            realtime_scoring=realtime_scoring,
            colonies=colonies,
            venus=venus,
        )
        stats.append(play_game(options, bot, persist))
    wall = time.perf_counter() - wall
    ms = [s.seconds * 1000 for s in stats]
    finished = sum(s.finished for s in stats)
    return {
        "games": games,
        "finished": finished,
        "unfinished_seeds": [s.seed for s in stats if not s.finished],
        "players": players,
        "corporate_era": corporate_era or players == 1,
        "map": map_name,
        "persist": persist,
        "undo": undo,
        "undos": sum(s.undos for s in stats),
        "prelude": prelude,
        "colonies": colonies,
        "venus": venus,
        "avg_generations": round(statistics.fmean(s.generations for s in stats), 2) if stats else 0,
        "avg_decisions": round(statistics.fmean(s.decisions for s in stats), 1) if stats else 0,
        "avg_final_vp": round(statistics.fmean(s.final_vp for s in stats), 2) if stats else 0,
        "games_per_second": round(games / wall, 2) if wall > 0 else 0,
        "median_ms_per_game": round(statistics.median(ms), 2) if ms else 0,
        "ms_per_decision": round(sum(ms) / max(1, sum(s.decisions for s in stats)), 4),
        "avg_state_bytes_at_end": round(statistics.fmean(s.state_bytes for s in stats))
        if stats
        else 0,
        **_lead_changes(stats),
        **_colony_figures(stats),
        **_venus_figures(stats),
    }


def _lead_changes(stats: list[GameStats]) -> dict[str, Any]:
    changes = [s.lead_changes for s in stats if s.lead_changes is not None]
    if not changes:  # realtime scoring off: no score before the end
        return {}
    return {"avg_lead_changes": round(statistics.fmean(changes), 2)}


def _colony_figures(stats: list[GameStats]) -> dict[str, Any]:
    trades = [s.trades for s in stats if s.trades is not None]
    colonies = [s.colonies for s in stats if s.colonies is not None]
    if not trades or not colonies:  # played without the Colonies expansion
        return {}
    return {
        "avg_trades": round(statistics.fmean(trades), 2),
        "avg_colonies_at_end": round(statistics.fmean(colonies), 2),
    }


def _venus_figures(stats: list[GameStats]) -> dict[str, Any]:
    scales = [s.venus for s in stats if s.venus is not None]
    if not scales:  # played without Venus Next
        return {}
    return {"avg_venus_at_end": round(statistics.fmean(scales), 2)}
