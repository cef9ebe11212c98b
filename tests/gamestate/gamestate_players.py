"""Remote test players: they know only what the service tells them.

`pick` (from `olympus.client.players`) chooses a legal answer from a decision in the SDK's
dict form, the way a third-party client would.
"""

from __future__ import annotations

import random
from typing import Any

import redis

from olympus.client import OlympusClient, SeatHandle, StaleVersion
from olympus.client.players import pick
from olympus.engine import Game, GameOptions
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.records import RESIGN, unpack_log
from olympus.gamestate.store import game_key

__all__ = ["act_once", "pick", "play_out", "stored_answers", "stored_game"]


def play_out(
    client: OlympusClient, game_id: str, tokens: dict[int, str], seed: int, limit: int = 5000
) -> list[tuple[int, int, dict[str, Any]]]:
    """Play a game to its end, one answer at a time, asking whom the game waits for.
    Returns the answers applied: (version made, seat, answer)."""
    rnd = random.Random(seed)
    seats = {seat: client.join(game_id, token) for seat, token in tokens.items()}
    spectator = client.spectate(game_id)
    applied: list[tuple[int, int, dict[str, Any]]] = []
    for _ in range(limit):
        state = spectator.decision()
        if state.status == "finished":
            return applied
        seat = rnd.choice(state.waiting_for)
        applied.append(act_once(seats[seat], rnd))
    raise AssertionError("the game did not finish")


def act_once(handle: SeatHandle, rnd: random.Random) -> tuple[int, int, dict[str, Any]]:
    """Read the decision and answer it; read again when the version went stale meanwhile."""
    while True:
        state = handle.decision()
        assert state.your_turn and state.decision is not None
        answer = pick(state.decision, rnd)
        try:
            result = handle.act(answer, version=state.version)
        except StaleVersion:
            continue
        assert result.version == state.version + 1 and not result.replayed
        return result.version, state.decision["player"], answer


def stored_answers(redis_url: str, game_id: str) -> tuple[GameOptions, list[list[Any]]]:
    """The options (with the seed) and the answer log as stored in Redis, as
    [version, seat, text, bot] rows: what a test needs to rebuild a running game, whose log
    over the API is public facts only."""
    r = redis.Redis.from_url(redis_url)
    try:
        meta = GameMeta.from_json(game_id, r.hget(game_key(game_id, "game"), "meta") or b"")
        answers = unpack_log(
            r.lrange(game_key(game_id, "logz"), 0, -1), r.lrange(game_key(game_id, "log"), 0, -1)
        )
    finally:
        r.close()
    return meta.options, [[a.version, a.seat, a.text, a.bot] for a in answers]


def stored_game(redis_url: str, game_id: str) -> Game:
    """The game rebuilt from what Redis holds (resignations are not engine answers)."""
    options, answers = stored_answers(redis_url, game_id)
    return Game.replay(options, [(a[1], a[2]) for a in answers if a[2] != RESIGN])
