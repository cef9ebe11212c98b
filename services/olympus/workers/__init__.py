"""The Celery workers: bot turns, turn clocks and rated results, off the request path.

    celery -A olympus.workers worker      (or: olympus worker)
    celery -A olympus.workers beat        (or: olympus beat)

Configured from the environment, like the services: OLYMPUS_REDIS_URL (the games),
OLYMPUS_BROKER_URL (the task broker; default the same Redis), OLYMPUS_SWEEP_SECONDS (how often
beat sweeps the timers; default 1), OLYMPUS_REPORT_SECONDS (how often beat sends
olympus.deliver_results, which delivers the rated games that ended to the scoring service at
OLYMPUS_SCORING_ADDRESS with the service credential OLYMPUS_SERVICE_KEY; default 5), and the
game service's OLYMPUS_GAMESTATE_RETENTION_SECONDS, _IDEMPOTENCY_SECONDS and
_INACTIVITY_SECONDS, which a game a worker finishes is kept by.

The workers are the game service's own: they share its code and its keys, and nothing else's.
"""

from . import tasks as tasks  # registers the tasks on `app`
from .app import app

__all__ = ["app"]
