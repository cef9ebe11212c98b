"""A whole platform for a test: the services it names, as real processes on one Redis, each told
the service credential and where the others are (as `olympus run` does), and optionally a
worker and beat. Ports are chosen free before anything starts, since the services must know
each other's addresses."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field

import redis.asyncio as aioredis

from olympus.accounts.keys import KeyStore
from services import ServiceProcess, WorkerProcesses, running_service, running_workers

ORDER = ("accounts", "gamestate", "catalogue", "scoring", "matchmaking", "ladder", "web")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Platform:
    redis_url: str
    service_key: str
    processes: dict[str, ServiceProcess] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)
    workers: WorkerProcesses | None = None

    def address(self, name: str) -> str:
        return f"127.0.0.1:{self.ports[name]}"

    @property
    def env(self) -> dict[str, str]:
        """What a process of this platform is told (a worker started later, a client)."""
        out = {"OLYMPUS_SERVICE_KEY": self.service_key}
        for name, port in self.ports.items():
            if name != "web":
                out[f"OLYMPUS_{name.upper()}_ADDRESS"] = f"127.0.0.1:{port}"
        return out

    def account(
        self, name: str = "", scopes: Sequence[str] = ("play",), kind: str = "bot"
    ) -> tuple[str, str]:
        """(account id, key) of a new account on this platform's Redis (as an operator)."""
        return make_account(self.redis_url, name or f"t-{secrets.token_hex(5)}", scopes, kind)


def make_account(
    redis_url: str, name: str, scopes: Sequence[str], kind: str = "bot"
) -> tuple[str, str]:
    async def go() -> tuple[str, str]:
        r = aioredis.Redis.from_url(redis_url, client_name="test-operator")
        try:
            store = KeyStore(r)
            account = await store.create_account(name, kind)
            key, _ = await store.create_key(account.account_id, list(scopes))
            return account.account_id, key
        finally:
            await r.aclose()

    return asyncio.run(go())


@contextmanager
def platform(
    redis_url: str,
    names: Sequence[str] = ("accounts", "gamestate", "scoring"),
    args: Mapping[str, Sequence[str]] | None = None,
    workers: bool = False,
    worker_env: Mapping[str, str] | None = None,
    sweep_seconds: float = 1.0,
    env: Mapping[str, str] | None = None,
) -> Iterator[Platform]:
    """The named services (the accounts service always) on `redis_url`, started in order."""
    wanted = [n for n in ORDER if n in names or n == "accounts"]
    stack = Platform(
        redis_url,
        os.environ.get("OLYMPUS_SERVICE_KEY") or "",
        ports={n: free_port() for n in wanted},
    )
    if not stack.service_key:
        from olympus.accounts.keys import new_key

        stack.service_key = new_key()
    with ExitStack() as exits:
        for name in wanted:
            extra = list((args or {}).get(name, ()))
            if name == "web":
                for upstream in ("gamestate", "catalogue", "accounts", "matchmaking"):
                    if upstream in stack.ports:
                        extra += [f"--{upstream}-address", stack.address(upstream)]
            stack.processes[name] = exits.enter_context(
                running_service(
                    name,
                    "--redis-url",
                    redis_url,
                    "--port",
                    str(stack.ports[name]),
                    *extra,
                    env={**stack.env, **(env or {})},
                )
            )
        if workers:
            stack.workers = exits.enter_context(
                running_workers(
                    redis_url,
                    env={**stack.env, **(env or {}), **(worker_env or {})},
                    sweep_seconds=sweep_seconds,
                )
            )
        yield stack
