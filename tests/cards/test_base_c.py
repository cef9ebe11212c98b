"""Base game project cards 111–160."""

from __future__ import annotations

import pytest

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
    put_tile,
    set_parameters,
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.constants import (
    CITY,
    ENERGY,
    GREENERY,
    HEAT,
    MC,
    OCEAN,
    PLANTS,
    SPECIAL,
    STEEL,
    TITANIUM,
)

# --- 113 Solar Power --------------------------------------------------------------------------


def test_solar_power_raises_energy_production_and_scores_one():
    g = new_game(2)
    hand(g, 0, "Solar Power")
    give(g, 0, megacredits=5, steel=3)
    g.apply(0, "play 113 s3")
    p = g.players[0]
    assert p.prod[ENERGY] == 1 and p.res[MC] == 0 and p.res[STEEL] == 0
    assert card_points(g, 0) == 1


# --- 114 Breathing Filters --------------------------------------------------------------------


def test_breathing_filters_needs_seven_percent_oxygen_and_scores_two():
    g = new_game(2)
    hand(g, 0, "Breathing Filters")
    give(g, 0, megacredits=11)
    set_parameters(g, oxygen=6)
    assert not can_play(g, 0, "Breathing Filters")
    set_parameters(g, oxygen=7)
    assert can_play(g, 0, "Breathing Filters")
    play(g, 0, "Breathing Filters")
    assert card_points(g, 0) == 2


# --- 115 Artificial Photosynthesis ------------------------------------------------------------


def test_artificial_photosynthesis_offers_energy_or_plant_production():
    for choice, energy, plants in ((0, 2, 0), (1, 0, 1)):
        g = new_game(2)
        hand(g, 0, "Artificial Photosynthesis")
        give(g, 0, megacredits=12)
        play(g, 0, "Artificial Photosynthesis")
        d = decision(g)
        assert d.kind == "option" and d.enabled == (0, 1)
        answer(g, f"option {choice}")
        assert g.players[0].prod[ENERGY] == energy and g.players[0].prod[PLANTS] == plants


# --- 116 Artificial Lake ----------------------------------------------------------------------


def test_artificial_lake_puts_an_ocean_on_land():
    g = new_game(2)
    hand(g, 0, "Artificial Lake")
    give(g, 0, megacredits=15)
    set_parameters(g, temperature=-8)
    assert not can_play(g, 0, "Artificial Lake")
    set_parameters(g, temperature=-6)
    assert can_play(g, 0, "Artificial Lake")
    play(g, 0, "Artificial Lake")
    d = decision(g)
    assert d.kind == "space"
    assert all(g.map.space(s).kind == "land" for s in d.spaces)
    assert 7 not in d.spaces  # an ocean-reserved space
    answer(g, "space 10")
    assert g.tiles[10] == OCEAN and g.oceans == 1 and g.players[0].tr == 21
    assert card_points(g, 0) == 1


# --- 117 Geothermal Power ---------------------------------------------------------------------


def test_geothermal_power_raises_energy_production_by_two():
    g = new_game(2)
    hand(g, 0, "Geothermal Power")
    give(g, 0, megacredits=11)
    play(g, 0, "Geothermal Power")
    assert g.players[0].prod[ENERGY] == 2
    assert card_points(g, 0) == 0


# --- 118 Farming ------------------------------------------------------------------------------


def test_farming_needs_four_degrees_and_gives_production_and_plants():
    g = new_game(2)
    hand(g, 0, "Farming")
    give(g, 0, megacredits=16)
    set_parameters(g, temperature=2)
    assert not can_play(g, 0, "Farming")
    set_parameters(g, temperature=4)
    play(g, 0, "Farming")
    p = g.players[0]
    assert p.prod[MC] == 2 and p.prod[PLANTS] == 2 and p.res[PLANTS] == 2
    assert card_points(g, 0) == 2


# --- 119 Dust Seals ---------------------------------------------------------------------------


