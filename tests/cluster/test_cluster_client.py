"""The platform's cluster client under a burst: more callers than connections wait their turn
(as on one Redis), none is refused with "Too many connections"."""

from __future__ import annotations

import asyncio

from olympus.platform.embedded_cluster import EmbeddedCluster
from olympus.platform.redis_pool import redis_client

CONNECTIONS = 4
CALLERS = 64


def test_a_burst_beyond_the_connections_waits_instead_of_failing(
    cluster: EmbeddedCluster,
) -> None:
    async def scenario() -> list[object]:
        r = redis_client(cluster.url, "burst", CONNECTIONS, 5.0)

        async def caller(n: int) -> object:
            # the same slot for all: every caller needs the one node's connections
            key = f"{{burst}}:{n}"
            await r.set(key, n)
            pipe = r.pipeline(transaction=False)
            pipe.get(key)
            pipe.incr(key)
            got, bumped = await pipe.execute()
            script = r.register_script("return redis.call('GET', KEYS[1])")
            return (int(got), bumped, int(await script(keys=[key])))

        try:
            return await asyncio.gather(
                *(caller(n) for n in range(CALLERS)), return_exceptions=True
            )
        finally:
            await r.aclose()

    results = asyncio.run(scenario())
    assert results == [(n, n + 1, n + 1) for n in range(CALLERS)]
