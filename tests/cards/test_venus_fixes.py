"""The printed Venus Next rules that the first version of its cards simplified: Sponsored
Academies' discard, Maxwell Base's target, Stratospheric Birds' floater after Dirigibles paid,
Viron repeating an action that titanium may pay (Rotator Impacts), and no Venus card action
offered when it could do nothing."""

from __future__ import annotations

import pytest
from venus_helpers import set_venus, venus_game

from helpers import (
    actions_offered,
    answer,
    can_play,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    play,
    set_turn,
    use_action,
)
from olympus.engine import ChooseCards, Game
from olympus.engine.decisions import SelectAmount, SelectCards
from olympus.engine.errors import IllegalAction

MC, STEEL, TITANIUM = 0, 1, 2


def _again(g: Game, seat: int = 0) -> None:
    g.players[seat].used.clear()
    set_turn(g, seat)


def test_sponsored_academies_needs_another_card_in_hand_to_discard() -> None:
    g = venus_game()
    hand(g, 0, "Sponsored Academies")
    give(g, 0, megacredits=9)
    assert not can_play(g, 0, "Sponsored Academies")
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "Sponsored Academies")
    assert refused.value.code == "card_not_playable"
    hand(g, 0, "Sponsored Academies", "Mine")
    assert can_play(g, 0, "Sponsored Academies")


def test_maxwell_base_action_is_offered_only_with_another_venus_card_to_feed() -> None:
    g = venus_game()
    in_play(g, 0, "Maxwell Base", "Venus Magnetizer")  # a Venus card, but it holds nothing
    _again(g)
    assert cid("Maxwell Base") not in actions_offered(g)
    with pytest.raises(IllegalAction) as refused:
        use_action(g, 0, "Maxwell Base")
    assert refused.value.code == "action_unavailable"
    in_play(g, 0, "Maxwell Base", "Venus Magnetizer", "Venusian Insects")
    _again(g)
    assert cid("Maxwell Base") in actions_offered(g)
    use_action(g, 0, "Maxwell Base")
    assert card_resources(g, 0, "Venusian Insects") == 1


def _birds_with_dirigibles(megacredits: int) -> Game:
    g = venus_game()
    in_play(g, 0, "Dirigibles", resources=4)  # 12 M€ towards a Venus card: all of Birds' cost
    hand(g, 0, "Stratospheric Birds")
    g.players[0].res[MC] = megacredits
    set_venus(g, 12)
    return g


def test_stratospheric_birds_is_refused_when_paying_would_spend_its_floater() -> None:
    g = _birds_with_dirigibles(0)
    assert not can_play(g, 0, "Stratospheric Birds")
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "Stratospheric Birds")
    assert refused.value.code == "card_not_playable"


def test_stratospheric_birds_payment_keeps_a_floater_back() -> None:
    g = _birds_with_dirigibles(6)
    play(g, 0, "Stratospheric Birds")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (2, 3)  # never all 4
    answer(g, "amount 3")
    assert card_resources(g, 0, "Dirigibles") == 0  # 3 paid, the 4th spent by Birds
    assert g.players[0].res[MC] == 3 and cid("Stratospheric Birds") in g.players[0].played
    g = _birds_with_dirigibles(3)
    play(g, 0, "Stratospheric Birds")  # one number of floaters only: 3, nothing asked
    assert card_resources(g, 0, "Dirigibles") == 0 and g.players[0].res[MC] == 0


def _viron_after_rotator(titanium: int, megacredits: int) -> Game:
    g = venus_game(2, ["Viron", "R00"])
    in_play(g, 0, "Rotator Impacts")
    g.players[0].used.append(cid("Rotator Impacts"))
    g.players[0].res[TITANIUM] = titanium
    g.players[0].res[MC] = megacredits
    set_turn(g, 0)
    return g


def test_viron_repeats_rotator_impacts_paid_with_titanium() -> None:
    g = _viron_after_rotator(titanium=2, megacredits=0)
    assert cid("Viron") in actions_offered(g)  # 2 titanium pay the 6 M€
    use_action(g, 0, "Viron")
    d = decision(g)
    assert isinstance(d, SelectCards) and d.cards == (cid("Rotator Impacts"),)
    g.apply(0, ChooseCards((cid("Rotator Impacts"),)))
    assert card_resources(g, 0, "Rotator Impacts") == 1 and g.players[0].res[TITANIUM] == 0


def test_viron_asks_how_much_titanium_goes_into_the_repeat() -> None:
    g = _viron_after_rotator(titanium=1, megacredits=10)
    use_action(g, 0, "Viron")
    g.apply(0, ChooseCards((cid("Rotator Impacts"),)))
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (0, 1)
    answer(g, "amount 1")
    p = g.players[0]
    assert (p.res[TITANIUM], p.res[MC]) == (0, 7) and card_resources(g, 0, "Rotator Impacts") == 1


def test_viron_has_nothing_to_repeat_without_the_means() -> None:
    g = _viron_after_rotator(titanium=1, megacredits=2)  # 3 + 2 < 6, no asteroid to spend
    assert cid("Viron") not in actions_offered(g)


# Every Venus card action that can do nothing in some position, and that position: not offered.
NOTHING_TO_DO = [
    ("Aerial Mappers", 1, {}),  # spend a floater here: none
    ("Deuterium Export", 1, {}),
    ("Extractor Balloons", 1, {}),
    ("Local Shading", 1, {}),
    ("Rotator Impacts", 1, {}),  # spend an asteroid: none
    ("Sulphur-Eating Bacteria", 1, {}),
    ("Thermophiles", 1, {}),
    ("Venus Magnetizer", 0, {}),  # no energy production to give up
    ("Forced Precipitation", 0, {"megacredits": 1}),  # 2 M€ for a floater: 1 held
    ("Forced Precipitation", 1, {}),
    ("Jet Stream Microscrappers", 0, {"titanium": 0}),  # a titanium for 2 floaters: none
    ("Jet Stream Microscrappers", 1, {}),
    ("Rotator Impacts", 0, {"megacredits": 5}),
]


@pytest.mark.parametrize(("card", "choice", "resources"), NOTHING_TO_DO)
def test_a_venus_action_with_nothing_to_do_is_not_offered(
    card: str, choice: int, resources: dict[str, int]
) -> None:
    g = venus_game()
    in_play(g, 0, card)
    g.players[0].res[MC] = 0
    give(g, 0, **resources)
    _again(g)
    offered = actions_offered(g).get(cid(card), {})
    assert choice not in offered
    with pytest.raises(IllegalAction):
        use_action(g, 0, card, choice)
