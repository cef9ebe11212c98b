"""Corporate Era project cards 001–105."""

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
    set_production,
    set_turn,
)
from olympus.engine import IllegalAction, UseAction
from olympus.engine.cards.model import card_number
from olympus.engine.constants import CITY, GREENERY, SPECIAL

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)

SCIENCE_CARDS = ("Inventors' Guild", "Advanced Alloys", "Robotic Workforce", "Gene Repair")


# --- 002 Asteroid Mining Consortium -----------------------------------------------------------


def test_asteroid_mining_consortium_needs_own_titanium_production():
    g = new_game(2)
    set_production(g, 1, titanium=2)
    hand(g, 0, "Asteroid Mining Consortium")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Asteroid Mining Consortium")
    set_production(g, 0, titanium=1)
    assert can_play(g, 0, "Asteroid Mining Consortium")


def test_asteroid_mining_consortium_moves_a_titanium_step_from_a_chosen_player():
    g = new_game(3)
    set_production(g, 0, titanium=1)
    set_production(g, 1, titanium=2)
    hand(g, 0, "Asteroid Mining Consortium")
    give(g, 0, megacredits=13)
    play(g, 0, "Asteroid Mining Consortium")
    d = decision(g)
    assert d.kind == "player" and set(d.seats) == {0, 1}  # seat 2 has no titanium production
    answer(g, "player 1")
    assert g.players[0].prod[TITANIUM] == 2 and g.players[1].prod[TITANIUM] == 1
    assert g.players[0].res[MC] == 0
    assert card_points(g, 0) == 1


# --- 006 Inventors' Guild ---------------------------------------------------------------------


def test_inventors_guild_action_buys_the_top_card():
    g = new_game(2)
    in_play(g, 0, "Inventors' Guild")
    give(g, 0, megacredits=5)
    g.deck.append(cid("Mine"))
    g.apply(0, UseAction(cid("Inventors' Guild"), 0))
    d = decision(g)
    assert d.kind == "cards" and d.cards == (cid("Mine"),)  # type: ignore[attr-defined]
    answer(g, "cards 056")
    assert g.players[0].hand == [cid("Mine")] and g.players[0].res[MC] == 2


def test_inventors_guild_action_may_discard_the_top_card():
    g = new_game(2)
    in_play(g, 0, "Inventors' Guild")
    give(g, 0, megacredits=5)
    g.deck.append(cid("Mine"))
    g.apply(0, "action 006")
    answer(g, "cards -")
    assert g.players[0].hand == [] and g.players[0].res[MC] == 5
    assert cid("Mine") in g.discard


# --- 013 Space Elevator -----------------------------------------------------------------------


def test_space_elevator_raises_titanium_production_and_trades_steel_for_megacredits():
    g = new_game(2)
    hand(g, 0, "Space Elevator")
    give(g, 0, megacredits=3, titanium=8, steel=1)
    g.apply(0, "play 013 t8")
    assert g.players[0].prod[TITANIUM] == 1 and g.players[0].res[MC] == 0
    g.apply(0, "action 013")
    assert g.players[0].res[STEEL] == 0 and g.players[0].res[MC] == 5
    assert card_points(g, 0) == 2


def test_space_elevator_action_needs_steel():
    g = new_game(2)
    in_play(g, 0, "Space Elevator")
    give(g, 0, megacredits=10)
    assert cid("Space Elevator") not in actions_offered(g)
    with pytest.raises(IllegalAction):
        g.apply(0, "action 013")


# --- 014 Development Center -------------------------------------------------------------------


def test_development_center_turns_energy_into_a_card():
    g = new_game(2)
    in_play(g, 0, "Development Center")
    assert cid("Development Center") not in actions_offered(g)
    give(g, 0, energy=2)
    g.apply(0, "action 014")
    assert len(g.players[0].hand) == 1 and g.players[0].res[ENERGY] == 1


# --- 025 Space Station ------------------------------------------------------------------------


