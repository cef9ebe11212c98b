"""The tasks. Each takes ids (and the version it was sent for), is safe to run twice, and is
acknowledged only once done (acks_late, see platform/tasks.py): a worker that dies mid-task
leaves it to be delivered again, and the game's timer hands the game to another worker sooner.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

from celery.exceptions import SoftTimeLimitExceeded

from olympus.engine.version import VersionNotServed
from olympus.platform import metrics
from olympus.platform.errors import Unavailable
from olympus.platform.tasks import (
    BOT_TURN,
    CLOCK_QUEUE,
    FIRE,
    REPORT,
    SWEEP,
    WEBHOOK_SWEEP,
)

from . import (
    metrics as _task_signals,  # noqa: F401 - counts and times every task
    runtime as rt,
)
from .app import app, settings
from .runtime import now_ms

T = TypeVar("T")
log = logging.getLogger("olympus.workers")
# Redis out of reach (UNAVAILABLE from the store) is retried with backoff, and so is a game this
# worker's engine does not serve (a newer rules version or state format, mid rolling upgrade:
# the retry goes back on the queue, for an upgraded worker); anything else is a bug, logged by
# Celery, and the game's timer brings the game back to a worker.
RETRY = {
    "autoretry_for": (Unavailable, VersionNotServed),
    "retry_backoff": True,
    "retry_backoff_max": 10,
    "retry_jitter": True,
    "max_retries": 8,
}


def _run(work: Coroutine[Any, Any, T]) -> T:
    runtime = rt.runtime(settings, app)
    try:
        return runtime.run(work)
    except SoftTimeLimitExceeded:
        rt.discard()  # interrupted inside the loop: its state cannot be trusted
        raise


@app.task(name=BOT_TURN, **RETRY)  # type: ignore[untyped-decorator]
def bot_turn(game_id: str, version: int) -> int:
    """Bot-played seats answer while the game, at `version`, waits for them."""
    runtime = rt.runtime(settings, app)
    began = time.perf_counter()
    answers: int = _run(runtime.autoplay.bot_turn(str(game_id), int(version))).answers
    outcome = "played" if answers else "idle"
    metrics.BOT_TURN_SECONDS.labels(outcome).observe(time.perf_counter() - began)
    metrics.BOT_ANSWERS.labels("bot_turn").inc(answers)
    return answers


@app.task(name=FIRE, **RETRY)  # type: ignore[untyped-decorator]
def fire_timer(game_id: str) -> int:
    """Whatever is due in the game now: timeouts, a bot turn whose task was lost."""
    runtime = rt.runtime(settings, app)
    played = _run(runtime.autoplay.fire(str(game_id)))
    metrics.TIMERS.labels(
        "timeout" if played.timeouts else "bot" if played.answers else "idle"
    ).inc()
    metrics.BOT_ANSWERS.labels("timer").inc(played.answers)
    return played.answers + played.timeouts


@app.task(name=SWEEP, **RETRY)  # type: ignore[untyped-decorator]
def sweep_timers() -> int:
    """Claim the due timers and fire each in a task of its own (beat sends this every
    OLYMPUS_SWEEP_SECONDS)."""
    runtime = rt.runtime(settings, app)
    due = _run(runtime.autoplay.sweep())
    metrics.TIMERS.labels("due").inc(len(due))
    for game_id in due:
        fire_timer.apply_async((game_id,), queue=CLOCK_QUEUE)
    return len(due)


@app.task(name=REPORT, **RETRY)  # type: ignore[untyped-decorator]
def deliver_results() -> int:
    """Deliver the results of the rated games that ended to the scoring service (results.py;
    beat sends this every OLYMPUS_REPORT_SECONDS). Returns how many it recorded."""
    runtime = rt.runtime(settings, app)
    done = _run(runtime.results.run(now_ms()))
    if done.rated or done.dropped:
        log.info("results delivered: %s", done)
    return done.rated


@app.task(name=WEBHOOK_SWEEP, **RETRY)  # type: ignore[untyped-decorator]
def deliver_webhooks() -> int:
    """Send the webhook deliveries due (webhooks.py; beat sends this every
    OLYMPUS_WEBHOOK_SWEEP_SECONDS). Returns how many were delivered."""
    runtime = rt.runtime(settings, app)
    done = _run(runtime.webhooks.sweep())
    if done.failed:
        log.info("webhooks: %s", done)
    return done.delivered
