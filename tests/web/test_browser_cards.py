"""The game page's card faces and board (marked `browser`): a seeded hand shows Kelp Farming's
6 oceans and Birds' 13% oxygen and points on their faces, each unplayable card its reason,
sorting by cost reorders the hand; the tableau is grouped by kind; the global tracks show
their bonus steps; milestones show every seat's count; a new tile is highlighted; the faces
read in Belarusian too. Screenshots under artifacts/screenshots/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import click_and_wait, open_page, shot
from card_table import (
    ACTIVE_SEED,
    ADAPTED_LICHEN,
    BIRDS,
    BOUGHT,
    CONVOY,
    KELP_FARMING,
    NITRITE_REDUCING_BACTERIA,
    SEED,
    THARSIS_REPUBLIC,
    answer,
    seeded_table,
    setup,
)
from web_support import Browser, WebStack

pytestmark = pytest.mark.browser
# The card words (names, texts) per language; the Belarusian page reads the classical
# orthography's (docs/languages.md).
CARD_WORDS = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/cards"


def seated_page(
    browser: Any,
    stack: WebStack,
    language: str = "en",
    seed: int | None = None,
    bought: tuple[str, ...] = BOUGHT,
) -> tuple[Any, str, Browser]:
    """The page at seat 1 of the seeded table (by its invitation link), past its setup: the
    corporation offered first and the `bought` cards clicked in the page. Seat 0 is set up by
    a second browser without a page (returned: it plays seat 0 when asked)."""
    host = Browser(stack.url)
    game_id, token = seeded_table(host) if seed is None else seeded_table(host, seed)
    page = open_page(browser, f"{stack.url}/#/join/{game_id}/{token}", language)
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    setup(host, game_id)
    for number in bought:
        page.click(f"#decision .cards.choose [data-card='{number}']")
    # A redraw (another seat's move does one; so does the hand's sort order) keeps the clicks.
    page.select_option("select[name=hand-sort]", "vp")
    page.select_option("select[name=hand-sort]", "dealt")
    chosen = page.eval_on_selector_all(
        "#decision .cards.choose .card.selected", "els => els.map(e => e.dataset.card)"
    )
    assert sorted(chosen) == sorted(bought)
    click_and_wait(page, "#decision [data-answer='confirm']")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    return page, game_id, host


def place_on_first_legal_space(page: Any) -> str:
    """Answers the space decision on screen with its first highlighted space: that space."""
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SPACE']")
    space = str(page.locator("svg polygon.legal").first.get_attribute("data-space"))
    click_and_wait(page, f"svg polygon.legal[data-space='{space}']")
    return space


def hand_order(page: Any) -> list[str]:
    return list(page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)"))


def test_card_faces_reasons_and_sorting(browser: Any, browser_stack: WebStack) -> None:
    page, game_id, host = seated_page(browser, browser_stack)
    kelp = page.locator(f"#hand .card[data-card='{KELP_FARMING}']")
    birds = page.locator(f"#hand .card[data-card='{BIRDS}']")
    assert kelp.locator(".req").inner_text() == "at least 6 oceans"
    assert kelp.locator(".vp").inner_text() == "1 VP"
    assert kelp.locator(".cost").inner_text() == "17"
    assert kelp.locator(".tag[data-tag='plant']").count() == 1
    assert birds.locator(".req").inner_text() == "at least 13% oxygen"
    assert birds.locator(".vp").inner_text() == "1 VP per animal"
    # Why each is not playable now, with the value the engine looked at (no ocean, 0%).
    assert kelp.locator(".why").inner_text() == "Needs at least 6 oceans (now 0)"
    assert birds.locator(".why").inner_text() == "Needs at least 13% oxygen (now 0%)"
    for playable in (ADAPTED_LICHEN, CONVOY):
        assert page.locator(f"#hand .card[data-card='{playable}'] .why").count() == 0
    # Sorting: as received, then by cost (9, 10, 15, 17 M€), then playable ones first; the
    # choice survives the page's redrawing.
    costs = {
        n: int(page.locator(f"#hand .card[data-card='{n}'] .cost").inner_text()) for n in BOUGHT
    }
    received = hand_order(page)
    page.select_option("select[name=hand-sort]", "cost")
    by_cost = hand_order(page)
    assert by_cost == sorted(received, key=lambda n: costs[n]) and by_cost != received
    page.select_option("select[name=hand-sort]", "playable")
    assert set(hand_order(page)[:2]) == {ADAPTED_LICHEN, CONVOY}
    # By points: the cards that score (Kelp Farming 1 VP, Birds 1 VP an animal) first, each
    # group as received (the sort is stable).
    page.select_option("select[name=hand-sort]", "vp")
    scoring = (KELP_FARMING, BIRDS)
    assert hand_order(page) == sorted(received, key=lambda n: n not in scoring)
    page.select_option("select[name=hand-sort]", "cost")
    shot(page, "card-faces")

    # The board: the tracks' bonus steps, every seat's milestone count.
    temperature = page.locator(".track[data-parameter='GLOBAL_PARAMETER_TEMPERATURE']")
    bonus_steps = temperature.locator(".step.bonus")
    values = [bonus_steps.nth(i).get_attribute("data-value") for i in range(bonus_steps.count())]
    assert values == ["-24", "-20", "0"]
    assert "heat production" in str(
        temperature.locator(".step[data-value='-24']").get_attribute("title")
    )
    assert "ocean" in str(temperature.locator(".step[data-value='0']").get_attribute("title"))
    oxygen = page.locator(".track[data-parameter='GLOBAL_PARAMETER_OXYGEN'] .step.bonus")
    assert oxygen.count() == 1 and oxygen.get_attribute("data-value") == "8"
    assert temperature.locator(".step.now").get_attribute("data-value") == "-30"
    assert page.locator(".track[data-parameter='GLOBAL_PARAMETER_VENUS']").count() == 0
    terraformer = page.locator("#milestones .milestone[data-name='terraformer'] .count")
    assert [terraformer.nth(i).inner_text() for i in range(2)] == ["20/35", "20/35"]
    mayor = page.locator("#milestones .milestone[data-name='mayor'] .count[data-seat='1']")
    assert mayor.inner_text() == "0/3"

    # Tharsis Republic's first action (a city), then the Convoy (an event: an ocean), then,
    # once seat 0 has passed, Adapted Lichen: the newest tile outlined each time, the mayor
    # count up, the tableau by kind.
    click_and_wait(page, "#decision [data-answer='card_action']")
    city = place_on_first_legal_space(page)
    page.wait_for_selector(f"svg polygon.recent[data-space='{city}']")
    assert page.locator("svg polygon.recent").count() == 1
    page.wait_for_function(
        "document.querySelector(\"#milestones .milestone[data-name='mayor']"
        " .count[data-seat='1']\")?.textContent === '1/3'"
    )
    click_and_wait(page, f"#playable [data-card='{CONVOY}'] [data-answer='play_card']")
    ocean = place_on_first_legal_space(page)
    page.wait_for_selector(f"svg polygon.recent[data-space='{ocean}']")
    assert page.locator("svg polygon.recent").count() == 1  # the city is no longer the newest
    seat = page.locator(".board[data-seat='1']")
    seat.locator(f".group[data-kind='events'] .card[data-card='{CONVOY}']").wait_for()
    # An event's tags leave with it: one event tag, no space tag.
    assert seat.locator(".tag-counts .tag[data-tag='event'] b").inner_text() == "1"
    assert seat.locator(".tag-counts .tag[data-tag='space']").count() == 0
    answer(host, game_id, {"pass_turn": {}})  # seat 0 passes: seat 1 plays on alone
    page.wait_for_selector(f"#playable [data-card='{ADAPTED_LICHEN}'] [data-answer='play_card']")
    click_and_wait(page, f"#playable [data-card='{ADAPTED_LICHEN}'] [data-answer='play_card']")
    seat.locator(f".group[data-kind='automated'] .card[data-card='{ADAPTED_LICHEN}']").wait_for()
    corporation = seat.locator(f".group[data-kind='corporation'] [data-card='{THARSIS_REPUBLIC}']")
    assert corporation.count() == 1
    assert seat.locator(".group[data-kind='active']").count() == 0
    groups = seat.locator(".tableau .group")
    kinds = [groups.nth(i).get_attribute("data-kind") for i in range(groups.count())]
    assert kinds == ["corporation", "automated", "events"]
    # A played card's face is small: its text is shown for active cards only.
    assert not seat.locator(f".card[data-card='{ADAPTED_LICHEN}'] .summary").is_visible()
    assert seat.locator(".tag-counts .tag[data-tag='plant'] b").inner_text() == "1"
    assert page.locator(f"#hand .card[data-card='{ADAPTED_LICHEN}']").count() == 0
    shot(page, "tableau")
    page.context.close()


def test_card_faces_in_belarusian(browser: Any, browser_stack: WebStack) -> None:
    page, _, _ = seated_page(browser, browser_stack)
    page.select_option("#lang", "be")  # the official orthography's dictionary, be.json
    # The page is drawn again once both dictionaries (the page's and the card words) are read.
    kelp = page.locator(f"#hand .card[data-card='{KELP_FARMING}']")
    kelp.locator(".req:text-is('не менш за 6 акіянаў')").wait_for()  # "many": 5 to 20
    assert (
        page.locator(f"#hand .card[data-card='{BIRDS}'] .req").inner_text()
        == "не менш за 13% кіслароду"
    )
    assert kelp.locator(".why").inner_text().startswith("Патрабуе не менш за 6 акіянаў")
    assert (
        page.locator("#hand select[name=hand-sort] option[value='cost']").inner_text() == "Па кошце"
    )
    # The card's name and effect text come from the card words of the page's language.
    words = json.loads((CARD_WORDS / "be.json").read_text("utf-8"))["cards"][BIRDS]
    birds = page.locator(f"#hand .card[data-card='{BIRDS}']")
    assert birds.locator(".name").inner_text() == words["name"]
    assert birds.locator(".summary").inner_text() == words["text"]
    page.context.close()


def test_held_resources_used_action_and_translated_label(
    browser: Any, browser_stack: WebStack
) -> None:
    """Nitrite Reducing Bacteria played: 3 microbes on it, its action not used; the action's
    button in the page's language (the card words' actions); used, 4 microbes and marked."""
    number = NITRITE_REDUCING_BACTERIA
    page, _, _ = seated_page(browser, browser_stack, seed=ACTIVE_SEED, bought=(number,))
    click_and_wait(page, f"#playable [data-card='{number}'] [data-answer='play_card']")
    card = page.locator(
        f".board[data-seat='1'] .group[data-kind='active'] .card[data-card='{number}']"
    )
    card.wait_for()
    assert card.locator(".held").inner_text() == "3 microbes here"
    assert card.locator(".action").inner_text() == "not used this generation"
    add = page.locator("#decision [data-answer='card_action']").first
    assert add.inner_text() == "Add a microbe here"
    page.select_option("#lang", "be")  # its own card words, be.json (docs/languages.md)
    page.locator("#decision [data-answer='card_action']:text-is('Дадайце сюды мікроб')").wait_for()
    words = json.loads((CARD_WORDS / "be.json").read_text("utf-8"))["actions"]
    assert words[f"{number}.0"]["label"] == "Дадайце сюды мікроб"
    click_and_wait(page, "#decision [data-answer='card_action']:text-is('Дадайце сюды мікроб')")
    card.locator(".action.used:text-is('ужыта ў гэтым пакаленні')").wait_for()
    assert card.locator(".held").inner_text() == "4 мікробы на карце"
    shot(page, "active-card-used")
    page.context.close()


def test_the_venus_track_in_a_venus_game(browser: Any, browser_stack: WebStack) -> None:
    """A Venus Next table: a fourth track, 0 to 30% in steps of 2, its bonus steps (a card at
    8%, a TR at 16%) told on hover, in English and in Vietnamese."""
    host = Browser(browser_stack.url)
    options = {"players": 2, "map": "tharsis", "venus": True, "seed": SEED}
    made = host.ok("POST", "/api/games", {"options": options, "seats": [{"name": "Host"}, {}]})
    token = made["invitations"][0]["link"].rsplit("/", 1)[1]
    page = open_page(browser, f"{browser_stack.url}/#/join/{made['game_id']}/{token}")
    venus = page.locator(".track[data-parameter='GLOBAL_PARAMETER_VENUS']")
    venus.wait_for()
    steps = venus.locator(".step")
    assert [steps.nth(i).get_attribute("data-value") for i in range(steps.count())] == [
        str(v) for v in range(0, 31, 2)
    ]
    assert venus.locator(".step.now").get_attribute("data-value") == "0"
    assert venus.locator(".track-name").inner_text() == "Venus 0%"
    bonus = venus.locator(".step.bonus")
    assert [bonus.nth(i).get_attribute("data-value") for i in range(bonus.count())] == ["8", "16"]
    assert (
        venus.locator(".step[data-value='8']").get_attribute("title") == "Bonus at 8%: draw a card"
    )
    assert venus.locator(".step[data-value='16']").get_attribute("title") == "Bonus at 16%: +1 TR"
    page.select_option("#lang", "vi")
    venus.locator(".track-name:text-is('Sao Kim 0%')").wait_for()
    title = venus.locator(".step[data-value='8']").get_attribute("title")
    assert title == "Thưởng tại 8%: rút một lá bài", title
    shot(page, "venus-track")
    page.context.close()