def test_space_station_discounts_space_cards_and_scores_one():
    g = new_game(2)
    hand(g, 0, "Space Station", "Vesta Shipyard", "Mine")
    give(g, 0, megacredits=10 + 13 + 4)
    play(g, 0, "Space Station")
    assert g.players[0].res[MC] == 17
    g.apply(0, "play 057")  # 15 - 2
    assert g.players[0].res[MC] == 4
    set_turn(g, 0)
    play(g, 0, "Mine")  # not a space card: full price
    assert g.players[0].res[MC] == 0
    assert card_points(g, 0) == 1 + 1  # Space Station and Vesta Shipyard


# --- 027 Interstellar Colony Ship -------------------------------------------------------------


def test_interstellar_colony_ship_needs_five_science_tags_and_scores_four():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:4])
    hand(g, 0, "Interstellar Colony Ship")
    give(g, 0, megacredits=24)
    assert not can_play(g, 0, "Interstellar Colony Ship")
    in_play(g, 0, "Development Center")
    assert can_play(g, 0, "Interstellar Colony Ship")
    before = card_points(g, 0)
    play(g, 0, "Interstellar Colony Ship")
    assert cid("Interstellar Colony Ship") in g.players[0].events
    assert card_points(g, 0) - before == 4


# --- 028 Security Fleet -----------------------------------------------------------------------


def test_security_fleet_action_turns_titanium_into_fighters_worth_a_point_each():
    g = new_game(2)
    hand(g, 0, "Security Fleet")
    give(g, 0, megacredits=12, titanium=1)
    play(g, 0, "Security Fleet")
    assert card_points(g, 0) == 0
    g.apply(0, "action 028")
    assert g.players[0].card_res[cid("Security Fleet")] == 1
    assert g.players[0].res[TITANIUM] == 0
    assert card_points(g, 0) == 1
    set_turn(g, 0)
    g.players[0].used.clear()
    assert cid("Security Fleet") not in actions_offered(g)  # no titanium left


# --- 046 Lightning Harvest --------------------------------------------------------------------


def test_lightning_harvest_needs_three_science_tags():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:2])
    hand(g, 0, "Lightning Harvest")
    give(g, 0, megacredits=8)
    assert not can_play(g, 0, "Lightning Harvest")
    in_play(g, 0, SCIENCE_CARDS[2])
    play(g, 0, "Lightning Harvest")
    assert g.players[0].prod[ENERGY] == 1 and g.players[0].prod[MC] == 1
    assert card_points(g, 0) == 1


# --- 049 Tardigrades --------------------------------------------------------------------------


def test_tardigrades_add_microbes_and_score_one_per_four():
    g = new_game(2)
    in_play(g, 0, "Tardigrades", resources=3)
    assert card_points(g, 0) == 0
    g.apply(0, "action 049")
    assert g.players[0].card_res[cid("Tardigrades")] == 4
    assert card_points(g, 0) == 1


# --- 050 Virus --------------------------------------------------------------------------------


def test_virus_removes_two_animals_from_a_card():
    g = new_game(2)
    in_play(g, 1, "Birds", resources=3)
    give(g, 1, plants=6)
    hand(g, 0, "Virus")
    give(g, 0, megacredits=1)
    play(g, 0, "Virus", None, "option 0")
    d = decision(g)
    assert d.kind == "cards" and cid("Birds") in d.cards  # type: ignore[attr-defined]
    answer(g, "cards 072")
    assert g.players[1].card_res[cid("Birds")] == 1 and g.players[1].res[PLANTS] == 6


def test_virus_removes_up_to_five_plants_from_a_player():
    g = new_game(2)
    give(g, 1, plants=7)
    hand(g, 0, "Virus")
    give(g, 0, megacredits=1)
    play(g, 0, "Virus", None, "player 1")  # no animals anywhere: straight to the plants
    assert g.players[1].res[PLANTS] == 2


# --- 051 Miranda Resort -----------------------------------------------------------------------


