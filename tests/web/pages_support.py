"""A platform for the ladder, ratings and replay pages' tests: the game, catalogue, accounts
and scoring and ladder services and the web bridge on a private Redis, with workers that play the
bot seats and deliver rated results; rated games in one queue between two accounts, played
to the end (each human seat resigns at once, so the table's random bot plays it); and a
ladder of two built-in bots that made and rated one game."""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scoring"))  # scoring_support

from platform_stack import Platform, platform
from scoring_support import Bearer, rated_game, wait_finished

from olympus.platform.embedded_redis import RedisUnavailable, embedded_redis
from olympus.v1 import (
    game_pb2 as gpb,
    game_pb2_grpc,
    ladder_pb2,
    ladder_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
)

BOTS = ["random", "passive"]  # the ladder's, rated as "bot:random" and "bot:passive"
GAMES = 2  # rated games between the same two players: each player page's chart has 2 points


@dataclass
class RatedStack:
    url: str  # the bridge: http://127.0.0.1:PORT
    platform: Platform
    queue: str
    players: tuple[str, str]  # account ids
    games: list[str]  # finished, rated game ids
    final: gpb.GameView  # the last game's final public view
    ladder: str  # a ladder of two built-in bots that played one rated game


def wait_rated(stack: Platform, queue: str, player: str, games: int) -> None:
    with grpc.insecure_channel(stack.address("scoring")) as channel:
        scoring = scoring_pb2_grpc.ScoringServiceStub(channel)  # type: ignore[no-untyped-call]
        deadline = time.monotonic() + 240
        while True:
            try:
                got = scoring.GetRating(
                    scoring_pb2.GetRatingRequest(queue=queue, player=player), timeout=10
                )
                if got.rating.games >= games:
                    return
            except grpc.RpcError as exc:  # the queue exists once its first game is rated
                assert exc.code() == grpc.StatusCode.NOT_FOUND, exc
            assert time.monotonic() < deadline, "the games were not rated"
            time.sleep(0.3)


@pytest.fixture(scope="session")
def rated_stack() -> Iterator[RatedStack]:
    with ExitStack() as exits:
        try:
            own = exits.enter_context(embedded_redis())
        except RedisUnavailable:
            pytest.skip("no redis-server on PATH")
        stack = exits.enter_context(
            platform(
                own.url,
                ("gamestate", "catalogue", "scoring", "ladder", "web"),
                args={"gamestate": ("--quotas", "off"), "ladder": ("--tick-seconds", "0.3")},
                workers=True,
                worker_env={"OLYMPUS_REPORT_SECONDS": "0.3"},
            )
        )
        queue = f"pages-{secrets.token_hex(3)}"
        # In a thread of its own: Playwright's browser may hold this thread's event loop.
        with ThreadPoolExecutor(1) as thread:
            players = (
                thread.submit(stack.account, "ada").result()[0],
                thread.submit(stack.account, "bo").result()[0],
            )
            _, admin = thread.submit(stack.account, "pages-operator", ["admin"], "person").result()
        ladder = f"bots-{secrets.token_hex(3)}"
        with grpc.insecure_channel(stack.address("ladder")) as channel:
            ladders = ladder_pb2_grpc.LadderServiceStub(channel)  # type: ignore[no-untyped-call]
            ladders.CreateLadder(
                ladder_pb2.CreateLadderRequest(name=ladder, bots=BOTS, max_games=1),
                metadata=(("authorization", f"Bearer {admin}"),),
                timeout=10,
            )
        with grpc.insecure_channel(stack.address("gamestate")) as channel:
            keyed = grpc.intercept_channel(channel, Bearer(stack.service_key))
            games = game_pb2_grpc.GameServiceStub(keyed)  # type: ignore[no-untyped-call]
            made = [rated_game(games, queue, list(players)).game_id for _ in range(GAMES)]
            views = [wait_finished(games, g, 300) for g in made]
        for p in players:
            wait_rated(stack, queue, p, GAMES)
        for bot in BOTS:
            wait_rated(stack, ladder, f"bot:{bot}", 1)
        yield RatedStack(
            f"http://127.0.0.1:{stack.ports['web']}", stack, queue, players, made, views[-1], ladder
        )
