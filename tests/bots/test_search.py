"""The search bot: registered with a budget, deterministic for a seed and a budget in
simulations, within its budget, forced answers at once, and its allocation plays the move
its simulations value most."""

from __future__ import annotations

import random

import pytest
from bot_helpers import game_at_action

from olympus.bots import BOTS, SearchBot, make_bot
from olympus.bots.evaluate import last_generation
from olympus.bots.search import ENDGAME_DECISIONS, Arm, complete_move, play_out, rollout
from olympus.engine import Answer, Game, GameOptions, StandardProject
from olympus.engine.constants import OCEANS_MAX, OXYGEN_MAX, TEMPERATURE_MAX


def test_mcts_is_registered_and_takes_a_budget() -> None:
    assert "mcts" in BOTS
    bot = make_bot("mcts", 1, budget=5)
    assert isinstance(bot, SearchBot) and bot.budget == 5 and bot.name == "mcts"


@pytest.mark.parametrize("budget", [0, -3])
def test_a_budget_below_one_simulation_is_refused(budget: int) -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchBot(1, budget=budget)
    with pytest.raises(ValueError, match="time budget"):
        SearchBot(1, seconds=0.0)


@pytest.mark.parametrize("seed", [2, 6])
def test_same_seed_and_budget_give_the_same_answers(seed: int) -> None:
    g = game_at_action(seed, turns=30)
    a, b = SearchBot(4, budget=6), SearchBot(4, budget=6)
    for _ in range(6):  # a few decisions in a row: the RNGs must stay in step too
        if g.is_over:
            break
        d = g.decisions()[0]
        answer = a.choose(g, d)
        assert b.choose(g, d) == answer
        g.apply(d.player, answer)
    assert a.simulations == b.simulations > 0


def test_simulations_stay_within_the_budget() -> None:
    g = game_at_action(6, turns=30)
    for budget in (1, 2, 5, 12):
        bot = SearchBot(3, budget=budget)
        bot.choose(g, g.decision_for(0))
        assert bot.searches == 1
        assert bot.simulations <= budget
    assert SearchBot(3, budget=1).simulations == 0


def test_a_forced_decision_is_answered_without_search() -> None:
    g = Game.new(GameOptions(players=2, seed=5, corporate_era=True))
    bot = SearchBot(1, budget=50)
    bots = [make_bot("random", 1), make_bot("random", 2)]  # they run out of options often
    forced = 0
    while not g.is_over:
        d = g.decisions()[0]
        if d.count() == 1:
            assert bot.choose(g, d) == next(iter(d.legal_actions()))
            forced += 1
        g.push(d.player, bots[d.player].choose(g, d))
    assert forced > 0 and bot.simulations == 0 and bot.searches == 0


def test_allocation_plays_the_best_simulated_move_not_the_best_prior() -> None:
    """Successive halving with stand-in simulation values: the move the prior ranks third
    is the one the simulations value most, and it is chosen."""
    g = game_at_action(3, turns=30)
    bot = SearchBot(2, budget=40)
    moves = [StandardProject(p) for p in ("aquifer", "asteroid", "greenery", "city")]
    worth = dict(zip(moves, (1.0, 2.0, 9.0, 0.0), strict=True))
    arms = [Arm(m, prior) for m, prior in zip(moves, (4.0, 3.0, 2.0, 1.0), strict=True)]

    def simulate(game: Game, seat: int, move: Answer, world_seed: int) -> float:
        return worth[move] + random.Random(world_seed).random()

    bot.simulate = simulate  # type: ignore[method-assign]
    assert bot.allocate(g, 0, arms, None).move == moves[2]
    assert sum(a.runs for a in arms) <= 40
    assert arms[3].runs < arms[2].runs  # the worst arm was dropped early


def test_a_time_budget_answers_a_legal_move() -> None:
    g = game_at_action(7, turns=30)
    bot = SearchBot(1, seconds=0.05)
    d = g.decision_for(0)
    g.apply(0, bot.choose(g, d))


def test_rollouts_stop_at_the_end_of_the_action_phase() -> None:
    g = game_at_action(6, turns=30)
    rnd = random.Random(1)
    move = next(m for m in g.decision_for(0).legal_actions() if m.kind != "pass")
    complete_move(g, 0, move, rnd)
    generation, made = g.generation, g.decisions_made
    rollout(g, rnd, 1000)
    assert g.decisions_made > made
    assert g.generation == generation or (g.generation == generation + 1 and g.phase != "action")


def test_a_rollout_plays_the_actions_it_is_given() -> None:
    g = game_at_action(6, turns=30)
    made = g.decisions_made
    rollout(g, random.Random(1), 0)
    assert g.decisions_made == made  # no action allowed: nothing played
    rollout(g, random.Random(1), 2)
    assert g.decisions_made >= made + 2 or g.phase != "action"


def test_in_the_last_generation_a_play_out_reaches_the_final_score() -> None:
    """With every parameter at its maximum the game ends with this generation: a simulation
    then plays on to the final scoring instead of estimating it."""
    g = game_at_action(6, turns=30)
    assert not last_generation(g)
    g.temperature, g.oxygen, g.oceans = TEMPERATURE_MAX, OXYGEN_MAX, OCEANS_MAX
    g._cache = None
    assert last_generation(g)
    made = g.decisions_made
    play_out(g, random.Random(1), ENDGAME_DECISIONS)
    assert g.is_over and g.decisions_made > made
    assert not last_generation(g)  # over: nothing left to play


def test_a_play_out_stops_at_its_bound() -> None:
    g = game_at_action(6, turns=30)
    g.temperature, g.oxygen, g.oceans = TEMPERATURE_MAX, OXYGEN_MAX, OCEANS_MAX
    g._cache = None
    made = g.decisions_made
    play_out(g, random.Random(1), 2)
    assert g.decisions_made == made + 2 and not g.is_over
