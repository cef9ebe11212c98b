"""Positions written as data for rule tests (see docs/positions.md).

`table()` is the smallest position that plays: every seat with a corporation (the Beginner
corporation unless named), nothing in hand, no resources, seat 0's first action of generation
1. A test edits the dict (cards in a hand, a parameter moved) and builds the game with
`Game.from_position`, which checks every field: nothing reaches into the engine's state.
"""

from __future__ import annotations

from typing import Any

from olympus.engine import Game
from olympus.engine.board import OCEAN_SPACE, load_map


def table(
    players: int = 2, corporations: tuple[str, ...] | None = None, seat: int = 0, **options: Any
) -> dict[str, Any]:
    corps = corporations if corporations is not None else ("R00",) * players
    return {
        "options": {"players": players, **options},
        "players": [{"corporation": c} for c in corps],
        "decision": {"kind": "turn", "seat": seat},
    }


def set_player(position: dict[str, Any], n: int, **fields: Any) -> dict[str, Any]:
    """Set fields of player `n` (hand=[...], resources={...}, ...); returns the position."""
    position["players"][n].update(fields)
    return position


def game(position: dict[str, Any], **fields: Any) -> Game:
    """The game of this position with some top-level fields set (oxygen=5, ...)."""
    return Game.from_position({**position, **fields})


def oceans(n: int, board: str = "tharsis") -> list[dict[str, Any]]:
    """`n` ocean tiles on the map's first ocean spaces (the `tiles` of a position)."""
    spaces = [sp.id for sp in load_map(board).spaces if sp is not None and sp.kind == OCEAN_SPACE]
    return [{"space": s, "tile": "ocean"} for s in spaces[:n]]
