"""Clocks from the table alone: banks spent and topped up, deadlines per decision, who a bot
plays, when the workers must look next; the table's stored form (with older ones)."""

from __future__ import annotations

import pytest

from olympus.engine import Game, GameOptions
from olympus.gamestate import clocks
from olympus.gamestate.meta import GameMeta, InvalidTimeControl, SeatMeta, TimeControl
from olympus.gamestate.table import Table

T0 = 1_000_000


def meta(tc: TimeControl, bots: dict[int, str] | None = None, players: int = 2) -> GameMeta:
    bots = bots or {}
    return GameMeta(
        game_id="0123456789abcdef",
        options=GameOptions(players=players, seed=5),
        seats=tuple(SeatMeta(seat=s, bot=bots.get(s, "")) for s in range(players)),
        time_control=tc,
        tokens={},
        created_ms=T0,
    )


def answer_setup(game: Game, table: Table, seat: int, at: int, tc: TimeControl) -> Table:
    update = table.begin(99, seat, game)
    d = game.decision_for(seat)
    game.apply(seat, next(iter(d.legal_actions())))
    return update.finish(game, at, tc)


def test_a_bank_is_spent_while_its_decision_runs_and_topped_up_after_an_answer() -> None:
    tc = TimeControl(seconds_per_game=60, seconds_per_decision=10)
    game = Game.new(GameOptions(players=2, seed=5))
    table = Table.new(game, T0, tc)
    assert table.pending_ms == (T0, T0) and table.bank_ms == (60_000, 60_000)
    m = meta(tc)
    assert clocks.seat_deadline(m, table, 0) == T0 + 60_000

    table = answer_setup(game, table, 0, T0 + 7_000, tc)
    # Seat 0 spent 7 s and got its 10 s increment; seat 1's decision is unchanged: still runs.
    assert table.bank_ms == (63_000, 60_000)
    assert table.pending_ms[0] == 0 and table.pending_ms[1] == T0
    shown = {c.seat: c for c in clocks.seat_clocks(m, table, game, T0 + 8_000)}
    assert shown[0].deadline_ms == 0 and shown[0].remaining_ms == 63_000
    assert shown[1].deadline_ms == T0 + 60_000 and shown[1].remaining_ms == 52_000


def test_a_fixed_time_per_decision_starts_again_with_each_decision() -> None:
    tc = TimeControl(decision_seconds=30)
    game = Game.new(GameOptions(players=2, seed=5))
    table = Table.new(game, T0, tc)
    m = meta(tc)
    table = answer_setup(game, table, 0, T0 + 5_000, tc)
    table = answer_setup(game, table, 1, T0 + 9_000, tc)
    # Both answered: the action phase's first decision appeared at the second answer.
    (seat,) = game.waiting_for()
    assert table.pending_ms[seat] == T0 + 9_000
    assert clocks.seat_deadline(m, table, seat) == T0 + 39_000
    assert clocks.next_due(m, table, game) == T0 + 39_000
    assert clocks.overdue(m, table, game, T0 + 38_999) == []
    assert clocks.overdue(m, table, game, T0 + 39_000) == [seat]


def test_untimed_tables_have_no_deadlines_but_bots_are_due_at_once() -> None:
    game = Game.new(GameOptions(players=2, seed=5))
    untimed = TimeControl()
    table = Table.new(game, T0, untimed)
    assert clocks.next_due(meta(untimed), table, game) is None
    assert clocks.seat_clocks(meta(untimed), table, game, T0) == []
    with_bot = meta(untimed, {1: "random"})
    assert clocks.bot_played(with_bot, table) == {1}
    assert clocks.next_due(with_bot, table, game) == T0 + clocks.BOT_GRACE_MS


def test_timeouts_hand_the_seat_to_a_bot_at_the_limit() -> None:
    game = Game.new(GameOptions(players=2, seed=5))
    tc = TimeControl(decision_seconds=5, timeouts_before_bot=2)
    table = Table.new(game, T0, tc).timed_out(0, 2)
    assert table.timeouts == (1, 0) and not table.robots
    table = table.timed_out(0, 2)
    assert table.robots == {0}
    assert clocks.bot_played(meta(tc), table) == {0}
    assert {c.seat: c.handed_to_bot for c in clocks.seat_clocks(meta(tc), table, game, T0)} == {
        0: True,
        1: False,
    }


def test_the_table_round_trips_and_reads_its_older_form() -> None:
    table = Table(
        since=(3, 1, 7),
        resigned={2: 9},
        pending_ms=(5, 0, 8),
        bank_ms=(100, 200, 300),
        timeouts=(1, 0, 2),
        robots=frozenset({2}),
    )
    assert Table.unpack(table.pack()) == table
    old = Table.unpack(b"3,1|1@4")  # stored before clocks
    assert old.since == (3, 1) and old.resigned == {1: 4}
    assert old.pending_ms == (0, 0) and old.timeouts == (0, 0) and not old.robots


@pytest.mark.parametrize(
    "kwargs",
    [
        {"decision_seconds": 30, "seconds_per_game": 600},  # two clocks at once
        {"seconds_per_decision": 5},  # an increment without a bank
        {"decision_seconds": 31 * 24 * 3600},  # beyond a month
        {"timeout_policy": "coin-flip"},
        {"timeouts_before_bot": 0},
        {"timeouts_before_bot": 101},
    ],
)
def test_time_controls_that_cannot_work_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidTimeControl):
        TimeControl(**kwargs)  # type: ignore[arg-type]


def test_an_old_increment_without_a_bank_reads_as_no_clock() -> None:
    assert TimeControl.from_data({"seconds_per_game": 0, "seconds_per_decision": 30}).kind == "none"
