"""Building colonies: the standard project (17 M€), every tile's placement bonus, the marker
pushed above the colonies, one colony of yours per tile (unless a card allows), three per
tile at most, inactive tiles, and the instruction cards use (with or without the bonus)."""

from __future__ import annotations

import pytest

from colony_helpers import colony_game, labels, patched_card, pick, put_colonies, run_effects, tile
from helpers import decision, give, hand, in_play, play
from olympus.engine import ChooseCards, ChooseOption, ChooseSpace, IllegalAction, StandardProject
from olympus.engine.cards.dsl import on_colony, prod
from olympus.engine.constants import ENERGY, HEAT, MC, PLANTS, STEEL, TITANIUM
from olympus.engine.interpreter import all_feasible

BUILD = "build_colony"


def _projects(g: object, seat: int = 0) -> dict[str, object]:
    return g.decision_for(seat).options.projects  # type: ignore[attr-defined,no-any-return]


def test_the_project_costs_17_and_asks_for_the_tile() -> None:
    g = colony_game(2, "Luna", "Ceres")
    give(g, 0, megacredits=16)
    assert BUILD not in _projects(g)
    give(g, 0, megacredits=1)
    assert BUILD in _projects(g)
    g.apply(0, StandardProject(BUILD))
    assert labels(g) == ["Luna: M€ production +2", "Ceres: steel production +1"]
    pick(g, "Ceres")
    p = g.players[0]
    assert p.res[MC] == 0 and p.prod[STEEL] == 1
    assert tile(g, "Ceres").colonies == [0]


def test_an_illegal_tile_answer_is_refused_and_changes_nothing() -> None:
    g = colony_game(2, "Luna", "Ceres")
    give(g, 0, megacredits=17)
    g.apply(0, StandardProject(BUILD))
    raw = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, ChooseOption(2))
    assert err.value.code == "illegal_option"
    assert g.to_bytes() == raw


def test_standard_technology_refunds_the_project() -> None:
    g = colony_game(2, "Luna")
    in_play(g, 0, "Standard Technology")
    give(g, 0, megacredits=17)
    g.apply(0, StandardProject(BUILD))  # one tile: no question
    assert g.players[0].res[MC] == 3 and g.players[0].prod[MC] == 2


PLACEMENT = [
    ("Callisto", lambda p: p.prod[ENERGY] == 1),
    ("Ceres", lambda p: p.prod[STEEL] == 1),
    ("Ganymede", lambda p: p.prod[PLANTS] == 1),
    ("Io", lambda p: p.prod[HEAT] == 1),
    ("Luna", lambda p: p.prod[MC] == 2),
    ("Triton", lambda p: p.res[TITANIUM] == 3),
    ("Pluto", lambda p: len(p.hand) == 2),
]


@pytest.mark.parametrize(("name", "check"), PLACEMENT, ids=[n for n, _ in PLACEMENT])
def test_placement_bonus(name: str, check: object) -> None:
    g = colony_game(2, name)
    run_effects(g, 0, ("colony", 1, 0))
    assert tile(g, name).colonies == [0]
    assert check(g.players[0])  # type: ignore[operator]


@pytest.mark.parametrize(
    ("name", "holder", "n"),
    [("Enceladus", "Decomposers", 3), ("Miranda", "Pets", 1), ("Titan", None, 3)],
)
def test_card_resource_bonuses_go_onto_a_card_that_holds_them(
    name: str, holder: str | None, n: int
) -> None:
    g = colony_game(2, name)
    if holder:
        in_play(g, 0, holder, "Nitrite Reducing Bacteria" if name == "Enceladus" else "Birds")
    run_effects(g, 0, ("colony", 1, 0))
    if holder is None:  # no card holds floaters in the base game: they are lost
        assert decision(g).kind == "action"
        return
    d = decision(g)
    assert d.kind == "cards" and d.purpose == "add"  # type: ignore[attr-defined]
    chosen = d.cards[0]  # type: ignore[attr-defined]
    g.apply(0, ChooseCards((chosen,)))
    assert g.players[0].card_res[chosen] == n


