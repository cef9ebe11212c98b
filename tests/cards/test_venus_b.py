"""Venus Next's cards with a blue action or an ongoing effect (venus_b), each played or used
from a set-up position."""

from __future__ import annotations

import pytest
from venus_helpers import set_venus, venus_game

from helpers import (
    answer,
    can_play,
    card_points,
    card_resources,
    cid,
    decision,
    give,
    hand,
    in_play,
    play,
    set_production,
    set_turn,
    use_action,
)
from olympus.engine import ChooseCards, ChooseSpace, Game, Payment, UseAction
from olympus.engine.constants import CITY
from olympus.engine.decisions import SelectAmount, SelectCards, SelectSpace
from olympus.engine.errors import IllegalAction

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _again(g: Game, seat: int = 0) -> None:
    """A later generation's turn: the card actions are usable again."""
    g.players[seat].used.clear()
    set_turn(g, seat)


def test_aerial_mappers_adds_a_floater_or_spends_one_to_draw() -> None:
    g = venus_game()
    in_play(g, 0, "Aerial Mappers", "Local Shading")
    use_action(g, 0, "Aerial Mappers", 0)
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {
        cid("Aerial Mappers"),
        cid("Local Shading"),
    }
    g.apply(0, ChooseCards((cid("Aerial Mappers"),)))
    _again(g)
    use_action(g, 0, "Aerial Mappers", 1)
    assert card_resources(g, 0, "Aerial Mappers") == 0 and len(g.players[0].hand) == 1
    assert card_points(g, 0) == 1


def test_deuterium_export_turns_a_floater_into_energy_production() -> None:
    g = venus_game()
    in_play(g, 0, "Deuterium Export")
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Deuterium Export", 1)  # no floater yet
    use_action(g, 0, "Deuterium Export", 0)
    _again(g)
    use_action(g, 0, "Deuterium Export", 1)
    assert g.players[0].prod[ENERGY] == 1 and card_resources(g, 0, "Deuterium Export") == 0


def test_dirigibles_floaters_pay_3_each_towards_a_venus_card_only() -> None:
    g = venus_game()
    in_play(g, 0, "Dirigibles", resources=3)
    hand(g, 0, "Giant Solar Shade", "Mine")  # 27 M€ Venus; 4 M€ building
    give(g, 0, megacredits=21)
    rule = g.decision_for(0).options.cards[cid("Giant Solar Shade")]  # type: ignore[attr-defined]
    assert (rule.resources, rule.resource_value) == (3, 3)
    play(g, 0, "Giant Solar Shade")
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (2, 3)
    answer(g, "amount 2")
    assert card_resources(g, 0, "Dirigibles") == 1 and g.players[0].res[MC] == 0
    assert g.venus == 6
    in_play(g, 0, "Local Shading")
    _again(g)
    use_action(g, 0, "Dirigibles")
    g.apply(0, ChooseCards((cid("Dirigibles"),)))
    assert card_resources(g, 0, "Dirigibles") == 2
    give(g, 0, megacredits=4)
    rule = g.decision_for(0).options.cards[cid("Mine")]  # type: ignore[attr-defined]
    assert rule.resources == 0  # not a Venus card: the floaters do not pay


def test_extractor_balloons_starts_with_3_and_spends_2_for_a_venus_step() -> None:
    g = venus_game()
    hand(g, 0, "Extractor Balloons")
    give(g, 0, megacredits=21)
    play(g, 0, "Extractor Balloons")
    assert card_resources(g, 0, "Extractor Balloons") == 3
    _again(g)
    use_action(g, 0, "Extractor Balloons", 1)
    assert g.venus == 2 and card_resources(g, 0, "Extractor Balloons") == 1
    _again(g)
    use_action(g, 0, "Extractor Balloons", 0)
    assert card_resources(g, 0, "Extractor Balloons") == 2


def test_extremophiles_needs_2_science_tags_and_scores_per_3_microbes() -> None:
    g = venus_game()
    hand(g, 0, "Extremophiles")
    give(g, 0, megacredits=3)
    assert not can_play(g, 0, "Extremophiles")
    in_play(g, 0, "Research")
    play(g, 0, "Extremophiles")
    g.players[0].card_res[cid("Extremophiles")] = 5
    _again(g)
    use_action(g, 0, "Extremophiles")  # its only microbe card: no question
    assert card_resources(g, 0, "Extremophiles") == 6 and card_points(g, 0) == 1 + 2


