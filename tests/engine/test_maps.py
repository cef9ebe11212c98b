"""The five maps: their spaces against the reference tables, and each special space's rule
(Hellas's paid ocean, Vastitas Borealis's paid temperature step, Amazonis's restricted space,
the card-resource bonuses)."""

from __future__ import annotations

import csv
from importlib import resources

import pytest

from helpers import (
    answer,
    can_play,
    decision,
    give,
    hand,
    in_play,
    new_game,
    put_tile,
    refresh,
    set_production,
    set_turn,
)
from olympus.engine import ChooseCards, Game, GameOptions, IllegalAction, InvalidOptions
from olympus.engine.board import SUPPORTED_MAPS, load_map
from olympus.engine.constants import (
    CITY,
    EMPTY,
    GREENERY,
    HEAT,
    MC,
    OCEAN,
    SPECIAL,
    STEEL,
    TITANIUM,
)
from olympus.engine.placement import legal_spaces

MAPS = ("tharsis", "elysium", "hellas", "vastitas_borealis", "amazonis")
HELLAS_POLE = 61
BOREALIS_POLE = 33
AMAZONIS_CENTRE = 33


def _reference(filename: str) -> list[dict[str, str]]:
    text = resources.files("olympus.engine.data").joinpath(filename).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines(), delimiter="\t"))


def test_the_engine_plays_the_five_maps() -> None:
    assert SUPPORTED_MAPS == MAPS
    with pytest.raises(InvalidOptions, match="supported: tharsis, elysium, hellas"):
        GameOptions(map="arabia_terra")


@pytest.mark.parametrize("name", MAPS)
def test_every_space_is_the_reference_table(name: str) -> None:
    m = load_map(name)
    rows = {int(r["space_id"]): r for r in _reference("spaces.tsv") if r["map"] == name}
    assert len(m.mars) == 61 and m.off_mars == (1, 2)  # only the base game's off-Mars cities
    assert m.mars == tuple(sorted(s for s, r in rows.items() if r["space_type"] != "colony"))
    edges = {int(r["space_id"]) for r in _reference("adjacency.tsv") if r["edge"] == "yes"}
    for sid in (*m.mars, *m.off_mars):
        sp, row = m.space(sid), rows[sid]
        assert sp.kind == row["space_type"], sid
        assert sp.bonus == tuple(b for b in row["bonuses"].split(",") if b), sid
        assert sp.volcanic == (row["volcanic"] == "yes"), sid
        assert (sp.row, sp.position) == (int(row["row"]), int(row["position_in_row"])), sid
        assert sp.edge == (sid in edges)
    kinds = [m.space(s).kind for s in m.mars]
    assert kinds.count("ocean") == 12
    assert kinds.count("land") == (48 if name == "amazonis" else 49)


def test_named_facts_of_each_map() -> None:
    def volcanoes(name: str) -> list[int]:
        m = load_map(name)
        return [s for s in m.mars if m.space(s).volcanic]

    def oceans(name: str) -> list[int]:
        m = load_map(name)
        return [s for s in m.mars if m.space(s).kind == "ocean"]

    assert volcanoes("elysium") == [8, 14, 20, 37]
    assert volcanoes("hellas") == []
    assert volcanoes("vastitas_borealis") == [7, 12, 21, 22]
    assert volcanoes("amazonis") == [9, 35, 43, 49]
    assert oceans("elysium") == [3, 4, 5, 6, 11, 12, 18, 19, 24, 26, 27, 32]
    assert oceans("hellas") == [3, 8, 14, 21, 26, 27, 34, 35, 36, 43, 44, 46]
    assert oceans("vastitas_borealis") == [19, 20, 24, 25, 26, 27, 32, 37, 41, 48, 53, 59]
    assert oceans("amazonis") == [4, 8, 12, 13, 22, 28, 38, 45, 46, 52, 54, 62]
    assert load_map("elysium").space(20).name == "Olympus Mons"
    assert load_map("elysium").space(20).bonus == ("card", "card", "card")
    assert load_map("hellas").space(HELLAS_POLE).bonus == ("ocean",)
    assert load_map("hellas").space(35).bonus == ("heat", "heat", "heat")
    assert load_map("vastitas_borealis").space(BOREALIS_POLE).bonus == ("temperature",)
    assert load_map("amazonis").space(AMAZONIS_CENTRE).kind == "restricted"
    assert load_map("amazonis").space(9).bonus == ("microbe", "microbe")
    assert load_map("amazonis").space(7).bonus == ("animal",)
    assert [m for m in MAPS if load_map(m).noctis_space is not None] == ["tharsis"]
    assert load_map("hellas").fee_spaces == {HELLAS_POLE}
    assert load_map("vastitas_borealis").fee_spaces == {BOREALIS_POLE}
    assert load_map("amazonis").title == "Amazonis Planitia"


