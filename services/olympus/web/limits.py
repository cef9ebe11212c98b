"""The bridge's connections: at most `per_address` open at once from one client address (more
are closed as they come), and a connection whose first request has not arrived whole (its
request line and headers) within `header_timeout_s` closed: a client that opens connections
and sends half a request, or nothing, holds them for seconds, not for ever. Between requests,
aiohttp's keep-alive timeout closes an idle connection (`--keepalive-seconds`); an event stream
(SSE) in progress is a request being answered, and lives as long as its game.

Behind a proxy every connection comes from the proxy's address: raise `--max-connections-per-address`
there (the proxy should cap per client itself).
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from olympus.platform import metrics

log = logging.getLogger("olympus.web.limits")
HEAD_END = b"\r\n\r\n"


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    per_address: int = 64
    header_timeout_s: float = 10.0


class LimitedFactory:
    """Wraps aiohttp's protocol factory: counts connections per address, cuts slow heads."""

    def __init__(self, factory: Any, limits: ConnectionLimits) -> None:
        self.factory = factory
        self.limits = limits
        self.open: Counter[str] = Counter()

    def __call__(self) -> asyncio.Protocol:
        return _Guarded(self.factory(), self)


class _Guarded(asyncio.Protocol):
    """One connection: aiohttp's own protocol inside, watched (its slots cannot be patched, so
    every call is passed on)."""

    def __init__(self, inner: Any, owner: LimitedFactory) -> None:
        self.inner = inner
        self.owner = owner
        self.peer = ""
        self.timer: asyncio.TimerHandle | None = None
        self.tail = b""
        self.counted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else ""
        self.owner.open[self.peer] += 1
        self.counted = True
        if self.owner.open[self.peer] > self.owner.limits.per_address:
            metrics.WEB_CONNECTIONS_REFUSED.inc()
            transport.abort()  # type: ignore[attr-defined]
            return
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(self.owner.limits.header_timeout_s, _too_slow, transport)

    def data_received(self, data: bytes) -> None:
        if self.timer is not None:
            seen = self.tail + data
            if HEAD_END in seen:
                self.timer.cancel()
                self.timer = None
            else:
                self.tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        result: bool | None = self.inner.eof_received()
        return result

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.counted:
            self.owner.open[self.peer] -= 1
            if self.owner.open[self.peer] <= 0:
                del self.owner.open[self.peer]
        self.inner.connection_lost(exc)


def _too_slow(transport: asyncio.BaseTransport) -> None:
    metrics.WEB_CONNECTIONS_REFUSED.inc()
    transport.abort()  # type: ignore[attr-defined]


class LimitedSite(web.BaseSite):
    """A TCP site whose connections go through LimitedFactory."""

    def __init__(
        self, runner: web.AppRunner, host: str, port: int, limits: ConnectionLimits
    ) -> None:
        super().__init__(runner)
        self._host, self._port, self._limits = host, port, limits
        self.factory: LimitedFactory | None = None

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        loop = asyncio.get_running_loop()
        server = self._runner.server
        assert server is not None
        self.factory = LimitedFactory(server, self._limits)
        self._server = await loop.create_server(self.factory, self._host, self._port)
