"""Does an answer cost more when a process holds more games? (issue 35)

For each N (default 1,000 and 10,000), a game service process on a private Redis holds N games
(CreateGame), all the services at once. Every game answers once, then the timed rounds: each
game once per round, in the same order every round, so that a game comes back only after every
other game of its process had its turn (the worst case for a least-recently-used cache holding
fewer games than the process). The rounds go in slices of a tenth of a round, the services in
turn, so that a shared machine whose load changes weighs on every N alike; the same number of
calls is in flight (`in_flight`) whatever N, so that only the number of games held differs.

For each N it reports the service's CPU per answer (user + system, from /proc, counted during
its own slices), answers per second, p50 latency and the resident memory per game held; then
the ratio of CPU per answer at the largest N to the smallest (issue 35 asks for at most 1.15
between 1,000 and 10,000 games).

    python -m olympus.bench.cache_scaling [--games 1000 10000] [--answers 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import islice
from typing import Any

import grpc

from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import Plan, Timing, _answers, _service, _timed

SEEDS = 32  # distinct games (seeds) among the N: their answers are computed once each
# Ten thousand games created at once on a busy 2-core machine can keep Redis from answering
# within the service's default second: that would fail the run, not measure it.
BASE_FLAGS = ("--redis-timeout", "10")


def _rss_bytes(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def _create_all(
    stub: Any, games: int, players: int, scripts: list[list[tuple[int, str]]], in_flight: int
) -> list[Plan]:
    gate = asyncio.Semaphore(in_flight)

    async def create(i: int) -> Plan:
        seed = 5000 + i % len(scripts)
        options = pb.GameOptions(players=players, seed=seed)
        async with gate:
            reply = await stub.CreateGame(pb.CreateGameRequest(options=options), timeout=60)
        tokens = {s.seat: s.token for s in reply.seats}
        return Plan(reply.game_id, tokens, list(scripts[i % len(scripts)]))

    return list(await asyncio.gather(*(create(i) for i in range(games))))


@dataclass
class _Held:
    """One service holding `games` games, and the turns its games still have to answer."""

    games: int
    stub: Any
    pid: int
    plans: list[Plan]
    turns: Iterator[Plan]
    busy: dict[str, asyncio.Lock]
    timed: Timing
    rss_before: int


def _turns(plans: list[Plan], rounds: int) -> Iterator[Plan]:
    """Each game once per round, in the same order every round."""
    return iter([plan for _ in range(rounds) for plan in plans])


async def _play(held: _Held, turns: Iterator[Plan], in_flight: int) -> Timing:
    """Answer `turns`, `in_flight` calls at a time (one answer of a game at a time)."""

    async def caller(latencies: list[float]) -> None:
        for plan in turns:  # one iterator shared by every caller: each turn is taken once
            async with held.busy[plan.game_id]:
                if not plan.answers:
                    continue
                seat, text = plan.answers.pop(0)
                request = pb.SubmitActionRequest(
                    game_id=plan.game_id,
                    token=plan.tokens[seat],
                    expected_version=plan.version,
                    idempotency_key=f"scale-{plan.version}",
                    text=text,
                )
                t = time.perf_counter()
                await held.stub.SubmitAction(request, timeout=60)
                latencies.append(time.perf_counter() - t)
                plan.version += 1

    return await _timed(held.pid, [caller] * in_flight)


async def _measure(
    services: list[tuple[str, int]], games: Sequence[int], answers: int, players: int, flight: int
) -> list[dict[str, Any]]:
    """Every service gets its games, each game answers once, then the timed rounds, in slices
    interleaved between the services (a tenth of a round each in turn): a machine whose load
    changes meanwhile weighs on every size alike."""
    scripts = [_answers(players, 5000 + s, answers + 1) for s in range(SEEDS)]
    channels = [grpc.aio.insecure_channel(address) for address, _ in services]
    held: list[_Held] = []
    for channel, (_, pid), count in zip(channels, services, games, strict=True):
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        rss_before = _rss_bytes(pid)
        plans = await _create_all(stub, count, players, scripts, flight)
        busy = {plan.game_id: asyncio.Lock() for plan in plans}
        one = _Held(count, stub, pid, plans, iter(()), busy, Timing([], 0.0, 0.0), rss_before)
        await _play(one, _turns(plans, 1), flight)  # every game touched once after creation
        one.turns = _turns(plans, answers)
        held.append(one)
    for _ in range(10 * answers):
        for one in held:
            one.timed += await _play(one, islice(one.turns, max(1, one.games // 10)), flight)
    for channel in channels:
        await channel.close()
    out = []
    for one in held:
        figures = one.timed.figures("answers")
        rss_after = _rss_bytes(one.pid)
        out.append(
            {
                "games": one.games,
                "answers_timed": figures["calls"],
                "server_cpu_us_per_answer": figures["server_cpu_us_per_call"],
                "answers_per_s": figures["answers_per_s"],
                "p50_us": figures["p50_us"],
                "rss_mib": round(rss_after / 2**20, 1),
                "rss_bytes_per_game": round((rss_after - one.rss_before) / one.games),
            }
        )
    return out


def main_figures(
    games: Sequence[int] = (1000, 10_000),
    answers: int = 3,
    players: int = 3,
    in_flight: int = 64,
    flags: Sequence[str] = (),
) -> dict[str, Any]:
    """A service (and a Redis) of its own per number of games held, all running at once."""
    started = time.perf_counter()
    with ExitStack() as stack:
        services = []
        for _ in games:
            redis = stack.enter_context(embedded_redis())
            # Later flags win: the caller's override the bench's own.
            services.append(stack.enter_context(_service(redis.url, [*BASE_FLAGS, *flags])))
        runs = asyncio.run(_measure(services, games, answers, players, in_flight))
    low, high = runs[0], runs[-1]
    return {
        "players": players,
        "in_flight": in_flight,
        "service_flags": list(flags),
        "runs": runs,
        "cpu_per_answer_ratio": round(
            high["server_cpu_us_per_answer"] / low["server_cpu_us_per_answer"], 3
        ),
        "ratio_of": f"{high['games']} games / {low['games']} games",
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m olympus.bench.cache_scaling", description=__doc__
    )
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10_000])
    parser.add_argument("--answers", type=int, default=3, help="answers timed per game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--in-flight", type=int, default=64, help="calls in flight at once")
    parser.add_argument(
        "--service-flag",
        action="append",
        default=[],
        help="a flag for the game service (repeat: --service-flag=--cache-memory "
        "--service-flag=256MiB)",
    )
    args = parser.parse_args(argv)
    if any(g < 1 for g in args.games) or args.answers < 1 or args.in_flight < 1:
        parser.error("--games, --answers and --in-flight must be positive")
    figures = main_figures(
        args.games, args.answers, args.players, args.in_flight, args.service_flag
    )
    print(json.dumps(figures), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
