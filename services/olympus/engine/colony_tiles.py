"""The Colonies expansion's 11 colony tiles as data: what trading brings at each step of the
track, what building a colony gives, and what each colony gives when someone trades there.

Effects are instruction tuples like a card's (see `ops`), so trading and building run through
the interpreter: a choice (which card takes the microbes, where Europa's ocean goes, which
card Pluto discards) is an ordinary decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards.model import Instr
from .constants import ANIMAL, FLOATER, MICROBE

TRACK_STEPS = 7  # steps 1..7 of a tile's track
COLONY_SLOTS = 3  # colonies a tile holds (steps 1..3), without exception
MARKER_START = 2  # every marker starts on step 2 (and an inactive tile's, once it activates)
CARD_RESOURCE_KINDS = (MICROBE, ANIMAL, FLOATER)  # tiles with these start inactive


@dataclass(frozen=True, slots=True)
class ColonyTileDef:
    """One colony tile.

    `trade`: what the trade income is made of: a standard resource ("megacredits", ...), a
    card resource ("microbe", "animal", "floater": onto a card of the trader's that holds it),
    "cards" (drawn into hand) or "production" (Europa: one step of the production named at the
    marker). `track`: the income at steps 1..7 (amounts, or production names for Europa).
    """

    name: str
    trade: str
    track: tuple[int | str, ...]
    placement: tuple[Instr, ...]  # the placement bonus, for the colony's owner
    bonus: tuple[Instr, ...]  # the colony bonus, per colony, when anyone trades here
    placement_text: str
    bonus_text: str

    @property
    def starts_inactive(self) -> bool:
        """Enceladus, Miranda and Titan wait for a card that holds their resource."""
        return self.trade in CARD_RESOURCE_KINDS

    def income(self, step: int) -> tuple[Instr, ...]:
        """The trade income at a step of the track (1..7), as instructions for the trader."""
        value = self.track[step - 1]
        if isinstance(value, str):  # Europa: a production step
            return (("prod", value, 1),)
        if value == 0:
            return ()
        if self.trade in CARD_RESOURCE_KINDS:
            return (("add", self.trade, value, "any", 0),)
        if self.trade == "cards":
            return (("draw", value),)
        return (("gain", self.trade, value),)

    def income_text(self, step: int) -> str:
        """What trading at this step brings, in words ("7 M€", "2 microbes")."""
        value = self.track[step - 1]
        if isinstance(value, str):
            return f"{_NOUNS.get(value, (value,))[0]} production +1"
        one, many = _NOUNS.get(self.trade, (self.trade, self.trade))
        return f"{value} {one if value == 1 else many}"


_NOUNS = {  # resource -> (singular, plural) in words
    "megacredits": ("M€", "M€"),
    "plants": ("plant", "plants"),
    "cards": ("card", "cards"),
    MICROBE: ("microbe", "microbes"),
    ANIMAL: ("animal", "animals"),
    FLOATER: ("floater", "floaters"),
}


def _tile(
    name: str,
    trade: str,
    track: tuple[int | str, ...],
    placement: tuple[Instr, ...],
    placement_text: str,
    bonus: tuple[Instr, ...],
    bonus_text: str,
) -> ColonyTileDef:
    assert len(track) == TRACK_STEPS
    return ColonyTileDef(name, trade, track, placement, bonus, placement_text, bonus_text)


def _onto_card(kind: str, n: int) -> Instr:
    """Card resources onto a card of the owner's that holds them (lost when there is none)."""
    return ("add", kind, n, "any", 0)


_MC_PROD, _ENERGY_PROD, _PLANT_PROD = "megacredits", "energy", "plants"

TILES: tuple[ColonyTileDef, ...] = (
    _tile(
        "Callisto",
        "energy",
        (0, 2, 3, 5, 7, 10, 13),
        (("prod", "energy", 1),),
        "energy production +1",
        (("gain", "energy", 3),),
        "3 energy",
    ),
    _tile(
        "Ceres",
        "steel",
        (1, 2, 3, 4, 6, 8, 10),
        (("prod", "steel", 1),),
        "steel production +1",
        (("gain", "steel", 2),),
        "2 steel",
    ),
    _tile(
        "Enceladus",
        MICROBE,
        (0, 1, 2, 3, 4, 4, 5),
        (_onto_card(MICROBE, 3),),
        "3 microbes onto one of your cards",
        (_onto_card(MICROBE, 1),),
        "1 microbe onto one of your cards",
    ),
    _tile(
        "Europa",
        "production",
        (_MC_PROD, _MC_PROD, _ENERGY_PROD, _ENERGY_PROD, _PLANT_PROD, _PLANT_PROD, _PLANT_PROD),
        (("place", "ocean", "ocean"),),
        "place an ocean tile",
        (("gain", "megacredits", 1),),
        "1 M€",
    ),
    _tile(
        "Ganymede",
        "plants",
        (0, 1, 2, 3, 4, 5, 6),
        (("prod", "plants", 1),),
        "plant production +1",
        (("gain", "plants", 1),),
        "1 plant",
    ),
    _tile(
        "Io",
        "heat",
        (2, 3, 4, 6, 8, 10, 13),
        (("prod", "heat", 1),),
        "heat production +1",
        (("gain", "heat", 2),),
        "2 heat",
    ),
    _tile(
        "Luna",
        "megacredits",
        (1, 2, 4, 7, 10, 13, 17),
        (("prod", "megacredits", 2),),
        "M€ production +2",
        (("gain", "megacredits", 2),),
        "2 M€",
    ),
    _tile(
        "Miranda",
        ANIMAL,
        (0, 1, 1, 2, 2, 3, 3),
        (_onto_card(ANIMAL, 1),),
        "1 animal onto one of your cards",
        (("draw", 1),),
        "draw 1 card",
    ),
    _tile(
        "Pluto",
        "cards",
        (0, 1, 2, 2, 3, 3, 4),
        (("draw", 2),),
        "draw 2 cards",
        (("draw", 1), ("discard", 1)),
        "draw 1 card, then discard 1 card",
    ),
    _tile(
        "Titan",
        FLOATER,
        (0, 1, 1, 2, 3, 3, 4),
        (_onto_card(FLOATER, 3),),
        "3 floaters onto one of your cards",
        (_onto_card(FLOATER, 1),),
        "1 floater onto one of your cards",
    ),
    _tile(
        "Triton",
        "titanium",
        (0, 1, 1, 2, 3, 4, 5),
        (("gain", "titanium", 3),),
        "3 titanium",
        (("gain", "titanium", 1),),
        "1 titanium",
    ),
)

TILE_NAMES: tuple[str, ...] = tuple(t.name for t in TILES)
_BY_NAME = {t.name: t for t in TILES}


def tile_def(name: str) -> ColonyTileDef:
    return _BY_NAME[name]


def tiles_in_play(players: int) -> int:
    """How many tiles a game deals: players + 2, one more with 1 or 2 players (a solo player
    then removes one of the 4, leaving 3)."""
    return players + 2 + (1 if players <= 2 else 0)
