"""A viewer never sees what it may not: other hands, dealt or drafted cards, the deck."""

from __future__ import annotations

import json
import random

from olympus.engine import Game, GameOptions
from olympus.engine.cards.model import card_number


def _private_cards(g: Game, seat: int) -> set[str]:
    p = g.players[seat]
    return {card_number(c) for c in p.hand + p.dealt + p.draft_hand + p.drafted + p.dealt_corps}


def _public_cards(g: Game) -> set[str]:
    return {card_number(c) for p in g.players for c in p.played + p.events + [p.corp] if c}


def test_views_never_show_another_seats_hidden_cards() -> None:
    for seed, players, draft in ((1, 2, False), (2, 3, True), (3, 4, True), (4, 5, False)):
        g = Game.new(GameOptions(players=players, seed=seed, draft=draft))
        rnd = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % 7 == 0:
                for viewer in [None, *range(players)]:
                    text = json.dumps(g.view(viewer))
                    for other in range(players):
                        if other == viewer:
                            continue
                        secret = (
                            _private_cards(g, other)
                            - _private_cards(g, viewer if viewer is not None else other)
                            - _public_cards(g)
                        )
                        if viewer is None:
                            secret = _private_cards(g, other) - _public_cards(g)
                        for number in secret:
                            assert f'"{number}"' not in text, (viewer, other, number)
                    assert "deck" not in g.view(viewer) and str(g.deck[:5]) not in text
            d = g.decisions()[0]
            g.apply(d.player, d.sample(rnd))
            step += 1


def test_a_seat_sees_its_own_hand_and_decision() -> None:
    g = Game.new(GameOptions(players=2, seed=5))
    view = g.view(0)
    me = view["players"][0]
    assert len(me["dealt"]) == 10 and len(me["dealt_corporations"]) == 2
    assert "hand" not in view["players"][1] and "dealt" not in view["players"][1]
    assert [d["player"] for d in view["decisions"]] == [0]
    assert g.view(None)["decisions"] == []
