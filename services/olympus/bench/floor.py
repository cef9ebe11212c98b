"""The floor under an answer: what any SubmitAction must cost on this stack, against the no-op.

Issue 35 asks for SubmitAction server CPU at most 1.8x a no-op gRPC call. This measures how
much of that budget is spent before Olympus does anything of its own. It runs, in one run:

  1. the real game service (`olympus.bench.service`'s setup): health `Check` (the no-op) and
     SubmitAction, `callers` games at once;
  2. a floor server, a separate process on the same grpc.aio and protobuf: the same health
     `Check`, and a GameService.SubmitAction that does only what no answer can skip: parse the
     request, one EVALSHA on Redis (redis-py, hiredis; a script that bumps a version and
     returns it: the compare-and-set an answer commits), and send back a reply of the real
     service's size (a SubmitActionResponse taken from the real run);
  3. the engine's own share: a checked `Game.apply` per answer, in this process.

It prints server CPU per call of each, their ratios to the no-op of the same server, and the
floor plus the engine's apply over the no-op: the least an answer could cost here.

    python -m olympus.bench.floor [--callers 1000] [--calls 8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2_grpc

from olympus.engine import Game, GameOptions
from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import Timing, _create, _noop, _play, _repeated

BUMP = "local v = redis.call('HINCRBY', KEYS[1], 'version', 1) return {v, ARGV[1]}"


async def _serve(redis_url: str, reply_bytes: bytes) -> None:
    import redis.asyncio as aioredis

    redis = aioredis.Redis.from_url(redis_url)
    sha = await redis.script_load(BUMP)
    reply = pb.SubmitActionResponse.FromString(reply_bytes)

    async def submit(request: pb.SubmitActionRequest, context: Any) -> pb.SubmitActionResponse:
        key = f"floor:{{{request.game_id}}}"
        await redis.evalsha(sha, 1, key, request.idempotency_key)
        return reply

    server = grpc.aio.server()
    handler = grpc.unary_unary_rpc_method_handler(
        submit,
        request_deserializer=pb.SubmitActionRequest.FromString,
        response_serializer=pb.SubmitActionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler("olympus.v1.GameService", {"SubmitAction": handler}),)
    )
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(json.dumps({"port": port}), flush=True)
    await server.wait_for_termination()


async def _floor_calls(
    channel: grpc.aio.Channel, pid: int, requests: list[pb.SubmitActionRequest], calls_each: int
) -> Timing:
    stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]

    def submit(request: pb.SubmitActionRequest) -> Callable[[], Awaitable[Any]]:
        return lambda: stub.SubmitAction(request, timeout=30)

    return await _repeated(pid, [submit(r) for r in requests], calls_each)


async def _real(address: str, pid: int, callers: int, calls: int) -> tuple[Timing, Timing, bytes]:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        await _noop(channel, pid, 8, 50)
        plans = [await _create(stub, 3, 1000 + i, calls + 3) for i in range(callers)]
        await _play(stub, pid, plans, 2)
        # One reply of the real service, as the floor's reply.
        seat, text = plans[0].answers.pop(0)
        sample = await stub.SubmitAction(
            pb.SubmitActionRequest(
                game_id=plans[0].game_id,
                token=plans[0].tokens[seat],
                expected_version=plans[0].version,
                idempotency_key="floor-sample",
                text=text,
            ),
            timeout=30,
        )
        plans[0].version += 1
        noop = submit = Timing([], 0.0, 0.0)
        for _ in range(2):  # in turns, so that a noisy machine weighs on both alike
            noop += await _noop(channel, pid, callers, calls // 2)
            submit += await _play(stub, pid, plans, calls // 2)
    return noop, submit, sample.SerializeToString()


async def _floor(address: str, pid: int, callers: int, calls: int) -> tuple[Timing, Timing]:
    requests = [
        pb.SubmitActionRequest(
            game_id=f"{i:016x}",
            token="t" * 43,
            expected_version=7,
            idempotency_key=f"floor-{i}",
            text="play 057 pay 10",
        )
        for i in range(callers)
    ]
    async with grpc.aio.insecure_channel(address) as channel:
        await _noop(channel, pid, 8, 50)
        await _floor_calls(channel, pid, requests[:8], 20)
        noop = floor = Timing([], 0.0, 0.0)
        for _ in range(2):
            noop += await _noop(channel, pid, callers, calls // 2)
            floor += await _floor_calls(channel, pid, requests, calls // 2)
    return noop, floor


def _engine_apply_us(answers: int = 2000) -> float:
    """CPU microseconds of one checked `Game.apply`, over random 3-player games."""
    rnd = random.Random(35)
    spent, done, seed = 0.0, 0, 0
    while done < answers:
        seed += 1
        game = Game.new(GameOptions(players=3, seed=seed))
        while not game.is_over and done < answers:
            decision = game.decisions()[0]
            answer = decision.sample(rnd)
            t = time.process_time()
            game.apply(decision.player, answer)
            spent += time.process_time() - t
            done += 1
    return spent / done * 1e6


def main_figures(callers: int = 1000, calls: int = 8) -> dict[str, Any]:
    from .stack import bench_stack

    with bench_stack(["gamestate"], {"gamestate": ("--quotas", "off")}) as stack:
        address, pid = stack.address("gamestate"), stack.pid("gamestate")
        real_noop, real_submit, reply = asyncio.run(_real(address, pid, callers, calls))
    with embedded_redis() as redis:
        proc = subprocess.Popen(
            [sys.executable, "-m", "olympus.bench.floor", "--serve", redis.url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        try:
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(reply)
            proc.stdin.close()
            port = json.loads(proc.stdout.readline())["port"]
            floor_noop, floor = asyncio.run(_floor(f"127.0.0.1:{port}", proc.pid, callers, calls))
        finally:
            proc.terminate()
            proc.wait(15)
    apply_us = _engine_apply_us()

    def cpu(t: Timing) -> float:
        return t.server_cpu / len(t.latencies) * 1e6

    def ratio(a: float, b: float) -> float | None:
        # CPU is counted in clock ticks (10 ms): a short run may see none for the no-op.
        return round(a / b, 2) if b > 0 else None

    return {
        "callers": callers,
        "reply_bytes": len(reply),
        "real": {
            "noop_cpu_us": round(cpu(real_noop), 1),
            "submit_cpu_us": round(cpu(real_submit), 1),
            "ratio": ratio(cpu(real_submit), cpu(real_noop)),
        },
        "floor": {
            "noop_cpu_us": round(cpu(floor_noop), 1),
            "submit_cpu_us": round(cpu(floor), 1),
            "ratio": ratio(cpu(floor), cpu(floor_noop)),
        },
        "engine_apply_cpu_us": round(apply_us, 1),
        "floor_plus_apply_ratio": ratio(cpu(floor) + apply_us, cpu(floor_noop)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.floor", description=__doc__)
    parser.add_argument("--callers", type=int, default=1000, help="concurrent callers")
    parser.add_argument("--calls", type=int, default=8, help="timed calls per caller and kind")
    parser.add_argument("--serve", metavar="REDIS_URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        asyncio.run(_serve(args.serve, sys.stdin.buffer.read()))
        return 0
    print(json.dumps(main_figures(args.callers, args.calls)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