def test_dust_seals_only_with_three_oceans_or_fewer():
    g = new_game(2)
    hand(g, 0, "Dust Seals")
    give(g, 0, megacredits=2)
    set_parameters(g, oceans=4)
    assert not can_play(g, 0, "Dust Seals")
    set_parameters(g, oceans=3)
    assert can_play(g, 0, "Dust Seals")
    play(g, 0, "Dust Seals")
    assert card_points(g, 0) == 1


# --- 120 Urbanized Area -----------------------------------------------------------------------


def test_urbanized_area_city_must_touch_two_cities():
    g = new_game(2)
    put_tile(g, 9, CITY, 1)
    put_tile(g, 17, CITY, 1)
    set_production(g, 0, energy=1)
    hand(g, 0, "Urbanized Area")
    give(g, 0, megacredits=10)
    play(g, 0, "Urbanized Area")
    d = decision(g)
    assert set(d.spaces) == {10, 16}  # the only land spaces next to both cities
    answer(g, "space 16")
    p = g.players[0]
    assert g.tiles[16] == CITY and g.owners[16] == 0
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 2


def test_urbanized_area_needs_energy_production_and_two_neighbouring_cities():
    g = new_game(2)
    put_tile(g, 9, CITY, 1)
    hand(g, 0, "Urbanized Area")
    give(g, 0, megacredits=10)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Urbanized Area")  # only one city on the board
    put_tile(g, 17, CITY, 1)
    assert can_play(g, 0, "Urbanized Area")
    set_production(g, 0, energy=0)
    assert not can_play(g, 0, "Urbanized Area")


# --- 122 Moss ---------------------------------------------------------------------------------


def test_moss_costs_a_plant_and_needs_three_oceans():
    g = new_game(2)
    hand(g, 0, "Moss")
    give(g, 0, megacredits=4)
    set_parameters(g, oceans=3)
    assert not can_play(g, 0, "Moss")  # no plant to give up
    give(g, 0, plants=1)
    set_parameters(g, oceans=2)
    assert not can_play(g, 0, "Moss")
    set_parameters(g, oceans=3)
    play(g, 0, "Moss")
    assert g.players[0].res[PLANTS] == 0 and g.players[0].prod[PLANTS] == 1


# --- 126 GHG Factories ------------------------------------------------------------------------


def test_ghg_factories_turns_energy_production_into_heat_production():
    g = new_game(2)
    hand(g, 0, "GHG Factories")
    give(g, 0, megacredits=11)
    assert not can_play(g, 0, "GHG Factories")  # no energy production to lower
    set_production(g, 0, energy=1)
    play(g, 0, "GHG Factories")
    assert g.players[0].prod[ENERGY] == 0 and g.players[0].prod[HEAT] == 4


# --- 127 Subterranean Reservoir ---------------------------------------------------------------


def test_subterranean_reservoir_places_an_ocean():
    g = new_game(2)
    hand(g, 0, "Subterranean Reservoir")
    give(g, 0, megacredits=11)
    play(g, 0, "Subterranean Reservoir", None, "space 07")
    assert g.tiles[7] == OCEAN and g.oceans == 1 and g.players[0].tr == 21
    assert cid("Subterranean Reservoir") in g.players[0].events


def test_subterranean_reservoir_is_playable_with_every_ocean_placed():
    g = new_game(2)
    hand(g, 0, "Subterranean Reservoir")
    give(g, 0, megacredits=11)
    set_parameters(g, oceans=9)
    play(g, 0, "Subterranean Reservoir")
    assert g.oceans == 9 and g.players[0].tr == 20
    assert decision(g).kind == "action"


# --- 128 Ecological Zone ----------------------------------------------------------------------


def test_ecological_zone_needs_your_own_greenery():
    g = new_game(2)
    hand(g, 0, "Ecological Zone")
    give(g, 0, megacredits=12)
    put_tile(g, 22, GREENERY, 1)
    assert not can_play(g, 0, "Ecological Zone")  # somebody else's greenery
    put_tile(g, 30, GREENERY, 0)
    assert can_play(g, 0, "Ecological Zone")


