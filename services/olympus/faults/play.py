"""Games played through the game service from this host: an SDK client with the random player
on seat 0, the service's random bot (the Celery workers) on seat 1. Every answer the service
acknowledged is recorded, with the version it made, for `check.py`."""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from olympus.client import OlympusClient
from olympus.client.players import pick
from olympus.client.sdk import GameServiceError, SeatHandle, StaleVersion

HUMAN_SEAT = 0
# The service answers UNAVAILABLE while a replica or Redis is down; a game keeps trying for
# this long before its host aborts it.
GAME_DEADLINE_S = 600.0
RETRY_PAUSE_S = 0.5


@dataclass
class GameRun:
    game_id: str
    host_token: str
    acked: dict[int, str] = field(default_factory=dict)  # version made -> answer text
    status: str = "active"
    aborted_by_us: bool = False


def _create(client: OlympusClient, seed: int, until: float) -> tuple[str, str, str]:
    while True:
        try:
            g = client.create_game(players=2, seed=seed, bots=[1 - HUMAN_SEAT])
            return g.game_id, g.host_token, g.tokens[HUMAN_SEAT]
        except GameServiceError as exc:
            # Not retried by the SDK (a retry may make a second game): a lost reply leaves an
            # orphan game, which this run does not count.
            if exc.status not in ("UNAVAILABLE", "DEADLINE_EXCEEDED") or time.monotonic() > until:
                raise
            time.sleep(RETRY_PAUSE_S)


def _answer(me: SeatHandle, run: GameRun, answer: dict[str, object], version: int) -> None:
    """One answer, sent with one idempotency key until the service says what became of it."""
    key = uuid.uuid4().hex
    while True:
        try:
            result = me.act(answer, version=version, key=key)
        except StaleVersion:
            return  # not applied: the game moved on (a bot, a timeout)
        except GameServiceError as exc:
            if exc.status in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
                time.sleep(RETRY_PAUSE_S)  # outcome unknown: the same key again
                continue
            if exc.status == "FAILED_PRECONDITION" or exc.reason in ("GAME_OVER", "GAME_ABORTED"):
                return
            raise
        run.acked[result.version] = result.answer
        return


def play_game(targets: Sequence[str], seed: int, stop: threading.Event) -> GameRun:
    with OlympusClient(list(targets), timeout=5.0, retries=6, backoff=0.2) as client:
        until = time.monotonic() + GAME_DEADLINE_S
        game_id, host_token, token = _create(client, seed, until)
        run = GameRun(game_id, host_token)
        me = client.join(game_id, token)
        rnd = random.Random(seed)
        while True:
            try:
                d = me.decision()
            except GameServiceError as exc:
                if exc.status not in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
                    raise
                time.sleep(RETRY_PAUSE_S)
                continue
            if d.status != "active":
                run.status = d.status
                return run
            if time.monotonic() > until or stop.is_set():
                client.abort_game(game_id, host_token, "fault run deadline")
                run.aborted_by_us = True
                continue
            if not d.your_turn or d.decision is None:
                time.sleep(0.05)
                continue
            _answer(me, run, pick(d.decision, rnd), d.version)


def play_games(
    targets: Sequence[str], games: int, seed: int, concurrency: int = 8
) -> list[GameRun]:
    stop = threading.Event()
    with ThreadPoolExecutor(concurrency) as pool:
        futures = [pool.submit(play_game, targets, seed + i, stop) for i in range(games)]
        try:
            return [f.result() for f in futures]
        finally:
            stop.set()
