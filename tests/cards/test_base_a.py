"""Base game project cards 001–050."""

from __future__ import annotations

import pytest
from position_helpers import game, oceans, set_player, table

from helpers import (
    answer,
    can_play,
    card_points,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    put_tile,
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.constants import CITY, OCEAN, SPECIAL


def test_cloud_seeding_lowers_a_chosen_players_heat_production():
    position = table(3)
    set_player(position, 0, production={"megacredits": 1}, hand=["Cloud Seeding"])
    set_player(position, 0, resources={"megacredits": 11})
    set_player(position, 1, production={"heat": 2})
    set_player(position, 2, production={"heat": 1})
    g = game(position, tiles=oceans(3))
    play(g, 0, "Cloud Seeding")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, 2}
    answer(g, "player 1")
    assert g.players[1].prod[5] == 1
    assert g.players[0].prod[0] == 0 and g.players[0].prod[3] == 2


def test_cloud_seeding_needs_three_oceans_and_megacredit_production_to_lower():
    position = set_player(table(), 1, production={"heat": 1})
    set_player(position, 0, hand=["Cloud Seeding"], resources={"megacredits": 20})
    assert not can_play(game(position, tiles=oceans(2)), 0, "Cloud Seeding")
    assert can_play(game(position, tiles=oceans(3)), 0, "Cloud Seeding")
    set_player(position, 0, production={"megacredits": -5})
    assert not can_play(game(position, tiles=oceans(3)), 0, "Cloud Seeding")


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
    # Its next generation's turn, with two microbes on it.
    position = set_player(table(), 0, played=["GHG Producing Bacteria"])
    set_player(position, 0, card_resources={"GHG Producing Bacteria": 2})
    g = game(position, generation=2)
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


# --- helpers local to this block's tests ----------------------------------------------------


# --- 001 Colonizer Training Camp --------------------------------------------------------------


def test_colonizer_training_camp_needs_low_oxygen_and_scores_two():
    position = set_player(
        table(), 0, hand=["Colonizer Training Camp"], resources={"megacredits": 8}
    )
    assert not can_play(game(position, oxygen=6), 0, "Colonizer Training Camp")
    g = game(position, oxygen=5)
    assert can_play(g, 0, "Colonizer Training Camp")
    play(g, 0, "Colonizer Training Camp")
    assert g.players[0].res[0] == 0
    assert card_points(g, 0) == 2


# --- 003 Deep Well Heating --------------------------------------------------------------------


def test_deep_well_heating_raises_energy_production_and_temperature():
    g = new_game(2)
    hand(g, 0, "Deep Well Heating")
    give(g, 0, megacredits=5, steel=4)
    g.apply(0, "play 003 s4")  # a building card: steel helps pay
    assert g.players[0].prod[4] == 1
    assert g.temperature == -28 and g.players[0].tr == 21
    assert g.players[0].res[0] == 0 and g.players[0].res[1] == 0


# --- 007 Martian Rails ------------------------------------------------------------------------


def test_martian_rails_pays_for_cities_on_mars_only():
    g = new_game(2)
    in_play(g, 0, "Martian Rails")
    put_tile(g, 10, CITY, 0)
    put_tile(g, 20, CITY, 1)
    put_tile(g, 50, CITY, 1)
    put_tile(g, 2, CITY, 1)  # Phobos Space Haven: off Mars, does not count
    give(g, 0, energy=1)
    g.apply(0, UseAction(cid("Martian Rails"), 0))
    assert g.players[0].res[0] == 3 and g.players[0].res[4] == 0


def test_martian_rails_needs_energy():
    g = new_game(2)
    in_play(g, 0, "Martian Rails")
    put_tile(g, 10, CITY, 0)
    assert cid("Martian Rails") not in decision(g).options.actions  # type: ignore[attr-defined]
    give(g, 0, energy=1)
    assert cid("Martian Rails") in decision(g).options.actions  # type: ignore[attr-defined]


# --- 011 Big Asteroid -------------------------------------------------------------------------


def test_big_asteroid_raises_temperature_two_steps_and_removes_plants():
    g = new_game(2)
    give(g, 1, plants=6)
    hand(g, 0, "Big Asteroid")
    give(g, 0, megacredits=27)
    play(g, 0, "Big Asteroid", None, "player 1")
    assert g.temperature == -26 and g.players[0].tr == 22
    assert g.players[0].res[2] == 4
    assert g.players[1].res[3] == 2


# --- 015 Equatorial Magnetizer ----------------------------------------------------------------


