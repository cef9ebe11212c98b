"""Ladders kept running by the workers: beat sends `olympus.ladder_tick` every few seconds, and
each tick, for every ladder configured in Redis, reports the ladder's games that finished (the
scoring service's record: once per game, rated in the ladder's queue), drops those aborted, and
starts new games until the ladder's number of concurrent games is reached, pairing from the
current ratings (`pairing.next_table`).

    olympus:ladders                    set: the ladders' names
    olympus:ladder:{l:<name>}          hash: spec (JSON), started (games started so far)
    olympus:ladder:{l:<name>}:running  hash: game id -> the bots by seat (JSON)
    olympus:ladder:{l:<name>}:lock     string: the tick working on this ladder (a lease)

A tick holds the ladder's lock for its work, so two ticks never start games for the same
ladder at once; a game is reported before it leaves `running`, and the report is idempotent,
so a tick that dies half-way loses nothing.
"""

from __future__ import annotations

import random
import re
import secrets
from dataclasses import dataclass
from typing import Any

import orjson

from olympus.engine import GameOptions
from olympus.gamestate import store as gst
from olympus.gamestate.core import Games
from olympus.gamestate.meta import SeatMeta, TimeControl
from olympus.platform.errors import InvalidArgument, NotFound, quote
from olympus.scoring.ratings import Rating
from olympus.scoring.service import Scoring

from .pairing import Entrant, next_table, player_counts
from .runner import player_id

PREFIX = "olympus"
LOCK_MS = 30_000
_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")


@dataclass(frozen=True, slots=True)
class LadderSpec:
    name: str  # also the ratings queue
    bots: tuple[str, ...]
    players: tuple[int, ...] = (2,)
    concurrent: int = 4
    corporate_era: bool = True

    def __post_init__(self) -> None:
        if not _NAME_RE.fullmatch(self.name):
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

    def to_json(self) -> bytes:
        return orjson.dumps(
            {
                "name": self.name,
                "bots": list(self.bots),
                "players": list(self.players),
                "concurrent": self.concurrent,
                "corporate_era": self.corporate_era,
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

    async def add_running(self, name: str, game_id: str, table: list[str]) -> int:
        await self.redis.hset(_key(name, "running"), game_id, orjson.dumps(table))
        return int(await self.redis.hincrby(_key(name), "started", 1))

    async def done(self, name: str, game_id: str) -> None:
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


@dataclass
class Ticked:
    reported: int = 0
    dropped: int = 0
    started: int = 0


class LadderScheduler:
    def __init__(self, store: LadderStore, games: Games, scoring: Scoring) -> None:
        self.store = store
        self.games = games
        self.scoring = scoring

    async def tick(self) -> Ticked:
        out = Ticked()
        active = set(await self.store.active())
        for name in await self.store.with_running():
            token = await self.store.lock(name)
            if token is None:
                continue  # another tick is at work on it
            try:
                spec = await self.store.spec(name)
                await self._settle(spec, out)
                if name in active:
                    await self._fill(spec, out)
            finally:
                await self.store.unlock(name, token)
        return out

    async def _settle(self, spec: LadderSpec, out: Ticked) -> None:
        for game_id, table in (await self.store.running(spec.name)).items():
            raw = (await self.games.store.summary(game_id))["status"]
            status = raw.decode() if raw else ""
            if status == gst.STATUS_FINISHED:
                players = [(i, player_id(b)) for i, b in enumerate(table)]
                await self.scoring.report(game_id, spec.name, players)
                out.reported += 1
            elif status in (gst.STATUS_ABORTED, ""):  # aborted or gone: not rated
                out.dropped += 1
            else:
                continue
            await self.store.done(spec.name, game_id)

    async def _fill(self, spec: LadderSpec, out: Ticked) -> None:
        running = await self.store.running(spec.name)
        if len(running) >= spec.concurrent:
            return
        entrants = [await self._entrant(spec, b) for b in spec.bots]
        started = await self.store.started(spec.name)
        rnd = random.Random(f"{spec.name}:{started}")
        busy = {b for table in running.values() for b in table}
        while len(running) < spec.concurrent:
            players = player_counts(spec.players, started)
            table = next_table(entrants, players, rnd, frozenset(busy))
            options = GameOptions(
                players=players,
                seed=secrets.randbelow(2**63),
                corporate_era=spec.corporate_era,
            )
            seats = [SeatMeta(seat=i, bot=b, name=b) for i, b in enumerate(table)]
            created = await self.games.create(options, seats, TimeControl())
            started = await self.store.add_running(spec.name, created.meta.game_id, table)
            running[created.meta.game_id] = table
            busy |= set(table)
            out.started += 1

    async def _entrant(self, spec: LadderSpec, bot: str) -> Entrant:
        try:
            rating, _ = await self.scoring.rating(spec.name, player_id(bot))
        except NotFound:
            rating = Rating(25.0, 25.0 / 3)
        return Entrant(bot, rating.games, rating.ordinal)
