"""The task queue both ends share: the Celery app's settings, the task names, and the sender
the game service uses to hand bot turns to the workers.

The service never imports the workers' code: it sends tasks by name (`send_task`), and the
workers (`olympus.workers`) define them on an app made by the same function, so both agree
on queues, serialisation and delivery guarantees.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Any

from celery import Celery
from kombu import Exchange, Queue  # type: ignore[attr-defined]
from opentelemetry import context as otel_context

from olympus.platform.redis_pool import RedisUrlError, is_cluster_url

BOT_TURN = "olympus.bot_turn"  # (game id, version): bot-played seats answer at that version
FIRE = "olympus.fire_timer"  # (game id,): act on whatever is due in the game now
SWEEP = "olympus.sweep_timers"  # (): claim due timers, send FIRE for each (beat, every second)
# (): deliver the results of the rated games that ended to the scoring service (beat, every
# OLYMPUS_REPORT_SECONDS; workers/results.py)
REPORT = "olympus.deliver_results"
# (): send the webhook deliveries due (beat, every OLYMPUS_WEBHOOK_SWEEP_SECONDS; the game
# service and the workers put them in the outbox, gamestate/webhooks.py; workers/webhooks.py)
WEBHOOK_SWEEP = "olympus.deliver_webhooks"
BOT_QUEUE = "olympus.bots"
CLOCK_QUEUE = "olympus.clock"
# Webhook deliveries wait on other people's servers (up to a try's timeout): a queue of their
# own, which a worker may be dedicated to (`celery -A olympus.workers worker -Q olympus.webhooks`).
WEBHOOK_QUEUE = "olympus.webhooks"
QUEUES = (BOT_QUEUE, CLOCK_QUEUE, WEBHOOK_QUEUE)

# A task's soft limit raises inside it; the hard one kills its pool process (its message goes
# back to the queue: reject on worker loss). A bot turn works in slices far below these.
SOFT_TIME_LIMIT_S = 20
HARD_TIME_LIMIT_S = 30
# A message taken by a worker that died without acknowledging it is delivered again after
# this long. Far longer than any task may run (above), so a running task is never doubled by
# it; the game timers make up for a lost bot turn long before (clocks.BOT_GRACE_MS).
VISIBILITY_TIMEOUT_S = 120

log = logging.getLogger("olympus.tasks")


DEFAULT_REPORT_SECONDS = 5.0
DEFAULT_WEBHOOK_SWEEP_SECONDS = 0.5


def celery_app(
    broker_url: str,
    sweep_seconds: float = 1.0,
    report_seconds: float = DEFAULT_REPORT_SECONDS,
    webhook_sweep_seconds: float = DEFAULT_WEBHOOK_SWEEP_SECONDS,
) -> Celery:
    if is_cluster_url(broker_url):
        # Celery's Redis transport speaks to one Redis (its queues are lists and a pub/sub
        # fan-out that span keys of no common slot): the broker is a plain Redis of its own.
        raise RedisUrlError(
            "Celery's broker cannot be a Redis Cluster: set OLYMPUS_BROKER_URL to a plain "
            "redis:// URL (a small Redis of its own, or a managed one)"
        )
    app = Celery("olympus", broker=broker_url, set_as_current=False)
    app.conf.update(
        task_acks_late=True,  # acknowledged once done: a task its worker died in runs again
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        task_serializer="json",
        accept_content=["json"],
        task_default_queue=BOT_QUEUE,
        # One direct exchange per queue, named like it (kombu's defaults would route every
        # queue through the default queue's exchange).
        task_queues=[
            Queue(name, Exchange(name, type="direct"), routing_key=name)  # type: ignore[no-untyped-call]
            for name in QUEUES
        ],
        task_routes={
            BOT_TURN: {"queue": BOT_QUEUE},
            FIRE: {"queue": CLOCK_QUEUE},
            REPORT: {"queue": CLOCK_QUEUE},
            WEBHOOK_SWEEP: {"queue": WEBHOOK_QUEUE},
        },
        task_soft_time_limit=SOFT_TIME_LIMIT_S,
        task_time_limit=HARD_TIME_LIMIT_S,
        broker_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT_S},
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
        worker_send_task_events=False,
        beat_schedule={
            "sweep-timers": {
                "task": SWEEP,
                "schedule": sweep_seconds,
                "options": {"queue": CLOCK_QUEUE, "expires": max(1.0, 5 * sweep_seconds)},
            },
            "deliver-results": {
                "task": REPORT,
                "schedule": report_seconds,
                "options": {"queue": CLOCK_QUEUE, "expires": max(1.0, 2 * report_seconds)},
            },
            "deliver-webhooks": {
                "task": WEBHOOK_SWEEP,
                "schedule": webhook_sweep_seconds,
                "options": {
                    "queue": WEBHOOK_QUEUE,
                    "expires": max(1.0, 5 * webhook_sweep_seconds),
                },
            },
        },
    )
    return app


# (task name, args, queue, the sender's trace context)
Sending = tuple[str, list[Any], str, otel_context.Context]


class TaskSender:
    """Sends bot turns from a thread of its own, so the answer path never waits for the
    broker. A send that fails is logged and dropped: the game's timer hands the game to the
    workers a few seconds later anyway."""

    MAX_WAITING = 100_000

    def __init__(self, app: Celery) -> None:
        self.app = app
        self._queue: queue.Queue[Sending | None] = queue.Queue(self.MAX_WAITING)
        self._thread = threading.Thread(target=self._run, name="olympus-task-sender", daemon=True)
        self._thread.start()
        self._dropped = 0

    def bot_turn(self, game_id: str, version: int) -> None:
        # The caller's trace context goes along: the sending thread has none of its own, and
        # the task's headers carry it to the worker (platform/tracing.py; a no-op when off).
        self._put((BOT_TURN, [game_id, version], BOT_QUEUE, otel_context.get_current()))

    def _put(self, item: Sending) -> None:
        try:
            self._queue.put_nowait(item)
        except queue.Full:
            self._dropped += 1
            if self._dropped % 1000 == 1:
                log.warning("task queue full: %d bot turns left to the timers", self._dropped)

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            name, args, queue_name, trace_context = item
            attached = otel_context.attach(trace_context)
            try:
                self.app.send_task(
                    name,
                    args=args,
                    queue=queue_name,
                    retry=True,
                    retry_policy={"max_retries": 2, "interval_start": 0.1, "interval_step": 0.2},
                )
            except Exception as exc:  # the broker is away: the timers make up for it
                log.warning("could not send %s%s: %s", name, args, exc)
                time.sleep(0.1)
            finally:
                otel_context.detach(attached)

    def close(self, timeout_s: float = 2.0) -> None:
        """Send what is queued (for up to `timeout_s`), then stop."""
        try:
            self._queue.put(None, timeout=timeout_s)
        except queue.Full:
            return
        self._thread.join(timeout_s)
