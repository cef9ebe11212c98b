"""A worker's /metrics after real work: its tasks counted by name and outcome and timed, bot
turns and their answers, the timers the sweep found due and what firing them did, and the depth
of each broker queue (issue 33)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator

import pytest
from metrics_support import grown, scrape, value
from worker_support import create, token_of

from olympus.client import OlympusClient
from olympus.launcher import Child, start_workers, stop
from olympus.platform.embedded_redis import EmbeddedRedis, embedded_redis
from olympus.platform.tasks import BOT_QUEUE, BOT_TURN, CLOCK_QUEUE, QUEUES, celery_app
from olympus.v1 import game_pb2 as pb
from olympus.workers.metrics import QueueDepth

BOT_TASK = BOT_TURN  # the task's name, as Celery labels it


@pytest.fixture(scope="module")
def worker(own_redis: EmbeddedRedis) -> Iterator[Child]:
    """One `olympus worker` (two pool processes: the endpoint sums them) and a beat."""
    with tempfile.TemporaryFile("w+") as log:
        children = start_workers(own_redis.url, log, {"OLYMPUS_WORKER_CONCURRENCY": "2"},
                                 metrics_port="0")  # fmt: skip
        try:
            yield children[0]
        finally:
            stop(children)


def test_bot_turns_and_timers_are_counted(client: OlympusClient, worker: Child) -> None:
    before = scrape(worker.metrics_port)
    # Seat 0 never answers: its clock runs out (a timeout answers for it), then a bot takes it.
    clock = pb.TimeControl(
        decision_seconds=1, timeouts_before_bot=1, timeout_policy=pb.TIMEOUT_POLICY_BOT
    )
    created = create(client, 2, bots=[1], time_control=clock)
    assert token_of(created, 0)
    after = grown(
        worker.metrics_port,
        before,
        ("olympus_worker_tasks_total", {"task": BOT_TASK, "outcome": "success"}, 1),
        ("olympus_worker_task_seconds_count", {"task": BOT_TASK}, 1),
        ("olympus_bot_turn_seconds_count", {"outcome": "played"}, 1),
        ("olympus_bot_answers_total", {"via": "bot_turn"}, 1),
        ("olympus_timers_total", {"event": "due"}, 1),
        ("olympus_timers_total", {"event": "timeout"}, 1),
        ("olympus_worker_tasks_total", {"task": "olympus.sweep_timers", "outcome": "success"}, 1),
        timeout=180,
    )
    assert value(after, "olympus_worker_tasks_total", task=BOT_TASK, outcome="failure") == 0
    for queue in QUEUES:  # read from the broker at the scrape: present, whatever its value
        assert ("olympus_worker_queue_depth", (("queue", queue),)) in after


def test_the_queue_depth_is_what_waits_in_the_broker() -> None:
    with embedded_redis() as broker:  # no worker takes from this one
        depth = QueueDepth(broker.url, QUEUES)

        def read() -> dict[str, float]:
            return {s.labels["queue"]: s.value for f in depth.collect() for s in f.samples}

        assert read() == dict.fromkeys(QUEUES, 0)
        app = celery_app(broker.url, 1.0, 5.0, 0.5)
        for _ in range(3):
            app.send_task(BOT_TURN, args=["0" * 16, 1], queue=BOT_QUEUE)
        app.send_task(BOT_TURN, args=["0" * 16, 1], queue=CLOCK_QUEUE, priority=6)
        assert read() == {**dict.fromkeys(QUEUES, 0), BOT_QUEUE: 3, CLOCK_QUEUE: 1}
