"""Challenges in Redis: a proposed table, the answers of the accounts it names, and its game.

    olympus:mm:ch:{c:<challenge id>}         hash: data (the table's JSON, fixed at creation:
                                             challenger, seats in seat order, format, rated
                                             queue, created, expires, request), status,
                                             need (answers still pending), ans:<account> for
                                             each invited account (pending, accepted,
                                             declined), game_id, closed, declined_by, reason
    olympus:mm:acct:{a:<account>}:challenges zset: the account's last ACCOUNT_CHALLENGES
                                             challenge ids (made or received) -> created ms

Every change of a challenge is one Lua script on its own slot (ANSWER, CREATED, FAILED), so
two answers at once are applied one after the other: only the last acceptance moves the
challenge to `creating`, and a decline after it is refused. Statuses: pending -> creating ->
accepted (the game exists) or failed (the game service refused the table for good); pending
-> declined, cancelled, or expired (its time is over: written by the next script that looks,
and read as expired by everyone before that). A challenge is kept RETENTION_S after it closes.
The account lists are written before the challenge (they live on other slots): a listed id
whose challenge is missing is skipped, and forgotten once it is older than MAKING_MS (before
that, its challenge may be being written this moment: forgetting it then would hide the new
challenge from the account for good).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

import orjson
import redis.asyncio as aioredis

from .formats import Format
from .store import CHANGES, PREFIX, now_ms

ACCOUNT_CHALLENGES = 100  # challenges an account's list keeps
MAKING_MS = 60_000  # a listed challenge missing for longer than this was never made
RETENTION_S = 86_400  # a closed challenge stays readable this long

PENDING, CREATING, ACCEPTED, DECLINED, CANCELLED, EXPIRED, FAILED = (
    "pending",
    "creating",
    "accepted",
    "declined",
    "cancelled",
    "expired",
    "failed",
)
CLOSED = (DECLINED, CANCELLED, EXPIRED, FAILED)


def challenge_key(cid: str) -> str:
    return f"{PREFIX}:ch:{{c:{cid}}}"


def account_challenges_key(account: str) -> str:
    return f"{PREFIX}:acct:{{a:{account}}}:challenges"


def account_channel_message(account: str) -> str:
    """What CHANGES carries to wake an account's activity streams (ticket ids are hex)."""
    return f"account:{account}"


def new_challenge_id() -> str:
    return secrets.token_hex(8)


