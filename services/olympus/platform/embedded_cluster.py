"""A throw-away Redis Cluster: six `redis-server` processes on free ports (three masters, a
replica each), for the tests and the benchmarks.

`cluster-node-timeout` is small (1000 ms by default) so that a killed master's replica takes
over within a few seconds. No persistence; every node's folder is removed when it stops.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import redis

from .embedded_redis import RedisUnavailable, answers_ping, free_port

NODES = 6
BUS_OFFSET = 10_000  # a node's cluster bus listens on its port + 10000


def _node_port() -> int:
    """A free port whose cluster bus port is free (and a port) too."""
    while True:
        port = free_port()
        if port + BUS_OFFSET < 65_536 and _free(port + BUS_OFFSET):
            return port


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@dataclass(slots=True)
class EmbeddedCluster:
    ports: list[int]
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    commands: dict[int, list[str]] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in self.ports)

    def node(self, port: int) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=port, socket_timeout=5)

    def masters(self) -> list[int]:
        """Ports of the live masters that serve slots."""
        out = []
        for port, proc in self.processes.items():
            if proc.poll() is not None:
                continue
            info = self.node(port).info("replication")
            if info["role"] == "master" and info.get("connected_slaves", 0) >= 0:
                out.append(port)
        return [p for p in out if self._serves_slots(p)]

    def _serves_slots(self, port: int) -> bool:
        for line in _command(self.node(port), "CLUSTER", "NODES").splitlines():
            parts = line.split()
            if "myself" in parts[2]:
                return len(parts) > 8
        return False

    def replicas_of(self, port: int) -> int:
        return int(self.node(port).info("replication").get("connected_slaves", 0))

    def kill(self, port: int) -> None:
        """SIGKILL one node (no goodbye to its peers or clients)."""
        proc = self.processes[port]
        proc.kill()
        proc.wait()

    def restart(self, port: int) -> None:
        self.processes[port] = subprocess.Popen(
            self.commands[port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def replace(self, port: int, master: int, timeout: float = 30.0) -> None:
        """Bring a killed node back as a new, empty node and make it `master`'s replica (what
        an operator does: a node without persistence that came back with its old cluster
        config would claim its old slots, empty, until the cluster told it otherwise)."""
        conf = self.commands[port][self.commands[port].index("--cluster-config-file") + 1]
        with contextlib.suppress(FileNotFoundError):
            os.remove(conf)
        self.restart(port)
        deadline = time.monotonic() + timeout
        while not answers_ping(port):
            if time.monotonic() > deadline:
                raise RedisUnavailable("the replacement node did not start")
            time.sleep(0.05)
        node = self.node(port)
        _command(node, "CLUSTER", "MEET", "127.0.0.1", str(master))
        master_id = _command(self.node(master), "CLUSTER", "MYID")
        while True:
            try:
                _command(node, "CLUSTER", "REPLICATE", master_id)
                return
            except redis.RedisError:  # it does not know the master yet
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def synced(self) -> bool:
        """Every slot served, three masters, and every replica's link to its master up."""
        return self.healthy() and _replicas_linked(self)

    def healthy(self) -> bool:
        """Every slot served (cluster_state:ok) as seen by every live node."""
        for port, proc in self.processes.items():
            if proc.poll() is not None:
                continue
            try:
                info = _command(self.node(port), "CLUSTER", "INFO")
            except redis.RedisError:
                return False
            if "cluster_state:ok" not in info:
                return False
        return True


@contextmanager
def embedded_cluster(
    node_timeout_ms: int = 1000, timeout: float = 30.0
) -> Iterator[EmbeddedCluster]:
    server = shutil.which("redis-server")
    cli = shutil.which("redis-cli")
    if server is None or cli is None:
        raise RedisUnavailable("no redis-server and redis-cli on PATH")
    cluster = EmbeddedCluster([_node_port() for _ in range(NODES)])
    workdir = tempfile.mkdtemp(prefix="olympus-cluster-")
    try:
        for port in cluster.ports:
            cluster.commands[port] = [
                    server,
                    "--port", str(port),
                    "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes",
                    "--cluster-config-file", f"{workdir}/nodes-{port}.conf",
                    "--cluster-node-timeout", str(node_timeout_ms),
                    "--save", "",
                    "--appendonly", "no",
                    # replicas synced at once, not after the 5 s default gathering delay: a
                    # replica that never synced cannot take over
                    "--repl-diskless-sync-delay", "0",
                    "--dir", workdir,
                    "--logfile", f"{workdir}/{port}.log",
                ]  # fmt: skip
            cluster.restart(port)
        deadline = time.monotonic() + timeout
        for port in cluster.ports:
            while not answers_ping(port):
                if cluster.processes[port].poll() is not None or time.monotonic() > deadline:
                    raise RedisUnavailable("redis-server (cluster mode) did not start")
                time.sleep(0.05)
        subprocess.run(
            [
                cli,
                "--cluster",
                "create",
                *(f"127.0.0.1:{p}" for p in cluster.ports),
                "--cluster-replicas",
                "1",
                "--cluster-yes",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
        )
        while not cluster.synced():
            if time.monotonic() > deadline:
                raise RedisUnavailable("the Redis Cluster did not come up")
            time.sleep(0.1)
        yield cluster
    finally:
        for proc in cluster.processes.values():
            proc.terminate()
        for proc in cluster.processes.values():
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def _command(node: redis.Redis, *args: str) -> str:
    reply = node.execute_command(*args)  # type: ignore[no-untyped-call]
    return reply.decode() if isinstance(reply, bytes) else str(reply)


def _replicas_linked(cluster: EmbeddedCluster) -> bool:
    """Three masters serving slots, and every replica's link to its master up (synced)."""
    if len(cluster.masters()) != NODES // 2:
        return False
    for port in cluster.ports:
        info = cluster.node(port).info("replication")
        if info["role"] == "slave" and info.get("master_link_status") != "up":
            return False
    return True
