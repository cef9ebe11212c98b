"""One Redis connection shared by every request of the process, pipelined automatically.

The answer path sends two commands per answer at most (a GET when the state is not cached,
the commit script). Through redis-py each costs a pooled connection, a packed command built in
Python and a send of its own. Here every command sent during one turn of the event loop goes
out in one write, packed by hiredis, and one reader task hands the replies back in order:
Redis answers a connection's commands in the order it got them. Under load that is a few
system calls per batch instead of two per command.

Failures, fast and contained:

- A reply that does not come within the client's `socket_timeout` (a frozen or overloaded
  Redis) fails the command with TimeoutError, and the connection is dropped with everything
  still waiting on it: a late reply would otherwise be taken for the next command's.
- A connection found dead (Redis restarted, the connection killed) fails the commands waiting
  on it with ConnectionError; each such call is sent once more on a new connection. That is
  safe for everything sent through the pipe: GETs, SCRIPT LOAD, and the commit script, which
  is a compare-and-set: if its first copy did land, the second finds the version moved on (or
  the answer's idempotency record) and writes nothing, so an answer is never applied twice.
- Connecting is bounded by `socket_connect_timeout`.

Only plain TCP or unix-socket Redis URLs are supported; the store keeps redis-py for anything
else (TLS).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any

import hiredis

DEFAULT_TIMEOUT_S = 5.0  # redis-py's default, for a client made without timeouts


class PipeError(Exception):
    """An error reply from Redis."""


class RedisNotReady(ConnectionError):
    """An error reply of a Redis that cannot serve for now: the command did nothing and may be
    sent again later, as after a lost connection (the caller sees UNAVAILABLE)."""


# Loading its data after a restart, a script running past its limit, no master (yet), a write
# sent to a replica during a failover.
NOT_READY = ("LOADING ", "BUSY ", "MASTERDOWN ", "READONLY ", "TRYAGAIN ", "CLUSTERDOWN ")


class _Connection:
    """One connection: what was packed for it, and the futures waiting for its replies."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.out: list[bytes] = []
        self.pending: deque[asyncio.Future[Any]] = deque()
        self.failed: BaseException | None = None
        self.reader_task: asyncio.Task[None] | None = None

    def flush(self) -> None:
        if self.out and self.failed is None:
            self.writer.write(b"".join(self.out))
        self.out.clear()

    def fail(self, error: BaseException) -> None:
        """Close it; every command not answered yet fails with `error`."""
        if self.failed is not None:
            return
        self.failed = error
        self.out.clear()
        self.writer.close()
        while self.pending:
            future = self.pending.popleft()
            if not future.done():
                future.set_exception(error)


