"""Fairness: a bot decides from its own seat's view only. Changing what the seat cannot see
(the other seats' hands and dealt cards, the deck order, the discard, the engine's RNG) never
changes its choice, nor the world it looks ahead in."""

from __future__ import annotations

import random

import pytest
from bot_helpers import game_at_action, hide_differently

from olympus.bots import make_bot
from olympus.bots.determinise import determinise, worlds
from olympus.engine import Game, GameOptions


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_determinised_world_depends_only_on_the_view(seed: int) -> None:
    g = game_at_action(seed)
    other = hide_differently(g, 0, seed + 100)
    assert other.to_data() != g.to_data()  # the hidden parts really differ
    assert other.view(0) == g.view(0)  # and the seat cannot tell
    a = determinise(g, 0, random.Random(5))
    b = determinise(other, 0, random.Random(5))
    assert a.to_data() == b.to_data()
    assert a.view(0) == g.view(0)


def test_worlds_are_independent_samples() -> None:
    g = game_at_action(4)
    sampled = [w.players[1].hand for w in worlds(g, 0, random.Random(1), 3)]
    assert len({tuple(h) for h in sampled}) > 1


@pytest.mark.parametrize("seed", [1, 3, 6, 7])  # games where seat 1 holds cards
def test_greedy_choice_ignores_hidden_cards_in_the_action_phase(seed: int) -> None:
    g = game_at_action(seed, turns=30)
    other = hide_differently(g, 0, seed + 50)
    assert other.players[1].hand != g.players[1].hand and other.deck != g.deck
    first = make_bot("greedy", 9).choose(g, g.decision_for(0))
    second = make_bot("greedy", 9).choose(other, other.decision_for(0))
    assert first == second


def test_greedy_choice_ignores_hidden_cards_at_setup_and_research() -> None:
    g = Game.new(GameOptions(players=2, seed=21, corporate_era=True))
    other = hide_differently(g, 0, 77)
    assert other.players[1].dealt != g.players[1].dealt
    first = make_bot("greedy", 3).choose(g, g.decision_for(0))
    second = make_bot("greedy", 3).choose(other, other.decision_for(0))
    assert first == second
    # On to the second generation's research: both seats buy at once.
    bots = [make_bot("greedy", 4), make_bot("random", 5)]
    while g.generation < 2 or g.phase != "research":
        d = g.decisions()[0]
        g.push(d.player, bots[d.player].choose(g, d))
    other = hide_differently(g, 0, 78)
    first = make_bot("greedy", 6).choose(g, g.decision_for(0))
    second = make_bot("greedy", 6).choose(other, other.decision_for(0))
    assert first == second
