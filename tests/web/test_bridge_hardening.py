"""The bridge as a good citizen, against a real platform: security headers on every response;
state-changing requests refused from another origin, without the session's CSRF token, or with
a form's body; every malformed input a 4xx JSON error, never a 5xx; each user's own quota at the
services (the bridge forwards their address with its service credential); a cap on connections
per address and a deadline for a request's head. Users at distinct addresses are stood for by
loopback addresses (127.0.0.2, 127.0.0.3: Linux routes all of 127/8 to lo)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from platform_stack import Platform, platform

from olympus.platform.embedded_redis import EmbeddedRedis

HEADERS = (
    "Content-Security-Policy",
    "X-Frame-Options",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "Permissions-Policy",
)


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[Platform]:
    with platform(
        own_redis.url,
        ("gamestate", "catalogue", "matchmaking", "web"),
        args={
            "gamestate": ("--quota-create-game-anonymous", "3/1h"),
            "web": (
                "--max-connections-per-address",
                "8",
                "--handshake-timeout-seconds",
                "2",
            ),
        },
    ) as s:
        yield s


class User:
    """One browser, at its own address: its cookie and CSRF token, over http.client."""

    def __init__(self, stack: Platform, address: str = "127.0.0.1") -> None:
        self.port = stack.ports["web"]
        self.address = address
        self.cookie = ""
        self.csrf = ""

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        raw: bytes | None = None,
        csrf: bool = True,
    ) -> tuple[int, Any, http.client.HTTPMessage]:
        if method != "GET" and csrf and not self.csrf:
            self.call("GET", "/api/session")
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(self.address, 0)
        )
        sent = dict(headers or {})
        payload = (
            raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        )
        if payload is not None and raw is None:
            sent.setdefault("Content-Type", "application/json")
        if self.cookie:
            sent["Cookie"] = self.cookie
        if method != "GET" and csrf:
            sent.setdefault("X-CSRF-Token", self.csrf)
        conn.request(method, path, body=payload, headers=sent)
        response = conn.getresponse()
        data = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            first = value.split(";", 1)[0]
            if first.startswith("olympus_session="):
                self.cookie = first if first != "olympus_session=" else ""
        conn.close()
        try:
            parsed = json.loads(data) if data else {}
        except ValueError:
            parsed = data
        if isinstance(parsed, dict) and isinstance(parsed.get("csrf_token"), str):
            self.csrf = parsed["csrf_token"]
        return response.status, parsed, response.headers


def test_every_response_carries_the_security_headers(stack: Platform) -> None:
    user = User(stack)
    for path in ("/", "/static/js/app.js", "/api/session", "/api/games/nonsense", "/healthz"):
        _, _, headers = user.call("GET", path)
        for name in HEADERS:
            assert headers.get(name), (path, name)
    _, _, headers = user.call("GET", "/")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"


def test_a_cross_site_request_changes_nothing(stack: Platform) -> None:
    victim = User(stack)
    assert victim.call("POST", "/api/session/guest")[0] == 200
    before = victim.call("GET", "/api/session")[1]
    assert before["signed_in"]
    checks = [
        ({"Origin": "http://evil.example"}, True, None, 403, "ORIGIN_REJECTED"),
        ({"Origin": "null"}, True, None, 403, "ORIGIN_REJECTED"),
        ({"Sec-Fetch-Site": "cross-site"}, True, None, 403, "ORIGIN_REJECTED"),
        ({}, False, None, 403, "CSRF_REJECTED"),
        ({"X-CSRF-Token": "forged"}, False, None, 403, "CSRF_REJECTED"),
        (
            {"Content-Type": "application/x-www-form-urlencoded"},
            True,
            b"key=x",
            415,
            "INVALID_ARGUMENT",
        ),
        ({"Content-Type": "text/plain"}, True, b"{}", 415, "INVALID_ARGUMENT"),
    ]
    for path in ("/api/session/signout", "/api/session/guest", "/api/session/key"):
        for headers, csrf, raw, status, reason in checks:
            got, body, _ = victim.call("POST", path, headers=headers, raw=raw, csrf=csrf)
            assert (got, body["error"]["reason"]) == (status, reason), (path, headers)
    assert victim.call("GET", "/api/session")[1] == before  # the session is intact


def test_signing_out_ends_the_session_for_good(stack: Platform) -> None:
    user = User(stack)
    user.call("POST", "/api/session/guest")
    cookie = user.cookie
    assert user.call("POST", "/api/session/signout")[0] == 200
    replay = User(stack)
    replay.cookie = cookie  # the old cookie, kept by someone
    assert replay.call("GET", "/api/session")[1]["signed_in"] is False


GAME = "/api/games/0123456789abcdef"
BAD_INPUTS: list[tuple[str, str, Any]] = [
    ("POST", "/api/games", []),
    ("POST", "/api/games", {"options": "four"}),
    ("POST", "/api/games", {"options": {"players": "x"}}),
    ("POST", "/api/games", {"seats": [{"kind": "SEAT_KIND_NONSENSE"}]}),
    ("POST", "/api/games", {"seats": [{"token": "a" * 43}]}),
    ("POST", "/api/games", {"request_id": "x"}),
    ("POST", f"{GAME}/answer", {"expected_version": "abc", "text": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": True, "text": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": 2**70, "text": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": 3, "text": ["pass"]}),
    ("POST", f"{GAME}/answer", {"expected_version": 3, "key": "clé", "text": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": 3, "key": 7, "text": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": 3, "answer": "pass"}),
    ("POST", f"{GAME}/answer", {"expected_version": 3, "answer": {"nonsense": 1}}),
    ("POST", f"{GAME}/undo", {"expected_version": 3, "count": "two"}),
    ("POST", f"{GAME}/undo", {"expected_version": 3, "count": 0}),
    ("POST", f"{GAME}/join", {"token": 5}),
    ("POST", f"{GAME}/join", {"token": "é" * 43}),
    ("POST", f"{GAME}/abort", {"reason": 5}),
    ("POST", "/api/session/key", {"key": "ключ"}),
    ("POST", "/api/session/key", {"key": 12}),
    ("POST", "/api/matchmaking", {"format": {"players": "two"}}),
    ("POST", "/api/matchmaking", {"format": []}),
    ("GET", f"{GAME}/events?from=abc", None),
    ("GET", f"{GAME}/events?from={2**64}", None),
    ("GET", f"{GAME}/events?from=-1", None),
    ("GET", "/api/games/NOT-A-GAME", None),
    ("GET", "/api/games/NOT-A-GAME/board", None),
    ("GET", "/api/games?status=GAME_STATUS_WHATEVER", None),
    ("GET", "/api/matchmaking/not-a-ticket", None),
    ("POST", "/api/matchmaking/not-a-ticket/cancel", {}),
]


@pytest.mark.parametrize(("method", "path", "body"), BAD_INPUTS)
def test_malformed_input_is_a_4xx_json_error(
    stack: Platform, method: str, path: str, body: Any
) -> None:
    user = User(stack)
    status, reply, _ = user.call(method, path, body)
    assert 400 <= status < 500, (status, reply)
    assert isinstance(reply, dict) and reply["error"]["message"], reply


@pytest.mark.parametrize("raw", [b"not json", b"[1, 2]", b"\xff\xfe", b'"a string"'])
def test_a_body_that_is_not_a_json_object_is_a_400(stack: Platform, raw: bytes) -> None:
    status, reply, _ = User(stack).call(
        "POST", "/api/games", raw=raw, headers={"Content-Type": "application/json"}
    )
    assert status == 400 and reply["error"]["reason"] == "INVALID_ARGUMENT"


def test_each_user_has_their_own_quota_at_the_services(stack: Platform) -> None:
    """The game service allows 3 anonymous tables an hour per address here: one user using
    them up leaves another's untouched, although both reach it through the bridge."""
    greedy, other = User(stack, "127.0.0.2"), User(stack, "127.0.0.3")
    table = {
        "options": {"players": 2},
        "seats": [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_BOT"}],
    }
    made = [greedy.call("POST", "/api/games", table)[0] for _ in range(4)]
    assert made == [200, 200, 200, 429]
    status, reply, _ = greedy.call("POST", "/api/games", table)
    assert status == 429 and reply["error"]["reason"] == "QUOTA_EXCEEDED"
    assert other.call("POST", "/api/games", table)[0] == 200


def test_connections_are_capped_per_address_and_a_slow_head_is_cut(stack: Platform) -> None:
    port = stack.ports["web"]

    def connect(address: str) -> socket.socket:
        s = socket.socket()
        s.bind((address, 0))
        s.settimeout(5)
        s.connect(("127.0.0.1", port))
        return s

    def alive(s: socket.socket) -> bool:
        s.setblocking(False)
        try:
            return s.recv(1) != b""
        except BlockingIOError:
            return True
        except OSError:
            return False
        finally:
            s.setblocking(True)

    hogs = [connect("127.0.0.4") for _ in range(18)]
    time.sleep(0.5)
    assert sum(alive(s) for s in hogs) == 8  # the cap per address, the rest closed at once
    # another address is served meanwhile
    assert User(stack, "127.0.0.5").call("GET", "/healthz")[0] == 200
    # half a request line, then silence: closed after the head's deadline (2 s here)
    slow = connect("127.0.0.6")
    slow.sendall(b"GET /api/session HTT")
    time.sleep(4)
    assert not alive(slow)
    for s in [*hogs, slow]:
        s.close()
