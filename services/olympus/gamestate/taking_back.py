"""A seat takes back what it did: its last answers (tables with the undo option), or its
whole place at the table (a resignation: the table plays the seat from then on)."""

from __future__ import annotations

from olympus.engine.undo import Undo
from olympus.platform.errors import Conflict, InvalidArgument

from . import store as st
from .answering import SIMULTANEOUS_RETRIES, check_request, stale_error
from .events import resigned_event, undo_event
from .game_values import Loaded, Submitted, key_reused, now_ms, over_error, played_by_table
from .held import HeldGames
from .meta import GameMeta
from .records import RESIGN, Keyed, Seen


class TakingBack(HeldGames):
    async def undo(
        self, game_id: str, token: str, expected_version: int, key: str, count: int
    ) -> Submitted:
        """The seat takes back its last `count` answers: one more version, logged as
        "undo <count>", told to watchers; the engine refuses (UNDO_OFF, UNDO_NOT_ALLOWED)
        when that is not allowed. Unlike an answer it must name the version now: the
        answers it takes back are the ones the caller saw last."""
        meta, seat = await self.seat_token(
            game_id,
            token,
            "UndoAnswers",
            "the host token cannot take answers back; use a seat token",
        )
        check_request(key, expected_version)
        if count < 1:
            raise InvalidArgument("count must be 1 or more answers", reason="INVALID_ARGUMENT")
        text = str(Undo(count))
        idem = Keyed(st.idem_field(seat, key), st.short_digest(f"{expected_version} {text}"))
        now, seen = await self.fetch(meta, idem)
        if seen is not None:
            return await self._replayed(meta, seat, idem, seen)
        if now is None or now.status == st.STATUS_ABORTED:
            raise over_error(game_id, now.status if now is not None else "")
        if seat in now.table.resigned or seat in now.table.robots:
            raise played_by_table(now.table, seat)
        if now.version != expected_version:
            raise stale_error(now.version, expected_version)
        new_version = now.version + 1
        update = now.table.begin(new_version, seat, now.game, taken_back=count)
        game = now.game.clone()  # the held game stays as it is
        game.undo(seat, count)  # refused: nothing changed, nothing written
        at = now_ms()
        after = Loaded(new_version, game, update.finish(game, at, meta.time_control))
        event = undo_event(new_version, seat, count, game, at, meta.realtime_scoring)
        outcome = await self._commit(meta, now.version, seat, text, False, after, event, idem)
        if outcome.kind == st.REUSED:
            raise key_reused(outcome.version)
        if outcome.kind == st.DUPLICATE:
            return await self._replayed(meta, seat, idem, Seen(outcome.version, idem.digest))
        if outcome.kind == st.STALE:
            raise stale_error(outcome.version, expected_version)
        if outcome.kind != st.APPLIED:
            self._states.drop(game_id)
            raise over_error(game_id, await self._status(game_id))
        self._dispatch_bots(meta, after)
        return Submitted(new_version, event, text, False)

    async def resign(self, game_id: str, token: str) -> tuple[int, bool]:
        """The seat gives up; (the version its resignation made, whether it had already)."""
        meta, seat = await self.seat_token(game_id, token, "Resign", "only a seat can resign")
        return await self.resign_seat(meta, seat)

    async def resign_seat(self, meta: GameMeta, seat: int, why: str = "") -> tuple[int, bool]:
        """The table takes the seat over from now on, as if it resigned: the version that made,
        and whether it had resigned already. `why` ("account_disabled") goes in the event's
        log; an empty one is the seat's own resignation."""
        game_id = meta.game_id
        for _ in range(SIMULTANEOUS_RETRIES):  # lost to an answer: tried again
            now = await self.load(meta)
            if seat in now.table.resigned:
                return now.table.resigned[seat], True
            if now.status != st.STATUS_ACTIVE or now.game.is_over:
                raise over_error(game_id, now.status)
            version = now.version + 1
            table = now.table.resign(seat, version)
            event = resigned_event(version, seat, now.game, now_ms(), meta.realtime_scoring, why)
            # The engine game is the same (a resignation changes the table only): shared.
            after = Loaded(version, now.game, table)
            outcome = await self._commit(meta, now.version, seat, RESIGN, False, after, event, None)
            if outcome.kind == st.APPLIED:
                self._dispatch_bots(meta, after)
                return version, False
            if outcome.kind in (st.MISSING, st.OVER):
                raise over_error(game_id, await self._status(game_id))
        raise Conflict("the game keeps moving; try again", reason="TRY_AGAIN")
