"""The scoring store: recorded results, and ratings per queue, in Redis.

Every key of one queue shares the hash tag ``{q:<queue>}`` (one Redis Cluster slot), so the
script that rates a game checks and writes all of them in one atomic step, and the game's
"rated" marker is written in that same step:

    olympus:scoring:{q:<queue>}:ratings     hash: player -> JSON {mu, sigma, games, wins}
    olympus:scoring:{q:<queue>}:board       sorted set: player scored by -(mu - 3 sigma), so
                                            that ZRANGE is best first and equal ordinals come
                                            in player-id (byte) order
    olympus:scoring:{q:<queue>}:games       hash: game id -> JSON of the scored game with each
                                            seat's rating before and after (the marker: a game
                                            in it was rated, and is never rated again)
    olympus:scoring:{q:<queue>}:h:<player>  list: the player's rated games, oldest first, one
                                            JSON {game_id, place, players, before, after, ms}

and, per game, in the game's hash tag (this service's own key, never deleted with the game: a
result outlives the game's retention):

    olympus:scoring:{g:<id>}:result         string: JSON of the game's scored result, its queue
                                            ("" unrated) and its players; written once (SET NX).
                                            For an unrated game it is the record; for a rated
                                            one it pins the queue and the players before the
                                            queue's step rates it, so that a game is never
                                            rated in two queues, nor with two seatings.

Rating is optimistic: read the players' ratings, compute the new ones (openskill, in Python),
then one script writes them only if the game is not rated yet and every rating read is still
the one stored (else the caller reads again and retries).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis

from olympus.platform.redis_together import Together
from olympus.platform.storage import storage_calls

PREFIX = "olympus:scoring"

# Outcomes of the rating script.
RATED = 1
ALREADY = 0  # the game was rated before: the record is returned
MOVED = 2  # a player's rating changed since it was read: read again

_RATE = """
local existing = redis.call('HGET', KEYS[1], ARGV[1])
if existing then return {0, existing} end
local n = tonumber(ARGV[3])
for i = 0, n - 1 do
  local base = 4 + i * 5
  local current = redis.call('HGET', KEYS[2], ARGV[base]) or ''
  if current ~= ARGV[base + 1] then return {2, ARGV[base]} end
end
for i = 0, n - 1 do
  local base = 4 + i * 5
  redis.call('HSET', KEYS[2], ARGV[base], ARGV[base + 2])
  redis.call('ZADD', KEYS[3], ARGV[base + 3], ARGV[base])
  redis.call('RPUSH', KEYS[4 + i], ARGV[base + 4])
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return {1}
"""

# A leaderboard page: from the start, or after (score, player) of the previous page's last
# entry. While that player still has that score, the page starts right after it; if their rating
# moved since, after every player with a better score, plus the players tied at that score
# (which the caller skips up to the last one it saw). Returns {start rank, size, entries, the
# entries' ratings}, all read at one instant.
_PAGE = """
local start = 0
local ties = 0
if ARGV[2] ~= '' then
  local current = redis.call('ZSCORE', KEYS[1], ARGV[3])
  if current and tonumber(current) == tonumber(ARGV[2]) then
    start = redis.call('ZRANK', KEYS[1], ARGV[3]) + 1
  else
    start = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. ARGV[2])
    ties = redis.call('ZCOUNT', KEYS[1], ARGV[2], ARGV[2])
  end
