"""The Colonies expansion's project cards C26–C49, each played from a set-up position."""

from __future__ import annotations

import pytest

from colony_helpers import colony_game, labels, pick, put_colonies, tile, trade
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
    put_cities,
    refresh,
    set_parameters,
    set_production,
    set_turn,
    top_of_deck,
    use_action,
)
from olympus.engine import (
    ChooseAmount,
    ChooseCards,
    ChooseSpace,
    Game,
    IllegalAction,
    PlayCard,
)
from olympus.engine.decisions import SelectCards, SelectSpace

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _next_turn(g: Game, seat: int = 0) -> None:
    g.players[seat].used.clear()
    set_turn(g, seat)


# --- Minority Refuge and Pioneer Settlement -----------------------------------------------------


@pytest.mark.parametrize("name", ["Minority Refuge", "Pioneer Settlement"])
def test_refuge_cards_place_a_colony_and_cut_mc_production(name: str) -> None:
    g = colony_game(2, "Ceres", "Luna")
    hand(g, 0, name)
    give(g, 0, megacredits=13)
    play(g, 0, name)
    assert labels(g) == ["Ceres: steel production +1", "Luna: M€ production +2"]
    pick(g, "Ceres")
    p = g.players[0]
    assert p.prod[MC] == -2 and p.prod[STEEL] == 1 and tile(g, "Ceres").colonies == [0]


@pytest.mark.parametrize("name", ["Minority Refuge", "Pioneer Settlement"])
def test_refuge_cards_at_production_minus_four_go_to_luna_only(name: str) -> None:
    g = colony_game(2, "Ceres", "Luna")
    hand(g, 0, name)
    give(g, 0, megacredits=13)
    set_production(g, 0, megacredits=-4)
    play(g, 0, name)  # only Luna leaves room for the cut: no question
    assert tile(g, "Luna").colonies == [0] and g.players[0].prod[MC] == -4


def test_minority_refuge_at_minus_four_without_luna_cannot_be_played() -> None:
    g = colony_game(2, "Ceres", "Luna")
    put_colonies(g, "Luna", 1, 1, 1)  # Luna full
    hand(g, 0, "Minority Refuge")
    give(g, 0, megacredits=5)
    set_production(g, 0, megacredits=-4)
    assert not can_play(g, 0, "Minority Refuge")
    set_production(g, 0, megacredits=-3)
    assert can_play(g, 0, "Minority Refuge")


def test_minority_refuge_with_poseidon_at_minus_four_may_use_any_tile() -> None:
    g = colony_game(2, "Ceres", "Luna")
    in_play(g, 0, "Trade Envoys")
    g.players[0].corp = cid("Poseidon")
    hand(g, 0, "Minority Refuge")
    give(g, 0, megacredits=5)
    set_production(g, 0, megacredits=-4)
    play(g, 0, "Minority Refuge")
    assert len(labels(g)) == 2
    pick(g, "Ceres")
    assert g.players[0].prod[MC] == -5


def test_pioneer_settlement_needs_at_most_one_colony_and_scores_two() -> None:
    g = colony_game(2, "Ceres", "Luna", "Callisto")
    put_colonies(g, "Ceres", 0)
    put_colonies(g, "Luna", 0)
    hand(g, 0, "Pioneer Settlement")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Pioneer Settlement")
    put_colonies(g, "Luna")
    play(g, 0, "Pioneer Settlement")
    pick(g, "Callisto")
    assert card_points(g, 0) == 2


# --- the others, in number order --------------------------------------------------------------


def test_molecular_printing_counts_cities_and_colonies_of_everyone() -> None:
    g = colony_game(2)
    put_cities(g, 1, 2)
    put_colonies(g, "Luna", 0, 1)
    hand(g, 0, "Molecular Printing")
    give(g, 0, megacredits=11)
    play(g, 0, "Molecular Printing")
    assert g.players[0].res[MC] == 4 and card_points(g, 0) == 1


