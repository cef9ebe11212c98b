"""What a game tells its accounts' webhooks, decided where the game changes, and the outbox the
game service's workers deliver from (workers/webhooks.py sends them).

The game service owns which seat is whose (SeatMeta.account, fixed at creation); the accounts
service owns each account's webhook. Whoever commits a change to a game (the service answering
a player, the workers playing bots and timeouts, an abort) calls the `Notifier` right after the
commit. When a seat of an account has something to be told, the Notifier puts one delivery per
seat in the outbox, from a task of the event loop's own: the caller goes on at once (no HTTP,
no Redis round trip on its path; measured: `python -m olympus.bench webhooks`). The workers
send what is due every OLYMPUS_WEBHOOK_SWEEP_SECONDS.

What is told:

- "your_turn": a human seat of an account has a decision that appeared at this version (its
  `Table.since`), and it is not simply the rest of its own turn (the seat that answered is
  there: it is not told of its next decision), nor a seat the table plays now (resigned, handed
  to a bot). The first decisions of a new game count (version 1).
- "game_finished" (with the seat's placement and score) / "game_aborted": every seat of an
  account, once, at the version that ended the game.

Only seats with an account are looked at, and only accounts that have a webhook: `Presence`
keeps, per account, whether it has one (asked of the accounts service, GetWebhookTarget, in the
background), so the check on the answer path is a dict read. An account not known yet, or whose
answer is old, counts as having one (the delivery is made; the worker looks again and drops it);
only a fresh "no webhook" holds a delivery back. The service hears of every change at once (the
KEY_EVENT_KIND_WEBHOOK_CHANGED key event drops the account's entry) and keeps an answer
SERVICE_TTL_S; the workers, which do not follow the events, and the service while it does not
hear them, keep one WORKER_TTL_S at most.

The outbox, sharded like the timers (a Redis Cluster spreads it):

    olympus:games:webhooks:{w<n>}        sorted set: delivery id -> when it is due (ms)
    olympus:games:webhooks:{w<n>}:<id>   string: the delivery (JSON), kept RECORD_TTL_S from
                                         its making, after it was delivered or given up too

A delivery's id is derived from (game, version, seat, kind) and it is made with SET NX: an event
told twice (a commit retried, two processes) makes one delivery. An event whose outbox write
fails (Redis out of reach just then) is logged and not told.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

import grpc
import orjson

from olympus.engine import Game
from olympus.platform.identity import service_metadata
from olympus.platform.keycheck import (
    ACCOUNT_DISABLED,
    ACCOUNT_ENABLED,
    WEBHOOK_CHANGED,
    KeyEventData,
    KeyService,
)
from olympus.platform.storage import storage_calls

from .clocks import bot_played
from .keys import PREFIX
from .meta import GameMeta
from .store import GameStore
from .table import Table

log = logging.getLogger("olympus.gamestate.webhooks")

YOUR_TURN = "your_turn"
GAME_FINISHED = "game_finished"
GAME_ABORTED = "game_aborted"
KINDS = (YOUR_TURN, GAME_FINISHED, GAME_ABORTED)

SERVICE_TTL_S = 60.0  # the service hears of changes (key events): a long time is safe
WORKER_TTL_S = 10.0  # the workers do not: a webhook set now is seen within this
FAILED_TTL_S = 2.0  # the accounts service did not answer: count it as having one, this long
MAX_KNOWN = 100_000
ASK_TIMEOUT_S = 2.0

SHARDS = 8
RECORD_TTL_S = 2 * 24 * 3600
MAX_WRITING = 10_000  # outbox writes in flight per process; beyond, events are not told
_OUTBOX = f"{PREFIX}:games:webhooks"

_storage = storage_calls("game", "olympus.gamestate.webhooks", prefix="webhooks_")

_MAKE = """
-- KEYS: the shard's schedule, the delivery's record; ARGV: id, record, due ms, ttl s
-- Made once: a record that exists (pending, delivered or given up) is never made again.
if redis.call('SET', KEYS[2], ARGV[2], 'NX', 'EX', ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  return 1
end
return 0
"""

_CLAIM = """
-- KEYS: the shard's schedule; ARGV: now ms, lease until ms, how many
-- The deliveries due now, each pushed to the lease's end: one worker gets each, and if it
-- dies before it is done, the delivery is due again when the lease ends.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], member) end
return due
"""

_SETTLE = """
-- KEYS: the shard's schedule, the delivery's record; ARGV: id, record, due ms ("": done)
-- The record as it is now (its time to live kept), and the delivery due again or done.
redis.call('SET', KEYS[2], ARGV[2], 'XX', 'KEEPTTL')
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], 'XX', ARGV[3], ARGV[1])
end
return 1
"""


def delivery_id(game_id: str, version: int, seat: int, kind: str) -> str:
    """The same for every try of one event's delivery to one seat (X-Olympus-Delivery)."""
    return hashlib.sha256(f"{game_id}:{version}:{seat}:{kind}".encode()).hexdigest()[:32]


