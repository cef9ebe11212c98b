"""The game service's work, between the gRPC edge and the Redis store.

Answering is: authenticate the token (it decides the seat), load the game at the version the
client saw, let the engine check and apply the answer in this process, then commit state,
version, answer log, public event and idempotency record in one compare-and-set. Nothing is
written unless everything is; a refusal leaves the game as it was.

Two caches make the common path one Redis round trip: the game's metadata (immutable) and, per
game, the latest state this process committed. The cache is only a guess of the current
version: the commit still compares versions in Redis, so another process that moved the game
meanwhile makes the commit fail (ABORTED) instead of being overwritten.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from olympus.engine import Answer, Game, GameOptions
from olympus.engine.errors import CorruptState, GameFinished, MalformedAction, OlympusError
from olympus.engine.game import coerce_answer
from olympus.engine.undo import Undo
from olympus.engine.version import check_rules
from olympus.platform.errors import (
    AlreadyExists,
    Conflict,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Unauthenticated,
    Unavailable,
    quote,
)
from olympus.v1 import game_pb2 as pb

from . import clocks
from . import store as st
from .auth import HOST, new_token, token_hash, well_formed
from .chosen import Chosen
from .convert import answer_from_proto
from .events import answer_event, created_event, resigned_event, undo_event
from .grants import Grants
from .history import Log, replay_events
from .listing import page
from .livescore import LiveScores
from .lru import (
    GRANT_BYTES,
    LIVE_SCORE_BYTES,
    META_BYTES,
    CacheBudget,
    Lru,
    state_bytes,
)
from .meta import GameMeta, SeatMeta, TimeControl
from .records import RESIGN, Keyed, Outcome, Seen, Summary, log_entry
from .schedules import Schedules
from .seating import Seating
from .table import Table
from .webhooks import Notifier

log = logging.getLogger("olympus.gamestate")

# Matched whole (`fullmatch`: `$` would let a final newline through), ASCII classes only (`\d`
# takes every script's digits).
GAME_ID_RE = re.compile(r"[0-9a-f]{16}")
IDEMPOTENCY_KEY_RE = re.compile(r"[\x21-\x7e]{1,128}")  # printable ASCII, no spaces
RESIGNED_BOT = "random"  # the bot that plays a resigned seat, or one handed to a bot
# A simultaneous answer that loses its compare-and-set to another seat's is retried this often.
SIMULTANEOUS_RETRIES = 8


class BotDispatcher(Protocol):
    """Hands a game whose decision waits for a bot-played seat to the workers (a Celery task
    in production). Must not block: the caller is on the answer path. A dispatch that is lost
    is made good by the game's timer (clocks.BOT_GRACE_MS)."""

    def bot_turn(self, game_id: str, version: int) -> None: ...


def now_ms() -> int:
    return int(time.time() * 1000)


def check_game_id(game_id: str) -> None:
    if not GAME_ID_RE.fullmatch(game_id):
        raise InvalidArgument(
            f"not a game id: {quote(game_id)} (16 hex digits)", reason="INVALID_GAME_ID"
        )


@dataclass(frozen=True, slots=True)
class Created:
    meta: GameMeta
    tokens: dict[int, str]  # seat -> token, human seats only
    host_token: str
    version: int  # 1: bot seats answer through the workers, after CreateGame returns


@dataclass(frozen=True, slots=True)
class Current:
    """A game at a version, as loaded for one caller."""

    meta: GameMeta
    version: int
    game: Game
    viewer: int | None  # the caller's seat, None for a spectator or the host
    table: Table
    status: str  # store.STATUS_*: an aborted game's engine state still waits for answers


@dataclass(frozen=True, slots=True)
class Loaded:
    version: int
    game: Game
    table: Table
    status: str = st.STATUS_ACTIVE
    packed: int = 0  # the length of its packed state (pack_blob), when known: its cache weight


def loaded_bytes(loaded: Loaded) -> int:
    """What a cached state is estimated to take in memory (the state caches' weight)."""
    return state_bytes(loaded.packed)


