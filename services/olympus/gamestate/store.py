"""The game store: every game in Redis, every change one compare-and-set.

Its keys, what each holds and how they are named: keys.py.

Timers: every write that leaves something to do (a bot-played seat waiting, a clock running)
lowers the game's timer to that moment (ZADD LT) just before its commit, in the same write on
the same connection, so no commit lands without a timer at or before its deadline even if the
process dies right after; and once more after the commit, which undoes a worker's reschedule
computed from the version before it (see `reschedule`). A timer too early costs one look at
the game; the sweep claims due timers for a lease (TIMER_LEASE_MS) so a lost task is retried.

The version lives both in the hash (what the scripts compare) and in front of the state bytes,
so that a state is always read with its version. A load names the state its caller holds (its
version and `updated` ms: scripts.LOAD) and gets the state only when the stored one is another,
with the idempotency record asked about in the same script. An idempotency record holds the
version its answer made and a digest of the request (answer and expected version): a repeated
key with the same request gets its first result rebuilt from that version's event and log
entry, with another request a refusal. Only a game's last IDEMPOTENCY_RECORDS keys are kept (and
none once no keyed answer came for --idempotency-seconds): an older key is a new answer again,
which its stale expected version then refuses. The answer path (load, commit) goes through
`pipe.RedisPipe`, everything else through redis-py.

A game's memory stays bounded whatever its length (about 15 KB for a 3-player game, see
`bench/memory.py`): the event stream keeps its last events, the answer log is packed LOG_CHUNK
answers at a time (about 3 to 1), the idempotency records are capped. A finished or aborted
game is kept whole for the retention, then the sweeper deletes it (`schedules.py`: first from
every index and its tokens, then all of its keys at once, so an index never lists a game that
is gone). The value types and the log's stored form are in `records.py`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
import zlib
from typing import Any

import redis.asyncio as aioredis

from olympus.platform.redis_pool import is_cluster
from olympus.platform.redis_together import Together
from olympus.platform.storage import storage_calls

from .cluster_pipe import ClusterPipe
from .durability import NO_WAIT, Durability, NotReplicated
from .keys import (
    GAME_PARTS as GAME_PARTS,
    PREFIX as PREFIX,
    TIMER_SHARDS as TIMER_SHARDS,
    game_key as game_key,
    idem_field as idem_field,
    index_key as index_key,
    live_channel as live_channel,
    member_game as member_game,
    pack_state as pack_state,
    short_digest as short_digest,
    timer_key as timer_key,
    timer_shard as timer_shard,
    token_key as token_key,
    unpack_state as unpack_state,
)
from .pipe import PipeError, RedisPipe
from .records import (
    CHUNK_MARK,
    Head,
    Keyed,
    Loaded,
    LogRecord,
    Outcome,
    Seen,
    StreamHead,
    Summary,
    unpack_log,
)
from .scripts import ABORT, CLAIM, COMMIT, CONFIRM, CREATE, LOAD, PACK, RECORD_RATINGS

STATUS_ACTIVE = "active"
STATUS_FINISHED = "finished"
STATUS_ABORTED = "aborted"
ENDED = frozenset({STATUS_FINISHED, STATUS_ABORTED})
INDEX_ALL = "all"
INDEXES = (INDEX_ALL, STATUS_ACTIVE, STATUS_FINISHED, STATUS_ABORTED)
ACTIVITY = "activity"
EXPIRY = "expiry"
SCHEDULED = "scheduled"  # a flag: every game written before the schedules existed is on them

# A game's stream keeps its last EVENTS_KEPT to 2 * EVENTS_KEPT - 1 events (older ones are
# rebuilt from the answer log). Trimming a stream only marks entries deleted: their memory goes
# when a whole node (a 4 KB block, allocated whole) goes. So when the stream reaches twice the
# number kept, the commit rewrites it with its last EVENTS_KEPT entries, same ids: one node,
# about 4.7 KB, where trimming by MAXLEN holds two, twice that.
EVENTS_KEPT = 16
LOG_CHUNK = 64  # answers per packed log entry
IDEMPOTENCY_RECORDS = 32  # idempotency keys remembered per game
# With no inactivity limit, how often an active game is still looked at (to finish the
# bookkeeping of a game whose process died right after its last commit).
RECHECK_MS = 24 * 3600 * 1000

# Defaults of the service's --retention-seconds, --idempotency-seconds, --inactivity-seconds
# (the workers, which write to games too, read the same settings).
DEFAULT_RETENTION_S = 7 * 24 * 3600
DEFAULT_IDEMPOTENCY_S = 24 * 3600
DEFAULT_INACTIVITY_S = 7 * 24 * 3600
# A game created without an API key (the anonymous policy) is kept this long once it ends.
DEFAULT_ANONYMOUS_RETENTION_S = 24 * 3600

# A claimed timer comes due again after this long unless its worker rescheduled it: a task
# lost with its worker is retried.
TIMER_LEASE_MS = 30_000

# Outcomes of a commit or an abort.
APPLIED = 1
DUPLICATE = 2  # the idempotency key was used before, for this request: `version` it made
STALE = 3  # the game is at another version: `version` is the current one
MISSING = 4  # no such game
REUSED = 5  # the idempotency key was used before for another request: `version` it made
OVER = 6  # the game is finished or aborted: `version` is its last one
BUSY = 7  # (inactivity abort) the game changed since the time the abort was for

# Outcomes of a create.
TAKEN = 0  # the game id is another game's
CREATED = 1
SAME_REQUEST = 2  # the game of this request id exists, made by the same request

_log = logging.getLogger("olympus.gamestate.store")
_storage = storage_calls("game", "olympus.gamestate.store")


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
    "ratings",  # JSON {seat: rating change}, once the scoring service rated the game
)


class GameStore:
    def __init__(
        self,
        redis: aioredis.Redis,
        retention_seconds: int,
        idempotency_seconds: int,
        inactivity_seconds: int = 0,
        durability: Durability = NO_WAIT,
        anonymous_retention_seconds: int = DEFAULT_ANONYMOUS_RETENTION_S,
    ) -> None:
        # Replies are bytes (the client is made without decode_responses), which redis-py's
        # type hints (bytes | str for every reply) cannot say: the store reads them untyped.
        self.redis: Any = redis
        self.retention_seconds = retention_seconds
        self.anonymous_retention_seconds = anonymous_retention_seconds
        self.idempotency_seconds = idempotency_seconds
        self.inactivity_seconds = inactivity_seconds
        self.durability = durability
        self._create = redis.register_script(CREATE)
        self._commit_sha = hashlib.sha1(COMMIT.encode()).hexdigest()
        # The answer path (load, commit) goes through one auto-pipelined connection (per
        # master on a cluster).
        self._pipe: RedisPipe | ClusterPipe | None
        if is_cluster(redis):
            cluster: Any = redis
            if not RedisPipe.supports({**cluster.nodes_manager.connection_kwargs, "host": ""}):
                raise ValueError("the game store on Redis Cluster needs plain TCP (no TLS)")
            self._pipe = ClusterPipe(cluster)
        else:
            kwargs = redis.connection_pool.connection_kwargs
            self._pipe = RedisPipe(kwargs) if RedisPipe.supports(kwargs) else None
        if durability.replicas and self._pipe is None and is_cluster(redis):
            raise ValueError("WAIT for replicas needs plain TCP")
        self._commit_script = redis.register_script(COMMIT)
        self._load = redis.register_script(LOAD)
        self._load_sha = self._load.sha
        self._abort = redis.register_script(ABORT)
        self._pack = redis.register_script(PACK)
        self._record_ratings = redis.register_script(RECORD_RATINGS)
        self._claim = redis.register_script(CLAIM)
        self._confirm = redis.register_script(CONFIRM)
        self._together = Together(redis)
        self._posted: set[asyncio.Future[Any]] = set()

    async def close(self) -> None:
        if self._pipe is not None:
            await self._pipe.close()

    def retention_for(self, anonymous: bool) -> int:
        """Seconds an ended game is kept (0: forever): the anonymous retention for a game
        created without a key, when it is shorter."""
        if anonymous and self.anonymous_retention_seconds > 0:
            if self.retention_seconds <= 0:
                return self.anonymous_retention_seconds
            return min(self.retention_seconds, self.anonymous_retention_seconds)
        return self.retention_seconds

    def next_check_ms(self, updated_ms: int) -> int:
        """When the sweeper should look at an active game last changed at `updated_ms`."""
        if self.inactivity_seconds > 0:
            return updated_ms + self.inactivity_seconds * 1000
        return updated_ms + RECHECK_MS

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
        fingerprint: str = "",
    ) -> int:
        """CREATED, TAKEN, or SAME_REQUEST (with a request `fingerprint`: its game exists)."""
        outcome = await self.write(
            self._create,
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
                fingerprint,
            ],
        )
        if outcome != CREATED:
            return int(outcome)
        await self._index_new(game_id, token_digests, index_member, summary.updated_ms)
        return CREATED

    async def _index_new(
        self, game_id: str, token_digests: list[str], index_member: str, created_ms: int
    ) -> None:
        """A new game's entries outside its slot: its tokens, its indexes (NX: a repeat never
        moves a game's next inactivity check)."""
        pipe = self.redis.pipeline(transaction=False)
        for digest in token_digests:
            pipe.set(token_key(digest), game_id)
        pipe.zadd(index_key(ACTIVITY), {index_member: self.next_check_ms(created_ms)}, nx=True)
        pipe.zadd(index_key(INDEX_ALL), {index_member: 0})
        pipe.zadd(index_key(STATUS_ACTIVE), {index_member: 0})
        await pipe.execute()

    @_storage
    async def requested(self, game_id: str) -> tuple[str, int, str] | None:
        """(request fingerprint, version, status) of a game, None when there is none."""
        fp, version, status = await self.redis.hmget(
            game_key(game_id, "game"), ["request", "version", "status"]
        )
        if version is None:
            return None
        return (fp or b"").decode(), int(version), (status or b"").decode()

    @_storage
    async def reindex(
        self, game_id: str, token_digests: list[str], index_member: str, created_ms: int
    ) -> None:
        """For a repeated request whose game is active: write again what a process that died
        right after the create script could have left unwritten (idempotent)."""
        await self._index_new(game_id, token_digests, index_member, created_ms)

    @_storage
    async def token_games(self, digests: list[str]) -> list[str | None]:
        """The game each token hash belongs to (None: no game)."""
        pipe = self.redis.pipeline(transaction=False)
        for digest in digests:
            pipe.get(token_key(digest))
        return [v.decode() if v is not None else None for v in await pipe.execute()]

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
        idempotency: Keyed | None,
        due_ms: int | None = None,
    ) -> Outcome:
        """Write one answer if the game is still active at `expected_version` (and, with an
        idempotency key, if that key was not used before): state, version, log, event and
        idempotency record at once, or nothing. `due_ms`: when the workers must act on the new
        state (the game's timer is lowered to it before and after the commit)."""
        keys = [
            game_key(game_id, "game"),
            game_key(game_id, "state"),
            game_key(game_id, "log"),
            game_key(game_id, "events"),
        ]
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
            EVENTS_KEPT,
        ]
        if idempotency is not None:
            keys += [game_key(game_id, "idem"), game_key(game_id, "idemring")]
            args += [
                idempotency.field,
                idempotency.digest,
                IDEMPOTENCY_RECORDS,
                self.idempotency_seconds,
            ]
        timer = None if due_ms is None else ("ZADD", timer_key(game_id), "LT", due_ms, game_id)
        if self._pipe is not None:
            kind, version = await self._write_piped(COMMIT, self._commit_sha, keys, args, timer)
            if timer is not None and kind == APPLIED:
                # Nobody waits for it: it goes out with the next write on the connection.
                posted = asyncio.ensure_future(self._pipe.execute(*timer))
                self._posted.add(posted)
                posted.add_done_callback(self._posted_done)
        else:
            if timer is not None:
                await self.redis.execute_command(*timer)
            kind, version = await self.write(self._commit_script, keys, args)
            if timer is not None and kind == APPLIED:
                await self.redis.execute_command(*timer)
        return Outcome(int(kind), int(version))

    @_storage
    async def confirm(self, game_id: str) -> None:
        """Under WAIT, return only once the replicas hold everything written to the game so
        far (NotReplicated otherwise): for a repeat, acknowledged like its first try."""
        if self.durability.replicas:
            await self.write(self._confirm, keys=[game_key(game_id, "game")], args=[])

    async def write(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """Run a writing script of the game's keys, then WAIT for the replicas `durability`
        asks for (on the same connection, so that WAIT counts this write). The script answers
        1, or a list whose first element is 1, when it wrote (what the replicas are checked
        for); any other answer wrote nothing. Also for the game service's other writes that
        must be as durable as a game's (open_tables.py's TakeSeat)."""
        if self._pipe is not None:
            return await self._write_piped(script.script, script.sha, keys, args, None)
        if not self.durability.replicas:
            return await script(keys=keys, args=args)
        pipe = self.redis.pipeline(transaction=False)  # one connection: the script, then WAIT
        await script(keys=keys, args=args, client=pipe)
        pipe.execute_command(*self.durability.command())
        reply, replicas = await pipe.execute()
        self._check_replicas(reply, replicas)
        return reply

    async def _write_piped(
        self, script: str, sha: str, keys: list[str], args: list[Any], timer: tuple[Any, ...] | None
    ) -> Any:
        assert self._pipe is not None
        wait = [self.durability.command()] if self.durability.replicas else []
        extra_s = self.durability.timeout_ms / 1000 if wait else 0.0
        call = ("EVALSHA", sha, len(keys), *keys, *args)
        try:
            replies = await self._pipe.execute_many(
                *([timer] if timer else []), call, *wait, extra_s=extra_s
            )
        except PipeError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
            replies = await self._pipe.execute_many(
                ("SCRIPT", "LOAD", script), call, *wait, extra_s=extra_s
            )
        reply = replies[-1 - len(wait)]
        if wait:
            self._check_replicas(reply, replies[-1])
        return reply

    def _check_replicas(self, reply: Any, replicas: int) -> None:
        # CREATED, or a confirm that rewrote the game (1); a commit's APPLIED
        wrote = reply == CREATED if isinstance(reply, int) else int(reply[0]) == APPLIED
        if wrote and replicas < self.durability.replicas:
            raise NotReplicated(
                f"the write reached {replicas} of {self.durability.replicas} replicas in time"
            )

    async def run_script(self, script: Any, keys: list[str], args: list[Any]) -> Any:
        """A writing script of another part of the game service (the webhook outbox), on the
        answer path's pipelined connection when there is one: it goes out in one write with
        the answers of the same loop turn (through redis-py it costs several times as much)."""
        if self._pipe is not None:
            return await self._pipe.evalsha(script.sha, script.script, keys, args)
        return await script(keys=keys, args=args)

    def _posted_done(self, future: asyncio.Future[Any]) -> None:
        self._posted.discard(future)
        if not future.cancelled() and future.exception() is not None:
            # A lost timer write only delays a worker's look at the game to the timer set
            # before the commit: worth a log line, not a failure.
            _log.warning("timer write failed: %s", future.exception())

    # --- timers --------------------------------------------------------------------------------
    @_storage
    async def claim_timers(self, shard: str, now_ms: int, limit: int) -> list[str]:
        """Games whose timer in `shard` is due, each claimed for TIMER_LEASE_MS."""
        due = await self._claim(keys=[shard], args=[now_ms, now_ms + TIMER_LEASE_MS, limit])
        return [g.decode() for g in due]

    @_storage
    async def lower_timer(self, game_id: str, due_ms: int) -> None:
        """Make the game's timer due at `due_ms` at the latest."""
        await self.redis.zadd(timer_key(game_id), {game_id: due_ms}, lt=True)

    @_storage
    async def reschedule(self, game_id: str, due_ms: int | None, version: int) -> None:
        """Set a game's timer from its state at `version` (None: nothing will be due). If the
        game moved on meanwhile, its writer lowered the timer before committing, which this
        may just have overwritten: then the timer is made due at once, to look again."""
        key = timer_key(game_id)
        if due_ms is None:
            await self.redis.zrem(key, game_id)
        else:
            await self.redis.zadd(key, {game_id: due_ms})
        current = await self.redis.hget(game_key(game_id, "game"), "version")
        if current is not None and int(current) != version:
            await self.redis.zadd(key, {game_id: int(time.time() * 1000)}, lt=True)

    @_storage
    async def abort(
        self,
        game_id: str,
        expected_version: int,
        event: bytes,
        reason: str,
        note: str,
        now_ms: int,
        idle_since_ms: int | None,
    ) -> Outcome:
        """End an active game at `expected_version` + 1 with its last event; with
        `idle_since_ms`, only if it has not changed since then (BUSY otherwise)."""
        kind, version = await self.write(
            self._abort,
            [
                game_key(game_id, "game"),
                game_key(game_id, "state"),
                game_key(game_id, "events"),
            ],
            [
                expected_version,
                event,
                reason,
                note,
                now_ms,
                EVENTS_KEPT,
                "" if idle_since_ms is None else idle_since_ms,
            ],
        )
        return Outcome(int(kind), int(version))

    @_storage
    async def pack_log(self, game_id: str) -> None:
        """Fold the oldest LOG_CHUNK plain answers of the log into one packed entry, while
        there are that many (another process doing the same meanwhile is harmless)."""
        game, plain, packed = (game_key(game_id, p) for p in ("game", "log", "logz"))
        while True:
            chunks, entries = await self._together(
                ("HGET", game, "packed"), ("LRANGE", plain, 0, LOG_CHUNK - 1)
            )
            if len(entries) < LOG_CHUNK:
                return
            chunk = CHUNK_MARK + zlib.compress(b"\n".join(entries), 9)
            done = await self._pack(
                keys=[game, plain, packed], args=[int(chunks or 0), chunk, LOG_CHUNK]
            )
            if not done:
                return

    # --- reading -------------------------------------------------------------------------------
    @_storage
    async def meta(self, game_id: str) -> bytes | None:
        value: bytes | None = await self.redis.hget(game_key(game_id, "game"), "meta")
        return value

    @_storage
    async def load(
        self,
        game_id: str,
        idempotency: Keyed | None = None,
        held_version: int = 0,
        held_updated: int = 0,
    ) -> Loaded:
        """The state with its version and the game's status, and what an idempotency key was
        used for (one round trip). With the version and `updated` ms of a state the caller
        holds: the state only if the stored one is another (`unchanged` otherwise)."""
        keys = [game_key(game_id, "game"), game_key(game_id, "state")]
        args: list[Any] = [held_version, held_updated]
        if idempotency is not None:
            keys.append(game_key(game_id, "idem"))
            args.append(idempotency.field)
        if self._pipe is not None:  # goes out with the loop turn's other commands
            replies = await self._pipe.evalsha(self._load_sha, LOAD, keys, args)
        else:
            replies = await self._load(keys=keys, args=args)
        version, status, updated, value, seen = replies
        status, seen = (status or b"").decode(), Seen.parse(seen)
        updated = int(updated or 0)
        if value is not None:  # the version in front of the state: read with it, consistent
            stored, raw = unpack_state(value)
            return Loaded(stored, raw, status, seen, updated)
        if version is not None and int(version) == held_version:
            return Loaded(held_version, None, status, seen, updated, unchanged=True)
        return Loaded(0, None, status, seen, updated)

    @_storage
    async def head(self, game_id: str, idempotency: Keyed) -> Head:
        """The current version and status, and what an idempotency key was used for."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.hmget(game_key(game_id, "game"), ["version", "status"])
        pipe.hget(game_key(game_id, "idem"), idempotency.field)
        (version, status), seen = await pipe.execute()
        return Head(int(version or 0), (status or b"").decode(), Seen.parse(seen))

    @_storage
    async def record_ratings(self, game_id: str, ratings: bytes) -> bool:
        """Keep the seats' rating changes with the game (a game deleted meanwhile gets none:
        its hash is not made again)."""
        done = await self._record_ratings(keys=[game_key(game_id, "game")], args=[ratings])
        return int(done) >= 0

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
    async def log_snapshot(self, game_id: str) -> LogRecord:
        """The answer log with status, version, result and abort reason, read together (one
        atomic read: all at one version)."""
        (status, version, result, reason, note), chunks, tail = await self._together(
            ("HMGET", game_key(game_id, "game"), "status", "version", "result", "reason", "note"),
            ("LRANGE", game_key(game_id, "logz"), 0, -1),
            ("LRANGE", game_key(game_id, "log"), 0, -1),
        )
        return LogRecord(
            status=(status or b"").decode(),
            version=int(version or 0),
            result=result,
            reason=(reason or b"").decode(),
            note=(note or b"").decode(),
            answers=unpack_log(chunks, tail),
        )

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


@_storage
async def read_events(
    together: Together, game_id: str, after: int, count: int
) -> tuple[list[tuple[int, bytes]], StreamHead]:
    """Up to `count` stored events after version `after`, and the game's version and status at
    the same instant (one atomic read: a version above the last entry means more to read, or
    older events the trimmed or expired stream no longer holds). Watchers read through a
    client of their own (`together` made on it), so that they never wait on the answer path's
    connections."""
    entries, (version, status) = await together(
        ("XRANGE", game_key(game_id, "events"), f"({after}-0", "+", "COUNT", count),
        ("HMGET", game_key(game_id, "game"), "version", "status"),
    )
    ended = status not in (None, STATUS_ACTIVE.encode())
    # raw entries: [id, [field, value, ...]]; an event has one field, "e"
    return _events([(ident, {b"e": fields[1]}) for ident, fields in entries]), StreamHead(
        int(version or 0), ended
    )


def _events(entries: list[Any]) -> list[tuple[int, bytes]]:
    out = []
    for entry_id, fields in entries:
        ident = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
        out.append((int(ident.split("-", 1)[0]), fields[b"e"]))
    return out
