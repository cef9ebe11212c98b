"""index.html asks for every module of the page at once (<link rel="modulepreload">): each
module in static/js is listed, and each listed one exists, so a module added or renamed cannot
fall back to being found import by import (three round trips deep before the lobby can draw)."""

from __future__ import annotations

import re

from node_support import STATIC


def test_every_module_is_preloaded_and_every_preload_is_a_module() -> None:
    page = (STATIC / "index.html").read_text("utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/js/([\w.-]+\.js)">', page))
    modules = {p.name for p in (STATIC / "js").glob("*.js")} - {"app.js"}
    assert preloaded == modules, (sorted(modules - preloaded), sorted(preloaded - modules))
    assert '<script type="module" src="/static/js/app.js"></script>' in page
