"""Setup, generations, research, draft, turns, production and the end of the game."""

from __future__ import annotations

import random

import pytest
from position_helpers import set_player, table

from helpers import answer, cid, decision, give, new_game, run_random, set_production, set_turn
from olympus.engine import ChooseCards, ChooseSetup, Game, GameOptions, IllegalAction
from olympus.engine.constants import ENERGY, HEAT, MC, PLANTS, STEEL


def test_setup_deals_two_corporations_and_ten_cards_to_everyone_at_once() -> None:
    g = Game.new(GameOptions(players=3, seed=2))
    ds = g.decisions()
    assert [d.player for d in ds] == [0, 1, 2]
    assert all(d.kind == "setup" for d in ds)
    for p in g.players:
        assert len(p.dealt_corps) == 2 and len(p.dealt) == 10
    dealt = [c for p in g.players for c in p.dealt]
    assert len(set(dealt)) == 30


def test_setup_choices_are_applied_together() -> None:
    g = Game.new(GameOptions(players=2, seed=2))
    p0 = g.players[0]
    g.apply(0, ChooseSetup(p0.dealt_corps[0], tuple(p0.dealt[:2])))
    assert p0.corp == 0 and g.waiting_for() == [1]  # nothing revealed before everyone chose
    g.apply(1, ChooseSetup(g.players[1].dealt_corps[1], ()))
    assert p0.corp != 0 and len(p0.hand) == 2
    assert g.phase == "action" and g.generation == 1


def test_generation_one_skips_research_and_then_research_deals_four() -> None:
    g = new_game(2)
    first = g.first
    g.apply(0, "pass")
    g.apply(1, "pass")
    assert g.generation == 2 and g.phase == "research"
    assert g.first == (first + 1) % 2  # the first-player marker moved
    for d in g.decisions():
        assert d.kind == "cards" and len(d.cards) == 4  # type: ignore[attr-defined]


def test_research_buys_cost_three_each_and_the_rest_are_discarded() -> None:
    g = new_game(2)
    give(g, 0, megacredits=5)
    g.apply(0, "pass")
    g.apply(1, "pass")
    p = g.players[0]
    money = p.res[MC]
    offered = p.dealt[:]
    d = g.decision_for(0)
    assert d.maximum == min(4, money // 3)  # type: ignore[attr-defined]
    g.apply(0, ChooseCards(tuple(offered[:2])))
    assert p.hand == offered[:2] and p.res[MC] == money - 6
    assert set(offered[2:]) <= set(g.discard)


def test_research_refuses_buying_more_than_one_can_pay() -> None:
    position = table(2) | {"generation": 2, "decision": {"kind": "research"}}
    set_player(position, 0, dealt=["Ants", "Birds", "Fish", "Mine"], resources={"megacredits": 5})
    set_player(position, 1, dealt=["Comet", "Algae", "Lichen", "Moss"])
    g = Game.from_position(position)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, "cards 035,072")  # two cards, 6 M€
    assert err.value.code == "cannot_afford"
    g.apply(0, "cards 035")
    assert g.players[0].hand == [cid("Ants")] and g.players[0].res[MC] == 2


def test_draft_passes_cards_and_alternates_direction() -> None:
    g = Game.new(GameOptions(players=3, seed=9, draft=True))
    for d in list(g.decisions()):
        g.apply(d.player, ChooseSetup(g.players[d.player].dealt_corps[0], ()))
    while g.phase == "action":
        d = g.decisions()[0]
        g.apply(d.player, "pass")
    assert g.generation == 2 and g.phase == "draft"
    hands = [p.draft_hand[:] for p in g.players]
    picks = [h[0] for h in hands]
    for seat in range(3):
        g.apply(seat, ChooseCards((picks[seat],)))
    # Generation 2 passes to the next seat: seat s now holds what seat s-1 left.
    for seat in range(3):
        assert g.players[seat].draft_hand == [
            c for c in hands[(seat - 1) % 3] if c != picks[(seat - 1) % 3]
        ]
    for _ in range(2):
        for seat in range(3):
            g.apply(seat, ChooseCards((g.players[seat].draft_hand[0],)))
    assert g.phase == "research"
    for p in g.players:
        assert len(p.dealt) == 4 and p.dealt[0] == picks[p.seat]


def test_a_turn_is_one_or_two_actions_then_the_next_player() -> None:
    g = new_game(3)
    give(g, 0, megacredits=30)
    g.apply(0, "project power_plant")
    assert decision(g).player == 0 and decision(g).taken == 1  # type: ignore[attr-defined]
    g.apply(0, "project power_plant")
    assert decision(g).player == 1
    give(g, 1, megacredits=11)
    g.apply(1, "project power_plant")
    g.apply(1, "end")
    assert decision(g).player == 2


