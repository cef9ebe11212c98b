"""A table's invitations are the host's to get back (issue 32), through the web bridge against
real services: the bridge keeps them in the host's session, so a new request of the same
session (another tab, another day) gets the links of the other person seats again, and they
seat whoever opens them; they survive signing in (the session's new id) and are never cached;
another session, or none, is refused (403 NOT_HOST); a session keeps them for its newest
hosted tables only, and drops them with the table's host token."""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
import redis.asyncio as aioredis
from web_support import Browser, WebStack, guest, web_stack

from olympus.web.session import MAX_HOSTED, Session, SessionStore

THREE_PEOPLE: dict[str, Any] = {
    "options": {"players": 3, "corporate_era": False},
    "seats": [{"name": "Ann"}, {}, {}],
}


@pytest.fixture(scope="module")
def stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


def another_tab(person: Browser) -> Browser:
    """The same browser's cookies in a tab that knows nothing yet (no CSRF token, no state)."""
    return Browser(person.base, jar=person.jar)


def own_seats(person: Browser, game_id: str) -> list[int]:
    view = person.ok("GET", f"/api/games/{game_id}")["game"]
    return [p["seat"] for p in view["players"] if "own" in p]


def test_the_host_gets_the_links_back_and_they_seat_whoever_opens_them(stack: WebStack) -> None:
    ann, bo = guest(stack), guest(stack)
    made = ann.ok("POST", "/api/games", THREE_PEOPLE)
    game = made["game_id"]
    assert [i["seat"] for i in made["invitations"]] == [1, 2]
    back = another_tab(ann).ok("GET", f"/api/games/{game}/invitations")
    assert back == {"invitations": made["invitations"]}
    token = back["invitations"][0]["link"].rsplit("/", 1)[1]
    assert bo.ok("POST", f"/api/games/{game}/join", {"token": token})["seat"] == 1
    assert own_seats(bo, game) == [1]
    # The browser keeps no copy: the reply says so, as it names the seats' tokens.
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(ann.jar))
    with opener.open(f"{stack.url}/api/games/{game}/invitations", timeout=30) as reply:
        assert reply.headers["Cache-Control"] == "no-store"
    ann.ok("POST", f"/api/games/{game}/abort", {})


def test_another_session_or_none_is_refused(stack: WebStack) -> None:
    ann, bo, nobody = guest(stack), guest(stack), Browser(stack.url)
    game = ann.ok("POST", "/api/games", THREE_PEOPLE)["game_id"]
    token = ann.ok("GET", f"/api/games/{game}/invitations")["invitations"][0]["link"]
    bo.ok("POST", f"/api/games/{game}/join", {"token": token.rsplit("/", 1)[1]})
    for stranger in (bo, nobody):  # a seated person is no host
        status, body = stranger.call("GET", f"/api/games/{game}/invitations")
        assert (status, body["error"]["reason"]) == (403, "NOT_HOST")
        assert "join" not in str(body)
    status, body = ann.call("GET", "/api/games/not-a-game/invitations")
    assert (status, body["error"]["reason"]) == (400, "INVALID_GAME_ID")
    ann.ok("POST", f"/api/games/{game}/abort", {})


def test_the_links_outlive_the_sign_in_and_a_table_without_others_has_none(
    stack: WebStack,
) -> None:
    ann = Browser(stack.url)  # anonymous while making the table, signed in after
    made = ann.ok("POST", "/api/games", THREE_PEOPLE)
    game = made["game_id"]
    ann.ok("POST", "/api/session/guest")  # the session under a new id
    assert ann.ok("GET", f"/api/games/{game}/invitations")["invitations"] == made["invitations"]
    with_bots = {"options": {"players": 2}, "seats": [{}, {"kind": "SEAT_KIND_BOT"}]}
    alone = ann.ok("POST", "/api/games", with_bots)["game_id"]
    assert ann.ok("GET", f"/api/games/{alone}/invitations") == {"invitations": []}
    open_table = ann.ok("POST", "/api/tables", THREE_PEOPLE)["game_id"]  # open seats: no links
    assert ann.ok("GET", f"/api/games/{open_table}/invitations") == {"invitations": []}
    for made_here in (game, alone, open_table):
        ann.ok("POST", f"/api/games/{made_here}/abort", {})
    ann.ok("POST", "/api/session/signout", {})
    status, _ = another_tab(ann).call("GET", f"/api/games/{game}/invitations")
    assert status == 403  # signed out: the session and its links are gone


def test_a_session_keeps_the_invitations_of_its_newest_tables(redis_url: str) -> None:
    session = Session(sid="s" * 43)
    for n in range(MAX_HOSTED + 2):
        session.host(f"g{n}", f"host-{n}", [(1, f"seat1-of-{n}")])
    kept = [f"g{n}" for n in range(2, MAX_HOSTED + 2)]
    assert list(session.hosts) == kept and list(session.invites) == kept
    session.host("g5", "host-5-again")  # made again (a rematch's host token): no invitations
    assert "g5" not in session.invites

    async def round_trip() -> Session | None:
        r = aioredis.Redis.from_url(redis_url)
        try:
            store = SessionStore(r, b"k" * 32)
            saved = store.new()
            saved.host("g", "host", [(1, "t1"), (3, "t3")])
            await store.save(saved)
            back = await store.load(saved.sid)
            await store.delete(saved.sid)
            return back
        finally:
            await r.aclose()

    back = asyncio.run(round_trip())
    assert back is not None and back.invites == {"g": [(1, "t1"), (3, "t3")]}
