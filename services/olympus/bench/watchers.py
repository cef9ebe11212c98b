"""WatchGame benchmark: many concurrent watchers on one service process.

It starts a private redis-server and a real `python -m olympus.gamestate`, creates `games`
games, and opens `watchers` WatchGame streams over them (from version 0, all at once) from
`workers` client processes (grpc.aio, several connections each). Then answers are submitted
across the games at a steady `rate`, and every watcher's events are collected. Reported:

  - the Redis connections the service holds (CLIENT LIST, peak during the run), which do not
    depend on the number of games watched;
  - event delivery latency p50/p99: from the SubmitAction reply (and from its request) to the
    moment a watcher process receives the event (one clock: CLOCK_MONOTONIC is system-wide);
  - that every watcher got every event once and in order;
  - the same delivery latency with `baseline_watchers` watchers on a single game, measured in
    the same run, and the ratios.

    python -m olympus.bench.watchers [--games 1000] [--watchers 10000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc
import redis

from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import _answers, _cpu_seconds, _service

SERVICE_CLIENT_NAME = "olympus-gamestate"
STREAMS_PER_CONNECTION = 500
WAVE = 250  # streams a watcher process opens at once
HANG_GUARD_S = 300.0


# --- the watcher processes ------------------------------------------------------------------------
async def _watch(stub: Any, game_id: str, seen: list[tuple[int, float]]) -> None:
    request = pb.WatchGameRequest(game_id=game_id, from_version=0)
    async for event in stub.WatchGame(request):
        seen.append((event.version, time.monotonic()))


async def _wait(condition: Any, streams: Sequence[asyncio.Task[None]]) -> None:
    deadline = time.monotonic() + HANG_GUARD_S
    while not condition():
        failed = next((s for s in streams if s.done()), None)
        if failed is not None:
            raise SystemExit(f"a watch stream ended: {failed.exception()!r}")
        if time.monotonic() > deadline:
            raise SystemExit("watchers still waiting after the hang guard")
        await asyncio.sleep(0.05)


async def _worker(plan: dict[str, Any]) -> dict[str, Any]:
    """Hold one stream per entry of plan["games"]; report when all have their first event,
    then, told the final versions, when all have them."""
    game_ids: list[str] = plan["games"]
    connections = max(1, len(game_ids) // STREAMS_PER_CONNECTION)
    # A local subchannel pool per channel: each is a connection of its own.
    channels = [
        grpc.aio.insecure_channel(plan["address"], options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(connections)
    ]
    stubs = [game_pb2_grpc.GameServiceStub(c) for c in channels]  # type: ignore[no-untyped-call]
    seen: list[list[tuple[int, float]]] = [[] for _ in game_ids]
    start = time.monotonic()
    streams: list[asyncio.Task[None]] = []
    # In waves, each open (its first event received) before the next: gRPC's server sheds
    # calls that wait to be picked up beyond grpc.server.max_pending_requests (1000 by
    # default) with CANCELLED, and a burst of thousands of new calls gets there.
    for first in range(0, len(game_ids), WAVE):
        for i in range(first, min(len(game_ids), first + WAVE)):
            streams.append(
                asyncio.ensure_future(_watch(stubs[i % connections], game_ids[i], seen[i]))
            )
        await _wait(lambda: all(seen[: len(streams)]), streams)
    print(json.dumps({"ready": True, "seconds": time.monotonic() - start}), flush=True)
    loop = asyncio.get_running_loop()
    targets: dict[str, int] = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
    await _wait(
        lambda: all(s[-1][0] >= targets[g] for g, s in zip(game_ids, seen, strict=True)), streams
    )
    for stream in streams:
        stream.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    for channel in channels:
        await channel.close()
    return {"seen": seen}


def worker_main() -> int:
    plan = json.loads(sys.stdin.readline())
    print(json.dumps(asyncio.run(_worker(plan))), flush=True)
    return 0


@dataclass
class Watchers:
    """Watcher processes, each holding its share of the streams."""

    games: list[str]  # one entry per stream
    procs: list[subprocess.Popen[str]] = field(default_factory=list)
    ready_seconds: float = 0.0

    def start(self, address: str, workers: int) -> None:
        share = -(-len(self.games) // workers)
        for n in range(workers):
            proc = subprocess.Popen(
                [sys.executable, "-m", "olympus.bench.watchers", "--worker"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert proc.stdin is not None
            plan = {"address": address, "games": self.games[n * share : (n + 1) * share]}
            proc.stdin.write(json.dumps(plan) + "\n")
            proc.stdin.flush()
            self.procs.append(proc)

    def ready(self) -> None:
        for proc in self.procs:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("a watcher process failed")
            self.ready_seconds = max(self.ready_seconds, json.loads(line)["seconds"])

    def results(self, targets: dict[str, int]) -> list[list[tuple[int, float]]]:
        seen: list[list[tuple[int, float]]] = []
        for proc in self.procs:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(json.dumps(targets) + "\n")
            proc.stdin.flush()
        for proc in self.procs:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if not line:
                raise SystemExit("a watcher process failed")
            seen.extend([[(v, t) for v, t in s] for s in json.loads(line)["seen"]])
            proc.wait(30)
        return seen


# --- the answers -------------------------------------------------------------------------------
@dataclass
class Table:
    game_id: str
    tokens: dict[int, str]
    answers: list[tuple[int, str]]
    version: int = 1
    sent: dict[int, float] = field(default_factory=dict)  # version made -> request time
    replied: dict[int, float] = field(default_factory=dict)  # version made -> reply time


async def _create(stub: Any, seed: int, answers: int) -> Table:
    reply = await stub.CreateGame(
        pb.CreateGameRequest(options=pb.GameOptions(players=2, seed=seed)), timeout=60
    )
    tokens = {s.seat: s.token for s in reply.seats}
    return Table(reply.game_id, tokens, _answers(2, seed, answers))


async def _answer(stub: Any, table: Table) -> None:
    seat, text = table.answers.pop(0)
    request = pb.SubmitActionRequest(
        game_id=table.game_id,
        token=table.tokens[seat],
        expected_version=table.version,
        idempotency_key=f"bench-{table.version}",
        text=text,
    )
    sent = time.monotonic()
    reply = await stub.SubmitAction(request, timeout=60)
    table.replied[reply.version] = time.monotonic()
    table.sent[reply.version] = sent
    table.version = reply.version


async def _paced(stub: Any, tables: list[Table], rounds: int, rate: float) -> float:
    """Each game answers `rounds` times, round after round, `rate` answers a second in all."""
    running: dict[str, asyncio.Task[None]] = {}
    start = time.monotonic()
    n = 0
    for _ in range(rounds):
        for table in tables:
            await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))
            previous = running.get(table.game_id)
            if previous is not None:
                await previous  # a game's answers go one after the other
            running[table.game_id] = asyncio.ensure_future(_answer(stub, table))
            n += 1
    await asyncio.gather(*running.values())
    return n / (time.monotonic() - start)


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "samples": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1e3, 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e3, 2),
    }


def _delivery(
    tables: dict[str, Table], streams: list[str], seen: list[list[tuple[int, float]]]
) -> dict[str, Any]:
    """Latencies of the answered versions, and whether every stream got every version once,
    in order."""
    after_reply: list[float] = []
    after_request: list[float] = []
    in_order = 0
    for game_id, events in zip(streams, seen, strict=True):
        table = tables[game_id]
        versions = [v for v, _ in events]
        in_order += versions == list(range(1, table.version + 1))
        for version, received in events:
            if version in table.replied:
                after_reply.append(received - table.replied[version])
                after_request.append(received - table.sent[version])
    return {
        "streams": len(streams),
        "streams_every_event_in_order": in_order,
        "every_event_in_order": in_order == len(streams),
        "events_delivered": sum(len(s) for s in seen),
        "after_reply": _percentiles(after_reply),
        "after_request": _percentiles(after_request),
    }


class ConnectionCount:
    """The service's Redis connections (CLIENT LIST by name), the most seen."""

    def __init__(self, redis_url: str) -> None:
        self._redis = redis.Redis.from_url(redis_url, client_name="bench-observer")
        self.peak: dict[str, int] = {}

    def sample(self) -> None:
        names = [c.get("name", "") for c in self._redis.client_list()]
        counts: dict[str, int] = {}
        for name in names:
            if name.startswith(SERVICE_CLIENT_NAME):
                counts[name] = counts.get(name, 0) + 1
        if sum(counts.values()) > sum(self.peak.values()):
            self.peak = counts

    async def follow(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.sample()
            await asyncio.sleep(0.2)


async def _measure(
    stub: Any,
    address: str,
    tables: list[Table],
    per_game: int,
    workers: int,
    rounds: int,
    rate: float,
    count: ConnectionCount,
) -> dict[str, Any]:
    streams = [t.game_id for t in tables for _ in range(per_game)]
    watchers = Watchers(streams)
    watchers.start(address, workers)
    stop = asyncio.Event()
    counting = asyncio.ensure_future(count.follow(stop))
    try:
        await asyncio.get_running_loop().run_in_executor(None, watchers.ready)
        achieved = await _paced(stub, tables, rounds, rate)
        targets = {t.game_id: t.version for t in tables}
        seen = await asyncio.get_running_loop().run_in_executor(None, watchers.results, targets)
    finally:
        stop.set()
        await counting
        for proc in watchers.procs:
            if proc.poll() is None:
                proc.kill()
    return {
        "games": len(tables),
        "watchers": len(streams),
        "all_caught_up_s": round(watchers.ready_seconds, 2),
        "answers_per_s": round(achieved, 1),
        **_delivery({t.game_id: t for t in tables}, streams, seen),
    }


async def _run(address: str, pid: int, redis_url: str, args: argparse.Namespace) -> dict[str, Any]:
    count = ConnectionCount(redis_url)
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        count.sample()
        idle = dict(count.peak)
        # Baseline: a few watchers on one game, answers at the same pace.
        solo = [await _create(stub, 7, args.baseline_answers)]
        baseline = await _measure(
            stub, address, solo, args.baseline_watchers, 1, args.baseline_answers,
            args.rate, ConnectionCount(redis_url),
        )  # fmt: skip
        tables: list[Table] = []
        for first in range(0, args.games, 100):
            batch = range(first, min(args.games, first + 100))
            tables += await asyncio.gather(*(_create(stub, 100 + s, args.rounds) for s in batch))
        cpu = _cpu_seconds(pid)
        loaded = await _measure(
            stub, address, tables, args.watchers // args.games, args.workers, args.rounds,
            args.rate, count,
        )  # fmt: skip
        loaded["server_cpu_s"] = round(_cpu_seconds(pid) - cpu, 1)
        loaded["server_rss_mb"] = _rss_mb(pid)
    ratios = {
        f"{measure}_{p}": round(loaded[measure][f"{p}_ms"] / baseline[measure][f"{p}_ms"], 2)
        for measure in ("after_reply", "after_request")
        for p in ("p50", "p99")
    }
    return {
        "machine_cores": os.cpu_count(),
        "redis_connections": {
            "before_watchers": sum(idle.values()),
            "peak": sum(count.peak.values()),
            "peak_by_name": count.peak,
        },
        "baseline": baseline,
        "loaded": loaded,
        "loaded_to_baseline": ratios,
    }


def _rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.watchers", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="live games watched")
    parser.add_argument("--watchers", type=int, default=10_000, help="streams, over the games")
    parser.add_argument("--workers", type=int, default=2, help="watcher client processes")
    parser.add_argument("--rounds", type=int, default=3, help="answers per game")
    parser.add_argument("--rate", type=float, default=200.0, help="answers a second, in all")
    parser.add_argument("--baseline-watchers", type=int, default=10)
    parser.add_argument("--baseline-answers", type=int, default=50)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser


def main_figures(args: argparse.Namespace | None = None) -> dict[str, Any]:
    args = args or _parser().parse_args([])
    with embedded_redis() as redis_server, _service(redis_server.url) as (address, pid):
        return asyncio.run(_run(address, pid, redis_server.url, args))


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.worker:
        return worker_main()
    print(json.dumps(main_figures(args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