# --- Hellas: the south pole ---------------------------------------------------------------------


def test_hellas_south_pole_costs_6_and_gives_an_ocean() -> None:
    g = new_game(2, map="hellas")
    p = g.players[0]
    give(g, 0, megacredits=25 + 6)
    g.apply(0, "project city")
    assert HELLAS_POLE in decision(g).spaces
    answer(g, f"space {HELLAS_POLE}")
    d = decision(g)
    assert d.kind == "space" and d.player == 0  # the bonus ocean
    assert set(d.spaces) == {s for s in g.map.mars if g.map.space(s).kind == "ocean"}
    answer(g, "space 46")
    assert g.tiles[HELLAS_POLE] == CITY and g.tiles[46] == OCEAN and g.oceans == 1
    assert p.res[MC] == 0 and p.tr == 21 and p.prod[MC] == 1


def test_hellas_south_pole_is_not_offered_to_who_cannot_pay() -> None:
    g = new_game(2, map="hellas")
    give(g, 0, megacredits=23 + 5)  # 5 M€ left once the greenery project is paid
    g.apply(0, "project greenery")
    assert HELLAS_POLE not in decision(g).spaces
    with pytest.raises(IllegalAction) as refused:
        answer(g, f"space {HELLAS_POLE}")
    assert refused.value.code == "illegal_space"
    assert refused.value.details == {"space": str(HELLAS_POLE)}  # what a service tells
    assert g.players[0].res[MC] == 5 and g.tiles[HELLAS_POLE] == EMPTY


def test_hellas_south_pole_is_free_once_the_oceans_are_all_placed() -> None:
    g = new_game(2, map="hellas")
    g.oceans = 9
    give(g, 0, megacredits=23)
    g.apply(0, "project greenery")
    assert HELLAS_POLE in decision(g).spaces
    answer(g, f"space {HELLAS_POLE}")
    assert g.players[0].res[MC] == 0 and g.oceans == 9 and g.tiles[HELLAS_POLE] == GREENERY
    assert decision(g).kind == "action"


def _only_the_pole_is_free(g: Game, keep: int) -> None:
    """Cover every land space but `keep` with another seat's tiles."""
    for sid in g.map.mars:
        if sid != keep and g.map.space(sid).kind == "land":
            put_tile(g, sid, SPECIAL, 1)


def test_a_standard_project_counts_its_cost_before_the_fee() -> None:
    g = new_game(2, map="hellas")
    _only_the_pole_is_free(g, HELLAS_POLE)
    give(g, 0, megacredits=25 + 5)
    assert "city" not in decision(g).options.projects  # type: ignore[attr-defined]
    give(g, 0, megacredits=1)
    assert "city" in decision(g).options.projects  # type: ignore[attr-defined]


def test_a_card_placing_a_tile_counts_its_cost_before_the_fee() -> None:
    g = new_game(2, map="hellas")
    _only_the_pole_is_free(g, HELLAS_POLE)
    hand(g, 0, "Noctis City")  # a normal city on a map without Noctis's space
    set_production(g, 0, energy=1)
    give(g, 0, megacredits=18 + 5)
    assert not can_play(g, 0, "Noctis City")
    give(g, 0, megacredits=1)
    assert can_play(g, 0, "Noctis City")
    g.apply(0, "play 017")
    answer(g, f"space {HELLAS_POLE}")
    answer(g, "space 46")
    assert g.players[0].res[MC] == 0 and g.tiles[HELLAS_POLE] == CITY and g.oceans == 1


def test_an_ocean_on_the_pole_that_is_the_last_one_gets_no_bonus_ocean() -> None:
    g = new_game(2, map="hellas")
    g.oceans = 8
    g.temperature = 0
    hand(g, 0, "Artificial Lake")
    give(g, 0, megacredits=15 + 6)
    g.apply(0, "play 116")
    answer(g, f"space {HELLAS_POLE}")
    assert g.tiles[HELLAS_POLE] == OCEAN and g.oceans == 9
    assert g.players[0].res[MC] == 6  # the lake was the ninth ocean: nothing to pay for
    assert decision(g).kind == "action"


def test_the_neutral_player_pays_nothing_on_the_pole() -> None:
    g = new_game(1, corporations=["R00"], map="hellas")
    assert HELLAS_POLE in legal_spaces(g, -2, "city", "city")