def test_equatorial_magnetizer_trades_energy_production_for_tr():
    g = new_game(2)
    in_play(g, 0, "Equatorial Magnetizer")
    c = cid("Equatorial Magnetizer")
    assert c not in decision(g).options.actions  # type: ignore[attr-defined]
    set_production(g, 0, energy=2)
    g.apply(0, UseAction(c, 0))
    assert g.players[0].prod[4] == 1 and g.players[0].tr == 21


# --- 016 Domed Crater -------------------------------------------------------------------------


def test_domed_crater_requires_oxygen_at_most_7():
    position = set_player(
        table(), 0, hand=["Domed Crater"], resources={"megacredits": 24}, production={"energy": 1}
    )
    assert not can_play(game(position, oxygen=8), 0, "Domed Crater")
    assert can_play(game(position, oxygen=7), 0, "Domed Crater")
    set_player(position, 0, production={"energy": 0})
    # The energy production to give up is missing.
    assert not can_play(game(position, oxygen=7), 0, "Domed Crater")


def test_domed_crater_places_a_city_and_gives_plants():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Domed Crater")
    give(g, 0, megacredits=24)
    play(g, 0, "Domed Crater", None, "space 10")
    assert g.tiles[10] == CITY and g.owners[10] == 0
    p = g.players[0]
    assert p.res[3] == 3 and p.prod[4] == 0 and p.prod[0] == 3
    assert card_points(g, 0) == 1


# --- 018 Methane From Titan -------------------------------------------------------------------


def test_methane_from_titan_requires_two_percent_oxygen():
    position = set_player(table(), 0, hand=["Methane From Titan"], resources={"megacredits": 28})
    assert not can_play(game(position, oxygen=1), 0, "Methane From Titan")
    assert can_play(game(position, oxygen=2), 0, "Methane From Titan")


def test_methane_from_titan_production_and_points():
    g = new_game(2)
    g.oxygen = 2
    hand(g, 0, "Methane From Titan")
    give(g, 0, megacredits=19, titanium=3)
    g.apply(0, "play 018 t3")
    assert g.players[0].prod[5] == 2 and g.players[0].prod[3] == 2
    assert g.players[0].res[0] == 0
    assert card_points(g, 0) == 2


# --- 019 Imported Hydrogen --------------------------------------------------------------------


def test_imported_hydrogen_gives_plants_when_no_card_can_take_resources():
    g = new_game(2)
    hand(g, 0, "Imported Hydrogen")
    give(g, 0, megacredits=16)
    play(g, 0, "Imported Hydrogen", None, "space 07")
    assert g.tiles[7] == OCEAN and g.oceans == 1 and g.players[0].tr == 21
    assert g.players[0].res[3] == 3
    assert decision(g).kind == "action"  # no choice was asked


def test_imported_hydrogen_may_put_animals_on_another_card():
    g = new_game(2)
    in_play(g, 0, "Decomposers", "Birds")
    hand(g, 0, "Imported Hydrogen")
    give(g, 0, megacredits=16)
    play(g, 0, "Imported Hydrogen", None, "space 07")
    d = decision(g)
    assert d.kind == "option" and d.enabled == (0, 1, 2)  # type: ignore[attr-defined]
    answer(g, "option 2")
    assert g.players[0].card_res[cid("Birds")] == 2
    assert g.players[0].card_res[cid("Decomposers")] == 0
    assert g.players[0].res[3] == 0


def test_imported_hydrogen_offers_only_alternatives_with_a_target():
    g = new_game(2)
    in_play(g, 0, "Decomposers")
    hand(g, 0, "Imported Hydrogen")
    give(g, 0, megacredits=16)
    play(g, 0, "Imported Hydrogen", None, "space 07")
    d = decision(g)
    assert d.enabled == (0, 1)  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        answer(g, "option 2")
    answer(g, "option 1")
    assert g.players[0].card_res[cid("Decomposers")] == 3


# --- 021 Phobos Space Haven -------------------------------------------------------------------


def test_phobos_space_haven_city_goes_off_mars():
    g = new_game(2)
    hand(g, 0, "Phobos Space Haven")
    give(g, 0, megacredits=25)
    play(g, 0, "Phobos Space Haven")
    d = decision(g)
    assert d.kind == "space" and d.spaces == (2,)  # type: ignore[attr-defined]
    answer(g, "space 2")
    assert g.tiles[2] == CITY and g.owners[2] == 0
    assert g.players[0].prod[2] == 1
    assert card_points(g, 0) == 3


