"""Tickets, queues and matches in Redis.

One queue per format (`format_id`, formats.py); everything of a queue shares the hash tag
`{q:<format_id>}`, so that every script below touches one Redis Cluster slot:

    olympus:mm:queues                        set: the format ids with a waiting or matching
                                             ticket (an empty queue leaves it: `forget_empty`)
    olympus:mm:{q:F}:format                  string: the format's canonical JSON
    olympus:mm:{q:F}:waiting                 zset: waiting ticket id -> enqueue time (ms)
    olympus:mm:{q:F}:matching                zset: open match id -> lease deadline (ms)
    olympus:mm:{q:F}:t:<ticket id>           hash: account, name, key (the SHA-256 of the API
                                             key that made it), status, created, rating,
                                             format, match, game_id, seat, bots, closed,
                                             cancel (a cancel asked while matching), why (a
                                             cancel's cause: "revoked", "disabled")
    olympus:mm:{q:F}:m:<match id>            hash: state, tickets (JSON list), bots, seed,
                                             created, request (the CreateGameRequest without
                                             its seat tokens, its request_id the match id),
                                             seats (JSON {ticket: [seat, ""]}), game_id
    olympus:mm:acct:{a:<account>}:ticket     string: the account's last ticket id
    olympus:mm:acct:{a:<account>}:tickets    zset: its last ACCOUNT_TICKETS ticket ids ->
                                             enqueue time (ms), for ListMyTickets
    olympus:mm:tickets                       pub/sub channel (not a key): the id of each ticket
                                             whose status changed (WatchTicket listens)

No seat token is stored: each is derived again when needed (tokens.py).

A ticket id is its format id followed by 16 random hex digits: the id names its queue.

Ticket statuses: pending (being enqueued), waiting, matching (claimed by a match), matched,
cancelled. A match's states: claimed -> created (the game exists; its id and tokens recorded)
-> assigned (every ticket matched); or claimed -> released (its tickets wait again).

Every change of status is one Lua script on the queue's slot, so scripts see each other whole:
- CLAIM moves a group from waiting to matching only if every one is still waiting, and stores
  with the match the CreateGameRequest that makes its game (request_id = the match id, the seat
  tokens chosen then): whoever creates the game, however often, sends that same request;
- RENEW takes over a claimed match whose lease is over, for a new lease (one replica wins);
- CANCEL removes a waiting ticket (a ticket claimed by a match is only flagged: if that match
  fails, the ticket is cancelled instead of waiting again);
- RECORD stores the created game in the match while it is claimed (and succeeds again for the
  same game: two replicas that recovered the same match);
- RELEASE gives a claimed match's tickets back (only a match without a recorded game);
- ASSIGN marks the tickets of a created match matched (idempotent).
RECORD and RELEASE exclude each other: a match whose game is recorded is always assigned in the
end, one that was released never is. A match is released only when the game service refused
its request for good (then no game exists: the request made none, and every repeat of it is
refused the same way), or, for a match claimed without a stored request (by a version before
requests were stored), when its lease is over.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import orjson
import redis.asyncio as aioredis

from olympus.platform.storage import storage_calls

from .formats import Format

PREFIX = "olympus:mm"
QUEUES = f"{PREFIX}:queues"
CHANGES = f"{PREFIX}:tickets"  # pub/sub: ticket ids whose status changed
DEFAULT_MAX_QUEUES = 1_000
PENDING_STALE_MS = 30_000  # a ticket left pending this long (its Enqueue died) is not open

WAITING, MATCHING, MATCHED, CANCELLED, PENDING = (
    "waiting",
    "matching",
    "matched",
    "cancelled",
    "pending",
)
OPEN = (PENDING, WAITING, MATCHING)


def now_ms() -> int:
    return int(time.time() * 1000)


def queue(fid: str) -> str:
    return f"{PREFIX}:{{q:{fid}}}"


def waiting_key(fid: str) -> str:
    return queue(fid) + ":waiting"


def matching_key(fid: str) -> str:
    return queue(fid) + ":matching"


def format_key(fid: str) -> str:
    return queue(fid) + ":format"


def ticket_key(tid: str) -> str:
    return queue(tid[:16]) + ":t:" + tid


def match_key(fid: str, mid: str) -> str:
    return queue(fid) + ":m:" + mid


def account_ticket_key(account: str) -> str:
    return f"{PREFIX}:acct:{{a:{account}}}:ticket"


def account_tickets_key(account: str) -> str:
    return f"{PREFIX}:acct:{{a:{account}}}:tickets"


ACCOUNT_TICKETS = 50  # tickets remembered per account (ListMyTickets)


def new_match_id() -> str:
    return secrets.token_hex(8)


def valid_ticket_id(tid: str) -> bool:
    return len(tid) == 32 and all(c in "0123456789abcdef" for c in tid)


# KEYS: waiting, ticket. ARGV: ticket id.
_ACTIVATE = """
local st = redis.call('HMGET', KEYS[2], 'status', 'created')
if st[1] ~= 'pending' then return 0 end
redis.call('HSET', KEYS[2], 'status', 'waiting')
redis.call('ZADD', KEYS[1], st[2], ARGV[1])
return 1
"""

# KEYS: waiting, matching, match, ticket... ARGV: match id, lease deadline, now, bots, seed,
# tickets JSON, request, seats JSON, ticket ids...
_CLAIM = """
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
for i = 4, #KEYS do
  local tid = ARGV[i + 5]
  if not redis.call('ZSCORE', KEYS[1], tid) then return 0 end
  if redis.call('HGET', KEYS[i], 'status') ~= 'waiting' then return 0 end
