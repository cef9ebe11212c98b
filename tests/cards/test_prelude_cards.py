"""The 35 preludes (P01–P35), each played from a prelude turn."""

from __future__ import annotations

import pytest

from helpers import answer, cid, decision, give, hand, new_game, prelude_turn, top_of_deck
from olympus.engine import Game
from olympus.engine.constants import CITY, GREENERY, OCEAN
from olympus.engine.prelude import FIZZLE_MEGACREDITS

MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)


def _snapshot(g: Game, seat: int = 0) -> tuple[list[int], list[int], int, int]:
    p = g.players[seat]
    return p.res[:], p.prod[:], p.tr, len(p.hand)


# Preludes that only change the player's own stock: (name, production, resources, TR, cards).
SIMPLE = [
    ("Allied Bank", {MC: 4}, {MC: 3}, 0, 0),
    ("Biofuels", {ENERGY: 1, PLANTS: 1}, {PLANTS: 2}, 0, 0),
    ("Biolab", {PLANTS: 1}, {}, 0, 3),
    ("Biosphere Support", {PLANTS: 2, MC: -1}, {}, 0, 0),
    ("Dome Farming", {MC: 2, PLANTS: 1}, {}, 0, 0),
    ("Donation", {}, {MC: 21}, 0, 0),
    ("Io Research Outpost", {TITANIUM: 1}, {}, 0, 1),
    ("Loan", {MC: -2}, {MC: 30}, 0, 0),
    ("Martian Industries", {ENERGY: 1, STEEL: 1}, {MC: 6}, 0, 0),
    ("Metals Company", {MC: 1, STEEL: 1, TITANIUM: 1}, {}, 0, 0),
    ("Mining Operations", {STEEL: 2}, {STEEL: 4}, 0, 0),
    ("Mohole", {HEAT: 3}, {HEAT: 3}, 0, 0),
    ("Mohole Excavation", {STEEL: 1, HEAT: 2}, {HEAT: 2}, 0, 0),
    ("Nitrogen Shipment", {PLANTS: 1}, {MC: 5}, 1, 0),
    ("Orbital Construction Yard", {TITANIUM: 1}, {TITANIUM: 4}, 0, 0),
    ("Power Generation", {ENERGY: 3}, {}, 0, 0),
    ("Research Network", {MC: 1}, {}, 0, 3),
    ("Society Support", {PLANTS: 1, ENERGY: 1, HEAT: 1, MC: -1}, {}, 0, 0),
    ("Supplier", {ENERGY: 2}, {STEEL: 4}, 0, 0),
    ("Supply Drop", {}, {TITANIUM: 3, STEEL: 8, PLANTS: 3}, 0, 0),
    ("UNMI Contractor", {}, {}, 3, 1),
    ("Metal-Rich Asteroid", {}, {TITANIUM: 4, STEEL: 4}, 1, 0),
    ("Smelting Plant", {}, {STEEL: 5}, 2, 0),
    # Paid preludes (given the M€ first): the payment is part of the change.
    ("Business Empire", {MC: 6}, {MC: -6}, 0, 0),
    ("Galilean Mining", {TITANIUM: 2}, {MC: -5}, 0, 0),
    ("Huge Asteroid", {HEAT: 1}, {MC: -5}, 3, 0),  # -30 → -24 passes a heat bonus step
]


@pytest.mark.parametrize(("name", "prod", "res", "tr", "cards"), SIMPLE, ids=[s[0] for s in SIMPLE])
def test_prelude_changes_its_players_stock(
    name: str, prod: dict[int, int], res: dict[int, int], tr: int, cards: int
) -> None:
    g = new_game(2)
    give(g, 0, megacredits=10)
    before = _snapshot(g)
    prelude_turn(g, 0, name)
    after = _snapshot(g)
    assert [a - b for a, b in zip(after[0], before[0], strict=True)] == [
        res.get(r, 0) for r in range(6)
    ]
    assert [a - b for a, b in zip(after[1], before[1], strict=True)] == [
        prod.get(r, 0) for r in range(6)
    ]
    assert (after[2] - before[2], after[3] - before[3]) == (tr, cards)
    assert cid(name) in g.players[0].played and g.players[0].preludes == []


