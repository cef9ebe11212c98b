"""The Colonies option: tiles dealt by player count from the seed, the solo player's removal
and M€ production, fleets, inactive tiles, and games without the option left as they were."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from colony_helpers import colony_game
from helpers import decision, new_game
from olympus.engine import (
    ChooseOption,
    ChooseSetup,
    CorruptState,
    Game,
    GameOptions,
    InvalidOptions,
    StandardProject,
    Trade,
)
from olympus.engine.cards.catalogue import get as card_def
from olympus.engine.colony_tiles import TILE_NAMES, TILES, tile_def
from olympus.engine.constants import MC

TABLE = Path(__file__).resolve().parent.parent / "reference" / "colonies.tsv"
RESOURCE_WORDS = {  # the reference table's words -> the engine's names
    "megacredit": "megacredits",
    "plant": "plants",
    "card": "cards",
    "": "production",
}


@pytest.mark.parametrize(("players", "dealt"), [(1, 4), (2, 5), (3, 5), (4, 6), (5, 7)])
def test_tiles_dealt_by_player_count(players: int, dealt: int) -> None:
    g = Game.new(GameOptions(players=players, seed=players, colonies=True))
    assert g.colonies is not None
    assert len(g.colonies.tiles) == dealt
    assert len(g.colonies.unused) == 11 - dealt
    assert sorted([t.name for t in g.colonies.tiles] + g.colonies.unused) == sorted(TILE_NAMES)
    assert g.colonies.fleets == [1] * players
    for t in g.colonies.tiles:
        assert t.marker == 2 and t.colonies == [] and t.visitor == -1
        assert t.active == (t.name not in ("Enceladus", "Miranda", "Titan"))


def test_the_deal_comes_from_the_seed() -> None:
    def tiles(seed: int) -> list[str]:
        g = Game.new(GameOptions(players=3, seed=seed, colonies=True))
        assert g.colonies is not None
        return [t.name for t in g.colonies.tiles]

    assert tiles(5) == tiles(5)
    deals = {tuple(tiles(seed)) for seed in range(40)}
    assert len(deals) > 20
    assert {name for deal in deals for name in deal} == set(TILE_NAMES)


def test_the_colonies_cards_and_corporations_join_the_decks_only_with_the_option() -> None:
    def cards(g: Game) -> set[int]:
        return {*g.deck, *(c for p in g.players for c in p.dealt)}

    def corps(g: Game) -> set[int]:
        return {c for p in g.players for c in p.dealt_corps}

    plain = Game.new(GameOptions(players=3, seed=8))
    colonies = Game.new(GameOptions(players=3, seed=8, colonies=True))
    added = cards(colonies) - cards(plain)
    assert cards(plain) <= cards(colonies) and len(added) == 49
    assert {card_def(c).module for c in added} == {"colonies"}
    assert all(card_def(c).module != "colonies" for c in cards(plain) | corps(plain))
    dealt = set()
    for seed in range(30):
        g = Game.new(GameOptions(players=5, seed=seed, colonies=True))
        dealt |= {card_def(c).name for c in corps(g) if card_def(c).module == "colonies"}
    assert dealt == {"Aridor", "Arklight", "Polyphemos", "Poseidon", "Stormcraft Incorporated"}


def test_the_solo_player_removes_one_of_four_tiles_before_choosing_a_corporation() -> None:
    g = Game.new(GameOptions(players=1, seed=3, colonies=True))
    assert g.colonies is not None
    d = decision(g)
    assert d.kind == "option" and d.player == 0
    dealt = [t.name for t in g.colonies.tiles]
    assert [d.labels[i] for i in d.enabled] == dealt  # type: ignore[attr-defined]
    g.apply(0, ChooseOption(1))
    assert [t.name for t in g.colonies.tiles] == dealt[:1] + dealt[2:]
    assert dealt[1] in g.colonies.unused and len(g.colonies.unused) == 8
    assert decision(g).kind == "setup"


def test_the_solo_player_starts_two_steps_lower_in_mc_production() -> None:
    def start(colonies: bool) -> int:
        g = Game.new(GameOptions(players=1, seed=4, colonies=colonies))
        if colonies:
            g.apply(0, ChooseOption(0))
        p = g.players[0]
        g.apply(0, ChooseSetup(p.dealt_corps[0], ()))
        return p.prod[MC]

    assert start(True) == start(False) - 2


def test_without_the_option_nothing_of_the_expansion_appears() -> None:
    g = new_game(2)
    assert g.colonies is None
    assert "colonies" not in g.options.to_data() and "cl" not in g.to_data()
    view = g.view(0)
    assert "colony_tiles" not in view and "fleets" not in view["players"][0]
    d = decision(g)
    assert "trade" not in d.to_dict() and "trades" not in d.to_dict()
    assert not any(isinstance(a, Trade) for a in d.legal_actions())
    g.players[0].res[MC] = 50
    g._cache = None
    assert "build_colony" not in decision(g).options.projects  # type: ignore[attr-defined]


def test_trade_and_build_colony_are_refused_without_the_option() -> None:
    g = new_game(2)
    g.players[0].res[MC] = 50
    raw = g.to_bytes()
    for answer in (Trade("luna", "mc"), StandardProject("build_colony")):
        with pytest.raises(Exception) as err:
            g.apply(0, answer)
        assert getattr(err.value, "code", None) in ("cannot_trade", "unknown_project")
    assert g.to_bytes() == raw


def test_the_option_must_be_a_boolean() -> None:
    with pytest.raises(InvalidOptions):
        GameOptions(colonies="yes")  # type: ignore[arg-type]


def test_a_save_whose_colony_tiles_do_not_match_its_options_is_refused() -> None:
    g = colony_game(2)
    data = g.to_data()
    del data["cl"]
    with pytest.raises(CorruptState):
        Game.from_data(data)
    plain = new_game(2).to_data()
    plain["cl"] = g.to_data()["cl"]
    with pytest.raises(CorruptState):
        Game.from_data(plain)


def _reference() -> list[dict[str, str]]:
    with TABLE.open(encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_the_tiles_match_the_reference_table() -> None:
    rows = _reference()
    assert [r["name"] for r in rows] == list(TILE_NAMES) == [t.name for t in TILES]
    for row in rows:
        t = tile_def(row["name"])
        assert t.trade == RESOURCE_WORDS.get(row["resource"], row["resource"])
        track = row["trade_income"].split(",")
        if t.trade == "production":
            assert t.track == tuple(
                RESOURCE_WORDS.get(s.split(":")[1], s.split(":")[1]) for s in track
            )
        else:
            assert t.track == tuple(int(s) for s in track)
        assert int(row["marker_start"]) == 2
        assert t.starts_inactive == ("starts inactive" in row["notes"])
