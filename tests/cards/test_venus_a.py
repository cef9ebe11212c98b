"""Venus Next's automated cards and events (venus_a), each played from a set-up position."""

from __future__ import annotations

from venus_helpers import set_venus, venus_game

from colony_helpers import labels, pick
from helpers import (
    can_play,
    card_points,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    new_game,
    play,
    put_cities,
    set_production,
    set_turn,
)
from olympus.engine import ChooseCards, ChoosePlayer, ChooseSpace, Game
from olympus.engine.constants import CITY
from olympus.engine.decisions import SelectCards, SelectPlayer, SelectSpace
from olympus.engine.query import cities_in_play

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _played(g: Game, key: str, mc: int, seat: int = 0) -> None:
    hand(g, seat, key)
    give(g, seat, megacredits=mc)
    play(g, seat, key)


def test_aerosport_tournament_needs_5_floaters_and_pays_per_city() -> None:
    g = venus_game()
    put_cities(g, 1, 3)
    hand(g, 0, "Aerosport Tournament")
    give(g, 0, megacredits=7)
    in_play(g, 0, "Local Shading", resources=4)
    assert not can_play(g, 0, "Aerosport Tournament")
    in_play(g, 0, "Dirigibles", resources=1)
    play(g, 0, "Aerosport Tournament")
    assert g.players[0].res[MC] == 3 and card_points(g, 0) == 1


def test_air_scrapping_expedition_raises_venus_and_puts_3_floaters_on_a_venus_card() -> None:
    g = venus_game()
    in_play(g, 0, "Dirigibles", "Local Shading")
    tr = g.players[0].tr
    _played(g, "Air-Scrapping Expedition", 13)
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {cid("Dirigibles"), cid("Local Shading")}
    g.apply(0, ChooseCards((cid("Local Shading"),)))
    assert g.venus == 2 and g.players[0].tr == tr + 1
    assert card_resources(g, 0, "Local Shading") == 3


def test_atalanta_planitia_lab_needs_3_science_tags_and_draws_2() -> None:
    g = venus_game()
    hand(g, 0, "Atalanta Planitia Lab")
    give(g, 0, megacredits=10)
    in_play(g, 0, "Research", "Sponsored Academies")
    assert can_play(g, 0, "Atalanta Planitia Lab")  # Research has 2 science tags
    play(g, 0, "Atalanta Planitia Lab")
    assert len(g.players[0].hand) == 2 and card_points(g, 0) == 2 + 1 + 1


def test_atmoscoop_raises_venus_or_temperature_2_steps_and_adds_2_floaters() -> None:
    g = venus_game()
    in_play(g, 0, "Research", "Sponsored Academies", "Local Shading")
    _played(g, "Atmoscoop", 22)
    assert labels(g) == ["Raise the temperature 2 steps", "Raise Venus 2 steps"]
    pick(g, "Raise Venus")
    assert g.venus == 4 and card_resources(g, 0, "Local Shading") == 2


def test_comet_for_venus_takes_up_to_4_from_a_player_with_a_venus_tag() -> None:
    g = venus_game(3)
    in_play(g, 1, "Local Shading")
    give(g, 1, megacredits=3)
    give(g, 2, megacredits=9)  # no Venus tag: not a target
    _played(g, "Comet for Venus", 11)
    d = decision(g)
    assert isinstance(d, SelectPlayer) and d.seats == (1, None)
    g.apply(0, ChoosePlayer(1))
    assert g.venus == 2 and g.players[0].res[MC] == 3 and g.players[1].res[MC] == 0


def test_comet_for_venus_with_nobody_to_rob_still_raises_venus() -> None:
    g = venus_game()
    _played(g, "Comet for Venus", 11)
    assert g.venus == 2 and g.decisions()[0].kind == "action"


def test_corroder_suits_adds_a_resource_of_any_kind_to_a_venus_card() -> None:
    g = venus_game()
    in_play(g, 0, "Venusian Insects")
    _played(g, "Corroder Suits", 8)
    assert g.players[0].prod[MC] == 2 and card_resources(g, 0, "Venusian Insects") == 1


def test_freyja_biodomes_puts_2_microbes_or_animals_on_another_venus_card() -> None:
    g = venus_game()
    set_venus(g, 10)
    set_production(g, 0, energy=1)
    in_play(g, 0, "Venusian Insects", "Local Shading")  # floaters do not qualify
    _played(g, "Freyja Biodomes", 14)
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 2
    assert card_resources(g, 0, "Venusian Insects") == 2 and card_points(g, 0) == 2 + 1


def test_freyja_biodomes_needs_venus_at_10_and_energy_production() -> None:
    g = venus_game()
    hand(g, 0, "Freyja Biodomes")
    give(g, 0, megacredits=14)
    set_venus(g, 10)
    assert not can_play(g, 0, "Freyja Biodomes")  # no energy production to lower
    set_production(g, 0, energy=1)
    set_venus(g, 8)
    assert not can_play(g, 0, "Freyja Biodomes")


