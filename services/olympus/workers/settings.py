"""The workers' settings, from the same environment variables as the services."""

from __future__ import annotations

import os
from dataclasses import dataclass

from olympus.gamestate import store as st
from olympus.platform.config import DEFAULT_REDIS_URL
from olympus.platform.tasks import DEFAULT_REPORT_SECONDS

DEFAULT_SWEEP_SECONDS = 1.0
DEFAULT_REDIS_TIMEOUT_S = 2.0


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
            scoring_address=_env("SCORING_ADDRESS") or "127.0.0.1:50054",
        )
