"""Corporate Era project cards 106–208."""

from __future__ import annotations

import csv
from pathlib import Path

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
    put_cities,
    set_production,
    set_turn,
    top_of_deck,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.cards.catalogue import find
from olympus.engine.constants import CITY, SPECIAL
from olympus.engine.placement import legal_spaces

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)

BLOCK = [
    *("106", "107", "109", "110", "111", "112", "121", "123", "124", "125", "137", "144"),
    *("149", "150", "151", "154", "156", "160", "173", "175", "180", "182", "185", "186"),
    *("192", "194", "195", "196", "197", "199", "201", "204", "207", "208"),
]

TABLE = Path(__file__).resolve().parent.parent / "reference" / "cards.tsv"


# --- facts --------------------------------------------------------------------------------------


def test_block_facts_match_the_reference_table():
    rows = {
        r["card_number"]: r
        for r in csv.DictReader(TABLE.open(encoding="utf-8"), delimiter="\t")
        if r["module"] == "corpera" and r["kind"] == "project"
    }
    for number in BLOCK:
        row, card = rows[number], find(number)
        assert card is not None, number
        assert card.name == row["name"]
        assert card.module == "corpera"
        assert card.cost == int(row["cost"]), number
        assert card.type == row["type"], number
        assert ",".join(card.tags) == row["tags"], number
        assert " & ".join(r.text() for r in card.requirements) == row["requirements"], number
        assert (card.vp.text() if card.vp else "") == row["victory_points"], number
        assert card.summary == row["summary"], number


# --- 106 Acquired Company -----------------------------------------------------------------------


def test_acquired_company_raises_megacredit_production_by_three():
    g = new_game(2)
    hand(g, 0, "Acquired Company")
    give(g, 0, megacredits=10)
    play(g, 0, "Acquired Company")
    assert g.players[0].prod[MC] == 3 and g.players[0].res[MC] == 0


# --- 107 Media Archives -------------------------------------------------------------------------


def test_media_archives_pays_for_every_event_played_by_anyone():
    g = new_game(2)
    g.players[0].events.append(cid("Bribed Committee"))
    g.players[1].events.extend([cid("Sabotage"), cid("Investment Loan")])
    hand(g, 0, "Media Archives")
    give(g, 0, megacredits=8)
    play(g, 0, "Media Archives")
    assert g.players[0].res[MC] == 3


def test_media_archives_counts_events_played_earlier_in_the_game():
    g = new_game(2)
    hand(g, 0, "Bribed Committee", "Media Archives")
    give(g, 0, megacredits=7 + 8)
    play(g, 0, "Bribed Committee")
    play(g, 0, "Media Archives")
    assert g.players[0].res[MC] == 1


# --- 109 Media Group ----------------------------------------------------------------------------


def test_media_group_pays_three_after_each_of_your_events():
    g = new_game(2)
    hand(g, 0, "Media Group", "Bribed Committee", "Acquired Company")
    give(g, 0, megacredits=6 + 7 + 10)
    play(g, 0, "Media Group")
    assert g.players[0].res[MC] == 17  # not an event itself
    play(g, 0, "Bribed Committee")
    assert g.players[0].res[MC] == 10 + 3
    set_turn(g, 0)
    play(g, 0, "Acquired Company")  # not an event: nothing
    assert g.players[0].res[MC] == 3


def test_media_group_ignores_opponents_events():
    g = new_game(2)
    in_play(g, 0, "Media Group")
    set_turn(g, 1)
    hand(g, 1, "Bribed Committee")
    give(g, 1, megacredits=7)
    play(g, 1, "Bribed Committee")
    assert g.players[0].res[MC] == 0


# --- 110 Business Network -----------------------------------------------------------------------


def test_business_network_lowers_megacredit_production_and_needs_room_for_it():
    g = new_game(2)
    hand(g, 0, "Business Network")
    give(g, 0, megacredits=4)
    set_production(g, 0, megacredits=-5)
    assert not can_play(g, 0, "Business Network")
    set_production(g, 0, megacredits=0)
    play(g, 0, "Business Network")
    assert g.players[0].prod[MC] == -1


