"""The maps: spaces, their bonuses and reservations, and hex adjacency.

Map facts come from `data/spaces.tsv` and `data/adjacency.tsv` (the project's reference tables).
A map is immutable and shared by every game; a game's tiles live in the game state as two flat
lists indexed by space id (tile kind and owner).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .constants import HELLAS_OCEAN_FEE, VASTITAS_TEMPERATURE_FEE
from .errors import InvalidOptions

LAND = "land"
OCEAN_SPACE = "ocean"
OFF_MARS = "colony"
RESTRICTED = "restricted"  # Amazonis Planitia's centre: no tile may ever go there

# Off-Mars city spaces that every base game has, by the card that uses them.
GANYMEDE_COLONY_SPACE = 1
PHOBOS_SPACE_HAVEN_SPACE = 2
BASE_OFF_MARS = (GANYMEDE_COLONY_SPACE, PHOBOS_SPACE_HAVEN_SPACE)
# Venus Next's off-Mars city spaces (on maps of its games only), by the placement rule of the
# card that alone may use each.
VENUS_CITY_SPACES = {"luna_metropolis": 70, "dawn_city": 71, "stratopolis": 72, "maxwell_base": 73}

# The maps the engine plays, with their display names.
MAP_TITLES = {
    "tharsis": "Tharsis",
    "elysium": "Elysium",
    "hellas": "Hellas",
    "vastitas_borealis": "Vastitas Borealis",
    "amazonis": "Amazonis Planitia",
}
SUPPORTED_MAPS = tuple(MAP_TITLES)

# Placement bonuses that are not goods but a paid extra: the placer pays the fee (in M€) and
# gets the effect, as long as the effect can still happen (an ocean left to place, the
# temperature below its goal). See `placement.placement_fee`.
OCEAN_BONUS = "ocean"  # Hellas's south pole: pay 6 M€, place an ocean tile
TEMPERATURE_BONUS = "temperature"  # Vastitas Borealis's north pole: pay 3 M€, +1 temperature
PAID_BONUSES = {OCEAN_BONUS: HELLAS_OCEAN_FEE, TEMPERATURE_BONUS: VASTITAS_TEMPERATURE_FEE}

# The `special` column is a note that starts with the space's printed name, followed by what
# the name is about: "Tharsis Tholus volcanic; ...", "Noctis City reserved: ...",
# "Ganymede Colony (off-Mars city space; ...)".
_SPECIAL_NAME = re.compile(r"^(?P<name>[A-Z][\w' ]*?)(?= volcanic\b| reserved\b| \(|$)")


@dataclass(frozen=True, slots=True)
class Space:
    id: int
    row: int  # -1 for off-Mars spaces
    position: int
    kind: str  # land | ocean | colony | restricted
    bonus: tuple[str, ...]  # one word per unit: ("plant", "plant")
    volcanic: bool
    # Only this card's tile may go here: "noctis_city" on Tharsis 31, "ganymede_colony" and
    # "phobos_space_haven" off Mars (the space's name in lower snake case).
    reserved_for: str | None
    neighbours: tuple[int, ...]
    name: str = ""  # the printed name of a named space ("Tharsis Tholus"); "" for the others
    edge: bool = False  # on the rim of Mars (rows 0 and 8, and each row's ends): Edgedancer

    @property
    def fee(self) -> int:
        """M€ its paid bonuses cost (while they can still happen: `placement.placement_fee`)."""
        return sum(PAID_BONUSES.get(b, 0) for b in self.bonus)

    @property
    def key(self) -> str:
        """The name as a stable lower snake case id ("tharsis_tholus"); "" when unnamed."""
        return name_key(self.name)


@dataclass(frozen=True, slots=True)
class MapDef:
    name: str
    spaces: tuple[Space | None, ...]  # indexed by space id; None for ids the map lacks
    mars: tuple[int, ...]  # the 61 spaces on Mars, in reading order
    off_mars: tuple[int, ...]
    fee_spaces: frozenset[int] = frozenset()  # spaces with a paid bonus (see OCEAN_BONUS)

    @property
    def title(self) -> str:
        return MAP_TITLES[self.name]

    @property
    def has_volcanic_spaces(self) -> bool:
        return any((sp := self.spaces[sid]) is not None and sp.volcanic for sid in self.mars)

    @property
    def size(self) -> int:
        return len(self.spaces)

    def space(self, space_id: int) -> Space:
        if 0 < space_id < len(self.spaces):
            found = self.spaces[space_id]
            if found is not None:
                return found
        raise KeyError(space_id)

    @property
    def noctis_space(self) -> int | None:
        for sid in self.mars:
            sp = self.spaces[sid]
            if sp is not None and sp.reserved_for == "noctis_city":
                return sid
        return None


def name_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def special_name(special: str) -> str:
    """The printed name a `special` note starts with; "" when it names no space."""
    found = _SPECIAL_NAME.match(special)
    return found.group("name") if found else ""


def _rows(filename: str) -> list[dict[str, str]]:
    text = resources.files("olympus.engine.data").joinpath(filename).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines(), delimiter="\t"))


@cache
def _adjacency() -> dict[int, tuple[int, ...]]:
    return {
        int(row["space_id"]): tuple(
            int(n) for n in row["neighbours_clockwise_from_top_left"].split(",")
        )
        for row in _rows("adjacency.tsv")
    }


@cache
def _edges() -> frozenset[int]:
    return frozenset(int(row["space_id"]) for row in _rows("adjacency.tsv") if row["edge"] == "yes")


@cache
def load_map(name: str, venus: bool = False) -> MapDef:
    """The named map (only the base game's off-Mars spaces are kept, and Venus Next's with
    `venus`). Every map shares the same grid of 61 spaces (`adjacency.tsv`); what lies on each
    space is the map's own."""
    kept = (*BASE_OFF_MARS, *VENUS_CITY_SPACES.values()) if venus else BASE_OFF_MARS
    if name not in SUPPORTED_MAPS:
        raise InvalidOptions(
            f"unknown or unsupported map {name!r}; supported: {', '.join(SUPPORTED_MAPS)}"
        )
    adjacency = _adjacency()
    edges = _edges()
    found: dict[int, Space] = {}
    for row in _rows("spaces.tsv"):
        if row["map"] != name:
            continue
        sid = int(row["space_id"])
        if row["space_type"] == OFF_MARS and sid not in kept:
            continue
        printed = special_name(row["special"])
        reserved = row["special"].startswith(f"{printed} reserved") or sid in kept
        found[sid] = Space(
            id=sid,
            row=int(row["row"]),
            position=int(row["position_in_row"]),
            kind=row["space_type"],
            bonus=tuple(b for b in row["bonuses"].split(",") if b),
            volcanic=row["volcanic"] == "yes",
            reserved_for=name_key(printed) if printed and reserved else None,
            neighbours=adjacency.get(sid, ()),
            name=printed,
            edge=sid in edges,
        )
    top = max(found)
    spaces = tuple(found.get(i) for i in range(top + 1))
    mars = tuple(sorted(sid for sid, sp in found.items() if sp.row >= 0))
    off = tuple(sorted(sid for sid, sp in found.items() if sp.row < 0))
    fees = frozenset(sid for sid, sp in found.items() if sp.fee)
    return MapDef(name=name, spaces=spaces, mars=mars, off_mars=off, fee_spaces=fees)
