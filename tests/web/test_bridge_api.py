"""The web bridge's JSON API against a real stack: sessions, the lobby's calls, a game's view
per viewer (never a card the viewer may not see), answers and refusals, events, health and
metrics."""

from __future__ import annotations

import gzip
import json
import socket
import struct
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import Browser, WebStack, web_stack


@pytest.fixture(scope="module")
def stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


def two_humans(player: Browser) -> tuple[str, str]:
    """A 2-seat table of people made by `player`: (game id, the invitation to seat 1)."""
    made = player.ok(
        "POST",
        "/api/games",
        {"options": {"players": 2, "corporate_era": False}, "seats": [{"name": "Ann"}, {}]},
    )
    assert made["seat"] == 0
    [invitation] = made["invitations"]
    return made["game_id"], invitation["link"]


RANDOM_BOT = {"kind": "SEAT_KIND_BOT", "bot": "random"}


def new_table(player: Browser, seats: list[dict[str, str]]) -> Any:
    """A 2-player base-game table with these seats, made by `player`: the bridge's reply."""
    options = {"players": 2, "corporate_era": False}
    return player.ok("POST", "/api/games", {"options": options, "seats": seats})


def hidden_cards(view: dict[str, Any]) -> list[int]:
    """Seats whose own cards (hand, dealt cards) this view shows."""
    return [p["seat"] for p in view["players"] if "own" in p]


def test_health_and_metrics(stack: WebStack) -> None:
    status, body = Browser(stack.url).call("GET", "/healthz")
    assert (status, body) == (200, {"status": "SERVING"})
    with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_port}/metrics") as r:
        text = r.read().decode()
    assert 'olympus_web_requests_total{route="/healthz",status="200"}' in text


def test_the_page_and_its_files_are_served(stack: WebStack) -> None:
    with urllib.request.urlopen(stack.url + "/") as r:
        assert b'<script type="module" src="/static/js/app.js">' in r.read()
    for path in ("/static/js/app.js", "/static/style.css", "/static/i18n/be.json"):
        with urllib.request.urlopen(stack.url + path) as r:
            assert r.status == 200


def test_guest_session_never_shows_the_key(stack: WebStack) -> None:
    browser = Browser(stack.url)
    anonymous = browser.ok("GET", "/api/session")
    assert {k: v for k, v in anonymous.items() if k != "csrf_token"} == {
        "signed_in": False,
        "account": "",
        "games": [],
    }
    cookie = next(c.value for c in browser.jar if c.name == "olympus_session")
    session = browser.ok("POST", "/api/session/guest")
    assert session["signed_in"] and session["account"].startswith("guest-")
    # Signing in renews the session's id and CSRF token: one known before is worth nothing.
    assert session["csrf_token"] != anonymous["csrf_token"]
    assert next(c.value for c in browser.jar if c.name == "olympus_session") != cookie
    assert browser.ok("GET", "/api/session") == session
    assert "key" not in json.dumps(session) and "oly_" not in json.dumps(session)
    assert browser.ok("POST", "/api/session/signout")["signed_in"] is False


def test_a_wrong_api_key_is_refused(stack: WebStack) -> None:
    status, body = Browser(stack.url).call("POST", "/api/session/key", {"key": "olk_nonsense"})
    assert status == 401 and body["error"]["code"] == "UNAUTHENTICATED"


def test_a_forged_cookie_is_a_signed_out_session(stack: WebStack) -> None:
    request = urllib.request.Request(stack.url + "/api/session")
    request.add_header("Cookie", "olympus_session=eyJrIjoieCJ9.forged")  # an old-style cookie
    with urllib.request.urlopen(request) as r:
        assert json.loads(r.read())["signed_in"] is False


def test_table_choices_come_from_the_server(stack: WebStack) -> None:
    choices = Browser(stack.url).ok("GET", "/api/choices")
    assert "random" in [b["name"] for b in choices["bots"]]
    assert choices["maps"][0]["map"] == "tharsis"
    assert {"elysium", "hellas"} <= {m["map"] for m in choices["maps"]}


def test_each_viewer_sees_only_their_own_cards(stack: WebStack) -> None:
    ann, bob, spectator = Browser(stack.url), Browser(stack.url), Browser(stack.url)
    game_id, link = two_humans(ann)
    token = link.rsplit("/", 1)[1]
    assert bob.ok("POST", f"/api/games/{game_id}/join", {"token": token})["seat"] == 1
    ann_view = ann.ok("GET", f"/api/games/{game_id}")
    bob_view = bob.ok("GET", f"/api/games/{game_id}")
    watcher = spectator.ok("GET", f"/api/games/{game_id}")
    assert hidden_cards(ann_view["game"]) == [0]
    assert hidden_cards(bob_view["game"]) == [1]
    assert hidden_cards(watcher["game"]) == []
    assert watcher["decision"]["your_turn"] is False and "decision" not in watcher["decision"]
    # Nothing of seat 0's dealt cards is anywhere in what seat 1 or the spectator receive.
    own = ann_view["game"]["players"][0]["own"]
    dealt = [c["number"] for c in own["dealt"]] + [c["number"] for c in own["dealt_corporations"]]
    assert dealt
    for other in (bob_view, watcher):
        text = json.dumps(other)
        assert not [n for n in dealt if f'"{n}"' in text and n not in _public_numbers(other)]
    assert token not in json.dumps(ann_view) + json.dumps(bob_view)


