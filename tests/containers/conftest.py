"""Container tests (marker `containers`, `make test-containers`): a Docker engine and the
locally built images (`make images`). testcontainers is told never to pull: no Ryuk reaper
(its image would come from a registry), the engine reached as the local host, every image
named by its local tag. Without Docker they skip with the reason; on CI (env CI set) a
container test that cannot run fails instead."""

from __future__ import annotations

import os

import pytest

from olympus.faults.stack import docker_missing

os.environ.setdefault("TESTCONTAINERS_RYUK_DISABLED", "true")
os.environ.setdefault("TESTCONTAINERS_CONNECTION_MODE", "docker_host")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.containers)


@pytest.fixture(scope="session", autouse=True)
def docker_ready() -> None:
    missing = docker_missing()
    if missing is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"container tests cannot run on CI: {missing}", pytrace=False)
    pytest.skip(f"no Docker here: {missing}")
