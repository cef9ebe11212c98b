"""Bot turns through real Celery workers on a real Redis, and what the workers survive: a task
delivered twice or late, a pool process or a whole worker killed mid-task, beat killed and
restarted. Whatever happens, each decision is answered once and the log replays exactly."""

from __future__ import annotations

import tempfile
import time
from functools import partial

import redis
from worker_support import (
    KOMBU_UNACKED,
    check_replays,
    create,
    finished,
    game_log,
    pool_child,
    queue_lengths,
    sigkill,
    succeeded,
    view,
    wait_dead,
    wait_for,
)

from olympus.client import OlympusClient
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.platform.tasks import BOT_QUEUE, BOT_TURN, celery_app
from services import running_workers, start_beat, start_worker


def _log_path(name: str) -> str:
    with tempfile.NamedTemporaryFile(prefix=f"olympus-{name}-", suffix=".log", delete=False) as f:
        return f.name


def _read(path: str) -> str:
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def _drained(rdb: redis.Redis) -> bool:
    lengths = queue_lengths(rdb)
    return lengths[BOT_QUEUE] == 0 and lengths[KOMBU_UNACKED] == 0


def test_a_bot_task_delivered_twice_or_late_answers_once(
    client: OlympusClient, own_redis: EmbeddedRedis, rdb: redis.Redis
) -> None:
    # No worker yet: the service's task for the bot's setup waits in the broker, with copies.
    created = create(client, 2, bots=[0])
    assert created.version == 1
    game_id = created.game_id
    app = celery_app(own_redis.url)
    extra = [app.send_task(BOT_TURN, args=[game_id, 1], queue=BOT_QUEUE).id for _ in range(3)]
    # The service sends its task from a thread of its own: it may land after the copies.
    wait_for(
        "the service's task and the three copies in the broker",
        lambda: queue_lengths(rdb)[BOT_QUEUE] >= 4,
        timeout=30,
    )
    assert view(client, game_id).version == 1  # nobody plays the bot without a worker

    log_path = _log_path("worker-twice")
    worker = start_worker(own_redis.url, log_path, env={"OLYMPUS_WORKER_LOG_LEVEL": "INFO"})
    try:
        wait_for("the bot's setup", lambda: view(client, game_id).version >= 2, timeout=60)

        def all_done(ids: list[str], total: int) -> bool:
            done = succeeded(_read(log_path), BOT_TURN)
            return set(ids) <= set(done) and len(done) >= total and _drained(rdb)

        wait_for("every copy of the task to run", lambda: all_done(extra, 4), timeout=60)
        answers = game_log(client, game_id, created.host_token).answers
        assert [(a.version, a.seat, a.bot) for a in answers] == [(2, 0, True)]
        assert view(client, game_id).version == 2

        # A copy delivered late, once the game has moved on: nothing.
        late = app.send_task(BOT_TURN, args=[game_id, 1], queue=BOT_QUEUE).id
        wait_for("the late task to run", lambda: all_done([*extra, late], 5), timeout=60)
        answers = game_log(client, game_id, created.host_token).answers
        assert [(a.version, a.seat, a.bot) for a in answers] == [(2, 0, True)]
        assert view(client, game_id).version == 2
    finally:
        worker.terminate()
        worker.wait(15)
        app.close()
    client.abort_game(game_id, created.host_token)


def test_all_bot_games_finish_through_the_workers(
    client: OlympusClient, own_redis: EmbeddedRedis
) -> None:
    with running_workers(own_redis.url):
        games = []
        for n in range(3):
            started = time.monotonic()
            created = create(client, players=1 + n % 2, bots=range(1 + n % 2))
            # CreateGame does not wait for the bots: they play through the workers afterwards.
            assert created.version == 1
            assert time.monotonic() - started < 5
            games.append(created)
        for created in games:
            wait_for(
                f"game {created.game_id} to finish", partial(finished, client, created.game_id)
            )
    for created in games:
        log = check_replays(client, created.game_id, created.host_token)
        assert log.answers and all(a.bot for a in log.answers)
        assert not any(a.timed_out for a in log.answers)


def test_killed_workers_and_beat_lose_and_double_nothing(
    client: OlympusClient, own_redis: EmbeddedRedis
) -> None:
    log_path = _log_path("worker-killed")
    worker = start_worker(own_redis.url, log_path)
    beat = start_beat(own_redis.url, log_path)
    procs = [worker, beat]
    try:
        games = [create(client, 2, bots=[0, 1]) for _ in range(6)]
        assert all(g.version == 1 for g in games)

        def versions() -> list[int]:
            return [view(client, g.game_id).version for g in games]

        def progressed(than: list[int], by: int) -> list[int] | None:
            now = versions()
            return now if sum(now) >= sum(than) + by and min(now) > 2 else None

        start = wait_for("every game to get under way", lambda: progressed([1] * 6, 60), 60)

        # The pool process dies mid-task (the worker always has one running now): the worker
        # replaces it, the task goes back to the queue, and the games go on.
        replaced = pool_child(worker.pid)
        for _ in range(3):  # killed between two tasks (a rare chance): kill the next one
            child = replaced
            sigkill(child)
            replaced = pool_child(worker.pid, other_than=child)
            assert worker.poll() is None
            # ... and it died in the middle of a task: the worker reports that task lost.
            try:
                wait_for("the lost task", lambda: "WorkerLostError" in _read(log_path), 5)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError("no pool process was killed mid-task")
        before = wait_for("the games to go on", lambda: progressed(start, 60), 60)
        assert not all(finished(client, g.game_id) for g in games), "finished too soon"

        # Then the whole worker (main process and pool) and beat die at once.
        for pid in (replaced, worker.pid, beat.pid):
            sigkill(pid)
        for proc in (worker, beat):
            wait_dead(proc)
        after_kill = versions()
        assert sum(after_kill) >= sum(before)

        # New ones take over: every game finishes (bot turns lost with the worker come back
        # through the game timers).
        worker = start_worker(own_redis.url, log_path)
        beat = start_beat(own_redis.url, log_path)
        procs += [worker, beat]
        for g in games:
            wait_for(f"game {g.game_id} to finish", partial(finished, client, g.game_id), 120)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(15)
            except Exception:
                proc.kill()
    print(f"versions at the kill {after_kill}")
    for g in games:
        log = check_replays(client, g.game_id, g.host_token)
        assert all(a.bot and not a.timed_out for a in log.answers)
