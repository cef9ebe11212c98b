"""The game page in every language (marked `browser`): one game opened in English and then in
each of vi, zh-Hant, be-tarask, zh and be, at its setup and again after it, shows that
language's words, checked from the dictionaries, not by eye:

- the card names of that language's card words (static/i18n/cards/*.json; an entry missing
  from the official-orthography Belarusian file reads the classical one's, then English) on
  the setup's tiles;
- no English left: no text on the page is an English dictionary value (static/i18n/en.json, or
  a card word: a card's name or text, a milestone, award or colony tile) where the language
  has a different value, and the header's phase reads in the language;
- the log in the language: after the setup, the line that tells the seat's corporation is the
  language's `log.corporation` phrase with the language's seat and card names.

<html lang> follows the language, and the Chinese pages name a CJK font stack of their script.
A screenshot per language and moment under artifacts/screenshots/."""

from __future__ import annotations

import contextlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from browser_support import click_and_wait, create_table, open_page, shot
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_support import WebStack

pytestmark = pytest.mark.browser
I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"
CARDS = I18N / "cards"
# Page language -> its card words' files, first to last (cardwords.js's SOURCE_FILES), English
# after them.
LANGUAGES = {
    "vi": ("vi",),
    "zh-Hant": ("zh-Hant",),
    "be-tarask": ("be-tarask",),
    "zh": ("zh",),
    "be": ("be", "be-tarask"),
}
# The card words the page shows by id: (section, field).
CARD_WORDS = (
    ("cards", "name"),
    ("cards", "text"),
    ("milestones", "name"),
    ("awards", "name"),
    ("colonies", "name"),
)
# Words the setup's page shows by themselves (decision.js, game.js).
SETUP_WORDS = (
    "kind.DECISION_KIND_SETUP",
    "decision.corporation",
    "decision.buy_cards",
    "decision.confirm",
    "log",
)
# The first family of each Chinese stack in style.css: the script's own font.
CJK_FONT = {"zh-Hant": '"Noto Sans TC"', "zh": '"Noto Sans SC"'}
SHOWN = """() => Object.fromEntries([...document.querySelectorAll('#decision .card, #hand .card')].map(
  (el) => [el.dataset.card, el.querySelector('.name').textContent]))"""
# Every text on the page (each text node, trimmed) and every hover title, accessible name and
# placeholder, but the language menu's own names.
TEXTS = """() => {
  const mine = (el) => !el.closest('#lang, script, style');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && mine(node.parentElement)) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (!mine(el)) continue;
    for (const name of ['title', 'aria-label', 'placeholder']) {
      const text = (el.getAttribute(name) || '').trim();
      if (text) out.push(text);
    }
  }
  return out;
}"""
# A dictionary value's placeholders ({0}, {name}, ...): in a text on the page, anything.
PLACEHOLDER = re.compile(r"\{[^}]*\}")


@cache
def dictionary(language: str) -> dict[str, str]:
    return dict(json.loads((I18N / f"{language}.json").read_text(encoding="utf-8")))


@cache
def card_words(language: str) -> dict[tuple[str, str, str], str]:
    """(section, id, field) -> the word, for the language's files in turn, then English."""
    files = (*LANGUAGES.get(language, ()), "en")
    out: dict[tuple[str, str, str], str] = {}
    for file in reversed(files):  # the first file's word wins
        data = json.loads((CARDS / f"{file}.json").read_text(encoding="utf-8"))
        for section, field in CARD_WORDS:
            for key, entry in data.get(section, {}).items():
                if entry.get(field):
                    out[(section, key, field)] = entry[field]
    return out


def card_names(language: str) -> dict[str, str]:
    return {
        key: word
        for (section, key, field), word in card_words(language).items()
        if (section, field) == ("cards", "name")
    }


@cache
def english_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    """The English phrases with placeholders that `language` words otherwise ("Space {n}"), as
    patterns of whole texts; those with hardly a letter of their own ("{0}: {1}") left out."""
    words, english = dictionary(language), dictionary("en")
    out = []
    for key, value in english.items():
        parts = PLACEHOLDER.split(value)
        if len(parts) < 2 or words.get(key, value) == value:
            continue
        if sum(len(re.sub(r"\W", "", part)) for part in parts) >= 4:
            out.append(re.compile(".+".join(re.escape(part) for part in parts), re.S))
    return tuple(out)


