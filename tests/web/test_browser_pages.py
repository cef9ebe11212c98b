"""The ladder, player and replay pages in a real Chromium (marked `browser`), after real rated
games: the leaderboard shows the queue's players, a ladder of bots is listed and its bots have
their pages, a player's chart has one point per rated
game, and a finished game's replay (offered by the lobby), stepped by keyboard from its first event to its last,
ends on the board and parameters of the game's final public view. Screenshots under
artifacts/screenshots/."""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser_support import open_page, record, shot
from pages_support import BOTS, GAMES, RatedStack

from olympus.v1 import game_pb2 as gpb

pytestmark = pytest.mark.browser
# map.js's colours of placed tiles: what the board shows a tile as.
TILE_FILL = {
    gpb.TILE_TYPE_OCEAN: "#3498db",
    gpb.TILE_TYPE_GREENERY: "#27ae60",
    gpb.TILE_TYPE_CITY: "#7f8c8d",
    gpb.TILE_TYPE_SPECIAL: "#a0522d",
}
BOARD = """() => [...document.querySelectorAll('#map polygon.space')].map(
  (p) => [Number(p.dataset.space), p.getAttribute('fill'),
          p.parentNode.querySelector('circle') ? p.parentNode.querySelector('circle').getAttribute('fill') : null])"""
TRACK = "(name) => Number(document.querySelector(`.track[data-parameter=${name}]`).dataset.value)"


def test_the_leaderboard_shows_the_queues_players(browser: Any, rated_stack: RatedStack) -> None:
    page = open_page(browser, f"{rated_stack.url}/#/ladder/{rated_stack.queue}")
    rows = page.locator("#leaderboard tbody tr")
    rows.first.wait_for()
    assert rows.count() == 2
    assert {rows.nth(i).get_attribute("data-player") for i in range(2)} == set(rated_stack.players)
    assert sorted(page.locator("#leaderboard tbody a").all_inner_texts()) == ["ada", "bo"]
    shot(page, "ladder")
    # A player's name leads to their page.
    page.locator("#leaderboard tbody a", has_text="ada").click()
    page.wait_for_selector("#player-page")
    page.context.close()


def test_the_ladders_are_listed_and_a_bot_has_its_page(
    browser: Any, rated_stack: RatedStack
) -> None:
    page = open_page(browser, f"{rated_stack.url}/")
    page.click("#nav-ladder")
    page.locator("#ladders a", has_text=rated_stack.ladder).click()
    rows = page.locator("#leaderboard tbody tr")
    rows.first.wait_for()
    assert {rows.nth(i).get_attribute("data-player") for i in range(rows.count())} == {
        f"bot:{b}" for b in BOTS
    }
    page.locator("#leaderboard tbody a", has_text="bot:random").click()
    page.wait_for_selector("#rating-chart .point")
    assert page.locator("#rating-chart .point").count() == 1
    assert page.locator("#player-page h1").inner_text() == "bot:random"
    page.context.close()


def test_a_players_chart_has_a_point_per_rated_game(browser: Any, rated_stack: RatedStack) -> None:
    who = rated_stack.players[0]
    page = open_page(browser, f"{rated_stack.url}/#/player/{rated_stack.queue}/{who}")
    page.wait_for_selector("#rating-chart svg")
    assert page.locator("#rating-chart .point").count() == GAMES
    assert page.locator("#recent-games tbody tr").count() == GAMES
    assert page.locator("#rating-chart svg").get_attribute("role") == "img"
    label = page.locator("#rating-chart svg").get_attribute("aria-label") or ""
    assert str(GAMES) in label
    assert {
        page.locator("#recent-games tbody tr").nth(i).get_attribute("data-game")
        for i in range(GAMES)
    } == set(rated_stack.games)
    shot(page, "player")
    page.context.close()


def test_a_replay_steps_to_the_end_and_matches_the_final_view(
    browser: Any, rated_stack: RatedStack
) -> None:
    final = rated_stack.final
    game = rated_stack.games[-1]
    # The lobby's list of finished games offers each one's replay.
    page = open_page(browser, f"{rated_stack.url}/")
    started = time.perf_counter()
    page.locator(f"#games tr[data-game='{game}'] a.replay").click()
    page.wait_for_selector("#replay-page #map")
    record("replay_open", [(time.perf_counter() - started) * 1000])
    assert page.evaluate("location.hash") == f"#/replay/{game}"
    # Before the first event: no tile on Mars, the parameters at their start.
    assert not [s for s in page.evaluate(BOARD) if s[1] in TILE_FILL.values()]
    assert page.evaluate(TRACK, "GLOBAL_PARAMETER_OCEANS") == 0
    # Stepped by keyboard: Tab to "Next", Enter twice; then to "End", Enter.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "replay-next":
            break
    assert page.evaluate("document.activeElement.id") == "replay-next"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-replay-step='2']")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "replay-end"
    page.keyboard.press("Enter")
    last = int(page.locator("#replay-step").get_attribute("max") or 0)
    page.wait_for_selector(f"body[data-replay-step='{last}']")
    assert last > 100  # a whole game's events
    shown = {space: (fill, owner) for space, fill, owner in page.evaluate(BOARD)}
    expected = {tile.space: TILE_FILL[tile.tile] for tile in final.board}
    assert {s: f for s, (f, _) in shown.items() if f in TILE_FILL.values()} == expected
    # An owner's marker on each owned tile and on each space claimed (Land Claim) but not built.
    owners = {t.space for t in final.board if t.owner.HasField("seat")}
    owners |= {c.space for c in final.claims if c.owner.HasField("seat")}
    assert {s for s, (_, o) in shown.items() if o is not None} == owners
    assert page.evaluate(TRACK, "GLOBAL_PARAMETER_TEMPERATURE") == final.temperature
    assert page.evaluate(TRACK, "GLOBAL_PARAMETER_OXYGEN") == final.oxygen
    assert page.evaluate(TRACK, "GLOBAL_PARAMETER_OCEANS") == final.oceans
    assert f"{final.generation}" in page.locator("#replay-position").inner_text()
    shot(page, "replay-end")
    page.context.close()
