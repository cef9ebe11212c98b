"""The lobby's open tables and the rematch through the web bridge, against real services: an
open table's creator sits at its first seat and the others wait in the list (no token in it);
a signed-in person takes a free seat and plays it, the next one is refused, a full table leaves
the list; a finished game's rematch is made once, and each of its people finds their own seat
there (the host hosts it); a stranger has no rematch to ask for."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_support import Browser, WebStack, guest, web_stack


@pytest.fixture(scope="module")
def stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


def own_cards(person: Browser, game_id: str) -> list[int]:
    """The seats whose own cards the person's view of the game shows."""
    view = person.ok("GET", f"/api/games/{game_id}")["game"]
    return [p["seat"] for p in view["players"] if "own" in p]


def listed(person: Browser) -> dict[str, Any]:
    return {t["game_id"]: t for t in person.ok("GET", "/api/tables")["tables"]}


TWO_PEOPLE: dict[str, Any] = {
    "options": {"players": 2, "corporate_era": False},
    "seats": [{"name": "Ann"}, {}],
}


def test_an_open_table_waits_in_the_list_and_one_person_takes_its_seat(stack: WebStack) -> None:
    ann, bo, cy, anonymous = guest(stack), guest(stack), guest(stack), Browser(stack.url)
    made = ann.ok("POST", "/api/tables", TWO_PEOPLE)
    game = made["game_id"]
    assert (made["seat"], made["open_seats"]) == (0, [1])
    assert own_cards(ann, game) == [0]
    table = listed(ann)[game]
    assert table["mine"] is True and table["free_seats"] == 1
    assert [(s["seat"], s["free"]) for s in table["seats"]] == [(0, False), (1, True)]
    assert listed(bo)[game]["mine"] is False
    raw = json.dumps(anonymous.ok("GET", "/api/tables"))
    assert "token" not in raw
    status, body = anonymous.call("POST", f"/api/tables/{game}/take", {})
    assert (status, body["error"]["reason"]) == (401, "SIGN_IN_REQUIRED")
    taken = bo.ok("POST", f"/api/tables/{game}/take", {"seat": 1})
    assert (taken["seat"], taken["free_seats"]) == (1, 0)
    assert game in bo.ok("GET", "/api/session")["games"]
    assert own_cards(bo, game) == [1]
    status, body = cy.call("POST", f"/api/tables/{game}/take", {})
    assert (status, body["error"]["reason"]) == (422, "SEAT_TAKEN")
    assert game not in listed(cy)


def test_what_an_open_table_refuses(stack: WebStack) -> None:
    ann = guest(stack)
    one_person = {"options": {"players": 2}, "seats": [{}, {"kind": "SEAT_KIND_BOT"}]}
    status, body = ann.call("POST", "/api/tables", one_person)
    assert (status, body["error"]["reason"]) == (400, "NO_OPEN_SEAT")
    clocked = {**TWO_PEOPLE, "time_control": {"decision_seconds": 60}}
    assert ann.call("POST", "/api/tables", clocked)[0] == 400
    status, body = ann.call("POST", "/api/tables", {**TWO_PEOPLE, "seats": [{}, {"token": "x"}]})
    assert status == 400


def finished(ann: Browser, bo: Browser) -> str:
    """A game of Ann and Bo (Bo through Ann's invitation), played to its end by the table."""
    made = ann.ok("POST", "/api/games", TWO_PEOPLE)
    game: str = made["game_id"]
    token = made["invitations"][0]["link"].rsplit("/", 1)[1]
    bo.ok("POST", f"/api/games/{game}/join", {"token": token})
    for person in (ann, bo):
        person.ok("POST", f"/api/games/{game}/resign", {})
    deadline = time.monotonic() + 120
    while ann.ok("GET", f"/api/games/{game}")["game"]["status"] != "GAME_STATUS_FINISHED":
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.2)
    return game