def test_business_network_action_buys_or_discards_the_top_card():
    g = new_game(2)
    in_play(g, 0, "Business Network")
    give(g, 0, megacredits=3)
    (top,) = top_of_deck(g, "Cartel")
    g.apply(0, "action 110")
    d = decision(g)
    assert d.kind == "cards" and list(d.cards) == [top]
    answer(g, "cards 137")
    assert g.players[0].hand == [top] and g.players[0].res[MC] == 0
    set_turn(g, 0)
    g.players[0].used.clear()
    (top,) = top_of_deck(g, "Satellites")
    g.apply(0, "action 110")
    answer(g, "cards -")
    assert top in g.discard and top not in g.players[0].hand


# --- 111 Business Contacts ----------------------------------------------------------------------


def test_business_contacts_keeps_two_of_the_top_four():
    g = new_game(2)
    four = top_of_deck(g, "Cartel", "Satellites", "Titanium Mine", "Fuel Factory")
    hand(g, 0, "Business Contacts")
    give(g, 0, megacredits=7)
    play(g, 0, "Business Contacts")
    d = decision(g)
    assert set(d.cards) == set(four)
    answer(g, "cards 137,175")
    assert sorted(g.players[0].hand) == [cid("Cartel"), cid("Satellites")]
    assert cid("Titanium Mine") in g.discard and cid("Fuel Factory") in g.discard


# --- 112 Bribed Committee -----------------------------------------------------------------------


def test_bribed_committee_raises_tr_by_two_and_costs_two_points():
    g = new_game(2)
    hand(g, 0, "Bribed Committee")
    give(g, 0, megacredits=7)
    play(g, 0, "Bribed Committee")
    assert g.players[0].tr == 22
    assert card_points(g) == -2


# --- 121 Sabotage -------------------------------------------------------------------------------


def test_sabotage_removes_megacredits_from_a_chosen_player():
    g = new_game(2)
    give(g, 1, titanium=5, steel=6, megacredits=10)
    hand(g, 0, "Sabotage")
    give(g, 0, megacredits=1)
    play(g, 0, "Sabotage")
    d = decision(g)
    assert d.kind == "option" and len(d.labels) == 3
    answer(g, "option 2")
    assert set(decision(g).seats) == {1, None}
    answer(g, "player 1")
    assert g.players[1].res[MC] == 3
    assert g.players[1].res[STEEL] == 6 and g.players[1].res[TITANIUM] == 5


def test_sabotage_removes_at_most_what_the_player_has():
    g = new_game(2)
    give(g, 1, titanium=2, steel=6)
    hand(g, 0, "Sabotage")
    give(g, 0, megacredits=1)
    play(g, 0, "Sabotage", None, "option 0", "player 1")
    assert g.players[1].res[TITANIUM] == 0
    set_turn(g, 0)
    hand(g, 0, "Sabotage")
    give(g, 0, megacredits=1)
    play(g, 0, "Sabotage", None, "player 1")  # only steel is left to remove: no choice asked
    assert g.players[1].res[STEEL] == 2
    assert g.players[0].res[STEEL] == 0  # removed, not stolen


def test_sabotage_offers_only_what_someone_holds():
    g = new_game(3)
    give(g, 1, titanium=1)
    give(g, 2, steel=1)
    hand(g, 0, "Sabotage")
    give(g, 0, megacredits=1)
    play(g, 0, "Sabotage")
    d = decision(g)
    assert d.kind == "option" and d.enabled == (0, 1)  # no one but the player has M€


# --- 123 Industrial Center ----------------------------------------------------------------------


def test_industrial_center_needs_a_city_and_goes_next_to_one():
    g = new_game(2)
    hand(g, 0, "Industrial Center")
    give(g, 0, megacredits=4)
    assert not can_play(g, 0, "Industrial Center")
    (city_space,) = put_cities(g, 1, 1)
    assert can_play(g, 0, "Industrial Center")
    play(g, 0, "Industrial Center")
    d = decision(g)
    neighbours = set(g.map.space(city_space).neighbours)
    assert d.spaces and set(d.spaces) <= neighbours
    space = d.spaces[0]
    answer(g, f"space {space}")
    assert g.tiles[space] == SPECIAL and g.specials[space] == cid("Industrial Center")
    assert g.owners[space] == 0


