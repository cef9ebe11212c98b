"""The page's log tells who left a seat to a bot (marked `browser`, issue 32): a resignation made
on the page is a line of the log ("Ada resigned; a bot plays the seat from now on", the game
service's "resigned" entry) and the seat's board is marked as the bot's. A seat handed to a bot
after its timeouts: test_browser_notices.py (its notice, its mark and its log line)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import EN, create_table, open_page, shot, version
from play_support import ABORT
from web_support import WebStack

from olympus.client.sdk import OlympusClient

pytestmark = pytest.mark.browser
BOARD = ".board[data-seat='0'] h3"


def line(page: Any, text: str) -> None:
    """Wait until the log shows a line that is exactly `text`."""
    page.wait_for_function(
        "(text) => [...document.querySelectorAll('#log div')].some((d) => d.textContent === text)",
        arg=text,
    )


def test_a_resignation_is_a_log_line_and_the_board_marks_the_bot(
    browser: Any, browser_stack: WebStack, client: OlympusClient
) -> None:
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    page.wait_for_selector("#resign")
    name = page.inner_text(BOARD).split(" (")[0]
    assert EN["played_by_bot"] not in page.inner_text(BOARD)
    before = version(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_function(f"document.body.dataset.version !== '{before}'")
    line(page, EN["log.resigned"].replace("{0}", name))
    page.wait_for_function(
        "([selector, mark]) => document.querySelector(selector)?.textContent.includes(mark)",
        arg=[BOARD, f" — {EN['played_by_bot']}"],
    )
    shot(page, "resigned-log")
    # Two bots now: ended here, so that they do not keep the shared workers busy (unless they
    # finished the game already).
    game_id = page.evaluate("location.hash.split('/')[2]")
    page.evaluate(ABORT, game_id)
    page.wait_for_selector("#game:not([data-status='GAME_STATUS_ACTIVE'])")
    page.context.close()
