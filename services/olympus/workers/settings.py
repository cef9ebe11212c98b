"""The workers' settings, from the same environment variables as the services."""

from __future__ import annotations

import os
from dataclasses import dataclass

from olympus.gamestate import store as st
from olympus.platform.config import DEFAULT_REDIS_URL, default_address
from olympus.platform.keycheck import DEFAULT_ACCOUNTS_ADDRESS
from olympus.platform.tasks import DEFAULT_REPORT_SECONDS, DEFAULT_WEBHOOK_SWEEP_SECONDS

DEFAULT_SWEEP_SECONDS = 1.0
DEFAULT_REDIS_TIMEOUT_S = 2.0
# Webhook deliveries (webhooks.py): each try waits this long for the receiver's answer; a try
# that failed is made again after 5 s, 10 s, 20 s, ... while the event is at most an hour old.
DEFAULT_WEBHOOK_TIMEOUT_S = 5.0
MAX_WEBHOOK_TIMEOUT_S = 10.0  # within a task's time limits (platform/tasks.py)
DEFAULT_WEBHOOK_RETRY_S = 5.0
DEFAULT_WEBHOOK_RETRY_FOR_S = 3600.0
DEFAULT_WEBHOOK_TARGET_TTL_S = 10.0  # how long a worker keeps an account's webhook


def _env(name: str) -> str | None:
    return os.environ.get(f"OLYMPUS_WORKER_{name}") or os.environ.get(f"OLYMPUS_{name}")


def _number(name: str, text: str | None, default: float, least: float) -> float:
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise SystemExit(f"{name}={text!r} is not a number") from None
    if value < least:
        raise SystemExit(f"{name}={text!r}: must be at least {least:g}")
    return value


@dataclass(frozen=True, slots=True)
class WorkerSettings:
    redis_url: str
    broker_url: str
    sweep_seconds: float
    report_seconds: float  # how often beat sends olympus.deliver_results
    redis_timeout_s: float
    retention_seconds: int
    idempotency_seconds: int
    inactivity_seconds: int
    scoring_address: str  # where rated results are delivered (results.py)
    accounts_address: str = DEFAULT_ACCOUNTS_ADDRESS  # where webhooks are read (webhooks.py)
    webhook_sweep_seconds: float = DEFAULT_WEBHOOK_SWEEP_SECONDS  # beat: deliveries due again
    webhook_timeout_s: float = DEFAULT_WEBHOOK_TIMEOUT_S  # one try's wait for an answer
    webhook_retry_s: float = DEFAULT_WEBHOOK_RETRY_S  # the first retry's delay (then doubled)
    webhook_retry_for_s: float = DEFAULT_WEBHOOK_RETRY_FOR_S  # no try after the event's this old
    webhook_target_ttl_s: float = DEFAULT_WEBHOOK_TARGET_TTL_S
    metrics_port: int | None = None  # the worker's /metrics (None: not served)
    metrics_host: str = "127.0.0.1"

    @classmethod
    def from_env(cls) -> WorkerSettings:
        redis_url = _env("REDIS_URL") or DEFAULT_REDIS_URL

        def game_setting(name: str, default: int, least: int) -> int:
            key = f"OLYMPUS_GAMESTATE_{name}"
            return int(_number(key, os.environ.get(key), default, least))

        return cls(
            redis_url=redis_url,
            broker_url=_env("BROKER_URL") or redis_url,
            sweep_seconds=_number(
                "OLYMPUS_SWEEP_SECONDS", _env("SWEEP_SECONDS"), DEFAULT_SWEEP_SECONDS, 0.05
            ),
            report_seconds=_number(
                "OLYMPUS_REPORT_SECONDS", _env("REPORT_SECONDS"), DEFAULT_REPORT_SECONDS, 0.05
            ),
            redis_timeout_s=_number(
                "OLYMPUS_WORKER_REDIS_TIMEOUT", _env("REDIS_TIMEOUT"), DEFAULT_REDIS_TIMEOUT_S, 0.01
            ),
            retention_seconds=game_setting("RETENTION_SECONDS", st.DEFAULT_RETENTION_S, 0),
            idempotency_seconds=game_setting("IDEMPOTENCY_SECONDS", st.DEFAULT_IDEMPOTENCY_S, 1),
            inactivity_seconds=game_setting("INACTIVITY_SECONDS", st.DEFAULT_INACTIVITY_S, 0),
            scoring_address=_env("SCORING_ADDRESS") or default_address("scoring"),
            accounts_address=_env("ACCOUNTS_ADDRESS") or DEFAULT_ACCOUNTS_ADDRESS,
            webhook_sweep_seconds=_number(
                "OLYMPUS_WEBHOOK_SWEEP_SECONDS",
                _env("WEBHOOK_SWEEP_SECONDS"),
                DEFAULT_WEBHOOK_SWEEP_SECONDS,
                0.05,
            ),
            webhook_timeout_s=min(
                MAX_WEBHOOK_TIMEOUT_S,
                _number(
                    "OLYMPUS_WEBHOOK_TIMEOUT_SECONDS",
                    _env("WEBHOOK_TIMEOUT_SECONDS"),
                    DEFAULT_WEBHOOK_TIMEOUT_S,
                    0.05,
                ),
            ),
            webhook_retry_s=_number(
                "OLYMPUS_WEBHOOK_RETRY_SECONDS",
                _env("WEBHOOK_RETRY_SECONDS"),
                DEFAULT_WEBHOOK_RETRY_S,
                0.01,
            ),
            webhook_retry_for_s=_number(
                "OLYMPUS_WEBHOOK_RETRY_FOR_SECONDS",
                _env("WEBHOOK_RETRY_FOR_SECONDS"),
                DEFAULT_WEBHOOK_RETRY_FOR_S,
                0,
            ),
            webhook_target_ttl_s=_number(
                "OLYMPUS_WEBHOOK_TARGET_TTL_SECONDS",
                _env("WEBHOOK_TARGET_TTL_SECONDS"),
                DEFAULT_WEBHOOK_TARGET_TTL_S,
                0,
            ),
            # Its own variable only: OLYMPUS_METRICS_PORT is the services' (another port).
            metrics_port=_port(os.environ.get("OLYMPUS_WORKER_METRICS_PORT")),
            metrics_host=_env("METRICS_HOST") or "127.0.0.1",
        )


def _port(text: str | None) -> int | None:
    """OLYMPUS_WORKER_METRICS_PORT: a port (0: any free one), or unset / "off": none."""
    if not text or text.strip().lower() == "off":
        return None
    try:
        port = int(text)
    except ValueError:
        raise SystemExit(f"OLYMPUS_WORKER_METRICS_PORT={text!r} is not a port") from None
    if not 0 <= port <= 65535:
        raise SystemExit(f"OLYMPUS_WORKER_METRICS_PORT={text!r}: must be 0-65535")
    return port
