"""The search bot plays whole games legally: every answer goes through the engine's checked
apply (which raises on an illegal answer), at a tiny budget so that the games stay quick."""

from __future__ import annotations

import pytest

from olympus.bots import SearchBot, make_bot
from olympus.engine import Game, GameOptions


def play_checked(seed: int, opponent: str, mcts_seat: int) -> Game:
    g = Game.new(GameOptions(players=2, seed=seed, corporate_era=True, map="tharsis"))
    bots = {mcts_seat: SearchBot(seed, budget=2), 1 - mcts_seat: make_bot(opponent, seed + 1)}
    while not g.is_over:
        d = g.decisions()[0]
        g.apply(d.player, bots[d.player].choose(g, d))
    return g


def test_mcts_plays_a_whole_game_against_greedy_legally() -> None:
    g = play_checked(4, "greedy", 0)
    assert g.is_over and g.generation >= 8


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "opponent", "seat"), [(5, "random", 1), (6, "greedy", 1)])
def test_mcts_plays_more_whole_games_legally(seed: int, opponent: str, seat: int) -> None:
    assert play_checked(seed, opponent, seat).is_over
