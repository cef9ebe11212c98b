"""Closed vocabularies: the engine's names <-> the protobuf enums of olympus/v1/game.proto.

The engine speaks in short lowercase names ("action", "city", "power_plant"); the API speaks in
enums. Each table maps one way; `name_of` and `value_of` go back and forth and refuse anything
outside the table, so an unknown enum number in a request is an error, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from olympus.engine.colonies import COLONY_PROJECT
from olympus.engine.constants import AIR_SCRAPPING, STANDARD_PROJECTS
from olympus.platform.errors import InvalidArgument
from olympus.v1 import game_pb2 as pb

PHASES: Final[Mapping[str, int]] = {
    "setup": pb.PHASE_SETUP,
    "research": pb.PHASE_RESEARCH,
    "draft": pb.PHASE_DRAFT,
    "action": pb.PHASE_ACTION,
    "final": pb.PHASE_FINAL,
    "ended": pb.PHASE_ENDED,
    "prelude": pb.PHASE_PRELUDE,
}
TILES: Final[Mapping[str, int]] = {
    "ocean": pb.TILE_TYPE_OCEAN,
    "greenery": pb.TILE_TYPE_GREENERY,
    "city": pb.TILE_TYPE_CITY,
    "special": pb.TILE_TYPE_SPECIAL,
    "claim": pb.TILE_TYPE_CLAIM,  # Land Claim's space decision (no tile)
}
PROJECTS: Final[Mapping[str, int]] = {
    name: pb.StandardProject.Value(f"STANDARD_PROJECT_{name.upper()}")
    # Colonies' build_colony and Venus Next's air_scrapping: their games only
    for name in (*STANDARD_PROJECTS, COLONY_PROJECT, AIR_SCRAPPING)
}
TRADE_FEES: Final[Mapping[str, int]] = {  # Colonies: the fee words of a trade answer
    "mc": pb.TRADE_FEE_MC,
    "energy": pb.TRADE_FEE_ENERGY,
    "titanium": pb.TRADE_FEE_TITANIUM,
}
DECISION_KINDS: Final[Mapping[str, int]] = {
    "action": pb.DECISION_KIND_ACTION,
    "setup": pb.DECISION_KIND_SETUP,
    "cards": pb.DECISION_KIND_CARDS,
    "space": pb.DECISION_KIND_SPACE,
    "player": pb.DECISION_KIND_PLAYER,
    "option": pb.DECISION_KIND_OPTION,
    "amount": pb.DECISION_KIND_AMOUNT,
    "final_greenery": pb.DECISION_KIND_FINAL_GREENERY,
    "play_card": pb.DECISION_KIND_PLAY_CARD,
}
CARDS_PURPOSES: Final[Mapping[str, int]] = {
    name: pb.CardsPurpose.Value(f"CARDS_PURPOSE_{name.upper()}")
    for name in (
        "buy",
        "draft",
        "keep",
        "sell",
        "discard",
        "take",
        "copy",
        "add",
        "prelude",
        "remove",
    )
}
ANSWER_KINDS: Final[Mapping[str, int]] = {
    name: pb.AnswerKind.Value(f"ANSWER_KIND_{name.upper()}")
    for name in (
        "play_card",
        "standard_project",
        "milestone",
        "award",
        "card_action",
        "convert_plants",
        "convert_heat",
        "pass",
        "end_turn",
        "setup",
        "cards",
        "space",
        "player",
        "option",
        "amount",
        "trade",
    )
}
EVENT_KINDS: Final[Mapping[str, int]] = {
    "created": pb.EVENT_KIND_CREATED,
    "answer": pb.EVENT_KIND_ANSWER,
    "resigned": pb.EVENT_KIND_RESIGNED,
    "aborted": pb.EVENT_KIND_ABORTED,
    "undo": pb.EVENT_KIND_UNDO,
    "heartbeat": pb.EVENT_KIND_HEARTBEAT,  # only to a WatchGame that asked for heartbeats
}
TIMEOUT_POLICIES: Final[Mapping[str, int]] = {
    "default": pb.TIMEOUT_POLICY_DEFAULT_ANSWER,
    "bot": pb.TIMEOUT_POLICY_BOT,
}
SEAT_KINDS: Final[Mapping[str, int]] = {"human": pb.SEAT_KIND_HUMAN, "bot": pb.SEAT_KIND_BOT}
STATUSES: Final[Mapping[str, int]] = {
    "active": pb.GAME_STATUS_ACTIVE,
    "finished": pb.GAME_STATUS_FINISHED,
    "aborted": pb.GAME_STATUS_ABORTED,
}

_REVERSED: dict[int, dict[int, str]] = {}  # by id() of a table above: they live for ever


def _reversed(table: Mapping[str, int]) -> dict[int, str]:
    reverse = _REVERSED.get(id(table))
    if reverse is None:
        reverse = _REVERSED[id(table)] = {v: k for k, v in table.items()}
    return reverse


def value_of(table: Mapping[str, int], name: str) -> Any:
    """The enum value of an engine name (UNSPECIFIED, 0, for a name the table lacks: a newer
    engine's name shows as unspecified rather than breaking the reply). Typed Any: each
    generated enum has its own ValueType, which one helper cannot name."""
    return table.get(name, 0)


def name_of(table: Mapping[str, int], value: int, field: str) -> str:
    """The engine name of an enum value from a request; INVALID_ENUM for anything else."""
    name = _reversed(table).get(value)
    if name is None:
        raise InvalidArgument(f"{field}: {value} is not a defined value", reason="INVALID_ENUM")
    return name


def name_or_unknown(table: Mapping[str, int], value: int) -> str:
    """The engine name of an enum value in a reply (for clients): "unknown" when undefined."""
    return _reversed(table).get(value, "unknown")