# --- Vastitas Borealis: the north pole ----------------------------------------------------------


def test_borealis_north_pole_costs_3_and_raises_the_temperature() -> None:
    g = new_game(2, map="vastitas_borealis")
    p = g.players[0]
    give(g, 0, megacredits=23 + 3)
    g.apply(0, "project greenery")
    answer(g, f"space {BOREALIS_POLE}")
    assert g.temperature == -28 and g.oxygen == 1 and p.tr == 22 and p.res[MC] == 0


def test_borealis_north_pole_step_takes_the_track_bonus() -> None:
    g = new_game(2, map="vastitas_borealis")
    g.temperature = -2
    give(g, 0, megacredits=23 + 3)
    g.apply(0, "project greenery")
    answer(g, f"space {BOREALIS_POLE}")
    assert g.temperature == 0
    d = decision(g)  # reaching 0 °C places an ocean
    assert d.kind == "space" and set(d.spaces) <= set(g.map.mars)
    answer(g, f"space {d.spaces[0]}")
    assert g.oceans == 1 and g.players[0].tr == 20 + 1 + 1 + 1


def test_borealis_north_pole_needs_3_unless_the_temperature_is_at_its_goal() -> None:
    g = new_game(2, map="vastitas_borealis")
    give(g, 0, megacredits=23 + 2)
    g.apply(0, "project greenery")
    assert BOREALIS_POLE not in decision(g).spaces
    g = new_game(2, map="vastitas_borealis")
    g.temperature = 8
    give(g, 0, megacredits=23)
    g.apply(0, "project greenery")
    answer(g, f"space {BOREALIS_POLE}")
    assert g.players[0].res[MC] == 0 and g.temperature == 8


def test_final_greenery_on_the_pole_pays_too() -> None:
    g = new_game(1, corporations=["R00"], map="vastitas_borealis")
    g.players[0].res[MC] = 2
    g.players[0].res[3] = 8  # plants
    refresh(g)
    assert BOREALIS_POLE not in legal_spaces(g, 0, "greenery", "greenery")
    g.players[0].res[MC] = 3
    assert BOREALIS_POLE in legal_spaces(g, 0, "greenery", "greenery")


# --- Amazonis Planitia: the restricted space and the card-resource bonuses -----------------------


@pytest.mark.parametrize(
    "tile, rule",
    [
        ("city", "city"),
        ("greenery", "greenery"),
        ("special", "land"),
        ("special", "isolated"),
        ("ocean", "land_ocean"),
        ("claim", "claim"),
        ("special", "volcanic"),
        ("ocean", "ocean"),
    ],
)
def test_no_tile_ever_goes_on_the_restricted_space(tile: str, rule: str) -> None:
    g = new_game(2, map="amazonis")
    g.players[0].res[MC] = 100
    assert AMAZONIS_CENTRE not in legal_spaces(g, 0, tile, rule)


def test_a_microbe_bonus_goes_on_a_microbe_card() -> None:
    g = new_game(2, map="amazonis")
    in_play(g, 0, "Tardigrades", "Decomposers")
    tardigrades, decomposers = g.players[0].played
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 09")  # Albor Tholus: 2 microbes
    d = decision(g)
    assert d.kind == "cards" and d.player == 0
    assert set(d.legal_actions()) == {ChooseCards((tardigrades,)), ChooseCards((decomposers,))}
    answer(g, "cards 131")
    assert g.players[0].card_res == {tardigrades: 0, decomposers: 2}


def test_a_card_resource_bonus_without_a_card_is_lost() -> None:
    g = new_game(2, map="amazonis")
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 07")  # an animal, and no animal card
    assert decision(g).kind == "action" and g.players[0].card_res == {}
    in_play(g, 0, "Birds")
    set_turn(g, 0)
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 18")  # the one animal card takes it without asking
    assert g.players[0].card_res == {g.players[0].played[0]: 1}


def test_heat_bonus() -> None:
    g = new_game(2, map="hellas")
    give(g, 0, megacredits=18)
    g.apply(0, "project aquifer")
    answer(g, "space 35")
    assert g.players[0].res[HEAT] == 3


def test_steel_and_titanium_bonuses_on_borealis() -> None:
    g = new_game(2, map="vastitas_borealis")
    give(g, 0, megacredits=25)
    g.apply(0, "project city")
    answer(g, "space 21")
    assert g.players[0].res[STEEL] == 1 and g.players[0].res[TITANIUM] == 1
