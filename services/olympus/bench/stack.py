"""A private platform for a benchmark: an embedded Redis and the named services on free ports,
each told the service credential and where the others are (launcher.start_stack), plus keys
made the operator's way."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import redis.asyncio as aioredis

from olympus.accounts.keys import KeyStore
from olympus.launcher import Child, new_service_key, start_stack, stop
from olympus.platform.config import METRICS_OFF
from olympus.platform.embedded_redis import embedded_redis


@dataclass
class BenchStack:
    redis_url: str
    service_key: str
    children: list[Child]

    def address(self, name: str, host: str = "127.0.0.1") -> str:
        port = next(c.port for c in self.children if c.name == name)
        return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"

    def pid(self, name: str) -> int:
        return next(c.proc.pid for c in self.children if c.name == name)

    def keys(self, count: int, scopes: Sequence[str] = ("play",)) -> list[str]:
        """`count` fresh accounts, a key each."""

        async def make() -> list[str]:
            redis = aioredis.Redis.from_url(self.redis_url, client_name="bench-operator")
            store = KeyStore(redis)
            out = []
            for _ in range(count):
                account = await store.create_account(f"bench-{secrets.token_hex(6)}", "person")
                key, _ = await store.create_key(account.account_id, list(scopes))
                out.append(key)
            await redis.aclose()
            return out

        return asyncio.run(make())


@contextmanager
def bench_stack(
    names: Sequence[str], extra: Mapping[str, tuple[str, ...]] | None = None
) -> Iterator[BenchStack]:
    """The accounts service and `names`, quietly (WARNING logs, no metrics endpoints)."""
    wanted = ["accounts", *[n for n in names if n != "accounts"]]
    args = {n: ("--log-level", "WARNING", *(extra or {}).get(n, ())) for n in wanted}
    with embedded_redis() as redis:
        key = new_service_key()
        children = start_stack(
            wanted,
            redis.url,
            dict.fromkeys(wanted, 0),
            dict.fromkeys(wanted, METRICS_OFF),
            key,
            args,
        )
        try:
            yield BenchStack(redis.url, key, children)
        finally:
            stop(children)
