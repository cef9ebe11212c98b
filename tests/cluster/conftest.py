"""Redis Cluster tests: a six-process cluster of the test's own (three masters, a replica
each, a 1 s node timeout), and a plain Redis beside it for Celery's broker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from olympus.platform.embedded_cluster import EmbeddedCluster, embedded_cluster
from olympus.platform.embedded_redis import RedisUnavailable


@pytest.fixture
def cluster() -> Iterator[EmbeddedCluster]:
    try:
        with embedded_cluster(node_timeout_ms=1000) as c:
            yield c
    except RedisUnavailable as exc:
        pytest.skip(str(exc))
