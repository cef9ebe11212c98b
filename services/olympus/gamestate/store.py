"""The game store: every game in Redis, every change one compare-and-set.

Keys of one game share the hash tag ``{g:<id>}``, so they live in one Redis Cluster slot and a
Lua script may touch them all at once:

    olympus:{g:<id>}:game             hash: version, status, meta (JSON, immutable), created,
                                      updated, generation, phase, waiting (JSON), result (JSON)
    olympus:{g:<id>}:state            string: b"<version>:" + the engine's saved game
    olympus:{g:<id>}:log              list: one JSON [version, seat, "answer text", bot] per answer
    olympus:{g:<id>}:events           stream: entry id "<version>-0", field "e" = a GameEvent
    olympus:{g:<id>}:idem:<seat>:<key>  string: the version that answer made (expires)
    olympus:{g:<id>}:live             pub/sub channel (not a key): b"<version>:" + the GameEvent,
                                      published by the script that appends it (see watch.py)

and, outside any game's slot (written after the game's own keys, each a one-key command):

    olympus:token:<sha256>            string: "<game id>" (expires with the game's hot state)
    olympus:games:<all|active|finished>  sorted set, all scores 0, members "<created ms>:<id>"

The version lives both in the hash (what the scripts compare) and in front of the state bytes,
so that one GET reads a state and its version consistently. An idempotency record holds only
the version its answer made: a repeated key's reply is rebuilt from that version's event and
log entry. The answer path (load, commit) goes through `pipe.RedisPipe`, everything else
through redis-py.

When a game ends, its state and events expire after the retention; the hash (with the result)
and the answer log stay, so a finished game can always be listed, exported and replayed.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import redis.asyncio as aioredis
import redis.exceptions

from olympus.platform.errors import Unavailable

from .pipe import RedisPipe

PREFIX = "olympus"
STATUS_ACTIVE = "active"
STATUS_FINISHED = "finished"
INDEX_ALL = "all"

# Outcomes of a commit.
APPLIED = 1
DUPLICATE = 2  # the idempotency key was used before: `version` is the version it made
STALE = 3  # the game is at another version: `version` is the current one
MISSING = 4  # no such game

# Both scripts PUBLISH the event they append on the game's channel, named after KEYS[1] so that
# it carries the game's hash tag: a process's one subscriber connection (notify.py) fans it out
# to every local watcher. In Redis Cluster a plain PUBLISH reaches every node; the upgrade path
# is SPUBLISH / SSUBSCRIBE (Redis 7), which keep the message in the game's own shard.
_CREATE = """
-- KEYS: game hash, state, events
-- ARGV: meta, state, event, created ms, generation, phase, waiting
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', 1, 'status', 'active', 'meta', ARGV[1],
  'created', ARGV[4], 'updated', ARGV[4], 'generation', ARGV[5], 'phase', ARGV[6],
  'waiting', ARGV[7])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], '1-0', 'e', ARGV[3])
redis.call('PUBLISH', (string.gsub(KEYS[1], ':game$', ':live')), '1:' .. ARGV[3])
return 1
"""

_COMMIT = """
-- KEYS: game hash, state, answer log, events[, idempotency record]
-- ARGV: expected version, state, log entry, event, status, generation, phase, waiting,
--       updated ms, result ('' while the game goes on), retention s, idempotency ttl s
if KEYS[5] then
  local seen = redis.call('GET', KEYS[5])
  if seen then return {2, tonumber(seen)} end
end
local current = tonumber(redis.call('HGET', KEYS[1], 'version'))
if not current then return {4, 0} end
if current ~= tonumber(ARGV[1]) then return {3, current} end
local version = current + 1
redis.call('SET', KEYS[2], ARGV[2])
redis.call('RPUSH', KEYS[3], ARGV[3])
redis.call('XADD', KEYS[4], version .. '-0', 'e', ARGV[4])
redis.call('PUBLISH', (string.gsub(KEYS[1], ':game$', ':live')), version .. ':' .. ARGV[4])
redis.call('HSET', KEYS[1], 'version', version, 'status', ARGV[5], 'generation', ARGV[6],
  'phase', ARGV[7], 'waiting', ARGV[8], 'updated', ARGV[9])
if KEYS[5] then redis.call('SET', KEYS[5], version, 'EX', ARGV[12]) end
if ARGV[10] ~= '' then
  redis.call('HSET', KEYS[1], 'result', ARGV[10])
  local keep = tonumber(ARGV[11])
  if keep > 0 then
    redis.call('EXPIRE', KEYS[2], keep)
    redis.call('EXPIRE', KEYS[4], keep)
  end
end
return {1, version}
"""

P = ParamSpec("P")
T = TypeVar("T")
_LOST = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, ConnectionError, OSError)


def _storage(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """Redis out of reach is UNAVAILABLE for the caller (who may retry), not INTERNAL."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await fn(*args, **kwargs)
        except _LOST as exc:
            raise Unavailable("game storage unavailable; try again") from exc

    return wrapper


