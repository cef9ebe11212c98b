"""`olympus run` (and `make run`): the whole platform on one machine.

With nothing configured it embeds what it needs: a private `redis-server` on a free port
(`platform/embedded_redis.py`: no persistence, removed on exit) unless `--redis-url` /
`OLYMPUS_REDIS_URL` names one, and a service credential (a fresh key with the `service` scope,
unless OLYMPUS_SERVICE_KEY gives one) that every service gets in its environment and the
accounts service registers as it starts. Each service then starts as its own process exactly as
operators start it (`python -m olympus.<service>`, each told where the others are with
OLYMPUS_<SERVICE>_ADDRESS), then the Celery workers and one beat (`olympus worker`, `olympus
beat`: bot turns, clocks, rated results), and Ctrl-C / SIGTERM stops them all gracefully.
`--game-processes N` and `--workers N` run more game-service and worker processes, to use more
cores (docs/processes.md); every process serves its own metrics (docs/metrics.md).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

from .platform.config import DEFAULT_METRICS_PORTS, DEFAULT_PORTS, default_metrics_port
from .platform.embedded_redis import RedisUnavailable, embedded_redis
from .platform.strict import whole_arg

# In start order: the accounts service first (it registers the service credential every other
# service checks keys with), the web client (HTTP) last. Each finds the others through
# OLYMPUS_<SERVICE>_ADDRESS, known before any starts (ports chosen first).
SERVICES = ("accounts", "gamestate", "catalogue", "scoring", "matchmaking", "ladder", "web")
# The services the web client needs, by its flag names.
WEB_UPSTREAMS = ("gamestate", "catalogue", "accounts", "matchmaking")


@dataclass
class Child:
    name: str
    proc: subprocess.Popen[str]
    port: int = 0
    metrics_port: int | None = None


def available_services() -> list[str]:
    """The services of SERVICES installed here (a partial install runs what it has)."""
    out = []
    for name in SERVICES:
        try:
            if importlib.util.find_spec(f"olympus.{name}.__main__") is not None:
                out.append(name)
        except ModuleNotFoundError:  # the service's package itself is missing
            continue
    return out


def start_service(
    name: str,
    port: int,
    metrics_port: int,
    redis_url: str,
    extra: tuple[str, ...] = (),
    stderr: IO[str] | None = None,
    env: dict[str, str] | None = None,
) -> Child:
    """`python -m olympus.<name>`, returned once it printed its ready line. Its log (stderr)
    goes to `stderr`, else to this process's; `env` is added to this process's environment."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            f"olympus.{name}",
            "--port",
            str(port),
            "--metrics-port",
            str(metrics_port),
            "--redis-url",
            redis_url,
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
        env={**os.environ, **(env or {})},
    )
    child = Child(name, proc)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise SystemExit(f"{name} exited before it was ready (exit code {proc.wait()})")
    ready = json.loads(line)
    child.port = int(ready["port"])
    child.metrics_port = ready.get("metrics_port")
    return child


def _worker_ready(proc: subprocess.Popen[str]) -> dict[str, object]:
    """The ready line of an `olympus worker` (after Celery's banner); its later output is read
    and dropped on a thread, so a full pipe never stalls it."""
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("{"):
            ready: dict[str, object] = json.loads(line)
            if ready.get("ready") == "worker":
                threading.Thread(target=proc.stdout.read, daemon=True).start()
                return ready
    raise SystemExit(f"the worker exited before it was ready (exit code {proc.wait()})")


def start_workers(
    redis_url: str,
    stderr: IO[str] | None = None,
    env: dict[str, str] | None = None,
    count: int = 1,
    metrics_port: str | None = None,
) -> list[Child]:
    """`count` `olympus worker` processes (each waited for until it takes tasks; together they
    share the task queues) and one `olympus beat`. `metrics_port` is each worker's flag: "0"
    gives each its own endpoint on a free port (Child.metrics_port); None leaves it to the
    environment (OLYMPUS_WORKER_METRICS_PORT)."""
    command = [sys.executable, "-m", "olympus.cli"]
    environ = {**os.environ, **(env or {})}
    flags = ("--metrics-port", metrics_port) if metrics_port is not None else ()
    # All started before any is waited for: their imports overlap (on several cores).
    procs = [
        subprocess.Popen(
            [*command, "worker", "--redis-url", redis_url, *flags],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=environ,
        )
        for _ in range(count)
    ]
    workers: list[Child] = []
    try:
        for i, proc in enumerate(procs, 1):
            name = "worker" if count == 1 else f"worker-{i}"
            workers.append(Child(name, proc))
            port = _worker_ready(proc).get("metrics_port")
            workers[-1].metrics_port = int(str(port)) if port is not None else None
    except BaseException:
        stop([Child("worker", p) for p in procs])
        raise
    beat = subprocess.Popen(
        [*command, "beat", "--redis-url", redis_url],
        stdout=subprocess.DEVNULL,
        stderr=stderr,
        text=True,
        env=environ,
    )
    return [*workers, Child("beat", beat)]


