"""One Redis connection shared by every request of the process, pipelined automatically.

The answer path sends two commands per answer at most (a GET when the state is not cached,
the commit script). Through redis-py each costs a pooled connection, a packed command built in
Python and a send of its own. Here every command sent during one turn of the event loop goes
out in one write, packed by hiredis, and one reader task hands the replies back in order:
Redis answers a connection's commands in the order it got them. Under load that is a few
system calls per batch instead of two per command.

A lost connection fails the commands waiting on it (ConnectionError) and the next command
connects again. Only plain TCP or unix-socket Redis URLs are supported; the store keeps
redis-py for anything else (TLS).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import Any

import hiredis


class PipeError(Exception):
    """An error reply from Redis."""


class RedisPipe:
    def __init__(self, connection_kwargs: dict[str, Any]) -> None:
        self._kwargs = connection_kwargs
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        self._pending: deque[asyncio.Future[Any]] = deque()
        self._out: list[bytes] = []
        self._connecting: asyncio.Lock = asyncio.Lock()

    @staticmethod
    def supports(connection_kwargs: dict[str, Any]) -> bool:
        return not connection_kwargs.get("ssl", False) and (
            "path" in connection_kwargs or "host" in connection_kwargs
        )

    async def _connect(self) -> asyncio.StreamWriter:
        async with self._connecting:
            if self._writer is not None:
                return self._writer
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
            for command in hello:  # before anything else is sent on this connection
                writer.write(hiredis.pack_command(command))
                await writer.drain()
                reply = await self._read_one(reader, parser)
                if isinstance(reply, PipeError):
                    writer.close()
                    raise ConnectionError(f"redis refused {command[0]}: {reply}")
            self._writer = writer
            self._reader_task = asyncio.ensure_future(self._read(reader, parser, writer))
            return writer

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

    async def _read(
        self, reader: asyncio.StreamReader, parser: hiredis.Reader, writer: asyncio.StreamWriter
    ) -> None:
        error: BaseException = ConnectionError("redis closed the connection")
        try:
            while True:
                data = await reader.read(1 << 16)
                if not data:
                    break
                parser.feed(data)
                while (reply := parser.gets()) is not False:
                    if not self._pending:
                        raise ConnectionError("a reply nobody waits for")
                    future = self._pending.popleft()
                    if not future.done():
                        future.set_result(reply)
        except asyncio.CancelledError:
            error = ConnectionError("redis connection closed")
            raise
        except Exception as exc:  # a broken socket: every waiting command fails with it
            error = ConnectionError(f"redis connection lost: {exc}")
        finally:
            if self._writer is writer:
                self._writer = None
                self._out.clear()  # commands not yet written belong to the failed futures
            writer.close()
            while self._pending:
                future = self._pending.popleft()
                if not future.done():
                    future.set_exception(error)

    def _flush(self) -> None:
        if self._out and self._writer is not None:
            self._writer.write(b"".join(self._out))
        self._out.clear()

    async def execute_many(self, *commands: tuple[Any, ...]) -> list[Any]:
        """Send commands (in one write, with whatever else is sent this loop turn); their
        replies in order. An error reply is raised."""
        if self._writer is None:
            await self._connect()
        loop = asyncio.get_running_loop()
        if not self._out:
            loop.call_soon(self._flush)
        futures = []
        for command in commands:
            future: asyncio.Future[Any] = loop.create_future()
            self._pending.append(future)
            self._out.append(hiredis.pack_command(command))
            futures.append(future)
        replies = [await f for f in futures]
        for reply in replies:
            if isinstance(reply, PipeError):
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
        task, self._reader_task = self._reader_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
