"""WatchGame: a game's events from a version on, then live, on a fixed number of connections.

Every event is appended to the game's Redis stream and published on the game's channel by the
same script (store.py). A process follows the channels of the games watched here on one
subscriber connection (notify.py), and keeps one `_Feed` per such game: the last few events,
shared by all of the game's local watchers. Nothing holds a connection while it waits.

A watcher reads the stream from the version it asked for, then takes the feed's events. It
reads the stream again (never the feed alone) whenever it could have missed something: when it
falls behind what the feed remembers, and each time the feed goes live, i.e. when the
subscription is confirmed and again after the subscriber connection came back, since an event
published while nobody listened is never delivered. Versions are compared, so a watcher yields
every version once, in order, whichever replica wrote it.

The stream is trimmed to its last entries (and expires after a game ends): events older than
its first entry are rebuilt from the answer log (`history.replay_events`), once per game and
process, kept for the next watchers of that game.

Stream reads go through a pool of their own, a few at a time (`readers`), so that thousands of
watchers arriving at once queue behind each other instead of taking the connections answers
need. `shutdown()` ends every stream at once with UNAVAILABLE / SHUTTING_DOWN.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator

import redis.asyncio as aioredis
from google.protobuf.message import DecodeError

from olympus.platform.errors import DataLoss, InvalidArgument, NotFound, Unavailable
from olympus.platform.redis_together import Together
from olympus.v1 import game_pb2 as pb

from . import store as st
from .auth import HOST
from .core import Games, Loaded, loaded_bytes, now_ms
from .decisions import decision_reply
from .events import read_event
from .history import replay_events
from .lru import DECISION_REPLY_BYTES, Lru
from .meta import GameMeta
from .notify import Subscriber
from .records import StreamHead

log = logging.getLogger("olympus.gamestate.watch")

PAGE = 256  # stream entries per read
RECENT = 64  # events a feed remembers for watchers a little behind
DOWN_LIMIT_S = 5.0  # a watcher waiting longer than this for a feed to go live ends (UNAVAILABLE)
REBUILT_GAMES = 64  # games whose rebuilt older events a process keeps


def shutting_down() -> Unavailable:
    return Unavailable("this server is shutting down; reconnect", reason="SHUTTING_DOWN")


class _Feed:
    """The live events of one game for its watchers in this process."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.recent: deque[pb.GameEvent] = deque(maxlen=RECENT)  # consecutive versions
        self.signal = asyncio.Event()
        self.live = False  # subscribed on the current connection: every new event comes here
        self.epoch = 0  # how many times it went live
        self.watchers = 0

    @property
    def newest(self) -> int:
        return self.recent[-1].version if self.recent else 0

    def wake(self) -> None:
        signal, self.signal = self.signal, asyncio.Event()
        signal.set()

    def push(self, event: pb.GameEvent) -> None:
        newest = self.newest
        if newest and event.version <= newest:
            return  # already known
        if newest and event.version != newest + 1:
            self.recent.clear()  # missed some (the connection dropped): watchers read them
        self.recent.append(event)
        self.wake()

    def since(self, after: int) -> list[pb.GameEvent] | None:
        """The events after `after` if the memory reaches back that far, else None."""
        if not self.recent or self.recent[0].version > after + 1:
            return None
        return [e for e in self.recent if e.version > after]


