"""Base game project cards 161–208."""

from __future__ import annotations

import pytest

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
    refresh,
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.board import GANYMEDE_COLONY_SPACE
from olympus.engine.constants import (
    CITY,
    ENERGY,
    GREENERY,
    HEAT,
    MC,
    OCEAN,
    PLANTS,
    STEEL,
    TITANIUM,
)

# --- 161 Convoy From Europa -------------------------------------------------------------------


def test_convoy_from_europa_places_an_ocean_and_draws_a_card():
    g = new_game(2)
    hand(g, 0, "Convoy From Europa")
    give(g, 0, megacredits=15)
    play(g, 0, "Convoy From Europa", None, "space 07")
    p = g.players[0]
    assert g.tiles[7] == OCEAN and g.oceans == 1 and p.tr == 21
    assert len(p.hand) == 1 and p.res[MC] == 0


# --- 162 Imported GHG -------------------------------------------------------------------------


def test_imported_ghg_raises_heat_production_and_gives_heat():
    g = new_game(2)
    hand(g, 0, "Imported GHG")
    give(g, 0, megacredits=1, titanium=2)
    g.apply(0, "play 162 t2")
    p = g.players[0]
    assert p.prod[HEAT] == 1 and p.res[HEAT] == 3
    assert p.res[MC] == 0 and p.res[TITANIUM] == 0


# --- 163 Imported Nitrogen --------------------------------------------------------------------


def test_imported_nitrogen_raises_tr_gives_plants_and_feeds_other_cards():
    g = new_game(2)
    in_play(g, 0, "Ants", "Pets")
    hand(g, 0, "Imported Nitrogen")
    give(g, 0, megacredits=23)
    play(g, 0, "Imported Nitrogen")
    p = g.players[0]
    assert p.tr == 21 and p.res[PLANTS] == 4
    assert p.card_res[cid("Ants")] == 3 and p.card_res[cid("Pets")] == 2


def test_imported_nitrogen_lets_the_player_pick_the_animal_card():
    g = new_game(2)
    in_play(g, 0, "Pets", "Livestock")
    hand(g, 0, "Imported Nitrogen")
    give(g, 0, megacredits=23)
    play(g, 0, "Imported Nitrogen")
    d = decision(g)
    assert d.kind == "cards" and set(d.cards) == {cid("Pets"), cid("Livestock")}
    answer(g, "cards 184")
    assert g.players[0].card_res[cid("Livestock")] == 2
    assert g.players[0].card_res[cid("Pets")] == 0


def test_imported_nitrogen_is_playable_without_resource_cards():
    g = new_game(2)
    hand(g, 0, "Imported Nitrogen")
    give(g, 0, megacredits=23)
    play(g, 0, "Imported Nitrogen")
    assert g.players[0].tr == 21 and g.players[0].res[PLANTS] == 4


# --- 164 Micro-Mills --------------------------------------------------------------------------


def test_micro_mills_raises_heat_production():
    g = new_game(2)
    hand(g, 0, "Micro-Mills")
    give(g, 0, megacredits=3)
    play(g, 0, "Micro-Mills")
    assert g.players[0].prod[HEAT] == 1 and g.players[0].res[MC] == 0


# --- 165 Magnetic Field Generators ------------------------------------------------------------


def test_magnetic_field_generators_trades_energy_for_plants_and_tr():
    g = new_game(2)
    hand(g, 0, "Magnetic Field Generators")
    give(g, 0, megacredits=20)
    set_production(g, 0, energy=3)
    assert not can_play(g, 0, "Magnetic Field Generators")
    set_production(g, 0, energy=4)
    assert can_play(g, 0, "Magnetic Field Generators")
    play(g, 0, "Magnetic Field Generators")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[PLANTS] == 2 and p.tr == 23


# --- 166 Shuttles -----------------------------------------------------------------------------


def test_shuttles_needs_oxygen_and_energy_production():
    g = new_game(2)
    hand(g, 0, "Shuttles")
    give(g, 0, megacredits=10)
    set_production(g, 0, energy=1)
    g.oxygen = 4
    refresh(g)
    assert not can_play(g, 0, "Shuttles")
    g.oxygen = 5
    refresh(g)
    assert can_play(g, 0, "Shuttles")
    set_production(g, 0, energy=0)
    assert not can_play(g, 0, "Shuttles")


