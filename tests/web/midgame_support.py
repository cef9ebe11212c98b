"""Past the setup, by clicking as a person would: to the first action decision (cards in hand,
the standard projects offered) and from it to a map placement. For the browser tests of the
game's middle (keyboard play on the map, a phone's table)."""

from __future__ import annotations

from typing import Any

from browser_support import click_and_wait, version

ACTION = "#decision[data-kind='DECISION_KIND_ACTION']"
SPACE = "#decision[data-kind='DECISION_KIND_SPACE']"
TILE_PROJECTS = tuple(f"STANDARD_PROJECT_{p}" for p in ("AQUIFER", "GREENERY", "CITY"))
TILE_FILLS = ("#3498db", "#27ae60", "#7f8c8d")  # map.js: ocean, greenery, city
ATTEMPTS = 20  # the bot's moves redraw the page; a click lost to one is made again


def past_the_setup(page: Any) -> str:
    """The page's preselected corporation and the first card offered, bought: that card."""
    page.wait_for_selector("#decision[data-kind='DECISION_KIND_SETUP']")
    for _ in range(ATTEMPTS):
        card = page.get_attribute("#decision .choose .card", "data-card")
        drawn = version(page)
        page.locator(f"#decision .choose .card[data-card='{card}']").dispatch_event("click")
        chosen = page.locator("#decision .choose .card.selected").count() == 1
        if (
            chosen
            and version(page) == drawn
            and click_and_wait(page, "#decision [data-answer='confirm']")
        ):
            page.wait_for_selector(f"#hand .card[data-card='{card}']")
            return str(card)
        if not page.locator("#decision[data-kind='DECISION_KIND_SETUP']").count():
            raise AssertionError("the setup ended without the card bought")
    raise AssertionError("the setup's answer was never taken")


def to_the_projects(page: Any) -> None:
    """The first action decision that lists the standard projects (a corporation whose first
    action comes first takes it; Tharsis Republic's places a city, a placement already)."""
    page.wait_for_selector(f"{ACTION}, {SPACE}")
    for _ in range(ATTEMPTS):
        if page.locator(SPACE).count() or page.locator(f"{ACTION} #projects").count():
            return
        click_and_wait(page, "#decision [data-answer='card_action']")
        page.wait_for_selector(f"{ACTION}, {SPACE}")
    raise AssertionError("no standard projects offered")


def to_a_placement(page: Any) -> None:
    """From the projects, a tile's standard project: the map asks for a space."""
    for _ in range(ATTEMPTS):
        if page.locator(SPACE).count():
            return
        offered = page.eval_on_selector_all(
            "#projects [data-project]", "els => els.map((e) => e.dataset.project)"
        )
        project = next(p for p in TILE_PROJECTS if p in offered)
        click_and_wait(page, f"#projects [data-project='{project}']")
    raise AssertionError("the map never asked for a space")


def placed(page: Any, space: str) -> None:
    """Waits until the space shows a placed tile (map.js's tile colours)."""
    page.wait_for_function(
        """([space, fills]) => {
          const hex = document.querySelector(`#map polygon[data-space='${space}']`);
          return hex && !hex.classList.contains('legal') && fills.includes(hex.getAttribute('fill'));
        }""",
        arg=[space, list(TILE_FILLS)],
    )