def test_ecological_zone_goes_next_to_a_greenery_and_collects_animals():
    g = new_game(2)
    put_tile(g, 22, GREENERY, 0)
    hand(g, 0, "Ecological Zone", "Lichen", "Power Plant")
    give(g, 0, megacredits=12 + 7 + 4)
    play(g, 0, "Ecological Zone")
    d = decision(g)
    assert set(d.spaces) == {14, 15, 23, 30, 21}  # 31 is kept for Noctis City
    answer(g, "space 23")
    eco = cid("Ecological Zone")
    assert g.tiles[23] == SPECIAL and g.specials[23] == eco
    p = g.players[0]
    assert p.card_res[eco] == 2  # its own animal and plant tags
    assert card_points(g, 0) == 1
    set_parameters(g, temperature=-24)
    play(g, 0, "Lichen")  # a plant tag
    assert p.card_res[eco] == 3
    set_turn(g, 0)
    play(g, 0, "Power Plant")  # no plant or animal tag
    assert p.card_res[eco] == 3


# --- 129 Zeppelins ----------------------------------------------------------------------------


def test_zeppelins_counts_only_cities_on_mars():
    g = new_game(2)
    put_tile(g, 9, CITY, 1)
    put_tile(g, 30, CITY, 0)
    put_tile(g, 1, CITY, 1)  # Ganymede Colony, off Mars
    hand(g, 0, "Zeppelins")
    give(g, 0, megacredits=13)
    set_parameters(g, oxygen=4)
    assert not can_play(g, 0, "Zeppelins")
    set_parameters(g, oxygen=5)
    play(g, 0, "Zeppelins")
    assert g.players[0].prod[MC] == 2
    assert card_points(g, 0) == 1


# --- 130 Worms --------------------------------------------------------------------------------


def test_worms_give_plant_production_per_two_microbe_tags_including_its_own():
    g = new_game(2)
    in_play(g, 0, "Decomposers")
    hand(g, 0, "Worms")
    give(g, 0, megacredits=8)
    set_parameters(g, oxygen=3)
    assert not can_play(g, 0, "Worms")
    set_parameters(g, oxygen=4)
    play(g, 0, "Worms")
    assert g.players[0].prod[PLANTS] == 1


def test_worms_alone_give_nothing():
    g = new_game(2)
    hand(g, 0, "Worms")
    give(g, 0, megacredits=8)
    set_parameters(g, oxygen=4)
    play(g, 0, "Worms")
    assert g.players[0].prod[PLANTS] == 0


# --- 131 Decomposers --------------------------------------------------------------------------


def test_decomposers_collect_microbes_for_bio_tags_and_score_per_three():
    g = new_game(2)
    hand(g, 0, "Decomposers", "Lichen", "Advanced Ecosystems")
    give(g, 0, megacredits=5 + 7 + 11)
    set_parameters(g, oxygen=2, temperature=-24)
    assert not can_play(g, 0, "Decomposers")
    set_parameters(g, oxygen=3)
    play(g, 0, "Decomposers")
    dec = cid("Decomposers")
    p = g.players[0]
    assert p.card_res[dec] == 1  # its own microbe tag
    play(g, 0, "Lichen")
    assert p.card_res[dec] == 2
    assert card_points(g, 0) == 0
    set_turn(g, 0)
    in_play(g, 0, "Pets")  # an animal tag, so that Advanced Ecosystems may be played
    play(g, 0, "Advanced Ecosystems")  # plant, microbe and animal tags: three microbes
    assert p.card_res[dec] == 5
    assert card_points(g, 0) == 1 + 3


def test_decomposers_ignore_other_players_cards():
    g = new_game(2)
    in_play(g, 0, "Decomposers")
    set_turn(g, 1)
    hand(g, 1, "Lichen")
    give(g, 1, megacredits=7)
    set_parameters(g, temperature=-24)
    play(g, 1, "Lichen")
    assert g.players[0].card_res[cid("Decomposers")] == 0


# --- 132 Fusion Power -------------------------------------------------------------------------


