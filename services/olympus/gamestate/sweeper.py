"""The sweeper: a task in every service process that keeps storage from growing forever.

Every `--sweep-seconds` it takes what is due from the two schedules (`schedules.py`):

- from `activity`: a game that has not changed for the inactivity limit is aborted (reason
  "inactivity"); one that moved since is looked at again when its own limit comes; one that
  ended but whose process died before the bookkeeping after its last commit (index moves,
  deletion schedule) gets that bookkeeping done now;
- from `expiry`: a finished or aborted game whose retention is over is deleted.

Its first sweep also puts the games written before the schedules existed on them (once per
deployment, `Schedules.adopt`). Several processes sweep at once safely: each due game is
claimed by one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass

from olympus.engine.errors import GameFinished
from olympus.platform.errors import ServiceError

from . import store as st
from .core import now_ms
from .ending import Ending

log = logging.getLogger("olympus.gamestate.sweeper")

BATCH = 100  # members taken from a schedule per sweep (the rest wait for the next sweep)
LEASE_MS = 60_000  # how long a claimed member stays with the sweeper that took it


@dataclass(frozen=True, slots=True)
class Swept:
    aborted: int = 0
    deleted: int = 0
    tidied: int = 0  # ended games whose bookkeeping was finished here


class Sweeper:
    def __init__(self, ending: Ending, every_seconds: float) -> None:
        self.ending = ending
        self.store = ending.store
        self.schedules = ending.schedules
        self.every_seconds = every_seconds
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        adopted = False
        while True:
            try:
                if not adopted:
                    await self.schedules.adopt(now_ms())
                    adopted = True
                swept = await self.sweep()
                if swept != Swept():
                    log.info("swept: %s", swept)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis away: try again at the next sweep
                log.exception("sweep failed")
            await asyncio.sleep(self.every_seconds)

    async def sweep(self) -> Swept:
        now = now_ms()
        aborted, tidied = await self._idle(now)
        deleted = 0
        for member in await self.schedules.claim_due(st.EXPIRY, now, LEASE_MS, BATCH):
            deleted += await self.ending.delete(member)
        return Swept(aborted, deleted, tidied)

    async def _idle(self, now: int) -> tuple[int, int]:
        members = await self.schedules.claim_due(st.ACTIVITY, now, LEASE_MS, BATCH)
        if not members:
            return 0, 0
        limit_ms = self.store.inactivity_seconds * 1000
        rows = await self.store.summaries([st.member_game(m) for m in members])
        aborted = tidied = 0
        for member, row in zip(members, rows, strict=True):
            status = (row["status"] or b"").decode()
            updated = int(row["updated"] or 0)
            if not status:  # gone: nothing of it may stay listed
                await self.ending.delete(member)
            elif status in st.ENDED:
                meta = await self.ending.games.meta(st.member_game(member))
                await self.schedules.ended(member, status, updated, meta.anonymous)
                await self.ending.games.seating.ended(meta)
                tidied += 1
            elif limit_ms and updated <= now - limit_ms:
                try:
                    made = await self.ending.abort_idle(st.member_game(member), now - limit_ms)
                except (GameFinished, ServiceError):  # ended meanwhile: tidied when due again
                    continue
                if made is None:  # an answer came in meanwhile: look again at the next sweep
                    await self.schedules.reschedule(st.ACTIVITY, member, now)
                else:
                    aborted += 1
            else:
                await self.schedules.reschedule(
                    st.ACTIVITY, member, self.store.next_check_ms(updated)
                )
        return aborted, tidied
