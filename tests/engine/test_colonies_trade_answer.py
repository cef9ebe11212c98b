"""The trade as one answer of the action decision: the trades listed are exactly the legal ones
(each active tile without a fleet times each payable fee, amounts after discounts), an illegal
trade is refused with a precise code and the state untouched, the text and dict forms round
trip, and the random bot samples among the listed trades."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from colony_helpers import colony_game, patched_card, set_tiles, tile, trade
from helpers import decision, give, in_play
from olympus.engine import Game, GameOptions, IllegalAction, MalformedAction, Trade
from olympus.engine.actions import TRADE_FEE_WORDS, from_dict, parse
from olympus.engine.colony_tiles import TILE_NAMES
from olympus.engine.errors import OlympusError


def _listed(g: Game, seat: int = 0) -> list[tuple[str, str, int]]:
    return [(t["tile"], t["fee"], t["amount"]) for t in decision(g).to_dict()["trades"]]


def _accepted(g: Game, seat: int = 0) -> set[tuple[str, str]]:
    """Every (tile, fee) that the checked apply takes, trying all tiles and fees on copies."""
    ok = set()
    for name in TILE_NAMES:
        for fee in TRADE_FEE_WORDS:
            copy = g.clone()
            try:
                copy.apply(seat, Trade(name.lower(), fee))
            except IllegalAction:
                continue
            ok.add((name.lower(), fee))
    return ok


def test_the_listed_trades_are_the_legal_ones_with_fees_after_discounts() -> None:
    with patched_card("Pets", trade_discount=1):
        g = colony_game(3, "Luna", "Ceres", "Io", "Titan")
        set_tiles(g, "Luna", "Ceres", "Io", "Titan")
        tile(g, "Titan").active = False
        tile(g, "Ceres").visitor = 1  # another seat's fleet is there this generation
        in_play(g, 0, "Pets")
        give(g, 0, megacredits=8, titanium=2, energy=1)
        listed = _listed(g)
        assert listed == [
            (t, f, 2 if f == "titanium" else 8) for t in ("luna", "io") for f in ("mc", "titanium")
        ]
        assert {(t, f) for t, f, _ in listed} == _accepted(g)
        assert set(decision(g).legal_actions()) >= {Trade(t, f) for t, f, _ in listed}


def test_no_trade_is_listed_without_a_fleet_at_home() -> None:
    g = colony_game(2, "Luna", "Io")
    give(g, 0, energy=6, megacredits=20)
    trade(g, 0, "Luna", fee="energy")
    assert decision(g).to_dict()["trade"] is False and _listed(g) == [] and not _accepted(g)


def test_in_random_games_the_listed_trades_are_exactly_those_apply_accepts() -> None:
    rnd = random.Random(3)
    g = Game.new(GameOptions(players=2, seed=3, colonies=True))
    checked = with_trades = 0
    while not g.is_over and checked < 40:
        d = g.decisions()[0]
        if d.kind == "action" and rnd.random() < 0.3:
            listed = _listed(g, d.player)
            assert {(t, f) for t, f, _ in listed} == _accepted(g, d.player)
            checked += 1
            with_trades += bool(listed)
        g.push(d.player, d.sample(rnd))
    assert checked == 40 and with_trades > 5


@pytest.mark.parametrize(
    ("answer", "code"),
    [
        (Trade("triton", "energy"), "trade_tile_unavailable"),  # not in this game
        (Trade("nowhere", "energy"), "trade_tile_unavailable"),  # no such tile at all
        (Trade("titan", "energy"), "trade_tile_unavailable"),  # inactive
        (Trade("ceres", "energy"), "trade_tile_unavailable"),  # a fleet is on it
        (Trade("luna", "mc"), "trade_fee_unpayable"),  # 8 M€ only
        (Trade("luna", "gold"), "trade_fee_unpayable"),  # no such fee (built, not parsed)
        (Trade("luna"), "trade_fee_required"),  # energy and titanium are both payable
    ],
)
def test_an_illegal_trade_is_refused_with_its_reason_and_the_state_untouched(
    answer: Trade, code: str
) -> None:
    g = colony_game(2, "Luna", "Ceres", "Titan")
    tile(g, "Titan").active = False
    tile(g, "Ceres").visitor = 1
    give(g, 0, megacredits=8, energy=3, titanium=3)
    raw = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, answer)
    assert err.value.code == code
    assert g.to_bytes() == raw


def test_a_trade_without_a_fleet_home_is_refused() -> None:
    g = colony_game(2, "Luna", "Io")
    give(g, 0, energy=6)
    trade(g, 0, "Luna")
    raw = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Trade("io", "energy"))
    assert err.value.code == "cannot_trade" and g.to_bytes() == raw


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("trade luna", Trade("luna")),
        ("trade luna mc", Trade("luna", "mc")),
        ("trade ganymede energy", Trade("ganymede", "energy")),
        ("trade io titanium", Trade("io", "titanium")),
    ],
)
def test_the_text_and_dict_forms_round_trip(text: str, answer: Trade) -> None:
    assert parse(text) == answer and str(answer) == text
    assert from_dict(answer.to_dict()) == answer


@pytest.mark.parametrize(
    "text", ["trade", "trade Luna", "trade luna gold", "trade luna mc 3", "trade luna  mc"]
)
def test_malformed_trades_are_refused_by_the_parser(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "trade"},
        {"type": "trade", "tile": "luna", "fee": "gold"},
        {"type": "trade", "tile": 3},
    ],
)
def test_malformed_trade_dicts_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(OlympusError):
        from_dict(data)


def test_the_random_bot_samples_among_the_listed_trades() -> None:
    g = colony_game(2, "Luna", "Ceres", "Io")
    give(g, 0, megacredits=9, energy=3)
    d = decision(g)
    listed = {Trade(t, f) for t, f, _ in _listed(g)}
    assert len(listed) == 6
    rnd = random.Random(1)
    sampled = Counter(a for a in (d.sample(rnd) for _ in range(3000)) if isinstance(a, Trade))
    assert set(sampled) == listed
