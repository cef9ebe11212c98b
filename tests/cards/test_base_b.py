"""Base game project cards 051–110."""

from __future__ import annotations

import pytest
from position_helpers import game, oceans, set_player, table

from helpers import (
    actions_offered,
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
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.board import GANYMEDE_COLONY_SPACE
from olympus.engine.constants import CITY, GREENERY, OCEAN, SPECIAL

# Resource / production indexes.
MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)
OCEAN_SPACES = (4, 6, 7, 13, 28, 32, 33, 34, 43, 44, 45, 63)


# --- 052 Fish ---------------------------------------------------------------------------------


def test_fish_needs_plus_two_degrees():
    position = set_player(table(), 1, production={"plants": 1})
    set_player(position, 0, hand=["Fish"], resources={"megacredits": 9})
    assert not can_play(game(position, temperature=0), 0, "Fish")
    assert can_play(game(position, temperature=2), 0, "Fish")


def test_fish_lowers_a_chosen_players_plant_production_and_collects_animals():
    g = new_game(2)
    g.temperature = 2
    set_production(g, 0, plants=1)
    set_production(g, 1, plants=2)
    hand(g, 0, "Fish")
    give(g, 0, megacredits=9)
    play(g, 0, "Fish")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {0, 1}
    answer(g, "player 1")
    assert g.players[1].prod[PLANTS] == 1 and g.players[0].prod[PLANTS] == 1
    assert card_points(g, 0) == 0
    set_turn(g, 0)
    g.apply(0, "action 052")
    assert g.players[0].card_res[cid("Fish")] == 1
    assert card_points(g, 0) == 1


def test_fish_needs_some_plant_production_to_lower():
    g = new_game(2)
    g.temperature = 8
    hand(g, 0, "Fish")
    give(g, 0, megacredits=9)
    assert not can_play(g, 0, "Fish")


# --- 053 Lake Marineris -----------------------------------------------------------------------


def test_lake_marineris_needs_zero_degrees_and_places_two_oceans():
    g = new_game(2)
    hand(g, 0, "Lake Marineris")
    give(g, 0, megacredits=18)
    g.temperature = -2
    assert not can_play(g, 0, "Lake Marineris")
    g.temperature = 0
    g._cache = None
    play(g, 0, "Lake Marineris", None, "space 07", "space 45")
    assert g.tiles[7] == OCEAN and g.tiles[45] == OCEAN and g.oceans == 2
    assert g.players[0].tr == 22
    assert card_points(g, 0) == 2


# --- 054 Small Animals ------------------------------------------------------------------------


def test_small_animals_needs_six_percent_oxygen():
    position = set_player(table(), 1, production={"plants": 1})
    set_player(position, 0, hand=["Small Animals"], resources={"megacredits": 6})
    assert not can_play(game(position, oxygen=5), 0, "Small Animals")
    assert can_play(game(position, oxygen=6), 0, "Small Animals")


def test_small_animals_lowers_the_only_opponent_and_scores_per_two_animals():
    g = new_game(2)
    g.oxygen = 6
    set_production(g, 1, plants=1)
    hand(g, 0, "Small Animals")
    give(g, 0, megacredits=6)
    play(g, 0, "Small Animals")  # only the opponent has plant production: no question
    assert g.players[1].prod[PLANTS] == 0
    c = cid("Small Animals")
    g.apply(0, UseAction(c, 0))
    assert g.players[0].card_res[c] == 1
    assert card_points(g, 0) == 0
    g.players[0].card_res[c] = 3
    assert card_points(g, 0) == 1


# --- 055 Kelp Farming -------------------------------------------------------------------------


def test_kelp_farming_needs_six_oceans_and_raises_production():
    position = set_player(table(), 0, hand=["Kelp Farming"], resources={"megacredits": 17})
    assert not can_play(game(position, tiles=oceans(5)), 0, "Kelp Farming")
    g = game(position, tiles=oceans(6))
    play(g, 0, "Kelp Farming")
    p = g.players[0]
    assert p.prod[MC] == 2 and p.prod[PLANTS] == 3 and p.res[PLANTS] == 2
    assert card_points(g, 0) == 1


# --- 058 Beam From A Thorium Asteroid ---------------------------------------------------------


