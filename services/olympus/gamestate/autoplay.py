"""What the table does by itself, run by the workers: bot-played seats answer, and seats whose
time ran out get the timeout policy's answer.

Both act on the game as stored, through `Games.answer_for` (the same compare-and-set as a
player's answer, with an idempotency key per decision), so a task that runs twice, late, or
at the same time as another one never answers a decision twice. A bot sees only what its
seat may know: it is asked on `redacted(game, seat)`, where every card the seat cannot see is
dealt again at random and the generator re-seeded.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from olympus.bots import make_bot
from olympus.engine import Answer, Game, GameOptions
from olympus.engine.defaults import default_answer
from olympus.engine.errors import IllegalAction
from olympus.engine.redact import redacted
from olympus.platform.errors import NotFound
from olympus.platform.tracing import tracer

from . import clocks, store as st
from .core import RESIGNED_BOT, Games, Loaded, check_game_id, now_ms
from .meta import GameMeta

log = logging.getLogger("olympus.autoplay")

# One bot task plays at most this long (or this many answers) before it hands the rest of the
# game to a new task: long all-bot games share the workers fairly with everything else.
SLICE_SECONDS = 0.5
SLICE_ANSWERS = 500
SWEEP_BATCH = 200  # timers claimed per shard and sweep


def bot_seed(options: GameOptions, since: int, seat: int) -> int:
    """A bot answers a decision the same whichever worker asks it, however often."""
    return (options.seed * 1_000_003 + since * 101 + seat) % 2**63


def bot_answer(meta: GameMeta, game: Game, seat: int, since: int, name: str) -> Answer:
    """The bot's answer for `seat`, chosen on what the seat may know only. A choice the real
    game refuses (the redacted game cannot differ in the seat's own options, but a bot is
    code) falls back to the default answer."""
    seed = bot_seed(meta.options, since, seat)
    view = redacted(game, seat, seed)
    answer = make_bot(name, seed).choose(view, view.decision_for(seat))
    decision = game.decision_for(seat)
    try:
        decision.check(answer)
    except IllegalAction:
        log.error("game %s: bot %s chose an illegal answer %s", meta.game_id, name, answer)
        return default_answer(decision)
    return answer


@dataclass(frozen=True, slots=True)
class Played:
    answers: int = 0  # answers committed by this call
    timeouts: int = 0


class Autoplay:
    def __init__(self, games: Games) -> None:
        self.games = games

    async def _meta(self, game_id: str) -> GameMeta | None:
        check_game_id(game_id)
        try:
            return await self.games.meta(game_id)
        except NotFound:
            return None

    # --- bot turns -------------------------------------------------------------------------------
    async def bot_turn(self, game_id: str, version: int) -> Played:
        """Bot-played seats answer while the game, at `version`, waits for them. A task for a
        version the game has left is stale: whoever moved the game on sent its own."""
        meta = await self._meta(game_id)
        if meta is None:
            return Played()
        now = await self.games.cached_or_load(meta)
        if now.version < version:  # this process's copy is behind
            now = await self.games.load(meta)
        if now.version != version or now.status != st.STATUS_ACTIVE:
            return Played()
        return await self._play(meta, now)

    async def _play(self, meta: GameMeta, now: Loaded) -> Played:
        started = time.monotonic()
        answers = 0
        while now.status == st.STATUS_ACTIVE and not now.game.is_over:
            bots = clocks.bot_played(meta, now.table)
            decision = next((d for d in now.game.decisions() if d.player in bots), None)
            if decision is None:
                break
            if answers >= SLICE_ANSWERS or time.monotonic() - started > SLICE_SECONDS:
                if self.games.dispatcher is not None:  # the rest in a task of its own
                    self.games.dispatcher.bot_turn(meta.game_id, now.version)
                break
            seat = decision.player
            since = now.table.since[seat]
            name = meta.seats[seat].bot or RESIGNED_BOT
            answer = bot_answer(meta, now.game, seat, since, name)
            # The bot's commit, a span of its own under the task's (a no-op when tracing is
            # off): where a traced answer ends (docs/tracing.md).
            with tracer().start_as_current_span("olympus.bot.commit") as span:
                span.set_attribute("olympus.game_id", meta.game_id)
                span.set_attribute("olympus.seat", seat)
                span.set_attribute("olympus.version", now.version + 1)
                outcome, now = await self.games.answer_for(meta, now, seat, answer, True, False)
                span.set_attribute("olympus.outcome", outcome.kind)
            if outcome.kind != st.APPLIED:
                break  # answered already, or moved on by someone who sends its own task
            answers += 1
        return Played(answers)

    # --- timers ----------------------------------------------------------------------------------
    async def sweep(self) -> list[str]:
        """Claim every due timer (for a lease); the games to fire."""
        due: list[str] = []
        at = now_ms()
        for n in range(st.TIMER_SHARDS):
            due += await self.games.store.claim_timers(st.timer_shard(n), at, SWEEP_BATCH)
        return due

    async def fire(self, game_id: str) -> Played:
        """Do whatever is due in the game now (timeouts, bot turns whose task was lost), then
        set its timer from the state it is left in. Safe to run any number of times."""
        meta = await self._meta(game_id)
        if meta is None:
            await self.games.store.reschedule(game_id, None, 0)
            return Played()
        now = await self.games.load(meta)  # the stored state, not a cached guess
        answers = timeouts = 0
        for _ in range(4 * meta.options.players + 4):  # every seat once, and races lost
            if now.status != st.STATUS_ACTIVE or now.game.is_over:
                break
            late = clocks.overdue(meta, now.table, now.game, now_ms())
            if not late:
                break
            seat = late[0]
            answer = self._timeout_answer(meta, now, seat)
            outcome, after = await self.games.answer_for(meta, now, seat, answer, False, True)
            if outcome.kind == st.APPLIED:
                timeouts += 1
                now = after
            else:  # a player (or another worker) was first: judge again on the new state
                now = await self.games.load(meta)
        active = now.status == st.STATUS_ACTIVE and not now.game.is_over
        # After a timeout the game may wait for a bot-played seat (the other seat's bot, or
        # this one's once handed over): no task was sent for that decision (only a player's
        # answer through the service sends one), so play it now rather than after the grace.
        if active and (timeouts or self._bot_turn_lost(meta, now)):
            played = await self._play(meta, now)
            answers += played.answers
            if played.answers:
                now = await self.games.cached_or_load(meta)
        due = None if now.status != st.STATUS_ACTIVE else clocks.next_due(meta, now.table, now.game)
        await self.games.store.reschedule(game_id, due, now.version)
        return Played(answers, timeouts)

    @staticmethod
    def _bot_turn_lost(meta: GameMeta, now: Loaded) -> bool:
        """A bot-played seat has waited past the grace: the task sent for it was lost. (A
        game whose bots are playing has a fresh decision: its slice task is at work.)"""
        grace_over = now_ms() - clocks.BOT_GRACE_MS
        bots = clocks.bot_played(meta, now.table)
        return any(
            now.table.pending_ms[seat] <= grace_over for seat in set(now.game.waiting_for()) & bots
        )

    def _timeout_answer(self, meta: GameMeta, now: Loaded, seat: int) -> Answer:
        if meta.time_control.timeout_policy == "bot":
            return bot_answer(meta, now.game, seat, now.table.since[seat], RESIGNED_BOT)
        return default_answer(now.game.decision_for(seat))