class RedisPipe:
    def __init__(self, connection_kwargs: dict[str, Any]) -> None:
        self._kwargs = connection_kwargs
        self._timeout: float = connection_kwargs.get("socket_timeout") or DEFAULT_TIMEOUT_S
        self._connect_timeout: float = (
            connection_kwargs.get("socket_connect_timeout") or self._timeout
        )
        self._connection: _Connection | None = None
        self._connecting = asyncio.Lock()

    @staticmethod
    def supports(connection_kwargs: dict[str, Any]) -> bool:
        return not connection_kwargs.get("ssl", False) and (
            "path" in connection_kwargs or "host" in connection_kwargs
        )

    async def _connect(self) -> _Connection:
        async with self._connecting:
            current = self._connection
            if current is not None and current.failed is None:
                return current
            async with asyncio.timeout(self._connect_timeout):
                reader, writer, parser = await self._open()
            connection = _Connection(writer)
            connection.reader_task = asyncio.ensure_future(self._read(connection, reader, parser))
            self._connection = connection
            return connection

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, hiredis.Reader]:
        kw = self._kwargs
        if "path" in kw:
            reader, writer = await asyncio.open_unix_connection(kw["path"])
        else:
            reader, writer = await asyncio.open_connection(kw["host"], kw.get("port", 6379))
        parser = hiredis.Reader(replyError=PipeError)
        hello: list[tuple[Any, ...]] = []
        if kw.get("password"):
            user = kw.get("username")
            hello.append(("AUTH", user, kw["password"]) if user else ("AUTH", kw["password"]))
        if kw.get("db"):
            hello.append(("SELECT", kw["db"]))
        if kw.get("client_name"):  # named like the pool it stands beside (CLIENT LIST)
            hello.append(("CLIENT", "SETNAME", kw["client_name"]))
        try:
            for command in hello:  # before anything else is sent on this connection
                writer.write(hiredis.pack_command(command))
                await writer.drain()
                reply = await self._read_one(reader, parser)
                if isinstance(reply, PipeError):
                    raise ConnectionError(f"redis refused {command[0]}: {reply}")
        except BaseException:
            writer.close()
            raise
        return reader, writer, parser

    @staticmethod
    async def _read_one(reader: asyncio.StreamReader, parser: hiredis.Reader) -> Any:
        while True:
            reply = parser.gets()
            if reply is not False:
                return reply
            data = await reader.read(65536)
            if not data:
                raise ConnectionError("redis closed the connection")
            parser.feed(data)

    @staticmethod
    async def _read(
        connection: _Connection, reader: asyncio.StreamReader, parser: hiredis.Reader
    ) -> None:
        try:
            while True:
                data = await reader.read(1 << 16)
                if not data:
                    raise ConnectionError("redis closed the connection")
                parser.feed(data)
                while (reply := parser.gets()) is not False:
                    if not connection.pending:
                        raise ConnectionError("a reply nobody waits for")
                    future = connection.pending.popleft()
                    if not future.done():  # else its caller gave up (cancelled)
                        future.set_result(reply)
        except asyncio.CancelledError:
            connection.fail(ConnectionError("redis connection closed"))
            raise
        except ConnectionError as exc:
            connection.fail(exc)
        except Exception as exc:  # a broken socket or stream: every waiting command fails
            connection.fail(ConnectionError(f"redis connection lost: {type(exc).__name__}"))

    async def _round_trip(
        self, commands: tuple[tuple[Any, ...], ...], extra_s: float = 0.0
    ) -> list[Any]:
        connection = self._connection
        if connection is None or connection.failed is not None:
            connection = await self._connect()
        loop = asyncio.get_running_loop()
        if not connection.out:
            loop.call_soon(connection.flush)
        futures = []
        for command in commands:
            future: asyncio.Future[Any] = loop.create_future()
            connection.pending.append(future)
            connection.out.append(hiredis.pack_command(command))
            futures.append(future)
        try:
            async with asyncio.timeout(self._timeout + extra_s):
                return [await f for f in futures]
        except TimeoutError:
            connection.fail(TimeoutError("redis did not answer in time"))
            raise
        finally:
            for future in futures:  # the failure was raised once: the rest are seen, not logged
                if future.done() and not future.cancelled():
                    future.exception()

    async def execute_many(self, *commands: tuple[Any, ...], extra_s: float = 0.0) -> list[Any]:
        """Send commands (in one write, with whatever else is sent this loop turn); their
        replies in order. An error reply is raised. `extra_s`: time the commands may take in
        Redis on top of the usual timeout (a WAIT's own timeout)."""
        try:
            replies = await self._round_trip(commands, extra_s)
        except ConnectionError:
            # Found dead: once more on a new connection (safe to resend: see the module's doc).
            replies = await self._round_trip(commands, extra_s)
        for reply in replies:
            if isinstance(reply, PipeError):
                if str(reply).startswith(NOT_READY):
                    raise RedisNotReady(str(reply)) from reply
                raise reply
        return replies

    async def execute(self, *command: Any) -> Any:
        return (await self.execute_many(command))[0]

    async def evalsha(self, sha: str, script: str, keys: list[str], args: list[Any]) -> Any:
        try:
            return await self.execute("EVALSHA", sha, len(keys), *keys, *args)
        except PipeError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
        await self.execute("SCRIPT", "LOAD", script)
        return await self.execute("EVALSHA", sha, len(keys), *keys, *args)

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None and connection.reader_task is not None:
            connection.reader_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await connection.reader_task
