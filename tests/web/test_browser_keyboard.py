"""Keyboard play (marked `browser`): with no mouse, a person tabs to a corporation and a card of
the setup and chooses them with Space and Enter, confirms, takes the corporation's first action
if it has one, starts a tile-placing standard project, tabs to a highlighted map space and
places the tile with Enter. The tiles and the space are named for a screen reader (the card's
name, the space's words) and show a focus ring. Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import create_table, open_page, shot, version
from midgame_support import past_the_setup, placed, to_a_placement, to_the_projects
from web_support import WebStack

pytestmark = pytest.mark.browser
CARD_WORDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/cards/en.json"
TILE_PROJECTS = tuple(f"STANDARD_PROJECT_{p}" for p in ("AQUIFER", "GREENERY", "CITY"))
TILE_FILLS = ("#3498db", "#27ae60", "#7f8c8d")  # ocean, greenery, city
TABS_AT_MOST = 400  # more than the page has focusable things: a loop past it finds nothing
# The focused element's ring, when it matches the selector (one evaluation: a redraw between a
# check and a reading would read the page's body).
FOCUS_RING = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.matches(selector)) return null;
  const style = getComputedStyle(el);
  return {outline: style.outlineStyle, stroke: style.stroke};
}"""


def tab_to(page: Any, selector: str) -> dict[str, str]:
    """Presses Tab until the focus is on something matching `selector`; its focus ring."""
    for _ in range(TABS_AT_MOST):
        focused = page.evaluate(FOCUS_RING, selector)
        if focused:
            return dict(focused)
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def choose(page: Any, selector: str, key: str, done: str) -> dict[str, str]:
    """Tabs to `selector` and presses `key` until the page shows `done`. The other seat's move
    redraws the page (its focus back at the top): a key pressed just then went nowhere, and is
    pressed again. The focus ring it had."""
    while True:
        drawn = version(page)
        focused = tab_to(page, selector)
        page.keyboard.press(key)
        page.wait_for_function(
            "([done, drawn]) => document.querySelector(done) || document.body.dataset.version !== drawn",
            arg=[done, drawn],
        )
        if page.locator(done).count():
            return focused


def test_a_setup_and_a_placement_are_played_with_the_keyboard(
    browser: Any, browser_stack: WebStack
) -> None:
    names = {n: w["name"] for n, w in json.loads(CARD_WORDS.read_text())["cards"].items()}
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")

    # The corporation not chosen yet (the first is chosen to start with), with Space.
    number = page.get_attribute("#corporations .card[aria-pressed='false']", "data-card")
    tile = f"#corporations .card[data-card='{number}']"
    assert page.get_attribute(tile, "aria-label") == names[number]
    assert choose(page, tile, " ", f"{tile}.selected")["outline"] == "solid"
    assert page.locator("#corporations .card.selected").count() == 1

    # A card to buy, with Enter.
    bought = page.get_attribute("#decision .choose .card", "data-card")
    tile = f"#decision .choose .card[data-card='{bought}']"
    assert page.get_attribute(tile, "aria-label") == names[bought]
    assert (
        choose(page, tile, "Enter", f"{tile}.selected[aria-pressed='true']")["outline"] == "solid"
    )
    shot(page, "keyboard-setup")
    choose(page, "#decision [data-answer='confirm']", "Enter", f"#hand .card[data-card='{bought}']")

    # A corporation's first action comes first (Tharsis Republic's places a city itself), then
    # a standard project that places a tile; then the tile's space, with Enter.
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    space_asked = "#decision[data-kind='DECISION_KIND_SPACE']"
    if not page.locator("#projects").count():
        first = "#decision [data-answer='card_action']"
        choose(page, first, "Enter", f"#decision #projects, {space_asked}")
    if not page.locator(space_asked).count():
        offered = page.eval_on_selector_all(
            "#projects [data-project]", "els => els.map((e) => e.dataset.project)"
        )
        project = next(p for p in TILE_PROJECTS if p in offered)
        choose(page, f"#projects [data-project='{project}']", "Enter", space_asked)
    where = page.get_attribute("#map polygon.legal", "data-space")
    space = f"#map polygon.legal[data-space='{where}']"
    title = page.locator(f"{space} title").text_content() or ""
    assert title and (page.get_attribute(space, "aria-label") or "").startswith(title)
    # style.css's focus colour; once placed, the space is no longer one to choose.
    ring = choose(page, space, "Enter", f"#map polygon[data-space='{where}']:not(.legal)")
    assert ring["stroke"] == "rgb(31, 95, 153)"
    shot(page, "keyboard-space")
    # The space now shows the placed tile (map.js's tile colours).
    page.wait_for_function(
        f"{json.dumps(list(TILE_FILLS))}.includes("
        f"document.querySelector(\"#map polygon[data-space='{where}']\").getAttribute('fill'))"
    )
    assert page.locator("#message").is_hidden(), page.inner_text("#message")
    game_id = page.evaluate("location.hash.split('/')[2]")
    page.evaluate(f"fetch('/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}'}})")
    page.context.close()


