"""The workers' Celery app, made from the environment at import (as `celery -A` needs)."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from celery.signals import beat_init, worker_ready

from olympus.platform.tasks import celery_app

from .settings import WorkerSettings

settings = WorkerSettings.from_env()
app = celery_app(settings.broker_url, settings.sweep_seconds, settings.report_seconds)
# Keep stdout for the ready line: Celery would otherwise turn prints into log records.
app.conf.worker_redirect_stdouts = False


@worker_ready.connect  # type: ignore[untyped-decorator]
def _announce(**_: Any) -> None:
    """One JSON line on stdout once the worker takes tasks, as the services print theirs (what
    `olympus run` and the tests wait for)."""
    print(json.dumps({"ready": "worker", "pid": os.getpid()}), flush=True)
    sys.stdout.flush()


@beat_init.connect  # type: ignore[untyped-decorator]
def _announce_beat(**_: Any) -> None:
    print(json.dumps({"ready": "beat", "pid": os.getpid()}), flush=True)
