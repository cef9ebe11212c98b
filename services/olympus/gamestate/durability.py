"""How many Redis replicas must hold a game write before it is acknowledged: read from the
environment by every process that writes games (the game service and the workers)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Durability:
    """How many replicas must hold a write before it is acknowledged (`WAIT replicas
    timeout_ms` after each create, commit and abort, on the connection that wrote it). 0: none
    waited for (Redis's default: a write acknowledged by a master that dies before its replica
    got it is lost in a failover)."""

    replicas: int = 0
    timeout_ms: int = 1000

    def command(self) -> tuple[Any, ...]:
        return ("WAIT", self.replicas, self.timeout_ms)


NO_WAIT = Durability()
WAIT_REPLICAS_ENV = "OLYMPUS_REDIS_WAIT_REPLICAS"
WAIT_TIMEOUT_MS_ENV = "OLYMPUS_REDIS_WAIT_TIMEOUT_MS"


def durability_from_env(environ: Mapping[str, str]) -> Durability:
    """OLYMPUS_REDIS_WAIT_REPLICAS (default 0) and OLYMPUS_REDIS_WAIT_TIMEOUT_MS (default
    1000), read by every process that writes games (the game service and the workers)."""
    values = []
    for name, default, least in ((WAIT_REPLICAS_ENV, 0, 0), (WAIT_TIMEOUT_MS_ENV, 1000, 1)):
        text = environ.get(name) or str(default)
        if not text.isdigit() or int(text) < least:
            raise ValueError(f"{name}={text!r}: must be a whole number >= {least}")
        values.append(int(text))
    return Durability(values[0], values[1])


class NotReplicated(ConnectionError):
    """A write reached fewer replicas than required within the timeout: it is not acknowledged
    (the caller gets UNAVAILABLE and retries; the compare-and-set finds it if it stayed)."""
