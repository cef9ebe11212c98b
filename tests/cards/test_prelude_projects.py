"""The Prelude expansion's project cards (P36–P42) and its 5 corporations."""

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
    set_parameters,
    set_production,
    set_turn,
)
from olympus.engine import ChooseCards, ChooseSetup, Game, GameOptions, IllegalAction
from olympus.engine.constants import CITY
from olympus.engine.placement import legal_spaces

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


# --- project cards ----------------------------------------------------------------------------


def test_house_printing_raises_steel_production_for_a_point() -> None:
    g = new_game(2)
    hand(g, 0, "House Printing")
    give(g, 0, megacredits=10)
    play(g, 0, "House Printing")
    assert g.players[0].prod[STEEL] == 1 and card_points(g, 0) == 1


def test_sf_memorial_draws_a_card_for_a_point() -> None:
    g = new_game(2)
    hand(g, 0, "SF Memorial")
    give(g, 0, megacredits=7)
    play(g, 0, "SF Memorial")
    assert len(g.players[0].hand) == 1 and card_points(g, 0) == 1


def test_space_hotels_needs_two_earth_tags_a_wild_tag_standing_in() -> None:
    g = new_game(2)
    hand(g, 0, "Space Hotels")
    give(g, 0, megacredits=12)
    in_play(g, 0, "Research Coordination")
    assert not can_play(g, 0, "Space Hotels")  # one wild tag is one tag
    in_play(g, 0, "Sponsors")  # an Earth tag
    assert can_play(g, 0, "Space Hotels")
    play(g, 0, "Space Hotels")
    assert g.players[0].prod[MC] == 4  # Sponsors was put in play, not played


def test_research_coordination_is_any_tag_for_requirements_but_scores_nothing() -> None:
    g = new_game(2)
    hand(g, 0, "Research Coordination")
    give(g, 0, megacredits=4)
    play(g, 0, "Research Coordination")
    in_play(g, 0, "Io Mining Industries")  # 1 VP per Jovian tag
    assert card_points(g, 0) == 1  # its own Jovian tag only: the wild tag scores nothing


def test_martian_survey_needs_low_oxygen_and_draws_two() -> None:
    g = new_game(2)
    hand(g, 0, "Martian Survey")
    give(g, 0, megacredits=9)
    set_parameters(g, oxygen=5)
    assert not can_play(g, 0, "Martian Survey")
    set_parameters(g, oxygen=4)
    play(g, 0, "Martian Survey")
    p = g.players[0]
    assert len(p.hand) == 2 and cid("Martian Survey") in p.events and card_points(g, 0) == 1


def test_lava_tube_settlement_builds_next_to_a_city_on_a_volcanic_space() -> None:
    g = new_game(2)
    volcanic = [s.id for s in g.map.spaces if s is not None and s.volcanic]
    neighbour = g.map.space(volcanic[0]).neighbours[0]
    put_tile(g, neighbour, CITY, 1)
    hand(g, 0, "Lava Tube Settlement")
    give(g, 0, megacredits=15)
    assert not can_play(g, 0, "Lava Tube Settlement")  # no energy production
    set_production(g, 0, energy=1)
    play(g, 0, "Lava Tube Settlement")
    d = decision(g)
    assert volcanic[0] in d.spaces and set(d.spaces) <= set(volcanic)  # type: ignore[attr-defined]
    answer(g, f"space {volcanic[0]}")
    p = g.players[0]
    assert g.tiles[volcanic[0]] == CITY and p.prod[ENERGY] == 0 and p.prod[MC] == 2


def test_psychrophiles_collects_microbes_that_pay_for_plant_cards() -> None:
    g = new_game(2)
    hand(g, 0, "Psychrophiles")
    give(g, 0, megacredits=2)
    set_parameters(g, temperature=-18)
    assert not can_play(g, 0, "Psychrophiles")
    set_parameters(g, temperature=-20)
    play(g, 0, "Psychrophiles")
    g.apply(0, "action P39")
    p = g.players[0]
    p.card_res[cid("Psychrophiles")] = 3
    hand(g, 0, "Lichen", "Mine")  # Lichen: 7 M€, plant tag
    give(g, 0, megacredits=1)
    set_parameters(g, temperature=-24)
    set_turn(g, 0)
    d = g.decision_for(0)
    rule = d.options.cards[cid("Lichen")]  # type: ignore[attr-defined]
    assert (rule.cost, rule.resources, rule.resource_value) == (7, 3, 2)
    assert d.options.cards.get(cid("Mine")) is None  # type: ignore[attr-defined]
    play(g, 0, "Lichen")  # 1 M€ and all 3 microbes: the only way to pay, nothing is asked
    assert p.card_res[cid("Psychrophiles")] == 0 and p.res[MC] == 0


# --- corporations -----------------------------------------------------------------------------


def _started(corp: str) -> Game:
    """A real Prelude setup in which seat 0 takes `corp` and buys no card (the preludes wait)."""
    g = Game.new(GameOptions(players=2, seed=8, prelude=True))
    g.players[0].dealt_corps = [cid(corp)]
    while g.phase == "setup":
        d = g.decisions()[0]
        p = g.players[d.player]
        if d.kind == "cards":
            g.apply(d.player, ChooseCards(tuple(p.preludes[:2])))
        else:
            g.apply(d.player, ChooseSetup(p.dealt_corps[0], ()))
    return g