end
for i = 4, #KEYS do
  redis.call('ZREM', KEYS[1], ARGV[i + 5])
  redis.call('HSET', KEYS[i], 'status', 'matching', 'match', ARGV[1])
end
redis.call('HSET', KEYS[3], 'state', 'claimed', 'tickets', ARGV[6], 'bots', ARGV[4],
  'seed', ARGV[5], 'created', ARGV[3], 'request', ARGV[7], 'seats', ARGV[8])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
return 1
"""

# KEYS: matching, match. ARGV: match id, now, new lease deadline.
_RENEW = """
if redis.call('HGET', KEYS[2], 'state') ~= 'claimed' then return 0 end
local deadline = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not deadline or tonumber(deadline) > tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
return 1
"""

# KEYS: match. ARGV: game id, seats JSON.
_RECORD = """
local m = redis.call('HMGET', KEYS[1], 'state', 'game_id')
if (m[1] == 'created' or m[1] == 'assigned') and m[2] == ARGV[1] then return 1 end
if m[1] ~= 'claimed' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'created', 'game_id', ARGV[1], 'seats', ARGV[2])
return 1
"""

# KEYS: waiting, matching, match, ticket... ARGV: match id, now, only if the lease is over
# ("1"/"0"), ttl seconds.
_RELEASE = """
if redis.call('HGET', KEYS[3], 'state') ~= 'claimed' then return 0 end
if ARGV[3] == '1' then
  local deadline = redis.call('ZSCORE', KEYS[2], ARGV[1])
  if deadline and tonumber(deadline) > tonumber(ARGV[2]) then return 0 end
end
for i = 4, #KEYS do
  local t = redis.call('HMGET', KEYS[i], 'status', 'match', 'cancel', 'created')
  if t[1] == 'matching' and t[2] == ARGV[1] then
    if t[3] == '1' then
      redis.call('HSET', KEYS[i], 'status', 'cancelled', 'closed', ARGV[2])
      redis.call('HDEL', KEYS[i], 'match')
      redis.call('EXPIRE', KEYS[i], ARGV[4])
    else
      redis.call('HSET', KEYS[i], 'status', 'waiting')
      redis.call('HDEL', KEYS[i], 'match')
      local tid = string.sub(KEYS[i], -32)
      redis.call('ZADD', KEYS[1], t[4], tid)
    end
  end