def test_ending_a_turn_needs_an_action_first() -> None:
    g = new_game(2)
    with pytest.raises(IllegalAction) as err:
        g.apply(0, "end")
    assert err.value.code == "cannot_end_turn"


def test_passed_players_are_skipped_and_the_last_one_keeps_playing() -> None:
    g = new_game(3)
    g.apply(0, "pass")
    g.apply(1, "pass")
    give(g, 2, megacredits=33)
    for _ in range(3):
        assert decision(g).player == 2
        g.apply(2, "project power_plant")
        if decision(g).player == 2 and decision(g).taken == 1:  # type: ignore[attr-defined]
            g.apply(2, "end")
    g.apply(2, "pass")
    assert g.generation == 2


def test_production_phase() -> None:
    g = new_game(2)
    p = g.players[0]
    set_production(g, 0, megacredits=-2, steel=1, plants=2, energy=3, heat=1)
    give(g, 0, energy=4, heat=1)
    g.apply(0, "pass")
    g.apply(1, "pass")
    assert p.res[ENERGY] == 3  # all old energy became heat, then new energy arrived
    assert p.res[HEAT] == 1 + 4 + 1
    assert p.res[MC] == p.tr - 2 == 18
    assert p.res[STEEL] == 1 and p.res[PLANTS] == 2


def test_megacredit_production_floor_is_minus_five() -> None:
    g = new_game(2)
    set_production(g, 1, megacredits=-4)
    g.players[0].hand.clear()
    from helpers import hand

    hand(g, 0, "Hackers")
    set_production(g, 0, energy=1)
    give(g, 0, megacredits=3)
    g.apply(0, "play 125")
    assert 1 not in decision(g).seats  # type: ignore[attr-defined]  # -4 cannot lose 2


def test_used_actions_reset_each_generation() -> None:
    g = new_game(2)
    from helpers import in_play

    in_play(g, 0, "GHG Producing Bacteria")
    g.apply(0, "action 034")
    g.apply(0, "pass")
    g.apply(1, "pass")
    for d in list(g.decisions()):
        g.apply(d.player, ChooseCards(()))
    set_turn(g, 0)
    assert 34 in decision(g).options.actions  # type: ignore[attr-defined]


def test_the_game_ends_after_the_production_of_the_generation_it_was_terraformed() -> None:
    g = new_game(2)
    g.temperature, g.oxygen, g.oceans = 8, 14, 9
    give(g, 0, plants=16)
    give(g, 1, plants=8)
    g.apply(0, "pass")
    g.apply(1, "pass")
    assert g.phase == "final"
    d = decision(g)
    assert d.kind == "final_greenery" and d.player == g.first
    # Each player converts as long as they like, in turn order, without raising oxygen.
    order = [g.first, 1 - g.first]
    for seat in order:
        while g.decisions() and decision(g).player == seat and decision(g).kind == "final_greenery":
            g.apply(seat, "plants")
            answer(g, f"space {decision(g).spaces[0]}")
    assert g.is_over
    assert g.players[0].res[PLANTS] < 8 and g.players[1].res[PLANTS] < 8
    assert g.oxygen == 14


def test_random_games_finish_at_every_player_count() -> None:
    for players in (2, 3, 4, 5):
        g = Game.new(GameOptions(players=players, seed=100 + players))
        run_random(g, seed=players)
        assert g.is_over and g.result()["finished"]


def test_random_base_game_without_corporate_era_finishes() -> None:
    g = Game.new(GameOptions(players=2, seed=7, corporate_era=False))
    run_random(g, seed=7)
    deck_numbers = {c for p in g.players for c in p.played + p.events}
    from olympus.engine.cards.catalogue import get

    assert all(get(c).module == "base" for c in deck_numbers)


def test_options_are_validated() -> None:
    from olympus.engine import InvalidOptions

    for bad in (
        {"players": 0},
        {"players": 6},
        {"map": "venus"},
        {"seed": -1},
        {"solo_tr63": True},
    ):
        with pytest.raises(InvalidOptions):
            GameOptions(**bad)  # type: ignore[arg-type]


def test_random_draft_games_finish() -> None:
    for players in (2, 4):
        g = Game.new(GameOptions(players=players, seed=40 + players, draft=True))
        rnd = random.Random(1)
        while not g.is_over:
            d = g.decisions()[0]
            g.apply(d.player, d.sample(rnd))
        assert g.is_over
