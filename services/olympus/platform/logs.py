"""Structured logs: one JSON object per line on stderr, the same shape for every service.

    {"time": "2025-05-01T12:00:00.123Z", "level": "WARNING", "logger": "olympus.gamestate.store",
     "message": "storage unreachable", "service": "gamestate", "operation": "load",
     "error": "TimeoutError"}

`time` (UTC), `level`, `logger`, `message` and `service` are always there; whatever a call
site passes in `extra={...}` (method, code, reason, peer, ...) is added as top-level fields, and
an exception's traceback comes as `exception`. Log shippers parse each line as it is.
"""

from __future__ import annotations

import logging
import sys
import time
from typing import Any

import orjson

# Attributes every LogRecord has: anything else on a record came from `extra=`.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "taskName",
}


class JsonFormatter(logging.Formatter):
    def __init__(self, service: str) -> None:
        super().__init__()
        self.service = service

    def format(self, record: logging.LogRecord) -> str:
        seconds = int(record.created)
        millis = int((record.created - seconds) * 1000)
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{millis:03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "service": self.service,
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


def configure(service: str, level: str) -> None:
    """Send every logger's records to stderr as JSON lines (replacing any earlier handler)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(service))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    # gRPC's and asyncio's own DEBUG records are noise next to the services' (one per call)
    for noisy in ("grpc", "asyncio"):
        logging.getLogger(noisy).setLevel(max(root.level, logging.INFO))


class OutageLog:
    """Logs a dependency's outages once per transition (down, then back up), not once per
    failed call: a Redis outage under load is thousands of failures a second."""

    def __init__(self, logger: logging.Logger, what: str) -> None:
        self._log = logger
        self._what = what
        self.down = False

    def failed(self, exc: BaseException, **fields: Any) -> None:
        if self.down:
            return
        self.down = True
        self._log.error("%s unreachable", self._what, extra={"error": type(exc).__name__, **fields})

    def recovered(self) -> None:
        if not self.down:
            return
        self.down = False
        self._log.warning("%s reachable again", self._what)
