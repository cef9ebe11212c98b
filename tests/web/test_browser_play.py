"""The web client in a real Chromium (marked `browser`, run by `make test-browser`): the lobby
in every language, a whole 2-player game against a bot played by clicking to the final
breakdown, a spectator watching it live, a refused answer, and screenshots and timings saved
under artifacts/screenshots/."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import click_and_wait, create_table, load_ms, open_page, record, shot, version
from web_support import WebStack

pytestmark = pytest.mark.browser
I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"
PREFERRED_PROJECTS = ("ASTEROID", "AQUIFER", "GREENERY", "POWER_PLANT")


@pytest.fixture
def stack(browser_stack: WebStack) -> WebStack:
    return browser_stack


def action_choice(page: Any) -> str:
    for project in PREFERRED_PROJECTS:
        selector = f"[data-project='STANDARD_PROJECT_{project}']"
        if page.locator(selector).count():
            return selector
    for answer in ("convert_heat", "convert_plants", "play_card", "pass", "end_turn"):
        if page.locator(f"#decision [data-answer='{answer}']").count():
            return f"#decision [data-answer='{answer}']"
    # Only a card action, milestone, award or trade is left: the first of them.
    return "#decision [data-answer]:not([data-answer='text']):not([data-answer='undo'])"


def play_step(page: Any, seen: set[str]) -> None:
    """Answers the page's pending decision with a legal choice, or waits for the game."""
    # The kind and the version in one read: a render between two reads would pair the kind
    # of one version with the next version, and the wait below would never end.
    kind, before = page.evaluate(
        "[document.querySelector('#decision')?.dataset.kind || 'none',"
        " document.body.dataset.version]"
    )
    if kind == "none":
        page.wait_for_function(f"document.body.dataset.version !== '{before}'", timeout=60_000)
        return
    seen.add(kind)
    if kind == "DECISION_KIND_SPACE":
        selector = "svg polygon.legal"
    elif kind == "DECISION_KIND_ACTION":
        selector = action_choice(page)
    elif kind in ("DECISION_KIND_PLAYER", "DECISION_KIND_OPTION"):
        selector = "#decision [data-answer]:not([disabled]):not([data-answer='text'])"
    elif kind == "DECISION_KIND_FINAL_GREENERY":
        has_convert = page.locator("[data-answer='convert_plants']").count()
        selector = "[data-answer='convert_plants']" if has_convert else "[data-answer='pass']"
    elif kind == "DECISION_KIND_PLAY_CARD":
        selector = "[data-answer='play_card']"
    else:  # setup, cards, amount: the page's preselection is legal
        selector = "#decision [data-answer='confirm']"
    if not click_and_wait(page, selector) and kind == "DECISION_KIND_ACTION":
        click_and_wait(page, "#decision [data-answer='pass']")


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


def test_a_whole_game_by_clicking_with_a_spectator(browser: Any, stack: WebStack) -> None:
    page = open_page(browser, stack.url + "/")
    game_id = create_table(page, "tharsis")
    watcher = open_page(browser, f"{stack.url}/#/game/{game_id}")
    watcher.wait_for_selector("#spectating")
    assert watcher.locator("#hand").count() == 0
    watched_from = int(version(watcher))
    game_loads = [load_ms(watcher)]
    seen: set[str] = set()
    screenshot_taken = False
    deadline = time.monotonic() + 150
    while page.locator("#final").count() == 0:
        assert time.monotonic() < deadline, f"the game did not end; seen {sorted(seen)}"
        play_step(page, seen)
        generation = int(
            page.evaluate("document.querySelector('#params span').textContent.split(' ')[1]")
        )
        if not screenshot_taken and generation >= 4:
            shot(page, "midgame-tharsis")
            screenshot_taken = True
    shot(page, "end-of-game")
    assert page.locator("#chart rect").count() > 0
    assert {"DECISION_KIND_SETUP", "DECISION_KIND_ACTION", "DECISION_KIND_SPACE"} <= seen
    # The spectator followed the game live to its end, and never received a hand.
    watcher.wait_for_selector("#final")
    assert int(version(watcher)) > watched_from
    spectated = watcher.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")
    assert not [p for p in spectated["game"]["players"] if "own" in p]
    shot(watcher, "spectator-end")
    record("answer_to_screen", page.evaluate("window.olympusMetrics.answers"))
    record("game_page_load", game_loads)
    (Path(__file__).resolve().parents[2] / "artifacts/screenshots/decision-kinds.json").write_text(
        json.dumps(sorted(seen)) + "\n"
    )
    watcher.context.close()
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
