"""Rematch: a finished game's new table, with the same options, time control and seats and a
new seed, made once whatever the number of calls and callers.

The rematch is an idempotent creation (chosen.py) whose request id is the finished game's: its
game id is derived from the finished game's creator and "rematch.<game id>", so every call
lands on the same game, and two calls at once make one (the create script's compare-and-set).
Its tokens are derived, not drawn: HMAC-SHA256 of "rematch:<seat>" (or "rematch:host") under a
secret of the finished game, kept in its grants hash (made by the first call, deleted with the
game):

    olympus:{g:<id>}:grants    "rematch" -> 32 random bytes

So the service keeps no token in clear, and whoever holds a seat's token of the finished game
(the creator's, an invitation's, a token TakeSeat or ListMyGames issued) gets that seat's token
of the rematch, and the host its host token. Bot seats stay bots; an account a platform
service seated keeps its seat (and finds it in ListMyGames). A rematch is never rated.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets

from olympus.platform.errors import FailedPrecondition, Unauthenticated
from olympus.platform.storage import storage_calls
from olympus.v1 import game_pb2 as pb

from . import store as st
from .auth import HOST
from .chosen import Chosen, derived_game_id
from .core import Games
from .meta import GameMeta

SECRET_FIELD = "rematch"

_storage = storage_calls("game", "olympus.gamestate.rematch", prefix="rematch_")


def rematch_token(secret: bytes, seat: int) -> str:
    """The rematch's token for a seat (HOST: its host token), in the tokens' own form."""
    what = "host" if seat == HOST else str(seat)
    mac = hmac.new(secret, f"rematch:{what}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def rematch_of(meta: GameMeta, secret: bytes) -> Chosen:
    """The rematch's idempotent creation: its id, fingerprint and every token."""
    return Chosen(
        game_id=derived_game_id(meta.creator, f"rematch.{meta.game_id}"),
        fingerprint=hashlib.sha256(f"rematch\n{meta.game_id}".encode()).hexdigest(),
        tokens={s.seat: rematch_token(secret, s.seat) for s in meta.seats if not s.is_bot},
        host_token=rematch_token(secret, HOST),
    )


class Rematches:
    def __init__(self, games: Games) -> None:
        self.games = games
        self.redis = games.store.redis

    async def rematch(self, game_id: str, token: str, lookup_only: bool) -> pb.RematchResponse:
        meta = await self.games.meta(game_id)
        seat = await self.games.seat_for(meta, token)
        if seat is None:
            raise Unauthenticated(
                "a rematch is asked with a seat or host token of the game", reason="TOKEN_REQUIRED"
            )
        if await self._status(game_id) != st.STATUS_FINISHED:
            raise FailedPrecondition(
                "a rematch follows a finished game", reason="GAME_NOT_FINISHED"
            )
        secret = await self._secret(game_id, create=not lookup_only)
        reply = pb.RematchResponse(
            role=pb.TOKEN_ROLE_HOST if seat == HOST else pb.TOKEN_ROLE_SEAT,
            seat=max(seat, 0),
        )
        if secret is None:
            return reply  # nothing asked for one yet
        chosen = rematch_of(meta, secret)
        if lookup_only:
            if await self.games.store.requested(chosen.game_id) is None:
                return reply
        else:
            await self._create(meta, chosen)
        reply.game_id = chosen.game_id
        reply.token = chosen.host_token if seat == HOST else chosen.tokens[seat]
        return reply

    async def _create(self, meta: GameMeta, chosen: Chosen) -> None:
        options = dataclasses.replace(meta.options, seed=secrets.randbelow(2**63))
        await self.games.create(
            options,
            list(meta.seats),
            meta.time_control,
            seed_chosen=False,
            creator=meta.creator,
            chosen=chosen,
        )

    @_storage
    async def _status(self, game_id: str) -> str:
        status = await self.redis.hget(st.game_key(game_id, "game"), "status")
        return (status or b"").decode()

    @_storage
    async def _secret(self, game_id: str, create: bool) -> bytes | None:
        grants = st.game_key(game_id, "grants")
        if create:
            await self.redis.hsetnx(grants, SECRET_FIELD, secrets.token_bytes(32))
        secret: bytes | None = await self.redis.hget(grants, SECRET_FIELD)
        return secret