def test_nitrogen_from_titan_raises_tr_and_feeds_a_jovian_card() -> None:
    g = colony_game(2)
    in_play(g, 0, "Atmo Collectors", "Titan Shuttles")
    hand(g, 0, "Nitrogen from Titan")
    give(g, 0, megacredits=25)
    play(g, 0, "Nitrogen from Titan")  # Titan Shuttles is the only Jovian floater card
    assert g.players[0].tr == 22 and card_resources(g, 0, "Titan Shuttles") == 2
    assert card_resources(g, 0, "Atmo Collectors") == 0


def test_productive_outpost_collects_every_colony_bonus() -> None:
    g = colony_game(2, "Luna", "Ceres", "Callisto")
    put_colonies(g, "Luna", 0)
    put_colonies(g, "Ceres", 1, 0)
    hand(g, 0, "Productive Outpost")
    play(g, 0, "Productive Outpost")
    p = g.players[0]
    assert (p.res[MC], p.res[STEEL], p.res[ENERGY]) == (2, 2, 0)
    assert g.players[1].res[STEEL] == 0


def test_quantum_communications_counts_every_colony() -> None:
    g = colony_game(2)
    put_colonies(g, "Luna", 0, 1)
    put_colonies(g, "Ceres", 1)
    in_play(g, 0, "Cryo-Sleep", "Warp Drive", "Floater Technology", "Research Colony")
    hand(g, 0, "Quantum Communications")
    give(g, 0, megacredits=8)
    play(g, 0, "Quantum Communications")
    assert g.players[0].prod[MC] == 3


def test_red_spot_observatory_draws_and_trades_floaters_for_cards() -> None:
    g = colony_game(2)
    in_play(g, 0, "Cryo-Sleep", "Warp Drive", "Floater Technology")
    hand(g, 0, "Red Spot Observatory")
    give(g, 0, megacredits=17)
    play(g, 0, "Red Spot Observatory")
    assert len(g.players[0].hand) == 2
    use_action(g, 0, "Red Spot Observatory", 0)
    assert card_resources(g, 0, "Red Spot Observatory") == 1
    _next_turn(g)
    use_action(g, 0, "Red Spot Observatory", 1)
    assert len(g.players[0].hand) == 3 and card_resources(g, 0, "Red Spot Observatory") == 0
    assert card_points(g, 0) == 2 + 1 + 2


def test_refugee_camps_trades_mc_production_for_camps() -> None:
    g = colony_game(2)
    in_play(g, 0, "Refugee Camps")
    set_production(g, 0, megacredits=-4)
    use_action(g, 0, "Refugee Camps")
    assert g.players[0].prod[MC] == -5 and card_resources(g, 0, "Refugee Camps") == 1
    _next_turn(g)
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Refugee Camps")  # production cannot go below -5
    assert card_points(g, 0) == 1


def test_research_colony_may_join_an_own_colony_and_draws_two() -> None:
    g = colony_game(2, "Luna")
    put_colonies(g, "Luna", 0)
    hand(g, 0, "Research Colony")
    give(g, 0, megacredits=20)
    play(g, 0, "Research Colony")
    assert tile(g, "Luna").colonies == [0, 0] and len(g.players[0].hand) == 2


def test_rim_freighters_lowers_each_fee() -> None:
    g = colony_game(2, "Luna")
    in_play(g, 0, "Rim Freighters", "Cryo-Sleep")
    give(g, 0, megacredits=7, energy=1)
    trade(g, 0, "Luna", fee="energy")
    assert g.players[0].res[ENERGY] == 0 and g.players[0].res[MC] == 7 + 2


def test_sky_docks_gives_a_fleet_and_a_discount() -> None:
    g = colony_game(2)
    in_play(g, 0, "Refugee Camps", "Lunar Exports")
    hand(g, 0, "Sky Docks", "Trade Envoys")
    give(g, 0, megacredits=18 + 5)
    play(g, 0, "Sky Docks")
    assert g.colonies is not None and g.colonies.fleets[0] == 2
    play(g, 0, "Trade Envoys")  # 6 - 1
    assert g.players[0].res[MC] == 0 and card_points(g, 0) == 2


