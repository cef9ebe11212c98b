"""What the page's card faces and board panels read, through the bridge on a real stack
without a browser: the catalogue's requirements, points, types and card resources; why each
card in the seat's own hand cannot be played now (and nobody else's hand); every seat's count
toward each milestone and for each award; a refused milestone saying what is missing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from card_table import (
    ADAPTED_LICHEN,
    BIRDS,
    BOUGHT,
    CONVOY,
    KELP_FARMING,
    THARSIS_REPUBLIC,
    answer,
    seeded_table,
    setup,
)
from web_support import Browser, WebStack, web_stack

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"


@pytest.fixture(scope="module")
def stack(redis_url: str) -> Iterator[WebStack]:
    # Two people play (the test answers for both): no bot, so no workers.
    with web_stack(redis_url) as s:
        yield s


@pytest.fixture(scope="module")
def table(stack: WebStack) -> tuple[str, Browser, Browser]:
    """The seeded table after both setups: (game id, seat 0's browser, seat 1's browser)."""
    host, guest = Browser(stack.url), Browser(stack.url)
    game_id, token = seeded_table(host)
    assert guest.ok("POST", f"/api/games/{game_id}/join", {"token": token})["seat"] == 1
    dealt = guest.ok("GET", f"/api/games/{game_id}")["game"]["players"][1]["own"]["dealt"]
    assert set(BOUGHT) <= {c["number"] for c in dealt}, "the seed no longer deals these cards"
    setup(host, game_id)
    setup(guest, game_id, BOUGHT)
    return game_id, host, guest


def catalogue(stack: WebStack) -> dict[str, dict[str, Any]]:
    data = Browser(stack.url).ok("GET", "/api/cards")
    return {row[0]: dict(zip(data["fields"], row, strict=True)) for row in data["cards"]}


def test_the_catalogue_carries_requirements_points_and_kinds(stack: WebStack) -> None:
    cards = catalogue(stack)
    kelp, birds = cards[KELP_FARMING], cards[BIRDS]
    assert kelp["requirements"] == [["oceans", None, 6, None]]
    assert kelp["vp"] == ["fixed", 1, 1, None] and kelp["type"] == "automated"
    assert birds["requirements"] == [["oxygen", None, 13, None]]
    assert birds["vp"] == ["per_resource", 1, 1, "animal"]
    assert birds["type"] == "active" and birds["resource"] == "animal" and birds["actions"]
    assert cards[CONVOY]["type"] == "event" and cards[CONVOY]["requirements"] is None
    # A maximum is a maximum: some card asks for at most some oxygen.
    assert any(
        r[0] == "oxygen" and r[3] is not None
        for c in cards.values()
        for r in c["requirements"] or []
    )
    assert all(c["vp"] is None or c["vp"][0] for c in cards.values())
    # The page words every requirement kind and every kind of points the catalogue holds.
    script = (STATIC / "js" / "cards.js").read_text("utf-8")
    worded = set(re.findall(r"^\s+(\w+): \(\) =>", script, re.M))
    kinds = {r[0] for c in cards.values() for r in c["requirements"] or []}
    assert kinds and not kinds - worded
    points = {c["vp"][0] for c in cards.values() if c["vp"]}
    assert not points - set(re.findall(r'kind === "(\w+)"', script))


def test_a_seat_is_told_why_each_card_in_its_hand_is_not_playable(
    stack: WebStack, table: tuple[str, Browser, Browser]
) -> None:
    game_id, host, guest = table
    mine = guest.ok("GET", f"/api/games/{game_id}")["game"]
    own = mine["players"][1]["own"]
    assert {c["number"] for c in own["hand"]} == set(BOUGHT)
    why = {u["card"]["number"]: u for u in own["unplayable"]}
    assert set(why) == {KELP_FARMING, BIRDS}  # Adapted Lichen and the Convoy can be played
    kelp, birds = why[KELP_FARMING], why[BIRDS]
    assert (kelp["reason"], kelp["kind"], kelp["minimum"], kelp["value"]) == (
        "requirement",
        "oceans",
        6,
        mine["oceans"],
    )
    assert (birds["reason"], birds["kind"], birds["minimum"], birds["value"]) == (
        "requirement",
        "oxygen",
        13,
        mine["oxygen"],
    )
    assert "maximum" not in kelp  # unset: only the minimum is a requirement here
    # Nobody else learns anything of seat 1's hand: neither seat 0 nor a spectator.
    for other in (host, Browser(stack.url)):
        reply = other.ok("GET", f"/api/games/{game_id}")
        assert "own" not in reply["game"]["players"][1]
        assert "unplayable" not in json.dumps(reply["game"]["players"][1])
    assert host.ok("GET", f"/api/games/{game_id}")["game"]["players"][0]["own"]["unplayable"] == []


def test_every_seat_has_its_count_toward_each_milestone_and_award(
    stack: WebStack, table: tuple[str, Browser, Browser]
) -> None:
    game_id, _, _ = table
    view = Browser(stack.url).ok("GET", f"/api/games/{game_id}")["game"]  # public: a spectator
    board = Browser(stack.url).ok("GET", f"/api/games/{game_id}/board")
    progress = {m["name"]: m for m in view["milestone_progress"]}
    standings = {a["name"]: a for a in view["award_standings"]}
    assert set(progress) == {m["id"] for m in board["milestones"]}
    assert set(standings) == {a["id"] for a in board["awards"]}
    players = view["players"]
    terraformer = progress["terraformer"]
    assert terraformer["threshold"] == 35 and not terraformer["at_most"]
    assert [x["count"] for x in terraformer["seats"]] == [p["terraform_rating"] for p in players]
    assert [x["seat"] for x in terraformer["seats"]] == [0, 1]
    planner = progress["planner"]  # cards in hand: public as a count
    assert [x["count"] for x in planner["seats"]] == [p["hand_size"] for p in players]
    banker = standings["banker"]
    assert [x["count"] for x in banker["seats"]] == [
        p["production"]["megacredits"] for p in players
    ]


def test_a_refused_milestone_says_what_is_missing(table: tuple[str, Browser, Browser]) -> None:
    game_id, _, guest = table
    path = f"/api/games/{game_id}"
    # Tharsis Republic's first action comes first: its city, on the first legal space.
    answer(guest, game_id, {"card_action": {"card": THARSIS_REPUBLIC, "choice": 0, "payment": {}}})
    decision = guest.ok("GET", path)["decision"]["decision"]
    assert decision["kind"] == "DECISION_KIND_SPACE"
    answer(guest, game_id, {"space": decision["space"]["spaces"][0]})
    version = int(guest.ok("GET", path)["decision"]["version"])
    status, refused = guest.call(
        "POST",
        path + "/answer",
        {"expected_version": version, "answer": {"milestone": {"name": "mayor", "payment": {}}}},
    )
    assert status in (400, 422), refused
    assert "you have 1 of 3 city tiles" in refused["error"]["message"]
    mayor = next(
        m for m in guest.ok("GET", path)["game"]["milestone_progress"] if m["name"] == "mayor"
    )
    assert [x["count"] for x in mayor["seats"]] == [0, 1]
    # The next action plays Adapted Lichen: the card leaves the hand and the reasons stay.
    answer(guest, game_id, {"play_card": {"card": ADAPTED_LICHEN, "payment": {}}})
    own = guest.ok("GET", path)["game"]["players"][1]["own"]
    assert ADAPTED_LICHEN not in {c["number"] for c in own["hand"]}
    assert {u["card"]["number"] for u in own["unplayable"]} == {KELP_FARMING, BIRDS}
