"""Key events to every service that follows them (AccountService.WatchKeyEvents).

The store appends each revocation and account change to its event stream (keys.py). One reader
per process waits on that stream (XREAD BLOCK, on a connection of its own) and hands each event
to every open WatchKeyEvents stream: followers cost a queue each, not a Redis connection.

A follower that resumes (`after` an event id it saw) first gets what it missed from the stream
itself, then the live events, never one twice: it subscribes before it reads the backlog and
skips live events at or before the last one the backlog gave. Every HEARTBEAT_S without an
event it gets a heartbeat (None), which tells it the stream is alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from olympus.platform.keycheck import KeyEventData

from .keys import KeyStore

log = logging.getLogger("olympus.accounts.events")

HEARTBEAT_S = 5.0
BLOCK_MS = 2_000
QUEUE_LIMIT = 10_000  # a follower this far behind is ended (it resumes from its last id)


def _after(a: str, b: str) -> bool:
    """Whether stream id `a` comes after `b`."""
    ams, _, aseq = a.partition("-")
    bms, _, bseq = b.partition("-")
    return (int(ams), int(aseq or 0)) > (int(bms), int(bseq or 0))


class EventHub:
    def __init__(self, blocking: KeyStore, store: KeyStore) -> None:
        self.blocking = blocking  # its Redis connection is the reader's alone
        self.store = store
        self._queues: set[asyncio.Queue[KeyEventData | None]] = set()
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._read())

    async def stop(self) -> None:
        self._stopping.set()
        for queue in list(self._queues):
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait(None)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _read(self) -> None:
        last = ""
        while not self._stopping.is_set():
            try:
                if not last:
                    last = await self.blocking.last_event_id()
                events = await self.blocking.wait_events(last, BLOCK_MS)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("key events: reading the stream failed; trying again", exc_info=True)
                await asyncio.sleep(1.0)
                continue
            for event in events:
                last = event.event_id
                for queue in list(self._queues):
                    try:
                        queue.put_nowait(event)
                    except asyncio.QueueFull:  # hopelessly behind: it reconnects and resumes
                        self._queues.discard(queue)

    async def follow(self, after: str) -> AsyncIterator[KeyEventData | None]:
        """The events after `after` ("" for new ones only), then live ones; None as a
        heartbeat. Ends when the process stops."""
        queue: asyncio.Queue[KeyEventData | None] = asyncio.Queue(QUEUE_LIMIT)
        self._queues.add(queue)
        try:
            seen = after
            if after:
                for missed in await self.store.events_after(after, QUEUE_LIMIT):
                    seen = missed.event_id
                    yield missed
            yield None  # at once: the follower knows it is connected
            while not self._stopping.is_set():
                if queue not in self._queues:
                    return  # dropped for falling behind
                try:
                    async with asyncio.timeout(HEARTBEAT_S):
                        event = await queue.get()
                except TimeoutError:
                    yield None
                    continue
                if event is None:
                    return
                if seen and not _after(event.event_id, seen):
                    continue
                seen = event.event_id
                yield event
        finally:
            self._queues.discard(queue)
