"""A ticket's format: checked, defaults applied, and named by a canonical key.

Two tickets can share a game only when their formats are equal after defaults; the format's
canonical JSON (sorted keys, no spaces) is hashed into the queue's id, `format_id` (16 hex
digits), which is also the Redis Cluster hash tag of everything in that queue.

A ladder ticket's format names only the ladder (`MatchFormat.ladder`): its queue is the ladder's
own, which the ladder's scheduler seats from (the matcher leaves it alone); the ladder decides
the player count, options and clock of each game. Formats without a ladder keep the canonical
JSON (and so the queue ids and rating queues) they had before ladders took tickets.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import orjson

from olympus.api.names import valid_ladder_name
from olympus.api.time_control import InvalidTimeControl, TimeControl
from olympus.api.vocab import TIMEOUT_POLICIES, name_or_unknown, value_of
from olympus.engine import GameOptions
from olympus.engine.errors import InvalidOptions
from olympus.platform.errors import InvalidArgument, quote
from olympus.v1 import game_pb2, matchmaking_pb2

MAX_PLAYERS = 5


def _invalid(message: str) -> InvalidArgument:
    return InvalidArgument(f"format: {message}", reason="INVALID_FORMAT")


@dataclass(frozen=True, slots=True)
class Format:
    players: int
    corporate_era: bool
    draft: bool
    map: str
    time_control: TimeControl
    rated: bool
    ladder: str = ""  # a ladder ticket's ladder (see the module's doc)
    prelude: bool = False
    colonies: bool = False
    venus: bool = False  # Venus Next (its World Government Terraforming as the table default)

    def to_data(self) -> dict[str, Any]:
        tc = self.time_control
        data: dict[str, Any] = {
            "players": self.players,
            "corporate_era": self.corporate_era,
            "draft": self.draft,
            "map": self.map,
            "time_control": [
                tc.seconds_per_game,
                tc.seconds_per_decision,
                tc.decision_seconds,
                tc.timeout_policy,
                tc.timeouts_before_bot,
            ],
            "rated": self.rated,
        }
        if self.ladder:
            data["ladder"] = self.ladder
        if self.prelude:  # written only when on: older formats keep their ids
            data["prelude"] = True
        if self.colonies:  # likewise
            data["colonies"] = True
        if self.venus:  # likewise
            data["venus"] = True
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Format:
        spg, spd, ds, policy, tbb = data["time_control"]
        return cls(
            players=int(data["players"]),
            corporate_era=bool(data["corporate_era"]),
            draft=bool(data["draft"]),
            map=str(data["map"]),
            time_control=TimeControl(spg, spd, ds, policy, tbb),
            rated=bool(data["rated"]),
            ladder=str(data.get("ladder", "")),
            prelude=bool(data.get("prelude", False)),
            colonies=bool(data.get("colonies", False)),
            venus=bool(data.get("venus", False)),
        )

    def canonical(self) -> str:
        return orjson.dumps(self.to_data(), option=orjson.OPT_SORT_KEYS).decode()

    @property
    def format_id(self) -> str:
        return hashlib.sha256(self.canonical().encode()).hexdigest()[:16]

    def to_proto(self) -> matchmaking_pb2.MatchFormat:
        return matchmaking_pb2.MatchFormat(
            players=self.players,
            corporate_era=self.corporate_era,
            draft=self.draft,
            map=self.map,
            time_control=self.time_control_proto(),
            rated=self.rated,
            ladder=self.ladder,
            prelude=self.prelude,
            colonies=self.colonies,
            venus=self.venus,
        )

    def time_control_proto(self) -> game_pb2.TimeControl:
        tc = self.time_control
        return game_pb2.TimeControl(
            seconds_per_game=tc.seconds_per_game,
            seconds_per_decision=tc.seconds_per_decision,
            decision_seconds=tc.decision_seconds,
            timeout_policy=value_of(TIMEOUT_POLICIES, tc.timeout_policy),
            timeouts_before_bot=tc.timeouts_before_bot,
        )

    def game_options(self) -> game_pb2.GameOptions:
        """CreateGame's options (no seed: the game service draws a secret one)."""
        return game_pb2.GameOptions(
            players=self.players,
            corporate_era=self.corporate_era,
            draft=self.draft,
            map=self.map,
            prelude=self.prelude,
            colonies=self.colonies,
            venus=self.venus,
        )


def format_from_proto(msg: matchmaking_pb2.MatchFormat) -> Format:
    """The format of an Enqueue, defaults applied; INVALID_FORMAT when it cannot make a game."""
    if msg.ladder:
        return _ladder_format(msg)
    if not 1 <= msg.players <= MAX_PLAYERS:
        raise _invalid(f"players must be 1 to {MAX_PLAYERS}, got {msg.players}")
    corporate_era = msg.corporate_era if msg.HasField("corporate_era") else True
    map_name = msg.map or "tharsis"
    try:
        GameOptions(
            players=msg.players,
            corporate_era=corporate_era,
            draft=msg.draft,
            map=map_name,
            prelude=msg.prelude,
            colonies=msg.colonies,
            venus=msg.venus,
        )
    except InvalidOptions as exc:
        raise _invalid(exc.message) from None
    tc = msg.time_control
    policy = name_or_unknown(
        TIMEOUT_POLICIES, tc.timeout_policy or game_pb2.TIMEOUT_POLICY_DEFAULT_ANSWER
    )
    if policy == "unknown":
        raise _invalid(f"time_control.timeout_policy: {tc.timeout_policy} is not a defined value")
    try:
        time_control = TimeControl.from_wire(tc, policy)
    except InvalidTimeControl as exc:
        raise _invalid(f"time_control: {exc}") from None
    return Format(
        msg.players,
        corporate_era,
        msg.draft,
        map_name,
        time_control,
        msg.rated,
        prelude=msg.prelude,
        colonies=msg.colonies,
        venus=msg.venus,
    )


def _ladder_format(msg: matchmaking_pb2.MatchFormat) -> Format:
    if not valid_ladder_name(msg.ladder):
        raise _invalid(f"ladder: 1-64 letters, digits, '.', '_', '-', got {quote(msg.ladder)}")
    rest = matchmaking_pb2.MatchFormat()
    rest.CopyFrom(msg)
    rest.ClearField("ladder")
    if rest.ByteSize():
        raise _invalid(
            "a ladder ticket names only its ladder: the ladder decides the players, options "
            "and clock (leave the other fields unset)"
        )
    return ladder_format(msg.ladder)


def ladder_format(name: str) -> Format:
    """The format of the named ladder's tickets: the ladder's name and nothing else."""
    return Format(0, True, False, "tharsis", TimeControl(), True, name)