@dataclass(frozen=True, slots=True)
class Identity:
    game_id: str
    seat: int  # HOST for the host token
    resigned: bool


@dataclass(frozen=True, slots=True)
class Submitted:
    version: int
    event: pb.GameEvent | None
    answer: str
    replayed: bool


def summary_of(game: Game) -> Summary:
    return Summary(
        status=st.STATUS_FINISHED if game.is_over else st.STATUS_ACTIVE,
        generation=game.generation,
        phase=game.phase,
        waiting=orjson.dumps(game.waiting_for()),
        updated_ms=now_ms(),
    )


def pack_blob(table: Table, game: Game) -> bytes:
    """The `state` value (after its version): the table, then the engine's bytes."""
    return table.pack() + b";" + game.to_bytes()


def unpack_blob(blob: bytes) -> tuple[Table, Game]:
    head, _, raw = blob.partition(b";")
    return Table.unpack(head), Game.from_bytes(raw)


def request_digest(expected_version: int, answer: Answer) -> str:
    """What an idempotency key is bound to: the answer (canonical text) and its version."""
    return st.short_digest(f"{expected_version} {answer}")


def key_reused(version: int) -> Conflict:
    return Conflict(
        f"this idempotency key was used for another answer (version {version})",
        reason="IDEMPOTENCY_KEY_REUSED",
        metadata={"version": str(version)},
    )


def over_error(game_id: str, status: str) -> Exception:
    """The refusal for a call that needs an active game, by the game's status."""
    if status == st.STATUS_ABORTED:
        return FailedPrecondition("the game was aborted", reason="GAME_ABORTED")
    if status == st.STATUS_FINISHED:
        return GameFinished("the game is over")
    return NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")