def test_fusion_power_needs_two_power_tags_already_in_play():
    g = new_game(2)
    in_play(g, 0, "Power Plant")
    hand(g, 0, "Fusion Power")
    give(g, 0, megacredits=14)
    assert not can_play(g, 0, "Fusion Power")  # its own power tag does not count
    in_play(g, 0, "Geothermal Power")
    assert can_play(g, 0, "Fusion Power")
    play(g, 0, "Fusion Power")
    assert g.players[0].prod[ENERGY] == 3


# --- 133 Symbiotic Fungus ---------------------------------------------------------------------


def test_symbiotic_fungus_needs_minus_fourteen_degrees():
    g = new_game(2)
    hand(g, 0, "Symbiotic Fungus")
    give(g, 0, megacredits=4)
    set_parameters(g, temperature=-16)
    assert not can_play(g, 0, "Symbiotic Fungus")
    set_parameters(g, temperature=-14)
    play(g, 0, "Symbiotic Fungus")
    assert cid("Symbiotic Fungus") in g.players[0].played


def test_symbiotic_fungus_action_puts_a_microbe_on_another_card():
    g = new_game(2)
    in_play(g, 0, "Symbiotic Fungus")
    assert cid("Symbiotic Fungus") not in actions_offered(g)  # no card to take a microbe
    in_play(g, 0, "Decomposers", "Nitrite Reducing Bacteria")
    g.apply(0, "action 133")
    d = decision(g)
    assert d.kind == "cards"
    assert set(d.cards) == {cid("Decomposers"), cid("Nitrite Reducing Bacteria")}
    answer(g, "cards 157")
    assert g.players[0].card_res[cid("Nitrite Reducing Bacteria")] == 1
    assert g.players[0].card_res[cid("Decomposers")] == 0


def test_symbiotic_fungus_does_not_feed_opponents_cards():
    g = new_game(2)
    in_play(g, 0, "Symbiotic Fungus")
    in_play(g, 1, "Decomposers")
    assert cid("Symbiotic Fungus") not in actions_offered(g)


# --- 134 Extreme-Cold Fungus ------------------------------------------------------------------


def test_extreme_cold_fungus_needs_minus_ten_degrees_or_colder():
    g = new_game(2)
    hand(g, 0, "Extreme-Cold Fungus")
    give(g, 0, megacredits=13)
    set_parameters(g, temperature=-8)
    assert not can_play(g, 0, "Extreme-Cold Fungus")
    set_parameters(g, temperature=-10)
    play(g, 0, "Extreme-Cold Fungus")
    assert cid("Extreme-Cold Fungus") in g.players[0].played


def test_extreme_cold_fungus_action_gives_a_plant_or_two_microbes_elsewhere():
    g = new_game(2)
    in_play(g, 0, "Extreme-Cold Fungus")
    fungus = cid("Extreme-Cold Fungus")
    assert set(actions_offered(g)[fungus]) == {0}  # type: ignore[call-overload]
    g.apply(0, "action 134")
    assert g.players[0].res[PLANTS] == 1
    set_turn(g, 0)
    g.players[0].used.clear()
    in_play(g, 0, "Decomposers")
    assert set(actions_offered(g)[fungus]) == {0, 1}  # type: ignore[call-overload]
    g.apply(0, "action 134 #1")
    assert g.players[0].card_res[cid("Decomposers")] == 2
    assert g.players[0].res[PLANTS] == 1


# --- 135 Advanced Ecosystems ------------------------------------------------------------------


def test_advanced_ecosystems_needs_plant_microbe_and_animal_tags():
    g = new_game(2)
    hand(g, 0, "Advanced Ecosystems")
    give(g, 0, megacredits=11)
    in_play(g, 0, "Lichen", "Worms")
    assert not can_play(g, 0, "Advanced Ecosystems")  # its own tags do not count
    in_play(g, 0, "Pets")
    assert can_play(g, 0, "Advanced Ecosystems")
    play(g, 0, "Advanced Ecosystems")
    assert card_points(g, 0) == 3


# --- 136 Great Dam ----------------------------------------------------------------------------


