"""The default answer for a seat whose clock ran out: per kind, from real positions; always
legal; and what a table of passive seats does with it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from olympus.engine import (
    ChooseAmount,
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSetup,
    ChooseSpace,
    Game,
    GameOptions,
    Pass,
    UseAction,
)
from olympus.engine.actions import Answer
from olympus.engine.decisions import (
    Decision,
    SelectAmount,
    SelectCards,
    SelectOption,
    SelectPlayer,
    SelectSetup,
    SelectSpace,
)
from olympus.engine.defaults import default_answer
from olympus.engine.flow import FinalGreenery
from olympus.engine.turn import TurnDecision

ANSWER_LIMIT = 20_000  # random games take about 1,000 answers; far more means a loop


def positions(players: int, draft: bool, seed: int) -> Iterator[tuple[Game, Decision]]:
    """Every pending decision of a random game, in order (simultaneous ones all shown)."""
    g = Game.new(GameOptions(players=players, draft=draft, seed=seed))
    rnd = random.Random(seed)
    while not g.is_over:
        for d in g.decisions():
            yield g, d
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))


def find(want: Callable[[Decision], bool], players: int = 3, draft: bool = False) -> Decision:
    """The first decision matching `want` in random games of this shape (seeds 0, 1, ...)."""
    for seed in range(40):
        for _, d in positions(players, draft, seed):
            if want(d):
                return d
    raise AssertionError("no such decision in 40 random games")


def answered(d: Decision) -> Answer:
    """The default answer, checked legal."""
    a = default_answer(d)
    d.check(a)
    return a


def test_action_phase_passes() -> None:
    d = find(lambda d: isinstance(d, TurnDecision) and not d.options.first_action)
    assert answered(d) == Pass()


def test_action_phase_passes_after_a_first_action() -> None:
    # End turn is legal too, but it would give the absent seat another turn to time out.
    d = find(lambda d: isinstance(d, TurnDecision) and d.options.can_end)
    assert answered(d) == Pass()


def test_forced_first_action_is_taken() -> None:
    d = find(lambda d: isinstance(d, TurnDecision) and d.options.first_action)
    assert isinstance(d, TurnDecision)
    corp = d.g.players[d.player].corp
    assert answered(d) == UseAction(corp, 0)
    assert list(d.legal_actions()) == [UseAction(corp, 0)]


def test_final_greenery_finishes() -> None:
    d = find(lambda d: isinstance(d, FinalGreenery), players=2)
    assert answered(d) == Pass()


@pytest.mark.parametrize("players", [1, 2, 5])
def test_setup_takes_the_first_corporation_and_no_card(players: int) -> None:
    d = find(lambda d: isinstance(d, SelectSetup), players=players)
    assert isinstance(d, SelectSetup)
    assert answered(d) == ChooseSetup(next(iter(d.corporations)), ())


def _cards(purpose: str) -> Callable[[Decision], bool]:
    return lambda d: isinstance(d, SelectCards) and d.purpose == purpose


def test_research_buys_nothing() -> None:
    d = find(lambda d: _cards("buy")(d) and d.maximum > 0)
    assert answered(d) == ChooseCards(())


def test_draft_picks_the_first_card() -> None:
    d = find(_cards("draft"), draft=True)
    assert isinstance(d, SelectCards)
    assert answered(d) == ChooseCards(d.cards[:1])


def test_sell_patents_sells_one_card() -> None:
    # The seat chose Sell Patents before its clock ran out: at least one card must go.
    d = find(lambda d: _cards("sell")(d) and len(d.cards) > 1)
    assert isinstance(d, SelectCards)
    assert answered(d) == ChooseCards(d.cards[:1])


def test_optional_discard_keeps_everything() -> None:
    d = find(_cards("discard"))
    assert answered(d) == ChooseCards(())


def test_amount_is_the_minimum() -> None:
    d = find(lambda d: isinstance(d, SelectAmount))
    assert isinstance(d, SelectAmount)
    assert answered(d) == ChooseAmount(d.minimum)


def test_option_is_the_first_enabled() -> None:
    d = find(lambda d: isinstance(d, SelectOption) and d.enabled[0] != 0)
    assert isinstance(d, SelectOption)
    assert answered(d) == ChooseOption(d.enabled[0])


def test_space_is_the_first_legal() -> None:
    d = find(lambda d: isinstance(d, SelectSpace))
    assert isinstance(d, SelectSpace)
    assert answered(d) == ChooseSpace(d.spaces[0])


def test_player_is_nobody_when_allowed() -> None:
    d = find(lambda d: isinstance(d, SelectPlayer) and len(d.seats) > 1 and None in d.seats)
    assert answered(d) == ChoosePlayer(None)


def test_forced_target_is_the_next_other_seat() -> None:
    # Lowering production must hit someone: the first seat after the decider, not itself.
    d = find(
        lambda d: (
            isinstance(d, SelectPlayer)
            and None not in d.seats
            and any(s != d.player for s in d.seats)
        ),
        players=4,
    )
    assert isinstance(d, SelectPlayer)
    others = [s for s in d.seats if s is not None and s != d.player]
    after = [s for s in others if s > d.player]
    assert answered(d) == ChoosePlayer((after or others)[0])


def test_forced_target_wraps_round_and_falls_back_to_the_decider() -> None:
    assert default_answer(SelectPlayer(3, "Lower", [0, 1, 3])) == ChoosePlayer(0)
    assert default_answer(SelectPlayer(1, "Lower", [0, 1, 3])) == ChoosePlayer(3)
    assert default_answer(SelectPlayer(1, "Lower", [1])) == ChoosePlayer(1)


class _Unknown(Decision):
    kind = "unknown"

    def legal_actions(self) -> Iterator[Answer]:
        yield ChooseAmount(7)
        yield ChooseAmount(8)


def test_unknown_kind_takes_the_first_legal_answer() -> None:
    assert default_answer(_Unknown(0, "?")) == ChooseAmount(7)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("draft", [False, True])
def test_default_answer_always_applies(players: int, draft: bool) -> None:
    """Over every position of random games, the default answer is legal and applies."""
    seen = 0
    for seed in range(4):
        for g, d in positions(players, draft, 7_000 + seed):
            answer = default_answer(d)
            assert answer == default_answer(d)  # deterministic
            g.clone().apply(d.player, answer)  # checked: raises if illegal
            seen += 1
    assert seen > 50


def play(options: GameOptions, passive: set[int]) -> Game:
    """Play a game with the default answer for the `passive` seats, random for the others."""
    g = Game.new(options)
    rnd = random.Random(options.seed)
    for _ in range(ANSWER_LIMIT):
        if g.is_over:
            return g
        d = g.decisions()[0]
        g.apply(d.player, default_answer(d) if d.player in passive else d.sample(rnd))
    return g


@pytest.mark.parametrize("seed", range(4))
def test_passive_solo_game_ends_after_14_generations(seed: int) -> None:
    g = play(GameOptions(players=1, seed=seed, solo_tr63=seed % 2 == 1), {0})
    assert g.is_over and g.generation == 14
    # Setup, 13 research rounds (the first generation's cards come with setup), 14 passes;
    # a few more when the corporation owes a first action (and it asks something).
    assert 1 + 13 + 14 <= g.decisions_made <= 40


def test_all_passive_multiplayer_game_never_ends() -> None:
    """Only terraforming ends a multiplayer game, and passive seats never raise a parameter:
    generations go on for ever. The platform must end an abandoned table some other way."""
    g = play(GameOptions(players=2, seed=3), {0, 1})
    assert not g.is_over and g.generation > 1_000
    assert (g.temperature, g.oxygen, g.oceans) == (-30, 0, 0)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("draft", [False, True])
def test_one_passive_seat_among_random_ones_finishes(players: int, draft: bool) -> None:
    for seed in range(2):
        passive = {seed % players}
        g = play(GameOptions(players=players, draft=draft, seed=900 + seed), passive)
        assert g.is_over, (players, draft, seed)
