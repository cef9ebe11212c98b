"""Realtime scoring: every view carries each seat's score as if the game ended now (option on,
the default), made of public facts only; off, no view shows a score before the end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from helpers import give, in_play, new_game
from olympus.engine import Game, GameOptions, InvalidOptions
from olympus.engine.constants import CITY, GREENERY
from olympus.engine.redact import redacted


def _live(view: dict[str, Any]) -> list[dict[str, int]]:
    scores: list[dict[str, int]] = view["live_scores"]
    return scores


def _awards(g: Game) -> list[int]:
    return [s["awards"] for s in _live(g.view(None))]


def test_realtime_scoring_is_on_by_default_and_every_viewer_sees_the_same_scores() -> None:
    g = Game.new(GameOptions(players=3, seed=4))
    assert g.options.realtime_scoring
    rnd = random.Random(4)
    for _ in range(60):
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    expected = [s.to_dict() for s in g.scores()]
    for viewer in (None, 0, 1, 2):
        assert _live(g.view(viewer)) == expected
    assert [s["seat"] for s in expected] == [0, 1, 2]


def test_off_no_view_shows_a_score_before_the_end_and_the_result_still_does() -> None:
    g = Game.new(GameOptions(players=2, seed=9, realtime_scoring=False))
    rnd = random.Random(9)
    while not g.is_over:
        for viewer in (None, 0, 1):
            view = g.view(viewer)
            assert "live_scores" not in view and "result" not in view
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    final = g.view(0)
    assert "live_scores" not in final
    assert final["result"]["scores"] == [s.to_dict() for s in g.scores()]


def test_a_caller_may_ask_for_or_leave_out_the_live_scores_whatever_the_option() -> None:
    on = Game.new(GameOptions(players=2, seed=1))
    off = Game.new(GameOptions(players=2, seed=1, realtime_scoring=False))
    assert "live_scores" not in on.view(0, live_scores=False)
    assert _live(off.view(0, live_scores=True)) == _live(on.view(0))


def test_at_the_end_the_live_score_is_the_final_score() -> None:
    for seed, players in ((3, 2), (8, 3), (12, 1)):
        g = Game.new(GameOptions(players=players, seed=seed))
        rnd = random.Random(seed)
        while not g.is_over:
            d = g.decisions()[0]
            g.apply(d.player, d.sample(rnd))
        view = g.view(None)
        assert _live(view) == view["result"]["scores"] == [s.to_dict() for s in g.scores()]


def test_the_breakdown_counts_tiles_milestones_and_card_points_as_they_stand() -> None:
    g = new_game(2)
    base = _live(g.view(None))[0]
    g.tiles[22], g.owners[22] = CITY, 0
    g.tiles[23], g.owners[23] = GREENERY, 0
    g.tiles[30], g.owners[30] = GREENERY, 1  # next to seat 0's city: scores for the city
    in_play(g, 0, "Birds")
    g.players[0].card_res[72] = 2  # Birds: 1 VP per animal
    g.milestones = [("mayor", 0)]
    give(g, 0, megacredits=11)
    now = _live(g.view(1))[0]
    assert (now["greeneries"], now["cities"], now["cards"], now["milestones"]) == (1, 2, 2, 5)
    assert now["total"] == base["total"] + 1 + 2 + 2 + 5
    assert now["megacredits"] == 11
    assert _live(g.view(1))[1]["greeneries"] == 1


def test_awards_score_by_the_current_standing_with_the_tie_rules() -> None:
    g = new_game(3)
    g.awards = [("banker", 2)]  # who funded it does not matter, only the standing
    prod = [p.prod for p in g.players]
    prod[0][0], prod[1][0], prod[2][0] = 4, 4, 1
    assert _awards(g) == [5, 5, 0]  # a tie for first shares it; then no second place
    prod[1][0] = 2
    assert _awards(g) == [5, 2, 0]
    prod[2][0] = 2
    assert _awards(g) == [5, 2, 2]  # a tie for second shares it
    prod[2][0] = 6  # the standing changes: so do the points
    assert _awards(g) == [2, 0, 5]


def test_two_player_awards_give_no_second_place() -> None:
    g = new_game(2)
    g.awards = [("thermalist", 0), ("miner", 1)]
    give(g, 0, heat=3, steel=1)
    give(g, 1, heat=7, steel=1)
    assert _awards(g) == [5, 5 + 5]  # thermalist to seat 1; miner tied: both first


def test_live_scores_use_public_facts_only() -> None:
    """The same scores from every seat's knowledge of the game: other hands, dealt cards and
    the deck re-dealt at random (what a seat cannot know) change nothing."""
    g = Game.new(GameOptions(players=3, seed=21, draft=True))
    rnd = random.Random(21)
    checked = 0
    while not g.is_over:
        if g.decisions_made % 25 == 0:
            for seat in range(3):
                assert _live(redacted(g, seat, rnd.randrange(1000)).view(seat)) == _live(
                    g.view(seat)
                )
            checked += 1
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
    assert checked >= 5


def test_the_option_is_saved_only_when_off_and_reads_back() -> None:
    on = GameOptions(players=2, seed=5)
    assert "realtime_scoring" not in on.to_data()  # saves as games did before the option
    assert GameOptions.from_data(on.to_data()) == on
    off = GameOptions(players=2, seed=5, realtime_scoring=False)
    assert off.to_data()["realtime_scoring"] is False
    assert GameOptions.from_data(off.to_data()) == off
    game = Game.new(off)
    assert not Game.from_bytes(game.to_bytes()).options.realtime_scoring


@pytest.mark.parametrize("value", [1, "yes", None])
def test_the_option_is_a_boolean(value: Any) -> None:
    with pytest.raises(InvalidOptions):
        GameOptions(players=2, realtime_scoring=value)
