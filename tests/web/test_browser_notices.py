"""What the page tells a seat about its clock (marked `browser`): a running clock turns to its
low-time warning (panels.js's LOW_MS, 30 s: `.clock.low`, drawn in another colour) before it
runs out, then the timeout is told; and a seat that times out as often as the table allows is
handed to a bot (the game service's `timeouts_before_bot`), which the page tells in a notice
and marks on the seat's board. Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from browser_support import EN, create_table, open_page, shot
from play_support import abort
from web_support import WebStack

from olympus.client import GameServiceError
from olympus.client.sdk import OlympusClient
from olympus.v1 import game_pb2 as pb

pytestmark = pytest.mark.browser
LOW_S = 30  # panels.js's LOW_MS
# Some seconds above the warning, so that the clock is seen without it first (the page is
# drawn within them even on a busy machine).
CLOCK_S = LOW_S + 8
CLOCK = ".board[data-seat='0'] .clock.running"


def colour(page: Any, selector: str) -> str:
    return str(page.eval_on_selector(selector, "el => getComputedStyle(el).color"))


def test_a_clock_warns_of_low_time_before_the_timeout_is_told(
    browser: Any, browser_stack: WebStack
) -> None:
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis", clock_seconds=CLOCK_S)
    page.wait_for_selector(f"{CLOCK}:not(.low)")
    plain = colour(page, CLOCK)
    # Nobody answers the setup: under 30 s left, the warning; then the table's default answer.
    page.wait_for_selector(f"{CLOCK}.low")
    low = colour(page, f"{CLOCK}.low")
    assert low != plain, (low, plain)
    seconds = page.inner_text(f"{CLOCK}.low").split(":")[-1]
    assert int(seconds) < LOW_S, seconds
    shot(page, "clock-low")
    assert page.locator("#notice:not([hidden])").count() == 0  # nothing told yet
    page.wait_for_selector("#notice:not([hidden])", timeout=CLOCK_S * 1000 + 60_000)
    name = page.inner_text(".board[data-seat='0'] h3").split(" (")[0]
    assert page.inner_text("#notice") == EN["notice.timed_out"].replace("{name}", name)
    page.wait_for_selector("#log div:has-text('(time ran out)')")
    abort(page)
    page.context.close()


def test_a_seat_that_times_out_too_often_is_handed_to_a_bot(
    browser: Any, browser_stack: WebStack, client: OlympusClient
) -> None:
    """A 3-second clock and a bot after 2 timeouts: the page, opened at the person's seat and
    never answering, tells the handover and marks the seat as the bot's."""
    clock = pb.TimeControl(
        decision_seconds=3,
        timeout_policy=pb.TIMEOUT_POLICY_DEFAULT_ANSWER,
        timeouts_before_bot=2,
    )
    made = client.create_game(2, bots={1: "random"}, names={0: "Ada"}, time_control=clock)
    page = open_page(browser, f"{browser_stack.url}/#/join/{made.game_id}/{made.tokens[0]}")
    page.wait_for_selector(".board[data-seat='0'] h3:has-text('(you)')")
    board = page.locator(".board[data-seat='0'] h3")
    assert EN["played_by_bot"] not in board.inner_text()
    told = EN["notice.handed_to_bot"].replace("{name}", "Ada")
    page.wait_for_selector(f"#notice:not([hidden]):has-text({told!r})", timeout=90_000)
    assert page.inner_text("#notice") == told
    page.wait_for_function(
        "([selector, mark]) => document.querySelector(selector)?.textContent.includes(mark)",
        arg=[".board[data-seat='0'] h3", f" — {EN['played_by_bot']}"],
    )
    # Both timeouts are in the log, and the handover once (after the second, not the first).
    assert page.locator("#log div:has-text('(time ran out)')").count() >= 2
    handed = EN["log.handed_to_bot"].replace("{0}", "Ada")
    page.wait_for_function(
        "(text) => [...document.querySelectorAll('#log div')].some((d) => d.textContent === text)",
        arg=handed,
    )
    assert page.locator("#log div", has_text=handed).count() == 1
    shot(page, "handed-to-bot")
    with contextlib.suppress(GameServiceError):  # the bot may have played it out already
        client.abort_game(made.game_id, made.host_token)
    page.context.close()
