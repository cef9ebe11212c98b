"""The Python SDK of the game service (`olympus game ...` on the command line is built on it).

from olympus.client import OlympusClient
"""

from .sdk import (
    ActResult,
    CreatedGame,
    DecisionState,
    GameServiceError,
    OlympusClient,
    SeatHandle,
    StaleVersion,
)

__all__ = [
    "ActResult",
    "CreatedGame",
    "DecisionState",
    "GameServiceError",
    "OlympusClient",
    "SeatHandle",
    "StaleVersion",
]
