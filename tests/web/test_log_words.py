"""Every kind of log entry the game service sends has a sentence in the page's dictionaries
(and so in all four languages: test_i18n.py checks they share their keys). The kinds are the
ones seen in whole games of every kind of table, played by random bots with the undo option,
and the game service's own "aborted" entry. No browser: the page looks up `log.<kind>`."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from olympus.bots import RandomBot
from olympus.engine import Game, GameOptions
from olympus.gamestate.events import aborted_event

I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"
TABLES = [
    GameOptions(players=2, seed=11, colonies=True, undo=True),
    GameOptions(players=3, seed=12, prelude=True, colonies=True, draft=True, undo=True),
    GameOptions(players=1, seed=13, colonies=True, prelude=True, undo=True),
    GameOptions(players=4, seed=14, corporate_era=False, map="hellas", undo=True),
    GameOptions(players=2, seed=15, map="elysium", prelude=True, undo=True),
]


def kinds_in_a_whole_game(options: GameOptions) -> set[str]:
    game = Game.new(options)
    bots = [RandomBot(options.seed * 7 + seat) for seat in range(options.players)]
    second_thoughts = random.Random(options.seed)
    kinds = {str(entry[0]) for entry in game.log}
    for _ in range(20_000):
        if game.is_over:
            break
        decision = game.decisions()[0]
        game.push(decision.player, bots[decision.player].choose(game, decision))
        kinds |= {str(entry[0]) for entry in game.log}
        if game.undoable(decision.player) and second_thoughts.random() < 0.05:
            game.undo(decision.player, 1)
            kinds |= {str(entry[0]) for entry in game.log}
    assert game.is_over
    return kinds


@pytest.fixture(scope="module")
def seen_kinds() -> set[str]:
    kinds: set[str] = set()
    for options in TABLES:
        kinds |= kinds_in_a_whole_game(options)
    aborted = aborted_event(9, "host", "a reason", "action", 3, 0)
    kinds |= {entry.kind for entry in aborted.log}
    return kinds


def test_every_kind_seen_has_a_sentence(seen_kinds: set[str]) -> None:
    english = json.loads((I18N / "en.json").read_text("utf-8"))
    # The games did reach the kinds of every part of the rules.
    assert {"play", "tile", "generation", "game_over", "undo", "aborted", "trade"} <= seen_kinds
    assert {"prelude", "colony", "colony_removed"} <= seen_kinds
    missing = sorted(kind for kind in seen_kinds if f"log.{kind}" not in english)
    assert not missing, f"log kinds without a sentence: {missing}"
