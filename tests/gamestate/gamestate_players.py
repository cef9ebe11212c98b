"""Remote test players: they know only what the service tells them.

`pick` chooses a legal answer from a decision in the SDK's dict form, the way a third-party
client would: uniformly over the kinds of answer offered, then among the offers of that kind,
paying with the payment the decision suggests.
"""

from __future__ import annotations

import random
from typing import Any

import redis

from olympus.client import OlympusClient, SeatHandle, StaleVersion
from olympus.engine import Game, GameOptions
from olympus.gamestate.meta import GameMeta
from olympus.gamestate.records import RESIGN, unpack_log
from olympus.gamestate.store import game_key

PASS_PROBABILITY = 0.1


def _paid(kind: str, key: str, offer: dict[str, Any]) -> dict[str, Any]:
    return {"type": kind, key: offer[key], "payment": offer["suggested"]}


def _action_answers(d: dict[str, Any]) -> list[list[dict[str, Any]]]:
    groups = [
        [_paid("play_card", "card", c) for c in d["play"]],
        [_paid("standard_project", "project", p) for p in d["standard_projects"]],
        [_paid("milestone", "name", m) for m in d["milestones"]],
        [_paid("award", "name", a) for a in d["awards"]],
        [
            {
                "type": "card_action",
                "card": a["card"],
                "choice": c["index"],
                "payment": c["suggested"],
            }
            for a in d["card_actions"]
            for c in a["choices"]
        ],
        [{"type": "convert_plants"}] if d["convert_plants"] else [],
        [{"type": "convert_heat"}] if d["convert_heat"] else [],
        [{"type": "end_turn"}] if d["end_turn"] else [],
    ]
    return [g for g in groups if g]


def pick(d: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A legal answer (engine dict form) to a decision (SDK dict form)."""
    kind = d["kind"]
    if kind == "action":
        groups = _action_answers(d)
        if d["pass"] and (not groups or rnd.random() < PASS_PROBABILITY):
            return {"type": "pass"}
        return rnd.choice(rnd.choice(groups))
    if kind == "setup":
        corp = rnd.choice(d["corporations"])
        n = rnd.randint(0, min(corp["max_cards"], len(d["cards"])))
        return {"type": "setup", "corporation": corp["card"], "cards": rnd.sample(d["cards"], n)}
    if kind == "cards":
        n = rnd.randint(d["min"], d["max"])
        return {"type": "cards", "cards": rnd.sample(d["cards"], n)}
    if kind == "space":
        return {"type": "space", "space": rnd.choice(d["spaces"])}
    if kind == "player":
        return {"type": "player", "seat": rnd.choice(d["seats"])}
    if kind == "option":
        return {
            "type": "option",
            "index": rnd.choice([o["index"] for o in d["options"] if o["enabled"]]),
        }
    if kind == "amount":
        return {"type": "amount", "amount": rnd.randint(d["min"], d["max"])}
    if kind == "final_greenery":
        return {"type": "convert_plants" if rnd.random() < 0.5 else "pass"}
    raise AssertionError(f"unknown decision kind {kind}")


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
