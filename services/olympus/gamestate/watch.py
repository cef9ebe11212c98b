"""WatchGame: a game's events from a version on, then live, from the game's Redis stream.

Each process keeps one feed per game that has watchers here: one task blocking on XREAD for
that game's stream, fanning new entries out to every local watcher. A watcher first catches up
with XRANGE from the version it asked for, then follows the feed; any gap between the two (or
behind the feed's short memory) is read from the stream again, so a watcher sees every version
once, in order, whichever replica wrote it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator

from olympus.platform.errors import InvalidArgument, Unavailable
from olympus.v1 import game_pb2 as pb

from . import store as st
from .core import Games

BLOCK_MS = 2_000  # one XREAD waits this long (well within the Redis socket timeout), then again
PAGE = 256
RECENT = 256  # entries a feed remembers for watchers that are a little behind


class _Feed:
    def __init__(self, game_id: str, after: int) -> None:
        self.game_id = game_id
        self.last = after
        self.recent: deque[tuple[int, bytes]] = deque(maxlen=RECENT)
        self.signal = asyncio.Event()
        self.error: BaseException | None = None
        self.watchers = 0
        self.task: asyncio.Task[None] | None = None

    def publish(self) -> None:
        signal, self.signal = self.signal, asyncio.Event()
        signal.set()

    def since(self, after: int) -> list[tuple[int, bytes]] | None:
        """Entries after `after` if the memory reaches back that far, else None."""
        if not self.recent or self.recent[0][0] > after + 1:
            return None
        return [e for e in self.recent if e[0] > after]


class EventHub:
    def __init__(self, store: st.GameStore) -> None:
        self.store = store
        self._feeds: dict[str, _Feed] = {}

    async def _read(self, feed: _Feed) -> None:
        try:
            while True:
                entries = await self.store.wait_events(feed.game_id, feed.last, BLOCK_MS)
                if entries:
                    feed.recent.extend(entries)
                    feed.last = entries[-1][0]
                    feed.publish()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # Redis went away: tell the watchers, they end with UNAVAILABLE
            feed.error = exc
            feed.publish()

    async def follow(self, game_id: str, after: int) -> AsyncGenerator[tuple[int, bytes], None]:
        feed = self._feeds.get(game_id)
        if feed is None or feed.error is not None:
            feed = self._feeds[game_id] = _Feed(game_id, after)
            feed.task = asyncio.ensure_future(self._read(feed))
        feed.watchers += 1
        try:
            while True:
                signal = feed.signal
                if feed.last > after:
                    batch = feed.since(after)
                    if batch is None:
                        batch = await self.store.events_after(game_id, after, PAGE)
                        if not batch:
                            raise Unavailable("the game's events are no longer stored")
                    for version, raw in batch:
                        yield version, raw
                        after = version
                    continue
                if feed.error is not None:
                    raise Unavailable("event stream lost; watch again from the last version")
                await signal.wait()
        finally:
            feed.watchers -= 1
            if feed.watchers == 0 and self._feeds.get(game_id) is feed:
                del self._feeds[game_id]
                if feed.task is not None:
                    feed.task.cancel()

    async def close(self) -> None:
        tasks = [f.task for f in self._feeds.values() if f.task is not None]
        self._feeds.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def watch(
    games: Games, hub: EventHub, game_id: str, token: str, from_version: int
) -> AsyncIterator[pb.GameEvent]:
    """Every event with a version above `from_version`, then the new ones until the game ends."""
    meta = await games.meta(game_id)
    await games.seat_for(meta, token)  # anyone may watch, but a bad token is refused
    if from_version < 0:
        raise InvalidArgument("from_version cannot be negative", reason="INVALID_VERSION")
    store = games.store
    summary = await store.summary(game_id)
    finished = summary["status"] == st.STATUS_FINISHED.encode()
    if finished and not await store.events_exist(game_id):
        # The stream expired with the hot state: the answers rebuild the same events.
        game_log = await games.log(game_id, "")
        for event in games.replay_events(game_log):
            if event.version > from_version:
                yield event
        return
    after = from_version
    while True:
        batch = await store.events_after(game_id, after, PAGE)
        for version, raw in batch:
            event = pb.GameEvent.FromString(raw)
            yield event
            after = version
            if event.finished:
                return
        if len(batch) < PAGE:
            break
    if finished:
        return
    async with contextlib.aclosing(hub.follow(game_id, after)) as live:
        async for _version, raw in live:
            event = pb.GameEvent.FromString(raw)
            yield event
            if event.finished:
                return
