"""The health probe loop always ends when the server stops, however its cancellation falls.

Python 3.11's `asyncio.wait_for` loses a cancellation that arrives as the awaited call
finishes; a probe loop built on it went on forever and the service hung on SIGTERM now and
then (seen once in a full test run). Here the cancellation is made to fall at every point of a
probe in turn."""

from __future__ import annotations

import asyncio

import pytest
from grpc_health.v1 import health

from olympus.platform import server


@pytest.mark.parametrize("steps_before_cancel", range(12))
def test_the_probe_loop_ends_on_cancel_at_any_point(
    steps_before_cancel: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "PROBE_INTERVAL_S", 0)

    async def scenario() -> bool:
        status = server._Health(health.aio.HealthServicer(), ["olympus.v1.Test"])

        async def probe() -> None:
            await asyncio.sleep(0)  # a probe that answers within one turn of the loop

        loop = asyncio.ensure_future(status.follow(probe))
        for _ in range(steps_before_cancel):
            await asyncio.sleep(0)
        loop.cancel()
        done, _ = await asyncio.wait([loop], timeout=2)
        return bool(done)

    # A loop of its own, closed without waiting for what is left: a loop that swallowed its
    # cancellation must make this test fail, not hang it.
    event_loop = asyncio.new_event_loop()
    try:
        ended = event_loop.run_until_complete(scenario())
    finally:
        event_loop.close()
    assert ended, "the probe loop did not end on cancel"
