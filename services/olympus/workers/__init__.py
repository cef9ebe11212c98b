"""The Celery workers: bot turns, turn clocks, rated results and webhooks, off the request path.

    celery -A olympus.workers worker      (or: olympus worker)
    celery -A olympus.workers beat        (or: olympus beat)

Configured from the environment, like the services: OLYMPUS_REDIS_URL (the games),
OLYMPUS_BROKER_URL (the task broker; default the same Redis), OLYMPUS_SWEEP_SECONDS (how often
beat sweeps the timers; default 1), OLYMPUS_REPORT_SECONDS (how often beat sends
olympus.deliver_results, which delivers the rated games that ended to the scoring service at
OLYMPUS_SCORING_ADDRESS with the service credential OLYMPUS_SERVICE_KEY; default 5),
OLYMPUS_WEBHOOK_SWEEP_SECONDS (how often beat sends olympus.deliver_webhooks, which sends the
accounts' webhook deliveries due, read from the accounts service at OLYMPUS_ACCOUNTS_ADDRESS;
default 0.5; webhooks.py), OLYMPUS_WORKER_METRICS_PORT (the worker's /metrics; default none),
and the game service's OLYMPUS_GAMESTATE_RETENTION_SECONDS, _IDEMPOTENCY_SECONDS and
_INACTIVITY_SECONDS, which a game a worker finishes is kept by.

The workers are the game service's own: they share its code and its keys, and nothing else's.
"""

from . import tasks as tasks  # registers the tasks on `app`
from .app import app

__all__ = ["app"]