def test_beam_from_a_thorium_asteroid_needs_a_jovian_tag_in_play():
    g = new_game(2)
    hand(g, 0, "Beam From A Thorium Asteroid")
    give(g, 0, megacredits=32)
    assert not can_play(g, 0, "Beam From A Thorium Asteroid")  # its own tag does not count
    in_play(g, 0, "Ganymede Colony")
    assert can_play(g, 0, "Beam From A Thorium Asteroid")


def test_beam_from_a_thorium_asteroid_raises_heat_and_energy_production():
    g = new_game(2)
    in_play(g, 0, "Ganymede Colony")
    hand(g, 0, "Beam From A Thorium Asteroid")
    give(g, 0, megacredits=2, titanium=10)
    g.apply(0, "play 058 t10")  # a space card: titanium pays
    p = g.players[0]
    assert p.prod[HEAT] == 3 and p.prod[ENERGY] == 3
    assert p.res[TITANIUM] == 0 and p.res[MC] == 0
    assert card_points(g, 0) == 1 + 2  # its own VP, plus Ganymede Colony's 2 jovian tags


# --- 059 Mangrove -----------------------------------------------------------------------------


def test_mangrove_needs_four_degrees():
    position = set_player(table(), 0, hand=["Mangrove"], resources={"megacredits": 12})
    assert not can_play(game(position, temperature=2), 0, "Mangrove")
    assert can_play(game(position, temperature=4), 0, "Mangrove")


def test_mangrove_places_a_greenery_on_an_ocean_space():
    g = new_game(2)
    g.temperature = 4
    g.tiles[20] = CITY  # one of your tiles elsewhere does not restrict the space
    g.owners[20] = 0
    hand(g, 0, "Mangrove")
    give(g, 0, megacredits=12)
    play(g, 0, "Mangrove")
    d = decision(g)
    assert d.kind == "space" and set(d.spaces) == set(OCEAN_SPACES)
    answer(g, "space 63")
    assert g.tiles[63] == GREENERY and g.owners[63] == 0
    assert g.oxygen == 1 and g.players[0].tr == 21 and g.oceans == 0
    assert g.players[0].res[TITANIUM] == 2  # the space's placement bonus
    score = next(s for s in g.scores() if s.seat == 0)
    assert score.cards == 1 and score.greeneries == 1


def test_mangrove_needs_a_free_ocean_space():
    g = new_game(2)
    g.temperature = 4
    for s in OCEAN_SPACES:
        g.tiles[s] = OCEAN
    hand(g, 0, "Mangrove")
    give(g, 0, megacredits=12)
    assert not can_play(g, 0, "Mangrove")


# --- 060 Trees --------------------------------------------------------------------------------


def test_trees_needs_minus_four_degrees_and_grows_plants():
    g = new_game(2)
    hand(g, 0, "Trees")
    give(g, 0, megacredits=13)
    g.temperature = -6
    assert not can_play(g, 0, "Trees")
    g.temperature = -4
    g._cache = None
    play(g, 0, "Trees")
    assert g.players[0].prod[PLANTS] == 3 and g.players[0].res[PLANTS] == 1
    assert card_points(g, 0) == 1


# --- 063 Mining Expedition --------------------------------------------------------------------


def test_mining_expedition_raises_oxygen_removes_plants_and_gives_steel():
    g = new_game(3)
    give(g, 1, plants=5)
    give(g, 2, plants=1)
    hand(g, 0, "Mining Expedition")
    give(g, 0, megacredits=12)
    play(g, 0, "Mining Expedition")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {1, 2, None}
    answer(g, "player 1")
    assert g.players[1].res[PLANTS] == 3 and g.players[2].res[PLANTS] == 1
    assert g.oxygen == 1 and g.players[0].tr == 21
    assert g.players[0].res[STEEL] == 2
    assert cid("Mining Expedition") in g.players[0].events


def test_mining_expedition_without_plants_to_remove():
    g = new_game(2)
    hand(g, 0, "Mining Expedition")
    give(g, 0, megacredits=12)
    play(g, 0, "Mining Expedition")
    assert g.oxygen == 1 and g.players[0].res[STEEL] == 2
    assert decision(g).kind == "action"


# --- 067 Mining Rights ------------------------------------------------------------------------


def test_mining_rights_goes_on_a_metal_space_and_raises_that_metal():
    g = new_game(2)
    hand(g, 0, "Mining Rights")
    give(g, 0, megacredits=9)
    play(g, 0, "Mining Rights")
    d = decision(g)
    assert d.kind == "space" and set(d.spaces) == {3, 9, 20, 21, 53, 58, 59, 60}
    answer(g, "space 58")
    p = g.players[0]
    assert g.tiles[58] == SPECIAL and g.specials[58] == cid("Mining Rights")
    assert p.prod[TITANIUM] == 1 and p.prod[STEEL] == 0 and p.res[TITANIUM] == 1