class _Replays:
    """Events older than the trimmed stream, rebuilt from the answer log: once per game (a
    game's past never changes), shared by every watcher asking meanwhile."""

    def __init__(self, games: Games, reads: asyncio.Semaphore) -> None:
        self.games = games
        self._reads = reads
        self._events: Lru[str, list[pb.GameEvent]] = Lru(REBUILT_GAMES)
        self._running: dict[str, asyncio.Future[list[pb.GameEvent]]] = {}

    async def between(self, game_id: str, after: int, before: int) -> list[pb.GameEvent]:
        """The events with versions above `after` and below `before`."""
        events = self._events.get(game_id)
        if events is None or len(events) < before - 1:
            events = await self._rebuilt(game_id)
            if len(events) < before - 1:
                raise DataLoss(f"game {game_id}: its answer log is behind its events")
        return events[after : before - 1]  # version v is at index v - 1

    async def _rebuilt(self, game_id: str) -> list[pb.GameEvent]:
        running = self._running.get(game_id)
        if running is None:
            running = asyncio.ensure_future(self._rebuild(game_id))
            self._running[game_id] = running
            running.add_done_callback(lambda _: self._running.pop(game_id, None))
        return await asyncio.shield(running)

    async def _rebuild(self, game_id: str) -> list[pb.GameEvent]:
        async with self._reads:
            game_log = await self.games.log(game_id, "")
            # A whole game replays in ~20 ms: short enough to keep on the event loop.
            events = list(replay_events(game_log))
        self._events.put(game_id, events)
        return events


