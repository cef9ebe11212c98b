"""Matchmaking benchmark: how fast waiting tickets become games, end to end through the
matchmaking service, Redis and the game service.

It starts a private platform (a redis-server, the accounts, game (quotas off) and scoring
services), and matchmaking replicas, makes `tickets` accounts with a `play` key each, then:

  1. backlog: `tickets` 2-player tickets of one format enqueued (grpc.aio, `concurrency` calls
     at once) through a replica whose matcher is off, so that they all wait; then one matching
     replica starts. Tickets matched per second (from the matcher's start to the last match)
     and each ticket's time from the matcher's start to its match, p50/p99;
  2. stream: with that replica matching, another `tickets` tickets enqueued the same way:
     tickets matched per second (first enqueue to last match) and time-to-match (the ticket's
     own created -> matched, both stamped by the service), p50/p99.
Baseline, same run: the Enqueue call's own latency (phase 1's calls) and a health Check's.

    python -m olympus.bench.matchmaking [--tickets 1000] [--concurrency 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from olympus.launcher import start_service, stop
from olympus.platform.config import METRICS_OFF
from olympus.v1 import matchmaking_pb2, matchmaking_pb2_grpc

from .stack import BenchStack, bench_stack

FORMAT = matchmaking_pb2.MatchFormat(players=2)
MATCHED = matchmaking_pb2.TICKET_STATUS_MATCHED


@contextmanager
def _matchmaking(stack: BenchStack, *args: str) -> Iterator[str]:
    from olympus.launcher import stack_env

    extra = ("--log-level", "WARNING", "--quotas", "off", *args)
    ports = {c.name: c.port for c in stack.children}
    env = stack_env(stack.service_key, ports)
    child = start_service("matchmaking", 0, METRICS_OFF, stack.redis_url, extra, env=env)
    try:
        yield f"127.0.0.1:{child.port}"
    finally:
        stop([child])


def _ms(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def _auth(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),)


async def _enqueue_all(
    stub: Any, keys: Sequence[str], concurrency: int
) -> tuple[list[str], list[float]]:
    """Enqueue one ticket per key, `concurrency` at once: (ticket ids, call latencies ms)."""
    ids = [""] * len(keys)
    latencies: list[float] = []
    todo = iter(range(len(keys)))

    async def caller() -> None:
        for i in todo:
            start = time.perf_counter()
            reply = await stub.Enqueue(
                matchmaking_pb2.EnqueueRequest(format=FORMAT), metadata=_auth(keys[i])
            )
            latencies.append((time.perf_counter() - start) * 1000)
            ids[i] = reply.ticket.ticket_id

    await asyncio.gather(*(caller() for _ in range(concurrency)))
    return ids, latencies


async def _all_matched(
    stub: Any, keys: Sequence[str], ids: Sequence[str], concurrency: int
) -> list[matchmaking_pb2.Ticket]:
    """Every ticket once matched (GetTicket, polled for the ones not matched yet)."""
    done: dict[int, matchmaking_pb2.Ticket] = {}
    sem = asyncio.Semaphore(concurrency)

    async def look(i: int) -> None:
        async with sem:
            ticket = await stub.GetTicket(
                matchmaking_pb2.GetTicketRequest(ticket_id=ids[i]), metadata=_auth(keys[i])
            )
        if ticket.status == MATCHED:
            done[i] = ticket

    deadline = time.monotonic() + 300
    while len(done) < len(ids):
        if time.monotonic() > deadline:
            raise SystemExit(f"only {len(done)} of {len(ids)} tickets matched in 300 s")
        await asyncio.gather(*(look(i) for i in range(len(ids)) if i not in done))
        if len(done) < len(ids):
            await asyncio.sleep(0.2)
    return [done[i] for i in range(len(ids))]


def _check(tickets: Sequence[matchmaking_pb2.Ticket]) -> None:
    seats = {(t.game_id, t.seat) for t in tickets}
    if len(seats) != len(tickets) or len({t.game_id for t in tickets}) * 2 != len(tickets):
        raise SystemExit("a seat was given twice or a game is not full")


async def _health_ms(channel: grpc.aio.Channel, calls: int) -> list[float]:
    health = health_pb2_grpc.HealthStub(channel)  # type: ignore[no-untyped-call]
    out = []
    for _ in range(calls):
        start = time.perf_counter()
        await health.Check(health_pb2.HealthCheckRequest())
        out.append((time.perf_counter() - start) * 1000)
    return out


async def _run(
    stack: BenchStack, keys: Sequence[str], tickets: int, concurrency: int
) -> dict[str, Any]:
    first, second = keys[:tickets], keys[tickets:]
    with _matchmaking(stack, "--matcher", "off") as api_only:
        async with grpc.aio.insecure_channel(api_only) as channel:
            stub = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)  # type: ignore[no-untyped-call]
            health_ms = await _health_ms(channel, 200)
            ids, enqueue_ms = await _enqueue_all(stub, first, concurrency)
            with _matchmaking(stack, "--match-interval", "0.02"):
                start_ms = time.time() * 1000  # the matcher is up (its ready line was read)
                backlog = await _all_matched(stub, first, ids, concurrency)
                ids2, stream_enqueue_ms = await _enqueue_all(stub, second, concurrency)
                stream = await _all_matched(stub, second, ids2, concurrency)
    _check(backlog)
    _check(stream)
    drain = [max(0.0, t.closed_ms - start_ms) for t in backlog]
    backlog_s = max(drain) / 1000
    waits = [float(t.closed_ms - t.created_ms) for t in stream]
    stream_s = (max(t.closed_ms for t in stream) - min(t.created_ms for t in stream)) / 1000
    enqueue_p50 = statistics.median(enqueue_ms)
    return {
        "tickets": tickets,
        "concurrency": concurrency,
        "backlog": {
            "tickets_matched_per_s": round(tickets / backlog_s, 1),
            "games": len({t.game_id for t in backlog}),
            "time_to_match_p50_ms": _ms(drain, 0.5),
            "time_to_match_p99_ms": _ms(drain, 0.99),
        },
        "stream": {
            "tickets_matched_per_s": round(tickets / stream_s, 1),
            "time_to_match_p50_ms": _ms(waits, 0.5),
            "time_to_match_p99_ms": _ms(waits, 0.99),
            "enqueue_p50_ms": round(statistics.median(stream_enqueue_ms), 3),
        },
        "baseline": {
            "enqueue_p50_ms": round(enqueue_p50, 3),
            "enqueue_p99_ms": _ms(enqueue_ms, 0.99),
            "health_check_p50_ms": round(statistics.median(health_ms), 3),
        },
        "stream_time_to_match_p50_vs_enqueue_p50": round(_ms(waits, 0.5) / enqueue_p50, 2),
    }


def main_figures(tickets: int = 1000, concurrency: int = 50) -> dict[str, Any]:
    with bench_stack(["gamestate", "scoring"], {"gamestate": ("--quotas", "off")}) as stack:
        keys = stack.keys(2 * tickets)
        return asyncio.run(_run(stack, keys, tickets, concurrency))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.matchmaking")
    parser.add_argument("--tickets", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=50)
    args = parser.parse_args(argv)
    if args.tickets < 2 or args.tickets % 2 or args.concurrency < 1:
        parser.error("--tickets must be an even number >= 2, --concurrency >= 1")
    figures = main_figures(args.tickets, args.concurrency)
    print(json.dumps({"benchmark": "matchmaking", **figures}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
