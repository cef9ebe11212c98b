"""Paying costs with M€, steel, titanium and (Helion) heat; discounts; no wasteful overpay."""

from __future__ import annotations

import pytest

from helpers import cid, decision, give, hand, in_play, new_game
from olympus.engine import IllegalAction, Payment, PlayCard


def test_steel_pays_for_building_cards_and_overpay_gives_no_change() -> None:
    g = new_game(2)
    hand(g, 0, "Underground City")  # 18, building
    g.players[0].prod[4] = 2
    give(g, 0, steel=10)
    with pytest.raises(IllegalAction):
        g.apply(0, PlayCard(cid("Underground City"), Payment(steel=10)))  # 20 > 18 by a whole steel
    g.apply(0, PlayCard(cid("Underground City"), Payment(steel=9)))
    assert g.players[0].res[1] == 1 and g.players[0].res[0] == 0


def test_an_overpay_that_cannot_be_avoided_is_allowed() -> None:
    g = new_game(2)
    hand(g, 0, "Asteroid")  # 14, space
    give(g, 0, titanium=5)
    g.apply(0, PlayCard(cid("Asteroid"), Payment(titanium=5)))  # 15 ≥ 14, 4 titanium would be 12
    assert g.players[0].res[2] == 2  # the card's own 2 titanium


def test_payments_enumerate_every_legal_mix() -> None:
    g = new_game(2)
    hand(g, 0, "Asteroid")
    give(g, 0, megacredits=14, titanium=2)
    plays = [a for a in decision(g).legal_actions() if isinstance(a, PlayCard)]
    assert {a.payment.titanium for a in plays} == {0, 1, 2}


def test_discounts_stack_but_never_below_zero() -> None:
    g = new_game(2)
    in_play(g, 0, "Earth Catapult", "Anti-Gravity Technology", "Research Outpost")
    hand(g, 0, "Indentured Workers", "Micro-Mills")  # 0 and 3
    assert cid("Micro-Mills") in decision(g).options.cards  # type: ignore[attr-defined]
    assert decision(g).options.cards[cid("Micro-Mills")].cost == 0  # type: ignore[attr-defined]


def test_payment_of_resources_the_player_does_not_have_is_refused() -> None:
    g = new_game(2)
    hand(g, 0, "Mine")
    give(g, 0, megacredits=4)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, "play 056 s2")
    assert err.value.code == "bad_payment"


def test_heat_pays_only_for_helion() -> None:
    g = new_game(2)
    hand(g, 0, "Mine")
    give(g, 0, megacredits=2, heat=2)
    assert cid("Mine") not in decision(g).options.cards  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        g.apply(0, "play 056 h2")