def test_industrial_center_action_buys_steel_production_for_seven():
    g = new_game(2)
    in_play(g, 0, "Industrial Center")
    give(g, 0, megacredits=6)
    assert cid("Industrial Center") not in actions_offered(g)
    give(g, 0, megacredits=1)
    g.apply(0, "action 123")
    assert g.players[0].prod[STEEL] == 1 and g.players[0].res[MC] == 0


def test_industrial_center_action_cannot_be_paid_with_steel():
    g = new_game(2)
    in_play(g, 0, "Industrial Center")
    give(g, 0, megacredits=3, steel=2)
    assert cid("Industrial Center") not in actions_offered(g)
    give(g, 0, megacredits=4)
    with pytest.raises(IllegalAction):
        g.apply(0, "action 123 s2")


# --- 124 Hired Raiders --------------------------------------------------------------------------


def test_hired_raiders_steals_steel_or_megacredits():
    g = new_game(2)
    give(g, 1, steel=5, megacredits=2)
    hand(g, 0, "Hired Raiders")
    give(g, 0, megacredits=1)
    play(g, 0, "Hired Raiders", None, "option 0", "player 1")
    assert g.players[0].res[STEEL] == 2 and g.players[1].res[STEEL] == 3
    set_turn(g, 0)
    hand(g, 0, "Hired Raiders")
    give(g, 0, megacredits=1)
    play(g, 0, "Hired Raiders", None, "option 1", "player 1")
    assert g.players[0].res[MC] == 2 and g.players[1].res[MC] == 0


# --- 125 Hackers --------------------------------------------------------------------------------


def test_hackers_takes_two_megacredit_production_steps():
    g = new_game(2)
    set_production(g, 0, energy=1)
    set_production(g, 1, megacredits=3)
    hand(g, 0, "Hackers")
    give(g, 0, megacredits=3)
    play(g, 0, "Hackers")
    assert decision(g).kind == "player"
    answer(g, "player 1")
    assert g.players[1].prod[MC] == 1
    assert g.players[0].prod[MC] == 2 and g.players[0].prod[ENERGY] == 0
    assert card_points(g) == -1


def test_hackers_needs_energy_production():
    g = new_game(2)
    hand(g, 0, "Hackers")
    give(g, 0, megacredits=3)
    assert not can_play(g, 0, "Hackers")
    set_production(g, 0, energy=1)
    assert can_play(g, 0, "Hackers")


# --- 137 Cartel ---------------------------------------------------------------------------------


def test_cartel_counts_earth_tags_including_its_own():
    g = new_game(2)
    in_play(g, 0, "Acquired Company", "Media Group")
    hand(g, 0, "Cartel")
    give(g, 0, megacredits=8)
    play(g, 0, "Cartel")
    assert g.players[0].prod[MC] == 3


# --- 144 Titanium Mine --------------------------------------------------------------------------


def test_titanium_mine_can_use_steel_and_raises_titanium_production():
    g = new_game(2)
    hand(g, 0, "Titanium Mine")
    give(g, 0, megacredits=3, steel=2)
    g.apply(0, "play 144 s2")
    assert g.players[0].prod[TITANIUM] == 1
    assert g.players[0].res[MC] == 0 and g.players[0].res[STEEL] == 0


# --- 149 CEO's Favorite Project -----------------------------------------------------------------


def test_ceos_favorite_project_adds_to_a_card_that_holds_resources():
    g = new_game(2)
    in_play(g, 0, "Search For Life", resources=1)
    in_play(g, 0, "Ants")
    hand(g, 0, "CEO's Favorite Project")
    give(g, 0, megacredits=1)
    play(g, 0, "CEO's Favorite Project")
    d = decision(g)
    assert list(d.cards) == [cid("Search For Life")]
    answer(g, "cards 005")
    assert g.players[0].card_res[cid("Search For Life")] == 2


def test_ceos_favorite_project_needs_a_card_holding_a_resource():
    g = new_game(2)
    in_play(g, 0, "Ants")
    hand(g, 0, "CEO's Favorite Project")
    give(g, 0, megacredits=1)
    assert not can_play(g, 0, "CEO's Favorite Project")


# --- 150 Anti-Gravity Technology ----------------------------------------------------------------

