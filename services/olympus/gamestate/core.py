"""The game service's work, between the gRPC edge and the Redis store: `Games`.

Its parts, one module each: the games a process holds and the one commit (held.py), a seat's
answer (answering.py), the answers the table makes for a seat (table_answers.py), undo and
resignation (taking_back.py), the values they pass around (game_values.py). Here: creating a
game, and reading one for a caller.

Every change is a compare-and-set in Redis: a process's held state is only a guess of the
current version, which the commit checks again, so another process that moved the game
meanwhile makes the commit fail (ABORTED) instead of being overwritten; and a read names the
state it holds, which Redis sends again only when it is another (held.py).
"""

from __future__ import annotations

import secrets
from typing import Any

import orjson

from olympus.engine import Game, GameOptions
from olympus.platform.errors import AlreadyExists, Unauthenticated, Unavailable
from olympus.v1 import game_pb2 as pb

from . import clocks, store as st
from .answering import Answering
from .auth import HOST, new_token, token_hash, well_formed
from .chosen import Chosen
from .events import created_event
from .game_values import (
    RESIGNED_BOT,
    Created,
    Current,
    Identity,
    Loaded,
    check_game_id,
    loaded_bytes,
    now_ms,
    over_error,
    pack_blob,
    summary_of,
    unpack_blob,
)
from .history import Log
from .listing import page
from .meta import GameMeta, SeatMeta, TimeControl
from .table import Table
from .table_answers import TableAnswers
from .taking_back import TakingBack

# What the rest of the service (and its tests) import from here.
__all__ = [
    "RESIGNED_BOT",
    "Created",
    "Current",
    "Games",
    "Loaded",
    "check_game_id",
    "loaded_bytes",
    "now_ms",
    "over_error",
    "unpack_blob",
]


