"""The workers' Celery app, made from the environment at import (as `celery -A` needs)."""

from __future__ import annotations

import json
import logging
import os
import sys
from typing import Any

from celery.signals import beat_init, worker_process_init, worker_process_shutdown, worker_ready

from olympus.platform import tracing
from olympus.platform.tasks import celery_app

from .settings import WorkerSettings

settings = WorkerSettings.from_env()
app = celery_app(
    settings.broker_url,
    settings.sweep_seconds,
    settings.report_seconds,
    settings.webhook_sweep_seconds,
)
log = logging.getLogger("olympus.workers")
# Keep stdout for the ready line: Celery would otherwise turn prints into log records.
app.conf.worker_redirect_stdouts = False
try:  # a tracing setting that cannot work stops the worker at once, not each pool process
    tracing.endpoint_from(None, os.environ)
except tracing.TracingConfigError as exc:
    raise SystemExit(str(exc)) from None


@worker_process_init.connect  # type: ignore[untyped-decorator]
def _trace_pool_process(**_: Any) -> None:
    """Traces (the standard OTEL_* variables; off when unset), set up in each pool process
    after the fork: an exporter's thread does not survive one. Celery's instrumentation then
    makes every task a span under the one that sent it (the SubmitAction that queued a bot
    turn)."""
    traces = tracing.setup("worker")
    if traces.on:
        log.info("tracing on: spans to %s", traces.endpoint)


@worker_process_shutdown.connect  # type: ignore[untyped-decorator]
def _flush_traces(**_: Any) -> None:
    tracing.current().shutdown()


@worker_ready.connect  # type: ignore[untyped-decorator]
def _announce(**_: Any) -> None:
    """One JSON line on stdout once the worker takes tasks, as the services print theirs (what
    `olympus run` and the tests wait for), with the port of its /metrics when it serves one."""
    ready: dict[str, Any] = {"ready": "worker", "pid": os.getpid()}
    port = serve_metrics()
    if port is not None:
        ready["metrics_port"] = port
    print(json.dumps(ready), flush=True)
    sys.stdout.flush()


def serve_metrics() -> int | None:
    """/metrics of every process of this worker (OLYMPUS_WORKER_METRICS_PORT; None: off),
    from the main process: the tasks run in the pool's processes, which write their series to
    PROMETHEUS_MULTIPROC_DIR (`olympus worker` makes one; prometheus_client's multiprocess
    mode), read here at each scrape."""
    if settings.metrics_port is None:
        return None
    from prometheus_client import REGISTRY, CollectorRegistry, multiprocess, start_http_server

    registry = REGISTRY
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        log.warning(
            "PROMETHEUS_MULTIPROC_DIR is not set: /metrics shows the main process only, not "
            "the tasks' (start the worker with `olympus worker`, or set it)"
        )
    if settings.broker_url.startswith(("redis://", "rediss://", "unix://")):
        from olympus.platform.tasks import QUEUES

        from .metrics import QueueDepth

        registry.register(QueueDepth(settings.broker_url, QUEUES))
    server, _thread = start_http_server(
        settings.metrics_port, addr=settings.metrics_host, registry=registry
    )
    return int(server.server_address[1])


@beat_init.connect  # type: ignore[untyped-decorator]
def _announce_beat(**_: Any) -> None:
    print(json.dumps({"ready": "beat", "pid": os.getpid()}), flush=True)