def test_solar_probe_counts_its_own_science_tag() -> None:
    g = colony_game(2)
    in_play(g, 0, "Cryo-Sleep", "Warp Drive")
    hand(g, 0, "Solar Probe")
    give(g, 0, megacredits=9)
    play(g, 0, "Solar Probe")  # 3 science tags with its own
    assert len(g.players[0].hand) == 1 and card_points(g, 0) == 1 + 2 + 1


def test_solar_reflectors_gives_five_heat_production() -> None:
    g = colony_game(2)
    hand(g, 0, "Solar Reflectors")
    give(g, 0, megacredits=23)
    play(g, 0, "Solar Reflectors")
    assert g.players[0].prod[HEAT] == 5


def test_space_port_needs_a_colony_and_energy() -> None:
    g = colony_game(2)
    hand(g, 0, "Space Port")
    give(g, 0, megacredits=22)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Space Port")
    put_colonies(g, "Luna", 0)
    play(g, 0, "Space Port")
    d = decision(g)
    assert isinstance(d, SelectSpace)
    g.apply(0, ChooseSpace(d.spaces[0]))
    p = g.players[0]
    assert (p.prod[ENERGY], p.prod[MC]) == (0, 4)
    assert g.colonies is not None and g.colonies.fleets[0] == 2


def test_space_port_colony_scores_per_two_colonies_and_gives_a_fleet() -> None:
    g = colony_game(2, "Luna")
    hand(g, 0, "Space Port Colony")
    give(g, 0, megacredits=27)
    assert not can_play(g, 0, "Space Port Colony")
    put_colonies(g, "Luna", 0, 1)
    play(g, 0, "Space Port Colony")  # joins its own colony on Luna
    assert tile(g, "Luna").colonies == [0, 1, 0]
    assert g.colonies is not None and g.colonies.fleets[0] == 2
    assert card_points(g, 0) == 1


def test_spin_off_department_draws_for_cards_printed_at_20_or_more() -> None:
    g = colony_game(2)
    hand(g, 0, "Spin-off Department", "Solar Reflectors", "Trade Envoys")
    give(g, 0, megacredits=10 + 23 + 6)
    play(g, 0, "Spin-off Department")
    assert g.players[0].prod[MC] == 2
    play(g, 0, "Solar Reflectors")
    assert len(g.players[0].hand) == 2  # Trade Envoys and the card drawn
    _next_turn(g)
    play(g, 0, "Trade Envoys")
    assert len(g.players[0].hand) == 1


def test_sub_zero_salt_fish_needs_warmth_and_cuts_plants() -> None:
    g = colony_game(2)
    hand(g, 0, "Sub-zero Salt Fish")
    give(g, 0, megacredits=5)
    set_production(g, 1, plants=2)
    set_parameters(g, temperature=-8)
    assert not can_play(g, 0, "Sub-zero Salt Fish")
    set_parameters(g, temperature=-6)
    play(g, 0, "Sub-zero Salt Fish")  # only seat 1 has plant production: no question
    assert g.players[1].prod[PLANTS] == 1
    use_action(g, 0, "Sub-zero Salt Fish")
    _next_turn(g)
    use_action(g, 0, "Sub-zero Salt Fish")
    assert card_resources(g, 0, "Sub-zero Salt Fish") == 2 and card_points(g, 0) == 1


def test_titan_air_scrapping_buys_floaters_and_spends_them_for_tr() -> None:
    g = colony_game(2)
    in_play(g, 0, "Titan Air-scrapping", resources=1)
    give(g, 0, titanium=1)
    use_action(g, 0, "Titan Air-scrapping", 0)
    assert card_resources(g, 0, "Titan Air-scrapping") == 3 and g.players[0].res[TITANIUM] == 0
    _next_turn(g)
    use_action(g, 0, "Titan Air-scrapping", 1)
    assert card_resources(g, 0, "Titan Air-scrapping") == 1 and g.players[0].tr == 21
    assert card_points(g, 0) == 2


