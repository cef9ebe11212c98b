"""Names the services share the rules of."""

from __future__ import annotations

import re

from olympus.engine.board import SUPPORTED_MAPS
from olympus.engine.options import GameOptions
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


def check_table(
    players: int,
    *,
    corporate_era: bool,
    prelude: bool,
    colonies: bool,
    venus: bool,
    world_government: bool | None,
    map_name: str,
) -> None:
    """The engine's own refusal (InvalidOptions: INVALID_ARGUMENT, reason INVALID_OPTIONS, in
    its words) of a table it could never deal, for a service that stores tables to make later
    (a ladder): the game service would refuse each of its games the same way."""
    check_map(map_name)
    GameOptions(
        players=players,
        corporate_era=corporate_era,
        prelude=prelude,
        colonies=colonies,
        venus=venus,
        world_government=world_government,
        map=map_name,
    )
