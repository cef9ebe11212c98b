"""The undo table option: a seat takes back its own latest answers, which restores the exact
earlier state, unless another seat answered since or an answer revealed something."""

from __future__ import annotations

import orjson
import pytest

from olympus.engine import (
    Game,
    GameOptions,
    MalformedAction,
    Undo,
    UndoNotAllowed,
    UndoOff,
)
from olympus.engine.actions import ChooseCards, ChooseSetup, EndTurn
from olympus.engine.errors import GameFinished, IllegalAction
from olympus.engine.redact import redacted
from olympus.engine.undo import UNDO_LIMIT, parse_undo
from tests.helpers import cid, give, new_game, set_turn

POWER_PLANT = "project power_plant"  # 11 M€: energy production, nothing hidden
HEAT = "heat"  # 8 heat: temperature, nothing hidden


def _turn_of_two_actions(undo: bool = True) -> Game:
    """Seat 0 to act, able to build a power plant and convert heat."""
    g = new_game(players=2, undo=undo)
    give(g, 0, megacredits=30, heat=8)
    give(g, 1, megacredits=30)
    return g


def test_the_option_is_off_by_default_and_saved_only_when_on() -> None:
    assert GameOptions().undo is False
    assert "undo" not in GameOptions().to_data()
    on = GameOptions(undo=True)
    assert on.to_data()["undo"] is True
    assert GameOptions.from_data(on.to_data()) == on


def test_one_answer_taken_back_restores_the_exact_state() -> None:
    g = _turn_of_two_actions()
    before = g.to_bytes()
    g.apply(0, POWER_PLANT)
    assert g.undoable(0) == 1
    g.undo(0, 1)
    assert g.to_bytes() == before
    assert g.log == [("undo", 0, 1)]
    assert g.undoable(0) == 0


def test_several_answers_taken_back_at_once_or_one_at_a_time() -> None:
    g = _turn_of_two_actions()
    states = [g.to_bytes()]
    g.apply(0, POWER_PLANT)
    states.append(g.to_bytes())
    g.apply(0, HEAT)  # the second action ends seat 0's turn: seat 1 decides now
    assert g.waiting_for() == [1]
    assert g.undoable(0) == 2  # seat 1 has not answered yet
    twin = g.clone()
    g.undo(0, 2)
    assert g.to_bytes() == states[0]
    twin.undo(0, 1)
    assert twin.to_bytes() == states[1]
    assert twin.waiting_for() == [0]
    twin.undo(0, 1)
    assert twin.to_bytes() == states[0]


def test_the_decision_tells_how_many_answers_can_be_taken_back() -> None:
    g = _turn_of_two_actions()
    assert "undoable" not in g.decision_for(0).to_dict()
    g.apply(0, POWER_PLANT)
    decision = g.decision_for(0)
    assert decision.undoable == 1
    assert decision.to_dict()["undoable"] == 1
    off = _turn_of_two_actions(undo=False)
    off.apply(0, POWER_PLANT)
    assert off.decision_for(0).undoable == 0 and off.undoable(0) == 0


def test_another_seats_answer_closes_the_window() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    g.apply(0, HEAT)
    g.apply(1, POWER_PLANT)
    assert g.undoable(0) == 0
    assert g.undoable(1) == 1  # seat 1's own answer can be taken back
    before = g.to_bytes()
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 1)
    assert g.to_bytes() == before


def test_refusals_change_nothing() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    before = g.to_bytes()
    for seat, count, error in [
        (0, 2, UndoNotAllowed),  # more than there is
        (1, 1, UndoNotAllowed),  # not seat 1's answer
        (0, 0, MalformedAction),
        (0, -1, MalformedAction),
        (0, True, MalformedAction),
    ]:
        with pytest.raises(error):
            g.undo(seat, count)
        assert g.to_bytes() == before
    assert UndoNotAllowed("x").code == "undo_not_allowed"
    assert isinstance(UndoNotAllowed("x"), IllegalAction)


def test_a_table_without_the_option_refuses() -> None:
    g = _turn_of_two_actions(undo=False)
    g.apply(0, POWER_PLANT)
    before = g.to_bytes()
    with pytest.raises(UndoOff) as refused:
        g.undo(0, 1)
    assert refused.value.code == "undo_off"
    assert g.to_bytes() == before


def test_drawing_a_card_cannot_be_taken_back() -> None:
    g = _turn_of_two_actions()
    demo = cid("Technology Demonstration")  # draw 2 cards
    g.players[0].hand.append(demo)
    g._cache = None
    g.apply(0, POWER_PLANT)
    assert g.undoable(0) == 1
    g.apply(0, "play 204")
    assert g.undoable(0) == 0  # the draw closed the window, the power plant with it
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 1)


def test_a_reshuffle_cannot_be_taken_back() -> None:
    g = _turn_of_two_actions()
    g.players[0].hand.append(cid("Technology Demonstration"))
    g.discard, g.deck = g.deck, []  # the draw must shuffle the discard pile
    g._cache = None
    rng = g.rng
    g.apply(0, "play 204")
    assert g.rng != rng
    assert g.undoable(0) == 0


