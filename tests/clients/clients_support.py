"""What every example bot outside Python is checked for: started with a matchmaking address, a
game service address, its API key and a number of games, it plays that many matched games to
the end against the table's bot, every answer of its seat its own, and prints a JSON line per
game ({"game_id", "seat"}); each README shows its whole bot as the file is."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path

import grpc
from finished_games import own_answers
from platform_stack import platform

from olympus.platform.embedded_redis import EmbeddedRedis
from olympus.v1 import game_pb2_grpc

CLIENTS = Path(__file__).resolve().parents[2] / "clients"


def plays_its_games(
    redis: EmbeddedRedis, command: Sequence[str], cwd: Path, games: int = 2
) -> None:
    with platform(
        redis.url,
        ("gamestate", "matchmaking"),
        args={"gamestate": ("--quotas", "off"), "matchmaking": ("--backfill-seconds", "1")},
        workers=True,
    ) as stack:
        _, key = stack.account(f"{cwd.name}-bot", ["play"])
        addresses = [stack.address("matchmaking"), stack.address("gamestate")]
        played = subprocess.run(
            [*command, *addresses, key, str(games)],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=cwd,
        )
        assert played.returncode == 0, played.stderr
        rows = [json.loads(line) for line in played.stdout.splitlines()]
        assert len(rows) == games and len({r["game_id"] for r in rows}) == games
        with grpc.insecure_channel(stack.address("gamestate")) as channel:
            stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
            for row in rows:
                assert own_answers(stub, row["game_id"], row["seat"]), row


def readme_shows_the_whole_bot(readme: Path, source: Path, fence: str, under: int) -> None:
    """The README's first `fence` code block is the bot's file, whole, in under `under` lines."""
    text = readme.read_text()
    start = text.index(f"```{fence}\n") + len(fence) + 4
    shown = text[start : text.index("```", start)]
    assert shown == source.read_text(), f"{readme} does not show {source.name} as it is"
    assert len(shown.splitlines()) < under, len(shown.splitlines())
