"""Fairness of the search bot: with a budget in simulations, its choice does not change when
what its seat cannot see (the other seat's hand and dealt cards, the deck order, the discard,
the engine's RNG) is changed behind its view."""

from __future__ import annotations

import pytest
from bot_helpers import game_at_action, hide_differently

from olympus.bots import make_bot
from olympus.engine import Game, GameOptions


@pytest.mark.parametrize("seed", [1, 3, 6, 7])  # games where seat 1 holds cards
def test_mcts_choice_ignores_hidden_cards_in_the_action_phase(seed: int) -> None:
    g = game_at_action(seed, turns=30)
    other = hide_differently(g, 0, seed + 50)
    assert other.players[1].hand != g.players[1].hand and other.deck != g.deck
    assert other.view(0) == g.view(0)
    first, second = make_bot("mcts", 9, budget=6), make_bot("mcts", 9, budget=6)
    assert first.choose(g, g.decision_for(0)) == second.choose(other, other.decision_for(0))


def test_mcts_choice_ignores_hidden_cards_at_setup() -> None:
    g = Game.new(GameOptions(players=2, seed=21, corporate_era=True))
    other = hide_differently(g, 0, 77)
    assert other.players[1].dealt != g.players[1].dealt
    first, second = make_bot("mcts", 3, budget=4), make_bot("mcts", 3, budget=4)
    assert first.choose(g, g.decision_for(0)) == second.choose(other, other.decision_for(0))
