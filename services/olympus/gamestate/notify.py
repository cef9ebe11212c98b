"""One Redis connection per process that hears the live events of every game watched here.

The commit scripts PUBLISH each new event on its game's channel (``keys.live_channel``). This
connection SUBSCRIBEs a game's channel while the process has watchers of that game and hands
each message to a `Listener` (the `watch.EventHub`), so the number of connections does not grow
with the number of watched games.

Redis keeps nothing for a subscriber that is away: a message published while the connection is
down, or before a subscription took effect, is never delivered. So the listener is told when a
channel is *live* (Redis confirmed the subscription on the current connection and no later
(un)subscribe of that channel is in flight) and when the connection is *lost* (every channel
stops being live); whoever relies on the messages must read what it may have missed from the
stream each time a channel goes live. The connection is opened again at once, then with a
growing delay, and every wanted channel is subscribed again. A PING every few quiet seconds
finds a connection that died without closing.

Only plain TCP and unix-socket Redis URLs are supported (as in `pipe.py`). On a Redis Cluster
a PUBLISH reaches every node, so the connection goes to any node, the next one when it is lost
(a master killed: the subscriber moves on to another node and subscribes again).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import Any, Protocol

import hiredis
from redis.asyncio.connection import SSLConnection

from olympus.platform.redis_pool import connection_targets, is_cluster

log = logging.getLogger("olympus.gamestate.notify")

CONNECT_TIMEOUT_S = 5.0
HEARTBEAT_S = 5.0  # a PING after this long without a byte from Redis
SILENT_LIMIT = 3  # ... and the connection is given up after this many PINGs unanswered
RETRY_FIRST_S = 0.05
RETRY_MAX_S = 2.0
SUBSCRIBE_CHUNK = 512  # channels per SUBSCRIBE command when (re)subscribing them all


class Listener(Protocol):
    def channel_live(self, channel: bytes) -> None: ...

    def channel_message(self, channel: bytes, payload: bytes) -> None: ...

    def connection_lost(self) -> None: ...


class RedisRefused(ConnectionError):
    """Redis answered the connection's set-up with an error (AUTH, CLIENT SETNAME)."""