def test_mining_rights_on_a_steel_space():
    g = new_game(2)
    hand(g, 0, "Mining Rights")
    give(g, 0, megacredits=9)
    play(g, 0, "Mining Rights", None, "space 09")
    p = g.players[0]
    assert p.prod[STEEL] == 1 and p.prod[TITANIUM] == 0 and p.res[STEEL] == 1


# --- 072 Birds --------------------------------------------------------------------------------


def test_birds_needs_thirteen_percent_oxygen_and_plant_production_to_lower():
    position = set_player(table(), 1, production={"plants": 2})
    set_player(position, 0, hand=["Birds"], resources={"megacredits": 10})
    assert not can_play(game(position, oxygen=12), 0, "Birds")
    assert can_play(game(position, oxygen=13), 0, "Birds")
    set_player(position, 1, production={"plants": 1})
    assert not can_play(game(position, oxygen=13), 0, "Birds")


def test_birds_lowers_plant_production_by_two_and_scores_animals():
    g = new_game(2)
    g.oxygen = 13
    set_production(g, 1, plants=3)
    hand(g, 0, "Birds")
    give(g, 0, megacredits=10)
    play(g, 0, "Birds")
    assert g.players[1].prod[PLANTS] == 1
    g.apply(0, "action 072")
    assert g.players[0].card_res[cid("Birds")] == 1
    assert card_points(g, 0) == 1


# --- 075 Towing A Comet -----------------------------------------------------------------------


def test_towing_a_comet_gives_plants_oxygen_and_an_ocean():
    g = new_game(2)
    hand(g, 0, "Towing A Comet")
    give(g, 0, megacredits=23)
    play(g, 0, "Towing A Comet", None, "space 07")
    p = g.players[0]
    assert p.res[PLANTS] == 2 and g.oxygen == 1 and g.tiles[7] == OCEAN and g.oceans == 1
    assert p.tr == 22


# --- 076 Space Mirrors ------------------------------------------------------------------------


def test_space_mirrors_action_buys_energy_production():
    g = new_game(2)
    in_play(g, 0, "Space Mirrors")
    give(g, 0, megacredits=6)
    assert cid("Space Mirrors") not in actions_offered(g)
    give(g, 0, megacredits=2)
    g.apply(0, "action 076")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].res[MC] == 1
    with pytest.raises(IllegalAction):
        g.apply(0, "action 076")  # once per generation


# --- 077 Solar Wind Power ---------------------------------------------------------------------


def test_solar_wind_power_gives_energy_production_and_titanium():
    g = new_game(2)
    hand(g, 0, "Solar Wind Power")
    give(g, 0, megacredits=11)
    play(g, 0, "Solar Wind Power")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].res[TITANIUM] == 2


# --- 078 Ice Asteroid -------------------------------------------------------------------------


def test_ice_asteroid_places_two_oceans():
    g = new_game(2)
    hand(g, 0, "Ice Asteroid")
    give(g, 0, megacredits=23)
    play(g, 0, "Ice Asteroid", None, "space 07", "space 45")
    assert g.tiles[7] == OCEAN and g.tiles[45] == OCEAN and g.oceans == 2
    assert g.players[0].tr == 22


def test_ice_asteroid_with_one_ocean_left():
    g = new_game(2)
    g.oceans = 8
    hand(g, 0, "Ice Asteroid")
    give(g, 0, megacredits=23)
    play(g, 0, "Ice Asteroid", None, "space 07")
    assert g.oceans == 9 and g.players[0].tr == 21
    assert decision(g).kind == "action"


# --- 080 Giant Ice Asteroid -------------------------------------------------------------------


def test_giant_ice_asteroid_heats_floods_and_removes_plants():
    g = new_game(2)
    give(g, 1, plants=8)
    hand(g, 0, "Giant Ice Asteroid")
    give(g, 0, megacredits=36)
    play(g, 0, "Giant Ice Asteroid", None, "space 07", "space 45", "player 1")
    assert g.temperature == -26
    assert g.tiles[7] == OCEAN and g.tiles[45] == OCEAN and g.oceans == 2
    assert g.players[0].tr == 24
    assert g.players[1].res[PLANTS] == 2


