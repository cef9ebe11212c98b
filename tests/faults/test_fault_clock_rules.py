"""The fault matrix's reading of the clock's rules from a game's log (faults/check.py): a seat
is timed out only on a clocked table, answered by the timeout policy until its time ran out
`timeouts_before_bot` times and by the bot only after, and a silent seat never answers
itself. (The matrix itself runs in containers: tests/containers.)"""

from __future__ import annotations

from typing import Any

import pytest

from olympus.faults.check import clock_kept
from olympus.faults.play import GameRun, Table

CLOCKED_SILENT = Table(1, decision_seconds=3, silent=True, timeouts_before_bot=3)
CLOCKED = Table(2, decision_seconds=3)
UNCLOCKED = Table(3)


def entry(seat: int, kind: str = "own") -> dict[str, Any]:
    """A log entry: `own` (the seat answered), `timeout` or `bot`."""
    return {"seat": seat, "text": "pass", "bot": kind == "bot", "timed_out": kind == "timeout"}


def log(status: str, *kinds: str) -> dict[str, Any]:
    """Seat 0's entries, each followed by one of the bot seat 1."""
    answers = []
    for kind in kinds:
        answers += [entry(0, kind), entry(1, "bot")]
    return {"status": status, "answers": answers}


def kept(table: Table, game_log: dict[str, Any]) -> bool:
    return clock_kept(GameRun("g", "h", table), game_log)


def test_a_silent_seat_times_out_three_times_then_the_bot_plays_it() -> None:
    assert kept(CLOCKED_SILENT, log("finished", "timeout", "timeout", "timeout", "bot", "bot"))


@pytest.mark.parametrize(
    "kinds",
    [
        ("timeout", "timeout", "bot", "bot"),  # handed over before its time ran out 3 times
        ("timeout", "timeout", "timeout", "timeout", "bot"),  # timed out once too often
        ("timeout", "own", "timeout", "timeout", "bot"),  # a silent seat answered
        ("timeout", "timeout", "timeout", "bot", "own"),  # answered itself once handed over
    ],
)
def test_a_silent_seat_breaking_the_rules_is_found(kinds: tuple[str, ...]) -> None:
    assert not kept(CLOCKED_SILENT, log("finished", *kinds))


def test_a_finished_silent_game_needs_all_its_timeouts_an_aborted_one_not() -> None:
    assert not kept(CLOCKED_SILENT, log("finished", "timeout", "timeout"))
    assert kept(CLOCKED_SILENT, log("aborted", "timeout", "timeout"))


def test_an_answering_seat_may_time_out_now_and_then() -> None:
    assert kept(CLOCKED, log("finished", "own", "timeout", "own", "own", "timeout", "own"))
    assert kept(CLOCKED, log("finished", "timeout", "own", "timeout", "timeout", "bot"))
    assert not kept(CLOCKED, log("finished", "own", "bot"))  # a bot before three timeouts


def test_a_table_without_a_clock_never_times_a_seat_out() -> None:
    assert kept(UNCLOCKED, log("finished", "own", "own", "own"))
    assert not kept(UNCLOCKED, log("finished", "own", "timeout", "own"))
