"""Names the services share the rules of."""

from __future__ import annotations

import re

from olympus.engine.board import SUPPORTED_MAPS
from olympus.platform.errors import InvalidArgument, quote

LADDER_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")  # matched whole; also its scoring queue


def valid_ladder_name(name: str) -> bool:
    return bool(LADDER_NAME_RE.fullmatch(name))


def check_map(name: str) -> None:
    """INVALID_ARGUMENT with reason UNKNOWN_MAP (and the names it can, in `supported`) unless
    the engine plays the map: the game service's refusal, and the ladder's for a ladder that
    could never make a game."""
    if name not in SUPPORTED_MAPS:
        raise InvalidArgument(
            f"unknown map {quote(name)}; supported: {', '.join(SUPPORTED_MAPS)}",
            reason="UNKNOWN_MAP",
            metadata={"supported": ",".join(SUPPORTED_MAPS)},
        )