class EventHub:
    """Every live watch stream of this process, on one subscriber connection and a small
    pool (`redis`) for the stream reads, `readers` at a time."""

    def __init__(self, games: Games, redis: aioredis.Redis, client_name: str, readers: int) -> None:
        self.games = games
        self._redis = redis
        self._together = Together(redis)
        self._reads = asyncio.Semaphore(readers)
        self._replays = _Replays(games, self._reads)
        self._feeds: dict[bytes, _Feed] = {}  # by channel
        self._channels: dict[bytes, list[Callable[[], None]]] = {}  # see `listening`
        self._closing = False
        self._subscriber = Subscriber.for_client(redis, client_name, self)

    @property
    def closing(self) -> bool:
        return self._closing

    @property
    def watchers(self) -> int:
        return sum(f.watchers for f in self._feeds.values())

    def start(self) -> None:
        self._subscriber.start()

    def admission(self) -> asyncio.Semaphore:
        """Held by a watch while it checks the game and token: the same bound as stream reads
        (a burst of watchers never takes more than `readers` connections of the main pool)."""
        return self._reads

    # --- what the subscriber connection tells --------------------------------------------------
    def channel_live(self, channel: bytes) -> None:
        for wake in self._channels.get(channel, ()):
            wake()  # whatever was published before now was missed: read again
        feed = self._feeds.get(channel)
        if feed is not None:
            feed.live = True
            feed.epoch += 1
            feed.wake()

    def channel_message(self, channel: bytes, payload: bytes) -> None:
        for wake in self._channels.get(channel, ()):
            wake()
        feed = self._feeds.get(channel)
        if feed is None:
            return
        _, _, raw = payload.partition(b":")  # b"<version>:" + the event
        try:
            event = read_event(raw)
        except DecodeError:  # not ours: the stream still has the event, watchers read it there
            log.error("game %s: unreadable live event on %r", feed.game_id, channel)
            return
        feed.push(event)

    def connection_lost(self) -> None:
        for feed in self._feeds.values():
            feed.live = False
            feed.wake()

    # --- other channels (an account's: account.py) -----------------------------------------
    @contextlib.contextmanager
    def listening(self, channel: bytes, wake: Callable[[], None]) -> Iterator[None]:
        """Call `wake` on each message of `channel` and each time it goes live (when a
        message may have been missed), while in the block."""
        wakes = self._channels.setdefault(channel, [])
        wakes.append(wake)
        if len(wakes) == 1:
            self._subscriber.want(channel)
        try:
            yield
        finally:
            wakes.remove(wake)
            if not wakes:
                del self._channels[channel]
                self._subscriber.drop(channel)

    # --- watchers ------------------------------------------------------------------------------
    def _join(self, game_id: str) -> tuple[bytes, _Feed]:
        channel = st.live_channel(game_id).encode()
        feed = self._feeds.get(channel)
        if feed is None:
            feed = self._feeds[channel] = _Feed(game_id)
            self._subscriber.want(channel)
        feed.watchers += 1
        return channel, feed

    def _leave(self, channel: bytes, feed: _Feed) -> None:
        feed.watchers -= 1
        if feed.watchers == 0 and self._feeds.get(channel) is feed:
            del self._feeds[channel]
            self._subscriber.drop(channel)

    async def _read(self, game_id: str, after: int) -> tuple[list[pb.GameEvent], StreamHead]:
        """The next events after `after` from the stream, or rebuilt where it no longer
        reaches back; and the game's head at the time of the read."""
        async with self._reads:
            entries, head = await st.read_events(self._together, game_id, after, PAGE)
        if head.version == 0:
            raise NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")
        first = entries[0][0] if entries else head.version + 1
        if first > after + 1 and head.version > after:
            return await self._replays.between(game_id, after, first), head
        return [read_event(raw) for _, raw in entries], head

    async def follow(self, game_id: str, after: int) -> AsyncGenerator[pb.GameEvent, None]:
        """Every event after version `after`, in order, until the game has no more."""
        channel, feed = self._join(game_id)
        try:
            if not feed.live and self._subscriber.connected:
                # The subscription is on its way (a round trip): read once it is live, rather
                # than now and again then. Without a connection, read now (catch up at least).
                await self._until_live(feed)
            must_read = True
            relied_on = -1  # the feed epoch the last complete stream read counted on
            while True:
                if self._closing:
                    raise shutting_down()
                if must_read or (feed.live and feed.epoch != relied_on):
                    relied_on = feed.epoch if feed.live else -1
                    events, head = await self._read(game_id, after)
                    for event in events:
                        if self._closing:
                            raise shutting_down()
                        yield event
                        after = event.version
                    if head.ended and after >= head.version:
                        return
                    must_read = after < head.version  # more pages, or new events meanwhile
                    continue
                signal = feed.signal
                batch = feed.since(after)
                if batch:
                    for event in batch:
                        if self._closing:
                            raise shutting_down()
                        yield event
                        after = event.version
                    continue
                if feed.newest > after:  # behind the feed's memory
                    must_read = True
                    continue
                if feed.live:
                    await signal.wait()
                    continue
                # The subscription is on its way, or the connection is being restored.
                # (asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow the
                # cancellation of a call whose client went away.)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(DOWN_LIMIT_S):
                        await signal.wait()
                if not signal.is_set() and not self._subscriber.connected:
                    raise Unavailable("live events unavailable; watch again from the last version")
        finally:
            self._leave(channel, feed)

    async def _until_live(self, feed: _Feed) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DOWN_LIMIT_S
        while not feed.live and not self._closing and loop.time() < deadline:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout_at(deadline):
                    await feed.signal.wait()

    # --- stopping ------------------------------------------------------------------------------
    async def shutdown(self, wait_s: float = 1.0) -> None:
        """End every watch stream now with UNAVAILABLE / SHUTTING_DOWN (clients reconnect,
        to another replica), and refuse new ones; waits up to `wait_s` for them to end."""
        self._closing = True
        for feed in self._feeds.values():
            feed.wake()
        for wakes in self._channels.values():
            for wake in wakes:
                wake()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait_s
        while (self._feeds or self._channels) and loop.time() < deadline:
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        self._closing = True
        await self._subscriber.close()


async def watch(
    games: Games, hub: EventHub, game_id: str, token: str, from_version: int
) -> AsyncIterator[pb.GameEvent]:
    """Every event with a version above `from_version`, then the new ones until the game ends."""
    if hub.closing:
        raise shutting_down()
    async with hub.admission():
        meta = await games.meta(game_id)
        await games.seat_for(meta, token)  # anyone may watch, but a bad token is refused
    if from_version < 0:
        raise InvalidArgument(
            "from_version cannot be negative", reason="INVALID_VERSION", field="from_version"
        )
    async with contextlib.aclosing(hub.follow(game_id, from_version)) as events:
        async for event in events:
            yield event
            if event.finished:
                return


