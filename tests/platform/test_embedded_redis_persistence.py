"""The throw-away redis-server keeps no file by default, and its append-only file with the
fsync policy asked for (the durability benchmark compares two of them)."""

from __future__ import annotations

import pytest
import redis

from olympus.platform.embedded_redis import embedded_redis


@pytest.mark.parametrize(
    ("appendfsync", "expected"),
    [(None, ("no", "everysec")), ("always", ("yes", "always")), ("everysec", ("yes", "everysec"))],
)
def test_the_append_only_file_follows_the_setting(
    appendfsync: str | None, expected: tuple[str, str]
) -> None:
    with embedded_redis(appendfsync=appendfsync) as server:
        r = redis.Redis.from_url(server.url, decode_responses=True)
        seen = (
            r.config_get("appendonly")["appendonly"],
            r.config_get("appendfsync")["appendfsync"],
        )
        r.close()
    assert seen == expected


def test_an_unknown_policy_is_refused_before_anything_starts() -> None:
    with pytest.raises(ValueError, match="appendfsync"), embedded_redis(appendfsync="sometimes"):
        pass