class Games:
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
        self._metas: Lru[str, GameMeta] = Lru(caches.entries(caches.METAS, META_BYTES))
        self._states: Lru[str, Loaded] = (
            Lru(caches.share(caches.STATES), loaded_bytes)
            if state_cache_size is None
            else Lru(state_cache_size)
        )
        self.live = LiveScores(caches.entries(caches.LIVE_SCORES, LIVE_SCORE_BYTES))

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
    ) -> Created:
        """A new game; with `chosen` (a request id, chosen.py) the game of that request, made
        once whatever the number of repeats. `rated_queue`: the scoring queue it is rated in
        (the caller, a service, checked its right to say so)."""
        if chosen is not None:
            first = await self._requested(chosen)
            if first is not None:
                return first
        game = Game.new(options)  # InvalidOptions -> INVALID_ARGUMENT
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
        )
        table = Table.new(game, created, time_control)
        event = created_event(game, created, meta.realtime_scoring)
        event.clocks.extend(clocks.seat_clocks(meta, table, game, created))
        due = clocks.next_due(meta, table, game)
        if due is not None:  # before the game exists: no game without its timer
            await self.store.lower_timer(meta.game_id, due)
        await self.seating.before_create(meta)  # likewise its rated entry, its seats' index
        blob = pack_blob(table, game)
        outcome = await self.store.create(
            meta.game_id,
            meta.to_json(),
            blob,
            event.SerializeToString(),
            summary_of(game),
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
        self._states.put(meta.game_id, Loaded(1, game, table, packed=len(blob)))
        if event.HasField("live_score"):
            self.live.remember(meta.game_id, 1, event.live_score)
        self._dispatch_bots(meta, Loaded(1, game, table))
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

    async def load(self, meta: GameMeta) -> Loaded:
        """The game as stored now (NOT_FOUND once deleted)."""
        loaded = await self.store.load(meta.game_id)
        if not loaded.status:  # deleted after its retention (this process cached its meta)
            self.forget(meta.game_id)
            raise NotFound(f"no game {meta.game_id}", reason="GAME_NOT_FOUND")
        if loaded.state is None:
            raise CorruptState(f"game {meta.game_id} has a record but no state")
        table, game = unpack_blob(loaded.state)
        return Loaded(loaded.version, game, table, loaded.status, len(loaded.state))

    def forget(self, game_id: str) -> None:
        """Drop what this process cached of a game (deleted, or aborted)."""
        self._metas.drop(game_id)
        self._states.drop(game_id)
        self.live.forget(game_id)

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

    # --- answering -----------------------------------------------------------------------------
    async def submit(
        self,
        game_id: str,
        token: str,
        expected_version: int,
        key: str,
        answer_input: pb.Answer | str | None,
    ) -> Submitted:
        if not token:
            raise Unauthenticated("SubmitAction needs the seat's token", reason="TOKEN_REQUIRED")
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        if seat is None or seat == HOST:
            raise PermissionDenied(
                "the host token cannot answer; use a seat token", reason="NOT_A_SEAT_TOKEN"
            )
        check_request(key, expected_version)
        answer = parse_answer(answer_input)  # MalformedAction -> INVALID_ARGUMENT
        idem = Keyed(st.idem_field(seat, key), request_digest(expected_version, answer))
        for _ in range(SIMULTANEOUS_RETRIES):
            done = await self._submit_once(meta, seat, expected_version, idem, answer)
            if done is not None:
                return done
        raise Conflict("the game keeps moving; read the decision again", reason="TRY_AGAIN")

    async def _submit_once(
        self,
        meta: GameMeta,
        seat: int,
        expected_version: int,
        idem: Keyed,
        answer: Answer,
    ) -> Submitted | None:
        """One attempt; None when a simultaneous answer of another seat won the race and this
        one should be tried again on the new version."""
        game_id = meta.game_id
        # The cached game is taken out while this answer works on it (nobody else may change
        # it meanwhile) and put back as the next version once committed. A refused answer
        # leaves an engine game unchanged, so it goes back as it was.
        cached = self._states.take(game_id)
        if cached is not None and cached.version == expected_version:
            now = cached
        else:
            if cached is not None:
                self._states.put(game_id, cached)
                cached = None
            stored = await self.store.load(game_id, idem)
            if stored.seen is not None:
                return await self._replayed(meta, seat, idem, stored.seen)
            if stored.state is None or stored.status in ("", st.STATUS_ABORTED):
                raise over_error(game_id, stored.status)
            table, game = unpack_blob(stored.state)
            now = Loaded(stored.version, game, table, stored.status)
            # A seat the table plays now (resigned, handed to a bot) is told so whatever
            # version it names: told "stale", it would read its decision and try again for
            # as long as the bots keep the game moving.
            seat_gone = seat in now.table.resigned or seat in now.table.robots
            if (
                now.version != expected_version
                and not seat_gone
                and not self._still_valid(now, seat, expected_version)
            ):
                raise self._stale(now.version, expected_version)
        if seat in now.table.resigned or seat in now.table.robots:
            if cached is not None:
                self._states.put(game_id, cached)
            raise played_by_table(now.table, seat)
        game = now.game
        update = now.table.begin(now.version + 1, seat, game)
        try:
            game.apply(seat, answer)
        except OlympusError:
            if cached is not None:
                self._states.put(game_id, cached)
            # Before refusing, make sure this is not a retry of an answer that was applied,
            # and that the game is still where the (cached) state said.
            head = await self.store.head(game_id, idem)
            if head.seen is not None:
                return await self._replayed(meta, seat, idem, head.seen)
            if head.status in ("", st.STATUS_ABORTED):
                self._states.drop(game_id)
                raise over_error(game_id, head.status) from None
            if head.version != now.version:
                self._states.drop(game_id)
                return None  # the game moved meanwhile: judge the answer again there
            raise

        new_version = now.version + 1
        text = str(answer)
        at = now_ms()
        table = update.finish(game, at, meta.time_control)
        event = answer_event(new_version, seat, answer, game, False, at, meta.realtime_scoring)
        outcome = await self._commit(
            meta, now.version, seat, text, False, Loaded(new_version, game, table), event, idem
        )
        if outcome.kind == st.REUSED:
            raise key_reused(outcome.version)
        if outcome.kind == st.DUPLICATE:
            return await self._replayed(meta, seat, idem, Seen(outcome.version, idem.digest))
        if outcome.kind == st.STALE:
            self._states.drop(game_id)
            return None  # re-read: accepted there if this seat's decision is unchanged
        if outcome.kind in (st.MISSING, st.OVER):
            self._states.drop(game_id)
            raise over_error(game_id, await self._status(game_id))
        self._dispatch_bots(meta, Loaded(new_version, game, table))
        return Submitted(new_version, event, text, False)

    @staticmethod
    def _still_valid(now: Loaded, seat: int, expected_version: int) -> bool:
        """An answer chosen at `expected_version` may apply at `now` (a later version) when the
        seat's own pending decision has not changed in between."""
        return (
            expected_version < now.version
            and seat in now.game.waiting_for()
            and now.table.decision_unchanged(seat, expected_version)
        )

    @staticmethod
    def _stale(current: int, expected: int) -> Conflict | InvalidArgument:
        if expected > current:
            # No reply ever named that version: a client's bug, not a race; reading the
            # decision again would not make it right.
            return InvalidArgument(
                f"expected_version {expected} is ahead of the game, which is at version "
                f"{current}: send the version a reply or an event gave you",
                reason="VERSION_AHEAD",
                metadata={"current_version": str(current), "expected_version": str(expected)},
            )
        return Conflict(
            f"the game is at version {current}, not {expected}: read the decision again",
            metadata={"current_version": str(current)},
        )

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
        outcome = await self.store.commit(
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
            self._states.put(meta.game_id, Loaded(new_version, game, after.table, packed=len(blob)))
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

    async def _status(self, game_id: str) -> str:
        return ((await self.store.summary(game_id))["status"] or b"").decode()

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

    # --- answers the table makes: bots, timeouts (the workers call these) ----------------------
    def _dispatch_bots(self, meta: GameMeta, now: Loaded) -> None:
        """Tell the workers when the game now waits for a bot-played seat."""
        if self.dispatcher is None or now.game.is_over:
            return
        if clocks.bot_played(meta, now.table) & set(now.game.waiting_for()):
            self.dispatcher.bot_turn(meta.game_id, now.version)

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
        # be computed all over again for nothing.
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
            self._states.drop(meta.game_id)
            return outcome, now
        return outcome, after

    async def cached_or_load(self, meta: GameMeta) -> Loaded:
        """The latest state this process committed, else the stored one."""
        cached = self._states.get(meta.game_id)
        return cached if cached is not None else await self.load(meta)

    # --- taking answers back (tables with the undo option) ---------------------------------------
    async def undo(
        self, game_id: str, token: str, expected_version: int, key: str, count: int
    ) -> Submitted:
        """The seat takes back its last `count` answers: one more version, logged as
        "undo <count>", told to watchers; the engine refuses (UNDO_OFF, UNDO_NOT_ALLOWED)
        when that is not allowed. Unlike an answer it must name the version now: the
        answers it takes back are the ones the caller saw last."""
        if not token:
            raise Unauthenticated("UndoAnswers needs the seat's token", reason="TOKEN_REQUIRED")
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        if seat is None or seat == HOST:
            raise PermissionDenied(
                "the host token cannot take answers back; use a seat token",
                reason="NOT_A_SEAT_TOKEN",
            )
        check_request(key, expected_version)
        if count < 1:
            raise InvalidArgument("count must be 1 or more answers", reason="INVALID_ARGUMENT")
        text = str(Undo(count))
        idem = Keyed(st.idem_field(seat, key), st.short_digest(f"{expected_version} {text}"))
        stored = await self.store.load(game_id, idem)
        if stored.seen is not None:
            return await self._replayed(meta, seat, idem, stored.seen)
        if stored.state is None or stored.status in ("", st.STATUS_ABORTED):
            raise over_error(game_id, stored.status)
        table, game = unpack_blob(stored.state)
        if seat in table.resigned or seat in table.robots:
            raise played_by_table(table, seat)
        if stored.version != expected_version:
            raise self._stale(stored.version, expected_version)
        new_version = stored.version + 1
        update = table.begin(new_version, seat, game, taken_back=count)
        game.undo(seat, count)  # refused: nothing changed, nothing written
        at = now_ms()
        after = Loaded(new_version, game, update.finish(game, at, meta.time_control))
        event = undo_event(new_version, seat, count, game, at, meta.realtime_scoring)
        outcome = await self._commit(meta, stored.version, seat, text, False, after, event, idem)
        if outcome.kind == st.REUSED:
            raise key_reused(outcome.version)
        if outcome.kind == st.DUPLICATE:
            return await self._replayed(meta, seat, idem, Seen(outcome.version, idem.digest))
        if outcome.kind == st.STALE:
            self._states.drop(game_id)
            raise self._stale(outcome.version, expected_version)
        if outcome.kind != st.APPLIED:
            self._states.drop(game_id)
            raise over_error(game_id, await self._status(game_id))
        self._dispatch_bots(meta, after)
        return Submitted(new_version, event, text, False)

    # --- resigning -------------------------------------------------------------------------------
    async def resign(self, game_id: str, token: str) -> tuple[int, bool]:
        """The seat gives up; (the version its resignation made, whether it had already)."""
        if not token:
            raise Unauthenticated("Resign needs the seat's token", reason="TOKEN_REQUIRED")
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        if seat is None or seat == HOST:
            raise PermissionDenied("only a seat can resign", reason="NOT_A_SEAT_TOKEN")
        return await self.resign_seat(meta, seat)

    async def resign_seat(self, meta: GameMeta, seat: int, why: str = "") -> tuple[int, bool]:
        """The table takes the seat over from now on, as if it resigned: the version that made,
        and whether it had resigned already. `why` ("account_disabled") goes in the event's
        log; an empty one is the seat's own resignation."""
        game_id = meta.game_id
        for _ in range(SIMULTANEOUS_RETRIES):
            now = await self.load(meta)
            if seat in now.table.resigned:
                return now.table.resigned[seat], True
            if now.status != st.STATUS_ACTIVE or now.game.is_over:
                raise over_error(game_id, now.status)
            version = now.version + 1
            table = now.table.resign(seat, version)
            event = resigned_event(version, seat, now.game, now_ms(), meta.realtime_scoring)
            if why:
                event.log.append(pb.LogEntry(kind=why, args=[pb.LogArg(number=seat)]))
            self._states.drop(game_id)
            outcome = await self._commit(
                meta,
                now.version,
                seat,
                RESIGN,
                False,
                Loaded(version, now.game, table),
                event,
                None,
            )
            if outcome.kind == st.APPLIED:
                self._dispatch_bots(meta, Loaded(version, now.game, table))
                return version, False
            if outcome.kind in (st.MISSING, st.OVER):
                raise over_error(game_id, await self._status(game_id))
        raise Conflict("the game keeps moving; try again", reason="TRY_AGAIN")

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


def check_request(key: str, expected_version: int) -> None:
    """The idempotency key and version every writing call names."""
    if not IDEMPOTENCY_KEY_RE.fullmatch(key):
        raise InvalidArgument(
            "idempotency_key must be 1-128 printable ASCII characters",
            reason="INVALID_IDEMPOTENCY_KEY",
        )
    if expected_version < 1:
        raise InvalidArgument(
            "expected_version must be the version you saw (1 or more)",
            reason="INVALID_VERSION",
            field="expected_version",
        )


def played_by_table(table: Table, seat: int) -> FailedPrecondition:
    """The refusal for a seat the table plays now (resigned, or handed to a bot)."""
    if seat in table.resigned:
        return FailedPrecondition("this seat resigned", reason="SEAT_RESIGNED")
    return FailedPrecondition(
        "this seat's time ran out too often: a bot plays it now", reason="SEAT_HANDED_TO_BOT"
    )


def parse_answer(answer: pb.Answer | str | None) -> Answer:
    """A structured answer or its text notation, as the engine's answer."""
    if isinstance(answer, pb.Answer):
        return answer_from_proto(answer)
    if isinstance(answer, str):
        return coerce_answer(answer)
    raise MalformedAction("no answer: set `structured` or `text`")
