"""An external bot written only against the protos (tests/ladder/external_bot.py) plays games
it gets through matchmaking to the end: its key, its tickets, WatchTicket, WatchGame and text
answers; the other seat is a backfilled bot played by the workers."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import grpc
import redis
from finished_games import own_answers
from platform_stack import platform

from olympus.matchmaking import rated
from olympus.matchmaking.formats import format_from_proto
from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2, game_pb2_grpc, matchmaking_pb2 as mm_pb

BOT = Path(__file__).with_name("external_bot.py")


def test_an_external_bot_plays_its_matched_games_to_the_end(own_redis: EmbeddedRedis) -> None:
    url = own_redis.url
    with platform(
        url,
        ("gamestate", "scoring", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--backfill-seconds", "1")},
        workers=True,
        worker_env={"OLYMPUS_REPORT_SECONDS": "0.5"},
    ) as stack:
        account, key = stack.account("outside-bot", ["play"])
        command = [
            sys.executable,
            str(BOT),
            stack.address("matchmaking"),
            stack.address("gamestate"),
            key,
            "2",
            json.dumps({"players": 2, "rated": True}),
        ]
        played = subprocess.run(command, capture_output=True, text=True, timeout=300)
        assert played.returncode == 0, played.stderr
        rows = [json.loads(line) for line in played.stdout.splitlines()]
        assert len(rows) == 2 and len({r["game_id"] for r in rows}) == 2
        # One stream and one call per answer: a game's calls are its WatchGame and its
        # SubmitActions (an answer refused as stale would add one: a few at most).
        for row in rows:
            assert row["calls"] == row["answers"] + 1 + row["stale"]
            assert row["stale"] <= row["answers"] // 20, row
        with grpc.insecure_channel(stack.address("gamestate")) as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            for row in rows:
                # Every answer of its seat is its own, every other seat's the table's bot's.
                assert len(own_answers(stub, row["game_id"], row["seat"])) == row["answers"] > 0
                log = stub.GetGameLog(game_pb2.GetGameLogRequest(game_id=row["game_id"]))
                assert all(a.bot for a in log.answers if a.seat != row["seat"])
        # Both games are rated, in the format's queue, for the bot's account: once each.
        queue = rated.queue_name(format_from_proto(mm_pb.MatchFormat(players=2, rated=True)))
        ratings = f"olympus:scoring:{{q:{queue}}}:ratings"
        with redis.Redis.from_url(url) as rdb:
            deadline = time.monotonic() + 60
            while True:
                raw = rdb.hget(ratings, account)
                if raw is not None and json.loads(raw)["games"] == 2:
                    break
                assert time.monotonic() < deadline, f"not rated twice: {raw!r}"
                time.sleep(0.2)
        # The same bot the way it had to play before (a GetDecision after every event): more
        # than twice the calls per answer.
        polled = subprocess.run(
            [*command[:5], "1", command[6], "poll"], capture_output=True, text=True, timeout=300
        )
        assert polled.returncode == 0, polled.stderr
        (before,) = [json.loads(line) for line in polled.stdout.splitlines()]
        stream_rate = sum(r["calls"] for r in rows) / sum(r["answers"] for r in rows)
        poll_rate = before["calls"] / before["answers"]
        print(f"calls per answer: {stream_rate:.3f} on the stream, {poll_rate:.3f} polling")
        assert poll_rate > 2 * stream_rate


def test_a_bot_killed_mid_game_finds_its_game_again_with_its_key(
    own_redis: EmbeddedRedis,
) -> None:
    """The bot is killed mid-game, with its ticket and seat token lost; started again with only
    its key (`resume`: ListMyGames), it plays the same seat to the end, every answer its own."""
    with platform(
        own_redis.url,
        ("gamestate", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--backfill-seconds", "1")},
        workers=True,
    ) as stack:
        _, key = stack.account("crashing-bot", ["play"])
        auth = (("authorization", f"Bearer {key}"),)
        first = subprocess.Popen(
            [
                sys.executable,
                str(BOT),
                stack.address("matchmaking"),
                stack.address("gamestate"),
                key,
                "1",
                json.dumps({"players": 2}),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with grpc.insecure_channel(stack.address("gamestate")) as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            try:
                deadline = time.monotonic() + 120
                while True:  # until its game is well under way
                    listed = stub.ListMyGames(game_pb2.ListMyGamesRequest(), metadata=auth)
                    if listed.games and listed.games[0].version >= 30:
                        break
                    assert first.poll() is None, first.communicate()
                    assert time.monotonic() < deadline, "the bot's game did not get going"
                    time.sleep(0.05)
            finally:
                first.kill()
                first.communicate()
            (game,) = listed.games
            resumed = subprocess.run(
                [sys.executable, str(BOT), "resume", stack.address("gamestate"), key],
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert resumed.returncode == 0, resumed.stderr
            (row,) = [json.loads(line) for line in resumed.stdout.splitlines()]
            assert (row["game_id"], row["seat"]) == (game.game_id, game.seat)
            assert row["answers"] > 0
            mine = own_answers(stub, game.game_id, game.seat)
            assert len(mine) > row["answers"]  # some before the crash, the rest after
            # Nothing left to resume.
            assert not stub.ListMyGames(game_pb2.ListMyGamesRequest(), metadata=auth).games
