"""Cards whose placement depends on the map, played on every map."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers import (
    answer,
    can_play,
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
from olympus.engine import Game, Payment
from olympus.engine.constants import CITY, GREENERY, MC, OCEAN, PLANTS, SPECIAL, STEEL, TITANIUM

MAPS = ("tharsis", "elysium", "hellas", "vastitas_borealis", "amazonis")


def _land(g: Game, keep: Callable[[int], bool] = lambda s: True) -> set[int]:
    return {s for s in g.map.mars if g.map.space(s).kind == "land" and keep(s)}


@pytest.mark.parametrize("name", MAPS)
def test_lava_flows_goes_on_the_maps_volcanic_spaces(name: str) -> None:
    g = new_game(2, map=name)
    hand(g, 0, "Lava Flows")
    give(g, 0, megacredits=18 + 6)
    play(g, 0, "Lava Flows")
    volcanic = _land(g, lambda s: g.map.space(s).volcanic)
    # Hellas has no volcanic space: the tile may go on any land (Hellas's pole included here, as
    # the player can pay for its ocean).
    wanted = volcanic or _land(g)
    assert set(decision(g).spaces) == wanted
    assert (name == "hellas") == (not volcanic)
    space = sorted(wanted)[0]
    answer(g, f"space {space}")
    assert g.tiles[space] == SPECIAL and g.temperature == -26


@pytest.mark.parametrize("name", MAPS)
def test_noctis_city_has_its_own_space_only_on_tharsis(name: str) -> None:
    g = new_game(2, map=name)
    hand(g, 0, "Noctis City")
    set_production(g, 0, energy=1)
    give(g, 0, megacredits=18)
    play(g, 0, "Noctis City")
    spaces = decision(g).spaces
    if name == "tharsis":
        assert list(spaces) == [31]
    else:
        fee = g.map.fee_spaces
        assert set(spaces) == _land(g) - fee  # any city space (the paid pole unaffordable)
    answer(g, f"space {spaces[0]}")
    assert g.tiles[spaces[0]] == CITY and g.players[0].prod[MC] == 3


@pytest.mark.parametrize("name", MAPS)
def test_off_mars_cities_exist_on_every_map(name: str) -> None:
    g = new_game(2, map=name)
    hand(g, 0, "Ganymede Colony", "Phobos Space Haven")
    give(g, 0, megacredits=20 + 25)
    play(g, 0, "Ganymede Colony")
    assert list(decision(g).spaces) == [1]
    answer(g, "space 01")
    assert g.tiles[1] == CITY and g.owners[1] == 0
    play(g, 0, "Phobos Space Haven")
    assert list(decision(g).spaces) == [2]
    answer(g, "space 02")
    assert g.tiles[2] == CITY and g.players[0].prod[TITANIUM] == 1


@pytest.mark.parametrize("name", MAPS)
def test_mining_rights_needs_a_metal_bonus_space(name: str) -> None:
    g = new_game(2, map=name)
    hand(g, 0, "Mining Rights")
    give(g, 0, megacredits=9)
    play(g, 0, "Mining Rights")
    metal = _land(g, lambda s: bool({"steel", "titanium"} & set(g.map.space(s).bonus)))
    assert set(decision(g).spaces) == metal
    single = min(s for s in metal if len({"steel", "titanium"} & set(g.map.space(s).bonus)) == 1)
    answer(g, f"space {single}")
    p = g.players[0]
    assert p.prod[STEEL] + p.prod[TITANIUM] == 1


def test_mining_rights_on_a_steel_and_titanium_space_asks_which() -> None:
    g = new_game(2, map="vastitas_borealis")
    hand(g, 0, "Mining Rights", "Robotic Workforce")
    give(g, 0, megacredits=9 + 9)
    play(g, 0, "Mining Rights", None, "space 21")
    d = decision(g)
    assert d.kind == "option" and len(d.to_dict()["options"]) == 2
    answer(g, "option 1")  # titanium
    p = g.players[0]
    assert (p.prod[STEEL], p.prod[TITANIUM]) == (0, 1)
    assert (p.res[STEEL], p.res[TITANIUM]) == (1, 1)  # the space's bonus
    # Robotic Workforce copies the box: the space offers both metals, so it asks again.
    set_turn(g, 0)
    play(g, 0, "Robotic Workforce")
    if decision(g).kind == "cards":
        answer(g, f"cards {cid('Mining Rights'):03d}")
    answer(g, "option 0")
    assert (p.prod[STEEL], p.prod[TITANIUM]) == (1, 1)


@pytest.mark.parametrize("name", MAPS)
def test_mining_area_goes_next_to_your_tiles(name: str) -> None:
    g = new_game(2, map=name)
    metal = sorted(_land(g, lambda s: bool({"steel", "titanium"} & set(g.map.space(s).bonus))))
    target = metal[0]
    beside = next(n for n in g.map.space(target).neighbours if g.map.space(n).kind == "land")
    put_tile(g, beside, GREENERY, 0)
    hand(g, 0, "Mining Area")
    give(g, 0, megacredits=4)
    play(g, 0, "Mining Area")
    spaces = decision(g).spaces
    assert target in spaces and all(
        any(g.owners[n] == 0 for n in g.map.space(s).neighbours) for s in spaces
    )


def test_arctic_algae_gains_from_the_ocean_hellas_pole_gives() -> None:
    g = new_game(2, map="hellas")
    in_play(g, 1, "Arctic Algae")
    give(g, 0, megacredits=25 + 6)
    g.apply(0, "project city")
    answer(g, "space 61")
    answer(g, "space 46")
    assert g.players[1].res[PLANTS] == 2


@pytest.mark.parametrize("name", MAPS)
def test_urbanized_area_between_two_cities(name: str) -> None:
    g = new_game(2, map=name)
    a, b = 22, 24  # two land-or-ocean spaces around 23 on every map's grid
    put_tile(g, a, CITY, 1)
    put_tile(g, b, CITY, 1)
    hand(g, 0, "Urbanized Area")
    set_production(g, 0, energy=1)
    give(g, 0, megacredits=10 + 6)
    play(g, 0, "Urbanized Area")
    spaces = set(decision(g).spaces)
    both = set(g.map.space(a).neighbours) & set(g.map.space(b).neighbours)
    assert spaces == {s for s in both if g.map.space(s).kind == "land"}


def test_isolated_tiles_ignore_the_restricted_space() -> None:
    g = new_game(2, map="amazonis")
    hand(g, 0, "Research Outpost", "Natural Preserve")
    give(g, 0, megacredits=18 + 9)
    set_parameters(g, oxygen=0)
    play(g, 0, "Research Outpost")
    spaces = decision(g).spaces
    assert 32 in spaces and 33 not in spaces  # 32 lies next to the restricted centre
    answer(g, "space 32")
    play(g, 0, "Natural Preserve")
    assert 34 in decision(g).spaces and not set(decision(g).spaces) & {23, 24, 31, 33, 40, 41}


@pytest.mark.parametrize("name", MAPS)
def test_mangrove_uses_the_maps_ocean_spaces(name: str) -> None:
    g = new_game(2, map=name)
    set_parameters(g, temperature=4)
    hand(g, 0, "Mangrove")
    give(g, 0, megacredits=12)
    play(g, 0, "Mangrove")
    assert set(decision(g).spaces) == {s for s in g.map.mars if g.map.space(s).kind == "ocean"}


def test_land_claim_on_the_hellas_pole_costs_nothing_until_a_tile_goes_there() -> None:
    g = new_game(2, map="hellas")
    hand(g, 0, "Land Claim")
    give(g, 0, megacredits=1)
    play(g, 0, "Land Claim", None, "space 61")
    assert g.claims == {61: 0} and g.players[0].res[MC] == 0
    set_turn(g, 1)
    give(g, 1, megacredits=31)
    g.apply(1, "project city")
    assert 61 not in decision(g).spaces  # claimed by seat 0


def test_mining_guild_counts_a_steel_and_titanium_space_once() -> None:
    g = new_game(2, ["R24", "R00"], map="vastitas_borealis")
    before = g.players[0].prod[STEEL]
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 21")
    assert g.players[0].prod[STEEL] == before + 1


def test_capital_scores_the_oceans_of_a_new_map() -> None:
    g = new_game(2, map="elysium")
    for s in (3, 4):
        put_tile(g, s, OCEAN)
    set_parameters(g, oceans=4)
    hand(g, 0, "Capital")
    set_production(g, 0, energy=2)
    give(g, 0, megacredits=26)
    play(g, 0, "Capital", Payment())
    answer(g, "space 9")  # next to oceans 3 and 4
    assert g.players[0].res[MC] == 4  # 2 M€ per adjacent ocean
    score = next(s for s in g.scores() if s.seat == 0)
    assert score.cards >= 2


def test_cannot_play_a_tile_card_when_only_the_unaffordable_pole_is_left() -> None:
    g = new_game(2, map="vastitas_borealis")
    for s in _land(g) - {33}:
        put_tile(g, s, SPECIAL, 1)
    hand(g, 0, "Nuclear Zone")
    give(g, 0, megacredits=10 + 2)
    assert not can_play(g, 0, "Nuclear Zone")
    give(g, 0, megacredits=1)
    assert can_play(g, 0, "Nuclear Zone")