def _public_numbers(reply: dict[str, Any]) -> set[str]:
    """Card numbers a view shows publicly (played cards, corporations in play)."""
    out = set()
    for p in reply["game"]["players"]:
        out |= {c["number"] for c in p.get("played", []) + p.get("events", [])}
        if "corporation" in p:
            out.add(p["corporation"]["number"])
    return out


def test_an_answer_is_applied_and_a_refusal_changes_nothing(stack: WebStack) -> None:
    player = Browser(stack.url)
    # Two people (the other one invited, never answering): no bot moves between the reads, so
    # the version tells whether the refusal changed anything.
    made = new_table(player, [{}, {}])
    path = f"/api/games/{made['game_id']}"
    before = player.ok("GET", path)
    version = int(before["decision"]["version"])
    status, refused = player.call(
        "POST", path + "/answer", {"expected_version": version, "text": "space 999"}
    )
    assert status in (400, 422) and refused["error"]["message"]
    assert player.ok("GET", path)["game"]["version"] == before["game"]["version"]
    setup = before["decision"]["decision"]["setup"]
    answer = {"setup": {"corporation": setup["corporations"][0]["card"]["number"], "cards": []}}
    done = player.ok("POST", path + "/answer", {"expected_version": version, "answer": answer})
    assert int(done["version"]) > version
    after = player.ok("GET", path)["decision"]
    assert after.get("decision", {}).get("kind") != "DECISION_KIND_SETUP"


def test_a_read_pairs_the_view_with_the_decision_of_the_same_version(stack: WebStack) -> None:
    # Two random bots play while the host reads: moves land between the bridge's two upstream
    # reads, and a reply pairing a new board with an older decision would leave a page waiting
    # for a turn that has already come.
    host = Browser(stack.url)
    made = new_table(host, [RANDOM_BOT] * 2)
    path = f"/api/games/{made['game_id']}"
    versions = set()
    deadline = time.monotonic() + 60
    status = "GAME_STATUS_ACTIVE"
    while status == "GAME_STATUS_ACTIVE" and time.monotonic() < deadline:
        read = host.ok("GET", path)
        assert read["decision"]["version"] == read["game"]["version"]
        versions.add(read["game"]["version"])
        status = read["game"]["status"]
    assert len(versions) >= 10, "the bots did not move while the host read"


def test_malformed_bodies_are_clear_errors(stack: WebStack) -> None:
    player = Browser(stack.url)
    status, body = player.call("POST", "/api/games", {"options": {"players": "many"}})
    assert status == 400 and body["error"]["reason"] == "INVALID_ARGUMENT"
    status, body = player.call("POST", "/api/games", {"options": {"players": 2, "map": "atlantis"}})
    assert status == 400 and "atlantis" in body["error"]["message"]
    status, body = player.call("GET", "/api/games/0123456789abcdef")
    assert status == 404


def test_events_stream_every_version(stack: WebStack) -> None:
    player = Browser(stack.url)
    game_id, _ = two_humans(player)
    request = urllib.request.Request(f"{stack.url}/api/games/{game_id}/events?from=0")
    with urllib.request.urlopen(request, timeout=30) as stream:
        assert stream.headers["Content-Type"] == "text/event-stream"
        lines = []
        while not any(line.startswith("data: ") for line in lines):
            lines.append(stream.readline().decode().strip())
    event = json.loads(next(x for x in lines if x.startswith("data: "))[6:])
    assert event["version"] == "1" and event["kind"] == "EVENT_KIND_CREATED"


def streams_open(stack: WebStack) -> float:
    """The bridge's olympus_web_streams_open gauge, read from its metrics."""
    with urllib.request.urlopen(f"http://127.0.0.1:{stack.metrics_port}/metrics") as r:
        for line in r.read().decode().splitlines():
            if line.startswith("olympus_web_streams_open "):
                return float(line.split()[1])
    raise AssertionError("no olympus_web_streams_open in the bridge's metrics")


