"""Remote test players: they know only what the service tells them.

`pick` (from `olympus.client.players`) chooses a legal answer from a decision in the SDK's
dict form, the way a third-party client would.
"""

from __future__ import annotations

import random
from typing import Any

from olympus.client import OlympusClient, SeatHandle, StaleVersion
from olympus.client.players import pick

__all__ = ["act_once", "pick", "play_out"]


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
