"""Playing a game through the page, for the browser tests that play one out: a legal answer to
whatever the page asks, by a click or (on a phone) a tap, and the check that the page fits
the screen's width (nothing scrolls sideways)."""

from __future__ import annotations

from typing import Any

from browser_support import COUNTERS, click_and_wait
from playwright.sync_api import Error as PlaywrightError

# The standard projects that move the game toward its end (so that a game played by clicking
# ends in a few minutes), in the order tried.
PREFERRED_PROJECTS = ("ASTEROID", "AQUIFER", "GREENERY", "POWER_PLANT")
# A tap lands on the screen's coordinates: when the bot's move redraws the page just then, it
# may fall on nothing that answers. After this long without an answer taken or refused, the
# step is given up and the next one looks at the page again.
TAP_WAIT_MS = 15_000

# Elements reaching past the viewport's right edge (or left of it) that the page does not
# clip or scroll inside a box of their own (the games table and the log scroll by design).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== "visible") return true;
    }
    return false;
  };
  return [...document.body.querySelectorAll("*")].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !clipped(el);
  }).map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className?.baseVal ?? el.className}`);
}"""


def fits(page: Any) -> None:
    """The document is exactly as wide as the viewport: nothing scrolls sideways."""
    width, viewport = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    overflowing = page.evaluate(OVERFLOWING)
    assert width == viewport, f"{width} px wide in {viewport}: {overflowing}"
    assert overflowing == []


def action_choice(page: Any) -> str:
    for project in PREFERRED_PROJECTS:
        selector = f"[data-project='STANDARD_PROJECT_{project}']"
        if page.locator(selector).count():
            return selector
    for answer in ("convert_heat", "convert_plants", "play_card", "pass", "end_turn"):
        if page.locator(f"#decision [data-answer='{answer}']").count():
            return f"#decision [data-answer='{answer}']"
    # Only a card action, milestone, award or trade is left: the first of them.
    return "#decision [data-answer]:not([data-answer='text']):not([data-answer='undo'])"


def tap_and_wait(page: Any, selector: str) -> bool | None:
    """Taps (touch input); True when the answer was taken, False when refused, None when the
    tap answered nothing (it fell on a page redrawn under it)."""
    answered, refusals = page.evaluate(COUNTERS)
    try:
        page.locator(selector).first.tap(timeout=TAP_WAIT_MS)
        page.wait_for_function(
            f"{COUNTERS}.join() !== '{answered},{refusals}'", timeout=TAP_WAIT_MS
        )
    except PlaywrightError:  # a timeout too: the page is looked at again by the next step
        return None
    return str(page.evaluate(COUNTERS)[0]) != answered


def play_step(page: Any, seen: set[str], tap: bool = False) -> None:
    """Answers the page's pending decision with a legal choice (clicked, or tapped when
    `tap`), or waits for the game."""
    # The kind and the version in one read: a render between two reads would pair the kind
    # of one version with the next version, and the wait below would never end.
    kind, before, over = page.evaluate(
        "[document.querySelector('#decision')?.dataset.kind || 'none',"
        " document.body.dataset.version, !!document.querySelector('#final')]"
    )
    if over:  # the game ended: no version comes after this one, nothing is left to answer
        return
    if kind == "none":
        page.wait_for_function(f"document.body.dataset.version !== '{before}'", timeout=60_000)
        return
    seen.add(kind)
    if kind == "DECISION_KIND_SPACE":
        selector = "svg polygon.legal"
    elif kind == "DECISION_KIND_ACTION":
        selector = action_choice(page)
    elif kind in ("DECISION_KIND_PLAYER", "DECISION_KIND_OPTION"):
        selector = "#decision [data-answer]:not([disabled]):not([data-answer='text'])"
    elif kind == "DECISION_KIND_FINAL_GREENERY":
        has_convert = page.locator("[data-answer='convert_plants']").count()
        selector = "[data-answer='convert_plants']" if has_convert else "[data-answer='pass']"
    elif kind == "DECISION_KIND_PLAY_CARD":
        selector = "[data-answer='play_card']"
    else:  # setup, cards, amount: the page's preselection is legal
        selector = "#decision [data-answer='confirm']"
    press = tap_and_wait if tap else click_and_wait
    # Refused (a project the seat turned out unable to pay, say): passing is always legal.
    if press(page, selector) is False and kind == "DECISION_KIND_ACTION":
        press(page, "#decision [data-answer='pass']")


# With the session's CSRF token (GET /api/session), as the page's own api.js sends it: without
# it the bridge refuses the abort (403 CSRF_REJECTED).
ABORT = """async (id) => {
  const session = await (await fetch('/api/session')).json();
  const reply = await fetch(`/api/games/${id}/abort`, {method: 'POST', body: '{}',
    headers: {'Content-Type': 'application/json', 'X-CSRF-Token': session.csrf_token}});
  return reply.status;
}"""


def abort(page: Any) -> None:
    """Ends the page's table (its host may): its clock and bot seats stop using the shared
    workers."""
    game_id = page.evaluate("location.hash.split('/')[2]")
    assert page.evaluate(ABORT, game_id) == 200
