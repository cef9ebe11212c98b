"""The evaluation: behaviours a defensible evaluation has, not its constants."""

from __future__ import annotations

import random

import pytest
from bot_helpers import game_at_action

from olympus.bots.evaluate import (
    MC_PER_VP,
    PLAIN,
    SEARCH_WEIGHTS,
    Weights,
    evaluate,
    generations_left,
    horizon,
    stock_factor,
)
from olympus.bots.greedy import GreedyBot, Lookahead
from olympus.bots.search import SearchBot
from olympus.engine import Game
from olympus.engine.cards.catalogue import by_name
from olympus.engine.constants import (
    GREENERY,
    HEAT,
    MC,
    OCEANS_MAX,
    OXYGEN_MAX,
    PLANTS,
    TEMPERATURE_MAX,
)


def late(game: Game) -> Game:
    """The same game near its end: every parameter one step short, generation 10."""
    g = game.clone()
    g.temperature, g.oxygen, g.oceans, g.generation = TEMPERATURE_MAX - 2, 13, OCEANS_MAX, 10
    return g


def gain(game: Game, seat: int, change: object, weights: Weights = PLAIN) -> float:
    """How much `change(game_copy)` moves the seat's evaluation (by `weights`)."""
    g = game.clone()
    assert callable(change)
    change(g)
    return evaluate(g, seat, None, weights) - evaluate(game, seat, None, weights)


def test_generations_left_fall_as_the_planet_is_terraformed() -> None:
    g = game_at_action(3)
    assert generations_left(g) > generations_left(late(g)) >= 1
    g.phase = "ended"
    assert generations_left(g) == 0


def test_production_is_worth_more_early_than_late() -> None:
    g = game_at_action(3)
    g.awards = []  # the production alone: no award (Banker) to change hands with it

    def more_money(x: Game) -> None:
        x.players[0].prod[MC] += 1

    assert gain(g, 0, more_money) > gain(late(g), 0, more_money) > 0


def test_a_tr_step_is_worth_more_than_a_megacredit_early_and_late() -> None:
    for g in (game_at_action(5), late(game_at_action(5))):

        def tr(x: Game) -> None:
            x.players[0].tr += 1

        def money(x: Game) -> None:
            x.players[0].res[MC] += 1

        assert gain(g, 0, tr) > gain(g, 0, money) > 0


def test_a_point_on_the_board_counts() -> None:
    g = game_at_action(7)
    free = next(
        s for s in range(1, g.map.size) if g.tiles[s] == 0 and g.map.space(s).kind == "land"
    )

    def greenery(x: Game) -> None:
        x.tiles[free], x.owners[free] = GREENERY, 0

    assert gain(g, 0, greenery) > 0


def test_the_evaluation_is_a_margin_over_the_opponent() -> None:
    g = game_at_action(9)
    assert evaluate(g, 0) == -evaluate(g, 1)

    def rival_richer(x: Game) -> None:
        x.players[1].prod[MC] += 2

    assert gain(g, 0, rival_richer) < 0


def test_heat_is_worth_little_once_the_temperature_is_maxed() -> None:
    g = game_at_action(11)
    g.awards = []  # the heat alone: no award (Thermalist) to change hands with it
    maxed = g.clone()
    maxed.temperature = TEMPERATURE_MAX

    def heat(x: Game) -> None:
        x.players[0].res[HEAT] += 8

    assert gain(g, 0, heat) > gain(maxed, 0, heat) >= 0


def test_stock_only_breaks_ties_once_the_game_is_over() -> None:
    g = game_at_action(13)
    g.phase = "ended"

    def money(x: Game) -> None:
        x.players[0].res[MC] += 10

    def point(x: Game) -> None:
        x.players[0].tr += 1

    assert 0 < gain(g, 0, money) < gain(g, 0, point)


