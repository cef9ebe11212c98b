"""What the game service spends per read of a game it holds, in this process (no I/O): a view
for a seat and for a spectator (`view_to_proto`), the part of a view that is the same for every
viewer (the milestone and award standings), the next decision's reply, and what a reload would
add (parsing the stored state again, its decisions computed again) against what an answer adds
on a held game (a clone). Games of 3 players at answer `at` of random legal play.

It tells whether building the viewer-independent part once per version would pay (issue 35:
several watchers of one game read the same version), and what the version check saves.

    python -m olympus.bench.views [--games 5] [--at 250] [--reps 200]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from olympus.engine import Game, GameOptions
from olympus.engine.view import standings
from olympus.gamestate.convert import view_to_proto
from olympus.gamestate.decisions import decision_reply
from olympus.gamestate.game_values import pack_blob, unpack_blob
from olympus.gamestate.meta import GameMeta, SeatMeta, TimeControl
from olympus.gamestate.table import Table


def _played(seed: int, answers: int) -> Game:
    game = Game.new(GameOptions(players=3, seed=seed))
    rnd = random.Random(seed)
    for _ in range(answers):
        if game.is_over:
            break
        decision = game.decisions()[0]
        game.apply(decision.player, decision.sample(rnd))
    game.decisions()  # as a held game has them: computed by the commit that made it
    return game


def _us_each(work: Callable[[], object], reps: int, per_call: int) -> float:
    started = time.process_time()
    for _ in range(reps):
        work()
    return round((time.process_time() - started) / (reps * per_call) * 1e6, 1)


def main_figures(games: int = 5, at: int = 250, reps: int = 200) -> dict[str, Any]:
    played = [_played(seed, at) for seed in range(games)]
    table = Table.new(played[0], 0, TimeControl())
    blobs = [pack_blob(table, g) for g in played]
    meta = GameMeta(
        game_id="0" * 16,
        options=played[0].options,
        seats=(SeatMeta(0), SeatMeta(1), SeatMeta(2)),
        time_control=TimeControl(),
        tokens={},
        created_ms=0,
    )
    n = len(played)

    def reloaded() -> None:
        for blob in blobs:
            _, game = unpack_blob(blob)
            game.decisions()

    figures = {
        "view_seat_us": _us_each(lambda: [view_to_proto(g, 0) for g in played], reps, n),
        "view_spectator_us": _us_each(lambda: [view_to_proto(g, None) for g in played], reps, n),
        "standings_us": _us_each(lambda: [standings(g) for g in played], reps, n),
        "decision_reply_us": _us_each(
            lambda: [
                decision_reply("0" * 16, 2, "active", meta, table, g, g.decisions()[0].player, 0)
                for g in played
            ],
            reps,
            n,
        ),
        "parse_us": _us_each(lambda: [unpack_blob(b) for b in blobs], reps, n),
        "parse_and_decisions_us": _us_each(reloaded, reps, n),
        "clone_us": _us_each(lambda: [g.clone() for g in played], reps, n),
    }
    figures["spectator_share_of_seat_view"] = round(
        figures["view_spectator_us"] / figures["view_seat_us"], 2
    )
    return {"games": n, "at_answer": at, **figures}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.views", description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--at", type=int, default=250, help="answers played before measuring")
    parser.add_argument("--reps", type=int, default=200)
    args = parser.parse_args(argv)
    print(json.dumps(main_figures(args.games, args.at, args.reps)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
