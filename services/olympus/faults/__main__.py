"""`python -m olympus.faults [--games N] [--only NAME ...]`: the fault matrix (see __init__)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import redis

from olympus.gamestate import store as st
from olympus.platform.tasks import BOT_TURN, celery_app

from .check import check_games
from .play import play_games
from .stack import ComposeStack, docker_missing

# Seconds between two injections while the games run.
PERIOD_S = 6.0


def crash_gamestate(stack: ComposeStack, round_: int) -> None:
    """SIGKILL one replica (the two in turn) while answers are in flight; it restarts."""
    service = ("gamestate-a", "gamestate-b")[round_ % 2]
    stack.crash(service)
    stack.wait_restarted(service)


def crash_redis(stack: ComposeStack, round_: int) -> None:
    """SIGKILL Redis; it restarts from its append-only file (appendfsync always)."""
    stack.crash("redis")
    stack.wait_restarted("redis")


def partition_gamestate(stack: ComposeStack, round_: int) -> None:
    """Cut one replica off the compose network for a while (its clients fail over to the
    other), then connect it again."""
    service = ("gamestate-a", "gamestate-b")[round_ % 2]
    stack.disconnect(service)
    time.sleep(PERIOD_S / 2)
    stack.connect(service)
    stack.wait_healthy(service)


def crash_worker(stack: ComposeStack, round_: int) -> None:
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


FAULTS: dict[str, Callable[[ComposeStack, int], None]] = {
    "gamestate-crash": crash_gamestate,
    "redis-crash": crash_redis,
    "gamestate-partition": partition_gamestate,
    "worker-crash-and-double-delivery": crash_worker,
}


def run_fault(stack: ComposeStack, name: str, games: int, seed: int) -> dict[str, Any]:
    inject = FAULTS[name]
    done = threading.Event()
    injected = 0
    failure: list[BaseException] = []

    def injector() -> None:
        nonlocal injected
        while not done.wait(PERIOD_S):
            try:
                inject(stack, injected)
            except BaseException as exc:
                failure.append(exc)
                return
            injected += 1

    thread = threading.Thread(target=injector, daemon=True)
    started = time.monotonic()
    thread.start()
    try:
        runs = play_games(stack.gamestate_targets, games, seed)
    finally:
        done.set()
        thread.join()
    if failure:
        raise failure[0]
    for service in ("redis", "gamestate-a", "gamestate-b"):
        stack.wait_healthy(service)
    tally = check_games(stack.gamestate_targets, stack.redis_url, runs)
    return {
        "fault": name,
        **tally.as_dict(),
        "injected": injected,
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.faults")
    parser.add_argument(
        "--games", type=int, default=int(os.environ.get("FAULT_GAMES") or 100), help="per fault"
    )
    parser.add_argument("--only", action="append", choices=sorted(FAULTS), help="repeatable")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    missing = docker_missing()
    if missing:
        print(f"faults: cannot run: {missing}", file=sys.stderr)
        return 2
    failed = False
    with ComposeStack(appendfsync="always") as stack:
        for name in args.only or list(FAULTS):
            line = run_fault(stack, name, args.games, args.seed)
            print(json.dumps(line), flush=True)
            failed |= any(line[k] for k in ("lost", "doubled", "mismatched"))
            failed |= line["finished"] + line["aborted"] != line["games"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
