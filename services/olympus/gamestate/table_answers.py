"""The answers the table makes for a seat: a bot's, or the timeout policy's (the workers call
these, autoplay.py), through the same compare-and-set as a player's answer."""

from __future__ import annotations

from olympus.engine import Answer

from . import store as st
from .answering import request_digest
from .events import answer_event
from .game_values import Loaded, now_ms
from .held import HeldGames
from .meta import GameMeta
from .records import Keyed, Outcome


class TableAnswers(HeldGames):
    async def answer_for(
        self,
        meta: GameMeta,
        now: Loaded,
        seat: int,
        answer: Answer,
        bot: bool,
        timed_out: bool,
    ) -> tuple[Outcome, Loaded]:
        """Commit an answer the table makes for `seat` (a bot's, or the timeout policy's) on
        the game as it is at `now`, through the same compare-and-set as a player's answer. Its
        idempotency key is derived from the game, the seat and the version at which the seat's
        decision appeared: a task delivered twice, retried or late never answers one decision
        twice. Returns the outcome and the game after it (`now` unless APPLIED)."""
        # Checked on the decisions already computed for `now` (a caller's mistake is an error,
        # never a bad state), then applied unchecked to a copy: the copy's own decisions would
        # be computed all over again for nothing, and `now` may be held (shared, unchanged).
        now.game.decision_for(seat).check(answer)
        update = now.table.begin(now.version + 1, seat, now.game)
        game = now.game.clone()
        game.push(seat, answer, own=False)  # the seat cannot take back what it did not choose
        at = now_ms()
        table = update.finish(game, at, meta.time_control)
        limit = meta.time_control.timeouts_before_bot
        handed = False
        if timed_out:
            table = table.timed_out(seat, limit)
            handed = seat in table.robots and seat not in now.table.robots
        event = answer_event(now.version + 1, seat, answer, game, bot, at, meta.realtime_scoring)
        event.timed_out = timed_out
        event.handed_to_bot = handed
        after = Loaded(now.version + 1, game, table)
        kind = "timeout" if timed_out else "bot"
        key = f"{kind}:{now.table.since[seat]}"
        idem = Keyed(st.idem_field(seat, key), request_digest(now.table.since[seat], answer))
        outcome = await self._commit(
            meta, now.version, seat, str(answer), bot, after, event, idem, timed_out
        )
        if outcome.kind != st.APPLIED:
            # Behind, or ended: `cached_or_load`, which trusts what is held, must not find it.
            self._states.drop(meta.game_id)
            return outcome, now
        return outcome, after

    async def cached_or_load(self, meta: GameMeta) -> Loaded:
        """The latest state this process holds, unchecked (the caller's commit compares the
        version), else the stored one."""
        cached = self._states.get(meta.game_id)
        return cached if cached is not None else await self.load(meta)
