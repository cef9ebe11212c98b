"""What every Redis-backed store does around its calls, written once.

`storage_calls(what, logger)` makes a decorator for a store's async methods: Redis out of reach
(a refused or broken connection, a timeout) becomes UNAVAILABLE for the caller, who may retry,
never INTERNAL and never with Redis's address; each operation's latency and failures are
measured (`olympus_redis_*` metrics, by method name); an outage is logged once when it starts
and once when it ends, not once per failed call.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

import redis.exceptions

from . import metrics
from .errors import Unavailable
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
            finally:
                latency.observe(time.perf_counter() - started)
            if outage.down:
                outage.recovered()
            return result

        return wrapper

    return decorate