def test_miranda_resort_counts_earth_tags():
    g = new_game(2)
    in_play(g, 0, "Sponsors", "Earth Office")
    in_play(g, 1, "Earth Catapult")  # an opponent's Earth tag does not count
    hand(g, 0, "Miranda Resort")
    give(g, 0, megacredits=12)
    play(g, 0, "Miranda Resort")
    assert g.players[0].prod[MC] == 2
    assert card_points(g, 0) == 1


# --- 056 Mine ---------------------------------------------------------------------------------


def test_mine_raises_steel_production_and_takes_steel_as_payment():
    g = new_game(2)
    hand(g, 0, "Mine")
    give(g, 0, steel=2)
    g.apply(0, "play 056 s2")
    assert g.players[0].prod[STEEL] == 1 and g.players[0].res[STEEL] == 0


# --- 057 Vesta Shipyard -----------------------------------------------------------------------


def test_vesta_shipyard_raises_titanium_production():
    g = new_game(2)
    hand(g, 0, "Vesta Shipyard")
    give(g, 0, megacredits=3, titanium=4)
    g.apply(0, "play 057 t4")
    assert g.players[0].prod[TITANIUM] == 1 and g.players[0].res[MC] == 0
    assert card_points(g, 0) == 1


# --- 061 Great Escarpment Consortium ----------------------------------------------------------


def test_great_escarpment_consortium_needs_own_steel_production():
    g = new_game(2)
    set_production(g, 1, steel=1)
    hand(g, 0, "Great Escarpment Consortium")
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Great Escarpment Consortium")
    set_production(g, 0, steel=1)
    assert can_play(g, 0, "Great Escarpment Consortium")


def test_great_escarpment_consortium_moves_a_steel_step():
    g = new_game(2)
    set_production(g, 0, steel=1)
    set_production(g, 1, steel=3)
    hand(g, 0, "Great Escarpment Consortium")
    give(g, 0, megacredits=6)
    play(g, 0, "Great Escarpment Consortium", None, "player 1")
    assert g.players[0].prod[STEEL] == 2 and g.players[1].prod[STEEL] == 2


def test_great_escarpment_consortium_may_have_to_target_yourself():
    g = new_game(2)
    set_production(g, 0, steel=1)
    hand(g, 0, "Great Escarpment Consortium")
    give(g, 0, megacredits=6)
    play(g, 0, "Great Escarpment Consortium")
    assert decision(g).seats == (0,)  # type: ignore[attr-defined]
    answer(g, "player 0")
    assert g.players[0].prod[STEEL] == 1


# --- 062 Mineral Deposit ----------------------------------------------------------------------


def test_mineral_deposit_gives_five_steel():
    g = new_game(2)
    hand(g, 0, "Mineral Deposit")
    give(g, 0, megacredits=5)
    play(g, 0, "Mineral Deposit")
    assert g.players[0].res[STEEL] == 5 and g.players[0].res[MC] == 0


# --- 064 Mining Area --------------------------------------------------------------------------


def test_mining_area_needs_a_metal_space_next_to_your_tile():
    g = new_game(2)
    hand(g, 0, "Mining Area")
    give(g, 0, megacredits=4)
    assert not can_play(g, 0, "Mining Area")
    g.tiles[10], g.owners[10] = GREENERY, 0  # next to space 09 (steel bonus)
    g._cache = None
    assert can_play(g, 0, "Mining Area")
    play(g, 0, "Mining Area")
    d = decision(g)
    assert d.kind == "space" and d.spaces == (9,)  # type: ignore[attr-defined]
    answer(g, "space 09")
    assert g.tiles[9] == SPECIAL and g.owners[9] == 0
    assert g.players[0].prod[STEEL] == 1 and g.players[0].res[STEEL] == 1  # placement bonus