def test_great_dam_needs_four_oceans():
    g = new_game(2)
    hand(g, 0, "Great Dam")
    give(g, 0, megacredits=12)
    set_parameters(g, oceans=3)
    assert not can_play(g, 0, "Great Dam")
    set_parameters(g, oceans=4)
    play(g, 0, "Great Dam")
    assert g.players[0].prod[ENERGY] == 2
    assert card_points(g, 0) == 1


# --- 138 Strip Mine ---------------------------------------------------------------------------


def test_strip_mine_trades_energy_for_metals_and_raises_oxygen():
    g = new_game(2)
    hand(g, 0, "Strip Mine")
    give(g, 0, megacredits=15, steel=5)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Strip Mine")  # needs 2 energy production
    set_production(g, 0, energy=2)
    g.apply(0, "play 138 s5")
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[STEEL] == 2 and p.prod[TITANIUM] == 1
    assert g.oxygen == 2 and p.tr == 22
    assert p.res[MC] == 0


# --- 139 Wave Power ---------------------------------------------------------------------------


def test_wave_power_needs_three_oceans():
    g = new_game(2)
    hand(g, 0, "Wave Power")
    give(g, 0, megacredits=8)
    set_parameters(g, oceans=2)
    assert not can_play(g, 0, "Wave Power")
    set_parameters(g, oceans=3)
    play(g, 0, "Wave Power")
    assert g.players[0].prod[ENERGY] == 1
    assert card_points(g, 0) == 1


# --- 140 Lava Flows ---------------------------------------------------------------------------


def test_lava_flows_raises_temperature_and_goes_on_a_volcanic_space():
    g = new_game(2)
    hand(g, 0, "Lava Flows")
    give(g, 0, megacredits=18)
    play(g, 0, "Lava Flows")
    assert g.temperature == -26 and g.players[0].tr == 22
    d = decision(g)
    assert set(d.spaces) == {9, 14, 21, 29}
    answer(g, "space 21")
    p = g.players[0]
    assert g.tiles[21] == SPECIAL and g.owners[21] == 0
    assert p.res[PLANTS] == 1 and p.res[TITANIUM] == 1  # the space's bonus


def test_lava_flows_needs_a_free_volcanic_space():
    g = new_game(2)
    hand(g, 0, "Lava Flows")
    give(g, 0, megacredits=18)
    for s in (9, 14, 21):
        put_tile(g, s, CITY, 1)
    assert can_play(g, 0, "Lava Flows")
    put_tile(g, 29, GREENERY, 1)
    assert not can_play(g, 0, "Lava Flows")


# --- 141 Power Plant --------------------------------------------------------------------------


def test_power_plant_raises_energy_production():
    g = new_game(2)
    hand(g, 0, "Power Plant")
    give(g, 0, megacredits=2, steel=1)
    g.apply(0, "play 141 s1")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].res[MC] == 0


# --- 142 Mohole Area --------------------------------------------------------------------------


def test_mohole_area_goes_on_an_ocean_space_without_being_an_ocean():
    g = new_game(2)
    hand(g, 0, "Mohole Area")
    give(g, 0, megacredits=20)
    play(g, 0, "Mohole Area")
    d = decision(g)
    assert all(g.map.space(s).kind == "ocean" for s in d.spaces) and 7 in d.spaces
    answer(g, "space 07")
    p = g.players[0]
    assert p.prod[HEAT] == 4
    assert g.tiles[7] == SPECIAL and g.owners[7] == 0
    assert g.oceans == 0 and p.tr == 20


# --- 143 Large Convoy -------------------------------------------------------------------------


def test_large_convoy_without_animal_cards_gives_plants():
    g = new_game(2)
    hand(g, 0, "Large Convoy")
    give(g, 0, megacredits=6, titanium=10)
    g.apply(0, "play 143 t10")
    answer(g, "space 07")
    p = g.players[0]
    assert g.oceans == 1 and p.tr == 21
    assert len(p.hand) == 2 and p.res[PLANTS] == 5
    assert decision(g).kind == "action"
    assert card_points(g, 0) == 2


