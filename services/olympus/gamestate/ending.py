"""How games end early and go away: the host's abort, the inactivity abort, the deletion.

An abort is one compare-and-set like an answer: the game goes from version v to v + 1, status
"aborted", with a last public event (kind "aborted", `finished` set) naming who ended it, so
watchers and seats are told and every later answer is refused (GAME_ABORTED). Aborting an
aborted game again answers with the version the abort made.

An inactivity abort only goes through if the game has not changed since the time it was meant
for (checked by the script): an answer that comes in meanwhile keeps the game alive, and of
several sweepers aborting the same game, one does.
"""

from __future__ import annotations

from olympus.platform.errors import (
    FailedPrecondition,
    InvalidArgument,
    PermissionDenied,
    Unauthenticated,
    Unavailable,
)

from . import store as st
from .auth import HOST
from .core import Games, now_ms, over_error
from .events import aborted_event
from .meta import GameMeta
from .webhooks import GAME_ABORTED

BY_HOST = "host"
FOR_INACTIVITY = "inactivity"
NOTE_LIMIT = 100  # characters of the host's reason for aborting
# An abort races the answers still coming in: it tries this often before giving up.
ABORT_ATTEMPTS = 16


def check_note(note: str) -> None:
    if len(note) > NOTE_LIMIT or not note.isprintable():
        raise InvalidArgument(
            f"reason must be at most {NOTE_LIMIT} printable characters",
            reason="INVALID_ARGUMENT",
        )


class Ending:
    def __init__(self, games: Games) -> None:
        self.games = games
        self.store = games.store
        self.schedules = games.schedules

    async def abort(self, game_id: str, token: str, note: str) -> int:
        """The host ends a running game: the version the abort made (again if repeated)."""
        if not token:
            raise Unauthenticated("AbortGame needs the host token", reason="TOKEN_REQUIRED")
        meta = await self.games.meta(game_id)
        if await self.games.seat_for(meta, token) != HOST:
            raise PermissionDenied("only the host token may abort the game", reason="HOST_ONLY")
        check_note(note)
        version = await self._abort(meta, BY_HOST, note, None)
        assert version is not None  # only an inactivity abort can find the game busy
        return version

    async def abort_idle(self, game_id: str, idle_since_ms: int) -> int | None:
        """Abort a game for inactivity if it has not changed since `idle_since_ms`: the version
        the abort made, None if the game moved meanwhile."""
        meta = await self.games.meta(game_id)
        return await self._abort(meta, FOR_INACTIVITY, "", idle_since_ms)

    async def _abort(
        self, meta: GameMeta, by: str, note: str, idle_since_ms: int | None
    ) -> int | None:
        game_id = meta.game_id
        for _ in range(ABORT_ATTEMPTS):
            row = await self.store.summary(game_id)
            status = (row["status"] or b"").decode()
            version = int(row["version"] or 0)
            if status == st.STATUS_ABORTED:
                return version
            if status == st.STATUS_FINISHED:
                raise FailedPrecondition(
                    "the game is over: it cannot be aborted", reason="GAME_FINISHED"
                )
            if status != st.STATUS_ACTIVE:
                self.games.forget(game_id)
                raise over_error(game_id, status)
            now = now_ms()
            event = aborted_event(
                version + 1,
                by,
                note,
                (row["phase"] or b"").decode(),
                int(row["generation"] or 0),
                now,
            )
            outcome = await self.store.abort(
                game_id, version, event.SerializeToString(), by, note, now, idle_since_ms
            )
            if outcome.kind == st.APPLIED:
                self.games.forget(game_id)
                await self.schedules.ended(
                    meta.index_member, st.STATUS_ABORTED, now, meta.anonymous
                )
                await self.games.seating.ended(meta)
                self.games.notify_ended(meta, outcome.version, GAME_ABORTED, now)
                return outcome.version
            if outcome.kind == st.BUSY:
                return None
            # STALE, OVER or MISSING: an answer (or another abort) came first: look again.
        raise Unavailable("the game kept changing; try again", reason="TRY_AGAIN")

    async def delete(self, index_member: str) -> bool:
        """Delete an ended game for good (its retention is over); False if it was running."""
        deleted = await self.schedules.delete(index_member)
        self.games.forget(st.member_game(index_member))
        return deleted
