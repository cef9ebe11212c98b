"""Webhooks' cost on the answer path: SubmitAction p50 with webhooks on over off, in one run.

A private platform (an embedded Redis, the accounts and game services, a worker and beat, all
on this machine) and a receiver in a process of its own that answers 200 to every delivery.
Two sets of 2-player games whose seats are both accounts' (seated with the service credential,
as matchmaking seats them): in the "on" set the accounts have webhooks, so each answer that
hands the turn to the other seat makes the service send a webhook task, which the worker
delivers; in the "off" set they have none (the service's cache of who has one holds the tasks
back). Both sets play the same seeds with answers computed beforehand, one caller per game,
chunk by chunk in alternation (a shared machine's drift weighs on both alike). The worker and
the receiver run in both halves; only the webhooks differ.

    python -m olympus.bench.webhooks [--games 4] [--answers 240] [--chunk 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import grpc
import redis.asyncio as aioredis

from olympus.accounts.keys import KeyStore
from olympus.launcher import stack_env, start_workers, stop
from olympus.v1 import accounts_pb2, accounts_pb2_grpc, game_pb2 as pb, game_pb2_grpc

from .service import Plan, Timing, _answers, _play

PLAYERS = 2


class _Server(ThreadingHTTPServer):
    request_queue_size = 128  # every delivery of a sweep may connect at once
    daemon_threads = True


def _receive() -> int:
    """The receiver (`--receive`): prints its port, answers 200 to every POST, and tells how
    many it got at GET /count."""
    got = [0]
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with lock:
                got[0] += 1
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_GET(self) -> None:
            body = str(got[0]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = _Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    return 0


@contextmanager
def _receiver() -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "olympus.bench.webhooks", "--receive"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        yield f"http://127.0.0.1:{int(proc.stdout.readline())}"
    finally:
        proc.terminate()
        proc.wait(10)


def _count(url: str) -> int:
    with urllib.request.urlopen(f"{url}/count", timeout=10) as reply:
        return int(reply.read())


async def _accounts(redis_url: str, count: int) -> list[tuple[str, str]]:
    """(account id, `play` key) of `count` new person accounts, made the operator's way."""
    redis = aioredis.Redis.from_url(redis_url, client_name="bench-operator")
    store = KeyStore(redis)
    out = []
    for i in range(count):
        account = await store.create_account(f"bench-hook-{i}-{time.time_ns() % 10**9}", "person")
        key, _ = await store.create_key(account.account_id, ["play"])
        out.append((account.account_id, key))
    await redis.aclose()
    return out


async def _run(stack: Any, receiver: str, games: int, answers: int, chunk: int) -> dict[str, Any]:
    service = (("authorization", f"Bearer {stack.service_key}"),)
    people = await _accounts(stack.redis_url, 2 * PLAYERS * games)
    async with (
        grpc.aio.insecure_channel(stack.address("gamestate")) as channel,
        grpc.aio.insecure_channel(stack.address("accounts")) as accounts_channel,
    ):
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        accounts = accounts_pb2_grpc.AccountServiceStub(accounts_channel)  # type: ignore[no-untyped-call]
        for account_id, key in people[: PLAYERS * games]:  # the "on" set's accounts
            await accounts.SetWebhook(
                accounts_pb2.SetWebhookRequest(url=f"{receiver}/{account_id}"),
                metadata=(("authorization", f"Bearer {key}"),),
                timeout=30,
            )
        plans: dict[bool, list[Plan]] = {True: [], False: []}
        for on in (True, False):
            owners = people[: PLAYERS * games] if on else people[PLAYERS * games :]
            for i in range(games):
                seed = 3000 + i  # the same games with and without webhooks
                seats = [
                    pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN, account_id=owners[PLAYERS * i + s][0])
                    for s in range(PLAYERS)
                ]
                request = pb.CreateGameRequest(
                    options=pb.GameOptions(players=PLAYERS, seed=seed), seats=seats
                )
                reply = await stub.CreateGame(request, metadata=service, timeout=30)
                tokens = {s.seat: s.token for s in reply.seats}
                plans[on].append(Plan(reply.game_id, tokens, _answers(PLAYERS, seed, answers)))
        pid = stack.pid("gamestate")
        for on in (True, False):  # the setup answers, untimed: every cache warm for both
            await _play(stub, pid, plans[on], PLAYERS)
        await asyncio.sleep(1.0)  # the deliveries of the setup, out of the way
        before = _count(receiver)
        timing = {on: Timing([], 0.0, 0.0) for on in (True, False)}
        for _ in range(-(-answers // chunk)):
            for on in (True, False):
                timing[on] += await _play(stub, pid, plans[on], chunk)
        sent = _count(receiver) - before
    with_hooks, without = timing[True].figures("answers"), timing[False].figures("answers")
    return {
        "games_each": games,
        "answers_timed_each_side": with_hooks["calls"],
        "p50_us_on": with_hooks["p50_us"],
        "p50_us_off": without["p50_us"],
        "submit_action_p50_on_over_off": round(with_hooks["p50_us"] / without["p50_us"], 3),
        "p99_us_on": with_hooks["p99_us"],
        "p99_us_off": without["p99_us"],
        "server_cpu_us_per_answer_on": with_hooks["server_cpu_us_per_call"],
        "server_cpu_us_per_answer_off": without["server_cpu_us_per_call"],
        "server_cpu_on_over_off": round(
            with_hooks["server_cpu_us_per_call"] / without["server_cpu_us_per_call"], 3
        ),
        # what the "on" half made the workers do (delivered while it ran)
        "deliveries_received_while_timed": sent,
    }


def main_figures(games: int = 4, answers: int = 240, chunk: int = 20) -> dict[str, Any]:
    from .stack import bench_stack

    with bench_stack(["gamestate"], {"gamestate": ("--quotas", "off")}) as stack:
        ports = {c.name: c.port for c in stack.children}
        env = {**stack_env(stack.service_key, ports), "OLYMPUS_WORKER_LOG_LEVEL": "ERROR"}
        with open(os.devnull, "w") as quiet:
            workers = start_workers(stack.redis_url, quiet, env)
            try:
                with _receiver() as receiver:
                    return asyncio.run(_run(stack, receiver, games, answers, chunk))
            finally:
                stop(workers)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.webhooks", description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="games per set, played at once")
    parser.add_argument("--answers", type=int, default=240, help="answers timed per game")
    parser.add_argument("--chunk", type=int, default=20, help="answers per turn of each set")
    parser.add_argument("--receive", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.receive:
        return _receive()
    figures = main_figures(args.games, args.answers, args.chunk)
    print(json.dumps({"benchmark": "webhooks", **figures}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
