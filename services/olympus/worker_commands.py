"""`olympus worker` and `olympus beat`: Celery's own commands with the platform's settings.

Flags given here are put into the environment the app reads at import (OLYMPUS_REDIS_URL,
OLYMPUS_BROKER_URL, OLYMPUS_SWEEP_SECONDS, OLYMPUS_REPORT_SECONDS,
OLYMPUS_WEBHOOK_SWEEP_SECONDS, OLYMPUS_WORKER_METRICS_PORT), so these and `celery -A
olympus.workers ...` run the same app with the same settings. This module lives outside the
`olympus.workers` package on purpose: importing that package makes the app from the
environment, which must be set first (and so must PROMETHEUS_MULTIPROC_DIR, before
prometheus_client is imported, for the pool's processes to report their metrics).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile

from olympus.platform.strict import decimal_arg, whole_arg

_ENV = {"redis_url": "OLYMPUS_REDIS_URL", "broker_url": "OLYMPUS_BROKER_URL"}


def _apply_env(args: argparse.Namespace) -> None:
    for name, key in _ENV.items():
        value = getattr(args, name, None)
        if value:
            os.environ[key] = value
    if getattr(args, "sweep_seconds", None):
        os.environ["OLYMPUS_SWEEP_SECONDS"] = str(args.sweep_seconds)
    if getattr(args, "report_seconds", None):
        os.environ["OLYMPUS_REPORT_SECONDS"] = str(args.report_seconds)
    if getattr(args, "webhook_sweep_seconds", None):
        os.environ["OLYMPUS_WEBHOOK_SWEEP_SECONDS"] = str(args.webhook_sweep_seconds)
    if getattr(args, "metrics_port", None):
        os.environ["OLYMPUS_WORKER_METRICS_PORT"] = args.metrics_port


def _metrics_folder() -> None:
    """A fresh folder for the pool's metrics (prometheus_client's multiprocess mode) when the
    worker serves /metrics and none was given; removed when the worker exits."""
    port = os.environ.get("OLYMPUS_WORKER_METRICS_PORT", "").strip().lower()
    if not port or port == "off" or os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return
    folder = tempfile.mkdtemp(prefix="olympus-worker-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
    atexit.register(shutil.rmtree, folder, True)
    values = sys.modules.get("prometheus_client.values")
    if values is not None:
        # `olympus`'s other commands imported prometheus_client already (it chose its value
        # class then): choose again, so that the series the pool's processes make from now on
        # (every labelled one made in a task: the webhooks', the gRPC clients') go to files.
        values.ValueClass = values.get_value_class()  # type: ignore[attr-defined]


def _worker(args: argparse.Namespace) -> int:
    _apply_env(args)
    _metrics_folder()
    from olympus.platform.tasks import QUEUES
    from olympus.workers import app

    queues = [q.strip() for q in (args.queues or ",".join(QUEUES)).split(",") if q.strip()]
    unknown = [q for q in queues if q not in QUEUES]
    if unknown or not queues:
        raise SystemExit(f"--queues: {', '.join(unknown) or 'none'}; known: {', '.join(QUEUES)}")
    app.worker_main(
        [
            "worker",
            "--queues",
            ",".join(queues),
            "--concurrency",
            str(args.concurrency),
            "--loglevel",
            args.log_level,
            "--without-gossip",
            "--without-mingle",
            "--hostname",
            f"olympus-{os.getpid()}@%h",
        ]
    )
    return 0


def _beat(args: argparse.Namespace) -> int:
    _apply_env(args)
    from olympus.workers import app

    # Beat keeps when it last sent each task in a file; the sweep is every second and its state
    # lives in Redis, so a private file per run is all it needs.
    with tempfile.TemporaryDirectory(prefix="olympus-beat-") as folder:
        app.start(
            [
                "beat",
                "--loglevel",
                args.log_level,
                "--schedule",
                os.path.join(folder, "schedule"),
            ]
        )
    return 0


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--redis-url", help="the games' Redis (env OLYMPUS_REDIS_URL)")
    p.add_argument("--broker-url", help="the task broker (env OLYMPUS_BROKER_URL; default: Redis)")
    # Celery logs every task at INFO: thousands a second under load.
    p.add_argument("--log-level", default=os.environ.get("OLYMPUS_WORKER_LOG_LEVEL") or "WARNING")


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("worker", help="a Celery worker: bot turns, timeouts")
    _common(p)
    p.add_argument(
        "--concurrency",
        type=whole_arg(1, 64),
        default=int(os.environ.get("OLYMPUS_WORKER_CONCURRENCY") or 1),
        help="pool processes (env OLYMPUS_WORKER_CONCURRENCY; default 1)",
    )
    p.add_argument(
        "--queues",
        default=os.environ.get("OLYMPUS_WORKER_QUEUES") or "",
        help="the queues it takes tasks from, comma-separated (env OLYMPUS_WORKER_QUEUES; "
        "default all: olympus.bots, olympus.clock, olympus.webhooks); e.g. a worker of its "
        "own for olympus.webhooks, whose tasks wait on other people's servers",
    )
    p.add_argument(
        "--metrics-port",
        help="serve /metrics on this port (0: any free one, told in the ready line), off for "
        "none (env OLYMPUS_WORKER_METRICS_PORT; default off; host OLYMPUS_WORKER_METRICS_HOST, "
        "default 127.0.0.1)",
    )
    p.set_defaults(handler=_worker)
    p = sub.add_parser("beat", help="the Celery beat that sweeps the game timers")
    _common(p)
    p.add_argument(
        "--sweep-seconds",
        type=decimal_arg,
        help="how often the timers are swept (env OLYMPUS_SWEEP_SECONDS; default 1)",
    )
    p.add_argument(
        "--report-seconds",
        type=decimal_arg,
        help="how often the rated games that ended are delivered to the scoring service "
        "(olympus.deliver_results; env OLYMPUS_REPORT_SECONDS; default 5)",
    )
    p.add_argument(
        "--webhook-sweep-seconds",
        type=decimal_arg,
        help="how often the webhook deliveries due are sent (olympus.deliver_webhooks; "
        "env OLYMPUS_WEBHOOK_SWEEP_SECONDS; default 0.5)",
    )
    p.set_defaults(handler=_beat)