end
redis.call('HSET', KEYS[3], 'state', 'released')
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('EXPIRE', KEYS[3], ARGV[4])
return 1
"""

# KEYS: matching, match, ticket... ARGV: match id, now, ttl seconds, game id, bots,
# then seat, token per ticket (in KEYS order).
_ASSIGN = """
local state = redis.call('HGET', KEYS[2], 'state')
if state == 'assigned' then return 2 end
if state ~= 'created' then return 0 end
for i = 3, #KEYS do
  local j = 6 + (i - 3) * 2
  redis.call('HSET', KEYS[i], 'status', 'matched', 'game_id', ARGV[4], 'bots', ARGV[5],
    'seat', ARGV[j], 'token', ARGV[j + 1], 'closed', ARGV[2])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
redis.call('HSET', KEYS[2], 'state', 'assigned')
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
"""

# KEYS: waiting, ticket. ARGV: account, now, ttl seconds, ticket id, why ("" by its owner),
# the key's SHA-256 ("" any key).
_CANCEL = """
local t = redis.call('HMGET', KEYS[2], 'account', 'status', 'key')
if not t[1] or t[1] ~= ARGV[1] then return 'missing' end
if ARGV[6] ~= '' and t[3] ~= ARGV[6] then return 'missing' end
local status = t[2]
if status == 'waiting' or status == 'pending' then
  redis.call('ZREM', KEYS[1], ARGV[4])
  redis.call('HSET', KEYS[2], 'status', 'cancelled', 'closed', ARGV[2], 'why', ARGV[5])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
  return 'cancelled'
end
if status == 'matching' then
  redis.call('HSET', KEYS[2], 'cancel', '1', 'why', ARGV[5])