class SeatDecisions:
    """The decisions WatchGame adds to a seat's events (GameEvent.seat_decision): on an event
    after which the seat must decide, when that event is the game's newest. A game's state is
    loaded once per version for all of its seat watchers in this process (they wake together
    on the same event), and never for an event replayed from before the newest."""

    def __init__(self, games: Games, games_kept: int | None = None) -> None:
        """`games_kept`: a count of games instead of their share of the cache memory."""
        self.games = games
        caches = games.caches
        self._newest: Lru[str, Loaded] = (
            Lru(caches.share(caches.WATCHED_STATES), loaded_bytes)
            if games_kept is None
            else Lru(games_kept)
        )
        self._loading: dict[str, asyncio.Future[Loaded]] = {}
        # (game, version, seat) -> its event's decision: built once for every watcher of that
        # seat (a bot and its spectating author, a page open in several tabs).
        self._replies: Lru[tuple[str, int, int], pb.GetDecisionResponse] = Lru(
            caches.entries(caches.DECISION_REPLIES, DECISION_REPLY_BYTES)
            if games_kept is None
            else 4 * games_kept
        )

    async def _load(self, meta: GameMeta) -> Loaded:
        task = self._loading.get(meta.game_id)
        if task is None:
            task = asyncio.ensure_future(self.games.load(meta))
            self._loading[meta.game_id] = task
            task.add_done_callback(lambda _: self._loading.pop(meta.game_id, None))
        loaded = await asyncio.shield(task)
        known = self._newest.get(meta.game_id)
        if known is None or loaded.version > known.version:
            self._newest.put(meta.game_id, loaded)
        return loaded

    async def state_at(self, meta: GameMeta, version: int) -> Loaded | None:
        """The game at `version` when that is its newest version; None when it is not."""
        known = self._newest.get(meta.game_id)
        if known is not None and known.version >= version:
            return known if known.version == version else None
        loaded = await self._load(meta)
        if loaded.version < version:  # a load begun before this version was written
            loaded = await self._load(meta)
        return loaded if loaded.version == version else None

    async def added(
        self, game_id: str, token: str, events: AsyncIterator[pb.GameEvent]
    ) -> AsyncIterator[pb.GameEvent]:
        """`events` as WatchGame sends them to `token`'s holder."""
        viewer: int | None = None
        meta: GameMeta | None = None
        async for event in events:
            if meta is None:  # the stream checked the game and the token before its first event
                meta = await self.games.meta(game_id)
                seat = await self.games.seat_for(meta, token)
                viewer = None if seat is None or seat == HOST else seat
            reply = None if viewer is None else await self.decision_after(meta, event, viewer)
            if reply is None:
                yield event
                continue
            out = pb.GameEvent()
            out.CopyFrom(event)  # the feed's event is shared by every watcher: copied
            out.seat_decision.CopyFrom(reply)
            yield out

    async def decision_after(
        self, meta: GameMeta, event: pb.GameEvent, seat: int
    ) -> pb.GetDecisionResponse | None:
        """The seat's decision after `event`, when it has one there and the event is the
        game's newest; else None. Shared by every watcher of the seat (never to be changed)."""
        if event.finished or seat not in event.waiting_for:
            return None
        loaded = await self.state_at(meta, event.version)
        if loaded is None or loaded.status != st.STATUS_ACTIVE:
            return None
        key = (meta.game_id, loaded.version, seat)
        reply = self._replies.get(key)
        if reply is None:
            reply = decision_reply(
                meta.game_id,
                loaded.version,
                loaded.status,
                meta,
                loaded.table,
                loaded.game,
                seat,
                now_ms(),
            )
            self._replies.put(key, reply)
        return reply if reply.your_turn else None
