"""A platform for the ladder tests (the accounts, game, scoring, matchmaking and ladder services,
a worker and beat, on a Redis of the module's own), and the `olympus ladder` CLI pointed at it
with an admin key, as an operator runs it."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from platform_stack import Platform, platform


@dataclass
class LadderStack:
    platform: Platform
    admin: str

    def cli(self, *args: str, key: bool = True) -> subprocess.CompletedProcess[str]:
        extra = ["--address", self.platform.address("ladder")]
        if key and args[0] in ("start", "stop", "open"):
            extra += ["--api-key", self.admin]
        return subprocess.run(
            [sys.executable, "-m", "olympus.cli", "ladder", *args, *extra],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    def show(self, name: str) -> dict[str, Any]:
        done = self.cli("show", name, "--json")
        assert done.returncode == 0, done.stderr
        return dict(json.loads(done.stdout))

    def board(self, name: str) -> dict[str, dict[str, Any]]:
        return {row["player"]: row for row in self.show(name)["leaderboard"]}


@contextmanager
def ladder_stack(redis_url: str, tick_seconds: float = 0.3) -> Iterator[LadderStack]:
    with platform(
        redis_url,
        ("gamestate", "scoring", "matchmaking", "ladder"),
        args={
            "gamestate": ("--quotas", "off"),
            "matchmaking": ("--match-interval", "0.05"),
            "ladder": ("--tick-seconds", str(tick_seconds)),
        },
        workers=True,
        worker_env={"OLYMPUS_REPORT_SECONDS": "0.5"},
    ) as stack:
        _, admin = stack.account("ladder-operator", ["admin"], kind="person")
        yield LadderStack(stack, admin)


def wait_for(what: str, probe: Any, timeout: float = 240) -> Any:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = probe()
        if last:
            return last
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}: {last!r}")