end
return status
"""

# KEYS: account's ticket key. ARGV: expected old value, new value.
_SWAP = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""


# Redis out of reach is UNAVAILABLE for callers (and a logged outage), as in every store.
_storage = storage_calls("matchmaking", "olympus.matchmaking.store", prefix="matchmaking_")


@dataclass(frozen=True, slots=True)
class TicketRow:
    ticket_id: str
    account: str
    name: str
    status: str
    created_ms: int
    rating: int
    format: Format
    closed_ms: int = 0
    game_id: str = ""
    seat: int = -1
    token: str = ""
    bots: int = 0
    match: str = ""
    key: str = ""  # the SHA-256 of the API key that made it
    why: str = ""  # why it was cancelled, when not by its owner: "revoked", "disabled"


@dataclass(frozen=True, slots=True)
class MatchRow:
    fid: str
    match_id: str
    state: str
    tickets: list[str]
    bots: int
    seed: int
    game_id: str = ""
    seats: dict[str, list[Any]] = field(default_factory=dict)  # ticket -> [seat, token]
    request: bytes = b""  # the CreateGameRequest stored at the claim (b"": none stored)


def _s(value: bytes | None, default: str = "") -> str:
    return value.decode() if value is not None else default


def _ticket_row(tid: str, row: dict[bytes, bytes]) -> TicketRow:
    return TicketRow(
        ticket_id=tid,
        account=_s(row.get(b"account")),
        name=_s(row.get(b"name")),
        status=_s(row.get(b"status")),
        created_ms=int(row.get(b"created") or 0),
        rating=int(row.get(b"rating") or 0),
        format=Format.from_data(orjson.loads(row[b"format"])),
        closed_ms=int(row.get(b"closed") or 0),
        game_id=_s(row.get(b"game_id")),
        seat=int(row.get(b"seat") or -1),
        token=_s(row.get(b"token")),
        bots=int(row.get(b"bots") or 0),
        match=_s(row.get(b"match")),
        key=_s(row.get(b"key")),
        why=_s(row.get(b"why")),
    )


class TooManyQueues(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit


class DuplicateTicket(Exception):
    def __init__(self, open_ticket: str) -> None:
        super().__init__(open_ticket)
        self.open_ticket = open_ticket


class MatchStore:
    def __init__(self, redis: aioredis.Redis, ticket_ttl_s: int = 86_400) -> None:
        self.redis: Any = redis  # bytes replies, read untyped
        self.ttl = ticket_ttl_s
        r = self.redis
        self._activate = r.register_script(_ACTIVATE)
        self._claim = r.register_script(_CLAIM)
        self._renew = r.register_script(_RENEW)
        self._record = r.register_script(_RECORD)
        self._release = r.register_script(_RELEASE)
        self._assign = r.register_script(_ASSIGN)
        self._cancel = r.register_script(_CANCEL)
        self._swap = r.register_script(_SWAP)

    # --- tickets ---------------------------------------------------------------------------------
    @_storage
    async def enqueue(
        self,
        account: str,
        name: str,
        fmt: Format,
        rating: int = 0,
        key: str = "",
        max_queues: int = DEFAULT_MAX_QUEUES,
    ) -> TicketRow:
        """A new waiting ticket; DuplicateTicket when the account has an open one, TooManyQueues
        when its format would be a queue beyond `max_queues`. `key`: the SHA-256 of the API key
        making it (its revocation cancels the ticket)."""
        fid = fmt.format_id
        if (
            max_queues
            and not await self.redis.sismember(QUEUES, fid)
            and await self.redis.scard(QUEUES) >= max_queues
        ):
            raise TooManyQueues(max_queues)
        tid = fid + secrets.token_hex(8)
        created = now_ms()
        canonical = fmt.canonical()
        await self.redis.set(format_key(fid), canonical)
        await self.redis.hset(
            ticket_key(tid),
            mapping={
                "account": account,
                "name": name,
                "key": key,
                "status": PENDING,
                "created": created,
                "rating": rating,
                "format": canonical,
            },
        )
        # One open ticket per account: the account's ticket key names the open one, and is
        # taken over only from a ticket that is closed (or gone, or a dead Enqueue's).
        key = account_ticket_key(account)
        for _ in range(5):
            if await self.redis.set(key, tid, nx=True):
                break
            old = await self.redis.get(key)
            if old is None:
                continue
            if await self._is_open(old.decode()):
                await self.redis.delete(ticket_key(tid))
                raise DuplicateTicket(old.decode())
            if await self._swap(keys=[key], args=[old, tid]):
                break
        else:  # pragma: no cover - only under a storm of Enqueues by one account
            await self.redis.delete(ticket_key(tid))
            raise DuplicateTicket("")
        listed = account_tickets_key(account)
        pipe = self.redis.pipeline(transaction=False)
        pipe.zadd(listed, {tid: created})
        pipe.zremrangebyrank(listed, 0, -(ACCOUNT_TICKETS + 1))
        pipe.expire(listed, self.ttl)
        await pipe.execute()
        await self._activate(keys=[waiting_key(fid), ticket_key(tid)], args=[tid])
        # Listed after it waits: a queue found empty and forgotten meanwhile is listed again
        # (see `forget_empty`).
        await self.redis.sadd(QUEUES, fid)
        return TicketRow(tid, account, name, WAITING, created, rating, fmt, key=key)

    async def _is_open(self, tid: str) -> bool:
        if not valid_ticket_id(tid):
            return False
        status, created = await self.redis.hmget(ticket_key(tid), "status", "created")
        if status is None:
            return False
        if status.decode() == PENDING:
            return now_ms() - int(created or 0) < PENDING_STALE_MS
        return status.decode() in OPEN

    @_storage
    async def ticket(self, tid: str) -> TicketRow | None:
        if not valid_ticket_id(tid):
            return None
        row = await self.redis.hgetall(ticket_key(tid))
        if not row or b"format" not in row:
            return None
        return _ticket_row(tid, row)

    @_storage
    async def cancel(self, account: str, tid: str, why: str = "", key: str = "") -> str:
        """'missing' (no such ticket of this account, or made with another key than `key`),
        'cancelled', or the status that keeps it from being cancelled ('matched', 'matching':
        flagged, see the module's doc). `why`: the cause, when not its owner."""
        if not valid_ticket_id(tid):
            return "missing"
        result = await self._cancel(
            keys=[waiting_key(tid[:16]), ticket_key(tid)],
            args=[account, now_ms(), self.ttl, tid, why, key],
        )
        outcome = str(result.decode() if isinstance(result, bytes) else result)
        if outcome in (CANCELLED, MATCHING):
            await self.changed(tid)
        return outcome

    @_storage
    async def account_tickets(self, account: str) -> list[TicketRow]:
        """The account's last tickets that still exist, newest first (gone ones forgotten)."""
        listed = account_tickets_key(account)
        tids = [raw.decode() for raw in await self.redis.zrevrange(listed, 0, ACCOUNT_TICKETS - 1)]
        rows = await asyncio.gather(*(self.ticket(tid) for tid in tids))  # each its own slot
        out, gone = [], []
        for tid, row in zip(tids, rows, strict=True):
            if row is None or row.account != account:
                gone.append(tid)
            elif row.status != PENDING:  # a dead Enqueue's ticket is nobody's
                out.append(row)
        if gone:
            await self.redis.zrem(listed, *gone)
        return out

    @_storage
    async def open_ticket(self, account: str) -> str:
        """The account's last ticket id ("" for none): the only one that may be open."""
        raw = await self.redis.get(account_ticket_key(account))
        return raw.decode() if raw else ""

    async def changed(self, *tids: str) -> None:
        """Tell every replica's WatchTicket streams that these tickets changed."""
        for tid in tids:
            await self.redis.publish(CHANGES, tid)

    # --- queues ----------------------------------------------------------------------------------
    @_storage
    async def queues(self) -> list[str]:
        return sorted(m.decode() for m in await self.redis.smembers(QUEUES))

    @_storage
    async def queue_format(self, fid: str) -> Format | None:
        raw = await self.redis.get(format_key(fid))
        if raw is None:  # forgotten as the queue emptied, but a ticket came meanwhile
            oldest = await self.redis.zrange(waiting_key(fid), 0, 0)
            if oldest:
                raw = await self.redis.hget(ticket_key(oldest[0].decode()), "format")
                if raw is not None:
                    await self.redis.set(format_key(fid), raw)
        return Format.from_data(orjson.loads(raw)) if raw else None

    @_storage
    async def forget_empty(self, fid: str) -> bool:
        """Drop a queue with nothing waiting or matching from the queues (and its format):
        queues stay as few as the formats players wait for. A ticket enqueued meanwhile lists
        its queue again after it waits, so no waiting ticket is ever left unlisted."""
        if await self.redis.zcard(waiting_key(fid)) or await self.redis.zcard(matching_key(fid)):
            return False
        await self.redis.srem(QUEUES, fid)
        if await self.redis.zcard(waiting_key(fid)) or await self.redis.zcard(matching_key(fid)):
            await self.redis.sadd(QUEUES, fid)  # one came in between: keep it listed
            return False
        await self.redis.delete(format_key(fid))
        return True

    @_storage
    async def waiting(self, fid: str, limit: int) -> list[tuple[str, int, int]]:
        """(ticket id, enqueued ms, rating) of the oldest `limit` waiting tickets."""
        entries = await self.redis.zrange(waiting_key(fid), 0, limit - 1, withscores=True)
        if not entries:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for tid, _ in entries:
            pipe.hget(ticket_key(tid.decode()), "rating")
        ratings = await pipe.execute()
        return [
            (tid.decode(), int(score), int(rating or 0))
            for (tid, score), rating in zip(entries, ratings, strict=True)
        ]

    # --- matches ---------------------------------------------------------------------------------
    @_storage
    async def claim(
        self,
        fid: str,
        tickets: Sequence[str],
        bots: int,
        seed: int,
        lease_ms: int,
        mid: str | None = None,
        request: bytes = b"",
        seats: dict[str, list[Any]] | None = None,
    ) -> str | None:
        """A new match of these tickets, if every one is still waiting; its id, or None.
        `request`: the CreateGameRequest that makes its game (its request_id: `mid`, from
        new_match_id) and `seats`, ticket -> [seat, token chosen in it]."""
        mid = mid or new_match_id()
        now = now_ms()
        keys = [waiting_key(fid), matching_key(fid), match_key(fid, mid)]
        keys += [ticket_key(t) for t in tickets]
        args: list[Any] = [
            mid,
            now + lease_ms,
            now,
            bots,
            seed,
            orjson.dumps(list(tickets)),
            request,
            orjson.dumps(seats or {}),
            *tickets,
        ]
        return mid if await self._claim(keys=keys, args=args) else None

    @_storage
    async def renew(self, fid: str, mid: str, lease_ms: int) -> bool:
        """Take over a claimed match whose lease is over, for another lease: False when it is
        not claimed any more, or another replica took it over first."""
        now = now_ms()
        keys = [matching_key(fid), match_key(fid, mid)]
        return bool(await self._renew(keys=keys, args=[mid, now, now + lease_ms]))

    @_storage
    async def record_game(self, fid: str, mid: str, game_id: str, seats: dict[str, Any]) -> bool:
        """Store the created game in a match still claimed (or created with this same game);
        False if it was released."""
        return bool(
            await self._record(keys=[match_key(fid, mid)], args=[game_id, orjson.dumps(seats)])
        )

    async def finish(self, match: MatchRow, game_id: str, seats: dict[str, list[Any]]) -> bool:
        """A claimed match's game is made: record it, then assign the tickets to it. False
        (nothing assigned) when the match was released or recorded with another game."""
        if not await self.record_game(match.fid, match.match_id, game_id, seats):
            return False
        await self.assign(replace(match, state="created", game_id=game_id, seats=seats))
        return True

    @_storage
    async def release(self, match: MatchRow, only_if_expired: bool) -> bool:
        fid, mid = match.fid, match.match_id
        keys = [waiting_key(fid), matching_key(fid), match_key(fid, mid)]
        keys += [ticket_key(t) for t in match.tickets]
        args: list[Any] = [mid, now_ms(), "1" if only_if_expired else "0", self.ttl]
        released = bool(await self._release(keys=keys, args=args))
        if released:
            await self.changed(*match.tickets)
        return released

    @_storage
    async def assign(self, match: MatchRow) -> bool:
        """Every ticket of a created match matched. Idempotent (a replica finishing another's
        match may run it again)."""
        fid, mid = match.fid, match.match_id
        keys = [matching_key(fid), match_key(fid, mid)] + [ticket_key(t) for t in match.tickets]
        args: list[Any] = [mid, now_ms(), self.ttl, match.game_id, match.bots]
        for tid in match.tickets:
            args += [match.seats[tid][0], ""]  # the token: derived, never stored (tokens.py)
        done = bool(await self._assign(keys=keys, args=args))
        await self.changed(*match.tickets)
        return done

    @_storage
    async def match(self, fid: str, mid: str) -> MatchRow | None:
        row = await self.redis.hgetall(match_key(fid, mid))
        if not row or b"tickets" not in row:
            return None
        return MatchRow(
            fid=fid,
            match_id=mid,
            state=_s(row.get(b"state")),
            tickets=list(orjson.loads(row[b"tickets"])),
            bots=int(row.get(b"bots") or 0),
            seed=int(row.get(b"seed") or 0),
            game_id=_s(row.get(b"game_id")),
            seats=dict(orjson.loads(row[b"seats"])) if row.get(b"seats") else {},
            request=row.get(b"request") or b"",
        )

    @_storage
    async def overdue_matches(self, fid: str, now: int) -> list[str]:
        """Open matches of the queue whose lease is over."""
        return [m.decode() for m in await self.redis.zrangebyscore(matching_key(fid), "-inf", now)]