SEVEN_SCIENCE = (
    "Search For Life",
    "GHG Producing Bacteria",
    "Lagrange Observatory",
    "Viral Enhancers",
    "Robotic Workforce",
    "Standard Technology",
    "Restricted Area",
)


def test_anti_gravity_technology_needs_seven_science_tags():
    g = new_game(2)
    in_play(g, 0, *SEVEN_SCIENCE[:6])
    hand(g, 0, "Anti-Gravity Technology")
    give(g, 0, megacredits=14)
    assert not can_play(g, 0, "Anti-Gravity Technology")
    in_play(g, 0, SEVEN_SCIENCE[6])
    assert can_play(g, 0, "Anti-Gravity Technology")


def test_anti_gravity_technology_discounts_every_card_and_scores_three():
    g = new_game(2)
    in_play(g, 0, *SEVEN_SCIENCE)
    hand(g, 0, "Anti-Gravity Technology", "Acquired Company")
    give(g, 0, megacredits=14 + 8)
    before = card_points(g)
    play(g, 0, "Anti-Gravity Technology")
    assert card_points(g) - before == 3
    play(g, 0, "Acquired Company")  # 10 M€, paid 8
    assert g.players[0].res[MC] == 0 and g.players[0].prod[MC] == 3


# --- 151 Investment Loan ------------------------------------------------------------------------


def test_investment_loan_trades_production_for_ten_megacredits():
    g = new_game(2)
    hand(g, 0, "Investment Loan")
    give(g, 0, megacredits=3)
    play(g, 0, "Investment Loan")
    assert g.players[0].res[MC] == 10 and g.players[0].prod[MC] == -1


def test_investment_loan_needs_megacredit_production_to_lower():
    g = new_game(2)
    set_production(g, 0, megacredits=-5)
    hand(g, 0, "Investment Loan")
    give(g, 0, megacredits=3)
    assert not can_play(g, 0, "Investment Loan")


# --- 154 Caretaker Contract ---------------------------------------------------------------------


def test_caretaker_contract_needs_zero_degrees():
    g = new_game(2)
    hand(g, 0, "Caretaker Contract")
    give(g, 0, megacredits=3)
    g.temperature = -2
    assert not can_play(g, 0, "Caretaker Contract")
    g.temperature = 0
    g._cache = None
    assert can_play(g, 0, "Caretaker Contract")


def test_caretaker_contract_action_turns_eight_heat_into_tr():
    g = new_game(2)
    in_play(g, 0, "Caretaker Contract")
    give(g, 0, heat=7)
    assert cid("Caretaker Contract") not in actions_offered(g)
    give(g, 0, heat=2)
    g.apply(0, "action 154")
    assert g.players[0].tr == 21 and g.players[0].res[HEAT] == 1


# --- 156 Standard Technology --------------------------------------------------------------------


def test_standard_technology_refunds_standard_projects_but_not_sold_patents():
    g = new_game(2)
    in_play(g, 0, "Standard Technology")
    give(g, 0, megacredits=11)
    g.apply(0, "project power_plant")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].res[MC] == 3
    hand(g, 0, "Cartel")
    g.apply(0, "project sell_patents")
    answer(g, "cards 137")
    assert g.players[0].res[MC] == 4


def test_standard_technology_does_not_pay_for_opponents_projects():
    g = new_game(2)
    in_play(g, 0, "Standard Technology")
    set_turn(g, 1)
    give(g, 1, megacredits=11)
    g.apply(1, "project power_plant")
    assert g.players[0].res[MC] == 0 and g.players[1].res[MC] == 0


# --- 160 Power Supply Consortium ----------------------------------------------------------------


def test_power_supply_consortium_needs_two_power_tags():
    g = new_game(2)
    set_production(g, 1, energy=1)
    in_play(g, 0, "Energy Tapping")
    hand(g, 0, "Power Supply Consortium")
    give(g, 0, megacredits=5)
    assert not can_play(g, 0, "Power Supply Consortium")  # its own tag does not count
    in_play(g, 0, "Power Infrastructure")
    assert can_play(g, 0, "Power Supply Consortium")


