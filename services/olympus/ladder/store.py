"""The ladder service's own keys: ladders, the tables being made, the games running and played.

    olympus:ladders                      set: every ladder's name
    olympus:ladder:{l:<name>}            hash: spec (JSON), state (running|stopped), created
                                         (ms), started, finished, aborted (counts), base (the
                                         finished count when it was last started: max_games
                                         counts from there)
    olympus:ladder:{l:<name>}:pending    hash: match id -> a table being made (JSON: the
                                         CreateGameRequest in base64, players, tickets): written
                                         before it is asked for, so a tick that dies half-way
                                         finds it again and asks again (idempotent)
    olympus:ladder:{l:<name>}:running    hash: game id -> JSON {players, start}
    olympus:ladder:{l:<name>}:games      hash: game id -> JSON {players, start, end, state}
    olympus:ladder:{l:<name>}:order      sorted set: game id -> start ms (ListLadderGames)
    olympus:ladder:{l:<name>}:lock       string: the tick working on this ladder (a lease)

A seat's player is `bot:<name>` for a built-in bot, the account id for an external bot: the
ids the game service's record gives (GameRecord.seats.player), so the scoring service's
standings name them the same way.
"""

from __future__ import annotations

import base64
import secrets
import time
from dataclasses import dataclass
from typing import Any

import orjson

from olympus.api.names import check_table, valid_ladder_name
from olympus.platform.errors import InvalidArgument, NotFound, quote
from olympus.platform.storage import storage_calls

PREFIX = "olympus"
LADDERS = f"{PREFIX}:ladders"
LOCK_MS = 30_000
BOT_PREFIX = "bot:"  # a built-in bot's player id in the scoring service
MAX_DECISION_SECONDS = 3_600
RUNNING, STOPPED = "running", "stopped"
FINISHED, ABORTED = "finished", "aborted"

_storage = storage_calls("ladder", "olympus.ladder.store", prefix="ladder_")


def player_id(bot: str) -> str:
    """A built-in bot's rating id."""
    return BOT_PREFIX + bot


def _invalid(message: str) -> InvalidArgument:
    return InvalidArgument(message, reason="INVALID_LADDER")


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
    max_games: int = 0  # the ladder stops after this many rated games; 0: never
    # The table's modules, passed into every game (GameOptions). Part of the ladder: its games
    # are rated in one queue, so a running ladder never changes them (same_table_as).
    prelude: bool = False
    colonies: bool = False
    venus: bool = False
    world_government: bool | None = None  # None: the game service's default (on with venus)
    map: str = "tharsis"

    def __post_init__(self) -> None:
        if not valid_ladder_name(self.name):
            raise _invalid(
                f"a ladder name is 1-64 letters, digits, '.', '_', '-': {quote(self.name)}"
            )
        if not self.bots or len(set(self.bots)) != len(self.bots):
            raise _invalid("name each bot once, at least one")
        if not self.players or min(self.players) < 2 or max(self.players) > 5:
            raise _invalid("player counts are 2 to 5")
        if max(self.players) > len(self.bots):
            raise _invalid(
                f"a {max(self.players)}-player table needs as many bots; got {len(self.bots)}"
            )
        if not 1 <= self.concurrent <= 1000:
            raise _invalid("concurrent games: 1 to 1000")
        if not 0 <= self.decision_seconds <= MAX_DECISION_SECONDS:
            raise _invalid(f"decision seconds: 0 (no clock) to {MAX_DECISION_SECONDS}")
        if self.max_games < 0:
            raise _invalid("max games: 0 (no limit) or more")
        # Refused here as the game service refuses them (the same reasons), so that a ladder
        # that could never make a game is never stored.
        for players in self.players:
            check_table(
                players,
                corporate_era=self.corporate_era,
                prelude=self.prelude,
                colonies=self.colonies,
                venus=self.venus,
                world_government=self.world_government,
                map_name=self.map,
            )

    @property
    def wgt(self) -> bool:
        """World Government Terraforming as the ladder's games play it."""
        return self.venus if self.world_government is None else self.world_government

    def to_json(self) -> bytes:
        data: dict[str, Any] = {
            "name": self.name,
            "bots": list(self.bots),
            "players": list(self.players),
            "concurrent": self.concurrent,
            "corporate_era": self.corporate_era,
            "open": self.open,
            "decision_seconds": self.decision_seconds,
            "max_games": self.max_games,
        }
        # The modules only when set apart from their defaults: a ladder without them is
        # written (and compared, same_table_as) exactly as one stored before they existed.
        for module in ("prelude", "colonies", "venus"):
            if getattr(self, module):
                data[module] = True
        if self.world_government is not None:
            data["world_government"] = self.world_government
        if self.map != "tharsis":
            data["map"] = self.map
        return orjson.dumps(data)

    @classmethod
    def from_json(cls, raw: bytes) -> LadderSpec:
        data = orjson.loads(raw)
        return cls(
            data["name"],
            tuple(data["bots"]),
            tuple(data["players"]),
            int(data["concurrent"]),
            bool(data["corporate_era"]),
            bool(data.get("open", False)),
            int(data.get("decision_seconds", 0)),
            int(data.get("max_games", 0)),
            bool(data.get("prelude", False)),
            bool(data.get("colonies", False)),
            bool(data.get("venus", False)),
            data.get("world_government"),
            str(data.get("map", "tharsis")),
        )

    def same_table_as(self, other: LadderSpec) -> bool:
        return self.to_json() == other.to_json()


@dataclass(frozen=True, slots=True)
class LadderRow:
    spec: LadderSpec
    state: str
    created_ms: int
    started: int
    finished: int
    aborted: int
    running: int
    base: int = 0  # `finished` when it was last started

    @property
    def finished_since_start(self) -> int:
        return self.finished - self.base


