"""Game service benchmark: SubmitAction against a no-op gRPC call, measured in the same run.

It starts a private redis-server and a real `python -m olympus.gamestate`, then, from one
client process (grpc.aio, one channel):

  1. the no-op: health `Check` calls from `concurrency` concurrent callers;
  2. SubmitAction: `games` games played at once, one caller per game, each answering with
     legal answers computed beforehand by a local engine (same seed: the same game), so the
     client spends nothing on choosing while it is timed;

both also with a single caller (unloaded latency). It reports p50/p99 latency, calls per second
and their ratios. (Redis memory per game: `olympus.bench.memory`.)

    python -m olympus.bench.service [--games 1000] [--answers 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from olympus.engine import Game, GameOptions
from olympus.v1 import game_pb2 as pb, game_pb2_grpc


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def _service(redis_url: str, flags: Sequence[str] = ()) -> Iterator[tuple[str, int]]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "olympus.gamestate",
            "--port",
            "0",
            "--quotas",
            "off",  # one client process plays every game: per-address quotas would refuse it
            "--metrics-port",
            "0",
            "--redis-url",
            redis_url,
            "--log-level",
            "WARNING",
            *flags,
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the game service did not start")
        yield f"127.0.0.1:{json.loads(line)['port']}", proc.pid
    finally:
        proc.terminate()
        proc.wait(15)


def _answers(players: int, seed: int, limit: int) -> list[tuple[int, str]]:
    """Legal answers for a game, computed by a local engine from the same seed."""
    game = Game.new(GameOptions(players=players, seed=seed))
    rnd = random.Random(seed)
    out: list[tuple[int, str]] = []
    while not game.is_over and len(out) < limit:
        decision = game.decisions()[0]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out


@dataclass
class Timing:
    latencies: list[float]
    seconds: float
    server_cpu: float  # seconds of the service process's CPU

    def __add__(self, other: Timing) -> Timing:
        return Timing(
            self.latencies + other.latencies,
            self.seconds + other.seconds,
            self.server_cpu + other.server_cpu,
        )

    def figures(self, unit: str) -> dict[str, float]:
        lat = sorted(self.latencies)
        return {
            "calls": len(lat),
            "p50_us": round(statistics.median(lat) * 1e6, 1),
            "p99_us": round(lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1e6, 1),
            f"{unit}_per_s": round(len(lat) / self.seconds, 1),
            "server_cpu_us_per_call": round(self.server_cpu / len(lat) * 1e6, 1),
        }


async def _timed(pid: int, workers: list[Callable[[list[float]], Awaitable[None]]]) -> Timing:
    latencies: list[float] = []
    cpu = _cpu_seconds(pid)
    start = time.perf_counter()
    await asyncio.gather(*(w(latencies) for w in workers))
    return Timing(latencies, time.perf_counter() - start, _cpu_seconds(pid) - cpu)


async def _repeated(
    pid: int, calls: Sequence[Callable[[], Awaitable[Any]]], calls_each: int
) -> Timing:
    """Each of `calls` (one caller each, all at once) made `calls_each` times in a row."""

    def caller(call: Callable[[], Awaitable[Any]]) -> Callable[[list[float]], Awaitable[None]]:
        async def run(latencies: list[float]) -> None:
            for _ in range(calls_each):
                t = time.perf_counter()
                await call()
                latencies.append(time.perf_counter() - t)

        return run

    return await _timed(pid, [caller(c) for c in calls])


async def _noop(channel: grpc.aio.Channel, pid: int, callers: int, calls_each: int) -> Timing:
    health = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
    request = health_pb2.HealthCheckRequest(service="")
    return await _repeated(pid, [lambda: health.Check(request, timeout=30)] * callers, calls_each)


@dataclass
class Plan:
    """A game on the service and the answers still to send to it."""

    game_id: str
    tokens: dict[int, str]
    answers: list[tuple[int, str]]
    version: int = 1


async def _create(stub: Any, players: int, seed: int, answers: int) -> Plan:
    options = pb.GameOptions(players=players, seed=seed)
    reply = await stub.CreateGame(pb.CreateGameRequest(options=options), timeout=30)
    return Plan(
        reply.game_id, {s.seat: s.token for s in reply.seats}, _answers(players, seed, answers)
    )


async def _play(
    stub: Any, pid: int, plans: list[Plan], count: int, metadata: tuple[tuple[str, str], ...] = ()
) -> Timing:
    """Each game sends its next `count` answers, all games at once (with `metadata`: an API
    key, which the service checks on every call)."""

    def player(plan: Plan) -> Callable[[list[float]], Awaitable[None]]:
        async def run(latencies: list[float]) -> None:
            for _ in range(count):
                if not plan.answers:
                    return
                seat, text = plan.answers.pop(0)
                request = pb.SubmitActionRequest(
                    game_id=plan.game_id,
                    token=plan.tokens[seat],
                    expected_version=plan.version,
                    idempotency_key=f"bench-{plan.version}",
                    text=text,
                )
                t = time.perf_counter()
                await stub.SubmitAction(request, metadata=metadata, timeout=30)
                latencies.append(time.perf_counter() - t)
                plan.version += 1

        return run

    return await _timed(pid, [player(p) for p in plans])


async def _run(
    address: str, pid: int, games: int, answers: int, players: int, rounds: int, key: str = ""
) -> dict[str, Any]:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        await _noop(channel, pid, 8, 50)  # warm the channel and the service first
        solo = await _create(stub, players, 999, 100_000)  # a whole game, answered alone
        keyed = await _create(stub, players, 999, 100_000)  # the same game, answered with a key
        plans = [await _create(stub, players, 1000 + i, answers) for i in range(games)]
        await _play(stub, pid, plans, 2)  # and the games' first answers (setup)
        # Unloaded: one caller at a time.
        played = len(solo.answers)
        noop_single = await _noop(channel, pid, 1, played)
        submit_single = await _play(stub, pid, [solo], played)
        auth = (("authorization", f"Bearer {key}"),) if key else ()
        keyed_single = await _play(stub, pid, [keyed], played, auth) if key else None
        # Loaded: the two kinds of call in turns, so that a noisy machine weighs on both alike.
        noop_loaded = submit_loaded = Timing([], 0.0, 0.0)
        per_round = max(1, (answers - 2) // rounds)
        for _ in range(rounds):
            noop_loaded += await _noop(channel, pid, games, per_round)
            submit_loaded += await _play(stub, pid, plans, per_round)
    noop1, sub1 = noop_single.figures("calls"), submit_single.figures("actions")
    noopn, subn = noop_loaded.figures("calls"), submit_loaded.figures("actions")
    extra: dict[str, Any] = {}
    if keyed_single is not None:
        # The hop a key adds to every call: its check at the edge (through the accounts
        # service, cached: one CheckKey per key and cache life, then a hash and a lookup).
        key1 = keyed_single.figures("actions")
        extra["submit_action_with_a_key"] = {
            **key1,
            "p50_vs_without": round(key1["p50_us"] / sub1["p50_us"], 2),
            "server_cpu_vs_without": round(
                key1["server_cpu_us_per_call"] / sub1["server_cpu_us_per_call"], 2
            ),
        }
    return {
        "machine_cores": os.cpu_count(),
        "players": players,
        "single_caller": {
            "noop_health_check": noop1,
            "submit_action": sub1,
            "p50_ratio": round(sub1["p50_us"] / noop1["p50_us"], 2),
            **extra,
        },
        "concurrent": {
            "callers": games,
            "noop_health_check": noopn,
            "submit_action": subn,
            "p50_ratio": round(subn["p50_us"] / noopn["p50_us"], 2),
            "throughput_ratio": round(subn["actions_per_s"] / noopn["calls_per_s"], 2),
            "server_cpu_ratio": round(
                subn["server_cpu_us_per_call"] / noopn["server_cpu_us_per_call"], 2
            ),
        },
    }


def main_figures(
    games: int = 1000, answers: int = 40, players: int = 3, rounds: int = 4
) -> dict[str, Any]:
    from .stack import bench_stack

    with bench_stack(["gamestate"], {"gamestate": ("--quotas", "off")}) as stack:
        (key,) = stack.keys(1, ["play", "create_games"])
        address, pid = stack.address("gamestate"), stack.pid("gamestate")
        return asyncio.run(_run(address, pid, games, answers, players, rounds, key))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.service", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games played at once")
    parser.add_argument("--answers", type=int, default=40, help="answers timed per game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=4, help="turns of no-op / SubmitAction")
    args = parser.parse_args(argv)
    figures = main_figures(args.games, args.answers, args.players, args.rounds)
    print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
