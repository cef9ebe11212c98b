"""The soak issue 34 asks for: a random game for every combination of map x Prelude x Colonies
x Venus Next (with and without World Government Terraforming) x draft, each at three player
counts going round 1 to 5, so that every combination meets three counts and every map and
Venus table all five. Each game finishes, no
stock goes below zero, the Venus scale stays on its track (and never moves without Venus
Next), and the seed plus the answers replay it byte for byte; one combination in eight is also saved
and reloaded at every decision, as the game service does.

tests/engine/test_table_options_soak.py covers undo with the base tables; this file adds the
expansions' axes."""

from __future__ import annotations

import itertools
import random

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.board import SUPPORTED_MAPS
from olympus.engine.constants import VENUS_MAX, VENUS_MIN

# Venus Next off; on with World Government Terraforming (its default); on without it.
VENUS_TABLES = ((False, None), (True, None), (True, False))
COMBINATIONS = list(
    itertools.product(SUPPORTED_MAPS, (False, True), (False, True), VENUS_TABLES, (False, True))
)
PLAYER_COUNTS = (1, 2, 3, 4, 5)
GAMES_EACH = 3  # each combination at three player counts
PERSIST_EVERY = 8
MAX_ANSWERS = 30_000


def _options(
    index: int, combination: tuple[str, bool, bool, tuple[bool, bool | None], bool], n: int = 0
) -> GameOptions:
    map_name, prelude, colonies, (venus, world_government), draft = combination
    players = PLAYER_COUNTS[(index + n) % len(PLAYER_COUNTS)]
    return GameOptions(
        players=players,
        seed=34_000 + GAMES_EACH * index + n,
        map=map_name,
        prelude=prelude,
        colonies=colonies,
        venus=venus,
        world_government=world_government,
        draft=draft,
        corporate_era=True,
    )


def _play(options: GameOptions, persist: bool) -> tuple[Game, list[tuple[int, object]]]:
    rnd = random.Random(options.seed)
    game = Game.new(options)
    answers: list[tuple[int, object]] = []
    while not game.is_over:
        d = game.decisions()[0]
        answer = d.sample(rnd)
        game.apply(d.player, answer)
        answers.append((d.player, answer))
        for p in game.players:
            assert min(p.res) >= 0, (options, len(answers), p.res)
        assert VENUS_MIN <= game.venus <= VENUS_MAX
        assert options.venus or game.venus == VENUS_MIN, (options, len(answers))
        if persist:
            game = Game.from_bytes(game.to_bytes())
        assert len(answers) < MAX_ANSWERS, options
    return game, answers


def test_the_combinations_cover_every_axis_at_every_player_count() -> None:
    seen = {
        (_options(i, c, n).players, axis)
        for i, c in enumerate(COMBINATIONS)
        for n in range(GAMES_EACH)
        for axis in c
    }
    for axis in (*SUPPORTED_MAPS, *VENUS_TABLES):
        assert {n for n, a in seen if a == axis} == set(PLAYER_COUNTS), axis


@pytest.mark.parametrize(("index", "combination"), list(enumerate(COMBINATIONS)))
def test_every_combination_with_venus_finishes_and_replays(
    index: int, combination: tuple[str, bool, bool, tuple[bool, bool | None], bool]
) -> None:
    for n in range(GAMES_EACH):
        options = _options(index, combination, n)
        game, answers = _play(options, persist=n == 0 and index % PERSIST_EVERY == 0)
        assert game.is_over and game.result()["finished"]
        if options.solo:
            assert game.generation == (12 if options.prelude else 14)
        replayed = Game.replay(options, answers)  # type: ignore[arg-type]
        assert replayed.to_bytes() == game.to_bytes()