def test_ghg_import_from_venus_raises_venus_and_heat_production() -> None:
    g = venus_game()
    _played(g, "GHG Import From Venus", 23)
    assert g.venus == 2 and g.players[0].prod[HEAT] == 3


def test_giant_solar_shade_raises_venus_3_steps_through_the_card_bonus() -> None:
    g = venus_game()
    set_venus(g, 6)
    tr = g.players[0].tr
    _played(g, "Giant Solar Shade", 27)
    assert g.venus == 12 and g.players[0].tr == tr + 3 and len(g.players[0].hand) == 1


def test_gyropolis_places_a_city_and_counts_venus_and_earth_tags() -> None:
    g = venus_game()
    set_production(g, 0, energy=2)
    in_play(g, 0, "Local Shading", "Sponsored Academies", "Ishtar Mining")
    _played(g, "Gyropolis", 20)
    d = decision(g)
    assert isinstance(d, SelectSpace)
    g.apply(0, ChooseSpace(d.spaces[0]))
    p = g.players[0]
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 3


def test_hydrogen_to_venus_adds_a_floater_per_jovian_tag() -> None:
    g = venus_game()
    in_play(g, 0, "Io Sulphur Research", "Local Shading")
    hand(g, 0, "Hydrogen to Venus")
    give(g, 0, megacredits=11)
    play(g, 0, "Hydrogen to Venus")
    assert g.venus == 2 and card_resources(g, 0, "Local Shading") == 1


def test_io_sulphur_research_draws_3_with_3_venus_tags() -> None:
    g = venus_game()
    _played(g, "Io Sulphur Research", 17)
    assert len(g.players[0].hand) == 1 and card_points(g, 0) == 2
    in_play(g, 0, "Local Shading", "Dirigibles", "Ishtar Mining")
    set_turn(g, 0)
    _played(g, "Io Sulphur Research", 17)  # a second copy, as a position
    assert len(g.players[0].hand) == 1 + 3


def test_ishtar_mining_needs_venus_at_8() -> None:
    g = venus_game()
    hand(g, 0, "Ishtar Mining")
    give(g, 0, megacredits=5)
    set_venus(g, 6)
    assert not can_play(g, 0, "Ishtar Mining")
    set_venus(g, 8)
    play(g, 0, "Ishtar Mining")
    assert g.players[0].prod[TITANIUM] == 1


def _three_tags(g: Game) -> None:
    in_play(g, 0, "Local Shading", "Sponsored Academies", "Io Sulphur Research")


def test_luxury_foods_needs_a_venus_an_earth_and_a_jovian_tag() -> None:
    g = venus_game()
    hand(g, 0, "Luxury Foods")
    give(g, 0, megacredits=8)
    in_play(g, 0, "Local Shading", "Sponsored Academies")
    assert not can_play(g, 0, "Luxury Foods")
    in_play(g, 0, "Io Sulphur Research")
    play(g, 0, "Luxury Foods")
    assert card_points(g, 0) == 2 + 1 + 2


def test_mining_quota_gives_2_steel_production() -> None:
    g = venus_game()
    _three_tags(g)
    _played(g, "Mining Quota", 5)
    assert g.players[0].prod[STEEL] == 2


def test_neutralizer_factory_needs_venus_at_10_and_raises_it() -> None:
    g = venus_game()
    set_venus(g, 10)
    _played(g, "Neutralizer Factory", 7)
    assert g.venus == 12


def test_omnicourt_gives_2_tr() -> None:
    g = venus_game()
    _three_tags(g)
    tr = g.players[0].tr
    _played(g, "Omnicourt", 11)
    assert g.players[0].tr == tr + 2


def test_orbital_reflectors_raises_venus_2_steps_and_heat_production() -> None:
    g = venus_game()
    _played(g, "Orbital Reflectors", 26)
    assert g.venus == 4 and g.players[0].prod[HEAT] == 2


def test_sister_planet_support_needs_venus_and_earth_tags() -> None:
    g = venus_game()
    hand(g, 0, "Sister Planet Support")
    give(g, 0, megacredits=7)
    assert not can_play(g, 0, "Sister Planet Support")  # its own tags do not count yet
    in_play(g, 0, "Local Shading", "Sponsored Academies")
    play(g, 0, "Sister Planet Support")
    assert g.players[0].prod[MC] == 3


def test_solarnet_draws_2_cards() -> None:
    g = venus_game()
    _three_tags(g)
    _played(g, "Solarnet", 7)
    assert len(g.players[0].hand) == 2 and card_points(g, 0) == 1 + 2 + 1


