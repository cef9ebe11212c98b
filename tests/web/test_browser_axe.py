"""Accessibility (marked `browser`): axe-core (npm, pinned in tests/web/package.json, installed
by `make test-browser`) run in each page, the lobby, a game table, the ladder, a player's page
and a replay, finds no violation of impact "serious" or "critical"; and a table's decision is
played with the keyboard alone (Tab to its button, Enter)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import cannot_run, create_table, open_page
from pages_support import RatedStack

pytestmark = pytest.mark.browser
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")


def severe_violations(page: Any) -> list[str]:
    """axe's serious and critical findings on the page as it is now, one line each."""
    if not AXE.exists():
        cannot_run(f"no {AXE} (npm ci --prefix tests/web, as make test-browser does)")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(f"{n['target']} {n.get('failureSummary', '')!r}" for n in v["nodes"][:8])
        for v in found
        if v["impact"] in SEVERE
    ]


def assert_accessible(page: Any) -> None:
    found = severe_violations(page)
    assert not found, "\n".join(found)


def test_the_lobby(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, rated_stack.url + "/")
    assert_accessible(page)
    page.click("#guest")
    page.wait_for_selector("#signout")
    assert_accessible(page)
    page.context.close()


def test_a_game_table_played_by_keyboard(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, rated_stack.url + "/")
    game_id = create_table(page)
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    assert_accessible(page)
    # The setup's confirm button reached by Tab and pressed with Enter: the answer is taken.
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.answer") == "confirm":
            break
    assert page.evaluate("document.activeElement.dataset.answer") == "confirm"
    before = page.evaluate("document.body.dataset.answered || '0'")
    page.keyboard.press("Enter")
    page.wait_for_function(f"(document.body.dataset.answered || '0') !== '{before}'")
    page.wait_for_selector("#decision:not([data-kind='DECISION_KIND_SETUP'])")
    assert_accessible(page)
    page.evaluate(f"fetch('/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}'}})")
    page.context.close()


def test_the_ladder(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, f"{rated_stack.url}/#/ladder/{rated_stack.queue}")
    page.wait_for_selector("#leaderboard tbody tr")
    assert_accessible(page)
    page.context.close()


def test_a_players_page(browser: Any, rated_stack: RatedStack) -> None:
    who = rated_stack.players[1]
    page = open_page(browser, f"{rated_stack.url}/#/player/{rated_stack.queue}/{who}")
    page.wait_for_selector("#rating-chart .point")
    assert_accessible(page)
    page.context.close()


def test_a_replay(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, f"{rated_stack.url}/#/replay/{rated_stack.games[0]}")
    page.wait_for_selector("#replay-page #map")
    page.click("#replay-end")
    assert_accessible(page)
    page.context.close()