def test_a_browser_that_closes_its_event_stream_is_no_error(stack: WebStack) -> None:
    """The browser leaves (a tab closed, another page): the bridge ends its watch quietly, with
    no error logged, however the next write finds the connection gone."""
    host = Browser(stack.url)
    host.ok("POST", "/api/session/guest")
    game_id, _ = two_humans(host)
    before = Path(stack.web_log).read_text()
    streams = streams_open(stack)
    with socket.create_connection(("127.0.0.1", int(stack.url.rsplit(":", 1)[1])), 10) as raw:
        raw.sendall(f"GET /api/games/{game_id}/events?from=0 HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        seen = b""
        while b"event: game" not in seen:
            chunk = raw.recv(65536)
            assert chunk, seen
            seen += chunk
        # Closed at once, unread: the next event's write meets a reset connection.
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    host.ok("POST", f"/api/games/{game_id}/resign", {})
    host.ok("POST", f"/api/games/{game_id}/abort", {"reason": "testing"})
    # The bridge has met the closed connection and ended the watch once its gauge is back.
    deadline = time.monotonic() + 30
    while streams_open(stack) != streams:
        assert time.monotonic() < deadline, "the bridge never ended the closed stream"
        time.sleep(0.05)
    new = Path(stack.web_log).read_text()[len(before) :]
    assert "Traceback" not in new and "Error handling request" not in new, new


def test_the_favicon_is_served(stack: WebStack) -> None:
    for path in ("/favicon.ico", "/static/favicon.svg"):
        with urllib.request.urlopen(stack.url + path) as r:
            assert r.status == 200 and r.headers["Content-Type"] == "image/svg+xml"
            assert b"<svg" in r.read()


def test_matchmaking_needs_a_signed_in_person_and_seats_them(stack: WebStack) -> None:
    anonymous = Browser(stack.url)
    status, _ = anonymous.call("POST", "/api/matchmaking", {"format": {"players": 2}})
    assert status == 401
    ann, bob = Browser(stack.url), Browser(stack.url)
    for person in (ann, bob):
        person.ok("POST", "/api/session/guest")
    tickets = [p.ok("POST", "/api/matchmaking", {"format": {"players": 2}}) for p in (ann, bob)]
    assert all("seat_token" not in t for t in tickets)

    matched: dict[int, dict[str, Any]] = {}
    for _ in range(200):
        for i, (person, ticket) in enumerate(zip((ann, bob), tickets, strict=True)):
            state = person.ok("GET", f"/api/matchmaking/{ticket['ticket_id']}")
            if state["status"] == "TICKET_STATUS_MATCHED":
                matched[i] = state
        if len(matched) == 2:
            break
        time.sleep(0.1)
    assert len(matched) == 2 and matched[0]["game_id"] == matched[1]["game_id"]
    game_id = matched[0]["game_id"]
    assert game_id in ann.ok("GET", "/api/session")["games"]
    assert hidden_cards(ann.ok("GET", f"/api/games/{game_id}")["game"]) == [matched[0]["seat"]]


def test_the_catalogue_is_compact_and_revalidated_by_its_etag(stack: WebStack) -> None:
    with urllib.request.urlopen(stack.url + "/api/cards") as r:
        etag, cache = r.headers["ETag"], r.headers["Cache-Control"]
        data = json.loads(r.read())
    assert etag and "max-age" in cache
    assert data["fields"][:5] == ["number", "name", "cost", "tags", "summary"]  # and more
    cards = {row[0]: dict(zip(data["fields"], row, strict=True)) for row in data["cards"]}
    assert len(cards) > 200 and cards["009"]["name"] and cards["009"]["cost"] > 0
    assert all(cards[n]["cost"] is None for n in cards if n.startswith("R"))  # corporations
    again = urllib.request.Request(stack.url + "/api/cards", headers={"If-None-Match": etag})
    try:
        urllib.request.urlopen(again)
        raise AssertionError("expected 304 Not Modified")
    except urllib.error.HTTPError as exc:
        assert exc.code == 304 and exc.read() == b"" and exc.headers["ETag"] == etag
    zipped = urllib.request.Request(stack.url + "/api/cards", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(zipped) as r:
        assert r.headers["Content-Encoding"] == "gzip"
        assert json.loads(gzip.decompress(r.read())) == data


def test_only_the_host_browser_aborts_and_only_a_seat_resigns(stack: WebStack) -> None:
    host, stranger = Browser(stack.url), Browser(stack.url)
    host.ok("POST", "/api/session/guest")
    game_id, _ = two_humans(host)
    assert host.ok("GET", f"/api/games/{game_id}")["host"] is True
    assert stranger.ok("GET", f"/api/games/{game_id}")["host"] is False
    status, body = stranger.call("POST", f"/api/games/{game_id}/resign", {})
    assert (status, body["error"]["reason"]) == (403, "NOT_A_SEAT")
    status, body = stranger.call("POST", f"/api/games/{game_id}/abort", {})
    assert (status, body["error"]["reason"]) == (403, "NOT_HOST")
    resigned = host.ok("POST", f"/api/games/{game_id}/resign", {})
    assert int(resigned["version"]) > 1
    aborted = host.ok("POST", f"/api/games/{game_id}/abort", {"reason": "testing"})
    assert int(aborted["version"]) > int(resigned["version"])
    view = stranger.ok("GET", f"/api/games/{game_id}")["game"]
    assert view["status"] == "GAME_STATUS_ABORTED"