def test_mining_area_on_a_titanium_space_raises_titanium_production():
    g = new_game(2)
    g.tiles[57], g.owners[57] = CITY, 0
    hand(g, 0, "Mining Area")
    give(g, 0, megacredits=4)
    play(g, 0, "Mining Area")
    assert 58 in decision(g).spaces  # type: ignore[attr-defined]
    answer(g, "space 58")
    assert g.players[0].prod[TITANIUM] == 1 and g.players[0].prod[STEEL] == 0


# --- 065 Building Industries ------------------------------------------------------------------


def test_building_industries_trades_energy_production_for_steel_production():
    g = new_game(2)
    hand(g, 0, "Building Industries")
    give(g, 0, megacredits=6)
    assert not can_play(g, 0, "Building Industries")
    set_production(g, 0, energy=1)
    play(g, 0, "Building Industries")
    assert g.players[0].prod[ENERGY] == 0 and g.players[0].prod[STEEL] == 2


# --- 066 Land Claim ---------------------------------------------------------------------------


def test_land_claim_reserves_a_space_for_its_owner():
    g = new_game(2)
    hand(g, 0, "Land Claim")
    give(g, 0, megacredits=1)
    play(g, 0, "Land Claim", None, "space 21")
    assert g.claims[21] == 0 and g.tiles[21] == 0
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    assert 21 not in decision(g).spaces  # type: ignore[attr-defined]
    answer(g, "space 50")
    set_turn(g, 0)
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    assert 21 in decision(g).spaces  # type: ignore[attr-defined]
    answer(g, "space 21")
    assert g.tiles[21] == CITY and g.owners[21] == 0


# --- 068 Sponsors -----------------------------------------------------------------------------


def test_sponsors_raise_megacredit_production():
    g = new_game(2)
    hand(g, 0, "Sponsors")
    give(g, 0, megacredits=6)
    play(g, 0, "Sponsors")
    assert g.players[0].prod[MC] == 2 and g.players[0].res[MC] == 0


# --- 069 Electro Catapult ---------------------------------------------------------------------


def test_electro_catapult_needs_low_oxygen_and_energy_production():
    g = new_game(2)
    hand(g, 0, "Electro Catapult")
    give(g, 0, megacredits=17)
    g.oxygen = 8
    assert not can_play(g, 0, "Electro Catapult")  # no energy production to lower
    set_production(g, 0, energy=1)
    assert can_play(g, 0, "Electro Catapult")
    g.oxygen = 9
    g._cache = None
    assert not can_play(g, 0, "Electro Catapult")


def test_electro_catapult_sells_plants_or_steel_for_seven():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Electro Catapult")
    give(g, 0, megacredits=17, plants=1, steel=1)
    play(g, 0, "Electro Catapult")
    assert g.players[0].prod[ENERGY] == 0
    g.apply(0, "action 069")
    assert g.players[0].res[PLANTS] == 0 and g.players[0].res[MC] == 7
    set_turn(g, 0)
    g.players[0].used.clear()
    assert set(actions_offered(g)[cid("Electro Catapult")]) == {1}  # no plant left
    g.apply(0, "action 069 #1")
    assert g.players[0].res[STEEL] == 0 and g.players[0].res[MC] == 14
    assert card_points(g, 0) == 1


# --- 070 Earth Catapult -----------------------------------------------------------------------


def test_earth_catapult_discounts_every_card():
    g = new_game(2)
    hand(g, 0, "Earth Catapult", "Mine", "Mineral Deposit")
    give(g, 0, megacredits=23 + 2 + 3)
    play(g, 0, "Earth Catapult")
    assert g.players[0].res[MC] == 5
    g.apply(0, "play 056")
    assert g.players[0].res[MC] == 3
    set_turn(g, 0)
    play(g, 0, "Mineral Deposit")
    assert g.players[0].res[MC] == 0
    assert card_points(g, 0) == 2


# --- 071 Advanced Alloys ----------------------------------------------------------------------


