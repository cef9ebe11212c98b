"""Redis in a container (testcontainers, the local olympus-redis image): with append-only
persistence, data written before a SIGKILL is there after the restart; without it, it is not
(the check can tell the two apart)."""

from __future__ import annotations

import time

import pytest
import redis
from testcontainers.core.container import DockerContainer

from olympus.faults.stack import free_port

REDIS_IMAGE = "olympus-redis:bookworm"


def _ping_until_up(r: redis.Redis) -> None:
    for _ in range(200):
        try:
            if r.ping():
                return
        except redis.ConnectionError:
            pass
        time.sleep(0.1)
    raise AssertionError("redis did not come up")


@pytest.mark.parametrize(
    ("settings", "kept"),
    [
        ("--appendonly yes --appendfsync always --save ''", True),
        ("--appendonly no --save ''", False),
    ],
)
def test_data_survives_a_kill_only_with_the_append_only_file(settings: str, kept: bool) -> None:
    port = free_port()
    container = DockerContainer(REDIS_IMAGE).with_command(settings)
    # Published on 127.0.0.1 only: with_bind_ports takes no address, the Docker SDK's port
    # mapping under it does.
    container.ports["6379"] = ("127.0.0.1", port)  # type: ignore[assignment]
    with container:
        r = redis.Redis(host="127.0.0.1", port=port, socket_timeout=5)
        _ping_until_up(r)
        for i in range(100):
            r.rpush("olympus:test:log", f"answer {i}")
        wrapped = container.get_wrapped_container()
        wrapped.kill(signal="SIGKILL")
        wrapped.start()
        _ping_until_up(r)
        expected = [f"answer {i}".encode() for i in range(100)] if kept else []
        assert r.lrange("olympus:test:log", 0, -1) == expected
        r.close()