@pytest.mark.parametrize(
    ("corp", "mc", "production"),
    [
        ("Cheung Shing MARS", 44, {MC: 3}),
        ("Point Luna", 38, {TITANIUM: 1}),
        ("Robinson Industries", 47, {}),
        ("Valley Trust", 37, {}),
        ("Vitor", 45 + 3, {}),  # its own play counts once
    ],
)
def test_prelude_corporations_start(corp: str, mc: int, production: dict[int, int]) -> None:
    g = _started(corp)
    p = g.players[0]
    assert p.preludes and p.played == []  # preludes not played yet
    assert p.res[MC] == mc
    assert p.prod == [production.get(r, 0) for r in range(6)]


def test_point_luna_draws_for_its_own_earth_tag_and_every_earth_tag_played() -> None:
    g = _started("Point Luna")
    assert len(g.players[0].hand) == 1
    g = new_game(2, corporations=["Point Luna", "R00"])
    hand(g, 0, "Sponsors")
    give(g, 0, megacredits=6)
    play(g, 0, "Sponsors")
    assert len(g.players[0].hand) == 1


def test_cheung_shing_mars_building_cards_cost_two_less() -> None:
    g = new_game(2, corporations=["Cheung Shing MARS", "R00"])
    hand(g, 0, "House Printing")
    give(g, 0, megacredits=8)
    play(g, 0, "House Printing")
    assert g.players[0].res[MC] == 0


def test_valley_trust_first_action_plays_one_of_three_preludes() -> None:
    g = new_game(2, corporations=["Valley Trust", "R00"])
    g.prelude_deck = [cid("Donation"), cid("Loan"), cid("Mohole"), cid("Supply Drop")]
    g.players[0].first_action = True
    set_turn(g, 0)
    g.apply(0, "action R34")
    d = decision(g)
    assert d.kind == "cards" and d.purpose == "prelude"  # type: ignore[attr-defined]
    assert set(d.cards) == {cid("Loan"), cid("Mohole"), cid("Supply Drop")}  # type: ignore[attr-defined]
    answer(g, "cards P17")
    p = g.players[0]
    assert p.res[MC] == 30 and cid("Loan") in p.played
    assert sorted(g.prelude_discard) == sorted([cid("Mohole"), cid("Supply Drop")])


def test_valley_trust_science_cards_cost_two_less() -> None:
    g = new_game(2, corporations=["Valley Trust", "R00"])
    hand(g, 0, "Martian Survey")
    give(g, 0, megacredits=7)
    play(g, 0, "Martian Survey")
    assert g.players[0].res[MC] == 0


def test_vitor_funds_an_award_for_free_and_takes_3_per_card_with_points() -> None:
    g = new_game(3, corporations=["Vitor", "R00", "R00"])
    g.players[0].first_action = True
    set_turn(g, 0)
    g.apply(0, "action R35")
    d = decision(g)
    assert d.kind == "option" and len(d.labels) == 5  # type: ignore[attr-defined]
    answer(g, "option 1")
    assert g.awards == [("banker", 0)] and g.players[0].res[MC] == 0
    hand(g, 0, "House Printing", "Mine")  # 1 VP; no VP
    give(g, 0, megacredits=14)
    play(g, 0, "House Printing")
    assert g.players[0].res[MC] == 4 + 3
    set_turn(g, 0)
    play(g, 0, "Mine")
    assert g.players[0].res[MC] == 3


def test_vitor_in_solo_has_no_award_to_fund() -> None:
    g = new_game(1, corporations=["Vitor"])
    g.players[0].first_action = True
    set_turn(g, 0)
    g.apply(0, "action R35")
    assert g.awards == [] and decision(g).kind == "action"


def test_robinson_industries_raises_a_lowest_production() -> None:
    g = new_game(2, corporations=["Robinson Industries", "R00"])
    set_production(g, 0, megacredits=1, steel=1, titanium=1, plants=1, energy=1, heat=0)
    give(g, 0, megacredits=4)
    g.apply(0, "action R27")
    p = g.players[0]
    assert p.prod[HEAT] == 1 and p.res[MC] == 0
    with pytest.raises(IllegalAction):
        g.apply(0, "action R27")  # once a generation, and no M€ left
    g = new_game(2, corporations=["Robinson Industries", "R00"])
    set_production(g, 0, megacredits=2, steel=2, titanium=2, plants=2, energy=0, heat=0)
    give(g, 0, megacredits=4)
    g.apply(0, "action R27")
    d = decision(g)
    assert d.kind == "option" and d.labels == (  # type: ignore[attr-defined]
        "energy production +1",
        "heat production +1",
    )
    answer(g, "option 0")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].prod[HEAT] == 0


def test_lava_tube_settlement_has_no_space_when_volcanoes_are_taken() -> None:
    g = new_game(2)
    for sid in legal_spaces(g, 0, "city", "volcanic"):
        put_tile(g, sid, CITY, 1)
    hand(g, 0, "Lava Tube Settlement")
    give(g, 0, megacredits=15)
    set_production(g, 0, energy=1)
    assert not can_play(g, 0, "Lava Tube Settlement")