def test_a_rematch_is_made_once_and_seats_each_person_at_their_seat(stack: WebStack) -> None:
    ann, bo, stranger = guest(stack), guest(stack), guest(stack)
    old = finished(ann, bo)
    assert bo.ok("GET", f"/api/games/{old}/rematch") == {"game_id": None, "seat": None}
    made = ann.ok("POST", f"/api/games/{old}/rematch", {})
    new = made["game_id"]
    assert new and new != old and made["seat"] == 0
    assert bo.ok("GET", f"/api/games/{old}/rematch") == {"game_id": new, "seat": 1}
    assert new not in bo.ok("GET", "/api/session")["games"]  # looking seats nobody
    assert bo.ok("POST", f"/api/games/{old}/rematch", {}) == {"game_id": new, "seat": 1}
    assert ann.ok("POST", f"/api/games/{old}/rematch", {})["game_id"] == new  # the same game
    assert own_cards(ann, new) == [0] and own_cards(bo, new) == [1]
    assert ann.ok("GET", f"/api/games/{new}")["host"] is True
    assert bo.ok("GET", f"/api/games/{new}")["host"] is False
    assert stranger.ok("GET", f"/api/games/{old}/rematch") == {"game_id": None, "seat": None}
    status, body = stranger.call("POST", f"/api/games/{old}/rematch", {})
    assert (status, body["error"]["reason"]) == (403, "NOT_A_SEAT")
    running = ann.ok("POST", "/api/games", TWO_PEOPLE)["game_id"]
    status, body = ann.call("POST", f"/api/games/{running}/rematch", {})
    assert (status, body["error"]["reason"]) == (422, "GAME_NOT_FINISHED")


def table_options(person: Browser, game: str) -> dict[str, Any]:
    """The options the game service keeps for the table (GameView.settings), as the page reads
    them through the bridge."""
    options: dict[str, Any] = person.ok("GET", f"/api/games/{game}")["game"]["settings"]["options"]
    return options


def test_a_venus_table_is_made_with_or_without_world_government(stack: WebStack) -> None:
    """What the lobby's form sends: Venus Next, World Government Terraforming on (left unset,
    as the form may, or said) or off; both reach CreateGame and the game keeps them, and a
    Venus game's view carries the Venus scale (a plain one has none)."""
    ann = guest(stack)
    made: list[str] = []
    for asked, kept in ((None, True), (True, True), (False, False)):  # unset: on, as kept
        options: dict[str, Any] = {**TWO_PEOPLE["options"], "venus": True}
        if asked is not None:
            options["world_government"] = asked
        game = ann.ok("POST", "/api/games", {**TWO_PEOPLE, "options": options})["game_id"]
        made.append(game)
        kept_options = table_options(ann, game)
        assert kept_options["venus"] is True
        assert kept_options.get("world_government") is kept
        assert ann.ok("GET", f"/api/games/{game}")["game"]["venus"] == 0
    plain = ann.ok("POST", "/api/games", TWO_PEOPLE)["game_id"]
    made.append(plain)
    assert table_options(ann, plain)["venus"] is False
    assert table_options(ann, plain).get("world_government", False) is False
    assert "venus" not in ann.ok("GET", f"/api/games/{plain}")["game"]
    # An open table carries them too, and the lobby's list names them.
    venus_open = {**TWO_PEOPLE, "options": {**TWO_PEOPLE["options"], "venus": True}}
    game = ann.ok("POST", "/api/tables", venus_open)["game_id"]
    made.append(game)
    assert listed(ann)[game]["options"]["venus"] is True
    for game in made:
        ann.ok("POST", f"/api/games/{game}/abort", {})


@pytest.mark.parametrize(
    "options",
    [
        {"venus": "yes"},
        {"venus": 1},
        {"venus": "true"},
        {"venus": True, "world_government": "no"},
        {"venus": True, "world_government": 0},
    ],
)
def test_a_venus_option_that_is_not_a_boolean_is_refused(
    stack: WebStack, options: dict[str, Any]
) -> None:
    ann = guest(stack)
    for path in ("/api/games", "/api/tables"):
        body = {**TWO_PEOPLE, "options": {**TWO_PEOPLE["options"], **options}}
        status, reply = ann.call("POST", path, body)
        assert (status, reply["error"]["reason"]) == (400, "INVALID_ARGUMENT"), path
        field = "world_government" if "world_government" in options else "venus"
        assert field in reply["error"]["message"], reply
    assert ann.ok("GET", "/api/session")["games"] == []  # nothing was made


def test_world_government_without_venus_is_refused(stack: WebStack) -> None:
    ann = guest(stack)
    body = {**TWO_PEOPLE, "options": {**TWO_PEOPLE["options"], "world_government": True}}
    status, reply = ann.call("POST", "/api/games", body)
    assert (status, reply["error"]["reason"]) == (400, "INVALID_OPTIONS"), reply
    off = {**TWO_PEOPLE, "options": {**TWO_PEOPLE["options"], "world_government": False}}
    game = ann.ok("POST", "/api/games", off)["game_id"]  # off without Venus: what it is anyway
    assert table_options(ann, game)["venus"] is False
    ann.ok("POST", f"/api/games/{game}/abort", {})
