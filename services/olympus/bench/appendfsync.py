"""The durability setting's cost: answers per second through the game service against a Redis
with `appendfsync everysec` and against one with `appendfsync always`, in the same run.

`OLYMPUS_REDIS_APPENDFSYNC` (docker-compose.yml) chooses it. With `always` Redis writes every
command to its append-only file and fsyncs before it answers, so an answer the service
acknowledged survives a crash of Redis's host; with `everysec` the fsync runs once a second in
the background, and up to about a second of acknowledged answers can be lost that way.

It starts two private redis-servers, both with the append-only file on (in a folder under the
system's temporary directory: the figures depend on that disk's fsync), each with its own
`python -m olympus.gamestate`, and plays the same games on both (`games` at once, answers
computed beforehand by a local engine: `bench/service.py`), the two in turns, round after
round, so that a noisy machine weighs on both alike: one game answered by a single caller
(each answer waits for its own fsync), and `games` at once (Redis fsyncs once per pass of its
event loop, for every write that pass made, so concurrent answers share the fsync). The
figures to read are `always_over_everysec`: answers per second with `always` over answers per
second with `everysec`, alone and concurrent.

    python -m olympus.bench.appendfsync [--games 200] [--answers 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from contextlib import ExitStack
from typing import Any

import grpc

from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2_grpc

from .service import Plan, Timing, _create, _play, _service

SETTINGS = ("everysec", "always")


async def _run(
    services: dict[str, tuple[str, int]], games: int, answers: int, rounds: int
) -> dict[str, Any]:
    channels = {s: grpc.aio.insecure_channel(a) for s, (a, _) in services.items()}
    try:
        stubs = {
            s: game_pb2_grpc.GameServiceStub(c)  # type: ignore[no-untyped-call]
            for s, c in channels.items()
        }
        plans: dict[str, list[Plan]] = {}
        solos: dict[str, Plan] = {}
        for setting, stub in stubs.items():
            solos[setting] = await _create(stub, 2, 999, 100_000)  # a whole game, alone
            plans[setting] = [await _create(stub, 2, 1000 + i, answers) for i in range(games)]
            await _play(stub, services[setting][1], plans[setting], 2)  # setup, untimed
        alone = {s: Timing([], 0.0, 0.0) for s in services}
        loaded = {s: Timing([], 0.0, 0.0) for s in services}
        per_round = max(1, (answers - 2) // rounds)
        solo_round = len(solos[SETTINGS[0]].answers) // rounds + 1
        for _ in range(rounds):
            for setting, stub in stubs.items():
                pid = services[setting][1]
                alone[setting] += await _play(stub, pid, [solos[setting]], solo_round)
                loaded[setting] += await _play(stub, pid, plans[setting], per_round)
    finally:
        for channel in channels.values():
            await channel.close()
    return {
        "machine_cores": os.cpu_count(),
        "aof_dir": tempfile.gettempdir(),
        "single_caller": _compared(alone),
        "concurrent": {"games_at_once": games, **_compared(loaded)},
    }


def _compared(timed: dict[str, Timing]) -> dict[str, Any]:
    figures = {s: t.figures("answers") for s, t in timed.items()}
    always, everysec = figures["always"], figures["everysec"]
    return {
        **{f"appendfsync_{s}": f for s, f in figures.items()},
        "always_over_everysec": round(always["answers_per_s"] / everysec["answers_per_s"], 2),
        "p50_always_over_everysec": round(always["p50_us"] / everysec["p50_us"], 2),
    }


def main_figures(games: int = 200, answers: int = 40, rounds: int = 4) -> dict[str, Any]:
    with ExitStack() as stack:
        services = {}
        for setting in SETTINGS:
            redis = stack.enter_context(embedded_redis(appendfsync=setting))
            services[setting] = stack.enter_context(_service(redis.url))
        return asyncio.run(_run(services, games, answers, rounds))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m olympus.bench.appendfsync", description=__doc__
    )
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--answers", type=int, default=40, help="answers timed per game")
    parser.add_argument("--rounds", type=int, default=4, help="turns of everysec / always")
    args = parser.parse_args(argv)
    print(json.dumps(main_figures(args.games, args.answers, args.rounds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
