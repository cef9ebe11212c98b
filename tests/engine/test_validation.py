"""Illegal or malformed answers raise typed errors and leave the game untouched."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from olympus.engine import (
    ChooseCards,
    ChooseSpace,
    Game,
    GameOptions,
    IllegalAction,
    MalformedAction,
    NotYourDecision,
    OlympusError,
    Payment,
    PlayCard,
    StandardProject,
    UseAction,
    parse,
)
from olympus.engine.actions import (
    ChooseAmount,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    ClaimMilestone,
    ConvertHeat,
    ConvertPlants,
    EndTurn,
    FundAward,
    Pass,
    from_dict,
)
from olympus.engine.errors import GameFinished


def _game_after(seed: int, steps: int, players: int | None = None) -> Game:
    """A random position: a game of 1 to 5 players after `steps` random answers."""
    count = players if players is not None else seed % 5 + 1
    game = Game.new(GameOptions(players=count, seed=seed, draft=seed % 2 == 1 and count > 1))
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        d = game.decisions()[0]
        game.apply(d.player, d.sample(rnd))
    return game


card_numbers = st.one_of(
    st.integers(0, 1100),
    st.sampled_from([9, 10, 12, 34, 35, 187, 1008, 1031, 2041]),
)
payments = st.builds(Payment, st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
answers = st.one_of(
    st.builds(PlayCard, card_numbers, payments),
    st.builds(
        StandardProject,
        st.sampled_from(
            ["city", "aquifer", "greenery", "asteroid", "power_plant", "sell_patents", "nope"]
        ),
        payments,
    ),
    st.builds(
        ClaimMilestone,
        st.sampled_from(["mayor", "planner", "gardener", "terraformer", "builder", "x"]),
        payments,
    ),
    st.builds(FundAward, st.sampled_from(["banker", "miner", "landlord", "y"]), payments),
    st.builds(UseAction, card_numbers, st.integers(-1, 3), payments),
    st.just(ConvertPlants()),
    st.just(ConvertHeat()),
    st.just(Pass()),
    st.just(EndTurn()),
    st.builds(ChooseSetup, card_numbers, st.lists(card_numbers, max_size=12).map(tuple)),
    st.builds(ChooseCards, st.lists(card_numbers, max_size=6).map(tuple)),
    st.builds(ChooseSpace, st.integers(-5, 80)),
    st.builds(ChoosePlayer, st.one_of(st.none(), st.integers(-3, 6))),
    st.builds(ChooseOption, st.integers(-2, 5)),
    st.builds(ChooseAmount, st.integers(-3, 20)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 40), steps=st.integers(0, 400), seat=st.integers(-1, 3), answer=answers)
def test_random_answers_either_apply_or_change_nothing(
    seed: int, steps: int, seat: int, answer: object
) -> None:
    game = _game_after(seed, steps)
    before = game.to_bytes()
    try:
        game.apply(seat, answer)  # type: ignore[arg-type]
    except OlympusError as exc:
        assert exc.code and exc.message
        assert game.to_bytes() == before
    else:
        # Only legal answers get through: the seat was asked and the answer was offered.
        assert game.to_bytes() != before or game.is_over


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 20),
    steps=st.integers(0, 300),
    text=st.text(alphabet=string.printable, max_size=30),
)
def test_junk_text_is_malformed_or_illegal_and_changes_nothing(
    seed: int, steps: int, text: str
) -> None:
    game = _game_after(seed, steps)
    before = game.to_bytes()
    seat = game.waiting_for()[0] if game.waiting_for() else 0
    with pytest.raises(OlympusError):
        try:
            game.apply(seat, text)
        except OlympusError:
            raise
        else:
            # Junk that happens to be a legal answer (e.g. "pass") is fine; undo the check.
            raise IllegalAction("was legal")
    if game.to_bytes() != before:
        assert text.strip().split()[0] in {
            "pass",
            "end",
            "plants",
            "heat",
            "space",
            "player",
            "option",
            "amount",
            "cards",
            "play",
            "project",
            "action",
            "milestone",
            "award",
            "setup",
        }


@pytest.mark.parametrize(
    "junk",
    [
        None,
        3,
        [],
        {"type": 5},
        {"type": "space"},
        {"type": "space", "space": "x"},
        {"type": "nope"},
        {"type": "play_card", "card": "9"},
        {"type": "play_card", "card": "009", "payment": {"steel": -1}},
    ],
)
def test_malformed_dicts_are_refused(junk: object) -> None:
    game = _game_after(1, 30, players=2)
    before = game.to_bytes()
    with pytest.raises(MalformedAction):
        game.apply(game.waiting_for()[0], junk)  # type: ignore[arg-type]
    assert game.to_bytes() == before


def test_answering_out_of_turn_names_who_is_waited_for() -> None:
    game = _game_after(2, 60, players=2)
    waiting = game.waiting_for()
    other = next(s for s in range(2) if s not in waiting)
    with pytest.raises(NotYourDecision) as err:
        game.apply(other, "pass")
    assert str(waiting[0]) in err.value.message


def test_a_finished_game_refuses_answers() -> None:
    game = _game_after(3, 100_000)
    assert game.is_over
    with pytest.raises(GameFinished):
        game.apply(0, "pass")


def test_every_enumerated_answer_passes_the_check() -> None:
    """legal_actions and check are the same rule, seen from two sides."""
    for seed in range(6):
        game = Game.new(GameOptions(players=2 + seed % 3, seed=seed))
        rnd = random.Random(seed)
        while not game.is_over:
            for d in game.decisions():
                if d.count() <= 3000:
                    listed = list(d.legal_actions())
                    assert listed, d
                    for a in listed:
                        d.check(a)
                        assert parse(str(a)) == a
                        assert from_dict(a.to_dict()) == a
            d = game.decisions()[0]
            game.apply(d.player, d.sample(rnd))