def test_shuttles_changes_production_scores_and_discounts_space_cards():
    g = new_game(2)
    g.oxygen = 5
    set_production(g, 0, energy=1)
    hand(g, 0, "Shuttles", "Convoy From Europa", "Micro-Mills")
    give(g, 0, megacredits=10 + 13 + 3)
    play(g, 0, "Shuttles")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 2
    assert card_points(g, 0) == 1
    play(g, 0, "Convoy From Europa", None, "space 07")  # 15 - 2
    assert p.res[MC] == 3
    set_turn(g, 0)
    play(g, 0, "Micro-Mills")  # no space tag: full price
    assert p.res[MC] == 0


# --- 167 Import of Advanced GHG ---------------------------------------------------------------


def test_import_of_advanced_ghg_raises_heat_production_by_two():
    g = new_game(2)
    hand(g, 0, "Import of Advanced GHG")
    give(g, 0, megacredits=9)
    play(g, 0, "Import of Advanced GHG")
    assert g.players[0].prod[HEAT] == 2 and g.players[0].res[MC] == 0


# --- 168 Windmills ----------------------------------------------------------------------------


def test_windmills_needs_seven_percent_oxygen():
    g = new_game(2)
    hand(g, 0, "Windmills")
    give(g, 0, megacredits=6)
    g.oxygen = 6
    refresh(g)
    assert not can_play(g, 0, "Windmills")
    g.oxygen = 7
    refresh(g)
    assert can_play(g, 0, "Windmills")


def test_windmills_raises_energy_production_and_scores():
    g = new_game(2)
    g.oxygen = 7
    hand(g, 0, "Windmills")
    give(g, 0, megacredits=2, steel=2)
    g.apply(0, "play 168 s2")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].res[STEEL] == 0
    assert card_points(g, 0) == 1


# --- 169 Tundra Farming -----------------------------------------------------------------------


def test_tundra_farming_needs_minus_six_degrees():
    g = new_game(2)
    hand(g, 0, "Tundra Farming")
    give(g, 0, megacredits=16)
    g.temperature = -8
    refresh(g)
    assert not can_play(g, 0, "Tundra Farming")
    g.temperature = -6
    refresh(g)
    assert can_play(g, 0, "Tundra Farming")


def test_tundra_farming_gives_production_a_plant_and_two_points():
    g = new_game(2)
    g.temperature = -6
    hand(g, 0, "Tundra Farming")
    give(g, 0, megacredits=16)
    play(g, 0, "Tundra Farming")
    p = g.players[0]
    assert p.prod[PLANTS] == 1 and p.prod[MC] == 2 and p.res[PLANTS] == 1
    assert card_points(g, 0) == 2


# --- 170 Aerobraked Ammonia Asteroid ----------------------------------------------------------


def test_aerobraked_ammonia_asteroid_raises_production_and_adds_microbes_to_a_chosen_card():
    g = new_game(2)
    in_play(g, 0, "Ants", "Decomposers")
    hand(g, 0, "Aerobraked Ammonia Asteroid")
    give(g, 0, megacredits=26)
    play(g, 0, "Aerobraked Ammonia Asteroid")
    d = decision(g)
    assert d.kind == "cards" and set(d.cards) == {cid("Ants"), cid("Decomposers")}
    answer(g, "cards 131")
    p = g.players[0]
    assert p.prod[HEAT] == 3 and p.prod[PLANTS] == 1
    assert p.card_res[cid("Decomposers")] == 2 and p.card_res[cid("Ants")] == 0


def test_aerobraked_ammonia_asteroid_is_playable_without_a_microbe_card():
    g = new_game(2)
    hand(g, 0, "Aerobraked Ammonia Asteroid")
    give(g, 0, megacredits=26)
    play(g, 0, "Aerobraked Ammonia Asteroid")
    assert g.players[0].prod[HEAT] == 3 and g.players[0].prod[PLANTS] == 1


# --- 171 Magnetic Field Dome ------------------------------------------------------------------


def test_magnetic_field_dome_trades_two_energy_production():
    g = new_game(2)
    hand(g, 0, "Magnetic Field Dome")
    give(g, 0, megacredits=5)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Magnetic Field Dome")
    set_production(g, 0, energy=2)
    play(g, 0, "Magnetic Field Dome")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[PLANTS] == 1 and p.tr == 21


