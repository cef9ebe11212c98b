"""A ladder kept running by the ladder service alone: `olympus ladder start` creates it, the
service's scheduler starts games up to its concurrency, the game service's record rates each
one (in the ladder's queue, for the bots it seated), `stop` lets the running games end rated and
starts no more. The CLI talks to the ladder service only; bad ladders are refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from ladder_support import LadderStack, ladder_stack, wait_for

from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2, game_pb2_grpc, ladder_pb2, ladder_pb2_grpc


@pytest.fixture(scope="module")
def stack(own_redis: EmbeddedRedis) -> Iterator[LadderStack]:
    with ladder_stack(own_redis.url) as s:
        yield s


def test_the_service_keeps_a_ladder_going_and_stop_lets_it_wind_down(stack: LadderStack) -> None:
    started = stack.cli("start", "daily", "--bots", "passive,random", "--concurrent", "3")
    assert started.returncode == 0, started.stderr

    def rated_enough() -> dict[str, Any] | None:
        state = stack.show("daily")
        board = state["leaderboard"]
        return state if len(board) == 2 and min(r["games"] for r in board) >= 4 else None

    state = wait_for("4 rated games per bot", rated_enough)
    assert [r["bot"] for r in state["leaderboard"]] == ["random", "passive"]
    assert state["running"] <= 3  # never more than its concurrency
    assert stack.cli("stop", "daily").returncode == 0
    wait_for("the running games to end", lambda: stack.show("daily")["running"] == 0)
    final = stack.show("daily")
    time.sleep(2)  # more ticks: nothing new starts
    again = stack.show("daily")
    assert again["state"] == "stopped"
    assert again["started"] == final["started"] and again["running"] == 0
    assert again["finished"] + again["aborted"] == again["started"]
    games = sum(r["games"] for r in again["leaderboard"])
    assert games == 2 * again["finished"]  # every game finished was rated, once
    # Each game of the ladder is the game service's rated game of the ladder's queue.
    listed = stack.cli("games", "daily", "--count", "3")
    assert listed.returncode == 0 and listed.stdout.count("finished") >= 1
    with grpc.insecure_channel(stack.platform.address("ladder")) as channel:
        ladders = ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]
        page = ladders.ListLadderGames(ladder_pb2.ListLadderGamesRequest(name="daily"))
    with grpc.insecure_channel(stack.platform.address("gamestate")) as channel:
        games_stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        for game in page.games[:3]:
            view = games_stub.GetGame(game_pb2.GetGameRequest(game_id=game.game_id)).game
            assert view.settings.rated_queue == "daily"
            assert sorted(f"bot:{s.bot}" for s in view.settings.seats) == sorted(game.players)


def test_a_ladder_with_max_games_stops_by_itself(stack: LadderStack) -> None:
    made = stack.cli("start", "short", "--bots", "passive,random", "--max-games", "3")
    assert made.returncode == 0, made.stderr
    done = wait_for("3 rated games", lambda: (s := stack.show("short"))["finished"] >= 3 and s)
    assert done["state"] == "stopped" and done["started"] == 3
    assert sum(r["games"] for r in done["leaderboard"]) == 6


def test_bad_ladders_are_refused_and_change_nothing(stack: LadderStack) -> None:
    bad = stack.cli("start", "tiny", "--bots", "random", "--players", "2")
    assert bad.returncode == 2 and "needs as many bots" in bad.stderr
    unknown = stack.cli("start", "tiny", "--bots", "random,grandmaster")
    assert unknown.returncode == 2 and "unknown bot" in unknown.stderr
    assert stack.cli("show", "tiny").returncode == 1
    assert stack.cli("stop", "nonesuch").returncode == 1
    # Creating, opening and stopping take an admin key; reading does not.
    keyless = stack.cli("start", "mine", "--bots", "random,passive", key=False)
    assert keyless.returncode == 1 and "API_KEY_REQUIRED" in keyless.stderr
    assert stack.cli("show", "mine").returncode == 1
    assert stack.cli("list", "--json").returncode == 0
