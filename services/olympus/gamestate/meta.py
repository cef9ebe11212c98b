"""What a game is, besides its state: seats, options, time control, token hashes.

Written once when the game is created and never changed, so every service process may cache it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from olympus.engine import GameOptions

from .auth import HOST


@dataclass(frozen=True, slots=True)
class SeatMeta:
    seat: int
    bot: str = ""  # the bot that plays this seat; empty for a human seat
    beginner: bool = False
    name: str = ""

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)


DEFAULT_TIMEOUTS_BEFORE_BOT = 3
MAX_TIMEOUTS_BEFORE_BOT = 100
MAX_CLOCK_SECONDS = 30 * 24 * 3600  # a month: anything longer is a typo, not a time control
TIMEOUT_POLICIES = ("default", "bot")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The table's clock (see TimeControl in game.proto): none, a fixed time per decision, or
    a bank per seat with an increment after each answer."""

    seconds_per_game: int = 0  # the bank
    seconds_per_decision: int = 0  # the bank's increment
    decision_seconds: int = 0  # a fixed time per decision
    timeout_policy: str = "default"  # "default" (least harmful answer) | "bot"
    timeouts_before_bot: int = DEFAULT_TIMEOUTS_BEFORE_BOT

    def __post_init__(self) -> None:
        for name in ("seconds_per_game", "seconds_per_decision", "decision_seconds"):
            value = getattr(self, name)
            if not 0 <= value <= MAX_CLOCK_SECONDS:
                raise InvalidTimeControl(f"{name} must be 0 to {MAX_CLOCK_SECONDS}, not {value}")
        if self.decision_seconds and (self.seconds_per_game or self.seconds_per_decision):
            raise InvalidTimeControl(
                "choose one clock: decision_seconds (a time per decision) or seconds_per_game "
                "(a bank, with seconds_per_decision as its increment)"
            )
        if self.seconds_per_decision and not self.seconds_per_game:
            raise InvalidTimeControl(
                "seconds_per_decision is the bank's increment: it needs seconds_per_game "
                "(for a fixed time per decision, use decision_seconds)"
            )
        if self.timeout_policy not in TIMEOUT_POLICIES:
            raise InvalidTimeControl(f"unknown timeout policy {self.timeout_policy!r}")
        if not 1 <= self.timeouts_before_bot <= MAX_TIMEOUTS_BEFORE_BOT:
            raise InvalidTimeControl(
                f"timeouts_before_bot must be 1 to {MAX_TIMEOUTS_BEFORE_BOT} (0 means "
                f"{DEFAULT_TIMEOUTS_BEFORE_BOT})"
            )

    @property
    def kind(self) -> str:
        """ "none", "decision" or "bank"."""
        if self.decision_seconds:
            return "decision"
        return "bank" if self.seconds_per_game else "none"

    @property
    def timed(self) -> bool:
        return self.kind != "none"

    def to_data(self) -> dict[str, Any]:
        return {
            "seconds_per_game": self.seconds_per_game,
            "seconds_per_decision": self.seconds_per_decision,
            "decision_seconds": self.decision_seconds,
            "timeout_policy": self.timeout_policy,
            "timeouts_before_bot": self.timeouts_before_bot,
        }

    @classmethod
    def from_wire(cls, tc: Any, policy: str) -> TimeControl:
        """From a TimeControl message (game.proto) whose policy the caller has already named:
        each request edge refuses an undefined policy in its own terms. 0 timeouts means the
        default. InvalidTimeControl for values that cannot work."""
        return cls(
            seconds_per_game=tc.seconds_per_game,
            seconds_per_decision=tc.seconds_per_decision,
            decision_seconds=tc.decision_seconds,
            timeout_policy=policy,
            timeouts_before_bot=tc.timeouts_before_bot or DEFAULT_TIMEOUTS_BEFORE_BOT,
        )

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TimeControl:
        # Games stored before clocks were enforced have the first two fields only, and may have
        # an increment without a bank (shown, never enforced): such a clock is no clock.
        data = dict(data)
        if not data.get("seconds_per_game"):
            data["seconds_per_decision"] = 0
        return cls(**data)


class InvalidTimeControl(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class GameMeta:
    game_id: str
    options: GameOptions
    seats: tuple[SeatMeta, ...]
    time_control: TimeControl
    tokens: dict[str, int]  # token hash -> seat (HOST for the host token)
    created_ms: int
    seed_chosen: bool = False  # the creator chose the seed: anyone knowing it knows every hand
    creator: str = ""  # the account whose API key created the game ("" without a key)

    @property
    def realtime_scoring(self) -> bool:
        """The table shows live scores (views, events, ScoringService.GetLiveScore): the
        setting recorded at creation (see `from_json` for games stored before the option)."""
        return self.options.realtime_scoring

    @property
    def index_member(self) -> str:
        """The game's member in the sorted-set indexes: sorts by creation time, then id."""
        return f"{self.created_ms:015d}:{self.game_id}"

    @property
    def bot_seats(self) -> frozenset[int]:
        return frozenset(s.seat for s in self.seats if s.is_bot)

    def seat_of(self, digest: str) -> int | None:
        return self.tokens.get(digest)

    def digests(self) -> list[str]:
        return list(self.tokens)

    def host_digest(self) -> str:
        return next(d for d, seat in self.tokens.items() if seat == HOST)

    def to_json(self) -> bytes:
        data: dict[str, Any] = {
            "options": self.options.to_data(),
            "seats": [
                {"seat": s.seat, "bot": s.bot, "beginner": s.beginner, "name": s.name}
                for s in self.seats
            ],
            "time_control": self.time_control.to_data(),
            "tokens": self.tokens,
            "created_ms": self.created_ms,
            "seed_chosen": self.seed_chosen,
            "creator": self.creator,
            # The table's setting, as it was recorded before it became an engine option (which
            # `options` write only when off): what `_options` and older readers go by.
            "realtime_scoring": self.realtime_scoring,
        }
        return orjson.dumps(data)

    @classmethod
    def from_json(cls, game_id: str, raw: bytes) -> GameMeta:
        data = orjson.loads(raw)
        return cls(
            game_id=game_id,
            options=_options(data),
            seats=tuple(SeatMeta(**s) for s in data["seats"]),
            time_control=TimeControl.from_data(data["time_control"]),
            tokens={str(k): int(v) for k, v in data["tokens"].items()},
            created_ms=int(data["created_ms"]),
            seed_chosen=bool(data.get("seed_chosen", False)),
            creator=str(data.get("creator", "")),
        )


def _options(meta: dict[str, Any]) -> GameOptions:
    """The engine options of a stored game. The table's realtime scoring is the
    `realtime_scoring` recorded beside the options: games stored before it became an engine
    option (on by default) had it off unless chosen, and keep the setting they were created
    with; a meta without it at all predates live scores (off)."""
    data = meta["options"]
    if "realtime_scoring" not in data:
        data = {**data, "realtime_scoring": bool(meta.get("realtime_scoring", False))}
    return GameOptions.from_data(data)
