"""The ratings maths alone (olympus.scoring.ratings): places and openskill updates."""

from __future__ import annotations

import random

import pytest

from olympus.scoring import ratings as rt


def test_places_break_ties_by_megacredits_and_share_equal_places() -> None:
    # (total points, M€) per seat
    keys = [(80, 10), (80, 12), (75, 40), (80, 10)]
    assert rt.places(keys) == [2, 1, 4, 2]
    assert rt.ranking(keys) == [1, 0, 3, 2]
    assert rt.places([(50, 0), (50, 0)]) == [1, 1]


def test_a_new_player_starts_at_the_model_defaults_with_ordinal_zero() -> None:
    r = rt.initial()
    assert (r.mu, r.games, r.wins) == (25.0, 0, 0)
    assert r.sigma == pytest.approx(25 / 3)
    assert r.ordinal == pytest.approx(0.0)


def test_one_game_moves_the_winner_up_and_the_loser_down_and_counts_it() -> None:
    a, b = rt.rate([rt.initial(), rt.initial()], [1, 2])
    assert a.mu > 25 > b.mu
    assert a.sigma < 25 / 3 and b.sigma < 25 / 3
    assert (a.games, a.wins, b.games, b.wins) == (1, 1, 1, 0)


def test_a_tie_between_equals_moves_neither_mu() -> None:
    a, b = rt.rate([rt.initial(), rt.initial()], [1, 1])
    assert a.mu == pytest.approx(25.0) and b.mu == pytest.approx(25.0)
    assert a.wins == b.wins == 1  # a shared first place counts as a win


def test_a_stronger_player_ends_rated_above_a_weaker_one() -> None:
    """Three players over 60 three-seat games: "strong" places first four games in five,
    "weak" last four in five; the ordinals end in that order, far apart."""
    rng = random.Random(7)
    table = {name: rt.initial() for name in ("strong", "middle", "weak")}
    for _ in range(60):
        order = ["strong", "middle", "weak"]
        if rng.random() < 0.2:
            rng.shuffle(order)
        placed = {name: order.index(name) + 1 for name in order}
        names = list(table)
        after = rt.rate([table[n] for n in names], [placed[n] for n in names])
        table = dict(zip(names, after, strict=True))
    assert table["strong"].ordinal > table["middle"].ordinal > table["weak"].ordinal
    assert table["strong"].ordinal - table["weak"].ordinal > 10
    assert table["strong"].games == 60
    assert table["strong"].wins > 40


def test_rate_refuses_a_table_of_one_or_mismatched_places() -> None:
    with pytest.raises(ValueError):
        rt.rate([rt.initial()], [1])
    with pytest.raises(ValueError):
        rt.rate([rt.initial(), rt.initial()], [1])


def test_rating_data_round_trips() -> None:
    r = rt.Rating(mu=27.5, sigma=6.25, games=3, wins=2)
    assert rt.Rating.from_data(r.to_data()) == r