# --- 172 Pets ---------------------------------------------------------------------------------


def test_pets_gain_an_animal_for_every_city_anyone_places():
    g = new_game(2)
    hand(g, 0, "Pets")
    give(g, 0, megacredits=10)
    play(g, 0, "Pets")
    pets = cid("Pets")
    assert g.players[0].card_res[pets] == 1
    assert card_points(g, 0) == 0
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    answer(g, "space 05")
    assert g.players[0].card_res[pets] == 2
    assert card_points(g, 0) == 1


def test_pets_animals_cannot_be_taken():
    g = new_game(2)
    in_play(g, 0, "Pets", resources=3)
    in_play(g, 1, "Predators")
    set_turn(g, 1)
    assert cid("Predators") not in decision(g).options.actions  # type: ignore[attr-defined]


# --- 174 Protected Valley ---------------------------------------------------------------------


def test_protected_valley_puts_a_greenery_on_an_ocean_space():
    g = new_game(2)
    hand(g, 0, "Protected Valley")
    give(g, 0, megacredits=23)
    play(g, 0, "Protected Valley")
    d = decision(g)
    assert d.kind == "space" and 7 in d.spaces and 5 not in d.spaces
    answer(g, "space 07")
    p = g.players[0]
    assert g.tiles[7] == GREENERY and g.owners[7] == 0 and g.oceans == 0
    assert g.oxygen == 1 and p.tr == 21 and p.prod[MC] == 2


# --- 176 Noctis Farming -----------------------------------------------------------------------


def test_noctis_farming_needs_minus_twenty_degrees():
    g = new_game(2)
    hand(g, 0, "Noctis Farming")
    give(g, 0, megacredits=10)
    g.temperature = -22
    refresh(g)
    assert not can_play(g, 0, "Noctis Farming")
    g.temperature = -20
    refresh(g)
    assert can_play(g, 0, "Noctis Farming")


def test_noctis_farming_gives_production_plants_and_a_point():
    g = new_game(2)
    g.temperature = -20
    hand(g, 0, "Noctis Farming")
    give(g, 0, megacredits=6, steel=2)
    g.apply(0, "play 176 s2")
    p = g.players[0]
    assert p.prod[MC] == 1 and p.res[PLANTS] == 2 and p.res[MC] == 0
    assert card_points(g, 0) == 1


# --- 177 Water Splitting Plant ----------------------------------------------------------------


def test_water_splitting_plant_needs_two_oceans():
    g = new_game(2)
    hand(g, 0, "Water Splitting Plant")
    give(g, 0, megacredits=12)
    g.oceans = 1
    refresh(g)
    assert not can_play(g, 0, "Water Splitting Plant")
    g.oceans = 2
    refresh(g)
    assert can_play(g, 0, "Water Splitting Plant")


def test_water_splitting_plant_turns_three_energy_into_oxygen():
    g = new_game(2)
    in_play(g, 0, "Water Splitting Plant")
    give(g, 0, energy=2)
    assert cid("Water Splitting Plant") not in decision(g).options.actions  # type: ignore[attr-defined]
    give(g, 0, energy=1)
    g.apply(0, UseAction(cid("Water Splitting Plant"), 0))
    p = g.players[0]
    assert g.oxygen == 1 and p.tr == 21 and p.res[ENERGY] == 0


# --- 178 Heat Trappers ------------------------------------------------------------------------


def test_heat_trappers_lowers_the_only_target_and_costs_a_point():
    g = new_game(2)
    set_production(g, 1, heat=3)
    hand(g, 0, "Heat Trappers")
    give(g, 0, megacredits=6)
    play(g, 0, "Heat Trappers")
    assert g.players[1].prod[HEAT] == 1 and g.players[0].prod[ENERGY] == 1
    assert card_points(g, 0) == -1


def test_heat_trappers_asks_which_player_loses_heat_production():
    g = new_game(3)
    set_production(g, 1, heat=2)
    set_production(g, 2, heat=4)
    hand(g, 0, "Heat Trappers")
    give(g, 0, megacredits=6)
    play(g, 0, "Heat Trappers")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, 2}
    answer(g, "player 2")
    assert g.players[2].prod[HEAT] == 2 and g.players[1].prod[HEAT] == 2