# The offered spaces' centres (the mean of each hexagon's corners) and which is in the tab order.
OFFERED = """() => [...document.querySelectorAll('#map polygon.legal')].map((el) => {
  const corners = el.getAttribute('points').split(' ').map((p) => p.split(',').map(Number));
  const mean = (i) => corners.reduce((sum, c) => sum + c[i], 0) / corners.length;
  return {id: el.dataset.space, x: mean(0), y: mean(1), tab: el.getAttribute('tabindex')};
})"""
ROW = 10.0  # map.js: centres of one row share their y; rows are 30 apart
TIE = 1.0  # map.js: distances closer than this are as near


def arrow_target(spaces: dict[str, tuple[float, float]], start: str, key: str) -> str:
    """Where `key` should move from `start` (docs/web-table.md): along the row to the nearest
    offered space, or to the nearest offered space of the nearest row above/below that has
    one (of two as near, the left one); `start` when none lies that way."""
    x, y = spaces[start]
    if key in ("ArrowLeft", "ArrowRight"):
        way = 1 if key == "ArrowRight" else -1
        along = [s for s, (sx, sy) in spaces.items() if abs(sy - y) < ROW and (sx - x) * way > 0]
        return min(along, key=lambda s: abs(spaces[s][0] - x), default=start)
    way = 1 if key == "ArrowDown" else -1
    beyond = [s for s, (_, sy) in spaces.items() if (sy - y) * way >= ROW]
    if not beyond:
        return start
    row_y = min((spaces[s][1] for s in beyond), key=lambda sy: abs(sy - y))
    row = [s for s in beyond if abs(spaces[s][1] - row_y) < ROW]
    # Of two as near (to within TIE: the points are rounded to 0.1), the left one.
    nearest = min(abs(spaces[s][0] - x) for s in row)
    return min(
        (s for s in row if abs(spaces[s][0] - x) < nearest + TIE), key=lambda s: spaces[s][0]
    )


def test_a_tile_is_placed_with_the_arrow_keys(browser: Any, browser_stack: WebStack) -> None:
    """On the map only the arrow keys and Enter: one offered space is in the tab order, each
    arrow moves the focus (and the tab stop) to the space the hex grid puts that way, with the
    focus ring, and Enter places the tile where the focus is."""
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    past_the_setup(page)
    to_the_projects(page)
    to_a_placement(page)
    offered = page.evaluate(OFFERED)
    assert len(offered) > 3, offered
    assert [o["tab"] for o in offered].count("0") == 1  # a single tab stop: the map is one
    assert offered[0]["tab"] == "0"  # the first in the board's order
    spaces = {o["id"]: (o["x"], o["y"]) for o in offered}
    at = offered[0]["id"]
    tab_to(page, "#map polygon.legal[tabindex='0']")

    def press(key: str, at: str) -> str:
        """Presses `key` on the space `at`; the space the focus (or the tab stop) went to."""
        target = arrow_target(spaces, at, key)
        # A redraw (the page's events) drops the focus: the tab stop is still the space.
        tab_to(page, f"#map polygon.legal[data-space='{at}'][tabindex='0']")
        drawn = version(page)
        page.keyboard.press(key)
        ring = page.evaluate(FOCUS_RING, f"#map polygon.legal[data-space='{target}']")
        if ring is None and version(page) != drawn:  # redrawn since: the tab stop moved along
            ring = tab_to(page, f"#map polygon.legal[data-space='{target}'][tabindex='0']")
        assert ring is not None, f"{key} from {at}: not on {target}"
        assert ring["stroke"] == "rgb(31, 95, 153)"  # style.css's focus colour
        return target

    # Down, then along that row both ways, up and back down.
    moved = 0
    for key in ("ArrowDown", "ArrowRight", "ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"):
        went = press(key, at)
        moved += went != at
        at = went
    assert moved >= 3, "the arrows moved the focus too little to tell"
    # Up to the top row of offered spaces; one more Up leads nowhere: the focus stays.
    for _ in range(len(offered)):
        if arrow_target(spaces, at, "ArrowUp") == at:
            break
        at = press("ArrowUp", at)
    assert press("ArrowUp", at) == at
    at = press("ArrowDown", at)
    shot(page, "keyboard-arrows")
    page.keyboard.press("Enter")
    placed(page, at)
    assert page.locator("#message").is_hidden(), page.inner_text("#message")
    game_id = page.evaluate("location.hash.split('/')[2]")
    page.evaluate(f"fetch('/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}'}})")
    page.context.close()