def test_advanced_alloys_make_steel_and_titanium_worth_more():
    g = new_game(2)
    hand(g, 0, "Mine", "Vesta Shipyard")
    give(g, 0, megacredits=1 + 3, steel=1, titanium=3)
    in_play(g, 0, "Advanced Alloys")
    g.apply(0, "play 056 s1")  # 3 from steel + 1 M€
    assert g.players[0].res[MC] == 3 and g.players[0].res[STEEL] == 0
    g.apply(0, "play 057 t3")  # 12 from titanium + 3 M€
    assert g.players[0].res[MC] == 0 and g.players[0].res[TITANIUM] == 0


def test_without_advanced_alloys_one_steel_and_one_megacredit_do_not_buy_a_mine():
    g = new_game(2)
    hand(g, 0, "Mine")
    give(g, 0, megacredits=1, steel=1)
    assert not can_play(g, 0, "Mine")
    in_play(g, 0, "Advanced Alloys")
    assert can_play(g, 0, "Mine")


# --- 073 Mars University ----------------------------------------------------------------------


def test_mars_university_swaps_a_card_for_each_science_tag():
    g = new_game(2)
    hand(g, 0, "Mars University", "Mine", "Research")
    give(g, 0, megacredits=8 + 11)
    play(g, 0, "Mars University")  # its own science tag counts
    d = decision(g)
    assert d.kind == "cards" and set(d.cards) == {cid("Mine"), cid("Research")}  # type: ignore[attr-defined]
    answer(g, "cards 056")
    assert cid("Mine") in g.discard and len(g.players[0].hand) == 2
    assert card_points(g, 0) == 1
    g.apply(0, "play 090")  # two science tags: two chances, the first one declined
    answer(g, "cards -")
    swapped = g.players[0].hand[0]
    answer(g, f"cards {card_number(swapped)}")
    assert swapped in g.discard and swapped not in g.players[0].hand
    assert len(g.players[0].hand) == 3  # 1 kept + 2 drawn by Research, one of them swapped


# --- 074 Viral Enhancers ----------------------------------------------------------------------


def test_viral_enhancers_own_microbe_tag_gives_a_plant():
    g = new_game(2)
    hand(g, 0, "Viral Enhancers")
    give(g, 0, megacredits=9)
    play(g, 0, "Viral Enhancers")  # it holds no resources: the plant is the only choice
    assert g.players[0].res[PLANTS] == 1


def test_viral_enhancers_add_a_microbe_to_the_card_played_or_give_a_plant():
    g = new_game(2)
    in_play(g, 0, "Viral Enhancers")
    hand(g, 0, "Tardigrades", "Virus")
    give(g, 0, megacredits=4 + 1)
    play(g, 0, "Tardigrades")
    d = decision(g)
    assert d.kind == "option" and d.enabled == (0, 1)  # type: ignore[attr-defined]
    answer(g, "option 1")
    assert g.players[0].card_res[cid("Tardigrades")] == 1
    g.apply(0, "play 050")
    answer(g, "option 1")  # Virus: remove plants (nobody has any)
    assert g.players[0].res[PLANTS] == 1  # Virus holds nothing: the plant was taken


# --- 079 Quantum Extractor --------------------------------------------------------------------


def test_quantum_extractor_needs_four_science_tags():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:3])
    hand(g, 0, "Quantum Extractor")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Quantum Extractor")
    in_play(g, 0, SCIENCE_CARDS[3])
    assert can_play(g, 0, "Quantum Extractor")


def test_quantum_extractor_gives_energy_and_discounts_space_cards():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:4])
    hand(g, 0, "Quantum Extractor", "Vesta Shipyard")
    give(g, 0, megacredits=13 + 13)
    play(g, 0, "Quantum Extractor")
    assert g.players[0].prod[ENERGY] == 4
    g.apply(0, "play 057")
    assert g.players[0].res[MC] == 0


# --- 082 Callisto Penal Mines -----------------------------------------------------------------