SUMMARY_FIELDS = (
    "version",
    "status",
    "meta",
    "created",
    "updated",
    "generation",
    "phase",
    "waiting",
    "result",
)


def game_key(game_id: str, part: str) -> str:
    return f"{PREFIX}:{{g:{game_id}}}:{part}"


def idem_key(game_id: str, seat: int, key: str) -> str:
    return game_key(game_id, f"idem:{seat}:{key}")


def token_key(digest: str) -> str:
    return f"{PREFIX}:token:{digest}"


def index_key(status: str) -> str:
    return f"{PREFIX}:games:{status}"


def pack_state(version: int, raw: bytes) -> bytes:
    return b"%d:" % version + raw


def unpack_state(value: bytes) -> tuple[int, bytes]:
    head, _, raw = value.partition(b":")
    return int(head), raw


@dataclass(frozen=True, slots=True)
class Summary:
    """The fields of the game hash a commit updates (what ListGames shows without the state)."""

    status: str
    generation: int
    phase: str
    waiting: bytes  # JSON list of seats
    updated_ms: int


@dataclass(frozen=True, slots=True)
class Loaded:
    version: int  # 0 when the state is absent (no such game, or expired after the game ended)
    state: bytes | None
    idem_version: int | None  # set when the idempotency key asked about was used before


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: int  # APPLIED, DUPLICATE, STALE or MISSING
    version: int