def test_phobos_space_haven_not_playable_once_its_space_is_taken():
    g = new_game(2)
    put_tile(g, 2, CITY, 1)
    hand(g, 0, "Phobos Space Haven")
    give(g, 0, megacredits=25)
    assert not can_play(g, 0, "Phobos Space Haven")


# --- 022 Black Polar Dust ---------------------------------------------------------------------


def test_black_polar_dust_places_an_ocean_and_shifts_production():
    g = new_game(2)
    hand(g, 0, "Black Polar Dust")
    give(g, 0, megacredits=15)
    play(g, 0, "Black Polar Dust", None, "space 07")
    assert g.tiles[7] == OCEAN and g.players[0].tr == 21
    assert g.players[0].prod[0] == -2 and g.players[0].prod[5] == 3


def test_black_polar_dust_needs_room_in_megacredit_production():
    g = new_game(2)
    hand(g, 0, "Black Polar Dust")
    give(g, 0, megacredits=15)
    set_production(g, 0, megacredits=-4)
    assert not can_play(g, 0, "Black Polar Dust")
    set_production(g, 0, megacredits=-3)
    assert can_play(g, 0, "Black Polar Dust")


# --- 024 Predators ----------------------------------------------------------------------------


def test_predators_requires_eleven_percent_oxygen():
    position = set_player(table(), 0, hand=["Predators"], resources={"megacredits": 14})
    assert not can_play(game(position, oxygen=10), 0, "Predators")
    assert can_play(game(position, oxygen=11), 0, "Predators")


def test_predators_take_an_animal_and_score_it():
    g = new_game(2)
    in_play(g, 0, "Predators")
    in_play(g, 1, "Birds", resources=2)
    g.apply(0, UseAction(cid("Predators"), 0))
    answer(g, "cards 072")
    assert g.players[0].card_res[cid("Predators")] == 1
    assert g.players[1].card_res[cid("Birds")] == 1
    assert card_points(g, 0) == 1


def test_predators_cannot_take_from_pets():
    g = new_game(2)
    in_play(g, 0, "Predators")
    in_play(g, 1, "Pets", resources=3)
    assert cid("Predators") not in decision(g).options.actions  # type: ignore[attr-defined]


# --- 026 Eos Chasma National Park -------------------------------------------------------------


def test_eos_chasma_national_park_requires_minus_12_degrees():
    position = set_player(
        table(), 0, hand=["Eos Chasma National Park"], resources={"megacredits": 16}
    )
    assert not can_play(game(position, temperature=-14), 0, "Eos Chasma National Park")
    assert can_play(game(position, temperature=-12), 0, "Eos Chasma National Park")


def test_eos_chasma_national_park_feeds_an_animal_card():
    g = new_game(2)
    g.temperature = -12
    in_play(g, 0, "Birds", "Predators")
    hand(g, 0, "Eos Chasma National Park")
    give(g, 0, megacredits=16)
    play(g, 0, "Eos Chasma National Park")
    d = decision(g)
    assert d.kind == "cards" and set(d.cards) == {cid("Birds"), cid("Predators")}  # type: ignore[attr-defined]
    answer(g, "cards 024")
    p = g.players[0]
    assert p.card_res[cid("Predators")] == 1 and p.card_res[cid("Birds")] == 0
    assert p.prod[0] == 2 and p.res[3] == 3
    assert card_points(g, 0) == 1 + 1  # the park, and the animal on Predators


def test_eos_chasma_national_park_playable_without_animal_cards():
    g = new_game(2)
    g.temperature = -12
    hand(g, 0, "Eos Chasma National Park")
    give(g, 0, megacredits=16)
    play(g, 0, "Eos Chasma National Park")
    assert g.players[0].prod[0] == 2 and g.players[0].res[3] == 3


# --- 029 Cupola City --------------------------------------------------------------------------


def test_cupola_city_requires_oxygen_at_most_9_and_energy_production():
    position = set_player(
        table(), 0, hand=["Cupola City"], resources={"megacredits": 16}, production={"energy": 1}
    )
    assert not can_play(game(position, oxygen=10), 0, "Cupola City")
    assert can_play(game(position, oxygen=9), 0, "Cupola City")
    set_player(position, 0, production={"energy": 0})
    assert not can_play(game(position, oxygen=9), 0, "Cupola City")


def test_cupola_city_places_a_city():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Cupola City")
    give(g, 0, megacredits=16)
    play(g, 0, "Cupola City", None, "space 10")
    assert g.tiles[10] == CITY and g.owners[10] == 0
    assert g.players[0].prod[4] == 0 and g.players[0].prod[0] == 3


