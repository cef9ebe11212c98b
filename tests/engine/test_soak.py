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


PRELUDE_GAMES_PER_COUNT = 40


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_prelude_games_all_finish(players: int) -> None:
    """Prelude games with every option it combines with: draft, Beginner seats, no Corporate
    Era (not in solo), and the solo game's 12 generations."""
    unfinished = []
    for i in range(PRELUDE_GAMES_PER_COUNT):
        options = GameOptions(
            players=players,
            seed=70_000 + 100 * players + i,
            corporate_era=players == 1 or i % 4 != 0,
            draft=i % 3 == 0,
            beginner=tuple(seat == i % 5 for seat in range(players)) if i % 2 else (),
            prelude=True,
        )
        stats = play_game(options)
        if not stats.finished or (players == 1 and stats.generations != 12):
            unfinished.append(options.seed)
    assert unfinished == []