end
local stop = start + tonumber(ARGV[1]) + ties - 1
local entries = redis.call('ZRANGE', KEYS[1], start, stop, 'WITHSCORES')
local ratings = {}
for i = 1, #entries, 2 do
  ratings[#ratings + 1] = redis.call('HGET', KEYS[2], entries[i]) or ''
end
return {start, redis.call('ZCARD', KEYS[1]), entries, ratings}
"""

_storage = storage_calls("scoring", "olympus.scoring.store", prefix="scoring_")


def queue_key(queue: str, part: str) -> str:
    return f"{PREFIX}:{{q:{queue}}}:{part}"


def history_key(queue: str, player: str) -> str:
    return queue_key(queue, f"h:{player}")


def result_key(game_id: str) -> str:
    return f"{PREFIX}:{{g:{game_id}}}:result"


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    player: str
    expected: bytes  # the rating JSON read (b"" for a player not rated yet)
    new: bytes
    board_score: float  # -(ordinal)
    history_entry: bytes


@dataclass(frozen=True, slots=True)
class BoardPage:
    start: int  # 0-based rank of entries[0]
    size: int  # players on the board
    entries: list[tuple[str, float, bytes]]  # (player, board score, rating JSON), best first


class ScoringStore:
    def __init__(self, redis: aioredis.Redis) -> None:
        # Replies are bytes (the client is made without decode_responses).
        self.redis: Any = redis
        self._rate = redis.register_script(_RATE)
        self._together = Together(redis)
        self._page = redis.register_script(_PAGE)

    # --- results ------------------------------------------------------------------------------
    @_storage
    async def recorded(self, game_id: str) -> bytes | None:
        value: bytes | None = await self.redis.get(result_key(game_id))
        return value

    @_storage
    async def claim(self, game_id: str, record: bytes) -> bytes | None:
        """Write the game's result record unless one is there: None when this call wrote it,
        else the record found."""
        written, value = await self._together(
            ("SET", result_key(game_id), record, "NX"), ("GET", result_key(game_id))
        )
        return None if written else value

    # --- ratings ------------------------------------------------------------------------------
    @_storage
    async def ratings_for(
        self, queue: str, game_id: str, players: Sequence[str]
    ) -> tuple[bytes | None, list[bytes | None]]:
        """The game's rated record in the queue (None if not rated yet) and the players' stored
        ratings, read together."""
        rated, ratings = await self._together(
            ("HGET", queue_key(queue, "games"), game_id),
            ("HMGET", queue_key(queue, "ratings"), *players),
        )
        return rated, list(ratings)

    @_storage
    async def rate(
        self, queue: str, game_id: str, record: bytes, updates: Sequence[RatingUpdate]
    ) -> tuple[int, bytes | None]:
        """(RATED, None), (ALREADY, the record rated before) or (MOVED, None)."""
        keys = [
            queue_key(queue, "games"),
            queue_key(queue, "ratings"),
            queue_key(queue, "board"),
            *(history_key(queue, u.player) for u in updates),
        ]
        args: list[Any] = [game_id, record, len(updates)]
        for u in updates:
            args += [u.player, u.expected, u.new, repr(u.board_score), u.history_entry]
        reply = await self._rate(keys=keys, args=args)
        kind = int(reply[0])
        return kind, (reply[1] if kind == ALREADY else None)

    @_storage
    async def ratings(self, queue: str, players: Sequence[str]) -> list[tuple[bytes | None, int]]:
        """Each player's (rating JSON or None, 0-based rank), read together."""
        commands: list[tuple[Any, ...]] = [("HMGET", queue_key(queue, "ratings"), *players)]
        commands += [("ZRANK", queue_key(queue, "board"), p) for p in players]
        raws, *ranks = await self._together(*commands)
        return [(raw, int(rank or 0)) for raw, rank in zip(raws, ranks, strict=True)]

    @_storage
    async def queue_exists(self, queue: str) -> bool:
        return bool(await self.redis.exists(queue_key(queue, "board")))

    @_storage
    async def rating(self, queue: str, player: str) -> tuple[bool, bytes | None, int | None]:
        """(queue exists, the player's rating JSON, their 0-based rank)."""
        exists, raw, rank = await self._together(
            ("EXISTS", queue_key(queue, "board")),
            ("HGET", queue_key(queue, "ratings"), player),
            ("ZRANK", queue_key(queue, "board"), player),
        )
        return bool(exists), raw, rank

    @_storage
    async def history(
        self, queue: str, player: str, size: int, end: int | None
    ) -> tuple[int, int, list[bytes]]:
        """(the list's length, index of the first entry, entries) of the player's rated
        games, the `size` before index `end` (None: the newest), oldest first."""
        key = history_key(queue, player)
        window = (-size, -1) if end is None else (max(0, end - size), end - 1)
        length, entries = await self._together(("LLEN", key), ("LRANGE", key, *window))
        first = (length - len(entries)) if end is None else max(0, end - size)
        return int(length), first, list(entries)

    @_storage
    async def board_page(
        self, queue: str, count: int, after: tuple[float, str] | None
    ) -> BoardPage:
        args: list[Any] = [count, "", ""]
        if after is not None:
            args = [count, repr(after[0]), after[1]]
        start, size, flat, ratings = await self._page(
            keys=[queue_key(queue, "board"), queue_key(queue, "ratings")], args=args
        )
        entries = [
            (flat[2 * i].decode(), float(flat[2 * i + 1]), raw) for i, raw in enumerate(ratings)
        ]
        return BoardPage(int(start), int(size), entries)
