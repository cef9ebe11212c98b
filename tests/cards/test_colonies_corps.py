"""The Colonies expansion's 5 corporations: Aridor, Arklight, Polyphemos, Poseidon and
Stormcraft Incorporated."""

from __future__ import annotations

import pytest

from colony_helpers import colony_game, labels, pick, tile
from helpers import card_points, cid, decision, give, hand, in_play, play, refresh, set_parameters
from olympus.engine import (
    ChooseAmount,
    ChooseCards,
    ChooseSetup,
    ConvertHeat,
    Game,
    GameOptions,
    IllegalAction,
    UseAction,
)
from olympus.engine.decisions import SelectAmount, SelectCards

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _corp_game(corp: str, *tiles: str) -> Game:
    return colony_game(2, *tiles, corporations=[corp, "R00"])


def _first_action(g: Game) -> None:
    g.players[0].first_action = True
    refresh(g)
    g.apply(0, UseAction(g.players[0].corp, 0))


# --- Aridor -----------------------------------------------------------------------------------


def test_aridor_brings_an_unused_tile_into_play_first() -> None:
    g = _corp_game("Aridor", "Luna", "Ceres")
    assert g.colonies is not None
    g.colonies.unused = ["Io", "Titan"]
    _first_action(g)
    assert labels(g) == ["Io", "Titan"]
    pick(g, "Io")
    assert [t.name for t in g.colonies.tiles] == ["Ceres", "Io", "Luna"]
    assert g.colonies.unused == ["Titan"] and tile(g, "Io").active


def test_aridor_raises_mc_production_for_each_new_tag_type() -> None:
    g = _corp_game("Aridor")
    in_play(g, 0, "Cryo-Sleep")  # science already in play
    hand(g, 0, "Research Colony", "Ecology Research")
    give(g, 0, megacredits=41)
    play(g, 0, "Research Colony")  # space is new, science is not
    pick(g, "Ceres")
    assert g.players[0].prod[MC] == 1
    play(g, 0, "Ecology Research")  # plant, animal, microbe new
    assert g.players[0].prod[MC] == 1 + 3


def test_aridor_ignores_events_and_wild_tags() -> None:
    g = _corp_game("Aridor")
    hand(g, 0, "Interplanetary Colony Ship", "Research Coordination")
    give(g, 0, megacredits=16)
    play(g, 0, "Interplanetary Colony Ship")  # an event: its tags leave no type in play
    pick(g, "Luna")
    assert g.players[0].prod[MC] == 2  # Luna's placement bonus only
    play(g, 0, "Research Coordination")  # a wild tag is no type
    assert g.players[0].prod[MC] == 2


# --- Arklight ---------------------------------------------------------------------------------


def test_arklight_starts_with_production_and_its_own_animal() -> None:
    g = _corp_game("Arklight")
    p = g.players[0]
    assert p.prod[MC] == 2 and p.card_res[cid("Arklight")] == 1


def test_arklight_adds_an_animal_per_plant_or_animal_tag_and_scores_pairs() -> None:
    g = _corp_game("Arklight")
    hand(g, 0, "Ecology Research")
    give(g, 0, megacredits=21)
    play(g, 0, "Ecology Research")  # a plant and an animal tag
    if isinstance(decision(g), SelectCards):  # its own animal: Arklight or nowhere else
        g.apply(0, ChooseCards((cid("Arklight"),)))
    assert g.players[0].card_res[cid("Arklight")] == 1 + 2 + 1
    assert card_points(g, 0) == 2 + 1


# --- Polyphemos -------------------------------------------------------------------------------


def test_polyphemos_pays_five_per_card_from_the_opening_hand_on() -> None:
    g = Game.new(GameOptions(players=2, seed=4, colonies=True))
    for d in list(g.decisions()):
        if d.kind == "setup":
            p = g.players[d.player]
            p.dealt_corps = [cid("Polyphemos"), p.dealt_corps[1]]
    refresh(g)
    d0 = g.decision_for(0)
    assert d0.corporations[cid("Polyphemos")] == 10  # type: ignore[attr-defined]
    p = g.players[0]
    g.apply(0, ChooseSetup(cid("Polyphemos"), tuple(p.dealt[:3])))
    other = g.players[1]
    g.apply(1, ChooseSetup(other.dealt_corps[0], ()))
    assert p.res[MC] == 50 - 3 * 5 and p.res[TITANIUM] == 5 and p.prod[MC] == 5


