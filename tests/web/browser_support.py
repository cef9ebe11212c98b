"""Chromium (Debian's package) driven by Playwright, for the `browser` tests.

Playwright's own browser download is never used: the system chromium is launched by path.
Without it (or without Playwright) the tests skip with the reason, except on CI (env CI set),
where a browser test that cannot run fails.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("OLYMPUS_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The folder the docs name (docs/play/web.md): screenshots and measured figures (git-ignored).
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
# The page's English words (the tests' pages are English unless a test switches them).
EN: dict[str, str] = json.loads(
    (Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n/en.json").read_text(
        "utf-8"
    )
)


def cannot_run(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests must run on CI: {reason}")
    pytest.skip(reason)


def launch() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        cannot_run("Playwright for Python is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        cannot_run(f"no chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def record(name: str, values: list[float]) -> None:
    """Adds measured figures (milliseconds) to artifacts/screenshots/timings.json."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "timings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    ordered = sorted(values)
    data[name] = {
        "count": len(values),
        "median_ms": round(ordered[len(ordered) // 2], 1) if values else None,
        "p95_ms": round(ordered[int(len(ordered) * 0.95)], 1) if values else None,
        "max_ms": round(ordered[-1], 1) if values else None,
    }
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


# --- the page ------------------------------------------------------------------------------


def open_page(
    browser: Any,
    url: str,
    language: str = "en",
    csp: bool = False,
    confirm: bool = False,
    phone: dict[str, int] | None = None,
) -> Any:
    """The page in a context of its own. The tests' own probes (`wait_for_function` with a
    string) are evaluated code, which the page's CSP forbids: they run with the CSP bypassed,
    unless `csp` (test_cross_site.py shows the page itself runs under it). The confirm step
    before costly moves (on for people) is off unless `confirm`: the tests that play click
    passes and dear cards without a dialog (test_browser_conveniences.py tests it). `phone`: a
    viewport of that size with touch input."""
    context = browser.new_context(
        locale=language,
        viewport=phone or {"width": 1400, "height": 1000},
        has_touch=phone is not None,
        bypass_csp=not csp,
    )
    if not confirm:
        context.add_init_script(
            "if (localStorage.getItem('olympus.pref.confirm') === null)"
            " localStorage.setItem('olympus.pref.confirm', '0');"
        )
    # Generous: the machine running the tests may be shared and busy (nothing here is timed).
    context.set_default_timeout(90_000)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def load_ms(page: Any) -> float:
    return float(
        page.evaluate(
            "performance.getEntriesByName('olympus-ready')[0].startTime"
            " - performance.getEntriesByType('navigation')[0].startTime"
        )
    )


def create_table(
    page: Any, game_map: str = "tharsis", clock_seconds: int = 0, signed_in: bool = False
) -> str:
    """Signs in as a guest (unless `signed_in`: the test did, and set options of its own) and
    creates a 2-seat table against the random bot (with a time per decision when
    `clock_seconds`, the default answer on timeout); the game id."""
    if not signed_in:
        page.click("#guest")
        page.wait_for_selector("#signout")
    if clock_seconds:
        page.select_option("select[name=clock]", "decision")
        page.fill("input[name=seconds]", str(clock_seconds))
    page.select_option("select[name=map]", game_map)
    page.uncheck("input[name=corporate_era]")
    row = page.locator(".seatrow[data-seat='1']")
    row.locator("select[name=kind]").select_option("SEAT_KIND_BOT")
    row.locator("select[name=bot]").select_option("random")
    page.click("#create-table")
    page.wait_for_selector("#game")
    return str(page.evaluate("location.hash.split('/')[2]"))


def version(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.version"))


COUNTERS = "[document.body.dataset.answered || '0', document.body.dataset.refusals || '0']"


def click_and_wait(page: Any, selector: str) -> bool:
    """Clicks; waits until the page shows its answer taken (its result on screen) or refused.
    True when it was taken. Not the version alone: another seat's move changes that too."""
    answered, refusals = page.evaluate(COUNTERS)
    page.locator(selector).first.dispatch_event("click")
    page.wait_for_function(f"{COUNTERS}.join() !== '{answered},{refusals}'")
    return str(page.evaluate(COUNTERS)[0]) != answered
