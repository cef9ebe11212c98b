"""The workers' own series (defined in platform/metrics.py): every task counted by name and end
state and timed, from Celery's signals in the pool process that ran it; the depth of each
broker queue, read from the broker by the process serving /metrics when it is scraped."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Iterator
from typing import Any

import redis
from celery.signals import task_postrun, task_prerun
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from olympus.platform import metrics

log = logging.getLogger("olympus.workers")
# Celery's Redis transport keeps a queue in one list per priority step: the name itself for
# priority 0, then name + "\x06\x16" + step (kombu's default steps).
_PRIORITY_SEP = "\x06\x16"
_PRIORITY_STEPS = (3, 6, 9)
_started: dict[str, float] = {}  # task id -> perf_counter at its start (this process)


@task_prerun.connect  # type: ignore[untyped-decorator]
def _task_started(task_id: str = "", **_: Any) -> None:
    _started[task_id] = time.perf_counter()


@task_postrun.connect  # type: ignore[untyped-decorator]
def _task_ended(task_id: str = "", task: Any = None, state: str | None = None, **_: Any) -> None:
    began = _started.pop(task_id, None)
    name = getattr(task, "name", None) or "unknown"
    metrics.WORKER_TASKS.labels(name, (state or "unknown").lower()).inc()
    if began is not None:
        metrics.WORKER_TASK_SECONDS.labels(name).observe(time.perf_counter() - began)


def queue_keys(queue: str) -> list[str]:
    """The broker's lists that hold `queue`'s waiting tasks."""
    return [queue, *(f"{queue}{_PRIORITY_SEP}{step}" for step in _PRIORITY_STEPS)]


class QueueDepth(Collector):
    """olympus_worker_queue_depth{queue}: the tasks waiting in each queue now (a Redis broker's
    list lengths; tasks a worker took and has not finished are not counted). A broker out of
    reach gives no sample rather than a wrong one."""

    def __init__(self, broker_url: str, queues: Iterable[str]) -> None:
        self.queues = tuple(queues)
        self.redis = redis.Redis.from_url(broker_url, socket_timeout=2, socket_connect_timeout=2)

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily(
            metrics.QUEUE_DEPTH_NAME, "Tasks waiting in a broker queue", labels=["queue"]
        )
        try:
            pipe = self.redis.pipeline(transaction=False)
            for queue in self.queues:
                for key in queue_keys(queue):
                    pipe.llen(key)
            lengths = pipe.execute()
        except redis.RedisError as exc:
            log.warning("queue depth not read: %s", exc)
            return
        per_queue = len(_PRIORITY_STEPS) + 1
        for i, queue in enumerate(self.queues):
            family.add_metric([queue], sum(lengths[i * per_queue : (i + 1) * per_queue]))
        yield family
