"""A table's clock, as both ends read it: the game service enforces it, matchmaking checks the
time control of a ticket's format with the same rules (see TimeControl in game.proto)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
