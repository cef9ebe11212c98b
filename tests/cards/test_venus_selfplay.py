"""Whole random games with Venus Next on: the random bot plays them to the end (saved and
reloaded at every decision in one of them), Venus moves, its cards and projects are used."""

from __future__ import annotations

from collections import Counter

import pytest

from colony_helpers import play_saving
from olympus.engine import Game, GameOptions
from olympus.engine.cards.catalogue import get as card_def
from olympus.selfplay import play_game


@pytest.mark.parametrize(
    "options",
    [
        GameOptions(players=2, seed=11, venus=True),
        GameOptions(players=3, seed=12, venus=True, colonies=True),
        GameOptions(players=4, seed=13, venus=True, prelude=True, draft=True),
        GameOptions(players=1, seed=14, venus=True),
        GameOptions(players=2, seed=15, venus=True, world_government=False, map="hellas"),
    ],
    ids=["2p", "3p-colonies", "4p-prelude-draft", "solo", "2p-no-wgt-hellas"],
)
def test_random_bot_games_with_venus_finish(options: GameOptions) -> None:
    stats = play_game(options, persist=True)
    assert stats.finished


def test_a_venus_game_saved_at_every_decision_plays_the_expansion() -> None:
    game, answers, prompts = play_saving(GameOptions(players=3, seed=21, venus=True))
    assert game.is_over and game.venus > 0
    played = Counter(
        card_def(c).module for p in game.players for c in (*p.played, *p.events, p.corp)
    )
    assert played["venus"] > 0
    assert any("air_scrapping" in str(a) for _, a in answers)
    assert prompts["Choose one"] > 0  # the World Government's choice, among others
    raw = game.to_bytes()
    assert Game.from_bytes(raw).to_bytes() == raw