def test_europa_places_an_ocean() -> None:
    g = colony_game(2, "Europa")
    run_effects(g, 0, ("colony", 1, 0))
    d = decision(g)
    assert d.kind == "space" and d.tile == "ocean"  # type: ignore[attr-defined]
    tr = g.players[0].tr
    g.apply(0, ChooseSpace(d.spaces[0]))  # type: ignore[attr-defined]
    assert g.oceans == 1 and g.players[0].tr == tr + 1


def test_a_colony_without_its_bonus() -> None:
    g = colony_game(2, "Luna")
    run_effects(g, 0, ("colony", 0, 0))
    assert tile(g, "Luna").colonies == [0] and g.players[0].prod[MC] == 0


@pytest.mark.parametrize(
    ("before", "colonies", "after"),
    [(2, (), 2), (2, (1,), 3), (1, (), 2), (5, (1, 1), 5), (3, (1, 1), 4)],
)
def test_the_marker_moves_up_when_a_colony_reaches_it(
    before: int, colonies: tuple[int, ...], after: int
) -> None:
    g = colony_game(2, "Ceres")
    put_colonies(g, "Ceres", *colonies, marker=before)
    run_effects(g, 0, ("colony", 1, 1))
    assert tile(g, "Ceres").marker == after


def test_one_colony_of_yours_per_tile_unless_a_card_allows_a_second() -> None:
    g = colony_game(2, "Luna", "Ceres")
    put_colonies(g, "Luna", 0)
    run_effects(g, 0, ("colony", 1, 0))  # Ceres is the only choice: no question
    assert tile(g, "Ceres").colonies == [0]
    assert not all_feasible(g, g.players[0], 0, (("colony", 1, 0),))
    assert all_feasible(g, g.players[0], 0, (("colony", 1, 1),))
    run_effects(g, 0, ("colony", 1, 1))
    assert labels(g) == ["Luna: M€ production +2", "Ceres: steel production +1"]
    pick(g, "Luna")
    assert tile(g, "Luna").colonies == [0, 0]


def test_a_tile_holds_three_colonies_without_exception() -> None:
    g = colony_game(2, "Luna", "Ceres")
    put_colonies(g, "Luna", 1, 1, 1)
    give(g, 0, megacredits=40)
    run_effects(g, 0, ("colony", 1, 1))
    assert tile(g, "Ceres").colonies == [0] and len(tile(g, "Luna").colonies) == 3
    put_colonies(g, "Ceres", 1, 1, 0)
    assert BUILD not in _projects(g)


def test_an_inactive_tile_takes_no_colony_until_activated() -> None:
    g = colony_game(2, "Miranda")
    tile(g, "Miranda").active = False
    give(g, 0, megacredits=27)
    assert BUILD not in _projects(g)
    hand(g, 0, "Pets")
    play(g, 0, "Pets")
    assert tile(g, "Miranda").active
    assert BUILD in _projects(g)


def test_cards_can_react_to_any_players_colony() -> None:
    with patched_card("Pets", triggers=(on_colony(prod("megacredits", 1)),)):
        g = colony_game(2, "Luna", "Ceres")
        in_play(g, 1, "Pets")
        run_effects(g, 0, ("colony", 1, 0))
        pick(g, "Ceres")
        assert g.players[1].prod[MC] == 1
        run_effects(g, 1, ("colony", 1, 0))
        pick(g, "Ceres")
        assert g.players[1].prod[MC] == 2


def test_collecting_the_bonus_of_every_colony_you_own() -> None:
    g = colony_game(2, "Luna", "Ceres", "Io")
    put_colonies(g, "Luna", 0, 1, 0)
    put_colonies(g, "Ceres", 1)
    put_colonies(g, "Io", 0)
    run_effects(g, 0, ("colony_bonuses",))
    p = g.players[0]
    assert (p.res[MC], p.res[STEEL], p.res[HEAT]) == (4, 0, 2)