def test_heat_trappers_needs_somebody_with_two_heat_production():
    g = new_game(2)
    set_production(g, 1, heat=1)
    hand(g, 0, "Heat Trappers")
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Heat Trappers")
    set_production(g, 1, heat=2)
    assert can_play(g, 0, "Heat Trappers")


# --- 179 Soil Factory -------------------------------------------------------------------------


def test_soil_factory_trades_energy_for_plant_production():
    g = new_game(2)
    hand(g, 0, "Soil Factory")
    give(g, 0, megacredits=9)
    assert not can_play(g, 0, "Soil Factory")
    set_production(g, 0, energy=1)
    play(g, 0, "Soil Factory")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[PLANTS] == 1
    assert card_points(g, 0) == 1


# --- 181 Ice Cap Melting ----------------------------------------------------------------------


def test_ice_cap_melting_needs_plus_two_degrees_and_places_an_ocean():
    g = new_game(2)
    hand(g, 0, "Ice Cap Melting")
    give(g, 0, megacredits=5)
    g.temperature = 0
    refresh(g)
    assert not can_play(g, 0, "Ice Cap Melting")
    g.temperature = 2
    refresh(g)
    play(g, 0, "Ice Cap Melting", None, "space 07")
    assert g.tiles[7] == OCEAN and g.oceans == 1 and g.players[0].tr == 21


# --- 183 Biomass Combustors -------------------------------------------------------------------


def test_biomass_combustors_needs_six_percent_oxygen_and_a_plant_producer():
    g = new_game(2)
    hand(g, 0, "Biomass Combustors")
    give(g, 0, megacredits=4)
    set_production(g, 1, plants=1)
    g.oxygen = 5
    refresh(g)
    assert not can_play(g, 0, "Biomass Combustors")
    g.oxygen = 6
    refresh(g)
    assert can_play(g, 0, "Biomass Combustors")
    set_production(g, 1, plants=0)
    assert not can_play(g, 0, "Biomass Combustors")


def test_biomass_combustors_lowers_plant_production_and_raises_energy():
    g = new_game(2)
    g.oxygen = 6
    set_production(g, 1, plants=2)
    hand(g, 0, "Biomass Combustors")
    give(g, 0, megacredits=4)
    play(g, 0, "Biomass Combustors")
    assert g.players[1].prod[PLANTS] == 1 and g.players[0].prod[ENERGY] == 2
    assert card_points(g, 0) == -1


# --- 184 Livestock ----------------------------------------------------------------------------


def test_livestock_needs_nine_percent_oxygen_and_plant_production():
    g = new_game(2)
    hand(g, 0, "Livestock")
    give(g, 0, megacredits=13)
    set_production(g, 0, plants=1)
    g.oxygen = 8
    refresh(g)
    assert not can_play(g, 0, "Livestock")
    g.oxygen = 9
    refresh(g)
    assert can_play(g, 0, "Livestock")
    set_production(g, 0, plants=0)
    assert not can_play(g, 0, "Livestock")


def test_livestock_changes_production_and_scores_its_animals():
    g = new_game(2)
    g.oxygen = 9
    set_production(g, 0, plants=1)
    hand(g, 0, "Livestock")
    give(g, 0, megacredits=13)
    play(g, 0, "Livestock")
    p = g.players[0]
    assert p.prod[PLANTS] == 0 and p.prod[MC] == 2
    livestock = cid("Livestock")
    g.apply(0, UseAction(livestock, 0))
    assert p.card_res[livestock] == 1 and card_points(g, 0) == 1
    set_turn(g, 0)
    with pytest.raises(IllegalAction):
        g.apply(0, UseAction(livestock, 0))  # once per generation


# --- 187 Aquifer Pumping ----------------------------------------------------------------------


def test_aquifer_pumping_action_places_an_ocean_paid_partly_with_steel():
    g = new_game(2)
    in_play(g, 0, "Aquifer Pumping")
    give(g, 0, megacredits=4, steel=2)
    g.apply(0, "action 187 s2")
    answer(g, "space 07")
    p = g.players[0]
    assert g.tiles[7] == OCEAN and g.oceans == 1 and p.tr == 21
    assert p.res[MC] == 0 and p.res[STEEL] == 0


def test_aquifer_pumping_action_needs_eight_megacredits_worth():
    g = new_game(2)
    in_play(g, 0, "Aquifer Pumping")
    give(g, 0, megacredits=7)
    assert cid("Aquifer Pumping") not in decision(g).options.actions  # type: ignore[attr-defined]


