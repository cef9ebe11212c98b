"""Whole games played through the page (marked `browser`), each a 2-player Tharsis table against
the random bot, from the setup to the final breakdown: on a wide screen (1400×900, clicks, a
spectator following it live) and on a phone (390×844, touch, every answer a tap; the page
fits the screen's width at every phase). A screenshot of each phase the first time it shows,
`whole-<width>-<phase>.png` under artifacts/screenshots/: setup, research (or draft), action,
placement (a tile's space asked), production (its log line shown), final-greenery (when the
seat has the plants for one), final-breakdown."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from browser_support import ARTIFACTS, create_table, load_ms, open_page, record, shot, version
from play_support import fits, play_step
from web_support import WebStack

pytestmark = pytest.mark.browser
WIDE = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
GAME_SECONDS = 300  # the random bot's moves come from the shared workers: a busy machine
# The phase the page shows now: the decision asked (a space, the final greenery), else the
# phase its header names (English: these tests' pages are), the final breakdown once drawn.
PHASE = """() => {
  if (document.querySelector('#final')) return 'final-breakdown';
  const kind = document.querySelector('#decision')?.dataset.kind;
  if (kind === 'DECISION_KIND_SPACE') return 'placement';
  if (kind === 'DECISION_KIND_FINAL_GREENERY') return 'final-greenery';
  const named = document.querySelector('#params .muted')?.textContent || '';
  return named.replace(/^Phase: /, '').replace(' ', '-');
}"""
# The production's log line (en.json's log.production, up to its number).
PRODUCTION = "() => [...document.querySelectorAll('#log div')].some((d) => d.textContent.startsWith('Production of generation'))"
ALWAYS = {"setup", "research", "action", "placement", "production", "final-breakdown"}


def play_out(
    page: Any, width: int, tap: bool = False, check: Callable[[Any], None] | None = None
) -> tuple[set[str], set[str]]:
    """Plays the page's seat to the final breakdown; the decision kinds answered and the
    phases shot (`check` runs at each phase's first showing, before its screenshot)."""
    seen: set[str] = set()
    phases: set[str] = set()

    def first_showing(phase: str) -> None:
        if phase not in phases:
            phases.add(phase)
            # A list or an object drawn as text (dom.js's h() flattens one level only).
            assert "[object " not in page.inner_text("body"), phase
            if check:
                check(page)
            shot(page, f"whole-{width}-{phase}")

    deadline = time.monotonic() + GAME_SECONDS
    while True:
        # The loop ends on the phase it photographed: a breakdown drawn after this reading is
        # photographed at the next one (play_step does nothing once the game is over).
        phase = page.evaluate(PHASE)
        first_showing(phase)
        if "production" not in phases and page.evaluate(PRODUCTION):
            first_showing("production")
        if phase == "final-breakdown":
            break
        assert time.monotonic() < deadline, f"the game did not end; seen {sorted(seen)}"
        play_step(page, seen, tap)
    assert page.locator("#chart rect").count() > 0
    assert {"DECISION_KIND_SETUP", "DECISION_KIND_ACTION", "DECISION_KIND_SPACE"} <= seen
    assert phases >= ALWAYS, sorted(phases)
    assert phases <= ALWAYS | {"draft", "final-greenery"}, sorted(phases)
    return seen, phases


def test_a_whole_game_by_clicking_with_a_spectator(browser: Any, browser_stack: WebStack) -> None:
    """1400×900 by clicks; a spectator follows the game live to its end and never receives a
    hand. Also records the answer-to-screen and game-page-load timings."""
    page = open_page(browser, browser_stack.url + "/")
    page.set_viewport_size(WIDE)
    game_id = create_table(page, "tharsis")
    watcher = open_page(browser, f"{browser_stack.url}/#/game/{game_id}")
    watcher.wait_for_selector("#spectating")
    assert watcher.locator("#hand").count() == 0
    watched_from = int(version(watcher))
    game_loads = [load_ms(watcher)]
    seen, _ = play_out(page, WIDE["width"])
    watcher.wait_for_selector("#final")
    assert int(version(watcher)) > watched_from
    spectated = watcher.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")
    assert not [p for p in spectated["game"]["players"] if "own" in p]
    shot(watcher, "spectator-end")
    record("answer_to_screen", page.evaluate("window.olympusMetrics.answers"))
    record("game_page_load", game_loads)
    (ARTIFACTS / "decision-kinds.json").write_text(json.dumps(sorted(seen)) + "\n")
    watcher.context.close()
    page.context.close()


def test_a_whole_game_by_tapping_on_a_phone(browser: Any, browser_stack: WebStack) -> None:
    """390×844 with touch input, every answer a tap: nothing scrolls sideways at any phase."""
    page = open_page(browser, browser_stack.url + "/", phone=PHONE)
    create_table(page, "tharsis")
    play_out(page, PHONE["width"], tap=True, check=fits)
    page.context.close()
