"""The game page in every language (marked `browser`): a game opened in English and then in each
of vi, zh-Hant, be-tarask, zh and be shows the card names of that language's card words
(static/i18n/cards/*.json; the official-orthography Belarusian page reads the classical card
words) on the setup's tiles, not the English ones; <html lang> follows the language, and the
Chinese pages name a CJK font stack of their script. A screenshot per language under
artifacts/screenshots/."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import create_table, open_page, shot
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_support import WebStack

pytestmark = pytest.mark.browser
CARDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/cards"
# Page language -> its card words' file (cardwords.js's CARD_FILES).
LANGUAGES = {
    "vi": "vi",
    "zh-Hant": "zh-Hant",
    "be-tarask": "be-tarask",
    "zh": "zh",
    "be": "be-tarask",
}
# The first family of each Chinese stack in style.css: the script's own font.
CJK_FONT = {"zh-Hant": '"Noto Sans TC"', "zh": '"Noto Sans SC"'}
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('#decision .card, #hand .card')].map(
  (el) => [el.dataset.card, el.querySelector('.name').textContent]))"""


def card_names(file: str) -> dict[str, str]:
    words = json.loads((CARDS / f"{file}.json").read_text())["cards"]
    return {number: entry["name"] for number, entry in words.items() if entry.get("name")}


def switch(page: Any, language: str, expected: dict[str, str]) -> dict[str, str]:
    """Switches the page to `language` (the header's select); the card names on it once its
    tiles show `expected` names (the page redraws when the language's card words are in), or
    after the page's wait runs out, whatever they are then."""
    page.select_option("#lang", language)
    page.wait_for_selector(f"html[lang='{language}'] #decision[data-kind='DECISION_KIND_SETUP']")
    with contextlib.suppress(PlaywrightTimeout):  # the comparison below says which are wrong
        page.wait_for_function(
            f"(expected) => Object.entries(({SHOWN})()).every(([n, name]) => name === expected[n])",
            arg=expected,
        )
    return dict(page.evaluate(SHOWN))


def test_every_language_shows_its_own_card_names(browser: Any, browser_stack: WebStack) -> None:
    english = card_names("en")
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    tiles = set(page.evaluate(SHOWN))
    assert switch(page, "en", english) == {n: english[n] for n in tiles}
    shot(page, "language-en")
    for language, file in LANGUAGES.items():
        # The language's name for each card, English where its card words have none.
        expected = {n: card_names(file).get(n, english[n]) for n in tiles}
        shown = switch(page, language, expected)
        wrong = {n: name for n, name in shown.items() if name != expected.get(n)}
        assert set(shown) == tiles and not wrong, f"{language}: {wrong}"
        assert any(expected[n] != english[n] for n in tiles), f"{language}: all names English"
        if language in CJK_FONT:
            # One evaluation: a tile the page has just redrawn away has no style.
            font = page.evaluate(
                "getComputedStyle(document.querySelector('#decision .card .name')).fontFamily"
            )
            assert font.startswith(CJK_FONT[language]), font
        shot(page, f"language-{language}")
    page.context.close()
