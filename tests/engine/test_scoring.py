"""Milestones, awards (with their tie rules) and the final score breakdown."""

from __future__ import annotations

import pytest
from position_helpers import game, set_player, table

from helpers import give, in_play, new_game, set_turn
from olympus.engine import IllegalAction
from olympus.engine.constants import CITY, GREENERY, OCEAN


def _score(g, seat):  # type: ignore[no-untyped-def]
    return next(s for s in g.scores() if s.seat == seat)


def test_claiming_a_milestone_needs_its_requirement_and_eight_megacredits() -> None:
    position = set_player(table(2), 0, resources={"megacredits": 8})
    with pytest.raises(IllegalAction) as err:
        game(position).apply(0, "milestone terraformer")
    assert err.value.code == "milestone_unavailable"
    g = game(set_player(position, 0, tr=35))
    g.apply(0, "milestone terraformer")
    assert g.milestones == [("terraformer", 0)] and g.players[0].res[0] == 0
    assert _score(g, 0).milestones == 5


def test_only_three_milestones_and_each_once() -> None:
    g = new_game(3)
    for seat in range(3):
        g.players[seat].tr = 35
        give(g, seat, megacredits=16)
    g.players[0].hand.extend(range(1, 17))  # Planner: 16 cards
    g.apply(0, "milestone terraformer")
    with pytest.raises(IllegalAction):
        g.apply(0, "milestone terraformer")
    g.apply(0, "milestone planner")
    set_turn(g, 1)
    for name in ("mayor", "gardener", "builder", "planner", "terraformer"):
        assert name not in g.decision_for(1).options.milestones  # type: ignore[attr-defined]
    # With a third milestone claimed, nothing is left to claim.
    position = set_player(table(3, seat=1), 1, tr=35, resources={"megacredits": 16})
    claimed = [("terraformer", 0), ("planner", 0), ("mayor", 2)]
    g = game(position, milestones=[{"name": n, "seat": s} for n, s in claimed])
    assert not g.decision_for(1).options.milestones  # type: ignore[attr-defined]


def test_award_costs_rise_and_stop_at_three() -> None:
    g = new_game(2)
    give(g, 0, megacredits=8 + 14 + 20 + 20)
    g.apply(0, "award banker")
    g.apply(0, "award miner")
    set_turn(g, 0)
    g.apply(0, "award landlord")
    assert g.players[0].res[0] == 20
    with pytest.raises(IllegalAction):
        g.apply(0, "award scientist")


def test_award_ties_and_second_place() -> None:
    g = new_game(4)
    g.awards = [("banker", 0)]
    for seat, prod in enumerate((5, 5, 3, 1)):
        g.players[seat].prod[0] = prod
    assert [_score(g, s).awards for s in range(4)] == [5, 5, 0, 0]  # tie for first: no second
    g.players[1].prod[0] = 3
    assert [_score(g, s).awards for s in range(4)] == [5, 2, 2, 0]  # tie for second shares 2


def test_two_player_games_give_no_second_place() -> None:
    g = new_game(2)
    g.awards = [("thermalist", 1)]
    g.players[0].res[5] = 9
    g.players[1].res[5] = 3
    assert [_score(g, s).awards for s in range(2)] == [5, 0]


def test_score_breakdown() -> None:
    g = new_game(2)
    # A city of seat 0 with two greeneries around it (one of them seat 1's).
    g.tiles[22], g.owners[22] = CITY, 0
    g.tiles[23], g.owners[23] = GREENERY, 0
    g.tiles[30], g.owners[30] = GREENERY, 1
    g.tiles[32] = OCEAN
    in_play(g, 0, "Adaptation Technology", "Birds", resources=0)
    g.players[0].card_res[72] = 3  # Birds: 1 VP per animal
    g.milestones = [("mayor", 0)]
    s = _score(g, 0)
    assert (s.terraform_rating, s.milestones, s.greeneries, s.cities, s.cards) == (
        20,
        5,
        1,
        2,
        1 + 3,
    )
    assert s.total == 20 + 5 + 1 + 2 + 4
    assert _score(g, 1).greeneries == 1 and _score(g, 1).cities == 0


def test_winner_is_most_points_then_most_megacredits() -> None:
    g = new_game(2)
    g.players[0].res[0] = 3
    g.players[1].res[0] = 7
    assert g.result()["winners"] == [1]
    g.players[0].tr = 21
    assert g.result()["winners"] == [0]


def test_events_score_their_points() -> None:
    g = new_game(2)
    g.players[0].events.append(112)  # Bribed Committee: -2
    assert _score(g, 0).cards == -2


def test_card_points_follow_the_tableau_as_it_grows_and_its_resources_as_they_change() -> None:
    """A score read, then a card joining the tableau or a resource joining a card: the next
    read counts it (fixed points are summed once per tableau, so the sum must not go stale)."""
    g = new_game(2)
    assert _score(g, 0).cards == 0
    in_play(g, 0, "Adaptation Technology")  # 1 VP
    assert _score(g, 0).cards == 1
    in_play(g, 0, "Birds")  # 1 VP per animal
    assert _score(g, 0).cards == 1
    g.players[0].card_res[72] = 2
    assert _score(g, 0).cards == 3
    in_play(g, 0, "Adaptation Technology")  # a second copy, to see the sum grow again
    assert _score(g, 0).cards == 4
    copy = g.clone()
    copy.players[0].card_res[72] = 5
    assert (_score(copy, 0).cards, _score(g, 0).cards) == (7, 4)
