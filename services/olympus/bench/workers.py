"""Workers benchmark: all-bot games played to the end by one worker process, and the latency
of a bot turn, end to end through the game service, Redis and Celery.

It starts a private redis-server, a real `python -m olympus.gamestate`, one `olympus worker`
(one pool process) and `olympus beat`, then:

  1. throughput: `games` all-bot 2-player games created at once; games finished per minute
     (and answers per second) until the last one ends. Baseline, same run: the same games
     played by the same bots (each asked on its seat's redacted game, as the workers do) in
     this process with no I/O at all: the ratio is the share of a process's engine speed the
     platform delivers;
  2. latency: `turns` games of a bot seat and a silent human seat, one at a time on an idle
     stack; for each, from the moment the bot's setup decision became pending (the game's
     creation, as committed) to the bot's answer committed (its event's time, both stamped by
     the writers on this machine). Baseline, same run: a CreateGame call's own latency.

    python -m olympus.bench.workers [--games 20] [--turns 200]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc

from olympus.engine import Game, GameOptions
from olympus.gamestate.autoplay import bot_answer
from olympus.gamestate.meta import GameMeta, SeatMeta, TimeControl
from olympus.gamestate.table import Table
from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import _service

PLAYERS = 2


@contextmanager
def _workers(redis_url: str) -> Iterator[None]:
    env = {**os.environ, "OLYMPUS_WORKER_LOG_LEVEL": "ERROR"}
    command = [sys.executable, "-m", "olympus.cli"]
    worker = subprocess.Popen(
        [*command, "worker", "--redis-url", redis_url, "--concurrency", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    beat = subprocess.Popen(
        [*command, "beat", "--redis-url", redis_url],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    try:
        assert worker.stdout is not None
        for line in worker.stdout:
            if line.startswith("{") and json.loads(line).get("ready") == "worker":
                break
        else:
            raise SystemExit("the worker did not start")
        yield
    finally:
        for proc in (beat, worker):
            proc.send_signal(signal.SIGTERM)
        for proc in (beat, worker):
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def _engine_only(games: int, seed: int) -> dict[str, float]:
    """The same games, the same bots, in this process with no I/O."""
    started = time.perf_counter()
    answers = 0
    for n in range(games):
        options = GameOptions(players=PLAYERS, seed=seed + n)
        meta = GameMeta(
            game_id="0" * 16,
            options=options,
            seats=tuple(SeatMeta(s, bot="random") for s in range(PLAYERS)),
            time_control=TimeControl(),
            tokens={},
            created_ms=0,
        )
        game = Game.new(options)
        table = Table.new(game, 1, meta.time_control)
        version = 1
        while not game.is_over:
            seat = game.decisions()[0].player
            update = table.begin(version + 1, seat, game)
            answer = bot_answer(meta, game, seat, table.since[seat], "random")
            game.apply(seat, answer)
            table = update.finish(game, 1, meta.time_control)
            version += 1
            answers += 1
    seconds = time.perf_counter() - started
    return {"games_per_minute": games * 60 / seconds, "answers_per_second": answers / seconds}


def _throughput(stub: Any, games: int, seed: int) -> dict[str, float]:
    started = time.perf_counter()
    ids = []
    for n in range(games):
        request = pb.CreateGameRequest(
            options=pb.GameOptions(players=PLAYERS, seed=seed + n),
            seats=[pb.SeatSpec(kind=pb.SEAT_KIND_BOT)] * PLAYERS,
        )
        ids.append(stub.CreateGame(request, timeout=10).game_id)
    versions: dict[str, int] = {}
    while len(versions) < games:
        time.sleep(0.05)
        for game_id in ids:
            if game_id in versions:
                continue
            game = stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game
            if game.status == pb.GAME_STATUS_FINISHED:
                versions[game_id] = game.version
        if time.perf_counter() - started > 60 * games:
            raise SystemExit("the workers did not finish the games")
    seconds = time.perf_counter() - started
    answers = sum(v - 1 for v in versions.values())
    return {
        "games": games,
        "seconds": round(seconds, 2),
        "games_per_minute": games * 60 / seconds,
        "answers_per_second": answers / seconds,
    }


def _latency(stub: Any, turns: int, seed: int) -> dict[str, float]:
    """A bot seat's first decision, from pending to answered, on an idle stack."""
    bot_ms: list[float] = []
    create_ms: list[float] = []
    for n in range(turns):
        request = pb.CreateGameRequest(
            options=pb.GameOptions(players=2, seed=seed + n),
            seats=[pb.SeatSpec(kind=pb.SEAT_KIND_BOT), pb.SeatSpec(kind=pb.SEAT_KIND_HUMAN)],
        )
        sent = time.perf_counter()
        created = stub.CreateGame(request, timeout=10)
        create_ms.append((time.perf_counter() - sent) * 1000)
        events = stub.WatchGame(pb.WatchGameRequest(game_id=created.game_id), timeout=30)
        times = {}
        for event in events:
            times[event.version] = event.time_ms
            if event.version >= 2:
                break
        events.cancel()
        bot_ms.append(times[2] - times[1])
        stub.AbortGame(pb.AbortGameRequest(game_id=created.game_id, token=created.host_token))
    return {
        "turns": turns,
        "bot_turn_p50_ms": statistics.median(bot_ms),
        "bot_turn_p99_ms": statistics.quantiles(bot_ms, n=100)[98],
        "create_game_p50_ms": statistics.median(create_ms),
    }


def main_figures(games: int = 20, turns: int = 200, seed: int = 1) -> dict[str, Any]:
    baseline = _engine_only(games, seed)
    with (
        embedded_redis() as redis,
        _service(redis.url) as (address, _pid),
        _workers(redis.url),
        grpc.insecure_channel(address) as channel,
    ):
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        latency = _latency(stub, turns, seed)
        workers = _throughput(stub, games, seed)
    return {
        "workers": workers,
        "engine_only": baseline,
        "games_per_minute_vs_engine_only": workers["games_per_minute"]
        / baseline["games_per_minute"],
        "latency": latency,
        "bot_turn_p50_vs_create_game_p50": latency["bot_turn_p50_ms"]
        / latency["create_game_p50_ms"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.workers")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args(argv)
    figures = main_figures(args.games, args.turns)
    print(json.dumps({"benchmark": "workers", **figures}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
