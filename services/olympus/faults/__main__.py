"""`python -m olympus.faults [--games N] [--only NAME ...]`: the fault matrix (see __init__)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis

from olympus.gamestate import store as st
from olympus.platform.tasks import BOT_TURN, celery_app

from .check import check_games
from .play import Table, play_games
from .stack import ComposeStack, containers_cpu_seconds, docker_missing

# Seconds between two injections while the games run, and before the first one: soon, so that
# even a short run (CI's few games finish in seconds on a quiet machine) meets the fault.
PERIOD_S = 6.0
FIRST_S = 1.5
# Fault 5's tables: a short clock for each decision, and one game in SILENT_EVERY with a seat
# nobody answers (its clock answers three times, then a bot takes the seat over).
DECISION_SECONDS = 3
SILENT_EVERY = 3


@dataclass(frozen=True)
class Settings:
    beat_pause_s: float = 60.0


def crash_gamestate(stack: ComposeStack, round_: int, settings: Settings) -> None:
    """SIGKILL one replica (the two in turn) while answers are in flight; it restarts."""
    service = ("gamestate-a", "gamestate-b")[round_ % 2]
    stack.crash(service)
    stack.wait_restarted(service)


def crash_redis(stack: ComposeStack, round_: int, settings: Settings) -> None:
    """SIGKILL Redis; it restarts from its append-only file (appendfsync always)."""
    stack.crash("redis")
    stack.wait_restarted("redis")


def partition_gamestate(stack: ComposeStack, round_: int, settings: Settings) -> None:
    """Cut one replica off the compose network for a while (its clients fail over to the
    other), then connect it again."""
    service = ("gamestate-a", "gamestate-b")[round_ % 2]
    stack.disconnect(service)
    time.sleep(PERIOD_S / 2)
    stack.connect(service)
    stack.wait_healthy(service)


def crash_worker(stack: ComposeStack, round_: int, settings: Settings) -> None:
    """SIGKILL a worker mid-task (the two in turn), and deliver bot turns twice: every active
    game's current bot turn sent two more times, as a redelivery would."""
    service = ("worker-a", "worker-b")[round_ % 2]
    stack.crash(service)
    app = celery_app(stack.redis_url)
    r = redis.Redis.from_url(stack.redis_url)
    for member in r.zrange(f"{st.PREFIX}:games:{st.STATUS_ACTIVE}", 0, -1):
        game_id = str(member, "ascii").split(":", 1)[1]  # type: ignore[arg-type]
        version = r.hget(f"{st.PREFIX}:{{g:{game_id}}}:game", "version")
        if version is not None:
            for _ in range(2):
                app.send_task(BOT_TURN, args=(game_id, int(version)))
    r.close()
    stack.wait_restarted(service)


def pause_beat(stack: ComposeStack, round_: int, settings: Settings) -> None:
    """Stop beat (nothing sweeps the timers: the clocks of waiting seats run out unanswered)
    for `beat_pause_s`, then start it: the overdue timeouts are fired then, once each."""
    stack.stop("beat")
    time.sleep(settings.beat_pause_s)
    stack.start("beat")
    stack.wait_healthy("beat")


Inject = Callable[[ComposeStack, int, Settings], None]
FAULTS: dict[str, Inject] = {
    "gamestate-crash": crash_gamestate,
    "redis-crash": crash_redis,
    "gamestate-partition": partition_gamestate,
    "worker-crash-and-double-delivery": crash_worker,
    "beat-stopped-while-clocks-run-out": pause_beat,
}
CLOCKED = {"beat-stopped-while-clocks-run-out"}


def tables(name: str, games: int, seed: int) -> list[Table]:
    if name not in CLOCKED:
        return [Table(seed + i) for i in range(games)]
    return [
        Table(seed + i, decision_seconds=DECISION_SECONDS, silent=i % SILENT_EVERY == 0)
        for i in range(games)
    ]


