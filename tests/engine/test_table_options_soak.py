"""Every combination of the table options plays: each map with and without Prelude, undo and
the draft, at player counts from 1 to 5, random answers (and random undos where the table has
them). Every game finishes, no stock goes below zero, and the seed plus the answers (the undos
included) replay the very same game; the first game of each combination is also saved and
reloaded after each decision, as the game service does."""

from __future__ import annotations

import itertools
import random

import pytest

from olympus.engine import Game, GameOptions, Undo
from olympus.engine.board import SUPPORTED_MAPS

UNDO_RATE = 0.2
GAMES_EACH = 3
COMBINATIONS = list(itertools.product(SUPPORTED_MAPS, (False, True), (False, True), (False, True)))


def _play(options: GameOptions, rnd: random.Random, persist: bool) -> tuple[Game, list[object]]:
    game = Game.new(options)
    log: list[object] = []
    undos = 0
    while not game.is_over:
        d = game.decisions()[0]
        answer = d.sample(rnd)
        game.apply(d.player, answer)
        log.append((d.player, answer))
        if options.undo and game.undoable(d.player) and rnd.random() < UNDO_RATE:
            count = rnd.randint(1, game.undoable(d.player))
            game.undo(d.player, count)
            log.append((d.player, Undo(count)))
            undos += 1
        for p in game.players:
            assert min(p.res) >= 0, (options, len(log), p.res)
        if persist:
            game = Game.from_bytes(game.to_bytes())
        assert len(log) < 30_000, options
    if options.undo:
        assert undos > 0, options  # the combination did exercise undo
    return game, log


@pytest.mark.parametrize(("index", "combination"), list(enumerate(COMBINATIONS)))
def test_every_combination_of_table_options_finishes_and_replays(
    index: int, combination: tuple[str, bool, bool, bool]
) -> None:
    map_name, prelude, undo, draft = combination
    for n in range(GAMES_EACH):
        players = 1 + (index + n) % 5
        options = GameOptions(
            players=players,
            seed=9_000 + GAMES_EACH * index + n,
            map=map_name,
            prelude=prelude,
            undo=undo,
            draft=draft,
            corporate_era=players == 1 or (index + n) % 3 != 0,
        )
        game, log = _play(options, random.Random(options.seed), persist=n == 0)
        assert game.is_over and game.result()["finished"]
        if players == 1:
            assert game.generation == (12 if prelude else 14)
        replayed = Game.replay(options, log)  # type: ignore[arg-type]
        assert replayed.to_bytes() == game.to_bytes()
