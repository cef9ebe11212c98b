"""The bots a table can seat: registered by name and able to play a whole game."""

from __future__ import annotations

from olympus.bots import BOTS, PassiveBot, make_bot
from olympus.engine import Game, GameOptions, Pass
from olympus.engine.defaults import default_answer
from olympus.selfplay import play_game


def test_passive_bot_is_registered() -> None:
    assert set(BOTS) >= {"random", "passive"}
    bot = make_bot("passive", 1)
    assert isinstance(bot, PassiveBot) and bot.name == "passive"


def test_passive_bot_gives_the_default_answer() -> None:
    g = Game.new(GameOptions(players=2, seed=4))
    bot = make_bot("passive", 0)
    while g.phase != "action" or g.decisions()[0].kind != "action":
        d = g.decisions()[0]
        g.apply(d.player, bot.choose(g, d))
    d = g.decisions()[0]
    if not d.options.first_action:  # type: ignore[attr-defined]
        assert bot.choose(g, d) == Pass()
    assert bot.choose(g, d) == default_answer(d)


def test_passive_bot_plays_a_solo_game_to_the_end() -> None:
    stats = play_game(GameOptions(players=1, seed=11), bot="passive")
    assert stats.finished and stats.generations == 14
