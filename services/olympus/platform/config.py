"""Service settings from the command line, falling back to OLYMPUS_* environment variables.

Every service starts the same way:

    python -m olympus.<service> --port P --redis-url redis://host:6379/0

`--port 0` binds an ephemeral port; the service prints it in its ready line.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from dataclasses import dataclass

from .strict import decimal_arg, whole_arg

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_PORTS = {"gamestate": 50051, "catalogue": 50052, "matchmaking": 50053, "scoring": 50054}


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    service: str
    host: str
    port: int
    redis_url: str
    grace_seconds: float
    log_level: str


def _env(service: str, key: str) -> str | None:
    return os.environ.get(f"OLYMPUS_{service.upper()}_{key}") or os.environ.get(f"OLYMPUS_{key}")


def parser_for(service: str, description: str = "") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=f"python -m olympus.{service}", description=description)
    p.add_argument(
        "--host",
        default=_env(service, "HOST") or "127.0.0.1",
        help="address to bind (env OLYMPUS_HOST; default 127.0.0.1)",
    )
    # argparse runs a string default (from the environment) through `type` too.
    p.add_argument(
        "--port",
        type=whole_arg(0, 65535),
        default=_env(service, "PORT") or DEFAULT_PORTS.get(service, 0),
        help="port to bind, 0 for an ephemeral one (env OLYMPUS_<SERVICE>_PORT or OLYMPUS_PORT)",
    )
    p.add_argument(
        "--redis-url",
        default=_env(service, "REDIS_URL") or DEFAULT_REDIS_URL,
        help=f"Redis to use (env OLYMPUS_REDIS_URL; default {DEFAULT_REDIS_URL})",
    )
    p.add_argument(
        "--grace",
        type=decimal_arg,
        default=_env(service, "GRACE") or 5.0,
        help="seconds in-flight calls get to finish on shutdown",
    )
    p.add_argument("--log-level", default=_env(service, "LOG_LEVEL") or "INFO")
    return p


def settings_from(service: str, args: argparse.Namespace) -> ServiceSettings:
    return ServiceSettings(
        service=service,
        host=args.host,
        port=args.port,
        redis_url=args.redis_url,
        grace_seconds=args.grace,
        log_level=args.log_level,
    )


def parse(
    service: str, argv: Sequence[str] | None = None, description: str = ""
) -> ServiceSettings:
    return settings_from(service, parser_for(service, description).parse_args(argv))
