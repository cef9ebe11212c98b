"""The bots in Venus Next games: a Venus step is valued as the TR it is, floaters that pay for
Venus cards are worth part of what they pay, the scale does not stretch the game's estimated
length, and greedy and the search bot play whole Venus games legally (every answer through the
engine's checked apply)."""

from __future__ import annotations

import pytest

from olympus.bots import SearchBot, make_bot
from olympus.bots.evaluate import (
    CARD_RESOURCE_VALUE,
    MC_PER_VP,
    PAYING_RESOURCE_SHARE,
    evaluate,
    generations_left,
    stock_factor,
    worth,
)
from olympus.engine import Game, GameOptions
from olympus.engine.cards.catalogue import by_name
from olympus.engine.constants import VENUS_MAX
from olympus.engine.mutate import raise_temperature, raise_venus

GENERATIONS = 3.0  # a fixed horizon: the comparisons below are of one position's changes


def _venus_game(seed: int = 3) -> Game:
    """A 2-player Venus game played by random bots until seat 0 is to take an action."""
    g = Game.new(GameOptions(players=2, seed=seed, corporate_era=True, venus=True))
    bots = [make_bot("random", seed * 7 + s) for s in range(2)]
    answered = 0
    while True:
        d = g.decisions()[0]
        if answered >= 20 and d.kind == "action" and d.player == 0:
            return g
        g.push(d.player, bots[d.player].choose(g, d))
        answered += 1


def _gain(game: Game, change: object) -> float:
    g = game.clone()
    assert callable(change)
    change(g)
    return evaluate(g, 0, GENERATIONS) - evaluate(game, 0, GENERATIONS)


def test_a_venus_step_is_worth_a_tr_like_a_temperature_step() -> None:
    g = _venus_game()
    g.venus, g.temperature = 2, -30  # away from the bonus steps of both
    venus = _gain(g, lambda h: raise_venus(h, 0, 1))
    temperature = _gain(g, lambda h: raise_temperature(h, 0, 1))
    assert venus == pytest.approx(MC_PER_VP + GENERATIONS)  # a point, and its income
    assert venus == pytest.approx(temperature)
    g.venus = VENUS_MAX
    assert _gain(g, lambda h: raise_venus(h, 0, 1)) == 0  # at 30%: no TR, worth nothing


def test_the_venus_scale_does_not_change_the_estimated_length_of_the_game() -> None:
    g = _venus_game()
    later = g.clone()
    later.venus = 20
    assert generations_left(later) == generations_left(g)


def test_floaters_that_pay_for_venus_cards_are_worth_part_of_what_they_pay() -> None:
    g = _venus_game()
    p = g.players[0]
    cards = by_name()
    dirigibles, shading = cards["dirigibles"].id, cards["local shading"].id
    p.played += [dirigibles, shading]
    p.card_res.update({dirigibles: 0, shading: 0})
    base = worth(g, 0, 0.0, GENERATIONS)
    p.card_res[dirigibles] = 2
    paying = worth(g, 0, 0.0, GENERATIONS) - base
    p.card_res.update({dirigibles: 0, shading: 2})
    plain = worth(g, 0, 0.0, GENERATIONS) - base
    stock = stock_factor(GENERATIONS)  # stock of any kind loses value as the end nears
    assert paying == pytest.approx(2 * 3 * PAYING_RESOURCE_SHARE * stock)  # 3 M€ each
    assert plain == pytest.approx(2 * CARD_RESOURCE_VALUE * stock)
    assert paying > plain


def _play(g: Game, bots: dict[int, object]) -> Game:
    while not g.is_over:
        d = g.decisions()[0]
        g.apply(d.player, bots[d.player].choose(g, d))  # type: ignore[attr-defined]
    return g


def test_greedy_plays_a_whole_venus_game_and_raises_venus() -> None:
    g = Game.new(GameOptions(players=2, seed=11, corporate_era=True, venus=True))
    _play(g, {0: make_bot("greedy", 1), 1: make_bot("greedy", 2)})
    assert g.is_over and g.generation >= 8 and g.venus > 0


def test_mcts_plays_a_whole_venus_game_against_greedy() -> None:
    g = Game.new(GameOptions(players=2, seed=12, corporate_era=True, venus=True))
    _play(g, {0: SearchBot(12, budget=2), 1: make_bot("greedy", 13)})
    assert g.is_over and g.generation >= 8