def test_callisto_penal_mines_raise_megacredit_production():
    g = new_game(2)
    hand(g, 0, "Callisto Penal Mines")
    give(g, 0, megacredits=24)
    play(g, 0, "Callisto Penal Mines")
    assert g.players[0].prod[MC] == 3
    assert card_points(g, 0) == 2


# --- 084 Trans-Neptune Probe ------------------------------------------------------------------


def test_trans_neptune_probe_scores_one():
    g = new_game(2)
    hand(g, 0, "Trans-Neptune Probe")
    give(g, 0, titanium=2)
    g.apply(0, "play 084 t2")
    assert cid("Trans-Neptune Probe") in g.players[0].played
    assert card_points(g, 0) == 1


# --- 085 Commercial District ------------------------------------------------------------------


def test_commercial_district_needs_energy_production():
    g = new_game(2)
    hand(g, 0, "Commercial District")
    give(g, 0, megacredits=16)
    assert not can_play(g, 0, "Commercial District")
    set_production(g, 0, energy=1)
    assert can_play(g, 0, "Commercial District")


def test_commercial_district_scores_adjacent_cities():
    g = new_game(2)
    set_production(g, 0, energy=1)
    hand(g, 0, "Commercial District")
    give(g, 0, megacredits=16)
    play(g, 0, "Commercial District")
    d = decision(g)
    assert d.kind == "space" and 16 in d.spaces  # type: ignore[attr-defined]
    answer(g, "space 16")
    assert g.tiles[16] == SPECIAL and g.specials[16] == cid("Commercial District")
    assert g.players[0].prod[ENERGY] == 0 and g.players[0].prod[MC] == 4
    assert card_points(g, 0) == 0
    set_turn(g, 1)
    give(g, 1, megacredits=25)
    g.apply(1, "project city")
    answer(g, "space 17")  # next to the district: counts for its owner's card
    assert card_points(g, 0) == 1


# --- 086 Robotic Workforce --------------------------------------------------------------------


def test_robotic_workforce_repeats_a_building_production_box():
    g = new_game(2)
    set_production(g, 0, energy=1)
    in_play(g, 0, "Building Industries", "Mine")
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    play(g, 0, "Robotic Workforce")
    d = decision(g)
    assert d.kind == "cards" and set(d.cards) == {cid("Building Industries"), cid("Mine")}  # type: ignore[attr-defined]
    answer(g, "cards 065")
    assert g.players[0].prod[ENERGY] == 0 and g.players[0].prod[STEEL] == 2


def test_robotic_workforce_repeats_mining_area_metal_production():
    g = new_game(2)
    g.tiles[10], g.owners[10] = GREENERY, 0
    hand(g, 0, "Mining Area", "Robotic Workforce")
    give(g, 0, megacredits=4 + 9)
    play(g, 0, "Mining Area", None, "space 09")
    g.apply(0, "play 086")
    answer(g, "cards 064")
    assert g.players[0].prod[STEEL] == 2


def test_robotic_workforce_needs_a_building_card_with_production():
    g = new_game(2)
    in_play(g, 0, "Mars University")
    hand(g, 0, "Robotic Workforce")
    give(g, 0, megacredits=9)
    assert not can_play(g, 0, "Robotic Workforce")


# --- 090 Research -----------------------------------------------------------------------------


def test_research_draws_two_and_counts_as_two_science_tags():
    g = new_game(2)
    in_play(g, 0, "Inventors' Guild")
    hand(g, 0, "Research", "Lightning Harvest")
    give(g, 0, megacredits=11 + 8)
    assert not can_play(g, 0, "Lightning Harvest")
    play(g, 0, "Research")
    assert len(g.players[0].hand) == 3
    assert card_points(g, 0) == 1
    g.apply(0, "play 046")  # 1 + 2 science tags
    assert g.players[0].prod[ENERGY] == 1


# --- 091 Gene Repair --------------------------------------------------------------------------


