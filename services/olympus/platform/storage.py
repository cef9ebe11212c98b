"""What every Redis-backed store does around its calls, written once.

`storage_calls(what, logger)` makes a decorator for a store's async methods: Redis out of reach
(a refused or broken connection, a timeout) becomes UNAVAILABLE for the caller, who may retry,
never INTERNAL and never with Redis's address; Redis at its maxmemory (it refuses every write,
"OOM command not allowed", before the write does anything) becomes RESOURCE_EXHAUSTED
STORAGE_FULL, with a RetryInfo; each operation's latency and failures are
measured (`olympus_redis_*` metrics, by method name); an outage is logged once when it starts
and once when it ends, not once per failed call.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

import redis.exceptions

from . import metrics
from .errors import StorageFull, Unavailable
from .logs import OutageLog

P = ParamSpec("P")
T = TypeVar("T")
LOST = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    # a Redis Cluster between a master's death and its replica's promotion
    redis.exceptions.ClusterDownError,
    redis.exceptions.TryAgainError,
    ConnectionError,
    OSError,
)


def storage_calls(
    what: str, logger: str, prefix: str = ""
) -> Callable[[Callable[P, Awaitable[T]]], Callable[P, Awaitable[T]]]:
    """`what`: the storage's name in the caller's message ("game storage unavailable");
    `prefix`: put before each method's name in the metrics, to tell stores apart."""
    outage = OutageLog(logging.getLogger(logger), "storage (Redis)")

    def decorate(fn: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
        operation = prefix + fn.__name__
        latency = metrics.REDIS_SECONDS.labels(operation)
        errors = metrics.REDIS_ERRORS.labels(operation)

        @functools.wraps(fn)
        async def wrapper(*args: P.args, **kwargs: P.kwargs) -> T:
            started = time.perf_counter()
            try:
                result = await fn(*args, **kwargs)
            except LOST as exc:
                errors.inc()
                outage.failed(exc, operation=operation)
                raise Unavailable(f"{what} storage unavailable; try again") from exc
            except Exception as exc:
                if is_out_of_memory(exc):
                    errors.inc()
                    raise storage_full(what) from exc
                raise
            finally:
                latency.observe(time.perf_counter() - started)
            if outage.down:
                outage.recovered()
            return result

        return wrapper

    return decorate


FULL_RETRY_S = 5.0
FULL_HEADROOM = 1 << 20  # bytes: a few dozen games' writes


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether Redis refused a write for its maxmemory (a command's or a script's error)."""
    if isinstance(exc, redis.exceptions.OutOfMemoryError):
        return True
    return "OOM command not allowed" in str(exc)


def storage_full(what: str) -> StorageFull:
    return StorageFull(
        f"{what} storage is full: nothing was written; try again later",
        retry_after_s=FULL_RETRY_S,
    )


async def check_storage(redis: Any) -> None:
    """A health probe: Redis answers, and is not at its maxmemory (StorageFull otherwise, so
    health says NOT_SERVING while every write would be refused)."""
    info = await redis.info("memory")
    # A cluster client answers per node ({node: info}); a plain one with one info.
    nodes = (
        list(info.values()) if info and all(isinstance(v, dict) for v in info.values()) else [info]
    )
    for node in nodes:
        limit = int(node.get("maxmemory") or 0)
        # Redis refuses a write once its memory would pass the limit, so at rest a full Redis
        # sits a little under it: less than FULL_HEADROOM left is full.
        if limit and int(node.get("used_memory") or 0) + FULL_HEADROOM >= limit:
            raise storage_full("the")