def english_left(page: Any, language: str) -> list[str]:
    """The page's texts that are English words where `language` words them otherwise: a whole
    English value (of the page's dictionary or the card words), an English phrase with its
    placeholders filled in, or one that begins with an English word and a space or colon."""
    words, english = dictionary(language), dictionary("en")
    cards, english_cards = card_words(language), card_words("en")
    own = set(words.values()) | set(cards.values())
    differing = {v for k, v in english.items() if words.get(k, v) != v}
    differing |= {v for k, v in english_cards.items() if cards.get(k, v) != v}
    texts = set(page.evaluate(TEXTS)) - own
    phrased = {t for t in texts for p in english_patterns(language) if p.fullmatch(t)}
    # A word the page puts before a figure ("Deck: 117", "Oxygen 0%").
    leading = {
        t for t in texts for v in differing if len(v) >= 4 and t.startswith((f"{v} ", f"{v}:"))
    }
    return sorted({t for t in texts if t in differing} | phrased | leading)


def switch(page: Any, language: str, ready: str, expected: dict[str, str]) -> dict[str, str]:
    """Switches the page to `language` (the header's select) and waits for `ready` in it; the
    card names on the decision's and the hand's tiles once they show `expected` names (the
    page redraws when the language's card words are in), or after the page's wait runs out,
    whatever they are then."""
    page.select_option("#lang", language)
    page.wait_for_selector(f"html[lang='{language}'] {ready}")
    with contextlib.suppress(PlaywrightTimeout):  # the comparison below says which are wrong
        page.wait_for_function(
            f"(expected) => Object.entries(({SHOWN})()).every(([n, name]) => name === expected[n])",
            arg=expected,
        )
    return dict(page.evaluate(SHOWN))


def phase_shown(page: Any, language: str, phase: str) -> None:
    words = dictionary(language)
    named = f"{words['phase']}: {words[f'phase.{phase}']}"
    assert page.locator("#params .muted").first.inner_text() == named, language


def test_every_language_shows_its_own_words(browser: Any, browser_stack: WebStack) -> None:
    page = open_page(browser, browser_stack.url + "/")
    create_table(page, "tharsis")
    setup = "#decision[data-kind='DECISION_KIND_SETUP']"
    page.wait_for_selector(setup)
    tiles = set(page.evaluate(SHOWN))
    english = card_names("en")
    assert switch(page, "en", setup, english) == {n: english[n] for n in tiles}
    shot(page, "language-en")
    for language in LANGUAGES:
        # The language's name for each card, English where its card words have none.
        names = card_names(language)
        expected = {n: names[n] for n in tiles}
        shown = switch(page, language, setup, expected)
        wrong = {n: name for n, name in shown.items() if name != expected.get(n)}
        assert set(shown) == tiles and not wrong, f"{language}: {wrong}"
        assert any(expected[n] != english[n] for n in tiles), f"{language}: all names English"
        assert english_left(page, language) == [], language
        # And the setup's headings and button are there, in the language's words.
        words, texts = dictionary(language), set(page.evaluate(TEXTS))
        assert {words[k] for k in SETUP_WORDS} <= texts, language
        phase_shown(page, language, "PHASE_SETUP")
        if language in CJK_FONT:
            # One evaluation: a tile the page has just redrawn away has no style.
            font = page.evaluate(
                "getComputedStyle(document.querySelector('#decision .card .name')).fontFamily"
            )
            assert font.startswith(CJK_FONT[language]), font
        shot(page, f"language-{language}")
    # The setup answered (the page's preselected corporation): the log tells it, in each
    # language, with that language's names.
    corporation = str(page.get_attribute("#corporations .card.selected", "data-card"))
    assert click_and_wait(page, f"{setup} [data-answer='confirm']")
    for language in ("en", *LANGUAGES):
        words = dictionary(language)
        told = (
            words["log.corporation"]
            .replace("{0}", words["seat"].replace("{n}", "1"))
            .replace("{1}", card_names(language)[corporation])
        )
        switch(page, language, "#log div", {})
        page.wait_for_function(
            "(told) => [...document.querySelectorAll('#log div')].some((d) => d.textContent === told)",
            arg=told,
        )
        assert english_left(page, language) == [], language
        shot(page, f"language-{language}-after-setup")
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
