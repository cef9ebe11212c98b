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

import asyncio
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import orjson

from olympus.bots import make_bot
from olympus.engine import Answer, Game, GameOptions
from olympus.engine.errors import CorruptState, GameFinished, MalformedAction, OlympusError
from olympus.engine.game import coerce_answer
from olympus.platform.errors import (
    Conflict,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    Unauthenticated,
    Unavailable,
    quote,
)
from olympus.v1 import game_pb2 as pb

from . import store as st
from .auth import HOST, new_token, token_hash, well_formed
from .convert import answer_from_proto
from .events import answer_event, created_event
from .meta import GameMeta, SeatMeta, TimeControl

log = logging.getLogger("olympus.gamestate")

# Matched whole (`fullmatch`: `$` would let a final newline through), ASCII classes only (`\d`
# takes every script's digits).
GAME_ID_RE = re.compile(r"[0-9a-f]{16}")
IDEMPOTENCY_KEY_RE = re.compile(r"[\x21-\x7e]{1,128}")  # printable ASCII, no spaces
PAGE_TOKEN_RE = re.compile(r"[0-9]{15}:[0-9a-f]{16}")
REPLAY_FORMAT = "olympus-replay/1"
# Bots answering one after the other can never need more writes than this: a runaway guard.
BOT_MOVES_LIMIT = 5_000

K = TypeVar("K")
V = TypeVar("V")


