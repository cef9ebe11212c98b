"""`python -m olympus.web --port P --gamestate-address HOST:PORT ...`: the web client.

Serves the page and its JSON API (bridge.py) over HTTP, /healthz, and Prometheus metrics on
`--metrics-port`. Prints one ready line (JSON, with the port) like the gRPC services.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
from collections.abc import Sequence

from aiohttp import web

from olympus.platform import logs, metrics
from olympus.platform.config import DEFAULT_PORTS, METRICS_OFF, parser_for, settings_from

from .bridge import make_app
from .upstream import Addresses, Upstream


def _address(name: str) -> str:
    return os.environ.get(f"OLYMPUS_{name.upper()}_ADDRESS") or f"127.0.0.1:{DEFAULT_PORTS[name]}"


async def serve(argv: Sequence[str] | None = None) -> None:
    parser = parser_for("web", "The Olympus web client: the page and its bridge (HTTP).")
    for name in ("gamestate", "catalogue", "accounts", "matchmaking"):
        parser.add_argument(
            f"--{name}-address",
            default=_address(name),
            help=f"the {name} service (env OLYMPUS_{name.upper()}_ADDRESS)"
            + ("; empty: no matchmaking in the lobby" if name == "matchmaking" else ""),
        )
    parser.add_argument(
        "--secret",
        default=os.environ.get("OLYMPUS_WEB_SECRET", ""),
        help="signs the session cookies; replicas behind one address share it (env "
        "OLYMPUS_WEB_SECRET; default: a random one, so sessions end when the process does)",
    )
    parser.add_argument(
        "--secure-cookie",
        action="store_true",
        default=bool(os.environ.get("OLYMPUS_WEB_SECURE_COOKIE")),
        help="mark the session cookie Secure (behind HTTPS; env OLYMPUS_WEB_SECURE_COOKIE)",
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
        )
    )
    secret = args.secret.encode() if args.secret else secrets.token_bytes(32)
    runner = web.AppRunner(
        make_app(upstream, secret, args.secure_cookie), access_log=None, shutdown_timeout=2.0
    )
    await runner.setup()
    site = web.TCPSite(runner, settings.host, settings.port)
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


def run(argv: Sequence[str] | None = None) -> None:
    asyncio.run(serve(argv))


if __name__ == "__main__":
    run()