def test_floating_habs_pays_2_for_a_floater_and_scores_per_2() -> None:
    g = venus_game()
    in_play(g, 0, "Research", "Floating Habs")
    give(g, 0, megacredits=2)
    use_action(g, 0, "Floating Habs")
    assert g.players[0].res[MC] == 0 and card_resources(g, 0, "Floating Habs") == 1
    g.players[0].card_res[cid("Floating Habs")] = 4
    assert card_points(g, 0) == 1 + 2
    _again(g)
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Floating Habs")  # 2 M€ needed


def test_forced_precipitation_buys_floaters_and_spends_2_for_venus() -> None:
    g = venus_game()
    in_play(g, 0, "Forced Precipitation", resources=1)
    give(g, 0, megacredits=2)
    use_action(g, 0, "Forced Precipitation", 0)
    assert card_resources(g, 0, "Forced Precipitation") == 2 and g.players[0].res[MC] == 0
    _again(g)
    use_action(g, 0, "Forced Precipitation", 1)
    assert g.venus == 2 and card_resources(g, 0, "Forced Precipitation") == 0


def test_jet_stream_microscrappers_turns_titanium_into_2_floaters() -> None:
    g = venus_game()
    in_play(g, 0, "Jet Stream Microscrappers")
    give(g, 0, titanium=1)
    use_action(g, 0, "Jet Stream Microscrappers", 0)
    assert card_resources(g, 0, "Jet Stream Microscrappers") == 2
    assert g.players[0].res[TITANIUM] == 0
    _again(g)
    use_action(g, 0, "Jet Stream Microscrappers", 1)
    assert g.venus == 2


def test_local_shading_turns_a_floater_into_mc_production() -> None:
    g = venus_game()
    in_play(g, 0, "Local Shading", resources=1)
    use_action(g, 0, "Local Shading", 1)
    assert g.players[0].prod[MC] == 1 and card_resources(g, 0, "Local Shading") == 0


def test_rotator_impacts_buys_asteroids_with_titanium_and_spends_them_for_venus() -> None:
    g = venus_game()
    hand(g, 0, "Rotator Impacts")
    give(g, 0, megacredits=6)
    set_venus(g, 16)
    assert not can_play(g, 0, "Rotator Impacts")  # at most 14%
    set_venus(g, 14)
    play(g, 0, "Rotator Impacts")
    give(g, 0, titanium=2)
    _again(g)
    g.apply(0, UseAction(cid("Rotator Impacts"), 0, Payment(titanium=2)))
    assert card_resources(g, 0, "Rotator Impacts") == 1 and g.players[0].res[TITANIUM] == 0
    _again(g)
    use_action(g, 0, "Rotator Impacts", 1)
    assert g.venus == 16 and card_resources(g, 0, "Rotator Impacts") == 0


def test_stratospheric_birds_needs_a_floater_to_spend() -> None:
    g = venus_game()
    hand(g, 0, "Stratospheric Birds")
    give(g, 0, megacredits=12)
    set_venus(g, 12)
    assert not can_play(g, 0, "Stratospheric Birds")
    in_play(g, 0, "Local Shading", resources=1)
    play(g, 0, "Stratospheric Birds")
    assert card_resources(g, 0, "Local Shading") == 0
    _again(g)
    use_action(g, 0, "Stratospheric Birds")
    assert card_points(g, 0) == 1


def test_sulphur_eating_bacteria_cashes_microbes_for_3_each() -> None:
    g = venus_game()
    in_play(g, 0, "Sulphur-Eating Bacteria", resources=3)
    use_action(g, 0, "Sulphur-Eating Bacteria", 1)
    d = decision(g)
    assert isinstance(d, SelectAmount) and (d.minimum, d.maximum) == (1, 3)
    answer(g, "amount 2")
    assert g.players[0].res[MC] == 6 and card_resources(g, 0, "Sulphur-Eating Bacteria") == 1


