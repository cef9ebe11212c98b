"""The game page as a table (marked `browser`): it fits a phone (360×740, touch; the ladder and
player pages too) as well as a wide screen, the creator of a person-and-person table is shown an
invitation link per seat (in a new tab too) that seats a second browser, a spectator is offered
no table controls, and the map has a legend. Clocks and notices: test_browser_notices.py.
Screenshots under artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import create_table, open_page, shot
from midgame_support import ACTION, SPACE, past_the_setup, placed, to_a_placement, to_the_projects
from pages_support import RatedStack
from play_support import abort, fits
from web_support import WebStack

pytestmark = pytest.mark.browser
# The smallest phones in common use (a 390 px phone has room to spare), touch input.
PHONE = {"width": 360, "height": 740}


def reachable(page: Any, part: str) -> None:
    """Scrolled to, the part is on screen, within the viewport's width (a thumb can get at it)."""
    page.locator(part).scroll_into_view_if_needed()
    box = page.locator(part).bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    assert box["y"] < PHONE["height"] and box["y"] + box["height"] > 0, part  # on screen


def test_the_lobby_and_the_game_fit_a_phone(browser: Any, browser_stack: WebStack) -> None:
    page = open_page(browser, browser_stack.url + "/", phone=PHONE)
    fits(page)
    shot(page, "phone-lobby")
    create_table(page, "hellas")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    fits(page)
    for part in ("#decision", "#decision [data-answer='confirm']", "#hand", "#map", "#boards"):
        reachable(page, part)
    shot(page, "phone-setup")
    page.set_viewport_size({"width": 1400, "height": 900})
    fits(page)
    # Wide: the board beside the decision, not above it.
    board, decision = (page.locator(x).bounding_box() for x in ("#map", "#decision"))
    assert (
        board is not None and decision is not None and decision["x"] > board["x"] + board["width"]
    )
    shot(page, "wide-setup")
    abort(page)
    page.context.close()


def tap_a_space(page: Any) -> None:
    """Taps the first highlighted space (scrolled to, big enough for a finger): it is placed."""
    where = str(page.get_attribute("#map polygon.legal", "data-space"))
    space = page.locator(f"#map polygon.legal[data-space='{where}']")
    space.scroll_into_view_if_needed()
    box = space.bounding_box()
    assert box is not None and box["width"] >= 24, box
    space.tap()
    placed(page, where)


def test_the_middle_of_a_game_fits_a_phone_and_a_tile_is_placed_by_tapping(
    browser: Any, browser_stack: WebStack
) -> None:
    """After the setup, at 360 px: the action decision (cards in hand, the standard projects)
    and then a map placement scroll nothing sideways, the decision and the hand are within a
    thumb's reach, and a tap on a highlighted space places the tile."""
    page = open_page(browser, browser_stack.url + "/", phone=PHONE)
    create_table(page, "tharsis")
    bought = past_the_setup(page)
    to_the_projects(page)
    if page.locator(SPACE).count():  # a corporation's first action placed a city: tapped too
        tap_a_space(page)
        to_the_projects(page)
    assert page.locator(f"{ACTION} #projects").count()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    fits(page)
    for part in ("#decision", "#projects", "#hand", f"#hand .card[data-card='{bought}']"):
        reachable(page, part)
    shot(page, "phone-action")
    to_a_placement(page)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    fits(page)
    for part in ("#decision", "#hand", "#map"):
        reachable(page, part)
    shot(page, "phone-placement")
    tap_a_space(page)
    assert page.locator("#message").is_hidden(), page.inner_text("#message")
    fits(page)
    abort(page)
    page.context.close()


def test_the_ladder_and_a_player_page_fit_a_phone(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, f"{rated_stack.url}/#/ladder/{rated_stack.queue}", phone=PHONE)
    page.locator("#leaderboard tbody tr").first.wait_for()
    fits(page)
    shot(page, "phone-ladder")
    page.goto(f"{rated_stack.url}/#/player/{rated_stack.queue}/{rated_stack.players[0]}")
    page.wait_for_selector("#rating-chart .point")
    fits(page)
    shot(page, "phone-player")
    page.context.close()


