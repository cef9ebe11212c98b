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
    "be": "be",
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


# In the page: the family's own face (style.css's @font-face), its status once the page's fonts
# are in, whether it has 火星, and the width of 火星火星 at 16 px in that family alone (CJK glyphs
# are one em wide; a missing glyph draws the fallback's narrower box).
FONT_LOADED = """async (family) => {
  await document.fonts.ready;
  const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family);
  const probe = document.createElement('span');
  probe.style.cssText = `font: 16px "${family}", monospace; position: absolute; white-space: nowrap`;
  probe.textContent = '火星火星';
  document.body.append(probe);
  await document.fonts.load(`16px "${family}"`, '火星');
  const width = probe.getBoundingClientRect().width;
  probe.style.fontFamily = 'monospace';
  const fallback = probe.getBoundingClientRect().width;
  probe.remove();
  return {statuses: faces.map((f) => f.status), check: document.fonts.check(`16px "${family}"`, '火星'),
          width, fallback};
}"""


@pytest.mark.parametrize("language", sorted(CJK_FONT))
def test_chinese_pages_load_their_own_font(
    browser: Any, browser_stack: WebStack, language: str
) -> None:
    """No CJK font on the machine (the tests' chromium has none): the page's own subset is
    fetched and draws the characters, at their one-em width, not as boxes."""
    # Under the page's own CSP (font-src 'self'): the font is allowed as the page really runs.
    page = open_page(browser, browser_stack.url + "/", language=language, csp=True)
    page.wait_for_selector(f"html[lang='{language}']")
    family = CJK_FONT[language].strip('"')
    seen = page.evaluate(FONT_LOADED, family)
    assert seen["statuses"] == ["loaded"], seen  # the @font-face, fetched and decoded
    assert seen["check"], seen
    assert abs(seen["width"] - 64) < 1, seen  # four glyphs of the subset, 16 px each
    family_used = page.evaluate("getComputedStyle(document.body).fontFamily")
    assert family_used.startswith(CJK_FONT[language]), family_used
    shot(page, f"font-{language}")
    page.context.close()
