"""Hundreds of random games with every card in the deck: all finish, nothing raises."""

from __future__ import annotations

import pytest

from olympus.engine import GameOptions
from olympus.selfplay import play_game

GAMES_PER_COUNT = 125  # 500 games over 2, 3, 4 and 5 players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_all_finish(players: int) -> None:
    unfinished = []
    for i in range(GAMES_PER_COUNT):
        options = GameOptions(
            players=players,
            seed=10_000 * players + i,
            corporate_era=i % 5 != 0,  # a fifth of them without the Corporate Era
            draft=i % 3 == 0,
        )
        stats = play_game(options)
        if not stats.finished:
            unfinished.append(options.seed)
    assert unfinished == []


def test_solo_games_all_finish() -> None:
    for i in range(60):
        stats = play_game(GameOptions(players=1, seed=500 + i, solo_tr63=i % 2 == 1))
        assert stats.finished and stats.generations == 14