def stop(children: list[Child], timeout_s: float = 15.0) -> None:
    """SIGTERM to every child, then wait; a child still running after `timeout_s` is killed."""
    for c in children:
        if c.proc.poll() is None:
            c.proc.send_signal(signal.SIGTERM)
    for c in children:
        try:
            c.proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            c.proc.kill()
            c.proc.wait()


def free_port() -> int:
    """A port free now (the kernel's choice), for a service asked to take any: the others must
    know it before it starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stack_env(service_key: str, ports: dict[str, int]) -> dict[str, str]:
    """What every process of a stack is told: the service credential and where each is."""
    env = {"OLYMPUS_SERVICE_KEY": service_key}
    for name, port in ports.items():
        if name != "web":
            env[f"OLYMPUS_{name.upper()}_ADDRESS"] = f"127.0.0.1:{port}"
    return env


def new_service_key() -> str:
    from olympus.accounts.keys import new_key

    return os.environ.get("OLYMPUS_SERVICE_KEY") or new_key()


def start_stack(
    names: list[str],
    redis_url: str,
    ports: dict[str, int],
    metrics_ports: dict[str, int | None],
    service_key: str,
    extra: dict[str, tuple[str, ...]] | None = None,
    stderr: IO[str] | None = None,
    game_processes: int = 1,
) -> list[Child]:
    """Start `names` (in SERVICES order) on `redis_url`, each on its port (0: a free one, chosen
    first), all told the service credential and where the others are. `game_processes` > 1
    starts more game-service processes (gamestate-2, ...) on free ports after the first: every
    game lives in Redis, so any of them serves any game; the other services use the first."""
    chosen = {n: ports.get(n, DEFAULT_PORTS[n]) or free_port() for n in names}
    env = stack_env(service_key, chosen)
    children: list[Child] = []
    try:
        for name in [n for n in SERVICES if n in names]:
            args = (extra or {}).get(name, ())
            if name == "web":  # the page's bridge to every service
                args = (
                    *args,
                    *(
                        arg
                        for upstream in WEB_UPSTREAMS
                        if upstream in chosen
                        for arg in (f"--{upstream}-address", f"127.0.0.1:{chosen[upstream]}")
                    ),
                )
            given = metrics_ports.get(name)
            metrics_port = default_metrics_port(name, chosen[name]) if given is None else given
            children.append(
                start_service(name, chosen[name], metrics_port, redis_url, args, stderr, env)
            )
            for i in range(2, game_processes + 1 if name == "gamestate" else 0):
                # Another port and its own metrics endpoint (0, or none when the first has none).
                more = start_service(name, free_port(), min(metrics_port, 0), redis_url, args,
                                     stderr, env)  # fmt: skip
                more.name = f"{name}-{i}"
                children.append(more)
    except BaseException:
        stop(children)
        raise
    return children


def game_addresses(children: list[Child]) -> str:
    """The game-service processes' addresses as the SDK takes them ("a,b": it fails over from
    one to the next; OLYMPUS_GAMESTATE_ADDRESS)."""
    return ",".join(f"127.0.0.1:{c.port}" for c in children if c.name.split("-")[0] == "gamestate")


def run(
    redis_url: str | None,
    ports: dict[str, int],
    metrics_ports: dict[str, int | None],
    game_processes: int = 1,
    workers: int = 1,
) -> int:
    available = available_services()
    stopping = False

    def _stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    children: list[Child] = []
    with contextlib.ExitStack() as stack:
        if redis_url is None:
            try:
                redis_url = stack.enter_context(embedded_redis()).url
            except RedisUnavailable as exc:
                raise SystemExit(f"no Redis configured and {exc}: pass --redis-url") from None
        try:
            service_key = new_service_key()
            children = start_stack(
                available, redis_url, ports, metrics_ports, service_key,
                game_processes=game_processes,
            )  # fmt: skip
            by_name = {c.name: c.port for c in children if c.name in SERVICES}
            env = stack_env(service_key, by_name)
            # Each worker's metrics on a free port (the services' defaults are the services').
            children += start_workers(redis_url, env=env, count=workers, metrics_port="0")
            print(f"Olympus is running (Redis: {redis_url})", flush=True)
            for c in children:
                metrics = f"  metrics http://127.0.0.1:{c.metrics_port}/metrics"
                if c.name == "beat":
                    where = "(Celery beat: the timers' sweep)"
                elif c.name.startswith("worker"):
                    where = "(Celery: bot turns, clocks, results)"
                elif c.name == "web":
                    where = f"http://127.0.0.1:{c.port}/"
                else:
                    where = f"127.0.0.1:{c.port}"
                print(f"  {c.name:<12} {where}{metrics if c.metrics_port else ''}", flush=True)
            if game_processes > 1:
                print(f"Clients: OLYMPUS_GAMESTATE_ADDRESS={game_addresses(children)}", flush=True)
            if any(c.name == "web" for c in children):
                web = next(c for c in children if c.name == "web")
                print(f"Open http://127.0.0.1:{web.port}/ in a browser to play.", flush=True)
            print("Ctrl-C stops everything.", flush=True)
            while not stopping and all(c.proc.poll() is None for c in children):
                time.sleep(0.2)
        finally:
            stop(children)
    failed = [c.name for c in children if c.proc.returncode not in (0, -signal.SIGTERM)]
    if failed:
        print(f"stopped with errors: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("run", help="start the whole platform locally (embedded Redis by default)")
    p.add_argument(
        "--redis-url",
        default=os.environ.get("OLYMPUS_REDIS_URL"),
        help="use this Redis instead of an embedded one (env OLYMPUS_REDIS_URL)",
    )
    for name in SERVICES:
        # The environment variable each service reads itself (argparse converts a string
        # default with `type` too).
        p.add_argument(
            f"--{name}-port",
            type=whole_arg(0, 65535),
            default=os.environ.get(f"OLYMPUS_{name.upper()}_PORT") or DEFAULT_PORTS[name],
            metavar="PORT",
            help=f"0 for a free port (env OLYMPUS_{name.upper()}_PORT; default {DEFAULT_PORTS[name]})",
        )
        p.add_argument(
            f"--{name}-metrics-port",
            type=int,
            # None: its default beside its default port, else a free one (config.py)
            default=os.environ.get(f"OLYMPUS_{name.upper()}_METRICS_PORT"),
            metavar="PORT",
            help="its Prometheus endpoint (0: any free port, -1: none; "
            f"env OLYMPUS_{name.upper()}_METRICS_PORT; default {DEFAULT_METRICS_PORTS[name]} "
            "with the default port, else a free one)",
        )

    p.add_argument(
        "--game-processes",
        type=whole_arg(1, 64),
        default=os.environ.get("OLYMPUS_GAME_PROCESSES") or 1,
        metavar="N",
        help="game-service processes (the first on --gamestate-port, the others on free ports): "
        "one per core to use them all (env OLYMPUS_GAME_PROCESSES; default 1)",
    )
    p.add_argument(
        "--workers",
        type=whole_arg(1, 64),
        default=os.environ.get("OLYMPUS_WORKERS") or 1,
        metavar="N",
        help="Celery worker processes (bot turns, clocks; env OLYMPUS_WORKERS; default 1)",
    )

    def handler(args: argparse.Namespace) -> int:
        return run(
            args.redis_url,
            {name: getattr(args, f"{name}_port") for name in SERVICES},
            {name: getattr(args, f"{name}_metrics_port") for name in SERVICES},
            args.game_processes,
            args.workers,
        )

    p.set_defaults(handler=handler)


def _admin_key(redis_url: str, name: str) -> str:
    """An admin key for a private stack's own operator account (made on its Redis)."""
    import asyncio
    import secrets

    from olympus.accounts.keys import SCOPE_ADMIN, KeyStore
    from olympus.platform.redis_pool import redis_client

    async def make() -> str:
        redis = redis_client(redis_url, name, 1, 5.0)
        try:
            store = KeyStore(redis)
            account = await store.create_account(f"{name}-{secrets.token_hex(3)}", "bot")
            key, _ = await store.create_key(account.account_id, [SCOPE_ADMIN])
            return key
        finally:
            await redis.aclose()

    return asyncio.run(make())


