"""The ladder, ratings and replay endpoints without a browser (pages.py), against real
services on a private Redis with real rated games: a leaderboard, a player's rating history
(one entry per rated game), a finished game's replay (its public events and final view, with
no hand in them); bad ids and numbers refused with a clear 400 before any call; a running
game's replay refused; the per-address cap on replays built at once; and the game service's
WatchGame quota counting each user of the replay endpoint (their forwarded address), not the
bridge."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from pages_support import BOTS, GAMES, RatedStack
from platform_stack import platform
from web_support import Browser

from olympus.platform.embedded_redis import RedisUnavailable, embedded_redis
from olympus.web.pages import REPLAYS_PER_ADDRESS, InFlight


def test_the_leaderboard_lists_the_queues_rated_players(rated_stack: RatedStack) -> None:
    board = Browser(rated_stack.url).ok("GET", f"/api/leaderboard/{rated_stack.queue}")
    assert {e["player"] for e in board["entries"]} == set(rated_stack.players)
    assert [e["rank"] for e in board["entries"]] == ["1", "2"]
    assert {e["name"] for e in board["entries"]} == {"ada", "bo"}
    assert all(e["rating"]["games"] == GAMES for e in board["entries"])


def test_a_players_history_has_one_entry_per_rated_game(rated_stack: RatedStack) -> None:
    who = rated_stack.players[0]
    data = Browser(rated_stack.url).ok("GET", f"/api/players/{who}?queue={rated_stack.queue}")
    assert data["name"] == "ada" and data["rating"]["games"] == GAMES
    assert sorted(g["game_id"] for g in data["games"]) == sorted(rated_stack.games)
    # Oldest first, each game's rating after it the next one's before it.
    for before, after in zip(data["games"], data["games"][1:], strict=False):
        assert after["rating_before"] == before["rating_after"]
    assert data["games"][-1]["rating_after"]["ordinal"] == data["rating"]["ordinal"]


def test_a_finished_games_replay_is_its_public_events(rated_stack: RatedStack) -> None:
    game = rated_stack.games[-1]
    data = Browser(rated_stack.url).ok("GET", f"/api/games/{game}/replay")
    final = data["final"]
    assert final["status"] == "GAME_STATUS_FINISHED" and "viewer" not in final
    assert int(data["events"][-1]["version"]) == int(final["version"])
    assert [int(e["version"]) for e in data["events"]] == sorted(
        int(e["version"]) for e in data["events"]
    )
    assert data["cut"] is False
    # Nothing hidden: no hand and no drafted cards in the view, and hidden answers only counted.
    assert all(not p.get("hand") for p in final["players"])
    hidden = [e["answer"] for e in data["events"] if e.get("answer", {}).get("hidden")]
    assert hidden and all("answer" not in a and not a.get("text") for a in hidden)


def test_a_ladder_is_listed_and_its_bots_rated(rated_stack: RatedStack) -> None:
    browser = Browser(rated_stack.url)
    listed = browser.ok("GET", "/api/ladders")["ladders"]
    assert [(x["name"], x["bots"]) for x in listed] == [(rated_stack.ladder, BOTS)]
    board = browser.ok("GET", f"/api/leaderboard/{rated_stack.ladder}")
    assert {e["player"] for e in board["entries"]} == {f"bot:{b}" for b in BOTS}
    bot = browser.ok("GET", f"/api/players/bot:random?queue={rated_stack.ladder}")
    assert len(bot["games"]) == 1 and bot["rating"]["games"] == 1


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/api/leaderboard/-bad", "INVALID_QUEUE"),
        ("/api/leaderboard/" + "q" * 65, "INVALID_QUEUE"),
        ("/api/leaderboard/ok?page_size=101", "INVALID_ARGUMENT"),
        ("/api/leaderboard/ok?page_size=x", "INVALID_ARGUMENT"),
        ("/api/leaderboard/ok?page_token=%00", "INVALID_PAGE_TOKEN"),
        ("/api/players/a%20b?queue=ok", "INVALID_PLAYER"),
        ("/api/players/ada?queue=", "INVALID_QUEUE"),
        ("/api/games/XYZ/replay", "INVALID_GAME_ID"),
        ("/api/games/0123456789abcdeff/replay", "INVALID_GAME_ID"),
    ],
)
def test_bad_ids_are_refused_before_any_call(
    rated_stack: RatedStack, path: str, reason: str
) -> None:
    status, body = Browser(rated_stack.url).call("GET", path)
    assert status == 400, (status, body)
    assert body["error"]["reason"] == reason and body["error"]["message"]


def test_unknown_things_are_told_as_such(rated_stack: RatedStack) -> None:
    browser = Browser(rated_stack.url)
    status, body = browser.call("GET", "/api/leaderboard/no-such-queue")
    assert (status, body["error"]["reason"]) == (404, "UNKNOWN_QUEUE")
    status, body = browser.call("GET", f"/api/players/nobody?queue={rated_stack.queue}")
    assert (status, body["error"]["reason"]) == (404, "NOT_RATED")
    status, body = browser.call("GET", "/api/games/0123456789abcdef/replay")
    assert status == 404, body


def test_a_running_game_is_not_replayed(rated_stack: RatedStack) -> None:
    browser = Browser(rated_stack.url)
    browser.ok("POST", "/api/session/guest")
    made = browser.ok(
        "POST",
        "/api/games",
        {
            "options": {"players": 2},
            "seats": [{"kind": "SEAT_KIND_HUMAN"}, {"kind": "SEAT_KIND_BOT", "bot": "random"}],
        },
    )
    status, body = browser.call("GET", f"/api/games/{made['game_id']}/replay")
    assert (status, body["error"]["reason"]) == (422, "GAME_NOT_FINISHED")
    browser.ok("POST", f"/api/games/{made['game_id']}/abort", {})


def test_an_address_builds_a_bounded_number_of_replays_at_once() -> None:
    limit = InFlight(REPLAYS_PER_ADDRESS)
    with (
        limit.take("10.0.0.1") as first,
        limit.take("10.0.0.1") as second,
        limit.take("10.0.0.1") as third,
        limit.take("10.0.0.2") as other,
    ):
        assert (first, second, third, other) == (True, True, False, True)
    assert not limit.open  # every slot given back
    with limit.take("10.0.0.1") as again:
        assert again


# --- the services' quotas, per user, through the replay endpoint -----------------------------


@pytest.fixture(scope="module")
def quota_stack() -> Iterator[tuple[str, str]]:
    """A bridge (trusting X-Forwarded-For, as behind a proxy) over a game service allowing 2
    WatchGame calls an hour from one client address; and a finished bot-only game on it."""
    with ExitStack() as exits:
        try:
            own = exits.enter_context(embedded_redis())
        except RedisUnavailable:
            pytest.skip("no redis-server on PATH")
        stack = exits.enter_context(
            platform(
                own.url,
                ("gamestate", "catalogue", "web"),
                args={
                    "gamestate": ("--quota-watch-game-per-peer", "2/1h"),
                    "web": ("--trust-proxy-headers",),
                },
                workers=True,
            )
        )
        url = f"http://127.0.0.1:{stack.ports['web']}"
        bots = [{"kind": "SEAT_KIND_BOT", "bot": "random"}] * 2
        made = Browser(url).ok("POST", "/api/games", {"options": {"players": 2}, "seats": bots})
        deadline = time.monotonic() + 300
        while Browser(url).ok("GET", f"/api/games/{made['game_id']}")["game"]["status"] != (
            "GAME_STATUS_FINISHED"
        ):
            assert time.monotonic() < deadline, "the bots' game did not finish"
            time.sleep(0.3)
        yield url, made["game_id"]


def replay_from(url: str, game: str, address: str) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        f"{url}/api/games/{game}/replay", headers={"X-Forwarded-For": address}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_game_services_quota_counts_each_user_of_the_replays(
    quota_stack: tuple[str, str],
) -> None:
    url, game = quota_stack
    assert replay_from(url, game, "203.0.113.7")[0] == 200
    assert replay_from(url, game, "203.0.113.7")[0] == 200
    status, body = replay_from(url, game, "203.0.113.7")
    assert (status, body["error"]["code"]) == (429, "RESOURCE_EXHAUSTED"), body
    # Another user (another address) has quota of their own.
    status, body = replay_from(url, game, "203.0.113.8")
    assert status == 200 and body["events"], body
