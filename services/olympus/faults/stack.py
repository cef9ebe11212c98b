"""docker-compose.yml under a private project name, driven through the Compose v1 CLI.

testcontainers' DockerCompose drives Compose v2 only (`docker compose`, `up --wait`, `ps
--format json`), which Debian does not ship; this does the same with `docker-compose`: every
published port is a free one on 127.0.0.1, `up` waits for every health check, `down` removes
the containers, the network and Redis's volume.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
COMPOSE_FILE = ROOT / "docker-compose.yml"
# The variable naming each service's host port (docker-compose.yml).
PUBLISHED = {
    "redis": "OLYMPUS_REDIS_PUBLISH",
    "gamestate-a": "OLYMPUS_GAMESTATE_A_PUBLISH",
    "gamestate-b": "OLYMPUS_GAMESTATE_B_PUBLISH",
    "catalogue": "OLYMPUS_CATALOGUE_PUBLISH",
    "matchmaking": "OLYMPUS_MATCHMAKING_PUBLISH",
    "scoring": "OLYMPUS_SCORING_PUBLISH",
    "accounts": "OLYMPUS_ACCOUNTS_PUBLISH",
    "ladder": "OLYMPUS_LADDER_PUBLISH",
}
HEALTHCHECKED = (
    "redis",
    "gamestate-a",
    "gamestate-b",
    "catalogue",
    "accounts",
    "scoring",
    "matchmaking",
    "ladder",
)


# Where the kernel counts the CPU time of every container together (cgroup v1 with Docker's
# cgroupfs driver, cgroup v2 likewise): a parent's counter keeps what its children used after
# they are gone, so crashed and restarted containers still count.
DOCKER_CPU_COUNTERS = (
    (Path("/sys/fs/cgroup/cpuacct/docker/cpuacct.usage"), 1e-9),  # nanoseconds
    (Path("/sys/fs/cgroup/docker/cpu.stat"), 1e-6),  # usage_usec
)


def containers_cpu_seconds() -> float | None:
    """CPU time every container on this engine has used so far; None where not found."""
    for path, unit in DOCKER_CPU_COUNTERS:
        try:
            text = path.read_text()
        except OSError:
            continue
        if path.name == "cpu.stat":
            usage = dict(line.split() for line in text.splitlines())["usage_usec"]
            return int(usage) * unit
        return int(text) * unit
    return None


def _new_key() -> str:
    from olympus.accounts.keys import new_key

    return new_key()


class StackError(Exception):
    """The stack could not be brought up, or a container did not do what it was told."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def docker_missing() -> str | None:
    """Why the stack cannot run here, or None when it can."""
    for tool in ("docker", "docker-compose"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (make provision)"
    probe = subprocess.run(["docker", "info"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return "the Docker engine does not answer (make provision starts it, as root)"
    images = subprocess.run(
        ["docker", "image", "inspect", "olympus:latest", "olympus-redis:bookworm"],
        capture_output=True,
        check=False,
    )
    if images.returncode != 0:
        return "the images are not built (make images)"
    return None


@dataclass
class ComposeStack:
    appendfsync: str = "always"
    project: str = field(default_factory=lambda: f"olympusfaults{uuid.uuid4().hex[:8]}")
    ports: dict[str, int] = field(default_factory=lambda: {s: free_port() for s in PUBLISHED})
    # The stack's service credential, made for it (as an operator provisions one).
    service_key: str = field(
        default_factory=lambda: os.environ.get("OLYMPUS_SERVICE_KEY") or _new_key()
    )

    @property
    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({PUBLISHED[s]: str(p) for s, p in self.ports.items()})
        env["OLYMPUS_REDIS_APPENDFSYNC"] = self.appendfsync
        env["OLYMPUS_SERVICE_KEY"] = self.service_key
        return env

    @property
    def gamestate_targets(self) -> list[str]:
        return [f"127.0.0.1:{self.ports[s]}" for s in ("gamestate-a", "gamestate-b")]

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.ports['redis']}/0"

    def compose(self, *args: str, timeout_s: float = 300) -> str:
        command = ["docker-compose", "-f", str(COMPOSE_FILE), "-p", self.project, *args]
        done = subprocess.run(
            command, env=self.env, capture_output=True, text=True, timeout=timeout_s, check=False
        )
        if done.returncode != 0:
            raise StackError(f"{' '.join(command[3:])} failed: {done.stderr.strip()[-2000:]}")
        return done.stdout

    def up(self, timeout_s: float = 180) -> None:
        self.compose("up", "-d", "--no-build")
        for service in HEALTHCHECKED:
            self.wait_healthy(service, timeout_s)

    def down(self) -> None:
        self.compose("down", "--volumes", "--remove-orphans", "--timeout", "20")

    def __enter__(self) -> ComposeStack:
        try:
            self.up()
        except BaseException:
            self.down()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.down()

    def container(self, service: str) -> str:
        ids = self.compose("ps", "-q", service).split()
        if len(ids) != 1:
            raise StackError(f"{service}: {len(ids)} containers")
        return ids[0]

    def inspect(self, service: str, template: str) -> str:
        done = subprocess.run(
            ["docker", "inspect", "--format", template, self.container(service)],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip()

    def wait_healthy(self, service: str, timeout_s: float = 120) -> None:
        """Until the service's health check passes (or, without one, it runs)."""
        until = time.monotonic() + timeout_s
        while True:
            state = self.inspect(
                service, "{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}"
            )
            if state in ("running healthy", "running") and (
                state == "running healthy" or service not in HEALTHCHECKED
            ):
                return
            if time.monotonic() > until:
                logs = subprocess.run(
                    ["docker", "logs", "--tail", "30", self.container(service)],
                    capture_output=True,
                    text=True,
                    check=False,
                )
                raise StackError(f"{service} not healthy ({state}): {logs.stderr[-1500:]}")
            time.sleep(0.5)

    def crash(self, service: str) -> None:
        """SIGKILL to the container's main process from the host, as a crash would end it: the
        restart policy brings the container back (a `docker kill` counts as an operator's stop)."""
        pid = int(self.inspect(service, "{{.State.Pid}}"))
        if pid <= 0:
            raise StackError(f"{service} is not running")
        os.kill(pid, signal.SIGKILL)

    def wait_restarted(self, service: str, timeout_s: float = 120) -> None:
        time.sleep(0.5)
        self.wait_healthy(service, timeout_s)

    @property
    def network(self) -> str:
        return f"{self.project}_default"

    def disconnect(self, service: str) -> None:
        subprocess.run(
            ["docker", "network", "disconnect", "-f", self.network, self.container(service)],
            check=True,
            capture_output=True,
        )

    def connect(self, service: str) -> None:
        # Back under its service name, as compose attached it: the others find it by name.
        subprocess.run(
            [
                "docker",
                "network",
                "connect",
                "--alias",
                service,
                self.network,
                self.container(service),
            ],
            check=True,
            capture_output=True,
        )

    def logs(self, service: str, lines: int) -> str:
        done = subprocess.run(
            ["docker", "logs", "--tail", str(lines), self.container(service)],
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout + done.stderr

    def stop(self, service: str) -> None:
        self.compose("stop", "--timeout", "20", service)

    def start(self, service: str) -> None:
        self.compose("start", service)