@contextlib.contextmanager
def private_stack(names: list[str], prefix: str) -> Iterator[tuple[str, str, str]]:
    """A stack of its own for a command (`olympus ladder run`): an embedded Redis, the named
    services on free ports, a worker and beat. Yields (the ladder's address, the scoring
    service's address, an admin key). Its log goes to a file; kept and named on stderr if the
    command fails, removed otherwise."""
    import tempfile

    log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - kept on failure, see below
        "w", prefix=f"{prefix}-", suffix=".log", delete=False
    )
    failed = True
    children: list[Child] = []
    try:
        with embedded_redis() as redis:
            try:
                service_key = new_service_key()
                ports = dict.fromkeys(names, 0)
                extra: dict[str, tuple[str, ...]] = {"gamestate": ("--quotas", "off")}
                children = start_stack(names, redis.url, ports, {n: -1 for n in names},
                                       service_key, extra, log)  # fmt: skip
                by_name = {c.name: c.port for c in children}
                children += start_workers(redis.url, log, stack_env(service_key, by_name))
                key = _admin_key(redis.url, prefix)
                yield (
                    f"127.0.0.1:{by_name.get('ladder', 0)}",
                    f"127.0.0.1:{by_name.get('scoring', 0)}",
                    key,
                )
                failed = False
            finally:
                stop(children)
    finally:
        log.close()
        if failed:
            print(f"the private stack's log is kept in {log.name}", file=sys.stderr)
        else:
            os.unlink(log.name)