def test_large_convoy_may_put_four_animals_on_another_card():
    g = new_game(2)
    in_play(g, 0, "Pets")
    hand(g, 0, "Large Convoy")
    give(g, 0, megacredits=36)
    play(g, 0, "Large Convoy", None, "space 07")
    d = decision(g)
    assert d.kind == "option" and d.enabled == (0, 1)
    answer(g, "option 1")
    p = g.players[0]
    assert p.card_res[cid("Pets")] == 4 and p.res[PLANTS] == 0
    assert card_points(g, 0) == 2 + 2


# --- 145 Tectonic Stress Power ----------------------------------------------------------------


def test_tectonic_stress_power_needs_two_science_tags():
    g = new_game(2)
    hand(g, 0, "Tectonic Stress Power")
    give(g, 0, megacredits=18)
    in_play(g, 0, "Breathing Filters")
    assert not can_play(g, 0, "Tectonic Stress Power")
    in_play(g, 0, "Artificial Photosynthesis")
    play(g, 0, "Tectonic Stress Power")
    assert g.players[0].prod[ENERGY] == 3
    assert card_points(g, 0) == 2 + 1  # Breathing Filters and this card


# --- 146 Nitrophilic Moss ---------------------------------------------------------------------


def test_nitrophilic_moss_costs_two_plants_and_needs_three_oceans():
    g = new_game(2)
    hand(g, 0, "Nitrophilic Moss")
    give(g, 0, megacredits=8, plants=1)
    set_parameters(g, oceans=3)
    assert not can_play(g, 0, "Nitrophilic Moss")  # one plant is not enough
    give(g, 0, plants=2)
    set_parameters(g, oceans=2)
    assert not can_play(g, 0, "Nitrophilic Moss")
    set_parameters(g, oceans=3)
    play(g, 0, "Nitrophilic Moss")
    assert g.players[0].res[PLANTS] == 1 and g.players[0].prod[PLANTS] == 2


# --- 147 Herbivores ---------------------------------------------------------------------------


def test_herbivores_needs_eight_percent_oxygen_and_somebodys_plant_production():
    g = new_game(2)
    hand(g, 0, "Herbivores")
    give(g, 0, megacredits=12)
    set_parameters(g, oxygen=8)
    assert not can_play(g, 0, "Herbivores")  # nobody has plant production
    set_production(g, 1, plants=1)
    assert can_play(g, 0, "Herbivores")
    set_parameters(g, oxygen=7)
    assert not can_play(g, 0, "Herbivores")


def test_herbivores_lowers_a_chosen_players_plants_and_feeds_on_your_greeneries():
    g = new_game(2)
    set_production(g, 0, plants=1)
    set_production(g, 1, plants=2)
    hand(g, 0, "Herbivores")
    give(g, 0, megacredits=12)
    set_parameters(g, oxygen=8)
    play(g, 0, "Herbivores")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {0, 1}
    answer(g, "player 1")
    herb = cid("Herbivores")
    assert g.players[1].prod[PLANTS] == 1 and g.players[0].prod[PLANTS] == 1
    assert g.players[0].card_res[herb] == 1
    # Your own greenery adds an animal ...
    give(g, 0, plants=8)
    g.apply(0, "plants")
    answer(g, "space 30")
    assert g.players[0].card_res[herb] == 2
    assert card_points(g, 0) == 1
    # ... somebody else's does not.
    set_turn(g, 1)
    give(g, 1, plants=8)
    g.apply(1, "plants")
    answer(g, "space 10")
    assert g.players[0].card_res[herb] == 2


# --- 148 Insects ------------------------------------------------------------------------------


def test_insects_give_plant_production_per_plant_tag():
    g = new_game(2)
    in_play(g, 0, "Lichen", "Moss", "Decomposers")
    hand(g, 0, "Insects")
    give(g, 0, megacredits=9)
    set_parameters(g, oxygen=5)
    assert not can_play(g, 0, "Insects")
    set_parameters(g, oxygen=6)
    play(g, 0, "Insects")
    assert g.players[0].prod[PLANTS] == 2


