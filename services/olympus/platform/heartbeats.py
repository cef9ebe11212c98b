"""Heartbeats on server streams: a stream asked for them (`heartbeat_seconds` in its request)
sends one after that long with nothing else sent, so a client behind a NAT or a proxy that
drops idle connections keeps its stream, and a client can tell a quiet stream from a dead one.
Opt-in: a client that does not ask gets the stream it always got."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import TypeVar

from .errors import InvalidArgument

T = TypeVar("T")

MIN_S, MAX_S = 1, 300


def interval(seconds: int) -> float | None:
    """A request's `heartbeat_seconds`: 0 for none, else 1-300 (INVALID_HEARTBEAT)."""
    if seconds == 0:
        return None
    if not MIN_S <= seconds <= MAX_S:
        raise InvalidArgument(
            f"heartbeat_seconds must be 0 (none) or between {MIN_S} and {MAX_S}",
            reason="INVALID_HEARTBEAT",
        )
    return float(seconds)


async def beating(
    source: AsyncIterator[T], every: float | None, beat: Callable[[], T]
) -> AsyncIterator[T]:
    """`source`'s items, and `beat()` whenever `every` seconds pass without one. The item being
    waited for is never given up on for a beat (the same pending read goes on)."""
    if every is None:
        async for item in source:
            yield item
        return
    pending: asyncio.Future[T] | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(source))
            done, _ = await asyncio.wait({pending}, timeout=every)
            if not done:
                yield beat()
                continue
            try:
                item = pending.result()
            except StopAsyncIteration:
                return
            finally:
                pending = None
            yield item
    finally:
        if pending is not None:
            pending.cancel()
            with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration, Exception):
                await pending
        aclose = getattr(source, "aclose", None)
        if aclose is not None:
            await aclose()
