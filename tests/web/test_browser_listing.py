"""What the lobby and the replay tell of a table, and the seats' clocks (marked `browser`): the
lobby's games list names each game's map and options (GameSummary.options) in the open tables'
words; a finished Venus Next game's replay names its options in its header and steps the Venus
track through the game from 0% to the final level; a running clock reads its deadline from
`deadline_time` (an RFC 3339 string), or from `deadline_ms` when the server sends only that."""

from __future__ import annotations

import json
from typing import Any

import pytest
from browser_support import EN, open_page, shot
from web_support import Browser, WebStack

from olympus.client.sdk import OlympusClient
from olympus.v1 import game_pb2 as pb

pytestmark = pytest.mark.browser
VENUS = ".track[data-parameter='GLOBAL_PARAMETER_VENUS']"


def options_words(*keys: str) -> str:
    return " · ".join(EN[f"lobby.{key}"] for key in keys)


def test_the_lobby_names_each_running_games_map_and_options(
    browser: Any, browser_stack: WebStack
) -> None:
    host = Browser(browser_stack.url)
    options = {"players": 2, "map": "elysium", "prelude": True, "venus": True}
    venus = host.ok("POST", "/api/games", {"options": options, "seats": [{"name": "Ann"}, {}]})
    plain = host.ok("POST", "/api/games", {"options": {"players": 2, "corporate_era": False}})
    page = open_page(browser, browser_stack.url + "/")
    row = page.locator(f"#games tr[data-game='{venus['game_id']}']")
    row.wait_for()
    assert row.locator(".table-map").inner_text() == EN["map.name.elysium"]
    assert row.locator(".table-options").inner_text() == options_words(
        "corporate_era", "prelude", "venus", "world_government"
    )
    bare = page.locator(f"#games tr[data-game='{plain['game_id']}']")
    assert bare.locator(".table-map").inner_text() == EN["map.name.tharsis"]
    assert bare.locator(".table-options").count() == 0  # plays with none of them
    shot(page, "lobby-games-options")
    page.context.close()


def test_a_venus_games_replay_names_its_options_and_steps_the_venus_track(
    browser: Any, browser_stack: WebStack, client: OlympusClient
) -> None:
    made = client.create_game(players=2, seed=21, venus=True, bots={0: "random", 1: "random"})
    spectator = client.spectate(made.game_id)
    for _ in spectator.watch():  # the workers' bots play it to the end
        pass
    final = spectator.view()
    assert final["status"] == "finished" and final["venus"] > 0
    page = open_page(browser, f"{browser_stack.url}/#/replay/{made.game_id}")
    page.wait_for_selector("#replay-page #map")
    assert page.inner_text("#replay-options") == options_words(
        "corporate_era", "venus", "world_government"
    )
    track = page.locator(f"#replay-params {VENUS}")
    assert track.get_attribute("data-value") == "0"
    last = int(page.locator("#replay-step").get_attribute("max") or 0)
    # Stepped along (the slider), the scale climbs from 0% to its final level, never back.
    seen = []
    for step in range(0, last, max(1, last // 10)):
        page.locator("#replay-step").fill(str(step))
        page.wait_for_selector(f"body[data-replay-step='{step}']")
        seen.append(int(track.get_attribute("data-value") or -1))
    assert seen == sorted(seen) and len(set(seen)) >= 3, seen
    assert seen[0] == 0 and seen[-1] <= final["venus"]
    page.click("#replay-end")
    page.wait_for_selector(f"body[data-replay-step='{last}']")
    assert track.get_attribute("data-value") == str(final["venus"])
    assert track.locator(".step.now").get_attribute("data-value") == str(final["venus"])
    shot(page, "replay-venus-end")
    page.context.close()


def without_deadline_time(route: Any) -> None:
    """The game's JSON as a server from before SeatClock.deadline_time sends it."""
    response = route.fetch()
    body = response.json()
    for clock in body.get("game", {}).get("clocks", []):
        clock.pop("deadline_time", None)
    route.fulfill(response=response, json=body)


def test_a_running_clock_reads_deadline_time_or_the_older_deadline_ms(
    browser: Any, browser_stack: WebStack, client: OlympusClient
) -> None:
    clock = pb.TimeControl(decision_seconds=600, timeout_policy=pb.TIMEOUT_POLICY_DEFAULT_ANSWER)
    made = client.create_game(2, bots={1: "random"}, names={0: "Ada"}, time_control=clock)
    url = f"{browser_stack.url}/#/join/{made.game_id}/{made.tokens[0]}"
    running = ".board[data-seat='0'] .clock.running"
    read = f"fetch('/api/games/{made.game_id}').then((r) => r.json()).then((b) => b.game.clocks)"
    page = open_page(browser, url)
    page.wait_for_selector(running)
    [seat] = [c for c in page.evaluate(read) if c["seat"] == 0]
    assert seat["deadline_time"].endswith("Z")
    shown = int(page.get_attribute(running, "data-deadline") or 0)
    assert shown == page.evaluate(f"Date.parse({json.dumps(seat['deadline_time'])})")
    assert shown == int(seat["deadline_ms"])  # the same instant, the two ways
    page.context.close()
    # An older server: no deadline_time in the JSON; the clock still runs, from deadline_ms.
    page = open_page(browser, url)
    page.route(f"**/api/games/{made.game_id}", without_deadline_time)
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(running)
    [seat] = [c for c in page.evaluate(read) if c["seat"] == 0]
    assert "deadline_time" not in seat
    assert int(page.get_attribute(running, "data-deadline") or 0) == int(seat["deadline_ms"])
    page.context.close()
    client.abort_game(made.game_id, made.host_token)  # no timeout left to fire later
