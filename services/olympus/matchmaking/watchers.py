"""WatchTicket fed by one shared subscription per process, not a poll per stream.

Every change of a ticket's status is published on the store's channel (store.CHANGES, the
ticket's id). Each process holds one subscription to it and wakes the streams watching that
ticket; a stream then reads its ticket once. So 1,500 streams on one ticket cost one read each
per change, and nothing while the ticket waits. A stream also reads its ticket every
RECHECK_S in case a message was lost (a subscription reconnecting), and checks its caller's
key then too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .store import CHANGES

log = logging.getLogger("olympus.matchmaking.watchers")
RECHECK_S = 5.0


class TicketWatchers:
    def __init__(self, redis: Any) -> None:
        self.redis = redis  # a client of its own: the subscription holds a connection
        self._waiting: dict[str, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._listen())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        for events in self._waiting.values():
            for event in events:
                event.set()

    @contextmanager
    def watching(self, tid: str) -> Iterator[asyncio.Event]:
        """An event set whenever the ticket changes (the caller clears it before reading)."""
        event = asyncio.Event()
        self._waiting.setdefault(tid, set()).add(event)
        try:
            yield event
        finally:
            events = self._waiting.get(tid)
            if events is not None:
                events.discard(event)
                if not events:
                    del self._waiting[tid]

    def add(self, key: str, event: asyncio.Event) -> None:
        """Set `event` too whenever `key` changes (one event for several keys); `discard`
        undoes it."""
        self._waiting.setdefault(key, set()).add(event)

    def discard(self, key: str, event: asyncio.Event) -> None:
        events = self._waiting.get(key)
        if events is not None:
            events.discard(event)
            if not events:
                del self._waiting[key]

    def wake(self, tid: str) -> None:
        for event in self._waiting.get(tid, ()):
            event.set()

    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANGES)
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    data = message.get("data") if message else None
                    if isinstance(data, bytes):
                        self.wake(data.decode())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("ticket changes: the subscription failed; resubscribing", exc_info=True)
                # Streams read their tickets anyway at least every RECHECK_S.
                for tid in list(self._waiting):
                    self.wake(tid)
                await asyncio.sleep(1.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
