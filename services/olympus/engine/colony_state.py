"""The Colonies expansion's part of the game state: plain data, cloned and saved with it.

Kept apart from `state.py` (which holds a `ColonyBoard` or None) so that games without the
expansion carry nothing of it, and their saves keep their bytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState

NO_FLEET = -1  # `ColonyTile.visitor` when no trade fleet is on the tile


class ColonyTile:
    """A colony tile in play: its track marker (step 1..7), the colonies on it (owner seats,
    in step order: the first is on step 1), and the seat whose fleet traded here this
    generation (NO_FLEET when none). An inactive tile (Enceladus, Miranda, Titan before a card
    holding their resource is in play) takes no trade and no colony, and its marker stays."""

    __slots__ = ("active", "colonies", "marker", "name", "visitor")

    def __init__(self, name: str, active: bool, marker: int) -> None:
        self.name = name
        self.active = active
        self.marker = marker
        self.colonies: list[int] = []
        self.visitor = NO_FLEET

    def clone(self) -> ColonyTile:
        t = ColonyTile.__new__(ColonyTile)
        t.name = self.name
        t.active = self.active
        t.marker = self.marker
        t.colonies = self.colonies[:]
        t.visitor = self.visitor
        return t

    def to_data(self) -> list[Any]:
        return [self.name, int(self.active), self.marker, self.colonies, self.visitor]

    @classmethod
    def from_data(cls, data: list[Any]) -> ColonyTile:
        name, active, marker, colonies, visitor = data
        t = cls(name, bool(active), marker)
        t.colonies = list(colonies)
        t.visitor = visitor
        return t


class ColonyBoard:
    """The tiles in play (in the reference order), the tiles left out (Aridor may bring one
    in), and each seat's number of trade fleets. A fleet is out when it sits on a tile
    (`ColonyTile.visitor`); the others are at home."""

    __slots__ = ("fleets", "tiles", "unused")

    def __init__(self, tiles: list[ColonyTile], unused: list[str], fleets: list[int]) -> None:
        self.tiles = tiles
        self.unused = unused
        self.fleets = fleets

    def clone(self) -> ColonyBoard:
        return ColonyBoard([t.clone() for t in self.tiles], self.unused[:], self.fleets[:])

    def tile(self, name: str) -> ColonyTile:
        for t in self.tiles:
            if t.name == name:
                return t
        raise KeyError(name)

    def fleets_out(self, seat: int) -> int:
        return sum(1 for t in self.tiles if t.visitor == seat)

    def fleets_home(self, seat: int) -> int:
        return self.fleets[seat] - self.fleets_out(seat)

    def colonies_of(self, seat: int) -> int:
        return sum(t.colonies.count(seat) for t in self.tiles)

    def colonies_in_play(self) -> int:
        return sum(len(t.colonies) for t in self.tiles)

    def to_data(self) -> list[Any]:
        return [[t.to_data() for t in self.tiles], self.unused, self.fleets]

    @classmethod
    def from_data(cls, data: list[Any]) -> ColonyBoard:
        tiles, unused, fleets = data
        return cls([ColonyTile.from_data(t) for t in tiles], list(unused), list(fleets))


def colonies_of(g: GameState, seat: int) -> int:
    """A player's colonies (0 without the expansion): Colonizer, Pioneer Settlement, ..."""
    return g.colonies.colonies_of(seat) if g.colonies is not None else 0


def colonies_in_play(g: GameState) -> int:
    """Colonies of every player (0 without the expansion): Space Port Colony's VP, ..."""
    return g.colonies.colonies_in_play() if g.colonies is not None else 0