def test_thermophiles_feeds_a_venus_card_or_spends_2_microbes_for_venus() -> None:
    g = venus_game()
    in_play(g, 0, "Thermophiles", "Venusian Insects", "Decomposers")
    use_action(g, 0, "Thermophiles", 0)
    d = decision(g)
    assert isinstance(d, SelectCards) and set(d.cards) == {
        cid("Thermophiles"),
        cid("Venusian Insects"),
    }
    g.apply(0, ChooseCards((cid("Thermophiles"),)))
    g.players[0].card_res[cid("Thermophiles")] = 2
    _again(g)
    use_action(g, 0, "Thermophiles", 1)
    assert g.venus == 2 and card_resources(g, 0, "Thermophiles") == 0


def test_venus_magnetizer_trades_energy_production_for_a_venus_step() -> None:
    g = venus_game()
    in_play(g, 0, "Venus Magnetizer")
    with pytest.raises(IllegalAction):
        use_action(g, 0, "Venus Magnetizer")
    set_production(g, 0, energy=1)
    use_action(g, 0, "Venus Magnetizer")
    assert g.venus == 2 and g.players[0].prod[ENERGY] == 0


def test_venus_waystation_takes_2_off_per_venus_tag() -> None:
    g = venus_game()
    in_play(g, 0, "Venus Waystation", "Local Shading")
    hand(g, 0, "Venus Governor")  # 4 M€, two Venus tags
    in_play(g, 0, "Dirigibles")
    play(g, 0, "Venus Governor")
    assert g.players[0].res[MC] == 0 and cid("Venus Governor") in g.players[0].played
    assert card_points(g, 0) == 1


def test_venusian_animals_gets_an_animal_per_science_tag_its_own_included() -> None:
    g = venus_game()
    hand(g, 0, "Venusian Animals", "Research")
    give(g, 0, megacredits=15 + 11)
    set_venus(g, 18)
    play(g, 0, "Venusian Animals")
    assert card_resources(g, 0, "Venusian Animals") == 1
    play(g, 0, "Research")
    assert card_resources(g, 0, "Venusian Animals") == 3 and card_points(g, 0) == 3 + 1


def test_venusian_insects_needs_12_and_scores_per_2_microbes() -> None:
    g = venus_game()
    hand(g, 0, "Venusian Insects")
    give(g, 0, megacredits=5)
    set_venus(g, 10)
    assert not can_play(g, 0, "Venusian Insects")
    set_venus(g, 12)
    play(g, 0, "Venusian Insects")
    _again(g)
    use_action(g, 0, "Venusian Insects")
    _again(g)
    use_action(g, 0, "Venusian Insects")
    assert card_points(g, 0) == 1


def test_maxwell_base_builds_off_mars_and_feeds_another_venus_card() -> None:
    g = venus_game()
    hand(g, 0, "Maxwell Base")
    give(g, 0, megacredits=18)
    set_production(g, 0, energy=1)
    set_venus(g, 12)
    in_play(g, 0, "Venusian Insects")
    play(g, 0, "Maxwell Base")
    _place_on(g, 73)
    assert g.tiles[73] == CITY and g.owners[73] == 0 and g.players[0].prod[ENERGY] == 0
    _again(g)
    use_action(g, 0, "Maxwell Base")
    assert card_resources(g, 0, "Venusian Insects") == 1 and card_points(g, 0) == 3


def test_stratopolis_builds_off_mars_and_puts_2_floaters_on_a_venus_card() -> None:
    g = venus_game()
    in_play(g, 0, "Research")
    hand(g, 0, "Stratopolis")
    give(g, 0, megacredits=22)
    play(g, 0, "Stratopolis")
    _place_on(g, 72)
    assert g.tiles[72] == CITY and g.players[0].prod[MC] == 2
    _again(g)
    use_action(g, 0, "Stratopolis")  # itself is its only Venus floater card
    g.players[0].card_res[cid("Stratopolis")] += 1
    assert card_resources(g, 0, "Stratopolis") == 3 and card_points(g, 0) == 1 + 1  # Research


def _place_on(g: Game, space: int) -> None:
    """Answer the placement: the card's own space is the only one offered."""
    d = decision(g)
    assert isinstance(d, SelectSpace) and list(d.spaces) == [space], d
    g.apply(d.player, ChooseSpace(space))
