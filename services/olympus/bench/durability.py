"""The cost of waiting for replicas (OLYMPUS_REDIS_WAIT_REPLICAS): the game store's commits on
a six-process Redis Cluster, answers/s without WAIT and with WAIT 1, same run, same games.

Each of `games` games commits `answers` answers, the games concurrently (as many clients
answering at once): the store's own path (compare-and-set script, auto-pipelined per master),
with a state of a real game's size. `python -m olympus.bench.durability` prints one JSON line.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any

from olympus.gamestate import store as st
from olympus.gamestate.durability import NO_WAIT, Durability
from olympus.gamestate.records import Summary
from olympus.platform.embedded_cluster import embedded_cluster
from olympus.platform.redis_pool import redis_client

STATE_BYTES = 6_000  # about a 2-player game's saved state


async def _rate(url: str, durability: Durability, games: int, answers: int) -> float:
    redis = redis_client(url, "bench-durability", 8, 5.0)
    store = st.GameStore(redis, 3600, 3600, 0, durability)
    state = secrets.token_bytes(STATE_BYTES)
    summary = Summary("active", 1, "action", b"[0]", 0)

    async def play(game_id: str) -> None:
        await store.create(game_id, b"{}", state, b"e", summary, [], f"0:{game_id}")
        for version in range(1, answers + 1):
            outcome = await store.commit(
                game_id, version, state, b"0:pass", b"e", summary, None, None
            )
            assert outcome.kind == st.APPLIED, outcome

    ids = [secrets.token_hex(8) for _ in range(games)]
    started = time.perf_counter()
    await asyncio.gather(*(play(g) for g in ids))
    elapsed = time.perf_counter() - started
    await store.close()
    await redis.aclose()
    return games * answers / elapsed


def main_figures(games: int = 32, answers: int = 100) -> dict[str, Any]:
    with embedded_cluster() as cluster:
        plain = asyncio.run(_rate(cluster.url, NO_WAIT, games, answers))
        strict = asyncio.run(_rate(cluster.url, Durability(1, 1000), games, answers))
    return {
        "games": games,
        "answers_per_game": answers,
        "no_wait_answers_per_s": round(plain),
        "wait_1_answers_per_s": round(strict),
        "wait_1_ratio": round(strict / plain, 3),
    }


if __name__ == "__main__":
    print(json.dumps({"benchmark": "redis_wait", **main_figures()}), flush=True)
