"""Bot turns through real Celery workers on a real Redis, and what the workers survive: a task
delivered twice or late, a pool process or a whole worker killed mid-task, beat killed and
restarted. Whatever happens, each decision is answered once and the log replays exactly."""

from __future__ import annotations

import tempfile
import time

import redis
from services import running_workers, start_beat, start_worker
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
from olympus.v1 import game_pb2 as pb


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
    assert queue_lengths(rdb)[BOT_QUEUE] >= 4  # the service's task and the three copies
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
            wait_for(f"game {created.game_id} to finish", lambda: finished(client, created.game_id))
    for created in games:
        log = check_replays(client, created.game_id, created.host_token)
        assert log.answers and all(a.bot for a in log.answers)
        assert not any(a.timed_out for a in log.answers)
