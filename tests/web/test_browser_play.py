"""The web client in a real Chromium (marked `browser`, run by `make test-browser`): the lobby
in every language, a refused answer, a mid-game board on a second map, and screenshots and
timings saved under artifacts/screenshots/ (the whole games played by clicking:
test_browser_whole_games.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import create_table, load_ms, open_page, record, shot, version
from play_support import play_step
from web_support import WebStack

pytestmark = pytest.mark.browser
I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"


@pytest.fixture
def stack(browser_stack: WebStack) -> WebStack:
    return browser_stack


def test_lobby_in_every_language(browser: Any, stack: WebStack) -> None:
    loads = []
    # A browser's locale -> the page's language (zh-TW: Traditional; be: the classical
    # orthography; the official one, `be`, only by choice: docs/languages.md).
    locales = {"en": "en", "vi": "vi", "zh-TW": "zh-Hant", "zh-CN": "zh", "be": "be-tarask"}
    for locale, language in locales.items():
        page = open_page(browser, stack.url + "/", locale)
        loads.append(load_ms(page))
        words = json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
        assert page.inner_text("#guest") == words["lobby.guest"]
        assert page.inner_text("#create-table") == words["lobby.create"]
        assert page.evaluate("document.documentElement.lang") == language
        if language == "en":
            shot(page, "lobby")
        page.context.close()
    # The switch changes the language of an open page and remembers it.
    page = open_page(browser, stack.url + "/", "en")
    page.select_option("#lang", "zh")
    page.wait_for_function("document.documentElement.lang === 'zh'")
    page.wait_for_selector("text=创建牌桌")
    page.reload()
    page.wait_for_selector("text=创建牌桌")
    page.context.close()
    record("lobby_load", loads)


def test_a_refused_answer_is_shown_and_changes_nothing(browser: Any, stack: WebStack) -> None:
    page = open_page(browser, stack.url + "/")
    create_table(page, "elysium")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    # The bot's own setup answer (version 2) first, so that only the refusal could change it.
    page.wait_for_function("Number(document.body.dataset.version) >= 2")
    before = version(page)
    page.click("#decision details summary")
    page.fill("input[name=text-answer]", "space 999")
    page.click("[data-answer='text']")
    page.wait_for_selector("#message:not([hidden])")
    assert page.inner_text("#message").startswith("Refused")
    assert version(page) == before
    assert page.get_attribute("#decision", "data-kind") == "DECISION_KIND_SETUP"
    page.context.close()


def test_mid_game_board_on_a_second_map(browser: Any, stack: WebStack) -> None:
    page = open_page(browser, stack.url + "/")
    create_table(page, "hellas")
    seen: set[str] = set()
    for _ in range(25):
        play_step(page, seen)
    shot(page, "midgame-hellas")
    assert page.locator("#map polygon").count() > 40
    page.context.close()
