"""docker-compose.yml says what the platform needs without Docker here to run it: the stack the
fault matrix drives (olympus.faults.stack) and, in the "scale" profile, game-service processes
and workers that `--scale` multiplies (issue 35). The container tests run the file itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from olympus.faults.stack import PUBLISHED

COMPOSE = Path(__file__).resolve().parents[2] / "docker-compose.yml"


def services() -> dict[str, dict[str, Any]]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())  # merge keys resolved
    found: dict[str, dict[str, Any]] = loaded["services"]
    return found


def _host_port(mapping: str) -> str:
    """The host side of a mapping: "7151" of "127.0.0.1:7151:7151", "" (a free one) of
    "127.0.0.1::7151"."""
    parts = mapping.split(":")
    return parts[-2] if len(parts) > 1 else ""


def test_a_plain_up_starts_the_stack_the_fault_matrix_drives() -> None:
    plain = {name for name, s in services().items() if not s.get("profiles")}
    assert set(PUBLISHED) <= plain
    assert {"worker-a", "worker-b", "beat"} <= plain
    published = [_host_port(p) for name in plain for p in services()[name].get("ports", [])]
    assert len(published) == len(set(published)), published


def test_the_scale_profile_adds_game_processes_and_workers_scale_can_multiply() -> None:
    found = services()
    scaled = {name for name, s in found.items() if "scale" in s.get("profiles", [])}
    assert scaled == {"gamestate-more", "worker-more"}
    for more, like in (("gamestate-more", "gamestate-a"), ("worker-more", "worker-a")):
        for key in ("image", "command", "env_file", "environment", "depends_on"):
            assert found[more][key] == found[like][key], (more, key)
        # A fixed host port would let only one container of it start.
        assert all(_host_port(p) == "" for p in found[more].get("ports", [])), more
    assert found["gamestate-more"]["healthcheck"] == found["gamestate-a"]["healthcheck"]
    assert found["worker-more"]["stop_grace_period"] == found["worker-a"]["stop_grace_period"]
    assert "beat" not in scaled  # exactly one beat, however many workers
