"""Service settings from the command line, falling back to OLYMPUS_* environment variables.

Every service starts the same way:

    python -m olympus.<service> --port P --redis-url redis://host:6379/0

`--port 0` binds an ephemeral port; the service prints it in its ready line. Every flag falls
back to `OLYMPUS_<SERVICE>_<NAME>`, then `OLYMPUS_<NAME>` (e.g. `--metrics-port`:
OLYMPUS_GAMESTATE_METRICS_PORT, then OLYMPUS_METRICS_PORT).

The default metrics port (DEFAULT_METRICS_PORTS) goes with the default gRPC port only: a
service told another port and no metrics port serves /metrics on an ephemeral port, named in
its ready line (`default_metrics_port`), so a second instance on the machine never collides
with the first one's endpoint.

The default gRPC ports (DEFAULT_PORTS, 7151-7156) sit beside the metrics ports (9151-9157) and
below the ephemeral ranges, Linux's 32768-60999 and IANA's 49152-65535, so a client's outgoing
connection (or its TIME_WAIT) never holds one when a service starts.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .connections import ConnectionPolicy
from .quota import MethodQuota, Rate
from .strict import decimal_arg, whole_arg

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_PORTS = {
    "gamestate": 7151,
    "catalogue": 7152,
    "matchmaking": 7153,
    "scoring": 7154,
    "accounts": 7155,
    "ladder": 7156,
    "web": 8080,  # HTTP: the web client (olympus.web)
}
DEFAULT_METRICS_PORTS = {
    "gamestate": 9151,
    "catalogue": 9152,
    "matchmaking": 9153,
    "scoring": 9154,
    "accounts": 9155,
    "web": 9156,
    "ladder": 9157,
}
# A request is a few hundred bytes (an answer, a token, a version): anything much larger is
# refused by gRPC before it is parsed.
DEFAULT_MAX_REQUEST_BYTES = 8 * 1024
METRICS_OFF = -1


def default_address(service: str) -> str:
    """Where a peer finds `service` when no address is configured: its default port on this
    machine (what `olympus run` and `python -m olympus.<service>` listen on)."""
    return f"127.0.0.1:{DEFAULT_PORTS[service]}"


def default_metrics_port(service: str, port: int) -> int:
    """The metrics port of `service` listening on `port` when none is given: its default one
    beside its default gRPC port, else 0 (ephemeral, announced in the ready line). Ephemeral
    rather than off: a second stack keeps its metrics, and whoever started it reads the port
    from the ready line as `olympus run` does."""
    if service in DEFAULT_METRICS_PORTS and port == DEFAULT_PORTS.get(service):
        return DEFAULT_METRICS_PORTS[service]
    return 0


@dataclass(frozen=True, slots=True)
class ServiceSettings:
    service: str
    host: str
    port: int
    redis_url: str
    grace_seconds: float
    log_level: str
    metrics_host: str = "127.0.0.1"
    metrics_port: int = METRICS_OFF  # 0: an ephemeral port; METRICS_OFF: no endpoint
    max_request_bytes: int = DEFAULT_MAX_REQUEST_BYTES
    # full method name ("/olympus.v1.GameService/CreateGame") -> its limits
    quotas: Mapping[str, MethodQuota] = field(default_factory=dict)
    connections: ConnectionPolicy = field(default_factory=ConnectionPolicy)
    # Where spans go by OTLP/gRPC (platform/tracing.py); None: the standard OTEL_* variables
    # decide, and with none of them set tracing is off.
    otlp_endpoint: str | None = None


def _env(service: str, key: str) -> str | None:
    return os.environ.get(f"OLYMPUS_{service.upper()}_{key}") or os.environ.get(f"OLYMPUS_{key}")


def _metrics_port(text: str) -> int:
    if text.strip().lower() in ("off", "none", "-1"):
        return METRICS_OFF
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port: {text!r} (0 = any, off = none)") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"not a port: {text!r} (0 = any, off = none)")
    return port


def _rate(text: str) -> Rate | None:
    try:
        return Rate.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _count(text: str) -> int:
    if text.strip().lower() == "off":
        return 0
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count: {text!r} (or off)") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"not a count: {text!r} (or off)")
    return value


def _kebab(name: str) -> str:
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name).lstrip("-")


def _quota_flags(method: str) -> tuple[str, str]:
    """("create-game", "CREATE_GAME") for "/olympus.v1.GameService/CreateGame"."""
    kebab = _kebab(method.rsplit("/", 1)[-1])
    return kebab, kebab.replace("-", "_").upper()


def _add_quota_arguments(
    p: argparse.ArgumentParser, service: str, quotas: Mapping[str, MethodQuota]
) -> None:
    group = p.add_argument_group(
        "quotas (per replica; a rate is COUNT/PERIOD such as 300/1m or 20/s, or off)"
    )
    group.add_argument(
        "--quotas",
        choices=("on", "off"),
        default=(_env(service, "QUOTAS") or "on").lower(),
        help="off lifts every quota below, e.g. for benchmarks (env OLYMPUS_QUOTAS)",
    )
    for method, default in quotas.items():
        kebab, env = _quota_flags(method)
        short = method.rsplit("/", 1)[-1]
        scopes: list[tuple[str, str, object, str]] = []
        if default.per_peer is not None:
            scopes.append(("per-peer", "PER_PEER", default.per_peer, "from one client address"))
        if default.per_token is not None:
            scopes.append(("per-token", "PER_TOKEN", default.per_token, "with one token"))
        if default.per_account is not None:
            scopes.append(("per-account", "PER_ACCOUNT", default.per_account, "of one account"))
        if default.anonymous_per_peer is not None:
            scopes.append(
                (
                    "anonymous",
                    "ANONYMOUS",
                    default.anonymous_per_peer,
                    "without an API key, from one client address",
                )
            )
        for scope, env_scope, value, what in scopes:
            name = f"QUOTA_{env}_{env_scope}"
            group.add_argument(
                f"--quota-{kebab}-{scope}",
                type=_rate,
                default=_env(service, name) or str(value),
                metavar="RATE",
                help=f"{short} calls {what} (env OLYMPUS_{name}; default {value})",
            )
        if default.streams_per_peer:
            name = f"QUOTA_{env}_STREAMS_PER_PEER"
            group.add_argument(
                f"--quota-{kebab}-streams-per-peer",
                type=_count,
                default=_env(service, name) or str(default.streams_per_peer),
                metavar="N",
                help=f"open {short} streams from one client address (env OLYMPUS_{name}; "
                f"default {default.streams_per_peer}; 0 or off: no cap)",
            )
        if default.streams_per_account:
            name = f"QUOTA_{env}_STREAMS_PER_ACCOUNT"
            group.add_argument(
                f"--quota-{kebab}-streams-per-account",
                type=_count,
                default=_env(service, name) or str(default.streams_per_account),
                metavar="N",
                help=f"open {short} streams of one account (env OLYMPUS_{name}; "
                f"default {default.streams_per_account}; 0 or off: no cap)",
            )
    p.set_defaults(quota_methods=tuple(quotas))


def parser_for(
    service: str, description: str = "", quotas: Mapping[str, MethodQuota] | None = None
) -> argparse.ArgumentParser:
    """The flags every service has; `quotas` (full method name -> default limits) adds a
    `--quota-<method>-<scope>` flag per limit."""
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
    default_metrics = DEFAULT_METRICS_PORTS.get(service)
    beside = f"{default_metrics} with the default --port, else " if default_metrics else ""
    p.add_argument(
        "--metrics-port",
        type=_metrics_port,
        default=_env(service, "METRICS_PORT"),  # None: chosen from --port (settings_from)
        help="port of the Prometheus /metrics endpoint, 0 for an ephemeral one (printed in the "
        "ready line), off for none (env OLYMPUS_<SERVICE>_METRICS_PORT; default "
        f"{beside}an ephemeral one)",
    )
    p.add_argument(
        "--metrics-host",
        default=_env(service, "METRICS_HOST"),
        help="address of the metrics endpoint (env OLYMPUS_METRICS_HOST; default: --host)",
    )
    p.add_argument(
        "--max-request-bytes",
        type=int,
        default=int(_env(service, "MAX_REQUEST_BYTES") or DEFAULT_MAX_REQUEST_BYTES),
        help="a larger request is refused (RESOURCE_EXHAUSTED) before it is parsed "
        f"(env OLYMPUS_MAX_REQUEST_BYTES; default {DEFAULT_MAX_REQUEST_BYTES})",
    )
    p.add_argument(
        "--otlp-endpoint",
        default=_env(service, "OTLP_ENDPOINT"),
        metavar="URL",
        help="export traces by OTLP/gRPC to this collector, http://HOST:PORT or https://... "
        "(env OLYMPUS_OTLP_ENDPOINT; default: OTEL_EXPORTER_OTLP_ENDPOINT if set, else off)",
    )
    _add_connection_arguments(p, service)
    if quotas:
        _add_quota_arguments(p, service, quotas)
    return p


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def _add_connection_arguments(p: argparse.ArgumentParser, service: str) -> None:
    d = ConnectionPolicy()
    group = p.add_argument_group("connections (see platform/connections.py)")
    for flag, env, default, what in (
        ("--max-connection-idle-seconds", "MAX_CONNECTION_IDLE_SECONDS",
         d.max_connection_idle_s, "a connection with no call this long is closed"),
        ("--handshake-timeout-seconds", "HANDSHAKE_TIMEOUT_SECONDS", d.handshake_timeout_s,
         "a connection that has not finished its HTTP/2 handshake by then is closed"),
        ("--min-client-ping-seconds", "MIN_CLIENT_PING_SECONDS", d.min_client_ping_s,
         "clients may send keepalive pings this often or less (faster: GOAWAY too_many_pings)"),
        ("--keepalive-seconds", "KEEPALIVE_SECONDS", d.keepalive_s,
         "the server pings every connection this often: the heartbeat of long streams"),
    ):  # fmt: skip
        group.add_argument(
            flag,
            type=_positive,
            default=_env(service, env) or default,
            metavar="S",
            help=f"{what} (env OLYMPUS_{env}; default {default:g})",
        )
    group.add_argument(
        "--max-connections",
        type=whole_arg(1),
        default=_env(service, "MAX_CONNECTIONS") or d.max_connections,
        metavar="N",
        help=f"connections open at once; more are refused (env OLYMPUS_MAX_CONNECTIONS; "
        f"default {d.max_connections})",
    )


def _quotas_from(args: argparse.Namespace) -> dict[str, MethodQuota]:
    methods: tuple[str, ...] = getattr(args, "quota_methods", ())
    if args.__dict__.get("quotas", "on") == "off":
        return {}
    table = {}
    for method in methods:
        dest = _quota_flags(method)[0].replace("-", "_")
        table[method] = MethodQuota(
            per_peer=getattr(args, f"quota_{dest}_per_peer", None),
            per_token=getattr(args, f"quota_{dest}_per_token", None),
            streams_per_peer=getattr(args, f"quota_{dest}_streams_per_peer", 0) or None,
            per_account=getattr(args, f"quota_{dest}_per_account", None),
            anonymous_per_peer=getattr(args, f"quota_{dest}_anonymous", None),
            streams_per_account=getattr(args, f"quota_{dest}_streams_per_account", 0) or None,
        )
    return table


def settings_from(service: str, args: argparse.Namespace) -> ServiceSettings:
    return ServiceSettings(
        service=service,
        host=args.host,
        port=args.port,
        redis_url=args.redis_url,
        grace_seconds=args.grace,
        log_level=args.log_level,
        metrics_host=args.metrics_host or args.host,
        metrics_port=(
            default_metrics_port(service, args.port)
            if args.metrics_port is None
            else args.metrics_port
        ),
        max_request_bytes=args.max_request_bytes,
        quotas=_quotas_from(args),
        otlp_endpoint=args.otlp_endpoint or None,
        connections=ConnectionPolicy(
            max_connection_idle_s=args.max_connection_idle_seconds,
            handshake_timeout_s=args.handshake_timeout_seconds,
            max_connections=args.max_connections,
            min_client_ping_s=args.min_client_ping_seconds,
            keepalive_s=args.keepalive_seconds,
        ),
    )


def parse(
    service: str,
    argv: Sequence[str] | None = None,
    description: str = "",
    quotas: Mapping[str, MethodQuota] | None = None,
) -> ServiceSettings:
    return settings_from(service, parser_for(service, description, quotas).parse_args(argv))