# --- 188 Flooding -----------------------------------------------------------------------------


def test_flooding_makes_an_adjacent_tile_owner_lose_four_megacredits():
    g = new_game(2)
    put_tile(g, 12, CITY, 1)  # next to ocean space 7
    give(g, 1, megacredits=10)
    hand(g, 0, "Flooding")
    give(g, 0, megacredits=7)
    play(g, 0, "Flooding", None, "space 07")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, None}
    answer(g, "player 1")
    assert g.players[1].res[MC] == 6
    assert g.oceans == 1 and g.players[0].tr == 21
    assert card_points(g, 0) == -1


def test_flooding_may_spare_the_neighbour():
    g = new_game(2)
    put_tile(g, 12, CITY, 1)
    give(g, 1, megacredits=10)
    hand(g, 0, "Flooding")
    give(g, 0, megacredits=7)
    play(g, 0, "Flooding", None, "space 07", "player none")
    assert g.players[1].res[MC] == 10


# --- 189 Energy Saving ------------------------------------------------------------------------


def test_energy_saving_counts_every_city_in_play():
    g = new_game(2)
    put_tile(g, 5, CITY, 0)
    put_tile(g, 20, CITY, 1)
    put_tile(g, GANYMEDE_COLONY_SPACE, CITY, 1)
    hand(g, 0, "Energy Saving")
    give(g, 0, megacredits=15)
    play(g, 0, "Energy Saving")
    assert g.players[0].prod[ENERGY] == 3


# --- 190 Local Heat Trapping ------------------------------------------------------------------


def test_local_heat_trapping_needs_five_heat():
    g = new_game(2)
    hand(g, 0, "Local Heat Trapping")
    give(g, 0, megacredits=1, heat=4)
    assert not can_play(g, 0, "Local Heat Trapping")
    give(g, 0, heat=1)
    assert can_play(g, 0, "Local Heat Trapping")


def test_local_heat_trapping_gives_plants_when_no_animal_card():
    g = new_game(2)
    hand(g, 0, "Local Heat Trapping")
    give(g, 0, megacredits=1, heat=5)
    play(g, 0, "Local Heat Trapping")
    p = g.players[0]
    assert p.res[HEAT] == 0 and p.res[PLANTS] == 4


def test_local_heat_trapping_may_feed_an_animal_card():
    g = new_game(2)
    in_play(g, 0, "Pets")
    hand(g, 0, "Local Heat Trapping")
    give(g, 0, megacredits=1, heat=5)
    play(g, 0, "Local Heat Trapping")
    d = decision(g)
    assert d.kind == "option" and list(d.enabled) == [0, 1]
    answer(g, "option 1")
    p = g.players[0]
    assert p.res[HEAT] == 0 and p.res[PLANTS] == 0 and p.card_res[cid("Pets")] == 2


# --- 191 Permafrost Extraction ----------------------------------------------------------------


def test_permafrost_extraction_needs_minus_eight_degrees_and_places_an_ocean():
    g = new_game(2)
    hand(g, 0, "Permafrost Extraction")
    give(g, 0, megacredits=8)
    g.temperature = -10
    refresh(g)
    assert not can_play(g, 0, "Permafrost Extraction")
    g.temperature = -8
    refresh(g)
    play(g, 0, "Permafrost Extraction", None, "space 07")
    assert g.tiles[7] == OCEAN and g.oceans == 1 and g.players[0].tr == 21


# --- 193 Plantation ---------------------------------------------------------------------------


def test_plantation_needs_two_science_tags_and_places_a_greenery():
    g = new_game(2)
    in_play(g, 0, "Search For Life")
    hand(g, 0, "Plantation")
    give(g, 0, megacredits=15)
    assert not can_play(g, 0, "Plantation")
    in_play(g, 0, "GHG Producing Bacteria")
    assert can_play(g, 0, "Plantation")
    play(g, 0, "Plantation", None, "space 05")
    assert g.tiles[5] == GREENERY and g.owners[5] == 0
    assert g.oxygen == 1 and g.players[0].tr == 21


# --- 198 Immigration Shuttles -----------------------------------------------------------------


