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


@dataclass(frozen=True, slots=True)
class TimeControl:
    seconds_per_game: int = 0
    seconds_per_decision: int = 0


@dataclass(frozen=True, slots=True)
class GameMeta:
    game_id: str
    options: GameOptions
    seats: tuple[SeatMeta, ...]
    time_control: TimeControl
    tokens: dict[str, int]  # token hash -> seat (HOST for the host token)
    created_ms: int
    seed_chosen: bool = False  # the creator chose the seed: anyone knowing it knows every hand

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
            "time_control": {
                "seconds_per_game": self.time_control.seconds_per_game,
                "seconds_per_decision": self.time_control.seconds_per_decision,
            },
            "tokens": self.tokens,
            "created_ms": self.created_ms,
            "seed_chosen": self.seed_chosen,
        }
        return orjson.dumps(data)

    @classmethod
    def from_json(cls, game_id: str, raw: bytes) -> GameMeta:
        data = orjson.loads(raw)
        return cls(
            game_id=game_id,
            options=GameOptions.from_data(data["options"]),
            seats=tuple(SeatMeta(**s) for s in data["seats"]),
            time_control=TimeControl(**data["time_control"]),
            tokens={str(k): int(v) for k, v in data["tokens"].items()},
            created_ms=int(data["created_ms"]),
            seed_chosen=bool(data.get("seed_chosen", False)),
        )
