"""`olympus run` (and `make run`): the whole platform on one machine.

With nothing configured it embeds what it needs: a private `redis-server` on a free port (no
persistence, removed on exit) unless `--redis-url`/`OLYMPUS_REDIS_URL` names one. Each service
then starts as its own process exactly as operators start it (`python -m olympus.<service>`),
and Ctrl-C / SIGTERM stops them all gracefully.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from .platform.config import DEFAULT_PORTS

SERVICES = ("gamestate", "catalogue")


@dataclass
class Child:
    name: str
    proc: subprocess.Popen[str]
    port: int = 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def embedded_redis() -> Iterator[str]:
    """A throw-away redis-server for this run."""
    exe = shutil.which("redis-server")
    if exe is None:
        raise SystemExit("no Redis configured and no redis-server on PATH: pass --redis-url")
    port = _free_port()
    workdir = tempfile.mkdtemp(prefix="olympus-run-redis-")
    proc = subprocess.Popen(
        [
            exe,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            workdir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not _redis_answers(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the embedded redis-server did not start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)
        shutil.rmtree(workdir, ignore_errors=True)


def _start(name: str, port: int, redis_url: str) -> Child:
    proc = subprocess.Popen(
        [sys.executable, "-m", f"olympus.{name}", "--port", str(port), "--redis-url", redis_url],
        stdout=subprocess.PIPE,
        text=True,
    )
    child = Child(name, proc)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        raise SystemExit(f"{name} exited before it was ready (exit code {proc.wait()})")
    child.port = int(json.loads(line)["port"])
    return child


def run(redis_url: str | None, ports: dict[str, int]) -> int:
    available = [
        s for s in SERVICES if importlib.util.find_spec(f"olympus.{s}.__main__") is not None
    ]
    stop = False

    def _stop(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    with embedded_redis() if redis_url is None else _given(redis_url) as url:
        children: list[Child] = []
        try:
            for name in available:
                children.append(_start(name, ports.get(name, DEFAULT_PORTS[name]), url))
            print(f"Olympus is running (Redis: {url})", flush=True)
            for c in children:
                print(f"  {c.name:<10} 127.0.0.1:{c.port}", flush=True)
            print("Ctrl-C stops everything.", flush=True)
            while not stop and all(c.proc.poll() is None for c in children):
                time.sleep(0.2)
        finally:
            for c in children:
                if c.proc.poll() is None:
                    c.proc.send_signal(signal.SIGTERM)
            for c in children:
                try:
                    c.proc.wait(15)
                except subprocess.TimeoutExpired:
                    c.proc.kill()
    failed = [c.name for c in children if c.proc.returncode not in (0, -signal.SIGTERM)]
    if failed:
        print(f"stopped with errors: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("run", help="start the whole platform locally (embedded Redis by default)")
    p.add_argument(
        "--redis-url",
        default=os.environ.get("OLYMPUS_REDIS_URL"),
        help="use this Redis instead of an embedded one (env OLYMPUS_REDIS_URL)",
    )
    for name in SERVICES:
        p.add_argument(f"--{name}-port", type=int, default=DEFAULT_PORTS[name], metavar="PORT")

    def handler(args: argparse.Namespace) -> int:
        return run(args.redis_url, {name: getattr(args, f"{name}_port") for name in SERVICES})

    p.set_defaults(handler=handler)
