"""Open tables and the rematch in a real Chromium (marked `browser`): a table made open shows up
in another person's lobby by itself (the list refreshes), a signed-in person takes its seat
and plays it, the full table leaves the list; once the game is over, "Rematch" makes the new
table and links to it, and the other person, opening the finished game, is told their seat
waits and takes it. Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import open_page, shot
from web_support import WebStack

pytestmark = pytest.mark.browser

STATIC_I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"
EN = json.loads((STATIC_I18N / "en.json").read_text("utf-8"))
FINISHED = "#game[data-status='GAME_STATUS_FINISHED']"
# The page's own API module, from a test's probe: what the page's buttons would send.
CALL = "([method, path]) => import('/static/js/api.js').then((m) => m.api(method, path, {}))"


def signed_in(browser: Any, stack: WebStack) -> Any:
    page = open_page(browser, stack.url + "/")
    page.click("#guest")
    page.wait_for_selector("#signout")
    return page


def create_open_table(page: Any) -> str:
    """A 2-seat table of people whose second seat is open; the game id."""
    page.uncheck("input[name=corporate_era]")
    page.locator(".seatrow[data-seat='1'] select[name=kind]").select_option("SEAT_KIND_HUMAN")
    page.check("input[name=open_table]")
    page.click("#create-table")
    page.wait_for_selector("#game")
    return str(page.evaluate("location.hash.split('/')[2]"))


def seat_of(page: Any) -> Any:
    """The seat the page plays (its view's viewer), None for a spectator."""
    return page.evaluate(
        "([id]) => fetch(`/api/games/${id}`).then((r) => r.json()).then((d) => d.game.viewer)",
        [page.evaluate("location.hash.split('/')[2]")],
    )


def test_an_open_table_is_taken_from_the_lobby_and_rematched(
    browser: Any, browser_stack: WebStack
) -> None:
    watcher = signed_in(browser, browser_stack)  # in the lobby before the table exists
    watcher.wait_for_selector("#open-tables[data-loaded]")
    ann = signed_in(browser, browser_stack)
    game = create_open_table(ann)
    row = watcher.locator(f"#open-tables tr[data-game='{game}']")
    row.wait_for()  # the list read again, by itself
    assert row.locator(".free-seats").inner_text() == EN["tables.free_seats.one"].replace(
        "{n}", "1"
    )
    assert row.locator(".seats .free").count() == 1
    shot(watcher, "open-tables")

    bo = signed_in(browser, browser_stack)
    bo.locator(f"#open-tables tr[data-game='{game}'] button.take-seat").click()
    bo.wait_for_function("([id]) => location.hash === `#/game/${id}`", arg=[game])
    bo.wait_for_selector("#game")
    assert seat_of(bo) == 1 and seat_of(ann) == 0
    row.wait_for(state="detached")  # full: off the list

    # Both resign: the table plays the game to its end; each page follows it there.
    for page in (ann, bo):
        page.evaluate(CALL, ["POST", f"/api/games/{game}/resign"])
    for page in (ann, bo):
        page.wait_for_selector(FINISHED)
    button = ann.locator("#rematch-button")
    assert button.inner_text() == EN["tables.rematch"]
    button.click()
    link = ann.locator("#rematch-link")
    link.wait_for()
    shot(ann, "rematch")

    bo.reload()  # Bo opens the finished game: their seat in the rematch waits
    bo.wait_for_selector("#rematch-waiting")
    assert bo.locator("#rematch-button").inner_text() == EN["tables.take_rematch_seat"]
    bo.click("#rematch-button")
    bo.click("#rematch-link")
    link.click()
    for page, seat in ((ann, 0), (bo, 1)):
        page.wait_for_function(
            "([old]) => location.hash.startsWith('#/game/') && !location.hash.endsWith(old)",
            arg=[game],
        )
        page.wait_for_selector("#game[data-status='GAME_STATUS_ACTIVE']")
        assert seat_of(page) == seat
    rematch = ann.evaluate("location.hash.split('/')[2]")
    assert rematch == bo.evaluate("location.hash.split('/')[2]") != game
    for page in (watcher, ann, bo):
        page.context.close()


def test_a_lobby_refusal_is_told_in_the_readers_words(
    browser: Any, browser_stack: WebStack
) -> None:
    """A key that is no API key: the lobby says so in the page's language (js/prompts.js
    refusalText, the refusal dictionary), not the service's English nor its raw reason."""
    vi = json.loads((STATIC_I18N / "vi.json").read_text("utf-8"))
    page = open_page(browser, browser_stack.url + "/", "vi")
    page.wait_for_selector("html[lang='vi'] #use-key")
    page.fill("#apikey", "not-a-key")
    page.click("#use-key")
    message = page.locator("#message")
    message.wait_for()
    assert message.inner_text() == f"{vi['error']}: {vi['refusal.INVALID_API_KEY']}"
    page.context.close()