def test_spin_inducing_asteroid_needs_venus_at_most_10() -> None:
    g = venus_game()
    hand(g, 0, "Spin-Inducing Asteroid")
    give(g, 0, megacredits=16)
    set_venus(g, 12)
    assert not can_play(g, 0, "Spin-Inducing Asteroid")
    set_venus(g, 10)
    play(g, 0, "Spin-Inducing Asteroid")
    assert g.venus == 14


def test_sponsored_academies_discards_draws_3_and_every_opponent_draws_1() -> None:
    g = venus_game(3)
    hand(g, 0, "Sponsored Academies", "Mine")
    give(g, 0, megacredits=9)
    play(g, 0, "Sponsored Academies")
    d = decision(g)
    assert isinstance(d, SelectCards) and d.cards == (cid("Mine"),)
    g.apply(0, ChooseCards((cid("Mine"),)))
    assert len(g.players[0].hand) == 3 and cid("Mine") in g.discard
    assert [len(p.hand) for p in g.players[1:]] == [1, 1]


def test_sulphur_exports_counts_its_own_venus_tag() -> None:
    g = venus_game()
    in_play(g, 0, "Local Shading")
    _played(g, "Sulphur Exports", 21)
    assert g.venus == 2 and g.players[0].prod[MC] == 2


def test_terraforming_contract_needs_a_tr_of_25() -> None:
    g = venus_game()
    hand(g, 0, "Terraforming Contract")
    give(g, 0, megacredits=8)
    g.players[0].tr = 24
    assert not can_play(g, 0, "Terraforming Contract")
    g.players[0].tr = 25
    g._cache = None
    play(g, 0, "Terraforming Contract")
    assert g.players[0].prod[MC] == 4


def test_water_to_venus_raises_venus() -> None:
    g = venus_game()
    _played(g, "Water to Venus", 9)
    assert g.venus == 2 and cid("Water to Venus") in g.players[0].events


def test_venus_governor_needs_2_venus_tags_and_bears_two() -> None:
    g = venus_game()
    hand(g, 0, "Venus Governor")
    give(g, 0, megacredits=4)
    in_play(g, 0, "Local Shading")
    assert not can_play(g, 0, "Venus Governor")
    in_play(g, 0, "Dirigibles")
    play(g, 0, "Venus Governor")
    assert g.players[0].prod[MC] == 2
    assert g.view(None)["award_standings"][-1] == {"name": "venuphile", "counts": [4, 0]}


def test_venus_soils_puts_2_microbes_on_another_card() -> None:
    g = venus_game()
    in_play(g, 0, "Decomposers")
    _played(g, "Venus Soils", 20)
    assert g.venus == 2 and g.players[0].prod[PLANTS] == 1
    assert card_resources(g, 0, "Decomposers") == 2 + 1  # and 1 for the plant tag played


def test_venusian_plants_needs_16_and_feeds_another_venus_card() -> None:
    g = venus_game()
    hand(g, 0, "Venusian Plants")
    give(g, 0, megacredits=13)
    set_venus(g, 14)
    assert not can_play(g, 0, "Venusian Plants")
    set_venus(g, 16)
    in_play(g, 0, "Venusian Insects")
    play(g, 0, "Venusian Plants")
    assert g.venus == 18 and card_resources(g, 0, "Venusian Insects") == 1


def test_dawn_city_builds_on_its_own_space_off_mars() -> None:
    g = venus_game()
    in_play(g, 0, "Research", "Sponsored Academies", "Atalanta Planitia Lab")  # 4 science
    set_production(g, 0, energy=1)
    _played(g, "Dawn City", 15)
    _place_on(g, 71)
    p = g.players[0]
    assert g.tiles[71] == CITY and g.owners[71] == 0 and g.map.spaces[71].row == -1
    assert p.prod[ENERGY] == 0 and p.prod[TITANIUM] == 1 and card_points(g, 0) >= 3
    assert cities_in_play(g) == 1 and cities_in_play(g, "mars") == 0


def test_luna_metropolis_counts_earth_tags_and_its_city_counts_for_aerosport() -> None:
    g = venus_game()
    in_play(g, 0, "Sponsored Academies")
    _played(g, "Luna Metropolis", 21)
    _place_on(g, 70)
    assert g.tiles[70] == CITY and g.players[0].prod[MC] == 2
    in_play(g, 0, "Dirigibles", resources=5)
    set_turn(g, 0)
    _played(g, "Aerosport Tournament", 7)
    assert g.players[0].res[MC] == 1  # the one city in play


def test_the_reserved_spaces_exist_only_in_venus_games() -> None:
    plain = new_game(2)
    assert plain.map.size == venus_game().map.size - 10 and plain.map.size <= 70


def _place_on(g: Game, space: int) -> None:
    """Answer the placement: the card's own space is the only one offered."""
    d = decision(g)
    assert isinstance(d, SelectSpace) and list(d.spaces) == [space], d
    g.apply(d.player, ChooseSpace(space))