def test_a_setup_choice_can_be_taken_back_until_everyone_has_chosen() -> None:
    g = Game.new(GameOptions(players=2, seed=4, undo=True))
    before = g.to_bytes()
    first = g.decision_for(0)
    g.apply(0, ChooseSetup(next(iter(first.corporations)), ()))  # type: ignore[attr-defined]
    assert g.undoable(0) == 1
    twin = g.clone()
    twin.undo(0, 1)
    assert twin.to_bytes() == before
    second = g.decision_for(1)
    g.apply(1, ChooseSetup(next(iter(second.corporations)), ()))  # type: ignore[attr-defined]
    # The last choice shows every corporation and hand: nothing can be taken back.
    assert (g.undoable(0), g.undoable(1)) == (0, 0)


def test_a_draft_pick_is_undoable_until_the_hands_are_passed() -> None:
    g = new_game(players=2, draft=True, undo=True)
    g.apply(0, "pass")
    g.apply(1, "pass")  # the generation ends: production, then the new cards (not undoable)
    assert g.phase == "draft" and g.undoable(1) == 0
    pick = g.decision_for(0).cards[0]  # type: ignore[attr-defined]
    g.apply(0, ChooseCards((pick,)))
    assert g.undoable(0) == 1
    pick = g.decision_for(1).cards[0]  # type: ignore[attr-defined]
    g.apply(1, ChooseCards((pick,)))  # both picked: the hands go round, new cards are seen
    assert (g.undoable(0), g.undoable(1)) == (0, 0)


def test_answers_made_for_the_seat_by_the_table_cannot_be_taken_back() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    g.apply(0, HEAT, own=False)  # e.g. the timeout policy's answer
    assert g.undoable(0) == 0


def test_only_the_latest_answers_are_kept() -> None:
    g = Game.new(GameOptions(players=1, seed=2, undo=True))
    g.apply(0, ChooseSetup(next(iter(g.decision_for(0).corporations)), ()))  # type: ignore[attr-defined]
    set_turn(g, 0)
    give(g, 0, megacredits=11 * (UNDO_LIMIT + 3))
    g.undo_window = None  # the edits above are the test's, not answers: start afresh
    states = []
    while len(states) < UNDO_LIMIT + 3:
        states.append(orjson.loads(g.to_bytes()))
        g.apply(0, POWER_PLANT)
        states.append(orjson.loads(g.to_bytes()))
        g.apply(0, EndTurn())
    assert g.undoable(0) == UNDO_LIMIT
    g.undo(0, UNDO_LIMIT)
    restored = orjson.loads(g.to_bytes())
    expected = states[-UNDO_LIMIT]
    restored.pop("u", None)
    expected.pop("u", None)
    assert restored == expected


def test_a_saved_game_keeps_its_window() -> None:
    g = _turn_of_two_actions()
    before = g.to_bytes()
    g.apply(0, POWER_PLANT)
    g.apply(0, HEAT)
    loaded = Game.from_bytes(g.to_bytes())
    assert loaded.to_bytes() == g.to_bytes()
    assert loaded.undoable(0) == 2
    loaded.undo(0, 2)
    assert loaded.to_bytes() == before


def test_a_replay_reproduces_the_undos() -> None:
    options = GameOptions(players=2, seed=9, undo=True)
    g = Game.new(options)
    history: list[tuple[int, object]] = []
    for d in list(g.decisions()):
        answer = ChooseSetup(next(iter(d.corporations)), ())  # type: ignore[attr-defined]
        g.apply(d.player, answer)
        history.append((d.player, answer))
    seat = g.waiting_for()[0]
    g.apply(seat, "pass")
    history.append((seat, "pass"))
    g.undo(seat, 1)
    history.append((seat, Undo(1)))
    g.apply(seat, "pass")
    history.append((seat, "pass"))
    replayed = Game.replay(options, history)  # type: ignore[arg-type]
    assert replayed.to_bytes() == g.to_bytes()
    as_text = [(s, str(entry)) for s, entry in history]
    assert ("undo 1" in [t for _, t in as_text]) and parse_undo("undo 1") == Undo(1)
    assert Game.replay(options, as_text).to_bytes() == g.to_bytes()


def test_undo_is_not_an_answer() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    with pytest.raises(MalformedAction):
        g.apply(0, "undo 1")
    assert parse_undo("undo 0") is None and parse_undo("undo 1 ") is None


def test_nothing_can_be_taken_back_once_the_game_is_over() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    g.phase = "ended"
    with pytest.raises(GameFinished):
        g.undo(0, 1)
    assert g.undoable(0) == 0


def test_a_bots_view_never_holds_the_window() -> None:
    g = _turn_of_two_actions()
    g.apply(0, POWER_PLANT)
    assert g.undo_window is not None
    view = redacted(g, 1, seed=5)
    assert view.undo_window is None and view.undoable(0) == 0