def test_giant_ice_asteroid_may_spare_everybody():
    g = new_game(2)
    give(g, 1, plants=3)
    hand(g, 0, "Giant Ice Asteroid")
    give(g, 0, megacredits=36)
    play(g, 0, "Giant Ice Asteroid", None, "space 07", "space 45", "player none")
    assert g.players[1].res[PLANTS] == 3


# --- 081 Ganymede Colony ----------------------------------------------------------------------


def test_ganymede_colony_city_off_mars_scores_jovian_tags():
    g = new_game(2)
    in_play(g, 0, "Water Import From Europa")  # another jovian tag
    hand(g, 0, "Ganymede Colony")
    give(g, 0, megacredits=20)
    play(g, 0, "Ganymede Colony")
    assert decision(g).spaces == (GANYMEDE_COLONY_SPACE,)
    answer(g, f"space {GANYMEDE_COLONY_SPACE}")
    assert g.tiles[GANYMEDE_COLONY_SPACE] == CITY
    assert g.owners[GANYMEDE_COLONY_SPACE] == 0
    # Ganymede Colony: 2 jovian tags; Water Import From Europa: 2 as well.
    assert card_points(g, 0) == 4


def test_ganymede_colony_cannot_be_played_when_its_space_is_taken():
    g = new_game(2)
    g.tiles[GANYMEDE_COLONY_SPACE] = CITY
    g.owners[GANYMEDE_COLONY_SPACE] = 1
    hand(g, 0, "Ganymede Colony")
    give(g, 0, megacredits=20)
    assert not can_play(g, 0, "Ganymede Colony")


# --- 083 Giant Space Mirror -------------------------------------------------------------------


def test_giant_space_mirror_raises_energy_production():
    g = new_game(2)
    hand(g, 0, "Giant Space Mirror")
    give(g, 0, megacredits=17)
    play(g, 0, "Giant Space Mirror")
    assert g.players[0].prod[ENERGY] == 3


# --- 087 Grass / 088 Heather / 093 Bushes -----------------------------------------------------


def test_grass_needs_minus_sixteen_degrees():
    g = new_game(2)
    hand(g, 0, "Grass")
    give(g, 0, megacredits=11)
    g.temperature = -18
    assert not can_play(g, 0, "Grass")
    g.temperature = -16
    g._cache = None
    play(g, 0, "Grass")
    assert g.players[0].prod[PLANTS] == 1 and g.players[0].res[PLANTS] == 3


def test_heather_needs_minus_fourteen_degrees():
    g = new_game(2)
    hand(g, 0, "Heather")
    give(g, 0, megacredits=6)
    g.temperature = -16
    assert not can_play(g, 0, "Heather")
    g.temperature = -14
    g._cache = None
    play(g, 0, "Heather")
    assert g.players[0].prod[PLANTS] == 1 and g.players[0].res[PLANTS] == 1


def test_bushes_needs_minus_ten_degrees():
    g = new_game(2)
    hand(g, 0, "Bushes")
    give(g, 0, megacredits=10)
    g.temperature = -12
    assert not can_play(g, 0, "Bushes")
    g.temperature = -10
    g._cache = None
    play(g, 0, "Bushes")
    assert g.players[0].prod[PLANTS] == 2 and g.players[0].res[PLANTS] == 2


# --- 089 Peroxide Power / 100 Fueled Generators -----------------------------------------------


def test_peroxide_power_trades_megacredit_for_energy_production():
    g = new_game(2)
    hand(g, 0, "Peroxide Power")
    give(g, 0, megacredits=7)
    play(g, 0, "Peroxide Power")
    assert g.players[0].prod[MC] == -1 and g.players[0].prod[ENERGY] == 2


def test_peroxide_power_cannot_go_below_minus_five():
    g = new_game(2)
    set_production(g, 0, megacredits=-5)
    hand(g, 0, "Peroxide Power")
    give(g, 0, megacredits=7)
    assert not can_play(g, 0, "Peroxide Power")


def test_fueled_generators_trades_megacredit_for_energy_production():
    g = new_game(2)
    hand(g, 0, "Fueled Generators")
    give(g, 0, megacredits=1)
    play(g, 0, "Fueled Generators")
    assert g.players[0].prod[MC] == -1 and g.players[0].prod[ENERGY] == 1


