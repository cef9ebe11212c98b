"""deploy/grafana/olympus.json graphs the series the code defines (platform/metrics.py): every
metric a panel queries exists with the labels the query names, and every series defined is on
some panel, so neither can drift from the other."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from prometheus_client.metrics import MetricWrapperBase

from olympus.platform import metrics

DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "olympus.json"
# What each kind of series is scraped as: a counter `x` as x_total, a histogram as its parts.
SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}
PROMETHEUS_LABELS = {"instance", "job"}  # added to every series by the scrape itself


def defined() -> dict[str, tuple[str, set[str]]]:
    """Scraped sample name -> (its family's name, the labels it carries)."""
    out: dict[str, tuple[str, set[str]]] = {}
    for thing in vars(metrics).values():
        if isinstance(thing, MetricWrapperBase):
            labels = set(thing._labelnames) | PROMETHEUS_LABELS
            for suffix in SUFFIXES[thing._type]:
                extra = {"le"} if suffix == "_bucket" else set()
                out[thing._name + suffix] = (thing._name, labels | extra)
    # The workers' queue depth is a gauge read from the broker (workers/metrics.QueueDepth).
    out[metrics.QUEUE_DEPTH_NAME] = (metrics.QUEUE_DEPTH_NAME, {"queue"} | PROMETHEUS_LABELS)
    return out


def queries() -> list[tuple[str, str]]:
    """(panel title, expression) of every target."""
    board: dict[str, Any] = json.loads(DASHBOARD.read_text())
    found = []
    for panel in board["panels"]:
        for target in panel.get("targets", []):
            found.append((panel["title"], target["expr"]))
    return found


def test_the_dashboard_is_a_grafana_dashboard_on_a_chosen_prometheus() -> None:
    board = json.loads(DASHBOARD.read_text())
    assert board["uid"] and board["title"] and board["schemaVersion"] >= 30
    assert [v["name"] for v in board["templating"]["list"]] == ["datasource"]
    ids = [p["id"] for p in board["panels"]]
    assert len(ids) == len(set(ids))
    for panel in board["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}
            assert panel["targets"], panel["title"]


def test_every_queried_series_and_label_is_defined() -> None:
    known = defined()
    for title, expr in queries():
        names = re.findall(r"\bolympus_[a-z0-9_]+", expr)
        assert names, (title, expr)
        for name in names:
            assert name in known, f"{title}: {name} is not a series the code defines"
            _, labels = known[name]
            selected = re.findall(rf"{name}\{{([^}}]*)\}}", expr)
            used = {m.split("=")[0].strip() for s in selected for m in s.split(",") if m}
            for group in re.findall(r"by \(([^)]*)\)", expr):
                used |= {label.strip() for label in group.split(",")}
            assert used <= labels, f"{title}: {name} has no label {used - labels}"


def test_every_defined_series_is_on_the_dashboard() -> None:
    queried = {
        defined()[name][0]
        for _, expr in queries()
        for name in re.findall(r"\bolympus_[a-z0-9_]+", expr)
    }
    assert queried == {family for family, _ in defined().values()}
