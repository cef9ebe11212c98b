"""Who sits where, beyond one game: the rated games whose result is still to be delivered, and
each account's seats in running games. Both are the game service's own keys:

    olympus:games:rated                  sorted set: rated games whose result the scoring
                                         service has not taken yet, scored by creation ms
    olympus:games:acct:{a:<account>}     set: "<game id>:<seat>" for each seat the account
                                         holds in a game that has not ended

Both are written before the game itself (like its timer): a rated game never exists without
its pending entry, nor an account's seat without its index entry. An entry whose game was never
made (the create failed) is dropped by whoever next finds it there. The rated entry leaves only
once the scoring service has recorded the game (workers/results.py), so a result is delivered
at least once, however the processes fail; the scoring service records it once.
"""

from __future__ import annotations

from typing import Any

from olympus.platform.storage import storage_calls

from .meta import GameMeta
from .store import PREFIX

RATED = f"{PREFIX}:games:rated"

_storage = storage_calls("game", "olympus.gamestate.seating", prefix="seating_")


def account_key(account: str) -> str:
    return f"{PREFIX}:games:acct:{{a:{account}}}"


class Seating:
    def __init__(self, redis: Any) -> None:
        self.redis = redis

    @_storage
    async def before_create(self, meta: GameMeta) -> None:
        """What must exist before the game does (see the module's doc)."""
        pipe = self.redis.pipeline(transaction=False)
        if meta.rated_queue:
            pipe.zadd(RATED, {meta.game_id: meta.created_ms}, nx=True)
        for account, seats in meta.account_seats().items():
            pipe.sadd(account_key(account), *(f"{meta.game_id}:{seat}" for seat in seats))
        if len(pipe):
            await pipe.execute()

    @_storage
    async def ended(self, meta: GameMeta) -> None:
        """The game ended: its seats are no longer anyone's running seats."""
        seats = meta.account_seats()
        if not seats:
            return
        pipe = self.redis.pipeline(transaction=False)
        for account, numbers in seats.items():
            pipe.srem(account_key(account), *(f"{meta.game_id}:{seat}" for seat in numbers))
        await pipe.execute()

    @_storage
    async def pending_rated(self, limit: int) -> list[tuple[str, int]]:
        """(game id, created ms) of the rated games not delivered yet, oldest first."""
        rows = await self.redis.zrange(RATED, 0, limit - 1, withscores=True)
        return [(g.decode(), int(score)) for g, score in rows]

    @_storage
    async def is_pending(self, game_id: str) -> bool:
        return await self.redis.zscore(RATED, game_id) is not None

    @_storage
    async def delivered(self, game_id: str) -> None:
        await self.redis.zrem(RATED, game_id)

    @_storage
    async def account_seats(self, account: str) -> list[tuple[str, int]]:
        """(game id, seat) of every seat the account holds in games not known to have ended."""
        out = []
        for member in await self.redis.smembers(account_key(account)):
            game_id, _, seat = member.decode().partition(":")
            out.append((game_id, int(seat)))
        return sorted(out)

    @_storage
    async def forget_seat(self, account: str, game_id: str, seat: int) -> None:
        await self.redis.srem(account_key(account), f"{game_id}:{seat}")