class Subscriber:
    def __init__(self, targets: list[dict[str, Any]], client_name: str, listener: Listener) -> None:
        if not targets or any("path" not in kw and "host" not in kw for kw in targets):
            raise ValueError("the live event subscriber needs a redis:// or unix:// URL")
        self._targets = targets
        self._next_target = 0
        self._name = client_name
        self._listener = listener
        self._wanted: set[bytes] = set()
        # (Un)subscribe commands per channel sent on the current connection and not yet
        # confirmed: a channel is live only when its last command, a SUBSCRIBE, is confirmed.
        self._in_flight: dict[bytes, int] = {}
        self._writer: asyncio.StreamWriter | None = None
        self._out: list[bytes] = []
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    def for_client(cls, client: Any, client_name: str, listener: Listener) -> Subscriber:
        """A subscriber to the Redis (or any node of the Redis Cluster) a client talks to."""
        if not is_cluster(client) and issubclass(
            client.connection_pool.connection_class, SSLConnection
        ):
            raise ValueError("live events need a redis:// or unix:// URL (TLS is not supported)")
        targets = connection_targets(client)
        if any(kw.get("ssl") for kw in targets):
            raise ValueError("live events need plain TCP (TLS is not supported)")
        return cls(targets, client_name, listener)

    @property
    def connected(self) -> bool:
        return self._writer is not None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())

    def want(self, channel: bytes) -> None:
        if channel not in self._wanted:
            self._wanted.add(channel)
            self._send(b"SUBSCRIBE", [channel])

    def drop(self, channel: bytes) -> None:
        if channel in self._wanted:
            self._wanted.discard(channel)
            self._send(b"UNSUBSCRIBE", [channel])

    def _send(self, command: bytes, channels: list[bytes]) -> None:
        """Queue a command for this loop turn's single write; without a connection there is
        nothing to send: the next connection subscribes every wanted channel."""
        if self._writer is None:
            return
        for channel in channels:
            self._in_flight[channel] = self._in_flight.get(channel, 0) + 1
        if not self._out:
            asyncio.get_running_loop().call_soon(self._flush)
        packed: tuple[Any, ...] = (command, *channels)
        self._out.append(hiredis.pack_command(packed))

    def _flush(self) -> None:
        if self._out and self._writer is not None:
            self._writer.write(b"".join(self._out))
        self._out.clear()

    async def _run(self) -> None:
        delay = RETRY_FIRST_S
        while not self._closed:
            try:
                # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
                # cancellation that comes as the awaited read completes (close() would hang).
                async with asyncio.timeout(CONNECT_TIMEOUT_S):
                    reader, writer, parser = await self._open()
            except (OSError, ConnectionError, TimeoutError) as exc:
                self._next_target = (self._next_target + 1) % len(self._targets)
                log.warning("live events: cannot connect to redis (%s); again in %.2fs", exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MAX_S)
                continue
            delay = RETRY_FIRST_S
            self._writer = writer
            try:
                for chunk in _chunks(sorted(self._wanted), SUBSCRIBE_CHUNK):
                    self._send(b"SUBSCRIBE", chunk)
                await self._listen(reader, writer, parser)
            except (OSError, ConnectionError) as exc:
                self._next_target = (self._next_target + 1) % len(self._targets)
                log.warning("live events: redis connection lost (%s); reconnecting", exc)
            except Exception:  # a bug must not end live events for good: log, start again
                log.exception("live events: unexpected error; reconnecting")
            finally:
                self._writer = None
                self._out.clear()
                self._in_flight.clear()
                writer.close()
                if not self._closed:
                    self._listener.connection_lost()

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, hiredis.Reader]:
        kw = self._targets[self._next_target]
        if "path" in kw:
            reader, writer = await asyncio.open_unix_connection(kw["path"])
        else:
            reader, writer = await asyncio.open_connection(kw["host"], kw.get("port", 6379))
        parser = hiredis.Reader()
        hello: list[tuple[Any, ...]] = []
        if kw.get("password"):
            user = kw.get("username")
            hello.append(("AUTH", user, kw["password"]) if user else ("AUTH", kw["password"]))
        hello.append(("CLIENT", "SETNAME", self._name))  # so operators (and tests) can count it
        try:
            for command in hello:
                writer.write(hiredis.pack_command(command))
                reply = await _reply(reader, parser)
                if isinstance(reply, hiredis.ReplyError):
                    raise RedisRefused(f"redis refused {command[0]}: {reply}")
        except BaseException:
            writer.close()
            raise
        return reader, writer, parser

    async def _listen(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, parser: hiredis.Reader
    ) -> None:
        unanswered = 0
        while not self._closed:
            try:
                async with asyncio.timeout(HEARTBEAT_S):
                    data = await reader.read(1 << 16)
            except TimeoutError:
                unanswered += 1
                if unanswered > SILENT_LIMIT:
                    raise ConnectionError("redis did not answer PING") from None
                writer.write(hiredis.pack_command((b"PING",)))
                continue
            if not data:
                raise ConnectionError("redis closed the connection")
            unanswered = 0
            parser.feed(data)
            while (reply := parser.gets()) is not False:
                self._dispatch(reply)

    def _dispatch(self, reply: Any) -> None:
        if not isinstance(reply, list) or len(reply) < 2:
            if isinstance(reply, hiredis.ReplyError):
                raise ConnectionError(f"redis error on the subscriber connection: {reply}")
            return
        kind, channel = reply[0], reply[1]
        if kind == b"message":
            if channel in self._wanted:
                self._listener.channel_message(channel, reply[2])
        elif kind in (b"subscribe", b"unsubscribe"):
            left = self._in_flight.get(channel, 0) - 1
            if left > 0:
                self._in_flight[channel] = left
                return
            self._in_flight.pop(channel, None)
            if channel in self._wanted:  # the last command sent for it was a SUBSCRIBE
                self._listener.channel_live(channel)
        # b"pong": the heartbeat's answer, nothing to do

    async def close(self) -> None:
        self._closed = True
        if self._writer is not None:
            self._writer.close()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _reply(reader: asyncio.StreamReader, parser: hiredis.Reader) -> Any:
    while (reply := parser.gets()) is False:
        data = await reader.read(1 << 16)
        if not data:
            raise ConnectionError("redis closed the connection")
        parser.feed(data)
    return reply


def _chunks(items: list[bytes], size: int) -> Iterable[list[bytes]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]
