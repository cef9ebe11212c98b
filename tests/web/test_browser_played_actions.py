"""A played card's actions on its face (marked `browser`): Nitrite Reducing Bacteria, played,
names its action in the reader's words (the card words' `actions`, as the action decision's
button does) and whether it was used this generation, for its own seat and for a spectator
(used actions are public: every seat's view carries them); in Belarusian too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import click_and_wait, open_page, shot
from card_table import ACTIVE_SEED, NITRITE_REDUCING_BACTERIA
from test_browser_cards import seated_page
from web_support import WebStack

pytestmark = pytest.mark.browser
CARD_WORDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/cards"
PAGE_WORDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"


def words(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def test_a_played_cards_action_is_named_and_marked_used_for_every_viewer(
    browser: Any, browser_stack: WebStack
) -> None:
    number = NITRITE_REDUCING_BACTERIA
    page, game_id, _ = seated_page(browser, browser_stack, seed=ACTIVE_SEED, bought=(number,))
    click_and_wait(page, f"#playable [data-card='{number}'] [data-answer='play_card']")
    played = f".board[data-seat='1'] .group[data-kind='active'] .card[data-card='{number}']"
    # Two actions: add a microbe here; remove 3 microbes to raise the TR.
    labels = [words(CARD_WORDS / "en.json")["actions"][f"{number}.{i}"]["label"] for i in (0, 1)]
    english = labels[0]
    page_en = words(PAGE_WORDS / "en.json")
    mine = page.locator(played)
    mine.wait_for()
    assert mine.locator(".card-action").all_inner_texts() == labels
    actions = mine.locator(".card-action")
    assert [actions.nth(i).get_attribute("data-action") for i in (0, 1)] == ["0", "1"]
    assert mine.locator(".action.ready").inner_text() == page_en["tableau.ready"]
    # The same face on a spectator's page, which sees no hand but every seat's used actions.
    spectator = open_page(browser, f"{browser_stack.url}/#/game/{game_id}")
    theirs = spectator.locator(played)
    theirs.wait_for()
    assert theirs.locator(".card-action").all_inner_texts() == labels
    assert theirs.locator(".action.ready").inner_text() == page_en["tableau.ready"]
    # Used: the seat's page and the spectator's (drawn again from the game's events) say so.
    click_and_wait(page, f"#decision [data-answer='card_action']:text-is('{english}')")
    mine.locator(f".action.used:text-is('{page_en['tableau.used']}')").wait_for()
    theirs.locator(f".action.used:text-is('{page_en['tableau.used']}')").wait_for()
    assert theirs.locator(".card-action").all_inner_texts() == labels
    # In Belarusian (the classical orthography), the label is that language's card words'.
    spectator.select_option("#lang", "be-tarask")
    belarusian = words(CARD_WORDS / "be-tarask.json")["actions"][f"{number}.0"]["label"]
    assert belarusian != english
    theirs.locator(f".card-action[data-action='0']:text-is('{belarusian}')").wait_for()
    shot(spectator, "played-card-action")
    spectator.context.close()
    page.context.close()
