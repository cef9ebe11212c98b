"""Keyboard play (marked `browser`): with no mouse, a person tabs to a corporation and a card of
the setup and chooses them with Space and Enter, confirms, starts a tile-placing standard
project, tabs to a highlighted map space and places the tile with Enter. Every one of them is
named for a screen reader (the card's name, the space's words) and shows a focus ring.
Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import create_table, open_page, shot
from web_support import WebStack

pytestmark = pytest.mark.browser
CARD_WORDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/cards/en.json"
TILE_PROJECTS = tuple(f"STANDARD_PROJECT_{p}" for p in ("AQUIFER", "GREENERY", "CITY"))
TILE_FILLS = ("#3498db", "#27ae60", "#7f8c8d")  # ocean, greenery, city
TABS_AT_MOST = 400  # more than the page has focusable things: a loop past it finds nothing
FOCUSED = "document.activeElement && document.activeElement.matches(%s)"


def tab_to(page: Any, selector: str) -> Any:
    """Presses Tab until the focus is on something matching `selector` (the page may redraw
    meanwhile, when the other seat moves: the focus then starts again from the top)."""
    for _ in range(TABS_AT_MOST):
        if page.evaluate(FOCUSED % json.dumps(selector)):
            return page.locator(f"{selector}:focus")
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def ring(page: Any) -> dict[str, str]:
    return dict(
        page.evaluate(
            """() => { const s = getComputedStyle(document.activeElement);
            return {outline: s.outlineStyle, width: s.outlineWidth, stroke: s.stroke}; }"""
        )
    )


def test_a_setup_and_a_placement_are_played_with_the_keyboard(
    browser: Any, browser_stack: WebStack
) -> None:
    names = {n: w["name"] for n, w in json.loads(CARD_WORDS.read_text())["cards"].items()}
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    page.locator("body").focus()

    # The corporation not chosen yet (the first is chosen to start with), with Space.
    corporation = tab_to(page, "#corporations .card[aria-pressed='false']")
    number = corporation.get_attribute("data-card")
    assert corporation.get_attribute("aria-label") == names[number]
    assert ring(page)["outline"] == "solid"
    page.keyboard.press(" ")
    page.wait_for_selector(f"#corporations .card.selected[data-card='{number}']")
    assert page.locator("#corporations .card.selected").count() == 1

    # A card to buy, with Enter.
    card = tab_to(page, "#decision .choose .card")
    bought = card.get_attribute("data-card")
    assert card.get_attribute("aria-label") == names[bought]
    page.keyboard.press("Enter")
    page.wait_for_selector(f".choose .card.selected[aria-pressed='true'][data-card='{bought}']")
    shot(page, "keyboard-setup")
    tab_to(page, "#decision [data-answer='confirm']")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand .card[data-card='{bought}']")

    # A standard project that places a tile, then the tile's space, with Enter.
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION'] #projects")
    offered = page.eval_on_selector_all(
        "#projects [data-project]", "els => els.map((e) => e.dataset.project)"
    )
    project = next(p for p in TILE_PROJECTS if p in offered)
    tab_to(page, f"#projects [data-project='{project}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SPACE']")
    space = tab_to(page, "#map polygon.legal")
    where = space.get_attribute("data-space")
    assert space.get_attribute("aria-label").startswith(
        page.locator(f"#map polygon[data-space='{where}'] title").text_content()
    )
    assert ring(page)["stroke"] == "rgb(31, 95, 153)"  # style.css's focus colour
    shot(page, "keyboard-space")
    page.keyboard.press("Enter")
    # The space now shows the placed tile (map.js's tile colours).
    page.wait_for_function(
        f"{json.dumps(list(TILE_FILLS))}.includes("
        f"document.querySelector(\"#map polygon[data-space='{where}']\").getAttribute('fill'))"
    )
    assert page.locator("#message").is_hidden(), page.inner_text("#message")
    game_id = page.evaluate("location.hash.split('/')[2]")
    page.evaluate(f"fetch('/api/games/{game_id}/abort', {{method: 'POST', body: '{{}}'}})")
    page.context.close()
