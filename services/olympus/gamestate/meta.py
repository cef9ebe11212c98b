"""What a game is, besides its state: seats, options, time control, token hashes, and the
position it started from when it was not dealt from its options.

Written once when the game is created and never changed, so every service process may cache it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from olympus.api.time_control import (
    DEFAULT_TIMEOUTS_BEFORE_BOT,
    MAX_CLOCK_SECONDS,
    MAX_TIMEOUTS_BEFORE_BOT,
    TIMEOUT_POLICIES,
    InvalidTimeControl,
    TimeControl,
)
from olympus.engine import Game, GameOptions
from olympus.engine.migrations import FORMAT_VERSION
from olympus.engine.version import FIRST_RULES_VERSION, RULES_VERSION

from .auth import HOST
from .lru import META_BYTES

__all__ = [
    "DEFAULT_TIMEOUTS_BEFORE_BOT",
    "MAX_CLOCK_SECONDS",
    "MAX_TIMEOUTS_BEFORE_BOT",
    "TIMEOUT_POLICIES",
    "GameMeta",
    "InvalidTimeControl",
    "SeatMeta",
    "TimeControl",
]


@dataclass(frozen=True, slots=True)
class SeatMeta:
    seat: int
    bot: str = ""  # the bot that plays this seat; empty for a human seat
    beginner: bool = False
    name: str = ""
    # The account that owns the seat, when a platform service seated it (matchmaking, the
    # ladder): its rated player, and whose disabling hands the seat to a bot.
    account: str = ""

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seat": self.seat,
            "bot": self.bot,
            "beginner": self.beginner,
            "name": self.name,
        }
        if self.account:  # written only when set: older metas read the same
            data["account"] = self.account
        return data


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
    # The scoring queue the game is rated in ("" unrated), fixed at creation by the service
    # that made it: the only source of a rated result (the game service delivers it).
    rated_queue: str = ""
    # The rules version the game is played by, from its deal to its replays (engine/version.py),
    # and the state format it was created in: a meta without them predates versions (1 and 1).
    rules: int = RULES_VERSION
    state_format: int = FORMAT_VERSION
    # The human seats left open for anyone signed in to take (open_tables.py): who took one is
    # in the game's grants hash, not here (seating.py's `seated` reads it).
    open_seats: tuple[int, ...] = ()
    # A game created from a position (CreateGameRequest.position): the position as the engine
    # recorded it (`Game.origin`, compact JSON, with the deck it dealt if the position left it
    # out), which every rebuild from the log starts from; "" for a game dealt from `options`.
    position: str = ""

    def start(self) -> Game:
        """The game as it was when created, before any answer: what a rebuild from the log
        replays the answers on. Dealt from the options under the game's rules, or set up from
        its position (whose own `rules` it plays by)."""
        if self.position:
            return Game.from_position(orjson.loads(self.position))
        return Game.new(self.options, rules=self.rules)

    def cache_units(self) -> int:
        """The meta's weight in the metadata cache, in ordinary metas (lru.META_BYTES each):
        a position's text, several KB, counts for the room it takes."""
        return 1 + len(self.position) // META_BYTES

    @property
    def anonymous(self) -> bool:
        """Created without an API key: the anonymous policy applies (shorter retention)."""
        return not self.creator

    def rated_players(self) -> list[str]:
        """Each seat's rated player: its account, else "bot:<bot>" (the k-th seat of the same
        bot, k >= 2: "bot:<bot>.<k>")."""
        out: list[str] = []
        seen: dict[str, int] = {}
        for s in self.seats:
            if s.account:
                out.append(s.account)
                continue
            bot = s.bot or "human"
            seen[bot] = seen.get(bot, 0) + 1
            k = seen[bot]
            out.append(f"bot:{bot}" if k == 1 else f"bot:{bot}.{k}")
        return out

    def account_seats(self) -> dict[str, list[int]]:
        """The seats of each account seated here."""
        out: dict[str, list[int]] = {}
        for s in self.seats:
            if s.account:
                out.setdefault(s.account, []).append(s.seat)
        return out

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
            "seats": [s.to_data() for s in self.seats],
            "time_control": self.time_control.to_data(),
            "tokens": self.tokens,
            "created_ms": self.created_ms,
            "seed_chosen": self.seed_chosen,
            "creator": self.creator,
            "rated_queue": self.rated_queue,
            # The table's setting, as it was recorded before it became an engine option (which
            # `options` write only when off): what `_options` and older readers go by.
            "realtime_scoring": self.realtime_scoring,
            "rules": self.rules,
            "format": self.state_format,
        }
        if self.open_seats:  # written only when set: older metas read the same
            data["open_seats"] = list(self.open_seats)
        if self.position:  # likewise
            data["position"] = self.position
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
            rated_queue=str(data.get("rated_queue", "")),
            rules=int(data.get("rules", FIRST_RULES_VERSION)),
            state_format=int(data.get("format", 1)),
            open_seats=tuple(int(seat) for seat in data.get("open_seats", ())),
            position=str(data.get("position", "")),
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
