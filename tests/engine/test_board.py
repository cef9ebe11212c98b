"""Global parameters with their bonus steps, tiles, placement rules and the Tharsis map."""

from __future__ import annotations

import pytest
from position_helpers import game, set_player, table

from helpers import answer, decision, give, new_game, set_turn
from olympus.engine import IllegalAction
from olympus.engine.board import load_map
from olympus.engine.constants import CITY, GREENERY, HEAT, MC, OCEAN, PLANTS, STEEL


def test_tharsis_map_facts() -> None:
    m = load_map("tharsis")
    assert len(m.mars) == 61 and m.off_mars == (1, 2)
    kinds = [m.space(s).kind for s in m.mars]
    assert kinds.count("ocean") == 12
    assert m.noctis_space == 31
    assert sorted(s for s in m.mars if m.space(s).volcanic) == [9, 14, 21, 29]
    assert m.space(3).bonus == ("steel", "steel") and m.space(63).bonus == ("titanium", "titanium")
    assert set(m.space(30).neighbours) == {21, 22, 29, 31, 38, 39}  # the widest row
    assert all(n in m.space(x).neighbours for x in m.mars for n in m.space(x).neighbours)


def test_temperature_bonus_steps_give_heat_production_and_an_ocean() -> None:
    g = new_game(2)
    p = g.players[0]
    g.temperature = -26
    give(g, 0, megacredits=14 * 3)
    g.apply(0, "project asteroid")  # to -24: heat production
    assert g.temperature == -24 and p.prod[HEAT] == 1 and p.tr == 21
    g.temperature = -22
    g.apply(0, "project asteroid")  # to -20: heat production again
    assert p.prod[HEAT] == 2 and p.tr == 22
    g.temperature = -2
    set_turn(g, 0)
    g.apply(0, "project asteroid")  # to 0 °C: an ocean to place
    d = decision(g)
    assert d.kind == "space" and d.player == 0
    answer(g, "space 07")
    assert g.temperature == 0 and g.oceans == 1 and p.tr == 20 + 3 + 1


def test_oxygen_eight_percent_raises_temperature() -> None:
    g = new_game(2)
    g.oxygen = 7
    give(g, 0, megacredits=23)
    g.apply(0, "project greenery")
    answer(g, f"space {decision(g).spaces[0]}")
    assert g.oxygen == 8 and g.temperature == -28 and g.players[0].tr == 22


def test_parameters_at_goal_give_nothing() -> None:
    g = new_game(2)
    g.oxygen = 14
    give(g, 0, megacredits=23)
    g.apply(0, "project greenery")
    answer(g, f"space {decision(g).spaces[0]}")
    assert g.oxygen == 14 and g.players[0].tr == 20
    at_goal = set_player(table(2), 0, resources={"megacredits": 23})
    assert "asteroid" in game(at_goal).decision_for(0).options.projects  # type: ignore[attr-defined]
    assert "asteroid" not in game(at_goal, temperature=8).decision_for(0).options.projects  # type: ignore[attr-defined]


def test_oceans_only_on_ocean_spaces_and_pay_adjacency() -> None:
    g = new_game(2)
    give(g, 0, megacredits=18 * 2)
    g.apply(0, "project aquifer")
    assert set(decision(g).spaces) == {s for s in g.map.mars if g.map.space(s).kind == "ocean"}
    answer(g, "space 32")
    g.apply(0, "project aquifer")
    answer(g, "space 33")  # next to the first ocean
    assert g.players[0].res[MC] == 2 and g.players[0].res[PLANTS] == 4  # plant bonuses


def test_greenery_goes_next_to_your_tiles_when_it_can() -> None:
    g = new_game(2)
    give(g, 0, megacredits=25 + 23)
    g.apply(0, "project city")
    answer(g, "space 22")
    g.apply(0, "project greenery")
    spaces = decision(g).spaces
    assert set(spaces) <= set(g.map.space(22).neighbours)
    answer(g, f"space {spaces[0]}")
    assert g.tiles[spaces[0]] == GREENERY and g.owners[spaces[0]] == 0


def test_cities_cannot_touch_cities_or_use_reserved_spaces() -> None:
    g = new_game(2)
    give(g, 0, megacredits=50)
    g.apply(0, "project city")
    answer(g, "space 22")
    g.apply(0, "project city")
    spaces = decision(g).spaces
    assert not set(spaces) & set(g.map.space(22).neighbours)
    assert 31 not in spaces and all(g.map.space(s).kind == "land" for s in spaces)
    with pytest.raises(IllegalAction):
        answer(g, "space 23")


def test_placement_bonuses() -> None:
    g = new_game(2)
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 03")
    p = g.players[0]
    assert p.res[STEEL] == 2 and p.prod[MC] == 1 and g.tiles[3] == CITY
    hand_before = len(p.hand)
    give(g, 0, megacredits=18)
    set_turn(g, 0)
    g.apply(0, "project aquifer")
    answer(g, "space 13")  # two cards
    assert len(p.hand) == hand_before + 2 and g.tiles[13] == OCEAN and g.owners[13] == -1


def test_converting_plants_and_heat() -> None:
    g = new_game(2)
    give(g, 0, plants=8, heat=8)
    g.apply(0, "heat")
    assert g.temperature == -28 and g.players[0].res[HEAT] == 0
    g.apply(0, "plants")
    answer(g, f"space {decision(g).spaces[0]}")
    assert g.oxygen == 1 and g.players[0].tr == 22
    with pytest.raises(IllegalAction):
        g.apply(1, "heat")