def test_fueled_generators_can_be_paid_with_steel():
    g = new_game(2)
    set_production(g, 0, megacredits=-5)
    hand(g, 0, "Fueled Generators")
    give(g, 0, steel=1)
    assert not can_play(g, 0, "Fueled Generators")
    set_production(g, 0, megacredits=-4)
    g.apply(0, "play 100 s1")
    assert g.players[0].prod[MC] == -5 and g.players[0].res[STEEL] == 0


# --- 096 Greenhouses --------------------------------------------------------------------------


def test_greenhouses_counts_every_city_on_and_off_mars():
    g = new_game(2)
    for space, owner in ((20, 0), (53, 1), (GANYMEDE_COLONY_SPACE, 1)):
        g.tiles[space] = CITY
        g.owners[space] = owner
    hand(g, 0, "Greenhouses")
    give(g, 0, megacredits=6)
    play(g, 0, "Greenhouses")
    assert g.players[0].res[PLANTS] == 3


# --- 097 Nuclear Zone -------------------------------------------------------------------------


def test_nuclear_zone_places_its_tile_and_raises_temperature():
    g = new_game(2)
    hand(g, 0, "Nuclear Zone")
    give(g, 0, megacredits=10)
    play(g, 0, "Nuclear Zone")
    d = decision(g)
    assert d.kind == "space" and 31 not in d.spaces  # not the reserved Noctis space
    assert not set(d.spaces) & set(OCEAN_SPACES)
    answer(g, "space 50")
    assert g.tiles[50] == SPECIAL and g.specials[50] == cid("Nuclear Zone")
    assert g.temperature == -26 and g.players[0].tr == 22
    assert card_points(g, 0) == -2


# --- 101 Ironworks / 103 Steelworks / 104 Ore Processor ---------------------------------------


@pytest.mark.parametrize(
    ("key", "number", "metal", "gained"),
    [
        ("Ironworks", "101", STEEL, 1),
        ("Steelworks", "103", STEEL, 2),
        ("Ore Processor", "104", TITANIUM, 1),
    ],
)
def test_energy_to_metal_actions(key: str, number: str, metal: int, gained: int):
    g = new_game(2)
    in_play(g, 0, key)
    give(g, 0, energy=3)
    assert cid(key) not in actions_offered(g)
    give(g, 0, energy=2)
    g.apply(0, f"action {number}")
    p = g.players[0]
    assert p.res[ENERGY] == 1 and p.res[metal] == gained
    assert g.oxygen == 1 and p.tr == 21


def test_ironworks_still_gives_steel_at_full_oxygen():
    g = new_game(2)
    g.oxygen = 14
    in_play(g, 0, "Ironworks")
    give(g, 0, energy=4)
    g.apply(0, "action 101")
    assert g.players[0].res[STEEL] == 1 and g.oxygen == 14 and g.players[0].tr == 20


def test_ironworks_can_be_bought_with_steel():
    g = new_game(2)
    hand(g, 0, "Ironworks")
    give(g, 0, megacredits=1, steel=5)
    g.apply(0, "play 101 s5")
    assert cid("Ironworks") in g.players[0].played and g.players[0].res[MC] == 0


# --- 102 Power Grid ---------------------------------------------------------------------------


def test_power_grid_counts_power_tags_including_its_own():
    g = new_game(2)
    in_play(g, 0, "Giant Space Mirror", "Peroxide Power")
    in_play(g, 1, "Solar Wind Power")  # an opponent's tags do not count
    hand(g, 0, "Power Grid")
    give(g, 0, megacredits=18)
    play(g, 0, "Power Grid")
    assert g.players[0].prod[ENERGY] == 3


# --- 108 Open City ----------------------------------------------------------------------------


def test_open_city_needs_twelve_percent_oxygen_and_energy_production():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Open City")
    give(g, 0, megacredits=23)
    g.oxygen = 11
    assert not can_play(g, 0, "Open City")
    g.oxygen = 12
    g._cache = None
    assert can_play(g, 0, "Open City")
    set_production(g, 0, energy=0)
    assert not can_play(g, 0, "Open City")


def test_open_city_places_a_city_and_raises_megacredit_production():
    g = new_game(2)
    g.oxygen = 12
    set_production(g, 0, energy=1)
    hand(g, 0, "Open City")
    give(g, 0, megacredits=23)
    play(g, 0, "Open City", None, "space 50")
    p = g.players[0]
    assert g.tiles[50] == CITY and g.owners[50] == 0
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 4 and p.res[PLANTS] == 2
    assert card_points(g, 0) == 1
