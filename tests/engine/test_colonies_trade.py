"""Trading: when it is legal, the fee and its discounts, the income at the marker (with a
push up first), the colony bonus for every colony, the marker back above the colonies, one
trade per tile and per fleet, inactive tiles, and a free trade from a card."""

from __future__ import annotations

import random

import pytest

from colony_helpers import (
    colony_game,
    patched_card,
    pick,
    put_colonies,
    run_effects,
    set_tiles,
    tile,
    trade,
)
from helpers import decision, give, hand, in_play, play, set_turn
from olympus.engine import ChooseAmount, ChooseCards, Game, GameOptions, IllegalAction, Trade
from olympus.engine.colonies import can_trade, legal_trades
from olympus.engine.constants import ENERGY, HEAT, MC, PLANTS, STEEL, TITANIUM

# --- when trading is legal --------------------------------------------------------------------


def _trades(g: Game, seat: int = 0) -> list[Trade]:
    return [a for a in g.decision_for(seat).legal_actions() if isinstance(a, Trade)]


def _can_trade(g: Game, seat: int = 0) -> bool:
    return bool(_trades(g, seat))


def _fees(g: Game, seat: int = 0) -> list[tuple[str, int]]:
    """The fees listed with the first tile of the action decision, with their amounts."""
    listed = decision(g).to_dict()["trades"]
    return [(t["fee"], t["amount"]) for t in listed if t["tile"] == listed[0]["tile"]]


def test_trading_needs_a_fee_the_player_can_pay() -> None:
    g = colony_game(2, "Luna")
    assert not _can_trade(g)
    for fee in ({"megacredits": 9}, {"energy": 3}, {"titanium": 3}):
        g2 = colony_game(2, "Luna")
        give(g2, 0, **fee)
        assert _can_trade(g2)
    give(g, 0, megacredits=8, energy=2, titanium=2)
    assert not _can_trade(g)


def test_an_illegal_trade_is_refused_and_changes_nothing() -> None:
    g = colony_game(2, "Luna")
    give(g, 0, megacredits=8)
    raw = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Trade("luna", "mc"))
    assert err.value.code == "trade_fee_unpayable"
    assert g.to_bytes() == raw


def test_the_trader_names_the_fee_among_those_it_can_pay() -> None:
    g = colony_game(2, "Luna")
    give(g, 0, megacredits=9, energy=3, titanium=5)
    assert _trades(g) == [Trade("luna", "mc"), Trade("luna", "energy"), Trade("luna", "titanium")]
    g.apply(0, Trade("luna", "titanium"))
    p = g.players[0]
    assert (p.res[TITANIUM], p.res[ENERGY]) == (2, 3)
    assert p.res[MC] == 9 + 2  # Luna's income at step 2
    assert decision(g).kind == "action"  # no fee question: the second action of the turn


def test_the_fee_may_be_left_out_only_when_a_single_one_is_payable() -> None:
    g = colony_game(2, "Luna")
    give(g, 0, energy=4, megacredits=3)
    assert _trades(g) == [Trade("luna", "energy")]
    g.apply(0, Trade("luna"))
    p = g.players[0]
    assert (p.res[ENERGY], p.res[MC]) == (1, 3 + 2)
    assert decision(g).kind == "action"  # the second action of the turn
    g = colony_game(2, "Luna")
    give(g, 0, energy=4, titanium=3)
    raw = g.to_bytes()
    with pytest.raises(IllegalAction) as err:
        g.apply(0, Trade("luna"))
    assert err.value.code == "trade_fee_required" and g.to_bytes() == raw


def test_helion_may_pay_the_mc_fee_with_heat() -> None:
    g = colony_game(2, "Luna")
    g.players[0].corp = 1018  # Helion: heat may be spent as M€
    give(g, 0, megacredits=4, heat=5)
    assert _trades(g) == [Trade("luna", "mc")]
    g.apply(0, Trade("luna", "mc"))  # the M€ first, then heat: no further question
    assert (g.players[0].res[MC], g.players[0].res[HEAT]) == (2, 0)


