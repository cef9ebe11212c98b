"""A disabled account's seats: the table takes them over; a revoked key's issued tokens: taken
back.

When the accounts service says an account was disabled (a key event, platform/keycheck.py),
every seat the account holds in a running game (seating.py's index) is resigned for it: from
the next decision on, the table's policy plays the seat (the random bot, as for any resigned
seat), the game goes on and ends, and a rated game is still rated (the seat counts as the
account's). The event that tells everyone carries the log entry `account_disabled`.

Every replica of the game service hears the event and works through the same seats; a seat
already resigned answers as such, so each is handed over once. Seats whose game ended or is
gone are dropped from the index.

When a key is revoked, the seat tokens ListMyGames and WatchAccount issued to it (grants.py)
are taken back in every running game of its account: they play nothing from then on. Each
replica drops them from its own cache as it hears the event; the tokens the seats were made
with, and those issued to the account's other keys, still play.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from olympus.engine.errors import GameFinished
from olympus.platform.errors import FailedPrecondition, NotFound, ServiceError
from olympus.platform.keycheck import ACCOUNT_DISABLED, KEY_REVOKED, KeyEventData

from .core import Games

log = logging.getLogger("olympus.gamestate.handover")
WHY = "account_disabled"


class Handover:
    def __init__(self, games: Games) -> None:
        self.games = games
        self._tasks: set[asyncio.Task[int]] = set()

    async def on_key_event(self, event: KeyEventData) -> None:
        """A key event listener: hands over in the background (the event stream goes on)."""
        if event.kind == ACCOUNT_DISABLED:
            work = self.account_disabled(event.account_id)
        elif event.kind == KEY_REVOKED and event.key_id:
            work = self.key_revoked(event.account_id, event.key_id)
        else:
            return
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def account_disabled(self, account: str) -> int:
        """Resign every running seat of the account; how many this call resigned."""
        handed = 0
        for game_id, seat in await self.games.seating.account_seats(account):
            try:
                meta = await self.games.meta(game_id)
                _, already = await self.games.resign_seat(meta, seat, WHY)
            except (NotFound, GameFinished, FailedPrecondition):
                # gone, finished or aborted: not a running seat any more
                await self.games.seating.forget_seat(account, game_id, seat)
                continue
            except ServiceError:
                log.warning(
                    "could not hand a disabled account's seat over; it is tried again when "
                    "the account's next event comes",
                    extra={"game_id": game_id, "seat": seat},
                )
                continue
            if not already:
                handed += 1
                log.info("seat handed over: account disabled", extra={"game_id": game_id})
        return handed

    async def key_revoked(self, account: str, key_id: str) -> int:
        """Take back every seat token issued to the key; how many there were."""
        taken = 0
        for game_id, seat in await self.games.seating.account_seats(account):
            try:
                taken += await self.games.grants.revoke(game_id, seat, key_id)
            except ServiceError:
                log.warning(
                    "could not take back a revoked key's seat token",
                    extra={"game_id": game_id, "seat": seat},
                )
        return taken

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
