"""Who sits where, beyond one game: the rated games whose result is still to be delivered, and
each account's seats in running games. Both are the game service's own keys:

    olympus:games:rated                  sorted set: rated games whose result the scoring
                                         service has not taken yet, scored by creation ms
    olympus:games:acct:{a:<account>}     set: "<game id>:<seat>" for each seat the account
                                         holds in a game that has not ended
    olympus:games:acctended:{a:<account>}
                                         sorted set: the same for its last ENDED_KEPT games
                                         that ended, scored by when (ListMyGames)
    olympus:games:acct:{a:<account>}:live
                                         pub/sub channel (not a key): a game id, published
                                         once the game with a seat of the account exists
                                         (WatchAccount's GAME_STARTED)

A seat left open at creation (open_tables.py) is the account's that took it, as the game's
grants hash records ("o:<seat>" -> the account, "n:<seat>" -> its name): `seated` gives the
metadata with those accounts in, for whatever shows or moves a seat's account. It is read for
each call, never cached with the metadata (which is written once and cached everywhere), and
only for games whose metadata names open seats.

Both are written before the game itself (like its timer): a rated game never exists without
its pending entry, nor an account's seat without its index entry. An entry whose game was never
made (the create failed) is dropped by whoever next finds it there. The rated entry leaves only
once the scoring service has recorded the game (workers/results.py), so a result is delivered
at least once, however the processes fail; the scoring service records it once.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Sequence
from typing import Any

from olympus.platform.storage import storage_calls

from .keys import PREFIX, game_key
from .meta import GameMeta

RATED = f"{PREFIX}:games:rated"
ENDED_KEPT = 50  # ended games remembered per account

_storage = storage_calls("game", "olympus.gamestate.seating", prefix="seating_")


def account_key(account: str) -> str:
    return f"{PREFIX}:games:acct:{{a:{account}}}"


def ended_key(account: str) -> str:
    return f"{PREFIX}:games:acctended:{{a:{account}}}"


def account_channel(account: str) -> str:
    return f"{account_key(account)}:live"


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
    async def started(self, meta: GameMeta) -> None:
        """The game exists: tell its accounts' WatchAccount streams."""
        await self.tell(meta.game_id, meta.account_seats())

    @_storage
    async def tell(self, game_id: str, accounts: Iterable[str]) -> None:
        """Wake these accounts' WatchAccount streams about the game (each looks again)."""
        for account in dict.fromkeys(accounts):
            await self.redis.publish(account_channel(account), game_id)

    @_storage
    async def seated_all(self, metas: Sequence[GameMeta]) -> list[GameMeta]:
        """Each game's metadata with the accounts that took its open seats (and their names,
        for the seats' names): one round trip for all the games that have open seats, none
        when none has. A free open seat stays as created."""
        opened = [m for m in metas if m.open_seats]
        if not opened:
            return list(metas)
        pipe = self.redis.pipeline(transaction=False)
        for m in opened:
            pipe.hmget(game_key(m.game_id, "grants"), holder_fields(m.open_seats))
        taken: dict[str, dict[int, tuple[str, str]]] = {}
        for m, values in zip(opened, await pipe.execute(), strict=True):
            found = read_holders(m.open_seats, values)
            taken[m.game_id] = {seat: held for seat, held in found.items() if held[0]}
        return [_with_holders(m, taken.get(m.game_id, {})) for m in metas]

    async def seated(self, meta: GameMeta) -> GameMeta:
        return (await self.seated_all([meta]))[0]

    @_storage
    async def ended(self, meta: GameMeta) -> None:
        """The game ended: its seats are no longer anyone's running seats, but among each
        account's last ended ones (the takers of its open seats too). Safe to repeat (the
        score is kept from the first time)."""
        seats = (await self.seated(meta)).account_seats()
        if not seats:
            return
        now = int(time.time() * 1000)
        pipe = self.redis.pipeline(transaction=False)
        for account, numbers in seats.items():
            members = [f"{meta.game_id}:{seat}" for seat in numbers]
            pipe.srem(account_key(account), *members)
            pipe.zadd(ended_key(account), dict.fromkeys(members, now), nx=True)
            pipe.zremrangebyrank(ended_key(account), 0, -(ENDED_KEPT + 1))
        await pipe.execute()

    @_storage
    async def ended_seats(self, account: str) -> list[tuple[str, int, int]]:
        """(game id, seat, ended ms) of the account's last ended seats, the latest first."""
        out = []
        rows = await self.redis.zrevrange(ended_key(account), 0, ENDED_KEPT - 1, withscores=True)
        for member, score in rows:
            game_id, _, seat = member.decode().partition(":")
            out.append((game_id, int(seat), int(score)))
        return out

    @_storage
    async def forget_ended(self, account: str, game_id: str, seat: int) -> None:
        await self.redis.zrem(ended_key(account), f"{game_id}:{seat}")

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


def holder_fields(seats: Iterable[int]) -> list[str]:
    """The grants hash's fields that record who took each of `seats`: "o:<seat>" (the
    account, "" while free) and "n:<seat>" (its name), in that order per seat."""
    return [f"{p}:{seat}" for seat in seats for p in ("o", "n")]


def read_holders(
    seats: Sequence[int], values: Sequence[bytes | None]
) -> dict[int, tuple[str, str]]:
    """HMGET's answer for `holder_fields(seats)`: each open seat's (account, name), ("", "")
    while free; a seat that was never left open (no entry) is not in it."""
    return {
        seat: (account.decode(), (name or b"").decode())
        for seat, account, name in zip(seats, values[::2], values[1::2], strict=True)
        if account is not None
    }


def _with_holders(meta: GameMeta, holders: dict[int, tuple[str, str]]) -> GameMeta:
    """The metadata with each taken open seat's account, and its name when it has one (the
    name given at creation stood for whoever would sit there)."""
    if not holders:
        return meta
    seats = tuple(
        dataclasses.replace(s, account=holders[s.seat][0], name=holders[s.seat][1] or s.name)
        if s.seat in holders
        else s
        for s in meta.seats
    )
    return dataclasses.replace(meta, seats=seats)