def test_trade_discounts_lower_every_fee() -> None:
    with patched_card("Pets", trade_discount=1):
        g = colony_game(2, "Luna")
        in_play(g, 0, "Pets")
        give(g, 0, megacredits=8, energy=2, titanium=2)
        assert _fees(g) == [("mc", 8), ("energy", 2), ("titanium", 2)]
    with patched_card("Pets", trade_discount=4):  # never below 0
        g = colony_game(2, "Luna")
        in_play(g, 0, "Pets")
        assert _fees(g) == [("energy", 0), ("titanium", 0)]  # 5 M€ is more than it has
        g.apply(0, Trade("luna", "energy"))
        assert g.players[0].res[MC] == 2


# --- what a trade brings ----------------------------------------------------------------------


def test_the_trader_takes_the_income_at_the_marker_and_the_marker_drops_to_step_one() -> None:
    g = colony_game(2, "Luna", "Ceres")
    tile(g, "Luna").marker = 5
    give(g, 0, energy=3)
    trade(g, 0, "Luna")
    assert g.players[0].res[MC] == 10
    assert tile(g, "Luna").marker == 1
    assert tile(g, "Luna").visitor == 0


@pytest.mark.parametrize(("colonies", "marker_after"), [((1,), 2), ((1, 0), 3), ((1, 1, 0), 4)])
def test_after_a_trade_the_marker_is_on_the_first_step_above_the_colonies(
    colonies: tuple[int, ...], marker_after: int
) -> None:
    g = colony_game(2, "Ceres", "Io")
    put_colonies(g, "Ceres", *colonies, marker=6)
    give(g, 0, energy=3)
    trade(g, 0, "Ceres")
    assert tile(g, "Ceres").marker == marker_after


def test_every_colony_pays_its_owner_the_bonus_once_the_trader_included() -> None:
    g = colony_game(3, "Luna", "Io")
    put_colonies(g, "Luna", 0, 1, 0, marker=5)  # seat 0 has two colonies here
    give(g, 0, energy=3)
    trade(g, 0, "Luna")
    assert [p.res[MC] for p in g.players] == [10 + 2 * 2, 2, 0]
    assert tile(g, "Luna").marker == 4


def test_europa_pays_a_production_step() -> None:
    g = colony_game(2, "Europa", "Io")
    tile(g, "Europa").marker = 5
    put_colonies(g, "Europa", 1)
    give(g, 0, energy=3)
    trade(g, 0, "Europa")
    assert g.players[0].prod[PLANTS] == 1 and g.players[1].res[MC] == 1


def test_pluto_draws_cards_and_its_colony_bonus_makes_the_owner_discard_one() -> None:
    g = colony_game(2, "Pluto", "Io")
    put_colonies(g, "Pluto", 1, marker=4)
    give(g, 0, energy=3)
    hand(g, 1, "Pets")
    trade(g, 0, "Pluto")
    assert len(g.players[0].hand) == 2  # step 4: 2 cards
    d = decision(g)
    assert d.player == 1 and d.kind == "cards" and d.purpose == "discard"  # type: ignore[attr-defined]
    assert len(g.players[1].hand) == 2
    discarded = g.players[1].hand[0]
    g.apply(1, ChooseCards((discarded,)))
    assert len(g.players[1].hand) == 1 and g.discard[-1] == discarded
    assert decision(g).player == 0  # back to the trader's turn


def test_card_resource_income_goes_onto_a_card_the_trader_chooses() -> None:
    g = colony_game(2, "Enceladus", "Io")
    in_play(g, 0, "Nitrite Reducing Bacteria", "Decomposers")
    tile(g, "Enceladus").marker = 4
    give(g, 0, energy=3)
    trade(g, 0, "Enceladus")
    d = decision(g)
    assert d.kind == "cards" and d.purpose == "add"  # type: ignore[attr-defined]
    chosen = d.cards[1]  # type: ignore[attr-defined]
    g.apply(0, ChooseCards((chosen,)))
    assert g.players[0].card_res[chosen] == 3


