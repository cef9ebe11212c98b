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
