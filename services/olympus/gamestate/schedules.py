"""The deployment-wide schedules of the game store, and what is done when something is due.

Two sorted sets, outside any game's slot (see `store` for the whole layout), each scored by a
time in ms:

- `activity`: active games, due when the sweeper should look at them (their last change + the
  inactivity limit). Commits do not touch it (no extra write per answer): the game's hash holds
  the true time of its last change, and the set only says when to look again.
- `expiry`: finished and aborted games, due when their retention ends (the anonymous
  retention for a game created without an API key; a rated game whose result the scoring
  service has not taken yet is kept until it has, see seating.py).

Several processes may work on the same sets: a due member is claimed by one of them for a lease
(`claim_due`) and comes back if that one dies before it is done; every step below can be
repeated.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from .grants import granted_digests
from .seating import RATED
from .store import (
    ACTIVITY,
    ENDED,
    EXPIRY,
    GAME_PARTS,
    INDEXES,
    SCHEDULED,
    STATUS_ABORTED,
    STATUS_ACTIVE,
    STATUS_FINISHED,
    GameStore,
    _storage,
    game_key,
    index_key,
    member_game,
    token_key,
)

_DELETE = """
-- KEYS: every key of one game (the hash first)
-- A running game is never deleted, whatever the schedule said.
if redis.call('HGET', KEYS[1], 'status') == 'active' then return 0 end
return redis.call('DEL', unpack(KEYS))
"""

_CLAIM = """
-- KEYS: a schedule (sorted set: member -> when it is due, ms)
-- ARGV: now ms, lease until ms, how many
-- The members due now, each pushed to the lease's end: one sweeper gets each, and if it dies
-- before it is done, the member is due again when the lease ends.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[2], member) end
return due
"""


def _in_an_hour() -> int:
    return int(time.time() * 1000) + 3_600_000


class Schedules:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.redis: Any = store.redis
        self._delete = store.redis.register_script(_DELETE)
        self._claim = store.redis.register_script(_CLAIM)

    @_storage
    async def ended(
        self, index_member: str, status: str, ended_ms: int, anonymous: bool = False
    ) -> None:
        """After the commit that finished or aborted a game: move it to its index and schedule
        its deletion. The activity entry goes last: while it is there, the sweeper comes back
        and does this again (the process may die half way)."""
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(index_key(status), {index_member: 0})
        retention = self.store.retention_for(anonymous)
        if retention > 0:
            pipe.zadd(index_key(EXPIRY), {index_member: ended_ms + retention * 1000})
        for other in ENDED | {STATUS_ACTIVE}:
            if other != status:
                pipe.zrem(index_key(other), index_member)
        pipe.zrem(index_key(ACTIVITY), index_member)
        await pipe.execute()

    @_storage
    async def delete(self, index_member: str) -> bool:
        """Delete a finished or aborted game for good: off every index first, then its tokens,
        then all of its keys at once. False if the game was still running (then nothing is
        deleted). Safe to repeat, and to run from several processes at once."""
        game_id = member_game(index_member)
        game = game_key(game_id, "game")
        status, meta = await self.redis.hmget(game, ["status", "meta"])
        if status == STATUS_ACTIVE.encode():
            await self.redis.zrem(index_key(EXPIRY), index_member)
            return False
        if await self.redis.zscore(RATED, game_id) is not None:
            # Its result is still to reach the scoring service: kept until it has.
            await self.redis.zadd(index_key(EXPIRY), {index_member: _in_an_hour()}, xx=True)
            return False
        pipe = self.redis.pipeline(transaction=False)
        for name in (*INDEXES, ACTIVITY):
            pipe.zrem(index_key(name), index_member)
        if meta is not None:
            for digest in orjson.loads(meta)["tokens"]:
                pipe.delete(token_key(digest))
        for digest in await granted_digests(self.redis, game_id):
            pipe.delete(token_key(digest))
        await pipe.execute()
        deleted = await self._delete(keys=[game_key(game_id, part) for part in GAME_PARTS])
        await self.redis.zrem(index_key(EXPIRY), index_member)
        return bool(deleted) or meta is None

    @_storage
    async def adopt(self, now_ms: int) -> bool:
        """Put the games written before the schedules existed (an upgrade) on them: active
        games in `activity`, due now, ended ones in `expiry`. A game already there keeps its
        time. Done once per deployment: False when it was done before."""
        if await self.redis.exists(index_key(SCHEDULED)):
            return False
        plan = [(STATUS_ACTIVE, ACTIVITY, now_ms)]
        if self.store.retention_seconds > 0:
            ends = now_ms + self.store.retention_seconds * 1000
            plan += [(STATUS_FINISHED, EXPIRY, ends), (STATUS_ABORTED, EXPIRY, ends)]
        for index, schedule, due in plan:
            batch: dict[bytes, int] = {}
            async for member, _ in self.redis.zscan_iter(index_key(index), count=1000):
                batch[member] = due
                if len(batch) == 1000:
                    await self.redis.zadd(index_key(schedule), batch, nx=True)
                    batch = {}
            if batch:
                await self.redis.zadd(index_key(schedule), batch, nx=True)
        await self.redis.set(index_key(SCHEDULED), 1)
        return True

    @_storage
    async def claim_due(self, schedule: str, now_ms: int, lease_ms: int, count: int) -> list[str]:
        """Members of a schedule (ACTIVITY or EXPIRY) due by `now_ms`, claimed for `lease_ms`."""
        members = await self._claim(
            keys=[index_key(schedule)], args=[now_ms, now_ms + lease_ms, count]
        )
        return [m.decode() for m in members]

    @_storage
    async def reschedule(self, schedule: str, member: str, due_ms: int) -> None:
        await self.redis.zadd(index_key(schedule), {member: due_ms}, xx=True)