def test_power_supply_consortium_moves_an_energy_production_step():
    g = new_game(2)
    set_production(g, 1, energy=2)
    in_play(g, 0, "Energy Tapping", "Power Infrastructure")
    hand(g, 0, "Power Supply Consortium")
    give(g, 0, megacredits=5)
    play(g, 0, "Power Supply Consortium")  # only the opponent can lose it: no question
    assert g.players[1].prod[ENERGY] == 1 and g.players[0].prod[ENERGY] == 1


# --- 173 Protected Habitats ---------------------------------------------------------------------


def test_protected_habitats_shields_plants_from_opponents():
    g = new_game(3)
    in_play(g, 0, "Protected Habitats")
    give(g, 0, plants=5)
    give(g, 2, plants=5)
    set_turn(g, 1)
    hand(g, 1, "Asteroid")
    give(g, 1, megacredits=14)
    play(g, 1, "Asteroid")
    assert set(decision(g).seats) == {2, None}
    answer(g, "player 2")
    assert g.players[0].res[PLANTS] == 5 and g.players[2].res[PLANTS] == 2


def test_protected_habitats_shields_microbes_and_animals_on_cards():
    g = new_game(2)
    in_play(g, 0, "Protected Habitats")
    in_play(g, 0, "Decomposers", resources=2)
    in_play(g, 1, "Ants")
    set_turn(g, 1)
    assert cid("Ants") not in actions_offered(g, 1)


def test_protected_habitats_does_not_shield_steel():
    g = new_game(2)
    in_play(g, 0, "Protected Habitats")
    give(g, 0, steel=4)
    set_turn(g, 1)
    hand(g, 1, "Sabotage")
    give(g, 1, megacredits=1)
    play(g, 1, "Sabotage", None, "player 0")  # steel is the only thing to remove
    assert g.players[0].res[STEEL] == 0


# --- 175 Satellites -----------------------------------------------------------------------------


def test_satellites_counts_space_tags_including_its_own():
    g = new_game(2)
    in_play(g, 0, "Lagrange Observatory", "Water Import From Europa")
    hand(g, 0, "Satellites")
    give(g, 0, megacredits=10)
    play(g, 0, "Satellites")
    assert g.players[0].prod[MC] == 3


# --- 180 Fuel Factory ---------------------------------------------------------------------------


def test_fuel_factory_turns_energy_production_into_titanium_and_megacredits():
    g = new_game(2)
    hand(g, 0, "Fuel Factory")
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Fuel Factory")
    set_production(g, 0, energy=1)
    play(g, 0, "Fuel Factory")
    p = g.players[0]
    assert (p.prod[ENERGY], p.prod[TITANIUM], p.prod[MC]) == (0, 1, 1)


# --- 182 Corporate Stronghold -------------------------------------------------------------------


def test_corporate_stronghold_places_a_city_and_changes_production():
    g = new_game(2)
    hand(g, 0, "Corporate Stronghold")
    give(g, 0, megacredits=11)
    assert not can_play(g, 0, "Corporate Stronghold")
    set_production(g, 0, energy=1)
    play(g, 0, "Corporate Stronghold")
    d = decision(g)
    assert d.kind == "space"
    space = d.spaces[0]
    answer(g, f"space {space}")
    p = g.players[0]
    assert g.tiles[space] == CITY and g.owners[space] == 0
    assert p.prod[ENERGY] == 0 and p.prod[MC] == 3
    assert card_points(g) == -2


# --- 185 Olympus Conference ---------------------------------------------------------------------


def test_olympus_conference_adds_a_resource_for_its_own_science_tag():
    g = new_game(2)
    hand(g, 0, "Olympus Conference")
    give(g, 0, megacredits=10)
    play(g, 0, "Olympus Conference")  # nothing to remove yet: no question
    assert g.players[0].card_res[cid("Olympus Conference")] == 1
    assert card_points(g) == 1


def test_olympus_conference_may_spend_a_resource_to_draw_on_a_science_tag():
    g = new_game(2)
    in_play(g, 0, "Olympus Conference", resources=1)
    hand(g, 0, "Lagrange Observatory", "Standard Technology")
    give(g, 0, megacredits=9 + 6)
    a, b = top_of_deck(g, "Cartel", "Satellites")
    play(g, 0, "Lagrange Observatory")  # draws b, then the conference asks
    d = decision(g)
    assert d.kind == "option" and list(d.enabled) == [0, 1]
    answer(g, "option 1")
    oc = cid("Olympus Conference")
    assert g.players[0].card_res[oc] == 0
    assert {a, b} <= set(g.players[0].hand)
    play(g, 0, "Standard Technology")  # nothing to remove: added without asking
    assert g.players[0].card_res[oc] == 1


