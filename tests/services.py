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
