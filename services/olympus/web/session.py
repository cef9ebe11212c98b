"""A browser's session, kept by the browser: a signed cookie, no state on the server.

The cookie holds what the bridge needs to act for the person: their API key (a guest's or
their own) and the seat token of each game they sit at. It is signed (HMAC-SHA256 with the
service's secret) so that nobody can forge or alter one, HttpOnly so the page's scripts never
read the secrets in it, and SameSite=Strict so that another site cannot make the browser use
it. Replicas sharing one secret (`--secret`) accept each other's cookies.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

import orjson

COOKIE = "olympus_session"
# The newest games are kept when a person sits at more: a cookie must stay under ~4 KB.
MAX_SEATS = 24
MAX_HOSTED = 8  # host tokens kept (abort): the newest tables this browser created


class BadSession(ValueError):
    """A cookie that is malformed or not signed with this service's secret."""


@dataclass
class Session:
    key: str = ""  # the account's API key; empty: not signed in
    account: str = ""  # the account's name, for display
    seats: dict[str, str] = field(default_factory=dict)  # game id -> seat token
    hosts: dict[str, str] = field(default_factory=dict)  # game id -> host token (tables made here)

    def sit(self, game_id: str, token: str) -> None:
        self.seats.pop(game_id, None)
        self.seats[game_id] = token
        while len(self.seats) > MAX_SEATS:
            self.seats.pop(next(iter(self.seats)))

    def host(self, game_id: str, token: str) -> None:
        self.hosts.pop(game_id, None)
        self.hosts[game_id] = token
        while len(self.hosts) > MAX_HOSTED:
            self.hosts.pop(next(iter(self.hosts)))

    def to_json(self) -> dict[str, Any]:
        return {"k": self.key, "a": self.account, "s": self.seats, "h": self.hosts}


def _mac(secret: bytes, body: bytes) -> str:
    digest = hmac.new(secret, body, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def encode(session: Session, secret: bytes) -> str:
    body = base64.urlsafe_b64encode(orjson.dumps(session.to_json())).rstrip(b"=")
    return f"{body.decode()}.{_mac(secret, body)}"


def decode(cookie: str, secret: bytes) -> Session:
    body_text, _, mac = cookie.partition(".")
    body = body_text.encode()
    if not mac or not hmac.compare_digest(mac, _mac(secret, body)):
        raise BadSession("the session cookie is not signed by this service")
    try:
        data = orjson.loads(base64.urlsafe_b64decode(body + b"=" * (-len(body) % 4)))
        seats, hosts = data["s"], data.get("h", {})  # cookies made before hosts: none
        if not isinstance(seats, dict) or not isinstance(hosts, dict):
            raise TypeError("seats")
        return Session(
            key=str(data["k"]),
            account=str(data["a"]),
            seats={str(g): str(t) for g, t in seats.items()},
            hosts={str(g): str(t) for g, t in hosts.items()},
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise BadSession(f"the session cookie is malformed ({exc})") from None
