"""The order of effects that trigger at once, chosen through the page (marked `browser`): a
table set up from a position (CreateGameRequest.position) where seat 0 holds Mars University
and Olympus Conference (a science resource on it) and plays Lagrange Observatory, a science
card: both effects ask something, so the engine asks which resolves first (an option decision,
engine/mutate.py `_queue_triggers`). The page shows that question with one button per card;
the one clicked resolves first, the other after it. A screenshot under artifacts/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import EN, click_and_wait, open_page, shot
from web_support import WebStack

from olympus.client.sdk import OlympusClient

pytestmark = pytest.mark.browser
LAGRANGE, OLYMPUS_CONFERENCE = "196", "185"
POSITION = {
    "options": {"players": 2, "seed": 7, "corporate_era": True},
    "generation": 3,
    "players": [
        {
            "corporation": "Teractor",
            "resources": {"megacredits": 30},
            "hand": ["Lagrange Observatory", "Asteroid"],
            "played": ["Mars University", "Olympus Conference"],
            "card_resources": {"Olympus Conference": 1},
        },
        # Passed: seat 0 plays on alone, nothing of the bot's comes between the page's answers.
        {"corporation": "Helion", "passed": True},
    ],
    "decision": {"kind": "turn", "seat": 0},
}
OPTION = "#decision[data-kind='DECISION_KIND_OPTION']"


def source_of(page: Any) -> str:
    """The card the pending decision comes from (the heading names it after the kind)."""
    return str(page.inner_text("#decision h2")).split(" — ")[-1]


def test_the_seat_chooses_which_triggered_effect_resolves_first(
    browser: Any, browser_stack: WebStack, client: OlympusClient
) -> None:
    made = client.create_game(position=POSITION, bots={1: "random"})
    page = open_page(browser, f"{browser_stack.url}/#/join/{made.game_id}/{made.tokens[0]}")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    assert click_and_wait(
        page, f"#playable .card[data-card='{LAGRANGE}'] [data-answer='play_card']"
    )
    page.wait_for_selector(OPTION)
    assert page.inner_text("#decision .prompt") == EN["prompt.effect_order"]
    buttons = page.locator(f"{OPTION} [data-answer='option']")
    labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    effect = EN["prompt.label.effect_of_card"]
    assert labels == [
        effect.replace("{card}", n) for n in ("Mars University", "Olympus Conference")
    ]
    shot(page, "effect-order")
    # Olympus Conference first, the second of the two: its own question comes next.
    assert click_and_wait(page, f"{OPTION} [data-answer='option'] >> nth=1")
    page.wait_for_selector(f"{OPTION} h2:has-text('Olympus Conference')")
    assert page.inner_text("#decision .prompt") != EN["prompt.effect_order"]
    # It spends its science to draw; then Mars University's turn (a card to discard, or not).
    assert click_and_wait(page, f"{OPTION} [data-answer='option']:has-text('draw')")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_CARDS']")
    assert source_of(page) == "Mars University"
    seat = client.join(made.game_id, made.tokens[0]).view()
    me = next(p for p in seat["players"] if p["seat"] == 0)
    held = me["card_resources"]
    assert held.get(OLYMPUS_CONFERENCE, 0) == 0, held  # its science spent: it resolved
    assert LAGRANGE in me["played"], me["played"]
    client.abort_game(made.game_id, made.host_token)
    page.context.close()
