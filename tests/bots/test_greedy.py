"""The greedy bot: legal, deterministic for its seed, completes moves, plays whole games."""

from __future__ import annotations

import random

from bot_helpers import game_at_action

from olympus.bots import BOTS, GreedyBot, make_bot
from olympus.bots.greedy import MAX_OPTIONS, Lookahead, cheapest_payments
from olympus.engine import ChooseCards, Game, GameOptions, PlayCard
from olympus.engine.constants import MC, STEEL, TITANIUM
from olympus.engine.decisions import SelectCards
from olympus.selfplay import play_game


def test_greedy_is_registered() -> None:
    assert "greedy" in BOTS
    assert isinstance(make_bot("greedy", 1), GreedyBot)


def test_greedy_answers_are_legal_and_deterministic_for_a_seed() -> None:
    g = Game.new(GameOptions(players=2, seed=8, corporate_era=True))
    a, b = make_bot("greedy", 2), make_bot("greedy", 2)
    for _ in range(60):
        if g.is_over:
            break
        d = g.decisions()[0]
        answer = a.choose(g, d)
        assert b.choose(g, d) == answer
        g.apply(d.player, answer)  # checked: raises if illegal
    assert g.generation >= 2


def test_moves_are_listed_once_with_their_cheapest_payment() -> None:
    g = game_at_action(6, turns=40)
    d = g.decision_for(0)
    moves = cheapest_payments(g, d)  # type: ignore[arg-type]
    plays = [m.card for m in moves if isinstance(m, PlayCard)]
    assert len(plays) == len(set(plays))
    legal = list(d.legal_actions())
    assert all(m in legal for m in moves)


def test_candidates_are_bounded() -> None:
    g = game_at_action(2, turns=30)
    search = Lookahead(0, __import__("random").Random(1))
    for d in g.decisions():
        assert len(search.candidates(g, d)) <= max(MAX_OPTIONS, d.count())


def test_greedy_beats_random_in_a_whole_game() -> None:
    g = Game.new(GameOptions(players=2, seed=12, corporate_era=True))
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    while not g.is_over:
        d = g.decisions()[0]
        g.push(d.player, bots[d.player].choose(g, d))
    assert g.result()["winners"] == [0]


def test_selfplay_runs_the_greedy_bot() -> None:
    stats = play_game(GameOptions(players=2, seed=3, corporate_era=True), bot="greedy")
    assert stats.finished


def research(seed: int) -> tuple[Game, SelectCards]:
    """A 2-player game played by random bots until seat 0 is offered cards to buy in the
    research phase of generation 2."""
    g = Game.new(GameOptions(players=2, seed=seed, corporate_era=True))
    bots = [make_bot("random", seed * 7 + s) for s in range(2)]
    while True:
        d = g.decisions()[0]
        if isinstance(d, SelectCards) and d.purpose == "buy" and d.player == 0:
            return g, d
        g.push(d.player, bots[d.player].choose(g, d))


def test_cards_are_bought_for_what_the_seat_can_pay_to_play_soon() -> None:
    """The same offer, the same M€ in stock: a seat with a poor income buys fewer cards than
    one with a good income (it could buy them, but not pay to play them soon)."""
    bought = {}
    for income in (-5, 20):
        g, d = research(5)
        p = g.players[0]
        p.res[MC], p.prod[MC], p.hand = 12, income, []
        p.res[STEEL] = p.res[TITANIUM] = p.prod[STEEL] = p.prod[TITANIUM] = 0
        answer = Lookahead(0, random.Random(1)).best(g, d)
        assert isinstance(answer, ChooseCards)
        bought[income] = answer.cards
    assert len(bought[-5]) < len(bought[20])
