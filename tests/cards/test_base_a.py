"""Base game project cards 001–050."""

from __future__ import annotations

import pytest

from helpers import (
    answer,
    can_play,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.constants import CITY, OCEAN


def test_cloud_seeding_lowers_a_chosen_players_heat_production():
    g = new_game(3)
    g.oceans = 3
    set_production(g, 0, megacredits=1)
    set_production(g, 1, heat=2)
    set_production(g, 2, heat=1)
    hand(g, 0, "Cloud Seeding")
    give(g, 0, megacredits=11)
    play(g, 0, "Cloud Seeding")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, 2}
    answer(g, "player 1")
    assert g.players[1].prod[5] == 1
    assert g.players[0].prod[0] == 0 and g.players[0].prod[3] == 2


def test_cloud_seeding_needs_three_oceans_and_megacredit_production_to_lower():
    g = new_game(2)
    set_production(g, 1, heat=1)
    hand(g, 0, "Cloud Seeding")
    give(g, 0, megacredits=20)
    g.oceans = 2
    assert not can_play(g, 0, "Cloud Seeding")
    g.oceans = 3
    g._cache = None
    assert can_play(g, 0, "Cloud Seeding")
    set_production(g, 0, megacredits=-5)
    assert not can_play(g, 0, "Cloud Seeding")


def test_search_for_life_scores_three_when_it_found_life():
    g = new_game(2)
    in_play(g, 0, "Search For Life")
    give(g, 0, megacredits=1)
    g.deck.append(cid("Virus"))  # a microbe-tag card on top
    g.apply(0, UseAction(cid("Search For Life"), 0))
    assert g.players[0].card_res[cid("Search For Life")] == 1
    assert g.players[0].res[0] == 0
    assert cid("Virus") in g.discard
    assert next(s for s in g.scores() if s.seat == 0).cards == 3


def test_capital_scores_adjacent_oceans():
    g = new_game(2)
    g.oceans = 4
    set_production(g, 0, energy=2)
    hand(g, 0, "Capital")
    give(g, 0, megacredits=26)
    play(g, 0, "Capital")
    d = decision(g)
    assert d.kind == "space"
    target = 39
    assert target in d.spaces
    answer(g, f"space {target}")
    assert g.tiles[target] == CITY and g.specials[target] == cid("Capital")
    assert g.players[0].prod[0] == 5 and g.players[0].prod[4] == 0
    before = next(s for s in g.scores() if s.seat == 0).cards
    for n in g.map.space(target).neighbours[:2]:
        g.tiles[n] = OCEAN
    after = next(s for s in g.scores() if s.seat == 0).cards
    assert after - before == 2


def test_asteroid_raises_temperature_and_removes_plants_from_a_chosen_player():
    g = new_game(2)
    give(g, 1, plants=5)
    hand(g, 0, "Asteroid")
    give(g, 0, megacredits=14)
    play(g, 0, "Asteroid", None, "player 1")
    assert g.temperature == -28 and g.players[0].tr == 21
    assert g.players[0].res[2] == 2 and g.players[1].res[3] == 2


def test_asteroid_may_remove_nothing():
    g = new_game(2)
    give(g, 1, plants=5)
    hand(g, 0, "Asteroid")
    give(g, 0, megacredits=14)
    play(g, 0, "Asteroid", None, "player none")
    assert g.players[1].res[3] == 5


def test_asteroid_can_be_paid_with_titanium_but_not_steel():
    g = new_game(2)
    hand(g, 0, "Asteroid")
    give(g, 0, megacredits=5, titanium=3, steel=5)
    with pytest.raises(IllegalAction):
        g.apply(0, "play 009 s2 t3")
    g.apply(0, "play 009 t3")
    assert g.players[0].res[0] == 0 and g.players[0].res[2] == 2  # 3 spent, 2 gained


def test_comet_places_an_ocean():
    g = new_game(2)
    hand(g, 0, "Comet")
    give(g, 0, megacredits=21)
    play(g, 0, "Comet", None, "space 04")
    assert g.oceans == 1 and g.tiles[4] == OCEAN and g.players[0].tr == 22
    assert g.players[0].res[1] == 2  # the space's steel bonus


def test_water_import_from_europa_action_takes_titanium_and_scores_jovian_tags():
    g = new_game(2)
    in_play(g, 0, "Water Import From Europa")
    give(g, 0, megacredits=3, titanium=3)
    g.apply(0, "action 012 t3")
    answer(g, "space 07")
    assert g.oceans == 1 and g.players[0].res[2] == 0
    assert next(s for s in g.scores() if s.seat == 0).cards == 1


def test_noctis_city_goes_on_its_reserved_space():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Noctis City")
    give(g, 0, megacredits=18)
    play(g, 0, "Noctis City")
    assert decision(g).spaces == (31,)
    answer(g, "space 31")
    assert g.tiles[31] == CITY and g.players[0].prod[0] == 3


def test_research_outpost_needs_an_isolated_space_and_discounts_cards():
    g = new_game(2)
    hand(g, 0, "Research Outpost", "Asteroid")
    give(g, 0, megacredits=18 + 13)
    play(g, 0, "Research Outpost")
    d = decision(g)
    answer(g, f"space {d.spaces[0]}")
    set_turn(g, 0)
    play(g, 0, "Asteroid")  # nobody has plants: no target to ask for
    assert g.players[0].res[0] == 0


def test_arctic_algae_gains_plants_when_anyone_places_an_ocean():
    g = new_game(2)
    g.temperature = -12
    hand(g, 0, "Arctic Algae")
    give(g, 0, megacredits=12)
    play(g, 0, "Arctic Algae")
    assert g.players[0].res[3] == 1
    set_turn(g, 1)
    give(g, 1, megacredits=18)
    g.apply(1, "project aquifer")
    answer(g, "space 07")
    assert g.players[0].res[3] == 3


def test_optimal_aerobraking_pays_for_space_events_only():
    g = new_game(2)
    in_play(g, 0, "Optimal Aerobraking")
    hand(g, 0, "Asteroid", "Power Grid")
    give(g, 0, megacredits=14 + 18)
    play(g, 0, "Asteroid")
    assert g.players[0].res[0] == 18 + 3 and g.players[0].res[5] == 3
    set_turn(g, 0)
    play(g, 0, "Power Grid")
    assert g.players[0].res[0] == 3


def test_ghg_producing_bacteria_actions():
    g = new_game(2)
    in_play(g, 0, "GHG Producing Bacteria")
    c = cid("GHG Producing Bacteria")
    g.apply(0, UseAction(c, 0))
    assert g.players[0].card_res[c] == 1
    with pytest.raises(IllegalAction):
        g.apply(0, UseAction(c, 0))  # once per generation
    set_turn(g, 0)
    g.players[0].used.clear()
    g.players[0].card_res[c] = 2
    g._cache = None
    g.apply(0, UseAction(c, 1))
    assert g.players[0].card_res[c] == 0 and g.temperature == -28


def test_ants_take_a_microbe_from_another_players_card():
    g = new_game(2)
    in_play(g, 0, "Ants")
    in_play(g, 1, "Decomposers", resources=2)
    g.apply(0, UseAction(cid("Ants"), 0))
    answer(g, "cards 131")
    assert g.players[0].card_res[cid("Ants")] == 1
    assert g.players[1].card_res[cid("Decomposers")] == 1


def test_ants_action_needs_a_microbe_somewhere():
    g = new_game(2)
    in_play(g, 0, "Ants")
    assert cid("Ants") not in decision(g).options.actions  # type: ignore[attr-defined]