class _Lru(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self.size:
            self._items.popitem(last=False)

    def drop(self, key: K) -> None:
        self._items.pop(key, None)

    def take(self, key: K) -> V | None:
        return self._items.pop(key, None)


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


@dataclass(frozen=True, slots=True)
class Current:
    """A game at a version, as loaded for one caller."""

    meta: GameMeta
    version: int
    game: Game
    viewer: int | None  # the caller's seat, None for a spectator or the host


@dataclass(frozen=True, slots=True)
class Submitted:
    version: int
    event: pb.GameEvent | None
    answer: str
    replayed: bool


@dataclass(frozen=True, slots=True)
class LoggedAnswer:
    version: int
    seat: int
    text: str
    bot: bool


@dataclass(frozen=True, slots=True)
class Log:
    meta: GameMeta
    answers: list[LoggedAnswer]
    finished: bool
    result: dict[str, Any] | None  # once finished

    @property
    def version(self) -> int:
        return 1 + len(self.answers)

    def rebuild(self) -> Game:
        game = Game.new(self.meta.options)
        for a in self.answers:
            game.apply(a.seat, a.text)
        return game


def summary_of(game: Game) -> st.Summary:
    return st.Summary(
        status=st.STATUS_FINISHED if game.is_over else st.STATUS_ACTIVE,
        generation=game.generation,
        phase=game.phase,
        waiting=orjson.dumps(game.waiting_for()),
        updated_ms=now_ms(),
    )


def bot_seed(options: GameOptions, version: int, seat: int) -> int:
    """Bots answer the same at the same version whichever process asks them."""
    return (options.seed * 1_000_003 + version * 101 + seat) % 2**63


class Games:
    def __init__(self, store: st.GameStore, state_cache_size: int = 4096) -> None:
        self.store = store
        self._metas: _Lru[str, GameMeta] = _Lru(16_384)
        self._states: _Lru[str, tuple[int, Game]] = _Lru(state_cache_size)
        self._rebuilt: _Lru[str, tuple[int, Game]] = _Lru(256)
        self._bot_runs: dict[str, asyncio.Future[tuple[int, Game]]] = {}

    # --- creating ------------------------------------------------------------------------------
    async def create(
        self, options: GameOptions, seats: list[SeatMeta], time_control: TimeControl
    ) -> Created:
        game = Game.new(options)  # InvalidOptions -> INVALID_ARGUMENT
        tokens = {s.seat: new_token() for s in seats if not s.is_bot}
        host_token = new_token()
        digests = {token_hash(t): seat for seat, t in tokens.items()}
        digests[token_hash(host_token)] = HOST
        created = now_ms()
        meta = GameMeta(
            game_id=secrets.token_hex(8),
            options=options,
            seats=tuple(seats),
            time_control=time_control,
            tokens=digests,
            created_ms=created,
        )
        event = created_event(game, created)
        ok = await self.store.create(
            meta.game_id,
            meta.to_json(),
            game.to_bytes(),
            event.SerializeToString(),
            summary_of(game),
            meta.digests(),
            meta.index_member,
        )
        if not ok:  # 64 random bits collided: astronomically rare, and nothing was written
            raise Unavailable("could not allocate a game id; try again", reason="TRY_AGAIN")
        self._metas.put(meta.game_id, meta)
        self._states.put(meta.game_id, (1, game))
        await self._play_bots(meta, 1, game)
        return Created(meta, tokens, host_token)

    # --- who is asking -------------------------------------------------------------------------
    async def meta(self, game_id: str) -> GameMeta:
        check_game_id(game_id)
        meta = self._metas.get(game_id)
        if meta is None:
            raw = await self.store.meta(game_id)
            if raw is None:
                raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
            meta = GameMeta.from_json(game_id, raw)
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
        if await self.store.token_game(digest) is not None:
            raise PermissionDenied("this token belongs to another game", reason="WRONG_GAME_TOKEN")
        raise Unauthenticated("unknown token", reason="INVALID_TOKEN")

    # --- reading -------------------------------------------------------------------------------
    async def current(self, game_id: str, token: str) -> Current:
        meta = await self.meta(game_id)
        seat = await self.seat_for(meta, token)
        viewer = None if seat is None or seat == HOST else seat
        version, game = await self._load(meta)
        if meta.bot_seats and not game.is_over and meta.bot_seats & set(game.waiting_for()):
            # A process died between an answer and the bots' replies: let the bots go on.
            version, game = await self._play_bots(meta, version, game)
        return Current(meta, version, game, viewer)

    async def _load(self, meta: GameMeta) -> tuple[int, Game]:
        loaded = await self.store.load(meta.game_id)
        if loaded.state is not None:
            return loaded.version, Game.from_bytes(loaded.state)
        # The hot state of a finished game expires; its answers rebuild it, once per process
        # (a finished game never changes again).
        rebuilt = self._rebuilt.get(meta.game_id)
        if rebuilt is None:
            game_log = await self.log(meta.game_id, "", public_only=True)
            if not game_log.finished:
                raise CorruptState(f"game {meta.game_id} is running but its state is missing")
            rebuilt = (game_log.version, game_log.rebuild())
            self._rebuilt.put(meta.game_id, rebuilt)
        return rebuilt[0], rebuilt[1].clone()

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
        if not IDEMPOTENCY_KEY_RE.fullmatch(key):
            raise InvalidArgument(
                "idempotency_key must be 1-128 printable ASCII characters",
                reason="INVALID_IDEMPOTENCY_KEY",
            )
        if expected_version < 1:
            raise InvalidArgument(
                "expected_version must be the version you saw (1 or more)",
                reason="INVALID_VERSION",
            )
        answer = parse_answer(answer_input)  # MalformedAction -> INVALID_ARGUMENT
        idem = (seat, key)

        # The cached game is taken out while this answer works on it (nobody else may change
        # it meanwhile) and put back as the next version once committed. A refused answer
        # leaves an engine game unchanged, so it goes back as it was.
        cached = self._states.take(game_id)
        if cached is not None and cached[0] == expected_version:
            game = cached[1]
        else:
            if cached is not None:
                self._states.put(game_id, cached)
                cached = None
            loaded = await self.store.load(game_id, idem)
            if loaded.idem_version is not None:
                return await self._replayed(game_id, seat, loaded.idem_version)
            if loaded.state is None:
                raise GameFinished("the game is over")
            if loaded.version != expected_version:
                raise Conflict(
                    f"the game is at version {loaded.version}, not {expected_version}: "
                    "read the decision again",
                    metadata={"current_version": str(loaded.version)},
                )
            game = Game.from_bytes(loaded.state)
        try:
            game.apply(seat, answer)
        except OlympusError:
            if cached is not None:
                self._states.put(game_id, cached)
            # Before refusing, make sure this is not a retry of an answer that was applied,
            # and that the game is still where the (cached) state said.
            version, seen = await self.store.head(game_id, idem)
            if seen is not None:
                return await self._replayed(game_id, seat, seen)
            if version != expected_version:
                self._states.drop(game_id)
                raise Conflict(
                    f"the game is at version {version}, not {expected_version}",
                    metadata={"current_version": str(version)},
                ) from None
            raise

        new_version = expected_version + 1
        text = str(answer)
        event = answer_event(new_version, seat, answer, game, False, now_ms())
        outcome = await self._commit(meta, expected_version, seat, text, False, game, event, idem)
        if outcome.kind == st.DUPLICATE:
            return await self._replayed(game_id, seat, outcome.version)
        if outcome.kind == st.STALE:
            self._states.drop(game_id)
            raise Conflict(
                f"the game is at version {outcome.version}, not {expected_version}",
                metadata={"current_version": str(outcome.version)},
            )
        if outcome.kind == st.MISSING:
            raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
        await self._play_bots(meta, new_version, game)
        return Submitted(new_version, event, text, False)

    async def _commit(
        self,
        meta: GameMeta,
        expected_version: int,
        seat: int,
        text: str,
        bot: bool,
        game: Game,
        event: pb.GameEvent,
        idem: tuple[int, str] | None,
    ) -> st.Outcome:
        new_version = expected_version + 1
        result = orjson.dumps(game.result()) if game.is_over else None
        outcome = await self.store.commit(
            meta.game_id,
            expected_version,
            game.to_bytes(),
            orjson.dumps([new_version, seat, text, bot]),
            event.SerializeToString(),
            summary_of(game),
            result,
            idem,
        )
        if outcome.kind == st.APPLIED:
            self._states.put(meta.game_id, (new_version, game))
            if game.is_over:
                await self.store.finish(meta.index_member, meta.digests())
        return outcome

    async def _replayed(self, game_id: str, seat: int, version: int) -> Submitted:
        """The first result of an answer whose idempotency key comes again."""
        events = await self.store.events_after(game_id, version - 1, 1)
        entry = await self.store.answer_at(game_id, version)
        text = ""
        if entry is not None:
            logged = orjson.loads(entry)
            if logged[1] != seat:  # cannot happen: keys are per seat
                raise Conflict(
                    "idempotency key already used by another seat",
                    reason="IDEMPOTENCY_KEY_REUSED",
                )
            text = logged[2]
        event = None
        if events and events[0][0] == version:
            event = pb.GameEvent.FromString(events[0][1])
        return Submitted(version, event, text, True)

    # --- bots ----------------------------------------------------------------------------------
    async def _play_bots(self, meta: GameMeta, version: int, game: Game) -> tuple[int, Game]:
        """Let the bot seats answer while the game waits for them, each answer a versioned
        write of its own. Runs to the end even if the request that started it is cancelled;
        a second request for the same game meanwhile waits for the same run."""
        if not meta.bot_seats or game.is_over or not meta.bot_seats & set(game.waiting_for()):
            return version, game
        task = self._bot_runs.get(meta.game_id)
        if task is None:
            task = asyncio.ensure_future(self._bot_loop(meta, version, game.clone()))
            self._bot_runs[meta.game_id] = task
            task.add_done_callback(lambda _: self._bot_runs.pop(meta.game_id, None))
        try:
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The caller's own answer is committed whatever the bots do; bots that could not
            # answer (Redis away...) are driven again by the next call that finds them waiting.
            log.exception("game %s: bots stopped", meta.game_id)
            return version, game

    async def _bot_loop(self, meta: GameMeta, version: int, game: Game) -> tuple[int, Game]:
        bots = meta.bot_seats
        for _ in range(BOT_MOVES_LIMIT):
            decision = next((d for d in game.decisions() if d.player in bots), None)
            if decision is None:
                return version, game
            seat = decision.player
            bot = make_bot(meta.seats[seat].bot, bot_seed(meta.options, version, seat))
            answer = bot.choose(game, decision)
            after = game.clone()
            after.apply(seat, answer)
            event = answer_event(version + 1, seat, answer, after, True, now_ms())
            outcome = await self._commit(meta, version, seat, str(answer), True, after, event, None)
            if outcome.kind == st.APPLIED:
                version, game = version + 1, after
            elif outcome.kind == st.STALE:  # another process moved the game: go on from there
                version, game = await self._load(meta)
            else:
                raise NotFound(f"no game {meta.game_id}", reason="GAME_NOT_FOUND")
        log.error("game %s: bots still playing after %d moves", meta.game_id, BOT_MOVES_LIMIT)
        return version, game

    async def drain(self) -> None:
        """Let running bot moves finish (shutdown)."""
        if self._bot_runs:
            await asyncio.wait(list(self._bot_runs.values()), timeout=10)

    # --- the log ---------------------------------------------------------------------------------
    async def log(self, game_id: str, token: str, public_only: bool = False) -> Log:
        """The answers in order. While the game runs, only the host may read it: the seed and
        the answers tell the deck order and every hand."""
        meta = await self.meta(game_id)
        status, result, raw = await self.store.log_snapshot(game_id)
        finished = status == st.STATUS_FINISHED
        if not finished and not public_only:
            seat = await self.seat_for(meta, token)
            if seat is None:
                raise Unauthenticated(
                    "the log of a running game needs the host token", reason="TOKEN_REQUIRED"
                )
            if seat != HOST:
                raise PermissionDenied(
                    "only the host token may read the log of a running game",
                    reason="HOST_ONLY",
                )
        elif token:
            await self.seat_for(meta, token)  # a bad token is refused even where none is needed
        answers = [LoggedAnswer(*orjson.loads(r)) for r in raw]
        return Log(meta, answers, finished, orjson.loads(result) if result else None)

    def replay_events(self, game_log: Log) -> Iterator[pb.GameEvent]:
        """The events of a game rebuilt from its answers (for a finished game whose event
        stream expired); identical to the stored ones except for their times."""
        meta = game_log.meta
        game = Game.new(meta.options)
        yield created_event(game, 0)
        bots = meta.bot_seats
        for a in game_log.answers:
            answer = coerce_answer(a.text)
            game.apply(a.seat, answer)
            yield answer_event(a.version, a.seat, answer, game, a.seat in bots, 0)

    # --- listing ---------------------------------------------------------------------------------
    async def list(
        self, status: str, page_size: int, page_token: str
    ) -> tuple[list[tuple[str, dict[str, Any]]], str]:
        if page_token and not PAGE_TOKEN_RE.fullmatch(page_token):
            raise InvalidArgument("bad page_token", reason="INVALID_PAGE_TOKEN")
        if page_size < 0 or page_size > 500:
            raise InvalidArgument(
                "page_size must be between 1 and 500 (0: 50)", reason="INVALID_PAGE_SIZE"
            )
        size = page_size or 50
        members = await self.store.page(status, size, page_token or None)
        ids = [m.split(":", 1)[1] for m in members]
        rows = await self.store.summaries(ids)
        games = []
        for member, game_id, row in zip(members, ids, rows, strict=True):
            if row["meta"] is None:  # the game was deleted: tidy the index
                await self.store.drop_from_index(status, member)
                continue
            row_status = (row["status"] or b"").decode()
            if status != st.INDEX_ALL and row_status != status:
                # The game finished but the process died before moving it: move it now.
                await self.store.drop_from_index(status, member)
                continue
            games.append((game_id, row))
        next_token = members[-1] if len(members) == size else ""
        return games, next_token


def parse_answer(answer: pb.Answer | str | None) -> Answer:
    """A structured answer or its text notation, as the engine's answer."""
    if isinstance(answer, pb.Answer):
        return answer_from_proto(answer)
    if isinstance(answer, str):
        return coerce_answer(answer)
    raise MalformedAction("no answer: set `structured` or `text`")
