"""Matchmaking under abuse: a good pair's time to match while one abusive account (and its
address) attacks matchmaking, against the same pair's time idle, in one run.

A private platform (the accounts, game and scoring services, and matchmaking with its default
quotas, listening on IPv4 and IPv6). Good pairs come from 127.0.0.1; the attacker from ::1,
another address, in a process of its own so that it does not share the measuring loop. Each
good pair: two fresh accounts enqueue the same fresh format; its time to match is the second
ticket's created -> matched, both stamped by the service. Phases: idle, under attack, after.

The attacker does what was measured to hurt before (issue 30): Enqueue and Cancel of distinct
formats as fast as it can (5,000 formats were 5,000 queues kept for ever), 1,500 WatchTicket
streams on its own waiting ticket, and GetTicket as fast as it can. It reports how many of its
calls were refused and why. The goal: the good pair's p50 under attack and after within 1.5x
of idle.

    python -m olympus.bench.matchmaking_abuse [--pairs 20] [--attack-seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import statistics
import sys
import time
from collections import Counter
from typing import Any

import grpc
import redis

from olympus.matchmaking.store import QUEUES
from olympus.platform.errors import error_details
from olympus.v1 import game_pb2, matchmaking_pb2, matchmaking_pb2_grpc

from .stack import bench_stack

MATCHED = matchmaking_pb2.TICKET_STATUS_MATCHED
_formats = itertools.count(1)


def _auth(key: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {key}"),)


def _format(n: int) -> matchmaking_pb2.MatchFormat:
    return matchmaking_pb2.MatchFormat(
        players=2, time_control=game_pb2.TimeControl(decision_seconds=100 + n)
    )


async def _pair(stub: Any, keys: tuple[str, str]) -> float:
    """One good pair's time to match (ms, the service's own stamps)."""
    fmt = _format(next(_formats))
    tickets = []
    for key in keys:
        reply = await stub.Enqueue(matchmaking_pb2.EnqueueRequest(format=fmt), metadata=_auth(key))
        tickets.append(reply.ticket)
    deadline = time.monotonic() + 60
    done = []
    for key, ticket in zip(keys, tickets, strict=True):
        while True:
            now = await stub.GetTicket(
                matchmaking_pb2.GetTicketRequest(ticket_id=ticket.ticket_id), metadata=_auth(key)
            )
            if now.status == MATCHED:
                done.append(now)
                break
            if time.monotonic() > deadline:
                raise SystemExit("a good pair was not matched in 60 s")
            await asyncio.sleep(0.005)
    return float(max(t.closed_ms for t in done) - max(t.created_ms for t in done))


async def _phase(address: str, keys: list[str], pairs: int) -> list[float]:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)  # type: ignore[no-untyped-call]
        out = []
        for i in range(pairs):
            out.append(await _pair(stub, (keys[2 * i], keys[2 * i + 1])))
            await asyncio.sleep(0.05)
        return out


def _attack(address: str, key: str, watcher: str, seconds: float, results: Any) -> None:
    """The abuser, in a process of its own (see the module's doc): `key` churns formats,
    `watcher` (a second account of the same address: one account has one open ticket) holds the
    ticket the streams and reads hammer."""
    refused: Counter[str] = Counter()
    calls: Counter[str] = Counter()

    async def run() -> None:
        stop_at = time.monotonic() + seconds
        async with grpc.aio.insecure_channel(address) as channel:
            stub: Any = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)  # type: ignore[no-untyped-call]

            async def call(name: str, coro: Any) -> Any:
                calls[name] += 1
                try:
                    return await coro
                except grpc.aio.AioRpcError as exc:
                    refused[f"{name}:{error_details(exc)[0] or exc.code().name}"] += 1
                    return None

            async def formats() -> None:
                n = 10_000
                while time.monotonic() < stop_at:
                    n += 1
                    reply = await call(
                        "Enqueue",
                        stub.Enqueue(
                            matchmaking_pb2.EnqueueRequest(format=_format(n)), metadata=_auth(key)
                        ),
                    )
                    if reply is not None:
                        await call(
                            "Cancel",
                            stub.Cancel(
                                matchmaking_pb2.CancelRequest(ticket_id=reply.ticket.ticket_id),
                                metadata=_auth(key),
                            ),
                        )

            async def streams(ticket_id: str) -> None:
                async def one() -> None:
                    calls["WatchTicket"] += 1
                    stream = stub.WatchTicket(
                        matchmaking_pb2.WatchTicketRequest(ticket_id=ticket_id),
                        metadata=_auth(watcher),
                    )
                    try:
                        async with asyncio.timeout(max(0.0, stop_at - time.monotonic())):
                            async for _ in stream:
                                pass
                    except TimeoutError:
                        stream.cancel()
                    except grpc.aio.AioRpcError as exc:
                        refused[f"WatchTicket:{error_details(exc)[0] or exc.code().name}"] += 1

                await asyncio.gather(*(one() for _ in range(1_500)))

            async def reads(ticket_id: str) -> None:
                while time.monotonic() < stop_at:
                    await call(
                        "GetTicket",
                        stub.GetTicket(
                            matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id),
                            metadata=_auth(watcher),
                        ),
                    )

            # A ticket of its own to watch and read (a format nobody else waits for).
            own = await stub.Enqueue(
                matchmaking_pb2.EnqueueRequest(format=_format(9_999)), metadata=_auth(watcher)
            )
            tid = own.ticket.ticket_id
            await asyncio.gather(formats(), streams(tid), reads(tid))

    asyncio.run(run())
    results.put({"calls": dict(calls), "refused": dict(refused)})


def _p50(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def main_figures(pairs: int = 20, attack_seconds: float = 30.0) -> dict[str, Any]:
    with bench_stack(
        ["gamestate", "scoring", "matchmaking"],
        {
            "gamestate": ("--quotas", "off"),
            "matchmaking": ("--host", "[::]", "--match-interval", "0.05"),
        },
    ) as stack:
        good = stack.address("matchmaking", "127.0.0.1")
        bad = stack.address("matchmaking", "::1")
        keys = stack.keys(6 * pairs)
        attacker, watcher = stack.keys(2)
        idle = asyncio.run(_phase(good, keys[: 2 * pairs], pairs))
        ctx = multiprocessing.get_context("spawn")
        results = ctx.Queue()
        attack = ctx.Process(target=_attack, args=(bad, attacker, watcher, attack_seconds, results))
        attack.start()
        time.sleep(min(5.0, attack_seconds / 4))  # the attack in full swing first
        under = asyncio.run(_phase(good, keys[2 * pairs : 4 * pairs], pairs))
        report = results.get(timeout=attack_seconds + 120)
        attack.join(30)
        queues_left = redis.Redis.from_url(stack.redis_url).scard(QUEUES)
        after = asyncio.run(_phase(good, keys[4 * pairs :], pairs))
    idle_p50 = _p50(idle)
    return {
        "pairs_per_phase": pairs,
        "attack_seconds": attack_seconds,
        "time_to_match_p50_ms": {
            "idle": idle_p50,
            "under_attack": _p50(under),
            "after": _p50(after),
        },
        "under_attack_vs_idle": round(_p50(under) / idle_p50, 2) if idle_p50 else None,
        "after_vs_idle": round(_p50(after) / idle_p50, 2) if idle_p50 else None,
        "goal_ratio": 1.5,
        "attacker": report,
        "queues_left_after_attack": int(queues_left),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.matchmaking_abuse")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--attack-seconds", type=float, default=30.0)
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.attack_seconds <= 0:
        parser.error("--pairs must be >= 1 and --attack-seconds > 0")
    figures = main_figures(args.pairs, args.attack_seconds)
    print(json.dumps({"benchmark": "matchmaking_abuse", **figures}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