def test_olympus_conference_ignores_cards_without_science_tags():
    g = new_game(2)
    in_play(g, 0, "Olympus Conference", resources=1)
    hand(g, 0, "Acquired Company")
    give(g, 0, megacredits=10)
    play(g, 0, "Acquired Company")
    assert g.players[0].card_res[cid("Olympus Conference")] == 1


# --- 186 Rad-Suits ------------------------------------------------------------------------------


def test_rad_suits_needs_two_cities_in_play():
    g = new_game(2)
    hand(g, 0, "Rad-Suits")
    give(g, 0, megacredits=6)
    put_cities(g, 1, 1)
    assert not can_play(g, 0, "Rad-Suits")
    put_cities(g, 1, 1)
    assert can_play(g, 0, "Rad-Suits")
    play(g, 0, "Rad-Suits")
    assert g.players[0].prod[MC] == 1
    assert card_points(g) == 1


# --- 192 Invention Contest ----------------------------------------------------------------------


def test_invention_contest_keeps_one_of_the_top_three():
    g = new_game(2)
    three = top_of_deck(g, "Cartel", "Satellites", "Titanium Mine")
    hand(g, 0, "Invention Contest")
    give(g, 0, megacredits=2)
    play(g, 0, "Invention Contest")
    d = decision(g)
    assert set(d.cards) == set(three)
    answer(g, "cards 175")
    assert g.players[0].hand == [cid("Satellites")]
    assert cid("Cartel") in g.discard and cid("Titanium Mine") in g.discard


# --- 194 Power Infrastructure -------------------------------------------------------------------


def test_power_infrastructure_action_turns_energy_into_megacredits():
    g = new_game(2)
    in_play(g, 0, "Power Infrastructure")
    assert cid("Power Infrastructure") not in actions_offered(g)
    give(g, 0, energy=3)
    g.apply(0, "action 194")
    d = decision(g)
    assert d.kind == "amount" and (d.minimum, d.maximum) == (1, 3)
    answer(g, "amount 2")
    assert g.players[0].res[ENERGY] == 1 and g.players[0].res[MC] == 2


# --- 195 Indentured Workers ---------------------------------------------------------------------


def test_indentured_workers_discounts_only_the_next_card():
    g = new_game(2)
    hand(g, 0, "Indentured Workers", "Acquired Company", "Titanium Mine")
    give(g, 0, megacredits=2)
    play(g, 0, "Indentured Workers")
    assert card_points(g) == -1
    play(g, 0, "Acquired Company")  # 10 - 8
    assert g.players[0].res[MC] == 0 and g.players[0].prod[MC] == 3
    set_turn(g, 0)
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Titanium Mine")  # back to full price


# --- 196 Lagrange Observatory -------------------------------------------------------------------


def test_lagrange_observatory_draws_a_card_and_scores_one():
    g = new_game(2)
    (top,) = top_of_deck(g, "Cartel")
    hand(g, 0, "Lagrange Observatory")
    give(g, 0, megacredits=9)
    play(g, 0, "Lagrange Observatory")
    assert g.players[0].hand == [top]
    assert card_points(g) == 1


# --- 197 Terraforming Ganymede ------------------------------------------------------------------


def test_terraforming_ganymede_raises_tr_per_jovian_tag():
    g = new_game(2)
    in_play(g, 0, "Methane From Titan", "Callisto Penal Mines")
    hand(g, 0, "Terraforming Ganymede")
    give(g, 0, megacredits=33)
    before = card_points(g)
    play(g, 0, "Terraforming Ganymede")
    assert g.players[0].tr == 23
    assert card_points(g) - before == 2


def test_terraforming_ganymede_can_use_titanium():
    g = new_game(2)
    hand(g, 0, "Terraforming Ganymede")
    give(g, 0, megacredits=3, titanium=10)
    g.apply(0, "play 197 t10")
    assert g.players[0].tr == 21 and g.players[0].res[TITANIUM] == 0


