"""The games a process holds, and the one way any of them changes.

A process keeps, per game, its metadata (immutable) and the latest state it committed or
loaded, parsed. A load names the state it holds (its version and the `updated` ms of the write
that made it) and Redis sends the stored state only when that is another one: a game nobody
else moved costs one small round trip and no parse, a game another process moved is parsed
once per version. A held engine game is never changed: an answer is applied to a clone, so the
readers of a version (views, watchers, the answer path) share one parsed copy safely.

Every change is a compare-and-set in Redis (`_commit`); only a change Redis applied (and, under
WAIT, replicated: NotReplicated raises before it) becomes the held state.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import orjson

from olympus.engine import Game
from olympus.engine.errors import CorruptState
from olympus.engine.version import check_rules
from olympus.platform.errors import Conflict, NotFound, PermissionDenied, Unauthenticated
from olympus.v1 import game_pb2 as pb

from . import clocks, store as st
from .auth import HOST, token_hash, well_formed
from .game_values import (
    BotDispatcher,
    Loaded,
    Submitted,
    check_game_id,
    key_reused,
    loaded_bytes,
    pack_blob,
    summary_of,
    unpack_blob,
)
from .grants import Grants
from .history import Log, replay_events
from .livescore import LiveScores
from .lru import GRANT_BYTES, LIVE_SCORE_BYTES, META_BYTES, CacheBudget, Lru
from .meta import GameMeta
from .records import Keyed, Outcome, Seen, log_entry
from .schedules import Schedules
from .seating import Seating
from .table import Table
from .webhooks import Notifier

log = logging.getLogger("olympus.gamestate")


class HeldGames:
    def __init__(
        self,
        store: st.GameStore,
        state_cache_size: int | None = None,
        dispatcher: BotDispatcher | None = None,
        notifier: Notifier | None = None,
        caches: CacheBudget | None = None,
    ) -> None:
        """`caches`: the memory the per-game caches share (lru.CacheBudget);
        `state_cache_size`: a count of states instead of their share of it (the workers,
        which hold a game only for the turn they play)."""
        self.store = store
        self.caches = caches = caches or CacheBudget()
        self.schedules = Schedules(store)
        self.seating = Seating(store.redis)
        self.grants = Grants(store.redis, caches.entries(caches.GRANTS, GRANT_BYTES))
        self.dispatcher = dispatcher
        # Tells the workers what the accounts' webhooks should hear of (webhooks.py).
        self.notifier = notifier
        self._metas: Lru[str, GameMeta] = Lru(
            caches.entries(caches.METAS, META_BYTES), GameMeta.cache_units
        )
        self._states: Lru[str, Loaded] = (
            Lru(caches.share(caches.STATES), loaded_bytes)
            if state_cache_size is None
            else Lru(state_cache_size)
        )
        self.live = LiveScores(caches.entries(caches.LIVE_SCORES, LIVE_SCORE_BYTES))

    # --- who is asking -------------------------------------------------------------------------
    async def meta(self, game_id: str) -> GameMeta:
        check_game_id(game_id)
        meta = self._metas.get(game_id)
        if meta is None:
            raw = await self.store.meta(game_id)
            if raw is None:
                raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
            meta = GameMeta.from_json(game_id, raw)
            check_rules(meta.rules)  # rules not played here: UNAVAILABLE, retried elsewhere
            self._metas.put(game_id, meta)
        return meta

    async def seat_token(
        self, game_id: str, token: str, call: str, host_refusal: str
    ) -> tuple[GameMeta, int]:
        """The game and the seat of a call only a seat may make (an answer, an undo, a
        resignation): UNAUTHENTICATED without a token, PERMISSION_DENIED for the host's."""
        if not token:
            raise Unauthenticated(f"{call} needs the seat's token", reason="TOKEN_REQUIRED")
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        if seat is None or seat == HOST:
            raise PermissionDenied(host_refusal, reason="NOT_A_SEAT_TOKEN")
        return meta, seat

    async def seat_for(self, meta: GameMeta, token: str) -> int | None:
        """The seat a token stands for (HOST for the host token), None for no token."""
        if not token:
            return None
        if not well_formed(token):
            raise Unauthenticated("malformed token", reason="INVALID_TOKEN")
        digest = token_hash(token)
        seat = meta.seat_of(digest)
        if seat is not None:
            return seat
        seat = await self.grants.seat_of(meta.game_id, digest)  # issued again (ListMyGames)
        if seat is not None:
            return seat
        if await self.store.token_game(digest) is not None:
            raise PermissionDenied("this token belongs to another game", reason="WRONG_GAME_TOKEN")
        raise Unauthenticated("unknown token", reason="INVALID_TOKEN")

    # --- loading -------------------------------------------------------------------------------
    async def load(self, meta: GameMeta) -> Loaded:
        """The game as stored now (NOT_FOUND once deleted)."""
        now, _ = await self.fetch(meta)
        if now is None:  # deleted after its retention (this process cached its meta)
            self.forget(meta.game_id)
            raise NotFound(f"no game {meta.game_id}", reason="GAME_NOT_FOUND")
        return now

    async def fetch(
        self, meta: GameMeta, idem: Keyed | None = None
    ) -> tuple[Loaded | None, Seen | None]:
        """The game as stored now (None: no such game any more) and what `idem` was used for,
        in one round trip: the state this process holds while it is still the stored one,
        else the stored state, parsed once and held from then on."""
        game_id = meta.game_id
        held = self._states.get(game_id)
        stored = await self.store.load(
            game_id, idem, held.version if held else 0, held.updated if held else 0
        )
        if not stored.status:
            return None, stored.seen
        if stored.unchanged and held is not None:
            # The status is read each time (Redis says it, not the state): a finished game's
            # held state says "active" when this process did not make its last version.
            now = held if held.status == stored.status else replace(held, status=stored.status)
            return now, stored.seen
        if stored.state is None:
            raise CorruptState(f"game {game_id} has a record but no state")
        table, game = unpack_blob(stored.state)
        now = Loaded(stored.version, game, table, stored.status, len(stored.state), stored.updated)
        known = self._states.get(game_id)
        # The held state was just found to be another than the stored one: replaced, unless
        # a commit of this process put a newer one meanwhile.
        if known is None or known is held or known.version < now.version:
            self._states.put(game_id, now)
        return now, stored.seen

    def forget(self, game_id: str) -> None:
        """Drop what this process cached of a game (deleted, or aborted)."""
        self._metas.drop(game_id)
        self._states.drop(game_id)
        self.live.forget(game_id)

    # --- committing ----------------------------------------------------------------------------
    async def _commit(
        self,
        meta: GameMeta,
        expected_version: int,
        seat: int,
        text: str,
        bot: bool,
        after: Loaded,
        event: pb.GameEvent,
        idem: Keyed | None,
        timed_out: bool = False,
    ) -> Outcome:
        new_version = expected_version + 1
        game = after.game
        result = orjson.dumps(game.result()) if game.is_over else None
        summary = summary_of(game)
        event.clocks.extend(clocks.seat_clocks(meta, after.table, game, summary.updated_ms))
        blob = pack_blob(after.table, game)
        outcome = await self.store.commit(  # NotReplicated raises here: nothing is held
            meta.game_id,
            expected_version,
            blob,
            log_entry(seat, text, bot, timed_out),
            event.SerializeToString(),
            summary,
            result,
            idem,
            clocks.next_due(meta, after.table, game),
        )
        if outcome.kind == st.APPLIED:
            held = Loaded(
                new_version,
                game,
                after.table,
                summary.status,
                packed=len(blob),
                updated=summary.updated_ms,
            )
            self._states.put(meta.game_id, held)
            if event.HasField("live_score"):  # scored once: every view of it copies this
                self.live.remember(meta.game_id, new_version, event.live_score)
            if (new_version - 1) % st.LOG_CHUNK == 0:  # another LOG_CHUNK answers to pack
                await self.store.pack_log(meta.game_id)
            if game.is_over:
                await self.schedules.ended(
                    meta.index_member, st.STATUS_FINISHED, summary.updated_ms, meta.anonymous
                )
                await self.seating.ended(meta)
            actor = None if bot or timed_out else seat
            self._notify(meta, new_version, after.table, game, actor, summary.updated_ms)
        return outcome

    def _notify(
        self, meta: GameMeta, version: int, table: Table, game: Game, actor: int | None, at: int
    ) -> None:
        """Tell the accounts' webhooks what this commit did (it only starts an outbox write
        that nobody waits for; it never fails the commit's caller)."""
        if self.notifier is None:
            return
        try:
            self.notifier.committed(meta, version, table, game, actor, at)
        except Exception:
            log.exception("webhook notification failed", extra={"game_id": meta.game_id})

    def notify_ended(self, meta: GameMeta, version: int, kind: str, at: int) -> None:
        """The game ended at `version` other than by an answer (an abort): tell the webhooks."""
        if self.notifier is None:
            return
        try:
            self.notifier.ended(meta, version, kind, at)
        except Exception:
            log.exception("webhook notification failed", extra={"game_id": meta.game_id})

    def _dispatch_bots(self, meta: GameMeta, now: Loaded) -> None:
        """Tell the workers when the game now waits for a bot-played seat."""
        if self.dispatcher is None or now.game.is_over:
            return
        if clocks.bot_played(meta, now.table) & set(now.game.waiting_for()):
            self.dispatcher.bot_turn(meta.game_id, now.version)

    async def _status(self, game_id: str) -> str:
        return ((await self.store.summary(game_id))["status"] or b"").decode()

    # --- repeats and the log -------------------------------------------------------------------
    async def _replayed(self, meta: GameMeta, seat: int, idem: Keyed, seen: Seen) -> Submitted:
        """The first result of an answer whose idempotency key comes again, with the same
        request; a refusal if the key came with another one."""
        if seen.digest != idem.digest:
            raise key_reused(seen.version)
        game_id = meta.game_id
        await self.store.confirm(game_id)
        game_log = await self._read_log(meta)
        logged = next((a for a in game_log.answers if a.version == seen.version), None)
        if logged is not None and logged.seat != seat:  # cannot happen: keys are per seat
            raise Conflict(
                "idempotency key already used by another seat",
                reason="IDEMPOTENCY_KEY_REUSED",
                metadata={"version": str(seen.version)},
            )
        events = await self.store.events_after(game_id, seen.version - 1, 1)
        if events and events[0][0] == seen.version:
            event: pb.GameEvent | None = pb.GameEvent.FromString(events[0][1])
        else:  # the stream keeps the last events only: the answers rebuild older ones
            event = next((e for e in replay_events(game_log) if e.version == seen.version), None)
        return Submitted(seen.version, event, logged.text if logged else "", True)

    async def _read_log(self, meta: GameMeta) -> Log:
        record = await self.store.log_snapshot(meta.game_id)
        if not record.status:
            self.forget(meta.game_id)
            raise NotFound(f"no game {meta.game_id}", reason="GAME_NOT_FOUND")
        return Log(
            meta,
            record.answers,
            record.status,
            record.version,
            orjson.loads(record.result) if record.result else None,
            record.reason,
            record.note,
        )
