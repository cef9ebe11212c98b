"""The answer path's auto-pipelined connections (`pipe.RedisPipe`) on a Redis Cluster: one per
master, each command sent to the master of its key's hash slot.

The commands of one `execute_many` are grouped by master, in order, and the groups sent one
after the other: a command never goes out before the ones before it were answered on another
node (the game's timer is lowered before its commit is sent, as on one Redis). Commands without
a key (WAIT) go with the group before them, on the same connection: WAIT then waits for the
writes just sent there.

A master that dies or hands its slots on (a failover: MOVED, CLUSTERDOWN, TRYAGAIN, a refused
connection) makes the slot map be read again and the group sent again, for up to
`retry_s` seconds: the replica that took over needs the cluster's node timeout and an election.
Resending is as safe as in `pipe.py`: reads, and compare-and-set scripts.
"""

from __future__ import annotations

import asyncio
from typing import Any

from redis.asyncio.cluster import RedisCluster
from redis.crc import key_slot

from .pipe import PipeError, RedisPipe

RETRY_S = 10.0  # a failover takes the node timeout, an election, and the slot map's news
RETRY_FIRST_S = 0.05
RETRY_MAX_S = 0.5
# Replies that mean "ask the cluster again where this slot lives".
_MOVED = ("MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN", "LOADING", "READONLY", "MASTERDOWN")


def command_key(command: tuple[Any, ...]) -> bytes | None:
    """The key a command's slot is computed from (None: a command without key)."""
    name = str(command[0]).upper()
    if name in ("EVALSHA", "EVAL"):
        return _bytes(command[3]) if int(command[2]) > 0 else None
    if name in ("WAIT", "SCRIPT", "PING"):
        return None
    return _bytes(command[1])


def _bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


class ClusterPipe:
    def __init__(self, cluster: RedisCluster, retry_s: float = RETRY_S) -> None:
        self._cluster = cluster
        self._pipes: dict[tuple[str, int], RedisPipe] = {}
        self._retry_s = retry_s
        self._refreshing = asyncio.Lock()

    async def _master(self, slot: int) -> tuple[str, int]:
        manager = self._cluster.nodes_manager
        if not manager.slots_cache:
            await self._refresh()
        node = manager.slots_cache[slot][0]
        return node.host, int(node.port)

    async def _refresh(self) -> None:
        async with self._refreshing:
            await self._cluster.nodes_manager.initialize()

    def _pipe(self, address: tuple[str, int]) -> RedisPipe:
        pipe = self._pipes.get(address)
        if pipe is None:
            kwargs = dict(self._cluster.nodes_manager.connection_kwargs)
            kwargs.update(host=address[0], port=address[1])
            kwargs.pop("db", None)
            pipe = self._pipes[address] = RedisPipe(kwargs)
        return pipe

    async def execute_many(self, *commands: tuple[Any, ...], extra_s: float = 0.0) -> list[Any]:
        groups: list[tuple[int | None, list[tuple[Any, ...]]]] = []
        for command in commands:
            key = command_key(command)
            slot = None if key is None else key_slot(key)
            if groups and (slot is None or groups[-1][0] in (None, slot)):
                if groups[-1][0] is None:
                    groups[-1] = (slot, groups[-1][1])
                groups[-1][1].append(command)
            else:
                groups.append((slot, [command]))
        replies: list[Any] = []
        for slot, group in groups:
            replies += await self._send(slot, group, extra_s)
        return replies

    async def _send(
        self, slot: int | None, group: list[tuple[Any, ...]], extra_s: float
    ) -> list[Any]:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self._retry_s
        delay = RETRY_FIRST_S
        while True:
            try:
                address = await self._master(slot if slot is not None else 0)
                return await self._pipe(address).execute_many(*group, extra_s=extra_s)
            except PipeError as exc:
                if not str(exc).startswith(_MOVED) or loop.time() > deadline:
                    raise
            except (ConnectionError, OSError, TimeoutError):
                if loop.time() > deadline:
                    raise
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_MAX_S)
            try:
                await self._refresh()
            except Exception:
                self._cluster.nodes_manager.slots_cache.clear()

    async def execute(self, *command: Any) -> Any:
        return (await self.execute_many(command))[0]

    async def evalsha(self, sha: str, script: str, keys: list[str], args: list[Any]) -> Any:
        try:
            return await self.execute("EVALSHA", sha, len(keys), *keys, *args)
        except PipeError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
        # SCRIPT LOAD goes with the keyed command after it: to the master of the first key (a
        # replica that took over may lack the script).
        replies = await self.execute_many(
            ("SCRIPT", "LOAD", script), ("EVALSHA", sha, len(keys), *keys, *args)
        )
        return replies[1]

    async def close(self) -> None:
        pipes, self._pipes = list(self._pipes.values()), {}
        for pipe in pipes:
            await pipe.close()