# --- 199 Restricted Area ------------------------------------------------------------------------


def test_restricted_area_places_its_tile_on_land():
    g = new_game(2)
    hand(g, 0, "Restricted Area")
    give(g, 0, megacredits=11)
    play(g, 0, "Restricted Area")
    d = decision(g)
    assert set(d.spaces) == set(legal_spaces(g, 0, "special", "land"))
    space = d.spaces[0]
    answer(g, f"space {space}")
    assert g.tiles[space] == SPECIAL and g.specials[space] == cid("Restricted Area")


def test_restricted_area_action_draws_a_card_for_two_megacredits():
    g = new_game(2)
    in_play(g, 0, "Restricted Area")
    give(g, 0, megacredits=1)
    assert cid("Restricted Area") not in actions_offered(g)
    give(g, 0, megacredits=1)
    (top,) = top_of_deck(g, "Cartel")
    g.apply(0, UseAction(cid("Restricted Area"), 0))
    assert g.players[0].hand == [top] and g.players[0].res[MC] == 0


# --- 201 Energy Tapping -------------------------------------------------------------------------


def test_energy_tapping_moves_an_energy_step_from_a_chosen_player():
    g = new_game(2)
    set_production(g, 0, energy=1)
    set_production(g, 1, energy=2)
    hand(g, 0, "Energy Tapping")
    give(g, 0, megacredits=3)
    play(g, 0, "Energy Tapping")
    assert set(decision(g).seats) == {0, 1}
    answer(g, "player 1")
    assert g.players[1].prod[ENERGY] == 1 and g.players[0].prod[ENERGY] == 2
    assert card_points(g) == -1


def test_energy_tapping_needs_somebody_with_energy_production():
    g = new_game(2)
    hand(g, 0, "Energy Tapping")
    give(g, 0, megacredits=3)
    assert not can_play(g, 0, "Energy Tapping")


# --- 204 Technology Demonstration ---------------------------------------------------------------


def test_technology_demonstration_draws_two_cards():
    g = new_game(2)
    two = top_of_deck(g, "Cartel", "Satellites")
    hand(g, 0, "Technology Demonstration")
    give(g, 0, megacredits=5)
    play(g, 0, "Technology Demonstration")
    assert sorted(g.players[0].hand) == sorted(two)


# --- 207 Medical Lab ----------------------------------------------------------------------------


def test_medical_lab_counts_building_tags_in_pairs_including_its_own():
    g = new_game(2)
    in_play(g, 0, "Titanium Mine", "Fuel Factory", "Industrial Center")
    hand(g, 0, "Medical Lab")
    give(g, 0, megacredits=13)
    play(g, 0, "Medical Lab")
    assert g.players[0].prod[MC] == 2  # 4 building tags
    assert card_points(g) == 1


def test_medical_lab_rounds_down():
    g = new_game(2)
    in_play(g, 0, "Titanium Mine", "Fuel Factory")
    hand(g, 0, "Medical Lab")
    give(g, 0, megacredits=13)
    play(g, 0, "Medical Lab")
    assert g.players[0].prod[MC] == 1  # 3 building tags


# --- 208 AI Central -----------------------------------------------------------------------------


def test_ai_central_needs_three_science_tags_and_energy_production():
    g = new_game(2)
    set_production(g, 0, energy=1)
    in_play(g, 0, "Standard Technology", "Restricted Area")
    hand(g, 0, "AI Central")
    give(g, 0, megacredits=21)
    assert not can_play(g, 0, "AI Central")
    in_play(g, 0, "Lagrange Observatory")
    assert can_play(g, 0, "AI Central")
    set_production(g, 0, energy=0)
    assert not can_play(g, 0, "AI Central")
    set_production(g, 0, energy=1)
    before = card_points(g)
    play(g, 0, "AI Central")
    assert g.players[0].prod[ENERGY] == 0
    assert card_points(g) - before == 1


def test_ai_central_action_draws_two_cards_once_a_generation():
    g = new_game(2)
    in_play(g, 0, "AI Central")
    two = top_of_deck(g, "Cartel", "Satellites")
    g.apply(0, "action 208")
    assert sorted(g.players[0].hand) == sorted(two)
    with pytest.raises(IllegalAction):
        g.apply(0, "action 208")