def test_titan_floating_launch_pad_feeds_jovian_cards_and_trades_for_a_floater() -> None:
    g = colony_game(2, "Luna", "Ceres")
    hand(g, 0, "Titan Floating Launch-pad")
    give(g, 0, megacredits=18)
    play(g, 0, "Titan Floating Launch-pad")  # itself is the only Jovian floater card
    assert card_resources(g, 0, "Titan Floating Launch-pad") == 2
    use_action(g, 0, "Titan Floating Launch-pad", 1)
    pick(g, "Luna")  # no fee asked
    assert g.players[0].res[MC] == 2 and card_resources(g, 0, "Titan Floating Launch-pad") == 1
    assert tile(g, "Luna").visitor == 0 and card_points(g, 0) == 1


def test_titan_floating_launch_pad_free_trade_still_needs_a_fleet() -> None:
    g = colony_game(2, "Luna")
    in_play(g, 0, "Titan Floating Launch-pad", resources=2)
    tile(g, "Luna").visitor = 1  # the only tile is taken
    refresh(g)
    assert 1 not in g.decision_for(0).options.actions.get(cid("C44"), {})  # type: ignore[attr-defined]
    tile(g, "Luna").visitor = -1
    refresh(g)
    use_action(g, 0, "Titan Floating Launch-pad", 0)  # adds a floater to itself
    assert card_resources(g, 0, "Titan Floating Launch-pad") == 3


def test_titan_shuttles_feeds_jovian_cards_or_turns_floaters_into_titanium() -> None:
    g = colony_game(2)
    in_play(g, 0, "Titan Shuttles", "Jovian Lanterns")
    use_action(g, 0, "Titan Shuttles", 0)
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {cid("C45"), cid("C18")}
    g.apply(0, ChooseCards((cid("Titan Shuttles"),)))
    _next_turn(g)
    use_action(g, 0, "Titan Shuttles", 1)
    g.apply(0, ChooseAmount(2))
    assert g.players[0].res[TITANIUM] == 2 and card_resources(g, 0, "Titan Shuttles") == 0


def test_trade_envoys_may_push_the_marker_before_trading() -> None:
    g = colony_game(2, "Luna")
    in_play(g, 0, "Trade Envoys")
    give(g, 0, megacredits=9)
    trade(g, 0, "Luna", boost=1)
    assert g.players[0].res[MC] == 4  # Luna's step 3


def test_trading_colony_places_a_colony_and_pushes_markers() -> None:
    g = colony_game(2, "Luna", "Ceres")
    hand(g, 0, "Trading Colony")
    give(g, 0, megacredits=18 + 9)
    play(g, 0, "Trading Colony")
    pick(g, "Ceres")
    assert tile(g, "Ceres").colonies == [0]
    trade(g, 0, "Luna", boost=1)
    assert g.players[0].res[MC] == 4


def test_urban_decomposers_needs_a_colony_and_an_own_city() -> None:
    g = colony_game(2)
    in_play(g, 0, "Decomposers")
    hand(g, 0, "Urban Decomposers")
    give(g, 0, megacredits=6)
    put_colonies(g, "Luna", 0)
    put_cities(g, 1, 1)  # somebody else's city does not count
    assert not can_play(g, 0, "Urban Decomposers")
    put_cities(g, 0, 1)
    play(g, 0, "Urban Decomposers")
    assert g.players[0].prod[PLANTS] == 1
    assert card_resources(g, 0, "Decomposers") == 2 + 1  # and one for its microbe tag


def test_warp_drive_takes_four_off_space_cards() -> None:
    g = colony_game(2)
    in_play(g, 0, "Cryo-Sleep", "Floater Technology", "Research Colony", "Ecology Research")
    in_play(g, 0, "Red Spot Observatory")
    hand(g, 0, "Warp Drive", "Solar Reflectors")
    give(g, 0, megacredits=14 + 19)
    play(g, 0, "Warp Drive")
    g.apply(0, PlayCard(cid("Solar Reflectors")))
    assert g.players[0].res[MC] == 0 and card_points(g, 0) == 1 + 1 + 2 + 2


def test_a_card_drawn_by_red_spot_comes_off_the_deck() -> None:
    g = colony_game(2)
    in_play(g, 0, "Red Spot Observatory", resources=1)
    top = top_of_deck(g, "Solar Reflectors")
    use_action(g, 0, "Red Spot Observatory", 1)
    assert g.players[0].hand == top
