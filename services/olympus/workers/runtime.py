"""Each worker process's own event loop, Redis connections and game objects.

The game code is asyncio (it is shared with the service); a Celery task is a plain function.
Each pool process makes one loop on its first task and runs every task's coroutine on it, so
connections and the state cache live as long as the process. A fork (Celery's pool) gets its
own: the pid is checked.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

from celery import Celery

from olympus.gamestate.autoplay import Autoplay
from olympus.gamestate.core import Games
from olympus.gamestate.durability import durability_from_env
from olympus.gamestate.store import GameStore
from olympus.gamestate.webhooks import WORKER_TTL_S, Notifier, Outbox, Presence
from olympus.platform.identity import service_key_from_env
from olympus.platform.redis_pool import redis_client
from olympus.platform.tasks import BOT_QUEUE, BOT_TURN

from .results import ResultDelivery
from .settings import WorkerSettings
from .webhooks import Targets, WebhookDelivery

T = TypeVar("T")
log = logging.getLogger("olympus.workers")
CONNECTIONS = 4


def now_ms() -> int:
    return int(time.time() * 1000)


class Continuations:
    """A bot turn cut into slices sends its next slice as a task of its own."""

    def __init__(self, app: Celery) -> None:
        self.app = app

    def bot_turn(self, game_id: str, version: int) -> None:
        self.app.send_task(BOT_TURN, args=[game_id, version], queue=BOT_QUEUE)


class Runtime:
    def __init__(self, settings: WorkerSettings, app: Celery) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        redis = redis_client(
            settings.redis_url, "olympus-worker", CONNECTIONS, settings.redis_timeout_s
        )
        self.store = GameStore(
            redis,
            settings.retention_seconds,
            settings.idempotency_seconds,
            settings.inactivity_seconds,
            durability_from_env(os.environ),
        )
        # Its dispatcher sends the rest of a sliced bot turn, and the first bot turns of the
        # ladder games created here, as tasks of their own.
        self.games = Games(self.store, state_cache_size=256, dispatcher=Continuations(app))
        self.autoplay = Autoplay(self.games)
        service_key = service_key_from_env()
        # Rated results, delivered to the scoring service over its API (results.py).
        self.results = ResultDelivery(self.store, settings.scoring_address, service_key)
        # Webhooks: read from the accounts service, sent from the outbox (webhooks.py); what
        # a bot or a timeout does here is told like a player's answer through the service.
        self.targets = Targets(
            settings.accounts_address, service_key, settings.webhook_target_ttl_s
        )
        self.webhooks = WebhookDelivery(self.store, self.targets, settings)
        self.presence: Presence | None = None
        if service_key:
            self.presence = Presence(
                self.targets.has, min(WORKER_TTL_S, settings.webhook_target_ttl_s)
            )
            self.games.notifier = Notifier(Outbox(self.store), self.presence)

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        done = self.loop.run_until_complete(work)
        if self.games.notifier is not None:  # its outbox writes, before the task is acked
            self.loop.run_until_complete(self.games.notifier.drain())
        return done

    def close(self) -> None:
        try:
            if self.games.notifier is not None:
                self.loop.run_until_complete(self.games.notifier.drain())
            if self.presence is not None:
                self.loop.run_until_complete(self.presence.close())
            self.loop.run_until_complete(self.webhooks.close())
            self.loop.run_until_complete(self.targets.close())
            self.loop.run_until_complete(self.results.close())
            self.loop.run_until_complete(self.store.close())
            self.loop.run_until_complete(self.store.redis.aclose())
        except Exception:  # closing after a failure: nothing more to save
            log.debug("closing the worker runtime", exc_info=True)
        self.loop.close()


_runtime: Runtime | None = None


def runtime(settings: WorkerSettings, app: Celery) -> Runtime:
    global _runtime
    if _runtime is None or _runtime.pid != os.getpid():
        _runtime = Runtime(settings, app)
    return _runtime


def discard() -> None:
    """Drop this process's runtime (a task was interrupted inside its loop: start afresh)."""
    global _runtime
    if _runtime is not None and _runtime.pid == os.getpid():
        _runtime.close()
    _runtime = None
