"""`python -m olympus.web --port P --gamestate-address HOST:PORT ...`: the web client.

Serves the page and its JSON API (bridge.py) over HTTP, /healthz, and Prometheus metrics on
`--metrics-port`. Prints one ready line (JSON, with the port) like the gRPC services. Sessions
live in Redis (`--redis-url`, the bridge's own keys: session.py); the bridge calls the services
for its users with their own identity and its service credential (OLYMPUS_SERVICE_KEY).
Connections: at most `--max-connections-per-address` per client address, a request's head must
arrive within `--handshake-timeout-seconds`, an idle keep-alive connection is closed after
`--max-connection-idle-seconds` (limits.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import signal
from collections.abc import Sequence

from aiohttp import web

from olympus.platform import logs, metrics
from olympus.platform.config import DEFAULT_PORTS, METRICS_OFF, parser_for, settings_from
from olympus.platform.identity import service_key_from_env
from olympus.platform.redis_pool import redis_client
from olympus.platform.strict import whole_arg

from .bridge import make_app
from .limits import ConnectionLimits, LimitedSite
from .session import TTL_S, SessionStore
from .upstream import Addresses, Upstream

log = logging.getLogger("olympus.web")


def _address(name: str) -> str:
    return os.environ.get(f"OLYMPUS_{name.upper()}_ADDRESS") or f"127.0.0.1:{DEFAULT_PORTS[name]}"


async def serve(argv: Sequence[str] | None = None) -> None:
    parser = parser_for("web", "The Olympus web client: the page and its bridge (HTTP).")
    for name in ("gamestate", "catalogue", "accounts", "matchmaking", "scoring", "ladder"):
        parser.add_argument(
            f"--{name}-address",
            default=_address(name),
            help=f"the {name} service (env OLYMPUS_{name.upper()}_ADDRESS)"
            + ("; empty: no matchmaking in the lobby" if name == "matchmaking" else "")
            + ("; empty: no leaderboards or ratings" if name == "scoring" else "")
            + ("; empty: no ladders listed" if name == "ladder" else ""),
        )
    parser.add_argument(
        "--secret",
        default=os.environ.get("OLYMPUS_WEB_SECRET", ""),
        help="the key sessions are encrypted under; replicas behind one address share it (env "
        "OLYMPUS_WEB_SECRET; default: a random one, so sessions end when the process does)",
    )
    parser.add_argument(
        "--session-ttl-seconds",
        type=whole_arg(60),
        default=int(os.environ.get("OLYMPUS_WEB_SESSION_TTL_SECONDS") or TTL_S),
        help="how long an unused session lives (env OLYMPUS_WEB_SESSION_TTL_SECONDS; "
        "default 30 days)",
    )
    parser.add_argument(
        "--trust-proxy-headers",
        action="store_true",
        default=bool(os.environ.get("OLYMPUS_WEB_TRUST_PROXY_HEADERS")),
        help="behind a proxy: the client's address is X-Forwarded-For's last, the page's "
        "origin X-Forwarded-Proto and -Host (env OLYMPUS_WEB_TRUST_PROXY_HEADERS)",
    )
    parser.add_argument(
        "--max-connections-per-address",
        type=whole_arg(1),
        default=int(os.environ.get("OLYMPUS_WEB_MAX_CONNECTIONS_PER_ADDRESS") or 64),
        help="connections open at once from one client address; more are closed "
        "(env OLYMPUS_WEB_MAX_CONNECTIONS_PER_ADDRESS; default 64)",
    )
    parser.add_argument(
        "--secure-cookie",
        action="store_true",
        default=bool(os.environ.get("OLYMPUS_WEB_SECURE_COOKIE")),
        help="mark the session cookie Secure (behind an HTTPS proxy; over TLS it always is; "
        "env OLYMPUS_WEB_SECURE_COOKIE)",
    )
    args = parser.parse_args(argv)
    settings = settings_from("web", args)
    logs.configure("web", settings.log_level)
    upstream = Upstream(
        Addresses(
            args.gamestate_address,
            args.catalogue_address,
            args.accounts_address,
            args.matchmaking_address,
            args.scoring_address,
            args.ladder_address,
        )
    )
    secret = args.secret.encode() if args.secret else secrets.token_bytes(32)
    service_key = service_key_from_env()
    if not service_key:
        log.warning(
            "no service credential (OLYMPUS_SERVICE_KEY): the services count every user of "
            "this bridge as the bridge's own address"
        )
    redis = redis_client(settings.redis_url, "olympus-web", 8, 1.0)
    store = SessionStore(redis, secret, args.session_ttl_seconds)
    app = make_app(upstream, store, args.secure_cookie, service_key, args.trust_proxy_headers)
    runner = web.AppRunner(
        app,
        access_log=None,
        shutdown_timeout=2.0,
        keepalive_timeout=settings.connections.max_connection_idle_s,
    )
    await runner.setup()
    limits = ConnectionLimits(
        args.max_connections_per_address, settings.connections.handshake_timeout_s
    )
    site = LimitedSite(runner, settings.host, settings.port, limits)
    await site.start()
    port = runner.addresses[0][1]
    ready: dict[str, object] = {"event": "ready", "service": "web", "port": port}
    if settings.metrics_port != METRICS_OFF:
        ready["metrics_port"] = metrics.start(settings.metrics_host, settings.metrics_port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    metrics.SERVING.set(1)  # /healthz asks the game service itself on every call
    print(json.dumps(ready), flush=True)
    await stop.wait()
    await runner.cleanup()
    await redis.aclose()


def run(argv: Sequence[str] | None = None) -> None:
    asyncio.run(serve(argv))


if __name__ == "__main__":
    run()
