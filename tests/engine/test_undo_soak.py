"""Random games with the undo option where the seats take answers back at random: every game
still ends, every undo lands on the state saved before the answers it took back, nothing that
revealed a card or used chance is ever undoable, and seed + history replays the game."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from olympus.engine import Game, GameOptions, Undo
from olympus.engine.actions import Answer

DECISION_LIMIT = 20_000
UNDO_CHANCE = 0.25


def _comparable(raw: bytes) -> dict[str, Any]:
    """A saved state without its undo window (a window longer than UNDO_LIMIT moves its copy
    on, so after an undo it may hold fewer answers than it held at that point the first time)."""
    data: dict[str, Any] = orjson.loads(raw)
    data.pop("u", None)
    return data


def play_with_undos(options: GameOptions) -> tuple[Game, list[tuple[int, Answer | Undo]], int]:
    rnd = random.Random(options.seed)
    game = Game.new(options)
    history: list[tuple[int, Answer | Undo]] = []
    saved: list[tuple[int, bytes]] = []  # (seat, state before its answer), latest last
    undos = 0
    while not game.is_over and len(history) < DECISION_LIMIT:
        decisions = game.decisions()
        # Any seat may take back, not only one deciding now (its turn may have passed on).
        seat = rnd.randrange(options.players)
        can = game.undoable(seat)
        if can and rnd.random() < UNDO_CHANCE:
            count = rnd.randint(1, can)
            assert all(s == seat for s, _ in saved[-count:])
            expected = saved[-count][1]
            del saved[-count:]
            game.undo(seat, count)
            assert _comparable(game.to_bytes()) == _comparable(expected)
            history.append((seat, Undo(count)))
            undos += 1
            continue
        decision = rnd.choice(decisions)
        before = game.to_bytes()
        rng, deck = game.rng, len(game.deck)
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        history.append((decision.player, answer))
        saved.append((decision.player, before))
        if game.rng != rng or len(game.deck) != deck or game.is_over:
            assert game.undoable(decision.player) == 0
            saved.clear()
        for other in range(options.players):
            if other != decision.player:
                assert game.undoable(other) == 0
    return game, history, undos


CASES = [
    GameOptions(players=2, seed=101, undo=True),
    GameOptions(players=3, seed=102, undo=True, draft=True),
    GameOptions(players=4, seed=103, undo=True, corporate_era=False),
    GameOptions(players=1, seed=104, undo=True),
]


@pytest.mark.parametrize("options", CASES, ids=lambda o: f"{o.players}p-seed{o.seed}")
def test_random_games_with_undos_finish_and_replay(options: GameOptions) -> None:
    game, history, undos = play_with_undos(options)
    assert game.is_over
    assert undos > 20
    assert Game.replay(options, history).to_bytes() == game.to_bytes()
    as_text = [(seat, str(entry)) for seat, entry in history]
    assert Game.replay(options, as_text).to_bytes() == game.to_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_many_random_games_with_undos(players: int) -> None:
    for i in range(20):
        options = GameOptions(
            players=players, seed=7_000 + 100 * players + i, undo=True, draft=i % 2 == 1
        )
        game, history, _ = play_with_undos(options)
        assert game.is_over
        assert Game.replay(options, history).to_bytes() == game.to_bytes()