class Games(Answering, TableAnswers, TakingBack):
    # --- creating ------------------------------------------------------------------------------
    async def create(
        self,
        options: GameOptions,
        seats: list[SeatMeta],
        time_control: TimeControl,
        seed_chosen: bool = False,
        creator: str = "",
        chosen: Chosen | None = None,
        rated_queue: str = "",
        open_seats: tuple[int, ...] = (),
        start: Game | None = None,
    ) -> Created:
        """A new game; with `chosen` (a request id, chosen.py) the game of that request, made
        once whatever the number of repeats. `rated_queue`: the scoring queue it is rated in
        (the caller, a service, checked its right to say so). `open_seats`: the human seats
        left for anyone to take (open_tables.py, which checked them). `start`: the game set up
        from a position (Game.from_position, of these `options`), dealt from `options` without
        one; its position is kept in the meta, where every rebuild from the log starts."""
        if chosen is not None:
            first = await self._requested(chosen)
            if first is not None:
                return first
        # InvalidOptions -> INVALID_ARGUMENT
        game = start if start is not None else Game.new(options)
        position = "" if game.origin is None else orjson.dumps(game.origin).decode()
        if chosen is None:
            tokens = {s.seat: new_token() for s in seats if not s.is_bot}
            host_token = new_token()
        else:
            tokens = dict(chosen.tokens)
            host_token = chosen.host_token or new_token()
        digests = {token_hash(t): seat for seat, t in tokens.items()}
        digests[token_hash(host_token)] = HOST
        if chosen is not None:
            await self._check_tokens_free(chosen.game_id, list(digests))
        created = now_ms()
        meta = GameMeta(
            game_id=chosen.game_id if chosen is not None else secrets.token_hex(8),
            options=options,
            seats=tuple(seats),
            time_control=time_control,
            tokens=digests,
            created_ms=created,
            seed_chosen=seed_chosen,
            creator=creator,
            rated_queue=rated_queue,
            rules=game.rules,
            open_seats=open_seats,
            position=position,
        )
        table = Table.new(game, created, time_control)
        event = created_event(game, created, meta.realtime_scoring)
        event.clocks.extend(clocks.seat_clocks(meta, table, game, created))
        due = clocks.next_due(meta, table, game)
        if due is not None:  # before the game exists: no game without its timer
            await self.store.lower_timer(meta.game_id, due)
        await self.seating.before_create(meta)  # likewise its rated entry, its seats' index
        blob = pack_blob(table, game)
        summary = summary_of(game)
        outcome = await self.store.create(
            meta.game_id,
            meta.to_json(),
            blob,
            event.SerializeToString(),
            summary,
            meta.digests(),
            meta.index_member,
            chosen.fingerprint if chosen is not None else "",
        )
        if outcome != st.CREATED and chosen is not None:
            # A repeat of the same request made it meanwhile, or another request under this id.
            first = await self._requested(chosen)
            if first is not None:
                return first
        if outcome != st.CREATED:  # 64 random bits collided: astronomically rare, nothing written
            raise Unavailable("could not allocate a game id; try again", reason="TRY_AGAIN")
        self._metas.put(meta.game_id, meta)
        held = Loaded(1, game, table, packed=len(blob), updated=summary.updated_ms)
        self._states.put(meta.game_id, held)
        if event.HasField("live_score"):
            self.live.remember(meta.game_id, 1, event.live_score)
        self._dispatch_bots(meta, held)
        self._notify(meta, 1, table, game, None, created)
        await self.seating.started(meta)
        return Created(meta, tokens, host_token, 1)

    async def _requested(self, chosen: Chosen) -> Created | None:
        """The game a request id already made (None: none yet); REQUEST_ID_REUSED when it was
        made by another request."""
        found = await self.store.requested(chosen.game_id)
        if found is None:
            return None
        fingerprint, version, status = found
        if fingerprint != chosen.fingerprint:
            raise AlreadyExists(
                "this request_id was used before for another request",
                reason="REQUEST_ID_REUSED",
                metadata={"game_id": chosen.game_id},
            )
        meta = await self.meta(chosen.game_id)
        await self.store.confirm(chosen.game_id)
        if status == st.STATUS_ACTIVE:
            await self.store.reindex(
                meta.game_id, meta.digests(), meta.index_member, meta.created_ms
            )
        return Created(meta, dict(chosen.tokens), chosen.host_token, version)

    async def _check_tokens_free(self, game_id: str, digests: list[str]) -> None:
        """TOKEN_IN_USE when a chosen token already belongs to another game."""
        for owner in await self.store.token_games(digests):
            if owner is not None and owner != game_id:
                raise AlreadyExists(
                    "a chosen token already belongs to another game: choose fresh ones",
                    reason="TOKEN_IN_USE",
                )

    # --- reading -------------------------------------------------------------------------------
    async def current(self, game_id: str, token: str) -> Current:
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        viewer = None if seat is None or seat == HOST else seat
        now = await self.load(meta)
        return Current(meta, now.version, now.game, viewer, now.table, now.status)

    def live_score(self, current: Current) -> pb.LiveScore | None:
        """The game's live score at the caller's version (tables with realtime scoring; none
        once aborted, like GetLiveScore), computed once per version for every caller."""
        if current.status == st.STATUS_ABORTED:
            return None
        return self.live.of(current.meta, current.version, current.game)

    async def whoami(self, token: str) -> Identity:
        if not token:
            raise Unauthenticated("WhoAmI needs a token", reason="TOKEN_REQUIRED")
        if not well_formed(token):
            raise Unauthenticated("malformed token", reason="INVALID_TOKEN")
        game_id = await self.store.token_game(token_hash(token))
        if game_id is None:
            raise Unauthenticated("unknown token", reason="INVALID_TOKEN")
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        assert seat is not None  # a well-formed token of this game
        resigned = False
        if seat != HOST:
            resigned = seat in (await self.load(meta)).table.resigned
        return Identity(game_id, seat, resigned)

    async def list(
        self, status: str, page_size: int, page_token: str
    ) -> tuple[list[tuple[str, dict[str, Any]]], str]:
        """A page of an index, newest first (see `listing.page`)."""
        return await page(self.store, self.schedules, status, page_size, page_token)

    # --- the log ---------------------------------------------------------------------------------
    async def log(self, game_id: str, token: str) -> Log:
        """The answers in order, for anyone who may watch the game. While it runs, the caller
        must show it only in public form (`public_answer`): the seed and the hidden card
        choices would tell the deck order and every hand, to the host as to anyone."""
        meta = await self.meta(game_id)
        if token:
            await self.seat_for(meta, token)  # a bad token is refused even where none is needed
        return await self._read_log(meta)