@dataclass(frozen=True, slots=True)
class Pending:
    """A table being made: its request, its seats' players, and its tickets (seat by id)."""

    match_id: str
    request: bytes
    players: list[str]
    tickets: dict[str, int]

    def to_json(self) -> bytes:
        return orjson.dumps(
            {
                "request": base64.b64encode(self.request).decode(),
                "players": self.players,
                "tickets": self.tickets,
            }
        )

    @classmethod
    def from_json(cls, match_id: str, raw: bytes) -> Pending:
        data = orjson.loads(raw)
        return cls(match_id, base64.b64decode(data["request"]), data["players"], data["tickets"])


def _key(name: str, part: str = "") -> str:
    return f"{PREFIX}:ladder:{{l:{name}}}" + (f":{part}" if part else "")


def now_ms() -> int:
    return int(time.time() * 1000)


class LadderStore:
    def __init__(self, redis: Any) -> None:
        self.redis = redis

    # --- ladders ---------------------------------------------------------------------------------
    @_storage
    async def save(self, spec: LadderSpec, state: str = RUNNING) -> None:
        finished = await self.redis.hget(_key(spec.name), "finished")
        await self.redis.hset(
            _key(spec.name),
            mapping={"spec": spec.to_json(), "state": state, "base": int(finished or 0)},
        )
        await self.redis.hsetnx(_key(spec.name), "created", now_ms())
        await self.redis.sadd(LADDERS, spec.name)

    @_storage
    async def set_state(self, name: str, state: str) -> None:
        await self.redis.hset(_key(name), "state", state)

    @_storage
    async def row(self, name: str) -> LadderRow:
        if not valid_ladder_name(name):
            raise NotFound(f"no ladder {quote(name)}", reason="LADDER_NOT_FOUND")
        raw = await self.redis.hgetall(_key(name))
        if not raw or b"spec" not in raw:
            raise NotFound(f"no ladder {quote(name)}", reason="LADDER_NOT_FOUND")
        running = await self.redis.hlen(_key(name, "running"))
        return LadderRow(
            LadderSpec.from_json(raw[b"spec"]),
            raw.get(b"state", RUNNING.encode()).decode(),
            int(raw.get(b"created") or 0),
            int(raw.get(b"started") or 0),
            int(raw.get(b"finished") or 0),
            int(raw.get(b"aborted") or 0),
            int(running),
            int(raw.get(b"base") or 0),
        )

    @_storage
    async def names(self) -> list[str]:
        return sorted(n.decode() for n in await self.redis.smembers(LADDERS))

    # --- tables and games -------------------------------------------------------------------------
    @_storage
    async def pending(self, name: str) -> list[Pending]:
        rows = await self.redis.hgetall(_key(name, "pending"))
        return [Pending.from_json(k.decode(), v) for k, v in rows.items()]

    @_storage
    async def add_pending(self, name: str, table: Pending) -> None:
        await self.redis.hset(_key(name, "pending"), table.match_id, table.to_json())

    @_storage
    async def drop_pending(self, name: str, match_id: str) -> None:
        await self.redis.hdel(_key(name, "pending"), match_id)

    @_storage
    async def started(self, name: str, match_id: str, game_id: str, players: list[str]) -> None:
        """A table's game exists: running, and no longer pending (in that order: a tick that
        dies between the two finds the pending table, asks again and gets the same game)."""
        entry = orjson.dumps({"players": players, "start": now_ms()})
        if await self.redis.hsetnx(_key(name, "running"), game_id, entry):
            await self.redis.hincrby(_key(name), "started", 1)
            await self.redis.hset(_key(name, "games"), game_id, entry)
            await self.redis.zadd(_key(name, "order"), {game_id: now_ms()})
        if match_id:
            await self.redis.hdel(_key(name, "pending"), match_id)

    @_storage
    async def running(self, name: str) -> dict[str, list[str]]:
        rows = await self.redis.hgetall(_key(name, "running"))
        return {k.decode(): orjson.loads(v)["players"] for k, v in rows.items()}

    @_storage
    async def ended(self, name: str, game_id: str, state: str) -> None:
        """A running game ended (FINISHED and rated, or ABORTED): counted once."""
        raw = await self.redis.hget(_key(name, "running"), game_id)
        if raw is None:
            return
        entry = dict(orjson.loads(raw), end=now_ms(), state=state)
        await self.redis.hset(_key(name, "games"), game_id, orjson.dumps(entry))
        if await self.redis.hdel(_key(name, "running"), game_id):
            await self.redis.hincrby(_key(name), state, 1)

    @_storage
    async def games_page(
        self, name: str, start: int, count: int
    ) -> tuple[list[tuple[str, dict[str, Any]]], int]:
        """The ladder's games newest first from rank `start`, and how many there are."""
        ids = await self.redis.zrevrange(_key(name, "order"), start, start + count - 1)
        total = int(await self.redis.zcard(_key(name, "order")))
        if not ids:
            return [], total
        rows = await self.redis.hmget(_key(name, "games"), ids)
        return [
            (g.decode(), orjson.loads(raw)) for g, raw in zip(ids, rows, strict=True) if raw
        ], total

    # --- a tick's lease ----------------------------------------------------------------------------
    @_storage
    async def lock(self, name: str) -> str | None:
        token = secrets.token_hex(8)
        ok = await self.redis.set(_key(name, "lock"), token, nx=True, px=LOCK_MS)
        return token if ok else None

    @_storage
    async def unlock(self, name: str, token: str) -> None:
        # Only our own lease: a tick that overran it must not free another's.
        if (await self.redis.get(_key(name, "lock"))) == token.encode():
            await self.redis.delete(_key(name, "lock"))
