"""The lobby's games list through the web bridge, against real services: each running game comes
with its table's options (GameSummary.options in protobuf's JSON mapping), the same the game's
own view names, and never its seed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_support import Browser, WebStack, web_stack


@pytest.fixture(scope="module")
def stack(redis_url: str, workers: object) -> Iterator[WebStack]:
    with web_stack(redis_url) as s:
        yield s


def running(person: Browser) -> dict[str, Any]:
    games = person.ok("GET", "/api/games?status=GAME_STATUS_ACTIVE")["games"]
    return {g["game_id"]: g for g in games}


def test_running_games_carry_their_tables_options(stack: WebStack) -> None:
    host = Browser(stack.url)
    options = {"players": 2, "map": "elysium", "prelude": True, "venus": True, "seed": 7,
               "world_government": False}  # fmt: skip
    venus = host.ok("POST", "/api/games", {"options": options, "seats": [{"name": "Ann"}, {}]})
    plain = host.ok("POST", "/api/games", {"options": {"players": 2, "corporate_era": False}})
    games = running(Browser(stack.url))  # a stranger's lobby lists them too
    listed = games[venus["game_id"]]["options"]
    assert (listed["map"], listed["players"]) == ("elysium", 2)
    assert (listed["prelude"], listed["venus"], listed["world_government"]) == (True, True, False)
    assert listed["colonies"] is False and "seed" not in listed
    bare = games[plain["game_id"]]["options"]
    assert (bare["corporate_era"], bare["venus"]) == (False, False)
    assert "world_government" not in bare  # told only with Venus Next
    view = host.ok("GET", f"/api/games/{venus['game_id']}")["game"]
    assert listed == view["settings"]["options"]