def test_an_invitation_link_seats_a_second_browser(browser: Any, browser_stack: WebStack) -> None:
    host = open_page(browser, browser_stack.url + "/")
    host.click("#guest")
    host.wait_for_selector("#signout")
    host.uncheck("input[name=corporate_era]")
    host.locator(".seatrow[data-seat='1'] select[name=kind]").select_option("SEAT_KIND_HUMAN")
    host.click("#create-table")  # two person seats: the other one is invited
    host.wait_for_selector("#invitations .invite[data-seat='1'] input")
    link = host.locator("#invitations .invite[data-seat='1'] input").input_value()
    assert "/#/join/" in link
    # The host's browser in a new tab (its sessionStorage empty): the bridge gives the links
    # back from the host's session.
    game_id = host.evaluate("location.hash.split('/')[2]")
    tab = host.context.new_page()
    tab.goto(f"{browser_stack.url}/#/game/{game_id}")
    tab.wait_for_selector("#invitations .invite[data-seat='1'] input")
    assert tab.evaluate("sessionStorage.length") == 0
    assert tab.locator("#invitations .invite[data-seat='1'] input").input_value() == link
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.click("#invitations .copy")
    tab.wait_for_selector("#invitations .copy:has-text('Copied')")
    copied = tab.evaluate("navigator.clipboard.readText()")
    assert copied == link
    guest = open_page(browser, copied)
    guest.wait_for_selector("#game")
    guest.wait_for_selector(".board[data-seat='1'] h3:has-text('(you)')")
    assert guest.locator("#invitations").count() == 0  # the guest has none to give
    # A spectator is offered nothing to press; the map says what its colours mean.
    watcher = open_page(browser, f"{browser_stack.url}/#/game/{game_id}")
    watcher.wait_for_selector("#spectating")
    assert watcher.locator("#table-controls").count() == 0
    assert watcher.locator("#legend").count() == 1
    # Every bonus letter drawn on the map (Tharsis: S, T, P, C) is a line of the legend.
    drawn = set(
        "".join(
            watcher.eval_on_selector_all("#map g.hex text", "els => els.map((e) => e.textContent)")
        )
    )
    told = set(watcher.eval_on_selector_all("#legend b", "els => els.map((e) => e.textContent)"))
    assert drawn and drawn <= told, (drawn, told)
    assert "?" not in drawn
    abort(host)
    for page in (watcher, guest, host):
        page.context.close()


def test_a_venus_table_made_in_the_lobby_shows_the_venus_track_and_air_scrapping(
    browser: Any, browser_stack: WebStack
) -> None:
    """The lobby's Venus Next box (World Government Terraforming offered only with it, ticked
    by default) makes a Venus table against a bot: its header names both, the board has the
    Venus track from 0%, and the action decision offers Air Scrapping."""
    page = open_page(browser, browser_stack.url + "/")
    page.click("#guest")
    page.wait_for_selector("#signout")
    wgt = page.locator("input[name=world_government]")
    assert wgt.is_hidden() and wgt.is_disabled()
    page.check("input[name=venus]")
    assert wgt.is_visible() and wgt.is_checked() and wgt.is_enabled()
    create_table(page, signed_in=True)
    options = page.locator("#game-options").inner_text()
    assert "Venus Next" in options and "World Government Terraforming" in options
    venus = page.locator("#params .track[data-parameter='GLOBAL_PARAMETER_VENUS']")
    assert venus.get_attribute("data-value") == "0"
    assert venus.locator(".step").count() == 16  # 0 to 30% by 2
    past_the_setup(page)
    to_the_projects(page)
    if page.locator(SPACE).count():  # a corporation's first action places a city first
        where = str(page.get_attribute("#map polygon.legal", "data-space"))
        page.locator(f"#map polygon.legal[data-space='{where}']").dispatch_event("click")
        placed(page, where)
        to_the_projects(page)
    air = page.locator(f"{ACTION} #projects [data-project='STANDARD_PROJECT_AIR_SCRAPPING']")
    assert air.count() == 1 and "Air scrapping (15 M€)" in air.inner_text()
    shot(page, "venus-table")
    abort(page)
    page.context.close()
