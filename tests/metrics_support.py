"""Reading a process's Prometheus endpoint in the tests: every sample by name and labels."""

from __future__ import annotations

import time
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(port: int | None) -> Samples:
    """The samples /metrics on 127.0.0.1:`port` serves now."""
    assert port is not None, "the process serves no metrics"
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as reply:
        text = reply.read().decode()
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """One sample's value (0 when it is not there yet)."""
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


Wanted = tuple[str, dict[str, str], float]  # (name, labels, by how much at least)


def grown(port: int | None, before: Samples, *wanted: Wanted, timeout: float = 120.0) -> Samples:
    """The first scrape in which every wanted sample grew past its value `before` by at least
    its amount (work a worker or a matcher does in the background shows up when it is done)."""
    deadline = time.monotonic() + timeout
    while True:
        now = scrape(port)
        short = [
            (name, labels)
            for name, labels, by in wanted
            if value(now, name, **labels) < value(before, name, **labels) + by
        ]
        if not short:
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"these did not grow enough: {short}")
        time.sleep(0.1)
