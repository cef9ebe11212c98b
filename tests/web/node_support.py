"""The page's own modules run by node on the real static files, with no browser: a test's
script gets `root` (the static folder), `inputs` (its arguments, sent as JSON) and the few
browser globals the modules touch (fetch reading the static files, 404 for a missing one; an
empty document; a localStorage that keeps nothing), and prints its findings as JSON."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"

PAGE_GLOBALS = """
import { readFileSync } from "node:fs";
const root = process.argv[1];
const inputs = process.argv.slice(2).map((arg) => JSON.parse(arg));
globalThis.fetch = async (url) => {
  try {
    const body = readFileSync(root + url.replace("/static/", "/"), "utf-8");
    return { ok: true, status: 200, json: async () => JSON.parse(body) };
  } catch (_) { return { ok: false, status: 404, json: async () => ({}) }; }
};
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
"""


def run_page_script(script: str, *inputs: Any, timeout: float = 120) -> Any:
    """`script` (an ES module body after PAGE_GLOBALS) run by node; what it printed, parsed."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", PAGE_GLOBALS + script, str(STATIC)]
        + [json.dumps(value) for value in inputs],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=True,
    )
    return json.loads(result.stdout)
