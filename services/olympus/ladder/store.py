"""Ladders configured in Redis: their spec, the games they have running, and a tick's lease.

    olympus:ladders                    set: the ladders' names
    olympus:ladder:{l:<name>}          hash: spec (JSON), started (games started so far)
    olympus:ladder:{l:<name>}:running  hash: game id -> the rated player of each seat (JSON)
    olympus:ladder:{l:<name>}:matches  hash: game id -> the claimed match it is made from (a
                                       table with external bots: listed before it exists)
    olympus:ladder:{l:<name>}:lock     string: the tick working on this ladder (a lease)

A running game's seats are `bot:<name>` for a built-in bot and `acct:<account id>` for an
external bot seated from its ladder ticket; `rated_player` gives the rating id of each (the bot
entry itself; the bare account id, as in rated matchmaking). Entries written before external
bots existed hold bare bot names, which it reads too.

The matchmaking service reads the spec too: a ladder ticket (MatchFormat.ladder) is accepted
only for a running ladder that is `open` to external bots.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

import orjson

from olympus.platform.errors import InvalidArgument, NotFound, quote

PREFIX = "olympus"
LOCK_MS = 30_000
BOT_PREFIX = "bot:"  # a ladder bot's player id in the scoring service
ACCOUNT_PREFIX = "acct:"  # an external bot's seat in a running game
MAX_DECISION_SECONDS = 3_600
_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")


def valid_ladder_name(name: str) -> bool:
    return bool(_NAME_RE.fullmatch(name))


def player_id(bot: str) -> str:
    """A built-in bot's rating id."""
    return BOT_PREFIX + bot


def seat_entry(entry: str) -> str:
    """A running game's seat entry in today's form (an older bare bot name gets its prefix)."""
    if entry.startswith((BOT_PREFIX, ACCOUNT_PREFIX)):
        return entry
    return player_id(entry)


def rated_player(entry: str) -> str:
    """The rating id of a running game's seat entry (see the module's doc)."""
    return seat_entry(entry).removeprefix(ACCOUNT_PREFIX)


@dataclass(frozen=True, slots=True)
class LadderSpec:
    name: str  # also the ratings queue
    bots: tuple[str, ...]  # the built-in bots
    players: tuple[int, ...] = (2,)
    concurrent: int = 4
    corporate_era: bool = True
    # External bots may join with a ladder ticket (matchmaking, MatchFormat.ladder).
    open: bool = False
    # Every seat's clock: a fixed time per decision (0: no clock). An external bot that lets
    # it run out gets the least harmful answer, and after 3 timeouts the random bot plays its
    # seat: it loses by the table's policy, and the game still ends and is rated.
    decision_seconds: int = 0

    def __post_init__(self) -> None:
        if not valid_ladder_name(self.name):
            raise InvalidArgument(
                f"a ladder name is 1-64 letters, digits, '.', '_', '-': {quote(self.name)}"
            )
        if not self.bots or len(set(self.bots)) != len(self.bots):
            raise InvalidArgument("name each bot once, at least one")
        if not self.players or min(self.players) < 2 or max(self.players) > len(self.bots):
            raise InvalidArgument(
                "player counts are 2 to 5 and at most the number of bots (no bot sits twice)"
            )
        if not 1 <= self.concurrent <= 1000:
            raise InvalidArgument("concurrent games: 1 to 1000")
        if not 0 <= self.decision_seconds <= MAX_DECISION_SECONDS:
            raise InvalidArgument(f"decision seconds: 0 (no clock) to {MAX_DECISION_SECONDS}")

    def to_json(self) -> bytes:
        return orjson.dumps(
            {
                "name": self.name,
                "bots": list(self.bots),
                "players": list(self.players),
                "concurrent": self.concurrent,
                "corporate_era": self.corporate_era,
                "open": self.open,
                "decision_seconds": self.decision_seconds,
            }
        )

    @classmethod
    def from_json(cls, raw: bytes) -> LadderSpec:
        data = orjson.loads(raw)
        return cls(
            data["name"],
            tuple(data["bots"]),
            tuple(data["players"]),
            int(data["concurrent"]),
            bool(data["corporate_era"]),
            bool(data.get("open", False)),  # specs saved before external bots: closed
            int(data.get("decision_seconds", 0)),
        )


def _key(name: str, part: str = "") -> str:
    return f"{PREFIX}:ladder:{{l:{name}}}" + (f":{part}" if part else "")


class LadderStore:
    def __init__(self, redis: Any) -> None:
        self.redis = redis

    async def save(self, spec: LadderSpec) -> None:
        await self.redis.hset(_key(spec.name), "spec", spec.to_json())
        await self.redis.sadd(f"{PREFIX}:ladders", spec.name)

    async def stop(self, name: str) -> bool:
        """No new games for the ladder; those running are still reported."""
        removed = await self.redis.srem(f"{PREFIX}:ladders", name)
        return bool(removed)

    async def spec(self, name: str) -> LadderSpec:
        raw = await self.redis.hget(_key(name), "spec")
        if raw is None:
            raise NotFound(f"no ladder {quote(name)}", reason="UNKNOWN_QUEUE")
        return LadderSpec.from_json(raw)

    async def is_active(self, name: str) -> bool:
        return bool(await self.redis.sismember(f"{PREFIX}:ladders", name))

    async def active(self) -> list[str]:
        return sorted(n.decode() for n in await self.redis.smembers(f"{PREFIX}:ladders"))

    async def with_running(self) -> list[str]:
        """Ladders with games still running (stopped ones included)."""
        names = set(await self.active())
        async for key in self.redis.scan_iter(match=f"{PREFIX}:ladder:*:running"):
            names.add(key.decode().split("{l:", 1)[1].split("}", 1)[0])
        return sorted(names)

    async def running(self, name: str) -> dict[str, list[str]]:
        rows = await self.redis.hgetall(_key(name, "running"))
        return {k.decode(): orjson.loads(v) for k, v in rows.items()}

    async def add_running(
        self, name: str, game_id: str, table: list[str], match_id: str = ""
    ) -> int:
        """A game of the ladder; with `match_id`, one whose game is made from that claimed
        match (its id derived before the game exists: see `claimed_match`)."""
        if match_id:
            await self.redis.hset(_key(name, "matches"), game_id, match_id)
        await self.redis.hset(_key(name, "running"), game_id, orjson.dumps(table))
        return int(await self.redis.hincrby(_key(name), "started", 1))

    async def claimed_match(self, name: str, game_id: str) -> str:
        """The match a running game is made from ("" for a game made directly)."""
        raw = await self.redis.hget(_key(name, "matches"), game_id)
        return raw.decode() if raw else ""

    async def done(self, name: str, game_id: str) -> None:
        await self.redis.hdel(_key(name, "matches"), game_id)
        await self.redis.hdel(_key(name, "running"), game_id)

    async def started(self, name: str) -> int:
        return int(await self.redis.hget(_key(name), "started") or 0)

    async def lock(self, name: str) -> str | None:
        token = secrets.token_hex(8)
        ok = await self.redis.set(_key(name, "lock"), token, nx=True, px=LOCK_MS)
        return token if ok else None

    async def unlock(self, name: str, token: str) -> None:
        # Only our own lease: a tick that overran it must not free another's.
        if (await self.redis.get(_key(name, "lock"))) == token.encode():
            await self.redis.delete(_key(name, "lock"))
