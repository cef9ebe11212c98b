"""Venus Next's corporations R01 Aphrodite, R05 Celestic, R23 Manutech, R06 Morning Star Inc.
and R12 Viron, each played from a set-up position through real answers."""

from __future__ import annotations

import pytest
from venus_helpers import set_venus, venus_game

from colony_helpers import patched_card, pick
from helpers import (
    can_play,
    card_points,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    play,
    refresh,
    set_turn,
    top_of_deck,
    use_action,
)
from olympus.engine import ChooseCards, Game, UseAction
from olympus.engine.actions import StandardProject
from olympus.engine.cards.dsl import req
from olympus.engine.decisions import SelectCards
from olympus.engine.errors import IllegalAction

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _first_action(g: Game, seat: int = 0) -> None:
    g.players[seat].first_action = True
    g.apply(seat, UseAction(g.players[seat].corp, 0))


def test_aphrodite_starts_with_plant_production_and_takes_2_per_venus_step_by_anyone() -> None:
    g = venus_game(2, ["Aphrodite", "R00"])
    assert g.players[0].prod[PLANTS] == 1
    hand(g, 1, "Orbital Reflectors")  # 2 steps
    give(g, 1, megacredits=26)
    set_turn(g, 1)
    play(g, 1, "Orbital Reflectors")
    assert g.venus == 4 and g.players[0].res[MC] == 4 and g.players[1].res[MC] == 0


def test_aphrodite_is_paid_for_its_own_steps_and_not_for_a_step_above_30() -> None:
    g = venus_game(2, ["Aphrodite", "R00"])
    give(g, 0, megacredits=15)
    set_venus(g, 28)
    g.apply(0, StandardProject("air_scrapping"))
    assert g.venus == 30 and g.players[0].res[MC] == 2
    give(g, 0, megacredits=15)
    g.apply(0, StandardProject("air_scrapping"))
    assert g.players[0].res[MC] == 2  # no step, no M€


def test_celestic_first_action_keeps_the_first_two_floater_cards_revealed() -> None:
    g = venus_game(2, ["Celestic", "R00"])
    top_of_deck(g, "Dirigibles", "Mine", "Aerosport Tournament", "Farming")  # Farming on top
    _first_action(g)
    p = g.players[0]
    assert p.hand == [cid("Aerosport Tournament"), cid("Dirigibles")]
    assert {cid("Farming"), cid("Mine")} <= set(g.discard)


def test_celestic_adds_floaters_and_scores_one_per_three() -> None:
    g = venus_game(2, ["Celestic", "R00"])
    g.players[0].card_res[cid("Celestic")] = 5
    use_action(g, 0, "Celestic")  # itself is its only floater card
    assert card_resources(g, 0, "Celestic") == 6 and card_points(g, 0) == 2


def test_manutech_gains_each_production_step_as_a_resource_too() -> None:
    g = venus_game(2, ["Manutech", "R00"])
    p = g.players[0]
    assert p.prod[STEEL] == 1  # and its starting step's steel was handed over (then cleared)
    hand(g, 0, "Sister Planet Support")
    in_play(g, 0, "Ishtar Mining", "Sponsored Academies")  # a Venus and an Earth tag
    give(g, 0, megacredits=7)
    play(g, 0, "Sister Planet Support")
    assert p.prod[MC] == 3 and p.res[MC] == 3


def test_manutech_starts_with_the_steel_of_its_steel_step() -> None:
    from olympus.engine import ChooseSetup, GameOptions

    g = Game.new(GameOptions(players=2, venus=True))
    for p in g.players:
        p.dealt_corps = [cid("Manutech")]
    refresh(g)
    for d in list(g.decisions()):
        g.apply(d.player, ChooseSetup(cid("Manutech"), ()))
    assert all(p.res[STEEL] == 1 and p.res[MC] == 35 for p in g.players)


def test_manutech_gains_nothing_for_lowered_production() -> None:
    g = venus_game(2, ["Manutech", "R00"])
    g.players[0].prod[ENERGY] = 1
    hand(g, 0, "Freyja Biodomes")
    give(g, 0, megacredits=14)
    set_venus(g, 10)
    play(g, 0, "Freyja Biodomes")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.res[ENERGY] == 0 and p.res[MC] == 2


def test_morning_star_first_action_keeps_three_venus_cards() -> None:
    g = venus_game(2, ["Morning Star Inc.", "R00"])
    top_of_deck(g, "Ishtar Mining", "Mine", "Giant Solar Shade", "Water to Venus", "Venus Soils")
    _first_action(g)
    wanted = {cid("Venus Soils"), cid("Giant Solar Shade"), cid("Ishtar Mining")}
    assert set(g.players[0].hand) == wanted
    assert {cid("Water to Venus"), cid("Mine")} <= set(g.discard)  # no Venus tag on either


def test_morning_star_loosens_venus_requirements_both_ways_and_adds_to_other_leniency() -> None:
    g = venus_game(2, ["Morning Star Inc.", "R00"])
    hand(g, 0, "Ishtar Mining", "Spin-Inducing Asteroid")  # venus>=8; venus<=10
    give(g, 0, megacredits=30)
    set_venus(g, 4)
    assert can_play(g, 0, "Ishtar Mining")  # 4% counts as 8%
    set_venus(g, 14)
    assert can_play(g, 0, "Spin-Inducing Asteroid")  # 14% counts as 10%
    set_venus(g, 16)
    assert not can_play(g, 0, "Spin-Inducing Asteroid")
    in_play(g, 0, "Adaptation Technology")
    assert can_play(g, 0, "Spin-Inducing Asteroid")  # 4 steps in all: 8%
    with patched_card("Farming", requirements=req("temperature>=0"), cost=0):
        hand(g, 0, "Farming")
        g.temperature = -10
        assert not can_play(g, 0, "Farming")  # Morning Star's own steps are Venus only


def test_viron_uses_a_used_action_again() -> None:
    g = venus_game(2, ["Viron", "R00"])
    in_play(g, 0, "Local Shading", resources=0)
    use_action(g, 0, "Local Shading")  # a floater here
    assert card_resources(g, 0, "Local Shading") == 1
    set_turn(g, 0)
    use_action(g, 0, "Viron")
    d = decision(g)
    assert isinstance(d, SelectCards) and d.cards == (cid("Local Shading"),)
    g.apply(0, ChooseCards((cid("Local Shading"),)))
    pick(g, "Spend 1 floater")
    assert card_resources(g, 0, "Local Shading") == 0 and g.players[0].prod[MC] == 1
    assert cid("Viron") in g.players[0].used


def test_viron_has_nothing_to_repeat_before_a_card_action_is_used() -> None:
    g = venus_game(2, ["Viron", "R00"])
    in_play(g, 0, "Local Shading")
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Viron")
