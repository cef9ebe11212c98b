"""The TypeScript client (clients/typescript, generated from protos/ by protoc-gen-es) and its
example bot play whole matched games against a real platform: one WatchAccount stream for all
its games and one SubmitAction per answer, every answer of its seat its own."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import grpc
from platform_stack import platform

from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2, game_pb2_grpc

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"
BOT = CLIENT / "dist" / "examples" / "bot.js"


def test_the_typescript_bot_plays_its_matched_games_to_the_end(own_redis: EmbeddedRedis) -> None:
    assert BOT.exists(), "the TypeScript client is not built: make ts-client (make test does)"
    with platform(
        own_redis.url,
        ("gamestate", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--backfill-seconds", "1")},
        workers=True,
    ) as stack:
        _, key = stack.account("typescript-bot", ["play"])
        command = ["node", str(BOT), stack.address("matchmaking"), stack.address("gamestate")]
        played = subprocess.run(
            [*command, key, "2"], capture_output=True, text=True, timeout=300, cwd=CLIENT
        )
        assert played.returncode == 0, played.stderr
        rows = [json.loads(line) for line in played.stdout.splitlines()]
        assert len(rows) == 2 and len({r["game_id"] for r in rows}) == 2
        with grpc.insecure_channel(stack.address("gamestate")) as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            for row in rows:
                view = stub.GetGame(game_pb2.GetGameRequest(game_id=row["game_id"])).game
                assert view.status == game_pb2.GAME_STATUS_FINISHED
                log = stub.GetGameLog(game_pb2.GetGameLogRequest(game_id=row["game_id"]))
                mine = [a for a in log.answers if a.seat == row["seat"]]
                # Every answer of its seat is the TypeScript bot's: none by a bot, none timed out.
                assert len(mine) == row["answers"] > 0
                assert not any(a.bot or a.timed_out for a in mine)