# --- 030 Lunar Beam ---------------------------------------------------------------------------


def test_lunar_beam_production():
    g = new_game(2)
    hand(g, 0, "Lunar Beam")
    give(g, 0, megacredits=13)
    play(g, 0, "Lunar Beam")
    p = g.players[0]
    assert p.prod[0] == -2 and p.prod[5] == 2 and p.prod[4] == 2


def test_lunar_beam_needs_room_in_megacredit_production():
    g = new_game(2)
    hand(g, 0, "Lunar Beam")
    give(g, 0, megacredits=13)
    set_production(g, 0, megacredits=-4)
    assert not can_play(g, 0, "Lunar Beam")


# --- 032 Underground City ---------------------------------------------------------------------


def test_underground_city_turns_energy_into_steel_production():
    g = new_game(2)
    hand(g, 0, "Underground City")
    give(g, 0, megacredits=18)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Underground City")
    set_production(g, 0, energy=2)
    play(g, 0, "Underground City", None, "space 10")
    assert g.tiles[10] == CITY
    assert g.players[0].prod[4] == 0 and g.players[0].prod[1] == 2


# --- 033 Regolith Eaters ----------------------------------------------------------------------


def test_regolith_eaters_actions():
    g = new_game(2)
    in_play(g, 0, "Regolith Eaters")
    c = cid("Regolith Eaters")
    assert decision(g).options.actions[c].keys() == {0}  # type: ignore[attr-defined]
    g.apply(0, UseAction(c, 0))
    assert g.players[0].card_res[c] == 1
    # Its next generation's turn, with two microbes on it.
    position = set_player(table(), 0, played=["Regolith Eaters"])
    g = game(set_player(position, 0, card_resources={"Regolith Eaters": 2}), generation=2)
    g.apply(0, UseAction(c, 1))
    assert g.players[0].card_res[c] == 0
    assert g.oxygen == 1 and g.players[0].tr == 21


# --- 036 Release of Inert Gases ---------------------------------------------------------------


def test_release_of_inert_gases_raises_tr_two_steps():
    g = new_game(2)
    hand(g, 0, "Release of Inert Gases")
    give(g, 0, megacredits=14)
    play(g, 0, "Release of Inert Gases")
    assert g.players[0].tr == 22
    assert g.temperature == -30 and g.oxygen == 0


# --- 037 Nitrogen-Rich Asteroid ---------------------------------------------------------------


def test_nitrogen_rich_asteroid_with_few_plant_tags():
    g = new_game(2)
    in_play(g, 0, "Algae", "Adapted Lichen")
    hand(g, 0, "Nitrogen-Rich Asteroid")
    give(g, 0, megacredits=31)
    play(g, 0, "Nitrogen-Rich Asteroid")
    assert g.players[0].tr == 23 and g.temperature == -28
    assert g.players[0].prod[3] == 1


def test_nitrogen_rich_asteroid_with_three_plant_tags():
    g = new_game(2)
    in_play(g, 0, "Algae", "Adapted Lichen", "Arctic Algae")
    hand(g, 0, "Nitrogen-Rich Asteroid")
    give(g, 0, megacredits=31)
    play(g, 0, "Nitrogen-Rich Asteroid")
    assert g.players[0].prod[3] == 4


# --- 038 Rover Construction -------------------------------------------------------------------


def test_rover_construction_pays_for_any_city():
    g = new_game(2)
    hand(g, 0, "Rover Construction")
    give(g, 0, megacredits=8)
    play(g, 0, "Rover Construction")
    assert card_points(g, 0) == 1
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    answer(g, "space 10")
    assert g.players[0].res[0] == 2
    set_turn(g, 1)
    hand(g, 1, "Phobos Space Haven")
    give(g, 1, megacredits=25)
    play(g, 1, "Phobos Space Haven", None, "space 2")  # off Mars counts too
    assert g.players[0].res[0] == 4
    set_turn(g, 0)
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 50")
    assert g.players[0].res[0] == 4 + 2  # its owner's own cities too


def test_rover_construction_ignores_other_tiles():
    g = new_game(2)
    in_play(g, 0, "Rover Construction")
    set_turn(g, 1)
    give(g, 1, megacredits=18)
    g.apply(1, "project aquifer")
    answer(g, "space 07")
    assert g.players[0].res[0] == 0


# --- 039 Deimos Down --------------------------------------------------------------------------


