"""The Redis client every process of the platform uses (services and workers)."""

from __future__ import annotations

import redis.asyncio as aioredis
import redis.exceptions
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff


def redis_client(url: str, name: str, connections: int, timeout_s: float) -> aioredis.Redis:
    """A Redis client that fails fast, gets over a Redis restart, and never opens more than
    `connections` connections (named `name` in CLIENT LIST).

    A frozen or unreachable Redis makes a command fail after about `timeout_s` (the caller
    gets UNAVAILABLE well within its deadline) instead of hanging; a call finding every
    connection busy waits for one as long, instead of failing at once with "Too many
    connections". A pooled connection found broken (Redis restarted, a connection killed) is
    replaced and the command sent again once: the store's commands are reads, idempotent writes,
    or scripts that check before they write (the game's creation, the compare-and-set commit).
    A timeout is not retried: Redis is frozen or overloaded, and waiting a second time only
    delays the caller's own retry.
    """
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=connections,
        timeout=timeout_s,
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        client_name=name,
        retry=Retry(NoBackoff(), retries=1, supported_errors=(redis.exceptions.ConnectionError,)),
    )
    return aioredis.Redis.from_pool(pool)