class GameStore:
    def __init__(
        self, redis: aioredis.Redis, retention_seconds: int, idempotency_seconds: int
    ) -> None:
        # Replies are bytes (the client is made without decode_responses), which redis-py's
        # type hints (bytes | str for every reply) cannot say: the store reads them untyped.
        self.redis: Any = redis
        self.retention_seconds = retention_seconds
        self.idempotency_seconds = idempotency_seconds
        self._create = redis.register_script(_CREATE)
        self._commit_sha = hashlib.sha1(_COMMIT.encode()).hexdigest()
        kwargs = redis.connection_pool.connection_kwargs
        # The answer path (load, commit) goes through one auto-pipelined connection.
        self._pipe = RedisPipe(kwargs) if RedisPipe.supports(kwargs) else None
        self._commit_script = redis.register_script(_COMMIT)

    async def close(self) -> None:
        if self._pipe is not None:
            await self._pipe.close()

    # --- writing -------------------------------------------------------------------------------
    @_storage
    async def create(
        self,
        game_id: str,
        meta: bytes,
        state: bytes,
        event: bytes,
        summary: Summary,
        token_digests: list[str],
        index_member: str,
    ) -> bool:
        created = await self._create(
            keys=[
                game_key(game_id, "game"),
                game_key(game_id, "state"),
                game_key(game_id, "events"),
            ],
            args=[
                meta,
                pack_state(1, state),
                event,
                summary.updated_ms,
                summary.generation,
                summary.phase,
                summary.waiting,
            ],
        )
        if not created:
            return False
        pipe = self.redis.pipeline(transaction=False)
        for digest in token_digests:
            pipe.set(token_key(digest), game_id)
        pipe.zadd(index_key(INDEX_ALL), {index_member: 0})
        pipe.zadd(index_key(summary.status), {index_member: 0})
        await pipe.execute()
        return True

    @_storage
    async def commit(
        self,
        game_id: str,
        expected_version: int,
        state: bytes,
        log_entry: bytes,
        event: bytes,
        summary: Summary,
        result: bytes | None,
        idempotency: tuple[int, str] | None,
    ) -> Outcome:
        """Write one answer if the game is still at `expected_version` (and, with an
        idempotency key, if that key was not used before): state, version, log, event and
        idempotency record at once, or nothing."""
        keys = [
            game_key(game_id, "game"),
            game_key(game_id, "state"),
            game_key(game_id, "log"),
            game_key(game_id, "events"),
        ]
        if idempotency is not None:
            keys.append(idem_key(game_id, *idempotency))
        args: list[Any] = [
            expected_version,
            pack_state(expected_version + 1, state),
            log_entry,
            event,
            summary.status,
            summary.generation,
            summary.phase,
            summary.waiting,
            summary.updated_ms,
            result or b"",
            self.retention_seconds,
            self.idempotency_seconds,
        ]
        if self._pipe is not None:
            kind, version = await self._pipe.evalsha(self._commit_sha, _COMMIT, keys, args)
        else:
            kind, version = await self._commit_script(keys=keys, args=args)
        return Outcome(int(kind), int(version))

    @_storage
    async def finish(self, index_member: str, token_digests: list[str]) -> None:
        """After the commit that ended a game: move it to the finished index, and let its
        tokens go with its hot state."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zrem(index_key(STATUS_ACTIVE), index_member)
        pipe.zadd(index_key(STATUS_FINISHED), {index_member: 0})
        if self.retention_seconds > 0:
            for digest in token_digests:
                pipe.expire(token_key(digest), self.retention_seconds)
        await pipe.execute()

    # --- reading -------------------------------------------------------------------------------
    @_storage
    async def meta(self, game_id: str) -> bytes | None:
        value: bytes | None = await self.redis.hget(game_key(game_id, "game"), "meta")
        return value

    @_storage
    async def load(self, game_id: str, idempotency: tuple[int, str] | None = None) -> Loaded:
        """The state with its version, and whether an idempotency key was used (one round trip)."""
        state_key = game_key(game_id, "state")
        seen = None
        if self._pipe is not None:
            if idempotency is None:
                value = await self._pipe.execute("GET", state_key)
            else:  # both go out in the same write: one round trip
                value, seen = await self._pipe.execute_many(
                    ("GET", state_key), ("GET", idem_key(game_id, *idempotency))
                )
        elif idempotency is None:
            value = await self.redis.get(state_key)
        else:
            pipe = self.redis.pipeline(transaction=False)
            pipe.get(state_key)
            pipe.get(idem_key(game_id, *idempotency))
            value, seen = await pipe.execute()
        idem_version = int(seen) if seen is not None else None
        if value is None:
            return Loaded(0, None, idem_version)
        version, raw = unpack_state(value)
        return Loaded(version, raw, idem_version)

    @_storage
    async def head(self, game_id: str, idempotency: tuple[int, str]) -> tuple[int, int | None]:
        """The current version and the version an idempotency key made, if it was used."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hget(game_key(game_id, "game"), "version")
        pipe.get(idem_key(game_id, *idempotency))
        version, seen = await pipe.execute()
        return int(version or 0), (int(seen) if seen is not None else None)

    @_storage
    async def summary(self, game_id: str) -> dict[str, bytes | None]:
        values = await self.redis.hmget(game_key(game_id, "game"), list(SUMMARY_FIELDS))
        return dict(zip(SUMMARY_FIELDS, values, strict=True))

    @_storage
    async def summaries(self, game_ids: list[str]) -> list[dict[str, bytes | None]]:
        pipe = self.redis.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hmget(game_key(game_id, "game"), list(SUMMARY_FIELDS))
        rows = await pipe.execute()
        return [dict(zip(SUMMARY_FIELDS, row, strict=True)) for row in rows]

    @_storage
    async def answers(self, game_id: str) -> list[bytes]:
        values: list[bytes] = await self.redis.lrange(game_key(game_id, "log"), 0, -1)
        return values

    @_storage
    async def log_snapshot(self, game_id: str) -> tuple[str, bytes | None, list[bytes]]:
        """Status, result and answer log, read together (a transaction: all at one version)."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.hmget(game_key(game_id, "game"), ["status", "result"])
        pipe.lrange(game_key(game_id, "log"), 0, -1)
        (status, result), answers = await pipe.execute()
        return (status or b"").decode(), result, answers

    @_storage
    async def answer_at(self, game_id: str, version: int) -> bytes | None:
        # Version 1 is the creation; the answer that made version v is entry v - 2.
        value: bytes | None = await self.redis.lindex(game_key(game_id, "log"), version - 2)
        return value

    @_storage
    async def events_after(self, game_id: str, version: int, count: int) -> list[tuple[int, bytes]]:
        entries = await self.redis.xrange(
            game_key(game_id, "events"), min=f"({version}-0", max="+", count=count
        )
        return _events(entries)

    @_storage
    async def token_game(self, digest: str) -> str | None:
        value: bytes | None = await self.redis.get(token_key(digest))
        return value.decode() if value is not None else None

    @_storage
    async def page(self, status: str, size: int, after: str | None) -> list[str]:
        """Index members, newest first, strictly after the member `after`."""
        upper = f"({after}" if after else "+"
        members = await self.redis.zrevrangebylex(index_key(status), upper, "-", start=0, num=size)
        return [m.decode() for m in members]

    @_storage
    async def drop_from_index(self, status: str, member: str) -> None:
        await self.redis.zrem(index_key(status), member)


@dataclass(frozen=True, slots=True)
class Head:
    version: int  # 0: no such game (any more)
    ended: bool  # no longer active (finished, or any end another status tells): no more events


@_storage
async def read_events(
    redis: Any, game_id: str, after: int, count: int
) -> tuple[list[tuple[int, bytes]], Head]:
    """Up to `count` stored events after version `after`, and the game's version and status at
    the same instant (one transaction: a version above the last entry means more to read, or
    older events the trimmed or expired stream no longer holds). Watchers read through a
    client of their own (`redis`), so that they never wait on the answer path's connections."""
    pipe = redis.pipeline(transaction=True)
    pipe.xrange(game_key(game_id, "events"), min=f"({after}-0", max="+", count=count)
    pipe.hmget(game_key(game_id, "game"), ["version", "status"])
    entries, (version, status) = await pipe.execute()
    return _events(entries), Head(int(version or 0), status not in (None, STATUS_ACTIVE.encode()))


def live_channel(game_id: str) -> str:
    """The channel the commit scripts publish the game's events on (named like its keys)."""
    return game_key(game_id, "live")


def _events(entries: list[Any]) -> list[tuple[int, bytes]]:
    out = []
    for entry_id, fields in entries:
        ident = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
        out.append((int(ident.split("-", 1)[0]), fields[b"e"]))
    return out
