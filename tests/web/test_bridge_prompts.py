"""The bridge passes the server's prompt codes and refusal metadata on to the page (issue 32):
a decision's prompt_code and prompt_params beside the English prompt, and a refused
milestone's ErrorInfo metadata (have, need) beside the English message. Real stack, no
browser."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from card_table import THARSIS_REPUBLIC, answer, seeded_table, setup
from web_support import Browser, WebStack, web_stack


@pytest.fixture(scope="module")
def stack(redis_url: str) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


def test_decisions_carry_codes_and_a_refusal_its_metadata(stack: WebStack) -> None:
    host, guest = Browser(stack.url), Browser(stack.url)
    game_id, token = seeded_table(host)
    path = f"/api/games/{game_id}"
    guest.ok("POST", f"{path}/join", {"token": token})
    first = guest.ok("GET", path)["decision"]["decision"]
    assert (first["prompt_code"], first["prompt_params"]) == ("setup", {})
    assert first["prompt"] == "Choose your corporation and cards"  # old clients: unchanged
    setup(host, game_id)
    setup(guest, game_id)
    turn = guest.ok("GET", path)["decision"]["decision"]
    assert turn["prompt_code"] == "first_action" and turn["prompt"] == "Take your first action"
    # Tharsis Republic's first action: a city, placed for the card (its number sent, not its
    # English name).
    answer(guest, game_id, {"card_action": {"card": THARSIS_REPUBLIC, "choice": 0, "payment": {}}})
    space = guest.ok("GET", path)["decision"]["decision"]
    assert space["prompt_code"] == "place_tile_for_card"
    assert space["prompt_params"] == {"tile": "city", "card": THARSIS_REPUBLIC}
    assert space["prompt"] == "Place a city tile (Tharsis Republic)"
    answer(guest, game_id, {"space": space["space"]["spaces"][0]})
    version = int(guest.ok("GET", path)["decision"]["version"])
    status, refused = guest.call(
        "POST",
        f"{path}/answer",
        {"expected_version": version, "answer": {"milestone": {"name": "mayor", "payment": {}}}},
    )
    assert status in (400, 422), refused
    error = refused["error"]
    assert error["reason"] == "MILESTONE_UNAVAILABLE"
    assert error["metadata"] == {"milestone": "mayor", "have": "1", "need": "3"}
    assert "you have 1 of 3 city tiles" in error["message"]
    # A stale answer names the game's version now.
    status, stale = guest.call(
        "POST", f"{path}/answer", {"expected_version": version - 1, "answer": {"end_turn": {}}}
    )
    assert stale["error"]["reason"] == "STALE_VERSION", stale
    assert stale["error"]["metadata"]["current_version"] == str(version)