def run_fault(
    stack: ComposeStack,
    name: str,
    games: int,
    seed: int,
    settings: Settings,
    concurrency: int,
    known: set[str],
) -> dict[str, Any]:
    inject = FAULTS[name]
    done = threading.Event()
    injected = 0
    failure: list[BaseException] = []

    def injector() -> None:
        nonlocal injected
        wait = FIRST_S
        while not done.wait(wait):
            wait = PERIOD_S
            try:
                inject(stack, injected, settings)
            except BaseException as exc:
                failure.append(exc)
                return
            injected += 1

    thread = threading.Thread(target=injector, daemon=True)
    started = time.monotonic()
    cpu = os.times()
    stack_cpu = containers_cpu_seconds()
    thread.start()
    try:
        runs = play_games(
            stack.gamestate_targets, tables(name, games, seed), concurrency, stack.service_key
        )
    finally:
        done.set()
        thread.join()
    if failure:
        raise failure[0]
    for service in ("redis", "gamestate-a", "gamestate-b"):
        stack.wait_healthy(service)
    tally = check_games(stack.gamestate_targets, stack.redis_url, runs, known)
    known.update(run.game_id for run in runs)
    return {
        "fault": name,
        **tally.as_dict(),
        "injected": injected,
        "appendfsync": running_appendfsync(stack),
        "resent_creations": sum(run.created_attempts > 1 for run in runs),
        "seconds": round(time.monotonic() - started, 1),
        "host_cpu_seconds": round(cpu_since(cpu), 1),
        "containers_cpu_seconds": cpu_delta(stack_cpu, containers_cpu_seconds()),
    }


def running_appendfsync(stack: ComposeStack) -> str:
    """The fsync policy the stack's Redis runs with, as Redis itself reports it."""
    r = redis.Redis.from_url(stack.redis_url, decode_responses=True)
    try:
        return str(r.config_get("appendfsync")["appendfsync"])
    finally:
        r.close()


def cpu_delta(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else round(after - before, 1)


def cpu_since(before: os.times_result) -> float:
    """CPU this process spent since `before` (the clients and the checks)."""
    now = os.times()
    return now.user + now.system - before.user - before.system


# Counts that fail the run unless 0.
BROKEN = ("lost", "doubled", "mismatched", "misclocked", "uncounted", "unrated", "rated_twice")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.faults")
    parser.add_argument(
        "--games", type=int, default=int(os.environ.get("FAULT_GAMES") or 100), help="per fault"
    )
    parser.add_argument("--only", action="append", choices=sorted(FAULTS), help="repeatable")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--concurrency", type=int, default=32, help="games played at once (default 32)"
    )
    parser.add_argument(
        "--beat-pause",
        type=float,
        default=float(os.environ.get("FAULT_BEAT_PAUSE") or 60),
        help="seconds beat stays stopped in the beat fault (default 60, FAULT_BEAT_PAUSE)",
    )
    args = parser.parse_args()
    settings = Settings(beat_pause_s=args.beat_pause)
    known: set[str] = set()
    missing = docker_missing()
    if missing:
        print(f"faults: cannot run: {missing}", file=sys.stderr)
        return 2
    failed = False
    with ComposeStack(appendfsync="always") as stack:
        for name in args.only or list(FAULTS):
            try:
                line = run_fault(
                    stack, name, args.games, args.seed, settings, args.concurrency, known
                )
            except BaseException:
                # What the services said, before `down` removes them with their logs.
                for service in ("gamestate-a", "gamestate-b", "worker-a", "worker-b"):
                    print(f"--- {service} (last lines)", file=sys.stderr)
                    print(stack.logs(service, 60), file=sys.stderr)
                raise
            print(json.dumps(line), flush=True)
            failed |= any(line[k] for k in BROKEN)
            failed |= line["finished"] + line["aborted"] != line["games"]
            # Games that all ended before the fault came prove nothing about it.
            failed |= line["injected"] == 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
