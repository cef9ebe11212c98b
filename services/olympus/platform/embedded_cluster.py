"""A throw-away Redis Cluster: six `redis-server` processes on free ports (three masters, a
replica each), for the tests and the benchmarks.

`cluster-node-timeout` is small (1000 ms by default) so that a killed master's replica takes
over within a few seconds. No persistence; every node's folder is removed when it stops.
"""

from __future__ import annotations

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
        for line in self.node(port).execute_command("CLUSTER", "NODES").decode().splitlines():
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

    def healthy(self) -> bool:
        """Every slot served (cluster_state:ok) as seen by every live node."""
        for port, proc in self.processes.items():
            if proc.poll() is not None:
                continue
            try:
                info = self.node(port).execute_command("CLUSTER", "INFO").decode()
            except redis.RedisError:
                return False
            if "cluster_state:ok" not in info:
                return False
        return True


@contextmanager
def embedded_cluster(node_timeout_ms: int = 1000, timeout: float = 30.0) -> Iterator[EmbeddedCluster]:
    server = shutil.which("redis-server")
    cli = shutil.which("redis-cli")
    if server is None or cli is None:
        raise RedisUnavailable("no redis-server and redis-cli on PATH")
    cluster = EmbeddedCluster([_node_port() for _ in range(NODES)])
    workdir = tempfile.mkdtemp(prefix="olympus-cluster-")
    try:
        for port in cluster.ports:
            cluster.processes[port] = subprocess.Popen(
                [
                    server,
                    "--port", str(port),
                    "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes",
                    "--cluster-config-file", f"{workdir}/nodes-{port}.conf",
                    "--cluster-node-timeout", str(node_timeout_ms),
                    "--save", "",
                    "--appendonly", "no",
                    "--dir", workdir,
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
        deadline = time.monotonic() + timeout
        for port in cluster.ports:
            while not answers_ping(port):
                if cluster.processes[port].poll() is not None or time.monotonic() > deadline:
                    raise RedisUnavailable("redis-server (cluster mode) did not start")
                time.sleep(0.05)
        subprocess.run(
            [cli, "--cluster", "create", *(f"127.0.0.1:{p}" for p in cluster.ports)]
            + ["--cluster-replicas", "1", "--cluster-yes"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
        )
        while not (cluster.healthy() and _replicas_linked(cluster)):
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


def _replicas_linked(cluster: EmbeddedCluster) -> bool:
    """Three masters, each with its replica connected (so WAIT 1 can succeed)."""
    masters = cluster.masters()
    return len(masters) == NODES // 2 and all(cluster.replicas_of(p) >= 1 for p in masters)