def test_huge_asteroid_and_smelting_plant_move_the_global_parameters() -> None:
    g = new_game(2)
    give(g, 0, megacredits=5)
    prelude_turn(g, 0, "Huge Asteroid", "Smelting Plant")
    answer(g, "cards P15")
    assert g.temperature == -24 and g.oxygen == 2


@pytest.mark.parametrize(
    ("name", "cost"), [("Business Empire", 6), ("Galilean Mining", 5), ("Huge Asteroid", 5)]
)
def test_a_paid_prelude_without_the_money_is_discarded_for_15_megacredits(
    name: str, cost: int
) -> None:
    g = new_game(2)
    give(g, 0, megacredits=cost - 1)
    before = g.players[0].prod[:]
    prelude_turn(g, 0, name)
    p = g.players[0]
    assert p.res[MC] == cost - 1 + FIZZLE_MEGACREDITS
    assert p.prod == before and cid(name) not in p.played
    assert cid(name) in g.prelude_discard


def test_helion_may_pay_a_prelude_with_heat() -> None:
    g = new_game(2, corporations=["Helion", "R00"])
    give(g, 0, megacredits=2, heat=4)
    prelude_turn(g, 0, "Business Empire")
    p = g.players[0]
    assert p.prod[MC] == 6 and p.res[MC] == 0 and p.res[HEAT] == 0


def test_aquifer_turbines_places_an_ocean_and_pays_three() -> None:
    g = new_game(2)
    give(g, 0, megacredits=3)
    prelude_turn(g, 0, "Aquifer Turbines")
    d = decision(g)
    assert d.kind == "space" and d.player == 0
    space = d.spaces[0]  # type: ignore[attr-defined]
    answer(g, f"space {space}")
    p = g.players[0]
    assert g.tiles[space] == OCEAN and g.oceans == 1 and p.tr == 21
    assert p.prod[ENERGY] == 2 and p.res[MC] == 0


def test_aquifer_turbines_needs_three_megacredits() -> None:
    g = new_game(2)
    prelude_turn(g, 0, "Aquifer Turbines")
    assert g.players[0].res[MC] == FIZZLE_MEGACREDITS and g.oceans == 0


def test_great_aquifer_places_two_oceans() -> None:
    g = new_game(2)
    prelude_turn(g, 0, "Great Aquifer")
    for _ in range(2):
        answer(g, f"space {decision(g).spaces[0]}")  # type: ignore[attr-defined]
    assert g.oceans == 2 and g.players[0].tr == 22


def test_polar_industries_raises_heat_production_and_places_an_ocean() -> None:
    g = new_game(2)
    prelude_turn(g, 0, "Polar Industries")
    answer(g, f"space {decision(g).spaces[0]}")  # type: ignore[attr-defined]
    assert g.oceans == 1 and g.players[0].prod[HEAT] == 2


@pytest.mark.parametrize(
    ("name", "prod"), [("Early Settlement", PLANTS), ("Self-Sufficient Settlement", MC)]
)
def test_settlement_preludes_place_a_city(name: str, prod: int) -> None:
    g = new_game(2)
    prelude_turn(g, 0, name)
    d = decision(g)
    assert d.kind == "space" and d.tile == "city"  # type: ignore[attr-defined]
    space = d.spaces[0]  # type: ignore[attr-defined]
    answer(g, f"space {space}")
    assert g.tiles[space] == CITY and g.owners[space] == 0
    assert g.players[0].prod[prod] == (1 if prod == PLANTS else 2)


