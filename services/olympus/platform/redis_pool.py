"""The Redis client every process of the platform uses (services and workers).

One factory, chosen by the URL alone: ``redis://`` (or ``rediss://``, ``unix://``) is one Redis;
``redis+cluster://host:port[,host:port...]`` is a Redis Cluster reached through any of the listed
nodes (the rest are discovered). Every key the platform writes together carries a hash tag, so
the same code runs on both (see `olympus.gamestate.store` for the game's keys).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, cast
from urllib.parse import unquote, urlsplit

import redis.asyncio as aioredis
import redis.exceptions
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff, NoBackoff

CLUSTER_SCHEME = "redis+cluster"


class RedisUrlError(ValueError):
    """A Redis URL the platform cannot use."""


def is_cluster_url(url: str) -> bool:
    return url.startswith(f"{CLUSTER_SCHEME}://")


def cluster_nodes(url: str) -> list[tuple[str, int]]:
    """The startup nodes of a ``redis+cluster://h1:p1,h2:p2`` URL."""
    parts = urlsplit(url)
    if parts.scheme != CLUSTER_SCHEME:
        raise RedisUrlError(f"not a {CLUSTER_SCHEME}:// URL")
    hosts = parts.netloc.rsplit("@", 1)[-1]
    nodes = []
    for item in hosts.split(","):
        host, sep, port = item.strip().rpartition(":")
        if not sep or not host or not port.isdigit():
            raise RedisUrlError(f"{CLUSTER_SCHEME} node {item!r} is not host:port")
        nodes.append((host.strip("[]"), int(port)))
    if parts.path not in ("", "/", "/0"):
        raise RedisUrlError("Redis Cluster has only database 0")
    return nodes


def _credentials(url: str) -> tuple[str | None, str | None]:
    netloc = urlsplit(url).netloc
    if "@" not in netloc:
        return None, None
    userinfo = netloc.rsplit("@", 1)[0]
    user, sep, password = userinfo.partition(":")
    if not sep:
        return None, unquote(user)
    return (unquote(user) or None), unquote(password)


def redis_client(url: str, name: str, connections: int, timeout_s: float) -> aioredis.Redis:
    """A Redis client that fails fast, gets over a Redis restart, and never opens more than
    `connections` connections (named `name` in CLIENT LIST); per node on a cluster.

    A frozen or unreachable Redis makes a command fail after about `timeout_s` (the caller
    gets UNAVAILABLE well within its deadline) instead of hanging; a call finding every
    connection busy waits for one as long, instead of failing at once with "Too many
    connections" (on a cluster: `_WaitingCluster`). A pooled connection found broken (Redis
    restarted, a connection killed) is replaced and the command sent again once: the store's
    commands are reads, idempotent writes, or scripts that check before they write (the game's
    creation, the compare-and-set commit).
    A timeout is not retried: Redis is frozen or overloaded, and waiting a second time only
    delays the caller's own retry.
    """
    if is_cluster_url(url):
        return _cluster_client(url, name, connections, timeout_s)
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


class _WaitingCluster(RedisCluster):
    """A cluster client whose callers wait (up to `wait_s`) for a free connection.

    redis-py's cluster client cannot wait: past `max_connections` on a node it raises
    MaxConnectionsError, which it takes for a connection error (it re-reads the slot map and
    tries again), and a burst of callers gets UNAVAILABLE. Here at most `max_connections`
    commands, scripts and pipelines are under way at once; each holds at most one connection
    per node, so no node ever runs out."""

    def __init__(self, *args: Any, wait_s: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turns = asyncio.Semaphore(kwargs["max_connections"])
        self._wait_s = wait_s

    @asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        try:
            async with asyncio.timeout(self._wait_s):
                await self._turns.acquire()
        except TimeoutError:
            raise redis.exceptions.ConnectionError("no Redis connection free in time") from None
        try:
            yield
        finally:
            self._turns.release()

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with self.turn():
            return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction: Any | None = None, shard_hint: Any | None = None) -> Any:
        pipe = super().pipeline(transaction, shard_hint)
        run = pipe.execute

        async def execute(*args: Any, **kwargs: Any) -> Any:
            async with self.turn():
                return await run(*args, **kwargs)

        pipe.execute = execute  # type: ignore[method-assign]
        return pipe


def _cluster_client(url: str, name: str, connections: int, timeout_s: float) -> aioredis.Redis:
    username, password = _credentials(url)
    cluster = _WaitingCluster(
        wait_s=timeout_s,
        startup_nodes=[ClusterNode(host, port) for host, port in cluster_nodes(url)],
        max_connections=max(connections, 2),
        socket_timeout=timeout_s,
        socket_connect_timeout=timeout_s,
        client_name=name,
        username=username,
        password=password,
        # A master that dies is replaced by its replica after cluster-node-timeout and an
        # election (a few seconds): meanwhile the client re-reads the slot map and tries again
        # (connection errors, MOVED, CLUSTERDOWN), for about 5 s in all.
        retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=12),
    )
    # The cluster client has the same command methods (one key, or keys of one hash slot, per
    # command and script; no MULTI/EXEC, see redis_together.py): the stores use it as a `Redis`.
    return cast(aioredis.Redis, cluster)


def is_cluster(client: Any) -> bool:
    return isinstance(client, RedisCluster)


def connection_targets(client: Any) -> list[dict[str, Any]]:
    """Where to open a raw connection beside `client` (its connection settings): the one Redis,
    or every known node of a cluster (startup nodes first)."""
    if isinstance(client, RedisCluster):
        kwargs = dict(client.nodes_manager.connection_kwargs)
        seen: list[tuple[str, int]] = [
            (n.host, int(n.port)) for n in client.nodes_manager.startup_nodes.values()
        ]
        for node in client.get_nodes():
            if (node.host, int(node.port)) not in seen:
                seen.append((node.host, int(node.port)))
        return [{**kwargs, "host": host, "port": port} for host, port in seen]
    return [dict(client.connection_pool.connection_kwargs)]