def test_cards_in_hand_are_options_while_the_game_lasts() -> None:
    g = game_at_action(15)
    ended = g.clone()
    ended.phase = "ended"

    def card(x: Game) -> None:
        x.players[0].hand.append(x.deck[-1])

    assert gain(g, 0, card) > 0 == gain(ended, 0, card)


def test_a_search_keeps_the_horizon_of_its_root() -> None:
    root = game_at_action(17)
    leaf = root.clone()
    leaf.temperature += 2  # one step nearer the end: the horizon does not move for it
    assert horizon(root, leaf) == generations_left(root)
    leaf.generation += 1  # a generation went by in the search
    assert horizon(root, leaf) == max(1.0, generations_left(root) - 1)
    leaf.phase = "final"
    assert horizon(root, leaf) == 0


def test_a_funded_award_counts_more_as_the_end_nears() -> None:
    """An award's leader early on often is not its winner: its points count by the standing
    only as far as the standing can be trusted, fully once the game is scored."""
    g = game_at_action(3)
    g.awards = []
    g.players[0].prod[MC], g.players[1].prod[MC] = 12, 2  # seat 0 leads the Banker award

    def fund(x: Game) -> None:
        x.awards.append(("banker", 1))

    ended = g.clone()
    ended.phase = "ended"
    early, near_end, scored = gain(g, 0, fund), gain(late(g), 0, fund), gain(ended, 0, fund)
    assert 0 < early < near_end < scored
    assert scored == pytest.approx(5 * MC_PER_VP)


def test_completing_the_planet_is_the_last_production_to_come() -> None:
    """Steps short, another generation comes unless somebody takes them; taken, this
    generation's production is the last."""
    g = late(game_at_action(5))
    done = g.clone()
    done.temperature, done.oxygen = TEMPERATURE_MAX, OXYGEN_MAX
    assert horizon(g, done) == 1 < 2 <= horizon(g, g) == generations_left(g)


def test_weights_set_the_worth_of_plants_and_active_cards() -> None:
    """A plant in stock and an active card in play are worth what the weights say, per unit
    of stock value and per generation left."""
    g = game_at_action(3)
    g.awards = []
    more = Weights(plant=PLAIN.plant + 1.0, active_card=PLAIN.active_card + 2.0)
    generations = generations_left(g)

    def plants(x: Game) -> None:
        x.players[0].res[PLANTS] += 4

    def birds(x: Game) -> None:
        x.players[0].played.append(by_name()["birds"].id)

    assert gain(g, 0, plants, more) - gain(g, 0, plants) == pytest.approx(
        4 * 1.0 * stock_factor(generations)
    )
    assert gain(g, 0, birds, more) - gain(g, 0, birds) == pytest.approx(2.0 * generations)


def test_weights_set_what_tr_and_production_pay_each_generation() -> None:
    """A TR step's income and a production's worth are the weights' values per generation
    left; the point a TR step scores now does not depend on them."""
    g = game_at_action(3)
    g.awards = []
    more = Weights(tr_income=PLAIN.tr_income + 0.5, production=PLAIN.production * 2)
    generations = generations_left(g)

    def terraform(x: Game) -> None:
        x.players[0].tr += 1

    def production(x: Game) -> None:
        x.players[0].prod[MC] += 3

    assert gain(g, 0, terraform) == pytest.approx(MC_PER_VP + generations)
    assert gain(g, 0, terraform, more) - gain(g, 0, terraform) == pytest.approx(0.5 * generations)
    assert gain(g, 0, production, more) == pytest.approx(2 * gain(g, 0, production))
    assert gain(g, 0, production) == pytest.approx(3 * generations)


def test_greedy_plays_by_the_plain_weights_and_the_search_bot_by_its_own() -> None:
    assert Lookahead(0, random.Random(1)).weights == PLAIN
    assert GreedyBot(1).weights == PLAIN
    assert SearchBot(1).weights == SEARCH_WEIGHTS != PLAIN
