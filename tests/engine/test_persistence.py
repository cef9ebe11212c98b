"""A game saved at any decision and loaded again continues exactly like the original, and
seed + answers replay to the same state."""

from __future__ import annotations

import random

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.actions import Answer

CASES = [
    GameOptions(players=2, seed=11, corporate_era=True),
    GameOptions(players=3, seed=12, corporate_era=True, draft=True),
    GameOptions(players=4, seed=13, corporate_era=False),
    GameOptions(players=1, seed=14, corporate_era=True),
    GameOptions(
        players=5,
        seed=15,
        corporate_era=True,
        draft=True,
        beginner=(True, False, False, True, False),
    ),
]
PRELUDE_CASES = [
    GameOptions(players=2, seed=16, prelude=True),
    GameOptions(players=4, seed=17, prelude=True, draft=True, beginner=(False, True, False, False)),
    GameOptions(players=1, seed=18, prelude=True),
]


def _play_with_twin(options: GameOptions) -> tuple[Game, list[tuple[int, Answer]]]:
    """Play one game; at every decision round-trip it through bytes and carry on with the
    reloaded copy, while a twin that is never saved takes the same answers."""
    rnd = random.Random(options.seed)
    game = Game.new(options)
    twin = game.clone()
    answers: list[tuple[int, Answer]] = []
    while not game.is_over:
        raw = game.to_bytes()
        game = Game.from_bytes(raw)
        assert game.to_bytes() == raw
        assert twin.to_bytes() == raw
        decision = game.decisions()[0]
        assert [d.to_dict() for d in game.decisions()] == [d.to_dict() for d in twin.decisions()]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        twin.apply(decision.player, answer)
        answers.append((decision.player, answer))
    assert game.to_bytes() == twin.to_bytes()
    return game, answers


@pytest.mark.parametrize(
    "options", CASES + PRELUDE_CASES, ids=lambda o: f"{o.players}p-seed{o.seed}"
)
def test_saving_at_every_decision_changes_nothing(options: GameOptions) -> None:
    game, answers = _play_with_twin(options)
    assert game.is_over
    assert len(answers) > 50


@pytest.mark.parametrize(
    "options", CASES[:3] + PRELUDE_CASES[:2], ids=lambda o: f"{o.players}p-seed{o.seed}"
)
def test_seed_and_answers_replay_to_the_same_state(options: GameOptions) -> None:
    game, answers = _play_with_twin(options)
    replayed = Game.replay(options, answers)
    assert replayed.to_bytes() == game.to_bytes()
    # The text notation is enough to replay too.
    as_text = [(seat, str(answer)) for seat, answer in answers]
    assert Game.replay(options, as_text).to_bytes() == game.to_bytes()


def test_clone_is_independent() -> None:
    game = Game.new(GameOptions(players=2, seed=3))
    rnd = random.Random(3)
    for _ in range(40):
        d = game.decisions()[0]
        game.apply(d.player, d.sample(rnd))
    before = game.to_bytes()
    copy = game.clone()
    d = copy.decisions()[0]
    copy.apply(d.player, d.sample(rnd))
    assert game.to_bytes() == before
    assert copy.to_bytes() != before


def test_a_saved_game_is_small() -> None:
    game = Game.new(GameOptions(players=2, seed=4))
    rnd = random.Random(4)
    sizes = []
    while not game.is_over:
        sizes.append(len(game.to_bytes()))
        d = game.decisions()[0]
        game.apply(d.player, d.sample(rnd))
    assert max(sizes) <= 8 * 1024


def test_options_round_trip_with_every_field() -> None:
    options = GameOptions(
        players=3,
        seed=99,
        corporate_era=False,
        draft=True,
        beginner=(True, False, True),
        map="tharsis",
        undo=True,  # written only when on
        prelude=True,
        realtime_scoring=False,  # the default (on) is not written
        colonies=True,  # written only when on
        venus=True,  # written only when on
        world_government=False,  # written only when set (absent: follows venus)
    )
    data = options.to_data()
    assert set(data) == set(GameOptions.__dataclass_fields__)
    assert GameOptions.from_data(data) == options