def test_polyphemos_pays_five_per_research_card() -> None:
    g = _corp_game("Polyphemos")
    p = g.players[0]
    give(g, 0, megacredits=12)
    p.dealt = list(g.deck[-4:])
    del g.deck[-4:]
    g.stack = [("research", -1, 0, (0,))]
    refresh(g)
    d = g.decision_for(0)
    assert d.maximum == 2 and d.cost_each == 5  # type: ignore[attr-defined]
    g.apply(0, ChooseCards(tuple(p.dealt[:2])))
    assert p.res[MC] == 2 and len(p.hand) == 2


# --- Poseidon ---------------------------------------------------------------------------------


def test_poseidon_first_action_builds_a_colony_and_gains_production() -> None:
    g = _corp_game("Poseidon", "Luna", "Ceres")
    _first_action(g)
    pick(g, "Ceres")
    p = g.players[0]
    assert tile(g, "Ceres").colonies == [0] and p.prod[STEEL] == 1 and p.prod[MC] == 1


def test_poseidon_gains_production_when_another_player_builds() -> None:
    g = _corp_game("Poseidon", "Luna")
    hand(g, 1, "Interplanetary Colony Ship")
    give(g, 1, megacredits=12)
    g.apply(0, "pass")
    play(g, 1, "Interplanetary Colony Ship")
    assert g.players[0].prod[MC] == 1 and g.players[1].prod[MC] == 2


# --- Stormcraft Incorporated ------------------------------------------------------------------


def test_stormcraft_adds_floaters_to_any_of_its_cards() -> None:
    g = _corp_game("Stormcraft Incorporated")
    in_play(g, 0, "Titan Shuttles")
    _first = cid("Stormcraft Incorporated")
    g.apply(0, UseAction(_first, 0))
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {_first, cid("Titan Shuttles")}
    g.apply(0, ChooseCards((_first,)))
    assert g.players[0].card_res[_first] == 1


def test_stormcraft_floaters_count_as_two_heat_for_a_temperature_step() -> None:
    g = _corp_game("Stormcraft Incorporated")
    corp = cid("Stormcraft Incorporated")
    give(g, 0, heat=3)
    g.players[0].card_res[corp] = 2
    refresh(g)
    with pytest.raises(IllegalAction):
        g.apply(0, ConvertHeat())  # 3 + 2 × 2 = 7 heat: one short
    g.players[0].card_res[corp] = 3
    refresh(g)
    g.apply(0, ConvertHeat())  # all 3 floaters are needed: no question
    p = g.players[0]
    assert g.temperature == -28 and p.card_res[corp] == 0 and p.res[HEAT] == 1


def test_stormcraft_owner_chooses_how_many_floaters_to_spend() -> None:
    g = _corp_game("Stormcraft Incorporated")
    corp = cid("Stormcraft Incorporated")
    give(g, 0, heat=6)
    g.players[0].card_res[corp] = 5
    refresh(g)
    g.apply(0, ConvertHeat())
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (1, 4)
    g.apply(0, ChooseAmount(2))
    p = g.players[0]
    assert p.card_res[corp] == 3 and p.res[HEAT] == 2 and g.temperature == -28


def test_stormcraft_floaters_pay_heat_that_cards_spend() -> None:
    g = _corp_game("Stormcraft Incorporated")
    corp = cid("Stormcraft Incorporated")
    in_play(g, 0, "Caretaker Contract")  # action: spend 8 heat for 1 TR
    g.players[0].card_res[corp] = 4
    set_parameters(g, temperature=0)
    g.apply(0, UseAction(cid("Caretaker Contract"), 0))
    assert g.players[0].card_res[corp] == 0 and g.players[0].tr == 21
