"""The table's conveniences in Chromium (marked `browser`): a costly move asks first and can be
declined with nothing sent; the live score hides and shows by the person's preference (kept
over a reload); "advanced pass" passes by itself when the seat's turn comes, and a cancelled
one does not. The seeded table of card_table.py: seat 1 (the page) plays Tharsis Republic."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import click_and_wait, shot, version
from card_table import CONVOY, answer
from test_browser_cards import place_on_first_legal_space, seated_page
from web_support import WebStack

pytestmark = pytest.mark.browser
COUNTERS = "[document.body.dataset.answered || '0', document.body.dataset.refusals || '0']"


def take_first_action_and_end_turn(page: Any) -> None:
    """Tharsis Republic's first action (a city), then the turn ended: seat 0 is to play."""
    click_and_wait(page, "#decision [data-answer='card_action']")
    place_on_first_legal_space(page)
    page.wait_for_selector("#decision [data-answer='end_turn']")
    click_and_wait(page, "#decision [data-answer='end_turn']")
    page.wait_for_selector("#advance-pass-set")


def test_confirm_step_and_live_score_toggle(browser: Any, browser_stack: WebStack) -> None:
    page, game_id, host = seated_page(browser, browser_stack)
    # The live score (the table counts it): hidden and shown again by the preference.
    page.locator("#live-score").wait_for()
    page.click("#prefs summary")
    page.uncheck("input[name='pref-live_score']")
    page.wait_for_selector("#live-score", state="detached")
    page.reload()
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    assert page.locator("#live-score").count() == 0  # kept by the browser
    page.click("#prefs summary")
    page.check("input[name='pref-live_score']")
    page.locator("#live-score").wait_for()

    # The confirm step, on: the city standard project (25 M€) asks; "no" sends nothing.
    page.click("#prefs summary")
    page.check("input[name='pref-confirm']")
    click_and_wait(page, "#decision [data-answer='card_action']")  # the first action: free
    place_on_first_legal_space(page)
    project = "#decision [data-project='STANDARD_PROJECT_CITY']"
    page.wait_for_selector(project)
    before, counters = version(page), page.evaluate(COUNTERS)
    page.click(project)
    dialog = page.locator("dialog#confirm")
    dialog.wait_for()
    assert "25 M€" in dialog.locator("#confirm-text").inner_text()
    assert dialog.get_attribute("aria-labelledby") == "confirm-title"
    # The safe answer has the focus: Enter or Escape declines.
    assert page.evaluate("document.activeElement.id") == "confirm-no"
    shot(page, "confirm-dialog")
    page.click("#confirm-no")
    dialog.wait_for(state="detached")
    assert version(page) == before and page.evaluate(COUNTERS) == counters
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    # Asked again and confirmed: the city is placed.
    page.click(project)
    page.click("dialog#confirm #confirm-yes")
    place_on_first_legal_space(page)
    page.wait_for_selector("#advance-pass-set")  # two actions taken: seat 0 is to play
    # Seat 0 passes; a pass of seat 1's while it could still play cards asks, and Escape
    # declines it.
    answer(host, game_id, {"pass_turn": {}})
    page.wait_for_selector("#decision [data-answer='pass']")
    before, counters = version(page), page.evaluate(COUNTERS)
    page.click("#decision [data-answer='pass']")
    dialog.wait_for()
    assert dialog.locator("#confirm-text").inner_text() == (
        "You can still act this generation. Pass anyway?"
    )
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    assert version(page) == before and page.evaluate(COUNTERS) == counters
    page.context.close()


def test_advance_pass_answers_by_itself(browser: Any, browser_stack: WebStack) -> None:
    page, game_id, host = seated_page(browser, browser_stack)
    take_first_action_and_end_turn(page)
    page.click("#advance-pass-set")
    page.wait_for_selector("#advance-pass-cancel")
    assert "next turn" in page.locator("#advance-pass").inner_text()
    answer(host, game_id, {"pass_turn": {}})  # seat 0 passes: seat 1's turn comes
    page.wait_for_function("document.body.dataset.autopassed === '1'")
    page.wait_for_selector("#notice:text-is('Passed by itself, as you asked.')")
    # Both seats passed: the next generation's research (buy cards) is asked.
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_CARDS']")
    assert host.ok("GET", f"/api/games/{game_id}")["game"]["generation"] == 2
    assert page.locator("#advance-pass").count() == 0  # a new generation forgets it
    page.context.close()


def test_advance_pass_cancelled_does_not_pass(browser: Any, browser_stack: WebStack) -> None:
    page, game_id, host = seated_page(browser, browser_stack)
    take_first_action_and_end_turn(page)
    page.click("#advance-pass-set")
    page.click("#advance-pass-cancel")
    page.wait_for_selector("#advance-pass-set")
    answer(host, game_id, {"pass_turn": {}})
    # Seat 1's turn: the page waits for the person, who plays the Convoy (an ocean).
    play = f"#playable [data-card='{CONVOY}'] [data-answer='play_card']"
    page.wait_for_selector(play)
    assert click_and_wait(page, play)
    place_on_first_legal_space(page)
    assert page.evaluate("document.body.dataset.autopassed") is None
    seat = host.ok("GET", f"/api/games/{game_id}")["game"]["players"][1]
    assert not seat.get("passed")
    page.context.close()