def shard_of(delivery: str) -> int:
    return int(delivery[:4], 16) % SHARDS


def schedule_key(shard: int) -> str:
    return f"{_OUTBOX}:{{w{shard}}}"


def record_key(delivery: str) -> str:
    return f"{schedule_key(shard_of(delivery))}:{delivery}"


def rfc3339(ms: int) -> str:
    moment = datetime.fromtimestamp(ms / 1000, UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def seat_result(result: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The seat's placement (1: first; equal score and M€ share one), score and whether it won,
    from an engine result."""
    scores = {s["seat"]: s for s in result.get("scores", ())}
    mine = scores.get(seat)
    if mine is None:
        return None
    key = (mine["total"], mine["megacredits"])
    better = sum(1 for s in scores.values() if (s["total"], s["megacredits"]) > key)
    return {
        "placement": better + 1,
        "score": mine["total"],
        "winner": seat in result.get("winners", ()),
        "players": len(scores),
        "generation": result.get("generation", 0),
    }


@dataclass
class Delivery:
    """One event told to one seat's account, as stored (JSON) between tries."""

    id: str
    kind: str
    account: str
    game_id: str
    seat: int
    version: int
    at_ms: int  # when the event happened
    body: str  # made once: the same bytes for every try
    tries: int = 0
    state: str = "pending"  # pending, delivered, failed, dropped

    @classmethod
    def new(
        cls,
        game_id: str,
        version: int,
        kind: str,
        seat: int,
        account: str,
        at_ms: int,
        result: dict[str, Any] | None = None,
    ) -> Delivery:
        ident = delivery_id(game_id, version, seat, kind)
        body: dict[str, Any] = {
            "id": ident,
            "kind": kind,
            "game_id": game_id,
            "seat": seat,
            "version": version,
            "account_id": account,
            "time": rfc3339(at_ms),
        }
        if result is not None:
            mine = seat_result(result, seat)
            if mine is not None:
                body["result"] = mine
        return cls(ident, kind, account, game_id, seat, version, at_ms, orjson.dumps(body).decode())

    def to_json(self) -> bytes:
        return orjson.dumps(asdict(self))

    @classmethod
    def from_json(cls, raw: bytes) -> Delivery:
        return cls(**orjson.loads(raw))


class Outbox:
    """The deliveries waiting to be sent, and their state (see the module's doc)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.redis: Any = store.redis
        self._make = store.redis.register_script(_MAKE)
        self._claim = store.redis.register_script(_CLAIM)
        self._settle = store.redis.register_script(_SETTLE)

    @_storage
    async def make(self, deliveries: list[Delivery], due_ms: int) -> int:
        """Store new deliveries due at `due_ms`; how many were new. (On the answer path's
        connection: this is what an answer that tells something costs the service.)"""
        made = 0
        for d in deliveries:
            keys = [schedule_key(shard_of(d.id)), record_key(d.id)]
            args = [d.id, d.to_json(), due_ms, RECORD_TTL_S]
            made += int(await self.store.run_script(self._make, keys, args))
        return made

    @_storage
    async def claim(self, shard: int, now_ms: int, lease_ms: int, count: int) -> list[str]:
        """Up to `count` deliveries of the shard due by `now_ms`, claimed for `lease_ms`."""
        members = await self._claim(
            keys=[schedule_key(shard)], args=[now_ms, now_ms + lease_ms, count]
        )
        return [m.decode() for m in members]

    @_storage
    async def records(self, idents: list[str]) -> list[Delivery | None]:
        pipe = self.redis.pipeline(transaction=False)
        for ident in idents:
            pipe.get(record_key(ident))
        return [None if raw is None else Delivery.from_json(raw) for raw in await pipe.execute()]

    @_storage
    async def settle(self, delivery: Delivery, due_ms: int | None) -> None:
        """Store the delivery as it is now: due again at `due_ms`, or done (None)."""
        await self._settle(
            keys=[schedule_key(shard_of(delivery.id)), record_key(delivery.id)],
            args=[delivery.id, delivery.to_json(), "" if due_ms is None else due_ms],
        )

    @_storage
    async def forget(self, ident: str) -> None:
        """A due delivery whose record is gone (expired: long given up)."""
        await self.redis.zrem(schedule_key(shard_of(ident)), ident)


class Presence:
    """Which accounts have a webhook, as the accounts service last said (see the module's doc).
    `ask(account)` answers whether it has one (True, False, or None: no such account)."""

    def __init__(
        self,
        ask: Callable[[str], Awaitable[bool | None]],
        ttl_s: float = SERVICE_TTL_S,
        heard: Callable[[], bool] | None = None,
    ) -> None:
        self._ask = ask
        self.ttl_s = ttl_s
        # Whether the key events reach this process now: while they do not, a change would
        # not be heard, and answers are kept WORKER_TTL_S at most.
        self._heard = heard
        self._known: OrderedDict[str, tuple[bool, float]] = OrderedDict()
        self._asking: dict[str, asyncio.Task[None]] = {}

    def wants(self, account: str) -> bool:
        """Whether to make a delivery for the account: False only when it is known, lately, to
        have no webhook. Never waits; an unknown account is asked in the background."""
        known = self._known.get(account)
        if known is not None and known[1] > time.monotonic():
            return known[0]
        self._refresh(account)
        return True

    def forget(self, account: str) -> None:
        self._known.pop(account, None)

    async def on_key_event(self, event: KeyEventData) -> None:
        if event.kind in (WEBHOOK_CHANGED, ACCOUNT_DISABLED, ACCOUNT_ENABLED):
            self.forget(event.account_id)

    def _refresh(self, account: str) -> None:
        if account in self._asking:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside a loop: nothing to ask with
            return
        task = loop.create_task(self._fetch(account))
        self._asking[account] = task
        task.add_done_callback(lambda _: self._asking.pop(account, None))

    async def _fetch(self, account: str) -> None:
        try:
            has = await self._ask(account)
            ttl = self.ttl_s
            if self._heard is not None and not self._heard():
                ttl = min(ttl, WORKER_TTL_S)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the accounts service is away: deliver, and ask again soon
            log.debug("webhook presence of %s unknown: %s", account, exc)
            has, ttl = True, FAILED_TTL_S
        self._known[account] = (bool(has), time.monotonic() + ttl)
        self._known.move_to_end(account)
        while len(self._known) > MAX_KNOWN:
            self._known.popitem(last=False)

    async def close(self) -> None:
        for task in list(self._asking.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


def remote_presence(
    channel: grpc.aio.Channel,
    service_key: str,
    ttl_s: float,
    heard: Callable[[], bool] | None = None,
) -> Presence:
    """A Presence asking the accounts service on `channel` with the service credential."""
    from olympus.v1 import accounts_pb2, accounts_pb2_grpc

    stub = accounts_pb2_grpc.AccountServiceStub(channel)  # type: ignore[no-untyped-call]

    async def ask(account: str) -> bool | None:
        try:
            reply = await stub.GetWebhookTarget(
                accounts_pb2.GetWebhookTargetRequest(account_id=account),
                metadata=service_metadata(service_key),
                timeout=ASK_TIMEOUT_S,
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() in (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT):
                return None  # no such account: nothing to tell it
            raise
        return bool(reply.configured)

    return Presence(ask, ttl_s, heard)


def service_presence(keys: KeyService) -> Presence | None:
    """The game service's Presence, on the channel it checks keys on (None without a service
    credential: the workers could read no webhook, so nothing is made)."""
    if not keys.service_key or keys.channel is None:
        return None
    auth = keys.auth
    return remote_presence(
        keys.channel, keys.service_key, SERVICE_TTL_S, lambda: auth.heard(time.monotonic())
    )


class Notifier:
    """Called by whoever commits a change to a game (core.Games, ending.Ending)."""

    def __init__(self, outbox: Outbox, presence: Presence | None = None) -> None:
        self.outbox = outbox
        self.presence = presence
        self._writing: set[asyncio.Task[None]] = set()
        self._skipped = 0

    def _wants(self, account: str) -> bool:
        return self.presence is None or self.presence.wants(account)

    def committed(
        self,
        meta: GameMeta,
        version: int,
        table: Table,
        game: Game,
        actor: int | None,
        at_ms: int,
    ) -> None:
        """After the commit that made `version`. `actor`: the seat whose own answer (or undo,
        or resignation) it was; None for the table's (a bot's, a timeout's, the game's start)."""
        if not any(s.account for s in meta.seats):  # most games: nothing to look at
            return
        if game.is_over:
            self.ended(meta, version, GAME_FINISHED, at_ms, game.result())
            return
        waiting = set(game.waiting_for())
        played = bot_played(meta, table)
        seats = [
            s
            for s in meta.seats
            if s.account
            and not s.is_bot
            and s.seat in waiting
            and s.seat != actor
            and s.seat not in played
            and table.since[s.seat] == version
            and self._wants(s.account)
        ]
        self._write(
            [
                Delivery.new(meta.game_id, version, YOUR_TURN, s.seat, s.account, at_ms)
                for s in seats
            ]
        )

    def ended(
        self,
        meta: GameMeta,
        version: int,
        kind: str,
        at_ms: int,
        result: dict[str, Any] | None = None,
    ) -> None:
        """The game ended at `version` (GAME_FINISHED, with the engine's result, or
        GAME_ABORTED)."""
        self._write(
            [
                Delivery.new(meta.game_id, version, kind, s.seat, s.account, at_ms, result)
                for s in meta.seats
                if s.account and self._wants(s.account)
            ]
        )

    def _write(self, deliveries: list[Delivery]) -> None:
        """Into the outbox from a task of the loop's own: the caller does not wait for it."""
        if not deliveries:
            return
        if len(self._writing) >= MAX_WRITING:  # Redis far behind: do not pile up memory
            self._skipped += 1
            if self._skipped % 1000 == 1:
                log.warning("webhook outbox behind: %d events not told", self._skipped)
            return
        task = asyncio.get_running_loop().create_task(self._made(deliveries))
        self._writing.add(task)
        task.add_done_callback(self._writing.discard)

    async def _made(self, deliveries: list[Delivery]) -> None:
        try:
            await self.outbox.make(deliveries, int(time.time() * 1000))
        except Exception as exc:
            log.warning(
                "a webhook event could not be stored (%s): not told",
                type(exc).__name__,
                extra={"game_id": deliveries[0].game_id},
            )

    async def drain(self) -> None:
        """Wait for the outbox writes begun so far (a worker's task before it ends; a service
        that stops)."""
        while self._writing:
            await asyncio.gather(*list(self._writing), return_exceptions=True)