def test_a_trade_offset_lets_the_trader_push_the_marker_up_first() -> None:
    with patched_card("Pets", trade_offset=1):
        g = colony_game(2, "Luna", "Io")
        in_play(g, 0, "Pets")
        give(g, 0, energy=3)
        trade(g, 0, "Luna")
        d = decision(g)
        assert d.kind == "amount" and (d.minimum, d.maximum) == (0, 1)  # type: ignore[attr-defined]
        g.apply(0, ChooseAmount(1))
        assert g.players[0].res[MC] == 4  # step 3 instead of 2
        g2 = colony_game(2, "Luna", "Io")
        in_play(g2, 0, "Pets")
        tile(g2, "Luna").marker = 7  # the top: nothing to push
        give(g2, 0, energy=3)
        trade(g2, 0, "Luna")
        assert g2.players[0].res[MC] == 17


# --- one trade per tile, one per fleet --------------------------------------------------------


def test_a_tile_takes_one_trade_per_generation_and_a_fleet_one_trade() -> None:
    g = colony_game(2, "Luna", "Io")
    give(g, 0, energy=6)
    give(g, 1, energy=6)
    trade(g, 0, "Luna")
    assert not _can_trade(g, 0)  # the only fleet is out
    set_turn(g, 1)
    assert _trades(g, 1) == [Trade("io", "energy")]  # Luna has a fleet on it
    g.apply(1, Trade("io"))
    assert tile(g, "Io").visitor == 1
    assert g.players[1].res[HEAT] == 3  # Io's income at step 2


def test_a_second_fleet_makes_a_second_trade_and_fleets_stop_at_four() -> None:
    g = colony_game(2, "Luna", "Io", "Ceres")
    run_effects(g, 0, ("fleet", 1))
    assert g.colonies is not None and g.colonies.fleets[0] == 2
    give(g, 0, energy=6)
    trade(g, 0, "Ceres")
    assert _can_trade(g)
    trade(g, 0, "Luna")
    assert g.players[0].res[STEEL] == 2 and g.players[0].res[MC] == 2
    run_effects(g, 0, ("fleet", 5))
    assert g.colonies.fleets[0] == 4


def test_a_free_trade_from_a_card_asks_no_fee_but_needs_a_fleet() -> None:
    g = colony_game(2, "Luna", "Io")
    run_effects(g, 0, ("trade", "free"))
    pick(g, "Luna")
    assert g.players[0].res[MC] == 2 and tile(g, "Luna").visitor == 0
    assert g.colonies is not None and g.colonies.fleets_home(0) == 0
    from olympus.engine.interpreter import all_feasible

    assert not all_feasible(g, g.players[0], 0, (("trade", "free"),))


# --- inactive tiles ---------------------------------------------------------------------------


def test_an_inactive_tile_takes_no_trade_until_a_card_holding_its_resource_is_played() -> None:
    g = colony_game(2, "Enceladus")
    set_tiles(g, "Enceladus", active=False)
    give(g, 0, energy=3, megacredits=11)
    assert not _can_trade(g)
    hand(g, 0, "Nitrite Reducing Bacteria")
    play(g, 0, "Nitrite Reducing Bacteria")
    assert tile(g, "Enceladus").active and tile(g, "Enceladus").marker == 2
    assert _can_trade(g)


def test_a_card_holding_another_resource_does_not_wake_the_tile() -> None:
    g = colony_game(2, "Enceladus", "Miranda")
    set_tiles(g, "Enceladus", "Miranda", active=False)
    give(g, 0, megacredits=10)
    hand(g, 0, "Pets")
    play(g, 0, "Pets")
    assert tile(g, "Miranda").active and not tile(g, "Enceladus").active


# --- the quick check agrees with the full list -------------------------------------------------


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_the_quick_trade_check_agrees_with_the_list_of_trades_in_random_games(seed: int) -> None:
    """`can_trade` settles most cases without listing fees (asked at every action decision):
    it must say yes exactly when `legal_trades` lists something, for every seat, all game."""
    rnd = random.Random(seed)
    g = Game.new(GameOptions(players=3, seed=seed, colonies=True, prelude=seed == 8))
    yes = no = 0
    while not g.is_over:
        for p in g.players:
            quick = can_trade(g, p)
            assert quick == bool(legal_trades(g, p)), (seed, p.seat, p.res)
            yes, no = yes + quick, no + (not quick)
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    assert yes > 0 and no > 0