def test_experimental_forest_places_a_greenery_and_keeps_two_plant_cards() -> None:
    g = new_game(2)
    top_of_deck(g, "Trees", "Mine", "Lichen", "Solar Power")  # Solar Power on top
    prelude_turn(g, 0, "Experimental Forest")
    answer(g, f"space {decision(g).spaces[0]}")  # type: ignore[attr-defined]
    p = g.players[0]
    assert g.oxygen == 1 and GREENERY in g.tiles
    assert sorted(p.hand) == sorted([cid("Lichen"), cid("Trees")])
    assert g.discard[-2:] == [cid("Solar Power"), cid("Mine")]


def test_acquired_space_agency_takes_titanium_and_keeps_two_space_cards() -> None:
    g = new_game(2)
    top_of_deck(g, "Mine", "Asteroid", "Lichen", "Comet")  # Comet on top
    prelude_turn(g, 0, "Acquired Space Agency")
    p = g.players[0]
    assert p.res[TITANIUM] == 6
    assert sorted(p.hand) == sorted([cid("Comet"), cid("Asteroid")])
    assert g.discard[-1] == cid("Lichen") and g.deck[-1] == cid("Mine")  # Mine not revealed


def test_eccentric_sponsor_plays_a_card_25_megacredits_cheaper() -> None:
    g = new_game(2)
    hand(g, 0, "Kelp Farming", "Mine")  # Kelp Farming: 17 M€, needs 6 oceans
    hand(g, 0, "Giant Ice Asteroid")  # 36 M€
    give(g, 0, megacredits=11)
    prelude_turn(g, 0, "Eccentric Sponsor")
    d = decision(g)
    assert d.kind == "play_card"
    offered = {c for c in d.rules}  # type: ignore[attr-defined]
    assert offered == {cid("Mine"), cid("Giant Ice Asteroid")}
    answer(g, "play 080")
    for _ in range(2):  # two oceans
        answer(g, f"space {decision(g).spaces[0]}")  # type: ignore[attr-defined]
    p = g.players[0]
    assert p.res[MC] == 0 and cid("Giant Ice Asteroid") in p.events
    assert p.mods == []


def test_eccentric_sponsor_with_nothing_to_play_is_discarded_for_15() -> None:
    g = new_game(2)
    hand(g, 0, "Kelp Farming")  # its ocean requirement is not met
    prelude_turn(g, 0, "Eccentric Sponsor")
    p = g.players[0]
    assert p.res[MC] == FIZZLE_MEGACREDITS and p.mods == [] and p.played == []


def test_ecology_experts_plays_a_card_ignoring_global_requirements() -> None:
    g = new_game(2)
    hand(g, 0, "Kelp Farming")  # 17 M€, needs 6 oceans
    give(g, 0, megacredits=17)
    prelude_turn(g, 0, "Ecology Experts")
    d = decision(g)
    assert d.kind == "play_card"
    answer(g, "play 055")
    p = g.players[0]
    assert cid("Kelp Farming") in p.played
    assert p.prod[PLANTS] == 1 + 3 and p.prod[MC] == 2 and p.res[MC] == 0
    assert p.mods == []  # the leniency does not reach a later card


def test_ecology_experts_counts_its_own_plant_production_and_fizzles_without_a_card() -> None:
    g = new_game(2)
    hand(g, 0, "Kelp Farming")
    prelude_turn(g, 0, "Ecology Experts")  # 0 M€: Kelp Farming is unaffordable
    p = g.players[0]
    assert p.res[MC] == FIZZLE_MEGACREDITS and p.prod[PLANTS] == 0
    assert cid("Ecology Experts") in g.prelude_discard


def test_wild_tag_of_research_network_counts_for_requirements_not_for_points() -> None:
    g = new_game(2)
    prelude_turn(g, 0, "Research Network")
    from olympus.engine.query import printed_tag_count, tag_count

    p = g.players[0]
    assert tag_count(p, "science") == 1 and tag_count(p, "jovian") == 1
    assert printed_tag_count(p, "jovian") == 0 and tag_count(p, "wild") == 1
