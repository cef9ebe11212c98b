"""Start real Olympus service processes for tests, the way operators start them."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class ServiceProcess:
    name: str
    proc: subprocess.Popen[str]
    port: int
    log_path: str
    metrics_port: int | None = None

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def stop(self, timeout: float = 10.0) -> int:
        """SIGTERM, as an orchestrator would; returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


@contextmanager
def running_service(
    name: str, *args: str, env: dict[str, str] | None = None, timeout: float = 20.0
) -> Iterator[ServiceProcess]:
    """`python -m olympus.<name> --port 0 --metrics-port 0 ...` (later arguments override
    these); waits for its ready line."""
    with tempfile.NamedTemporaryFile(prefix=f"olympus-{name}-", suffix=".log", delete=False) as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", f"olympus.{name}", "--port", "0", "--metrics-port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env={**os.environ, **(env or {})},
        )
        service = ServiceProcess(name, proc, 0, log.name)
        try:
            assert proc.stdout is not None
            deadline = time.monotonic() + timeout
            line = ""
            while time.monotonic() < deadline:
                ready, _, _ = select.select([proc.stdout], [], [], 0.1)
                if ready:
                    line = proc.stdout.readline()
                    break
                if proc.poll() is not None:
                    break
            if not line:
                raise RuntimeError(f"{name} did not start:\n{service.log()}")
            event = json.loads(line)
            assert event["event"] == "ready", event
            service.port = int(event["port"])
            service.metrics_port = event.get("metrics_port")
            yield service
        finally:
            service.stop()


@dataclass
class WorkerProcesses:
    """`olympus worker` and `olympus beat`, as operators start them."""

    worker: subprocess.Popen[str]
    beat: subprocess.Popen[str] | None
    log_path: str

    def log(self) -> str:
        with open(self.log_path, encoding="utf-8", errors="replace") as f:
            return f.read()

    def stop(self, timeout: float = 15.0) -> None:
        for proc in (self.beat, self.worker):
            if proc is not None and proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in (self.beat, self.worker):
            if proc is None:
                continue
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def start_worker(
    redis_url: str, log_path: str, env: dict[str, str] | None = None, timeout: float = 30.0
) -> subprocess.Popen[str]:
    """An `olympus worker` on `redis_url`; returns once it takes tasks (its ready line)."""
    with open(log_path, "a") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "olympus.cli", "worker", "--redis-url", redis_url],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env={**os.environ, **(env or {})},
        )
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.1)
        if ready:
            line = proc.stdout.readline()
            if not line:
                break
            if line.startswith("{") and json.loads(line).get("ready") == "worker":
                return proc
        if proc.poll() is not None:
            break
    proc.kill()
    with open(log_path, encoding="utf-8", errors="replace") as f:
        raise RuntimeError(f"the worker did not start:\n{f.read()}")


def start_beat(
    redis_url: str, log_path: str, env: dict[str, str] | None = None, sweep_seconds: float = 1.0
) -> subprocess.Popen[str]:
    with open(log_path, "a") as log:
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "olympus.cli",
                "beat",
                "--redis-url",
                redis_url,
                "--sweep-seconds",
                str(sweep_seconds),
            ],
            stdout=subprocess.DEVNULL,
            stderr=log,
            text=True,
            env={**os.environ, **(env or {})},
        )


@contextmanager
def running_workers(
    redis_url: str,
    *,
    beat: bool = True,
    env: dict[str, str] | None = None,
    sweep_seconds: float = 1.0,
) -> Iterator[WorkerProcesses]:
    """A worker (and beat) on `redis_url`, stopped at the end."""
    with tempfile.NamedTemporaryFile(prefix="olympus-worker-", suffix=".log", delete=False) as f:
        log_path = f.name
    worker = start_worker(redis_url, log_path, env)
    processes = WorkerProcesses(worker, None, log_path)
    try:
        if beat:
            processes.beat = start_beat(redis_url, log_path, env, sweep_seconds)
        yield processes
    finally:
        processes.stop()


def create_account(redis_url: str, name: str, scopes: str, kind: str = "bot") -> dict[str, str]:
    """An account with one key, made the operator's way (`olympus accounts create --json`):
    {"account_id", "key", "key_id", ...}."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "olympus.cli",
            "accounts",
            "create",
            name,
            "--kind",
            kind,
            "--scopes",
            scopes,
            "--json",
            "--redis-url",
            redis_url,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    data: dict[str, str] = json.loads(done.stdout.splitlines()[0])
    return data


@contextmanager
def accounts_on(url: str) -> Iterator[None]:
    """An accounts service on this Redis, which the services tests start from now on check
    keys with (OLYMPUS_ACCOUNTS_ADDRESS), until the block ends."""
    before = os.environ.get("OLYMPUS_ACCOUNTS_ADDRESS")
    with running_service("accounts", "--redis-url", url, "--metrics-port", "off") as accounts:
        os.environ["OLYMPUS_ACCOUNTS_ADDRESS"] = accounts.address
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("OLYMPUS_ACCOUNTS_ADDRESS", None)
            else:
                os.environ["OLYMPUS_ACCOUNTS_ADDRESS"] = before