def test_immigration_shuttles_raises_income_and_scores_per_three_cities():
    g = new_game(2)
    hand(g, 0, "Immigration Shuttles")
    give(g, 0, megacredits=21, titanium=4)
    g.apply(0, "play 198 t4")  # 31 - 12 (earth and space: titanium usable)
    assert g.players[0].prod[MC] == 5 and g.players[0].res[MC] == 2
    assert card_points(g, 0) == 0
    for space, seat in ((5, 0), (20, 1), (37, 1)):
        put_tile(g, space, CITY, seat)
    assert card_points(g, 0) == 1
    for space, seat in ((53, 0), (58, 1)):
        put_tile(g, space, CITY, seat)
    assert card_points(g, 0) == 1
    put_tile(g, GANYMEDE_COLONY_SPACE, CITY, 1)
    assert card_points(g, 0) == 2


# --- 200 Immigrant City -----------------------------------------------------------------------


def test_immigrant_city_needs_energy_production():
    g = new_game(2)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Immigrant City")
    set_production(g, 0, energy=1)
    assert can_play(g, 0, "Immigrant City")


def test_immigrant_city_is_playable_at_megacredit_production_minus_four():
    g = new_game(2)
    set_production(g, 0, energy=1, megacredits=-4)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    assert can_play(g, 0, "Immigrant City")  # its own city's +1 lands before the -2
    play(g, 0, "Immigrant City", None, "space 05")
    assert g.players[0].prod[MC] == -5
    set_production(g, 0, megacredits=-5)
    set_turn(g, 0)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Immigrant City")


def test_immigrant_city_counts_its_own_city_and_every_later_one():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Immigrant City")
    give(g, 0, megacredits=13)
    play(g, 0, "Immigrant City")
    d = decision(g)
    assert d.kind == "space"
    answer(g, "space 05")
    p = g.players[0]
    assert g.tiles[5] == CITY and g.owners[5] == 0
    assert p.prod[ENERGY] == 0 and p.prod[MC] == -1  # -2, +1 for its own city
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    answer(g, "space 20")
    assert p.prod[MC] == 0
    assert g.players[1].prod[MC] == 1


# --- 202 Underground Detonations --------------------------------------------------------------


def test_underground_detonations_buys_heat_production():
    g = new_game(2)
    in_play(g, 0, "Underground Detonations")
    give(g, 0, megacredits=9, steel=5)
    assert cid("Underground Detonations") not in decision(g).options.actions  # type: ignore[attr-defined]
    give(g, 0, megacredits=1)
    g.apply(0, UseAction(cid("Underground Detonations"), 0))
    p = g.players[0]
    assert p.prod[HEAT] == 2 and p.res[MC] == 0 and p.res[STEEL] == 5


# --- 203 Soletta ------------------------------------------------------------------------------


def test_soletta_raises_heat_production_by_seven():
    g = new_game(2)
    hand(g, 0, "Soletta")
    give(g, 0, megacredits=20, titanium=5)
    g.apply(0, "play 203 t5")
    p = g.players[0]
    assert p.prod[HEAT] == 7 and p.res[MC] == 0 and p.res[TITANIUM] == 0


# --- 205 Rad-Chem Factory ---------------------------------------------------------------------


def test_rad_chem_factory_trades_energy_production_for_two_tr():
    g = new_game(2)
    hand(g, 0, "Rad-Chem Factory")
    give(g, 0, megacredits=8)
    assert not can_play(g, 0, "Rad-Chem Factory")
    set_production(g, 0, energy=1)
    play(g, 0, "Rad-Chem Factory")
    assert g.players[0].prod[ENERGY] == 0 and g.players[0].tr == 22


# --- 206 Special Design -----------------------------------------------------------------------


def test_special_design_loosens_global_requirements_for_the_next_card_only():
    g = new_game(2)
    g.oxygen = 7
    g.temperature = -10
    set_production(g, 0, plants=1)
    hand(g, 0, "Special Design", "Livestock", "Tundra Farming")
    give(g, 0, megacredits=4 + 13 + 16)
    assert not can_play(g, 0, "Livestock") and not can_play(g, 0, "Tundra Farming")
    play(g, 0, "Special Design")
    assert can_play(g, 0, "Livestock") and can_play(g, 0, "Tundra Farming")
    play(g, 0, "Livestock")  # oxygen 9 needed, 7 with two steps of leniency
    set_turn(g, 0)
    assert not can_play(g, 0, "Tundra Farming")
