"""Remote test players: they know only what the service tells them.

`pick` (from `olympus.client.players`) chooses a legal answer from a decision in the SDK's
dict form, the way a third-party client would.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection
from typing import Any, TypeVar

import redis

from olympus.client import DecisionState, OlympusClient, SeatHandle, StaleVersion
from olympus.client.players import pick
from olympus.engine import Game, GameOptions
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.records import RESIGN, unpack_log
from olympus.gamestate.store import game_key

__all__ = [
    "act_once",
    "pick",
    "play_out",
    "stored_answers",
    "stored_game",
    "wait_for",
    "wait_until_waiting_for",
]

S = TypeVar("S")

# Bot seats (and resigned ones) are played by the workers, after the call that made it their
# turn has returned: usually within milliseconds, but the machines running the tests are
# shared and noisy. A test waits for them by polling, never by sleeping a fixed time.
WAIT_S = 60.0
POLL_S = 0.02


def wait_for(
    read: Callable[[], S],
    done: Callable[[S], bool],
    what: str,
    timeout: float = WAIT_S,
    interval: float = POLL_S,
) -> S:
    """`read()` again and again until `done` holds for what it returned; returns that. Fails
    after `timeout` seconds, showing the last state read."""
    deadline = time.monotonic() + timeout
    while True:
        state = read()
        if done(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}; last seen: {state!r}")
        time.sleep(interval)


def wait_until_waiting_for(
    handle: SeatHandle, seats: Collection[int], timeout: float = WAIT_S
) -> DecisionState:
    """The decision state (as `handle` sees it) once the game waits for some of `seats` and
    for no other seat, or is no longer active: the seats the workers play (bots, resigned
    seats) have answered whatever they could, and nothing moves until one of `seats` answers."""
    return wait_for(
        handle.decision,
        lambda s: (
            s.status != "active" or (bool(s.waiting_for) and set(s.waiting_for) <= set(seats))
        ),
        f"game {handle.game_id} to wait for seats {sorted(seats)} only (or to end)",
        timeout,
    )


def play_out(
    client: OlympusClient, game_id: str, tokens: dict[int, str], seed: int, limit: int = 5000
) -> list[tuple[int, int, dict[str, Any]]]:
    """Play a game to its end, one answer at a time, asking whom the game waits for. Seats
    without a token (bot-played or resigned) are left to the workers: while the game waits
    for any of them, this waits, so that nothing else moves the game while a seat answers.
    Returns the answers applied here: (version made, seat, answer)."""
    rnd = random.Random(seed)
    seats = {seat: client.join(game_id, token) for seat, token in tokens.items()}
    spectator = client.spectate(game_id)
    applied: list[tuple[int, int, dict[str, Any]]] = []
    for _ in range(limit):
        state = wait_until_waiting_for(spectator, seats)
        if state.status == "finished":
            return applied
        assert state.status == "active", state
        seat = rnd.choice([s for s in state.waiting_for if s in seats])
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
