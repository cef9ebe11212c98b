"""Figures, not assertions (marked `browser`): the lobby's load time and answer-to-screen (a
click on an answer -> the new version drawn, window.olympusMetrics) in Chromium, medians
written to artifacts/screenshots/timings.json and printed. docs/web-table.md gives the
figures of this checkout and of the commit before the conveniences (a git worktree)."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import click_and_wait, load_ms, open_page, record
from card_table import ADAPTED_LICHEN, CONVOY, answer
from test_browser_cards import place_on_first_legal_space, seated_page
from web_support import WebStack

pytestmark = pytest.mark.browser
LOADS = 7


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return round(ordered[len(ordered) // 2], 1)


def test_lobby_load_and_answer_to_screen(browser: Any, browser_stack: WebStack) -> None:
    loads = []
    for _ in range(LOADS):
        page = open_page(browser, browser_stack.url + "/")
        loads.append(load_ms(page))
        page.context.close()
    page, game_id, host = seated_page(browser, browser_stack)
    click_and_wait(page, "#decision [data-answer='card_action']")
    place_on_first_legal_space(page)
    click_and_wait(page, f"#playable [data-card='{CONVOY}'] [data-answer='play_card']")
    place_on_first_legal_space(page)
    answer(host, game_id, {"pass_turn": {}})
    page.wait_for_selector(f"#playable [data-card='{ADAPTED_LICHEN}'] [data-answer='play_card']")
    click_and_wait(page, f"#playable [data-card='{ADAPTED_LICHEN}'] [data-answer='play_card']")
    answers = [float(x) for x in page.evaluate("window.olympusMetrics.answers")]
    # The page's own drawing of each version (its script; the browser's layout comes after).
    renders = [float(x) for x in page.evaluate("window.olympusMetrics.renders")]
    page.context.close()
    record("lobby_load", loads)
    record("answer_to_screen", answers)
    record("render", renders)
    print(
        f"\nlobby load median {median(loads)} ms ({len(loads)} loads);"
        f" answer to screen median {median(answers)} ms ({len(answers)} answers);"
        f" drawing a version median {median(renders)} ms ({len(renders)} drawings)"
    )
    assert len(loads) == LOADS and len(answers) >= 5
