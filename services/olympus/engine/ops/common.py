"""What every instruction module shares."""

from __future__ import annotations

from ..constants import RESOURCE_INDEX
from ..state import Frame, GameState, Player

R = RESOURCE_INDEX


def player_of(g: GameState, frame: Frame) -> Player:
    """The player a frame acts for."""
    return g.players[frame[1]]
