"""Redis bytes per game: whole games played through a real game service, measured key by key.

It starts a private redis-server and a real `python -m olympus.gamestate`, then plays `games`
3-player base + Corporate Era games through it, each with random legal answers (chosen by a
local engine from the same seed, so it is the same game) sent by SubmitAction with a fresh
idempotency key each, as the SDK does. After half of a game's answers (mid-game) and after its
last one (the end, before the retention deletes the record) it sums Redis `MEMORY USAGE` over
everything the game holds:

  - every key of the game's slot (`olympus:{g:<id>}:*`: record, state, answer log, events,
    idempotency records);
  - its token keys (`olympus:token:<sha256>`);
  - its share of the deployment's sorted sets (indexes, activity, expiry): each set's bytes
    divided by its members, for every set the game is in.

It prints the bytes per game at both points (mean and max over the games, and by key), the
bound they must stay under, and the engine's own saved state for comparison.

    python -m olympus.bench.memory [--games 3] [--players 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import uuid
from dataclasses import dataclass, field
from typing import Any

import grpc
import orjson
import redis

from olympus.engine import Game, GameOptions
from olympus.platform.embedded_redis import embedded_redis
from olympus.v1 import game_pb2 as pb, game_pb2_grpc

from .service import _service

LIMIT_BYTES = 20 * 1024  # what one game may hold in Redis, at any point of its life
SHARED_SETS = ("all", "active", "finished", "aborted", "activity", "expiry")


def legal_answers(players: int, seed: int) -> tuple[list[tuple[int, str]], int]:
    """A whole game's answers (seat, text), random and legal, and the engine's saved state
    size at its end."""
    game = Game.new(GameOptions(players=players, seed=seed, corporate_era=True))
    rnd = random.Random(seed)
    out: list[tuple[int, str]] = []
    while not game.is_over:
        decision = game.decisions()[0]
        answer = decision.sample(rnd)
        game.apply(decision.player, answer)
        out.append((decision.player, str(answer)))
    return out, len(game.to_bytes())


@dataclass
class PlayedGame:
    """A game on the service and how far it was played."""

    game_id: str
    tokens: dict[int, str]
    answers: list[tuple[int, str]]
    version: int = 1
    sent: int = 0

    def play(self, stub: Any, count: int) -> None:
        for seat, text in self.answers[self.sent : self.sent + count]:
            reply = stub.SubmitAction(
                pb.SubmitActionRequest(
                    game_id=self.game_id,
                    token=self.tokens[seat],
                    expected_version=self.version,
                    idempotency_key=uuid.uuid4().hex,
                    text=text,
                ),
                timeout=30,
            )
            self.version = reply.version
            self.sent += 1


def create(stub: Any, players: int, seed: int) -> PlayedGame:
    answers, _ = legal_answers(players, seed)
    options = pb.GameOptions(players=players, seed=seed, corporate_era=True)
    reply = stub.CreateGame(pb.CreateGameRequest(options=options), timeout=30)
    return PlayedGame(reply.game_id, {s.seat: s.token for s in reply.seats}, answers)


def game_bytes(r: redis.Redis, game_id: str) -> dict[str, int]:
    """Redis bytes the game holds, by part (key suffix, "tokens", "shared_sets")."""
    by_part: dict[str, int] = {}
    prefix = f"olympus:{{g:{game_id}}}:"
    meta = None
    for key in r.scan_iter(match=prefix + "*", count=1000):
        part = key.decode()[len(prefix) :].split(":", 1)[0]  # idem:<seat>:<key> -> idem
        by_part[part] = by_part.get(part, 0) + int(r.memory_usage(key, samples=0) or 0)
        if part == "game":
            meta = r.hget(key, "meta")
    if meta is not None:
        data = orjson.loads(meta)
        tokens = [f"olympus:token:{digest}" for digest in data["tokens"]]
        by_part["tokens"] = sum(int(r.memory_usage(k, samples=0) or 0) for k in tokens)
        member = f"{data['created_ms']:015d}:{game_id}"
        share = 0.0
        for name in SHARED_SETS:
            key = f"olympus:games:{name}"
            if r.zscore(key, member) is not None:
                share += int(r.memory_usage(key, samples=0) or 0) / max(1, int(r.zcard(key)))
        by_part["shared_sets"] = round(share)
    return by_part


@dataclass
class Point:
    """The bytes of every game measured at one point of their lives."""

    totals: list[int] = field(default_factory=list)
    parts: list[dict[str, int]] = field(default_factory=list)

    def add(self, by_part: dict[str, int]) -> None:
        self.parts.append(by_part)
        self.totals.append(sum(by_part.values()))

    def figures(self) -> dict[str, Any]:
        names = sorted({name for p in self.parts for name in p})
        return {
            "bytes_per_game_mean": round(statistics.mean(self.totals)),
            "bytes_per_game_max": max(self.totals),
            "by_key_mean": {
                n: round(statistics.mean(p.get(n, 0) for p in self.parts)) for n in names
            },
        }


def measure(address: str, redis_url: str, games: int, players: int, seed: int) -> dict[str, Any]:
    """Play `games` games on a running service; the bytes per game at mid-game and end."""
    r = redis.Redis.from_url(redis_url)
    mid, end = Point(), Point()
    answers, states = [], []
    with grpc.insecure_channel(address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)  # type: ignore[no-untyped-call]
        for i in range(games):
            game = create(stub, players, seed + i)
            answers.append(len(game.answers))
            states.append(legal_answers(players, seed + i)[1])
            game.play(stub, len(game.answers) // 2)
            mid.add(game_bytes(r, game.game_id))
            game.play(stub, len(game.answers))
            end.add(game_bytes(r, game.game_id))
    r.close()
    state = statistics.mean(states)
    return {
        "players": players,
        "games": games,
        "answers_per_game_mean": round(statistics.mean(answers)),
        "limit_bytes": LIMIT_BYTES,
        "mid_game": mid.figures(),
        "end": end.figures(),
        "engine_state_bytes_mean": round(state),
        "end_max_ratio_to_engine_state": round(max(end.totals) / state, 1),
    }


def main_figures(games: int = 3, players: int = 3, seed: int = 1) -> dict[str, Any]:
    with embedded_redis() as server, _service(server.url) as (address, _pid):
        return measure(address, server.url, games, players, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m olympus.bench.memory", description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="games played, one after another")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args(argv)
    print(json.dumps(main_figures(args.games, args.players, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
