"""Game options: what kind of game to set up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import SUPPORTED_MAPS
from .errors import InvalidOptions


@dataclass(frozen=True, slots=True)
class GameOptions:
    players: int = 2
    seed: int = 0
    corporate_era: bool = True
    draft: bool = False
    solo_tr63: bool = False  # solo only: win by reaching TR 63 instead of terraforming
    beginner: tuple[bool, ...] = ()  # per seat: deal the Beginner corporation only
    map: str = "tharsis"
    undo: bool = False  # a seat may take back its own recent answers (see undo.py)
    prelude: bool = False  # the Prelude expansion: preludes, its projects and corporations
    # Every view carries each seat's score as if the game ended now (public facts only); off,
    # no view shows a score before the end. Changes no rule: a replay ignores it.
    realtime_scoring: bool = True
    colonies: bool = False  # the Colonies expansion: colony tiles, trade fleets (colonies.py)
    venus: bool = False  # Venus Next: the Venus scale, its cards, Air Scrapping (venus.py)
    # Venus Next's World Government Terraforming after each production: None follows `venus`
    # (on with it, as the expansion's rules have it); False switches it off for a Venus game.
    world_government: bool | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 1 <= self.players <= 5:
            raise InvalidOptions(f"players must be 1 to 5, got {self.players!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise InvalidOptions(f"seed must be an integer, got {self.seed!r}")
        if not 0 <= self.seed < 2**63:
            raise InvalidOptions("seed must be between 0 and 2**63-1")
        if self.map not in SUPPORTED_MAPS:
            raise InvalidOptions(
                f"unknown map {self.map!r}; supported: {', '.join(SUPPORTED_MAPS)}"
            )
        if not isinstance(self.undo, bool):
            raise InvalidOptions(f"undo must be true or false, got {self.undo!r}")
        if not isinstance(self.realtime_scoring, bool):
            raise InvalidOptions(
                f"realtime_scoring must be true or false, got {self.realtime_scoring!r}"
            )
        if not isinstance(self.colonies, bool):
            raise InvalidOptions(f"colonies must be true or false, got {self.colonies!r}")
        if not isinstance(self.venus, bool):
            raise InvalidOptions(f"venus must be true or false, got {self.venus!r}")
        if self.world_government is not None and not isinstance(self.world_government, bool):
            raise InvalidOptions(
                f"world_government must be true, false or absent, got {self.world_government!r}"
            )
        if self.world_government and not self.venus:
            # Its choices include the Venus scale: the engine offers it with Venus Next only.
            raise InvalidOptions("world_government is a Venus Next rule (venus=True)")
        if self.beginner and len(self.beginner) != self.players:
            raise InvalidOptions("beginner must name every seat (one flag per player) or be empty")
        if self.solo_tr63 and self.players != 1:
            raise InvalidOptions("the TR63 variant is a solo variant (players=1)")
        if self.players == 1 and not self.corporate_era:
            # The published solo game always uses the Corporate Era cards.
            raise InvalidOptions("solo games always use the Corporate Era (corporate_era=True)")

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def wgt(self) -> bool:
        """Whether World Government Terraforming follows each production phase."""
        return self.venus if self.world_government is None else self.world_government

    def is_beginner(self, seat: int) -> bool:
        return bool(self.beginner) and self.beginner[seat]

    def to_data(self) -> dict[str, Any]:
        # Built by hand: it is written into every saved game, and asdict() is slow.
        data: dict[str, Any] = {
            "players": self.players,
            "seed": self.seed,
            "corporate_era": self.corporate_era,
            "draft": self.draft,
            "solo_tr63": self.solo_tr63,
            "beginner": list(self.beginner),
            "map": self.map,
            # Written only when on, so that games of the kinds that came before the expansion
            # keep their saved bytes (and recorded games their checksums).
            **({"prelude": True} if self.prelude else {}),
        }
        if self.undo:  # written only when on: saved games without it stay byte for byte
            data["undo"] = True
        if not self.realtime_scoring:
            # Written only when off: a game with the default saves (and hashes) as games did
            # before the option existed, and reads back with the default.
            data["realtime_scoring"] = False
        if self.colonies:  # written only when on
            data["colonies"] = True
        if self.venus:  # written only when on
            data["venus"] = True
        if self.world_government is not None:  # only when set apart from the default
            data["world_government"] = self.world_government
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameOptions:
        if not isinstance(data, dict):
            raise InvalidOptions("options must be an object")
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(data) - known
        if unknown:
            raise InvalidOptions(f"unknown option(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        if "beginner" in values:
            values["beginner"] = tuple(bool(b) for b in values["beginner"])
        return cls(**values)
