"""Seat tokens issued again, to the API key of the account that owns the seat (ListMyGames,
WatchAccount): a bot that restarted and lost the tokens its tickets gave it gets its seats back.

A game's metadata, with the hashes of the tokens handed out at creation, is written once and
cached by every process, so an issued token cannot go there. It goes in the game's own hash

    olympus:{g:<id>}:grants    "secret" -> 32 random bytes, made by the first grant;
                               "d:<token sha256>" -> the seat

and in the global token index (``olympus:token:<sha256>`` -> game, as every token: WhoAmI finds
the game by it, and a token of another game is told apart from an unknown one). Both are
deleted with the game. A token issued to a key is taken back when that key is revoked
(`revoke`: handover.py runs it for the account's running seats on the key event).

A granted token is derived, not drawn: HMAC-SHA256 of "<seat>:<key id>" under the game's
secret, in the tokens' own form (43 URL-safe characters). So the same key asking again gets the
same token (a bot asking after every restart does not pile up tokens, nor invalidate the one it
plays with), and another key of the account gets another. Only the game service reads the
secret, as only it reads the token hashes.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any

from olympus.platform.storage import storage_calls

from .auth import token_hash
from .keys import game_key, token_key
from .lru import Lru

_storage = storage_calls("game", "olympus.gamestate.grants", prefix="grants_")

SECRET_FIELD = "secret"


def digest_field(digest: str) -> str:
    return f"d:{digest}"


def derive(secret: bytes, seat: int, key_id: str) -> str:
    mac = hmac.new(secret, f"{seat}:{key_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")  # 43 characters, as new_token()


class Grants:
    def __init__(self, redis: Any, cached: int = 16_384) -> None:
        self.redis = redis
        # A grant is taken back only when its key is revoked (`revoke`, which every replica
        # runs on the key event): until then a seat found once stays right.
        self._seats: Lru[tuple[str, str], int] = Lru(cached)
        self._issued: Lru[tuple[str, int, str], str] = Lru(cached)

    @_storage
    async def issue(self, game_id: str, seat: int, key_id: str) -> str:
        """The seat's token for `key_id` (the same one every time)."""
        known = self._issued.get((game_id, seat, key_id))
        if known is not None:
            return known
        grants = game_key(game_id, "grants")
        pipe = self.redis.pipeline(transaction=False)
        pipe.hsetnx(grants, SECRET_FIELD, secrets.token_bytes(32))
        pipe.hget(grants, SECRET_FIELD)
        _, secret = await pipe.execute()
        token = derive(secret, seat, key_id)
        digest = token_hash(token)
        # The index first: a token that answers is always one WhoAmI can find.
        await self.redis.set(token_key(digest), game_id)
        await self.redis.hset(grants, digest_field(digest), seat)
        self._issued.put((game_id, seat, key_id), token)
        self._seats.put((game_id, digest), seat)
        return token

    @_storage
    async def revoke(self, game_id: str, seat: int, key_id: str) -> bool:
        """Take back the token issued to `key_id` for the seat (its key was revoked): from now
        on it plays nothing. Whether there was one to take back here."""
        self._issued.drop((game_id, seat, key_id))
        secret = await self.redis.hget(game_key(game_id, "grants"), SECRET_FIELD)
        if secret is None:
            return False  # nothing was ever issued in this game
        digest = token_hash(derive(secret, seat, key_id))
        self._seats.drop((game_id, digest))
        removed = await self.redis.hdel(game_key(game_id, "grants"), digest_field(digest))
        await self.redis.delete(token_key(digest))
        return bool(removed)

    @_storage
    async def seat_of(self, game_id: str, digest: str) -> int | None:
        """The seat a granted token's hash stands for in the game, None if it was not
        granted there."""
        seat = self._seats.get((game_id, digest))
        if seat is not None:
            return seat
        raw = await self.redis.hget(game_key(game_id, "grants"), digest_field(digest))
        if raw is None:
            return None
        seat = int(raw)
        self._seats.put((game_id, digest), seat)
        return seat


@_storage
async def granted_digests(redis: Any, game_id: str) -> list[str]:
    """The hashes of every token granted in the game (to delete their index entries)."""
    fields = await redis.hkeys(game_key(game_id, "grants"))
    return [f.decode()[2:] for f in fields if f.startswith(b"d:")]
