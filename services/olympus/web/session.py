"""A browser's session, kept on the server: the cookie holds an opaque id, nothing else.

The session holds what the bridge needs to act for the person: their API key (a guest's or
their own), the seat token of each game they sit at, the host tokens of the tables they made
and those tables' invitations (the other person seats' tokens: the host gets the links back in
any tab, any day, bridge.py `invitations`), and the CSRF token every state-changing request
must carry. It lives in Redis, under the bridge's own keys:

    olympus:web:session:<SHA-256 of the id>   string: the session, encrypted, with a TTL

encrypted with AES-GCM under a key derived from the bridge's secret and the session id (which
only the browser holds): a copy of Redis alone reveals no key and no token, and the Redis key
does not name the id. Replicas sharing the secret and the Redis share sessions. Signing out
deletes the record; a cookie of a deleted or expired session is no session. The cookie is
HttpOnly, SameSite=Strict, and Secure when served over TLS.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from olympus.platform.storage import storage_calls

COOKIE = "olympus_session"
PREFIX = "olympus:web:session:"
TTL_S = 30 * 24 * 3600
# The newest games are kept when a person sits at more (a session stays small).
MAX_SEATS = 64
MAX_HOSTED = 16  # host tokens kept (abort): the newest tables this browser created
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

_storage = storage_calls("session", "olympus.web.session", prefix="web_")


def new_id() -> str:
    return secrets.token_urlsafe(32)


def well_formed_id(sid: str) -> bool:
    return len(sid) == 43 and set(sid) <= _ID_CHARS


@dataclass
class Session:
    sid: str = ""  # the opaque id the cookie holds
    key: str = ""  # the account's API key; empty: not signed in
    account: str = ""  # the account's name, for display
    seats: dict[str, str] = field(default_factory=dict)  # game id -> seat token
    hosts: dict[str, str] = field(default_factory=dict)  # game id -> host token (tables made here)
    # game id -> [(seat, token)] of its other person seats (the links the host sends), kept
    # and dropped with its host token: at most MAX_HOSTED tables, players - 1 seats each
    invites: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    csrf: str = ""  # the token every state-changing request carries (X-CSRF-Token)

    def sit(self, game_id: str, token: str) -> None:
        self.seats.pop(game_id, None)
        self.seats[game_id] = token
        while len(self.seats) > MAX_SEATS:
            self.seats.pop(next(iter(self.seats)))

    def host(self, game_id: str, token: str, invites: Sequence[tuple[int, str]] = ()) -> None:
        self.hosts.pop(game_id, None)
        self.invites.pop(game_id, None)
        self.hosts[game_id] = token
        if invites:
            self.invites[game_id] = list(invites)
        while len(self.hosts) > MAX_HOSTED:
            oldest = next(iter(self.hosts))
            self.hosts.pop(oldest)
            self.invites.pop(oldest, None)

    def to_data(self) -> dict[str, Any]:
        return {
            "k": self.key,
            "a": self.account,
            "s": self.seats,
            "h": self.hosts,
            "i": self.invites,
            "c": self.csrf,
        }

    @classmethod
    def from_data(cls, sid: str, data: dict[str, Any]) -> Session:
        seats, hosts, invites = data.get("s", {}), data.get("h", {}), data.get("i", {})
        if not all(isinstance(m, dict) for m in (seats, hosts, invites)):
            raise ValueError("seats, hosts and invitations are maps")
        return cls(
            sid=sid,
            key=str(data.get("k", "")),
            account=str(data.get("a", "")),
            seats={str(g): str(t) for g, t in seats.items()},
            hosts={str(g): str(t) for g, t in hosts.items()},
            invites={str(g): [(int(s), str(t)) for s, t in pairs] for g, pairs in invites.items()},
            csrf=str(data.get("c", "")),
        )


class SessionStore:
    def __init__(self, redis: Any, secret: bytes, ttl_s: int = TTL_S) -> None:
        self.redis = redis
        self.secret = secret
        self.ttl_s = ttl_s

    def _cipher(self, sid: str) -> AESGCM:
        return AESGCM(hmac.new(self.secret, b"session:" + sid.encode(), hashlib.sha256).digest())

    @staticmethod
    def _key(sid: str) -> str:
        return PREFIX + hashlib.sha256(sid.encode()).hexdigest()

    def new(self) -> Session:
        """A fresh anonymous session (saved once something is stored in it, or by `save`)."""
        return Session(sid=new_id(), csrf=secrets.token_urlsafe(32))

    @_storage
    async def load(self, sid: str) -> Session | None:
        """The session of a cookie's id (its life renewed), or None: no such session, an
        expired one, one not made with this secret, or a malformed id."""
        if not well_formed_id(sid):
            return None
        raw = await self.redis.getex(self._key(sid), ex=self.ttl_s)
        if raw is None or len(raw) < 13:
            return None
        try:
            plain = self._cipher(sid).decrypt(raw[:12], raw[12:], None)
            return Session.from_data(sid, orjson.loads(plain))
        except (InvalidTag, ValueError, TypeError):
            return None

    @_storage
    async def save(self, session: Session) -> None:
        nonce = os.urandom(12)
        sealed = self._cipher(session.sid).encrypt(nonce, orjson.dumps(session.to_data()), None)
        await self.redis.set(self._key(session.sid), nonce + sealed, ex=self.ttl_s)

    @_storage
    async def delete(self, sid: str) -> None:
        if well_formed_id(sid):
            await self.redis.delete(self._key(sid))

    async def renew(self, session: Session) -> Session:
        """The same session under a new id and CSRF token (after a sign-in: an id someone else
        may have known before is worth nothing now); the old record is deleted."""
        fresh = Session(
            sid=new_id(),
            key=session.key,
            account=session.account,
            seats=dict(session.seats),
            hosts=dict(session.hosts),
            invites=dict(session.invites),
            csrf=secrets.token_urlsafe(32),
        )
        await self.save(fresh)
        if session.sid:
            await self.delete(session.sid)
        return fresh