def test_deimos_down_raises_temperature_three_steps():
    g = new_game(2)
    give(g, 1, plants=10)
    hand(g, 0, "Deimos Down")
    give(g, 0, megacredits=31)
    play(g, 0, "Deimos Down", None, "player 1")
    assert g.temperature == -24 and g.players[0].tr == 23
    assert g.players[0].prod[5] == 1  # the heat production bonus at -24
    assert g.players[0].res[1] == 4
    assert g.players[1].res[3] == 2


# --- 040 Asteroid Mining ----------------------------------------------------------------------


def test_asteroid_mining_titanium_production_and_points():
    g = new_game(2)
    hand(g, 0, "Asteroid Mining")
    give(g, 0, megacredits=30)
    play(g, 0, "Asteroid Mining")
    assert g.players[0].prod[2] == 2
    assert card_points(g, 0) == 2


# --- 041 Food Factory -------------------------------------------------------------------------


def test_food_factory_needs_plant_production():
    g = new_game(2)
    hand(g, 0, "Food Factory")
    give(g, 0, megacredits=12)
    assert not can_play(g, 0, "Food Factory")
    set_production(g, 0, plants=1)
    play(g, 0, "Food Factory")
    assert g.players[0].prod[3] == 0 and g.players[0].prod[0] == 4
    assert card_points(g, 0) == 1


# --- 042 ArchaeBacteria -----------------------------------------------------------------------


def test_archaebacteria_requires_cold():
    position = set_player(table(), 0, hand=["ArchaeBacteria"], resources={"megacredits": 6})
    assert not can_play(game(position, temperature=-16), 0, "ArchaeBacteria")
    g = game(position, temperature=-18)
    play(g, 0, "ArchaeBacteria")
    assert g.players[0].prod[3] == 1


# --- 043 Carbonate Processing -----------------------------------------------------------------


def test_carbonate_processing_turns_energy_into_heat_production():
    g = new_game(2)
    hand(g, 0, "Carbonate Processing")
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Carbonate Processing")
    set_production(g, 0, energy=1)
    play(g, 0, "Carbonate Processing")
    assert g.players[0].prod[4] == 0 and g.players[0].prod[5] == 3


# --- 044 Natural Preserve ---------------------------------------------------------------------


def test_natural_preserve_requires_oxygen_at_most_4():
    position = set_player(table(), 0, hand=["Natural Preserve"], resources={"megacredits": 9})
    assert not can_play(game(position, oxygen=5), 0, "Natural Preserve")
    assert can_play(game(position, oxygen=4), 0, "Natural Preserve")


def test_natural_preserve_tile_goes_next_to_no_tile():
    g = new_game(2)
    put_tile(g, 10, CITY, 1)
    hand(g, 0, "Natural Preserve")
    give(g, 0, megacredits=9)
    play(g, 0, "Natural Preserve")
    d = decision(g)
    assert d.kind == "space"
    assert 10 not in d.spaces and 9 not in d.spaces and 16 not in d.spaces  # type: ignore[attr-defined]
    assert 50 in d.spaces  # type: ignore[attr-defined]
    answer(g, "space 50")
    assert g.tiles[50] == SPECIAL and g.specials[50] == cid("Natural Preserve")
    assert g.owners[50] == 0
    assert g.players[0].prod[0] == 1
    assert card_points(g, 0) == 1


# --- 045 Nuclear Power ------------------------------------------------------------------------


def test_nuclear_power_production():
    g = new_game(2)
    hand(g, 0, "Nuclear Power")
    give(g, 0, megacredits=10)
    play(g, 0, "Nuclear Power")
    assert g.players[0].prod[0] == -2 and g.players[0].prod[4] == 3


def test_nuclear_power_needs_room_in_megacredit_production():
    g = new_game(2)
    hand(g, 0, "Nuclear Power")
    give(g, 0, megacredits=10)
    set_production(g, 0, megacredits=-4)
    assert not can_play(g, 0, "Nuclear Power")


# --- 047 Algae --------------------------------------------------------------------------------


def test_algae_requires_five_oceans():
    position = set_player(table(), 0, hand=["Algae"], resources={"megacredits": 10})
    assert not can_play(game(position, tiles=oceans(4)), 0, "Algae")
    g = game(position, tiles=oceans(5))
    play(g, 0, "Algae")
    assert g.players[0].prod[3] == 2 and g.players[0].res[3] == 1


# --- 048 Adapted Lichen -----------------------------------------------------------------------


def test_adapted_lichen_plant_production():
    g = new_game(2)
    hand(g, 0, "Adapted Lichen")
    give(g, 0, megacredits=9)
    play(g, 0, "Adapted Lichen")
    assert g.players[0].prod[3] == 1 and g.players[0].res[0] == 0