def test_gene_repair_needs_three_science_tags_and_raises_megacredit_production():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:2])
    hand(g, 0, "Gene Repair")
    give(g, 0, megacredits=12)
    assert not can_play(g, 0, "Gene Repair")
    in_play(g, 0, "Development Center")
    play(g, 0, "Gene Repair")
    assert g.players[0].prod[MC] == 2
    assert card_points(g, 0) == 2


# --- 092 Io Mining Industries -----------------------------------------------------------------


def test_io_mining_industries_production_and_points_per_jovian_tag():
    g = new_game(2)
    in_play(g, 0, "Vesta Shipyard")
    hand(g, 0, "Io Mining Industries")
    give(g, 0, megacredits=2, titanium=13)
    g.apply(0, "play 092 t13")
    assert g.players[0].prod[TITANIUM] == 2 and g.players[0].prod[MC] == 2
    assert card_points(g, 0) == 1 + 2  # Vesta Shipyard 1; Io Mining 1 per Jovian tag (2)


# --- 094 Mass Converter -----------------------------------------------------------------------


def test_mass_converter_needs_five_science_tags():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:4])
    hand(g, 0, "Mass Converter")
    give(g, 0, megacredits=8)
    assert not can_play(g, 0, "Mass Converter")
    in_play(g, 0, "Development Center")
    assert can_play(g, 0, "Mass Converter")


def test_mass_converter_gives_energy_and_discounts_space_cards():
    g = new_game(2)
    in_play(g, 0, *SCIENCE_CARDS[:4], "Development Center")
    hand(g, 0, "Mass Converter", "Trans-Neptune Probe")
    give(g, 0, megacredits=8 + 4)
    play(g, 0, "Mass Converter")
    assert g.players[0].prod[ENERGY] == 6
    g.apply(0, "play 084")
    assert g.players[0].res[MC] == 0


# --- 095 Physics Complex ----------------------------------------------------------------------


def test_physics_complex_turns_six_energy_into_two_points():
    g = new_game(2)
    in_play(g, 0, "Physics Complex")
    give(g, 0, energy=5)
    assert cid("Physics Complex") not in actions_offered(g)
    give(g, 0, energy=2)
    g.apply(0, "action 095")
    assert g.players[0].card_res[cid("Physics Complex")] == 1
    assert g.players[0].res[ENERGY] == 1
    assert card_points(g, 0) == 2


# --- 098 Tropical Resort ----------------------------------------------------------------------


def test_tropical_resort_trades_heat_production_for_megacredit_production():
    g = new_game(2)
    set_production(g, 0, heat=1)
    hand(g, 0, "Tropical Resort")
    give(g, 0, megacredits=13)
    assert not can_play(g, 0, "Tropical Resort")
    set_production(g, 0, heat=2)
    play(g, 0, "Tropical Resort")
    assert g.players[0].prod[HEAT] == 0 and g.players[0].prod[MC] == 3
    assert card_points(g, 0) == 2


# --- 099 Toll Station -------------------------------------------------------------------------


def test_toll_station_counts_opponents_space_tags():
    g = new_game(3)
    in_play(g, 0, "Vesta Shipyard")  # your own space tags do not count
    in_play(g, 1, "Space Station", "Callisto Penal Mines")
    in_play(g, 2, "Trans-Neptune Probe")
    g.players[2].events.append(cid("Mineral Deposit"))
    hand(g, 0, "Toll Station")
    give(g, 0, megacredits=12)
    play(g, 0, "Toll Station")
    assert g.players[0].prod[MC] == 3


# --- 105 Earth Office -------------------------------------------------------------------------


def test_earth_office_discounts_earth_cards():
    g = new_game(2)
    hand(g, 0, "Earth Office", "Sponsors", "Mine")
    give(g, 0, megacredits=1 + 3 + 4)
    play(g, 0, "Earth Office")
    g.apply(0, "play 068")  # 6 - 3
    assert g.players[0].res[MC] == 4
    set_turn(g, 0)
    play(g, 0, "Mine")
    assert g.players[0].res[MC] == 0