def requested_challenge_id(account: str, request_id: str) -> str:
    return hashlib.sha256(f"challenge\n{account}\n{request_id}".encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Seat:
    account: str = ""  # one of the two
    bot: str = ""
    name: str = ""


@dataclass(slots=True)
class ChallengeRow:
    challenge_id: str
    challenger: str
    challenger_name: str
    seats: list[Seat]
    format: Format
    rated_queue: str
    created_ms: int
    expires_ms: int
    request_hash: str = ""
    status: str = PENDING
    answers: dict[str, str] = field(default_factory=dict)
    game_id: str = ""
    closed_ms: int = 0
    declined_by: str = ""
    reason: str = ""

    def status_at(self, now: int) -> str:
        """Expired as soon as its time is over, whether or not a script wrote it yet."""
        if self.status == PENDING and now >= self.expires_ms:
            return EXPIRED
        return self.status

    def closed_at(self, now: int) -> int:
        if self.status == PENDING and now >= self.expires_ms:
            return self.expires_ms
        return self.closed_ms

    def names(self, account: str) -> bool:
        return account == self.challenger or account in self.answers

    def seat_of(self, account: str) -> int:
        for i, seat in enumerate(self.seats):
            if seat.account and seat.account == account:
                return i
        return -1

    def data(self) -> bytes:
        return orjson.dumps(
            {
                "challenger": self.challenger,
                "challenger_name": self.challenger_name,
                "seats": [[s.account, s.bot, s.name] for s in self.seats],
                "format": self.format.to_data(),
                "rated_queue": self.rated_queue,
                "created": self.created_ms,
                "expires": self.expires_ms,
                "request": self.request_hash,
            }
        )


def _row(cid: str, raw: dict[bytes, bytes]) -> ChallengeRow:
    data = orjson.loads(raw[b"data"])
    answers = {k[4:].decode(): v.decode() for k, v in raw.items() if k.startswith(b"ans:")}
    return ChallengeRow(
        challenge_id=cid,
        challenger=data["challenger"],
        challenger_name=data["challenger_name"],
        seats=[Seat(a, b, n) for a, b, n in data["seats"]],
        format=Format.from_data(data["format"]),
        rated_queue=data["rated_queue"],
        created_ms=int(data["created"]),
        expires_ms=int(data["expires"]),
        request_hash=data["request"],
        status=raw.get(b"status", b"").decode(),
        answers=answers,
        game_id=raw.get(b"game_id", b"").decode(),
        closed_ms=int(raw.get(b"closed", b"0")),
        declined_by=raw.get(b"declined_by", b"").decode(),
        reason=raw.get(b"reason", b"").decode(),
    )


# KEYS[1] the challenge; ARGV: op (accept, decline, cancel), account, now, reason, retention.
# Returns {outcome, status}: outcome "ok", "missing", "not_invited", "not_challenger", "closed".
_ANSWER = """
local k = KEYS[1]
local op, account, now = ARGV[1], ARGV[2], tonumber(ARGV[3])
local st = redis.call('HGET', k, 'status')
if not st then return {'missing', ''} end
local challenger = redis.call('HGET', k, 'challenger')
local mine = redis.call('HGET', k, 'ans:' .. account)
if op == 'cancel' then
  if challenger ~= account then return {'not_challenger', st} end
elseif not mine then
  return {'not_invited', st}
end
if st == 'pending' and now >= tonumber(redis.call('HGET', k, 'expires')) then
  st = 'expired'
  redis.call('HSET', k, 'status', st, 'closed', redis.call('HGET', k, 'expires'))
  redis.call('EXPIRE', k, ARGV[5])
end
if op == 'accept' and (st == 'creating' or st == 'accepted') and mine == 'accepted' then
  return {'ok', st}
end
if st ~= 'pending' then return {'closed', st} end
if op == 'cancel' then
  redis.call('HSET', k, 'status', 'cancelled', 'closed', now)
  redis.call('EXPIRE', k, ARGV[5])
  return {'ok', 'cancelled'}
end
if op == 'decline' then
  redis.call('HSET', k, 'status', 'declined', 'closed', now, 'declined_by', account,
    'reason', ARGV[4], 'ans:' .. account, 'declined')
  redis.call('EXPIRE', k, ARGV[5])
  return {'ok', 'declined'}
end
if mine == 'pending' then
  redis.call('HSET', k, 'ans:' .. account, 'accepted')
  if redis.call('HINCRBY', k, 'need', -1) <= 0 then
    redis.call('HSET', k, 'status', 'creating')
    return {'ok', 'creating'}
  end
end
return {'ok', 'pending'}
"""

# KEYS[1]; ARGV: status (accepted or failed), game_id or reason, now, retention.
_SETTLE = """
local st = redis.call('HGET', KEYS[1], 'status')
if st ~= 'creating' then return st or '' end
if ARGV[1] == 'accepted' then
  redis.call('HSET', KEYS[1], 'status', 'accepted', 'game_id', ARGV[2], 'closed', ARGV[3])
else
  redis.call('HSET', KEYS[1], 'status', 'failed', 'reason', ARGV[2], 'closed', ARGV[3])
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return ARGV[1]
"""


class ChallengeStore:
    def __init__(self, redis: aioredis.Redis) -> None:
        self.redis: Any = redis  # redis-py's annotations do not follow decode_responses
        self._answer = redis.register_script(_ANSWER)
        self._settle = redis.register_script(_SETTLE)

    async def create(self, row: ChallengeRow) -> ChallengeRow | None:
        """Store a new challenge; None when its id exists already (a repeated request_id)."""
        accounts = [row.challenger] + [a for a in row.answers if a != row.challenger]
        for account in accounts:  # each list on its own slot, before the challenge
            listed = account_challenges_key(account)
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zadd(listed, {row.challenge_id: row.created_ms})
                pipe.zremrangebyrank(listed, 0, -ACCOUNT_CHALLENGES - 1)
                pipe.expire(listed, RETENTION_S * 2)
                await pipe.execute()
        key = challenge_key(row.challenge_id)
        mapping: dict[str, Any] = {
            "data": row.data(),
            "challenger": row.challenger,
            "expires": row.expires_ms,
            "status": row.status,
            "need": sum(1 for a in row.answers.values() if a == PENDING),
        }
        mapping.update({f"ans:{a}": v for a, v in row.answers.items()})
        if not await self.redis.hsetnx(key, "data", mapping.pop("data")):
            return None
        ttl_s = (row.expires_ms - row.created_ms) // 1000 + RETENTION_S
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping=mapping)
            pipe.expire(key, ttl_s)
            await pipe.execute()
        await self.changed(*accounts)
        return row

    async def get(self, cid: str) -> ChallengeRow | None:
        raw = await self.redis.hgetall(challenge_key(cid))
        if not raw or b"data" not in raw or b"status" not in raw:
            return None
        return _row(cid, raw)

    async def answer(self, op: str, cid: str, account: str, reason: str = "") -> tuple[str, str]:
        """Apply an answer (see _ANSWER); (outcome, status)."""
        outcome, status = await self._answer(
            keys=[challenge_key(cid)], args=[op, account, now_ms(), reason, RETENTION_S]
        )
        return outcome.decode(), status.decode()

    async def settle(self, cid: str, status: str, detail: str) -> str:
        """A creating challenge accepted (detail: its game id) or failed (detail: why); the
        status it has after (unchanged unless it was creating)."""
        done = await self._settle(
            keys=[challenge_key(cid)], args=[status, detail, now_ms(), RETENTION_S]
        )
        return bytes(done).decode()

    async def account_challenges(self, account: str) -> list[ChallengeRow]:
        """The account's last challenges that still exist, newest first."""
        listed = account_challenges_key(account)
        listing = await self.redis.zrevrange(listed, 0, ACCOUNT_CHALLENGES - 1, withscores=True)
        cids = [raw.decode() for raw, _ in listing]
        rows = await asyncio.gather(*(self.get(cid) for cid in cids))
        old = now_ms() - MAKING_MS
        gone = [
            cid
            for cid, (_, listed_ms), row in zip(cids, listing, rows, strict=True)
            if row is None and listed_ms < old
        ]
        if gone:
            await self.redis.zrem(listed, *gone)
        return [row for row in rows if row is not None and row.names(account)]

    async def changed(self, *accounts: str) -> None:
        """Wake every replica's activity streams of these accounts."""
        for account in dict.fromkeys(accounts):
            await self.redis.publish(CHANGES, account_channel_message(account))
