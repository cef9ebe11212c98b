"""What the worker tests share: creating games over the raw API, checking a finished game's log
against a replay, reading the broker's queues, and the game as stored in Redis."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

import redis

from olympus.client import OlympusClient
from olympus.client.wire import log_dict
from olympus.engine import Game, GameOptions
from olympus.gamestate import store as st
from olympus.gamestate.core import unpack_blob
from olympus.gamestate.table import Table
from olympus.platform.tasks import BOT_QUEUE, CLOCK_QUEUE
from olympus.v1 import game_pb2 as pb

T = TypeVar("T")
KOMBU_UNACKED = "unacked"  # kombu's Redis transport: messages delivered, not yet acknowledged


def wait_for(what: str, probe: Callable[[], T | None], timeout: float = 120.0) -> T:
    """Poll `probe` until it returns something other than None (or False)."""
    deadline = time.monotonic() + timeout
    last: T | None = None
    while time.monotonic() < deadline:
        last = probe()
        if last is not None and last is not False:
            return last
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what} (last seen: {last!r})")


def view(client: OlympusClient, game_id: str) -> pb.GameView:
    return client.stub.GetGame(pb.GetGameRequest(game_id=game_id), timeout=10).game


def game_log(client: OlympusClient, game_id: str, host_token: str) -> pb.GameLog:
    return client.stub.GetGameLog(
        pb.GetGameLogRequest(game_id=game_id, token=host_token), timeout=10
    )


def finished(client: OlympusClient, game_id: str) -> pb.GameView | None:
    v = view(client, game_id)
    return v if v.status == pb.GAME_STATUS_FINISHED else None


def create(
    client: OlympusClient,
    players: int,
    bots: Sequence[int],
    time_control: pb.TimeControl | None = None,
    seed: int | None = None,
) -> pb.CreateGameResponse:
    options = pb.GameOptions(players=players)
    if seed is not None:
        options.seed = seed
    seats = [
        pb.SeatSpec(kind=pb.SEAT_KIND_BOT if s in bots else pb.SEAT_KIND_HUMAN, bot="")
        for s in range(players)
    ]
    request = pb.CreateGameRequest(
        options=options, seats=seats, time_control=time_control or pb.TimeControl()
    )
    reply: pb.CreateGameResponse = client.stub.CreateGame(request, timeout=10)
    return reply


def token_of(created: pb.CreateGameResponse, seat: int) -> str:
    return next(s.token for s in created.seats if s.seat == seat)


def check_replays(client: OlympusClient, game_id: str, host_token: str) -> pb.GameLog:
    """The finished game's log: one answer per version from 2 on, and replaying its answers
    from its options (with the seed) rebuilds a finished game with the stored result."""
    log = game_log(client, game_id, host_token)
    assert log.status == pb.GAME_STATUS_FINISHED, log.status
    assert log.format == "olympus-replay/1"
    versions = [a.version for a in log.answers]
    assert versions == list(range(2, 2 + len(versions))), versions
    assert log.version == 1 + len(log.answers)
    data = log_dict(log)
    replayed = Game.replay(
        GameOptions.from_data(data["options"]), [(a.seat, a.text) for a in log.answers]
    )
    assert replayed.is_over
    assert replayed.result() == data["result"]
    assert view(client, game_id).version == log.version
    return log


def queue_lengths(rdb: redis.Redis) -> dict[str, int]:
    """Messages waiting in each of the workers' queues (every priority sub-queue kombu keeps)
    and delivered but not acknowledged."""
    out: dict[str, int] = {}
    for name in (BOT_QUEUE, CLOCK_QUEUE):
        total = 0
        for key in rdb.scan_iter(match=f"{name}*"):
            if rdb.type(key) == b"list":
                total += int(rdb.llen(key))
        out[name] = total
    out[KOMBU_UNACKED] = int(rdb.hlen(KOMBU_UNACKED))
    return out


def stored(rdb: redis.Redis, game_id: str) -> tuple[int, Table, Game]:
    """The game's version, table and engine state as stored now."""
    raw = rdb.get(st.game_key(game_id, "state"))
    assert raw is not None
    version, blob = st.unpack_state(raw)
    table, game = unpack_blob(blob)
    return version, table, game


def succeeded(log_text: str, task: str) -> list[str]:
    """The ids of the tasks named `task` a worker (at log level INFO) reports done."""
    return re.findall(rf"Task {re.escape(task)}\[([0-9a-f-]+)\] succeeded", log_text)


def children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False)
    return [int(p) for p in out.stdout.split()]


def sigkill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def pool_child(worker_pid: int, other_than: int | None = None) -> int:
    """The worker's pool process (concurrency 1): its one child (a new one once it replaced
    `other_than`)."""

    def probe() -> int | None:
        kids = [p for p in children(worker_pid) if p != other_than]
        return kids[0] if len(kids) == 1 else None

    return wait_for("the worker's pool process", probe, timeout=30)


def wait_dead(proc: subprocess.Popen[str], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert proc.poll() is not None, "the process did not die"


class Watcher(threading.Thread):
    """Every event of a game from its creation, as WatchGame streams them, until it ends."""

    def __init__(self, client: OlympusClient, game_id: str, timeout: float = 180.0) -> None:
        super().__init__(daemon=True)
        self.client = client
        self.game_id = game_id
        self.timeout = timeout
        self.events: list[pb.GameEvent] = []
        self.error: BaseException | None = None
        self.start()

    def run(self) -> None:
        request = pb.WatchGameRequest(game_id=self.game_id, from_version=0)
        try:
            for event in self.client.stub.WatchGame(request, timeout=self.timeout):
                self.events.append(event)
                if event.finished:
                    return
        except BaseException as exc:  # told by `finish`
            self.error = exc

    def finish(self) -> list[pb.GameEvent]:
        self.join(self.timeout)
        assert not self.is_alive(), "the watch did not end"
        assert self.error is None, self.error
        versions = [e.version for e in self.events]
        assert versions == list(range(1, 1 + len(versions))), versions
        return self.events


def stored_events(rdb: redis.Redis, game_id: str) -> dict[int, pb.GameEvent]:
    """The events the game's stream keeps now (its last ones), by version."""
    out = {}
    for _, fields in rdb.xrange(st.game_key(game_id, "events")):
        event = pb.GameEvent.FromString(fields[b"e"])
        out[event.version] = event
    return out
