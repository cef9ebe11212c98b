"""The page words the server's prompt codes and refusals in its language (marked `browser`):
a Vietnamese page at seat 1 shows its setup question and its first-action question in
Vietnamese, the map's space names (a volcano, a space kept for a card) in Vietnamese, a
refused milestone as how far the seat is ("bạn có 1 trên 3") and an unknown standard project
by its reason's words; a card's own "choose one" labels (Artificial Photosynthesis) in
Vietnamese, from the card words."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import click_and_wait, open_page, shot
from card_table import THARSIS_REPUBLIC, answer, seeded_table, setup
from web_support import Browser, WebStack

from olympus.web.cardwords import load

pytestmark = pytest.mark.browser


def test_a_vietnamese_prompt_and_refusal(browser: Any, browser_stack: WebStack) -> None:
    host, seat = Browser(browser_stack.url), Browser(browser_stack.url)
    game_id, token = seeded_table(host)
    page = open_page(browser, f"{browser_stack.url}/#/join/{game_id}/{token}", "vi")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    assert page.inner_text("#decision .prompt") == "Chọn tập đoàn và thẻ của bạn"
    spaces_by_name = {
        x["name_id"]: x["id"]
        for x in seat.ok("GET", f"/api/games/{game_id}/board")["spaces"]
        if x.get("name_id")
    }
    titles = {
        name: page.text_content(f"#map polygon[data-space='{spaces_by_name[name]}'] title")
        for name in ("tharsis_tholus", "noctis_city")
    }
    assert "Vòm núi Tharsis" in titles["tharsis_tholus"], titles
    assert "Thành phố Noctis" in titles["noctis_city"], titles  # the card's words
    # The seat's answers up to the milestone come from a second client of the same seat (the
    # same invitation token); the page follows the game.
    seat.ok("POST", f"/api/games/{game_id}/join", {"token": token})
    setup(host, game_id)
    click_and_wait(page, "#decision [data-answer='confirm']")
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    assert page.inner_text("#decision .prompt") == "Thực hiện hành động đầu tiên"
    answer(seat, game_id, {"card_action": {"card": THARSIS_REPUBLIC, "choice": 0, "payment": {}}})
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SPACE']")
    assert page.inner_text("#decision .prompt") == "Đặt một ô thành phố (Tharsis Republic)"
    spaces = seat.ok("GET", f"/api/games/{game_id}")["decision"]["decision"]["space"]["spaces"]
    answer(seat, game_id, {"space": spaces[0]})
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    # A milestone the seat has not reached, typed: refused, worded with its metadata.
    page.click("#decision details summary")
    page.fill("input[name=text-answer]", "milestone mayor")
    assert not click_and_wait(page, "#decision [data-answer='text']")
    page.wait_for_selector("#message:not([hidden])")
    message = page.inner_text("#message")
    shot(page, "prompts_vi_refusal")
    assert "Chưa thể đạt cột mốc Thị trưởng: bạn có 1 trên 3." in message, message
    page.fill("input[name=text-answer]", "project no_such")
    assert not click_and_wait(page, "#decision [data-answer='text']")
    page.wait_for_function(
        "document.querySelector('#message').innerText.includes('Không có dự án tiêu chuẩn')"
    )
    assert "Không có dự án tiêu chuẩn no_such." in page.inner_text("#message")


# With seed 10 (2 players, base game, Tharsis) the invited seat plays first, is dealt Artificial
# Photosynthesis (12 M€, no requirement) and can play it at once: it asks "choose one" between
# energy production +2 and plant production +1.
CHOICE_SEED, ARTIFICIAL_PHOTOSYNTHESIS = 10, "115"


def test_a_cards_own_choice_in_vietnamese(browser: Any, browser_stack: WebStack) -> None:
    host, seat = Browser(browser_stack.url), Browser(browser_stack.url)
    game_id, token = seeded_table(host, CHOICE_SEED)
    page = open_page(browser, f"{browser_stack.url}/#/join/{game_id}/{token}", "vi")
    seat.ok("POST", f"/api/games/{game_id}/join", {"token": token})
    setup(host, game_id)
    setup(seat, game_id, (ARTIFICIAL_PHOTOSYNTHESIS,))
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_ACTION']")
    playable = f"#playable [data-card='{ARTIFICIAL_PHOTOSYNTHESIS}'] [data-answer='play_card']"
    assert click_and_wait(page, playable)
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_OPTION']")
    assert page.inner_text("#decision .prompt") == "Chọn một"
    # The wire carries the card and the label's index; the page words them from the card words.
    options = seat.ok("GET", f"/api/games/{game_id}")["decision"]["decision"]["option"]["options"]
    assert [(o["label"], o["label_code"], o["label_params"]) for o in options] == [
        ("Energy production +2", "label.card_option", {"card": "115", "index": "0"}),
        ("Plant production +1", "label.card_option", {"card": "115", "index": "1"}),
    ]
    words = load("vi")["options"]
    assert page.locator("#decision [data-answer='option']").all_inner_texts() == [
        words["115.0"]["label"],
        words["115.1"]["label"],
    ]
    assert words["115.1"]["label"] == "Sản lượng cây +1"
    shot(page, "prompts_vi_card_option")
    plants = seat.ok("GET", f"/api/games/{game_id}")["game"]["players"][1]["production"]["plants"]
    assert click_and_wait(page, "#decision [data-answer='option']:text-is('Sản lượng cây +1')")
    view = seat.ok("GET", f"/api/games/{game_id}")["game"]
    assert view["players"][1]["production"]["plants"] == plants + 1, view["players"][1]
    page.context.close()