# --- 152 Insulation ---------------------------------------------------------------------------


def test_insulation_moves_chosen_heat_production_into_megacredits():
    g = new_game(2)
    hand(g, 0, "Insulation")
    give(g, 0, megacredits=2)
    assert not can_play(g, 0, "Insulation")  # no heat production
    set_production(g, 0, heat=3, megacredits=1)
    play(g, 0, "Insulation")
    d = decision(g)
    assert d.kind == "amount"
    answer(g, "amount 2")
    assert g.players[0].prod[HEAT] == 1 and g.players[0].prod[MC] == 3


# --- 153 Adaptation Technology ----------------------------------------------------------------


def test_adaptation_technology_loosens_global_requirements_by_two_steps():
    g = new_game(2)
    hand(g, 0, "Adaptation Technology", "Farming", "Dust Seals")
    give(g, 0, megacredits=12 + 16 + 2)
    set_parameters(g, temperature=0, oceans=5)
    assert not can_play(g, 0, "Farming")
    assert not can_play(g, 0, "Dust Seals")
    play(g, 0, "Adaptation Technology")
    assert card_points(g, 0) == 1
    assert can_play(g, 0, "Farming")  # 0 °C counts as 4 °C
    assert can_play(g, 0, "Dust Seals")  # 5 oceans count as 3
    set_parameters(g, temperature=-2)
    assert not can_play(g, 0, "Farming")


# --- 155 Designed Microorganisms --------------------------------------------------------------


def test_designed_microorganisms_needs_minus_fourteen_degrees_or_colder():
    g = new_game(2)
    hand(g, 0, "Designed Microorganisms")
    give(g, 0, megacredits=16)
    set_parameters(g, temperature=-12)
    assert not can_play(g, 0, "Designed Microorganisms")
    set_parameters(g, temperature=-14)
    play(g, 0, "Designed Microorganisms")
    assert g.players[0].prod[PLANTS] == 2


# --- 157 Nitrite Reducing Bacteria ------------------------------------------------------------


def test_nitrite_reducing_bacteria_starts_with_three_microbes():
    g = new_game(2)
    hand(g, 0, "Nitrite Reducing Bacteria")
    give(g, 0, megacredits=11)
    play(g, 0, "Nitrite Reducing Bacteria")
    assert g.players[0].card_res[cid("Nitrite Reducing Bacteria")] == 3


def test_nitrite_reducing_bacteria_actions():
    g = new_game(2)
    in_play(g, 0, "Nitrite Reducing Bacteria", resources=2)
    c = cid("Nitrite Reducing Bacteria")
    assert set(actions_offered(g)[c]) == {0}  # type: ignore[call-overload]
    with pytest.raises(IllegalAction):
        g.apply(0, UseAction(c, 1))
    g.apply(0, UseAction(c, 0))
    assert g.players[0].card_res[c] == 3
    set_turn(g, 0)
    g.players[0].used.clear()
    g.apply(0, "action 157 #1")
    assert g.players[0].card_res[c] == 0 and g.players[0].tr == 21


# --- 158 Industrial Microbes ------------------------------------------------------------------


def test_industrial_microbes_raise_energy_and_steel_production():
    g = new_game(2)
    hand(g, 0, "Industrial Microbes")
    give(g, 0, megacredits=2, steel=5)
    g.apply(0, "play 158 s5")
    p = g.players[0]
    assert p.prod[ENERGY] == 1 and p.prod[STEEL] == 1 and p.res[MC] == 0


# --- 159 Lichen -------------------------------------------------------------------------------


def test_lichen_needs_minus_twenty_four_degrees():
    g = new_game(2)
    hand(g, 0, "Lichen")
    give(g, 0, megacredits=7)
    set_parameters(g, temperature=-26)
    assert not can_play(g, 0, "Lichen")
    set_parameters(g, temperature=-24)
    play(g, 0, "Lichen")
    assert g.players[0].prod[PLANTS] == 1
