"""Reading a position's fields with typed errors that name the field (position.py's helper).

A `Reader` checks one value at a time against what the game allows and returns it in the
engine's own terms (card ids, space ids, resource lists). It remembers where every card was
seen, so that a card in two places is refused with both places named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import LAND, OCEAN_SPACE, OFF_MARS, MapDef
from .cards.catalogue import (
    BEGINNER_NUMBER,
    corporation_pool,
    find,
    get as card_def,
    prelude_pool,
    project_deck,
)
from .cards.model import CardDef, card_id
from .colonies import holder_in_play
from .colony_state import NO_FLEET, ColonyBoard, ColonyTile
from .colony_tiles import COLONY_SLOTS, MARKER_START, TILE_NAMES, TRACK_STEPS
from .constants import (
    CITY,
    EMPTY,
    GREENERY,
    NEUTRAL,
    OCEAN,
    PRODUCTION_FLOOR,
    RESOURCES,
    SOLO_STARTING_TR,
    SPECIAL,
    STARTING_TR,
)
from .errors import (
    BadCount,
    BadSpace,
    DuplicateCard,
    InvalidPosition,
    OutOfRange,
    UnknownCard,
)
from .options import GameOptions
from .state import GameState, Player

# Large enough for any real game, small enough to catch a typo (an extra digit or two).
MAX_STOCK = 100_000
MAX_PRODUCTION = 1_000
MAX_TR = 1_000
MAX_CARD_RESOURCES = 1_000

# Card kinds (CardDef.kind), and the kinds each place of a position takes.
PROJECT = "project"
PRELUDE = "prelude"
CORPORATION = "corporation"
PROJECTS = (PROJECT,)
PRELUDES = (PRELUDE,)
CORPORATIONS = (CORPORATION,)
TABLEAU = (PROJECT, PRELUDE)  # a played prelude stays in play with the projects

# The tile kinds by name and the space kinds each may lie on. An ocean on land is Artificial
# Lake's (checked apart); a card's own tile may lie on an ocean space (Mohole Area).
TILE_KINDS = {"ocean": OCEAN, "greenery": GREENERY, "city": CITY, "special": SPECIAL}
TILE_SPACES = {
    OCEAN: (OCEAN_SPACE,),
    GREENERY: (LAND,),
    CITY: (LAND, OFF_MARS),
    SPECIAL: (LAND, OCEAN_SPACE),
}
# Tiles some cards put on the other kind of space: an ocean on land (Artificial Lake), a
# greenery on an ocean space (Mangrove, Protected Valley). As many as those cards in play.
ODD_PLACES = {
    OCEAN: (LAND, (card_id("116"),)),
    GREENERY: (OCEAN_SPACE, (card_id("059"), card_id("174"))),
}
NEUTRAL_OWNER = "neutral"


class Reader:
    """Checks for one position of a game with `options` on `board`."""

    def __init__(self, options: GameOptions, board: MapDef) -> None:
        self.options = options
        self.board = board
        self.places: dict[int, str] = {}  # card id -> the path where it was seen
        self.projects = frozenset(
            project_deck(options.corporate_era, options.prelude, options.colonies, options.venus)
        )
        corps = corporation_pool(
            options.corporate_era, options.prelude, options.colonies, options.venus
        )
        self.beginner = card_id(BEGINNER_NUMBER)
        self.corporations = frozenset((*corps, self.beginner))
        self.preludes = frozenset(prelude_pool()) if options.prelude else frozenset()
        self.pools = {
            PROJECT: self.projects,
            PRELUDE: self.preludes,
            CORPORATION: self.corporations,
        }

    # --- shapes ------------------------------------------------------------------------------
    @staticmethod
    def obj(
        path: str, value: Any, known: tuple[str, ...], required: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise InvalidPosition(path, f"expected an object, got {type(value).__name__}")
        for key in value:
            if key not in known:
                raise InvalidPosition(_join(path, str(key)), "unknown field")
        for key in required:
            if key not in value:
                raise InvalidPosition(_join(path, key), "missing")
        return value

    @staticmethod
    def mapping(path: str, value: Any) -> dict[str, Any]:
        """An object whose keys are data (card names), not field names."""
        if not isinstance(value, dict):
            raise InvalidPosition(path, f"expected an object, got {type(value).__name__}")
        return value

    @staticmethod
    def array(path: str, value: Any) -> list[Any]:
        if not isinstance(value, list | tuple):
            raise InvalidPosition(path, f"expected a list, got {type(value).__name__}")
        return list(value)

    @staticmethod
    def boolean(path: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise InvalidPosition(path, f"expected true or false, got {value!r}")
        return value

    @staticmethod
    def integer(path: str, value: Any, lo: int, hi: int, error: type[InvalidPosition]) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise error(path, f"expected a whole number, got {value!r}")
        if not lo <= value <= hi:
            raise error(path, f"{value} is outside {lo}..{hi}")
        return value

    @staticmethod
    def text(path: str, value: Any, allowed: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise InvalidPosition(path, f"{value!r} is not one of {', '.join(sorted(allowed))}")
        return value

    def seat(self, path: str, value: Any) -> int:
        return self.integer(path, value, 0, self.options.players - 1, OutOfRange)

    def seats(self, path: str, value: Any) -> list[int]:
        seats = [self.seat(f"{path}[{i}]", s) for i, s in enumerate(self.array(path, value))]
        if len(set(seats)) != len(seats):
            raise InvalidPosition(path, "a seat is named twice")
        return seats

    # --- cards -------------------------------------------------------------------------------
    @staticmethod
    def named(path: str, value: Any) -> CardDef:
        """A card named by printed number or name (any kind, any module)."""
        found = find(value) if isinstance(value, str) else None
        if found is None:
            raise UnknownCard(path, f"no card {value!r}")
        return found

    def card(self, path: str, value: Any, kinds: tuple[str, ...], place: bool = True) -> int:
        """A card of one of `kinds` and of this game's modules; `place`: the card lies here
        (so it may lie nowhere else)."""
        found = self.named(path, value)
        if found.kind not in kinds:
            raise UnknownCard(path, f"{_name(found)} is a {found.kind} card, not a {kinds[0]} card")
        if found.id not in self.pools[found.kind]:
            raise UnknownCard(
                path, f"{_name(found)} is not one of this game's cards", code="card_not_in_game"
            )
        if place and found.id != self.beginner:  # every beginner seat has its own copy
            other = self.places.get(found.id)
            if other is not None:
                raise DuplicateCard(path, f"{_name(found)} is already at {other}")
            self.places[found.id] = path
        return found.id

    def cards(
        self,
        path: str,
        value: Any,
        kinds: tuple[str, ...],
        check: Callable[[str, CardDef], None] | None = None,
    ) -> list[int]:
        out = []
        for i, item in enumerate(self.array(path, value)):
            at = f"{path}[{i}]"
            cid = self.card(at, item, kinds)
            if check is not None:
                check(at, card_def(cid))
            out.append(cid)
        return out

    # --- stocks ------------------------------------------------------------------------------
    def stock(self, path: str, value: Any, production: bool) -> list[int]:
        """Six amounts by resource name (missing ones are 0)."""
        given = self.obj(path, value, RESOURCES)
        out = []
        for i, name in enumerate(RESOURCES):
            lo, hi = (PRODUCTION_FLOOR[i], MAX_PRODUCTION) if production else (0, MAX_STOCK)
            out.append(self.integer(_join(path, name), given.get(name, 0), lo, hi, BadCount))
        return out

    # --- the board ---------------------------------------------------------------------------
    def space(self, path: str, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadSpace(path, f"expected a space id, got {value!r}")
        try:
            self.board.space(value)
        except KeyError:
            raise BadSpace(path, f"the {self.board.title} map has no space {value}") from None
        return value

    def tile(
        self, path: str, value: Any, tiles: list[int], leeway: dict[int, int]
    ) -> tuple[int, int]:
        """(space, kind) of one tile entry, the space checked free and of the right kind.
        `leeway`: how many more tiles of a kind may lie on the other kind of space (the cards
        in play that put them there, less those already on the board); used up here."""
        entry = self.obj(path, value, ("space", "tile", "owner", "card"), ("space", "tile"))
        at = _join(path, "space")
        sid = self.space(at, entry["space"])
        kind = TILE_KINDS[self.text(_join(path, "tile"), entry["tile"], TILE_KINDS)]
        if tiles[sid] != EMPTY:
            raise BadSpace(at, f"space {sid} already holds a tile")
        where = self.board.space(sid).kind
        if where in TILE_SPACES[kind]:
            return sid, kind
        exception = ODD_PLACES.get(kind)
        if exception is None or where != exception[0]:
            raise BadSpace(at, f"a {entry['tile']} cannot lie on {where} space {sid}")
        if leeway.get(kind, 0) < 1:
            names = " or ".join(card_def(c).name for c in exception[1])
            raise BadSpace(
                at, f"a {entry['tile']} lies on {where} space {sid} only by {names}, in play"
            )
        leeway[kind] -= 1
        return sid, kind

    def owner(self, path: str, value: Any, kind: int) -> int:
        if kind == OCEAN:
            if value is not None:
                raise InvalidPosition(path, "an ocean belongs to nobody")
            return -1
        if value == NEUTRAL_OWNER and self.options.solo:
            return NEUTRAL
        if value is None:
            raise InvalidPosition(path, "a greenery, city or card tile has an owner")
        return self.seat(path, value)


# --- a player -----------------------------------------------------------------------------------

PLAYER_KEYS = (
    "corporation",
    "tr",
    "resources",
    "production",
    "hand",
    "played",
    "events",
    "card_resources",
    "used",
    "passed",
    "tr_raised",
    "first_action",
    "modifiers",
    "dealt_corporations",
    "dealt",
    "draft_hand",
    "drafted",
    "preludes",
)
MODIFIERS = ("discount", "leniency")  # one-shot modifiers for the next card (query.py)


def _not_event(path: str, card: CardDef) -> None:
    if card.is_event:
        raise InvalidPosition(path, f"{_name(card)} is an event: it goes under events")


def _event(path: str, card: CardDef) -> None:
    if not card.is_event:
        raise InvalidPosition(path, f"{_name(card)} is not an event: it goes under played")


def read_player(r: Reader, path: str, seat: int, value: Any) -> Player:
    """One entry of `players`: every field is optional (empty, zero, false by default)."""
    v = r.obj(path, value, PLAYER_KEYS)
    p = Player(seat, 0)
    corp = v.get("corporation")
    p.corp = 0 if corp is None else r.card(f"{path}.corporation", corp, CORPORATIONS)
    start = SOLO_STARTING_TR if r.options.solo else STARTING_TR
    p.tr = r.integer(f"{path}.tr", v.get("tr", start), 0, MAX_TR, OutOfRange)
    p.res = r.stock(f"{path}.resources", v.get("resources", {}), production=False)
    p.prod = r.stock(f"{path}.production", v.get("production", {}), production=True)
    p.hand = r.cards(f"{path}.hand", v.get("hand", []), PROJECTS)
    p.played = r.cards(f"{path}.played", v.get("played", []), TABLEAU, _not_event)
    p.events = r.cards(f"{path}.events", v.get("events", []), PROJECTS, _event)
    in_play = {*p.played, p.corp} - {0}
    for key, count in r.mapping(f"{path}.card_resources", v.get("card_resources", {})).items():
        at = f"{path}.card_resources.{key}"
        card = r.named(at, key)
        if card.id not in in_play:
            raise InvalidPosition(at, f"{_name(card)} is not in play for this player")
        if card.resource is None:
            raise InvalidPosition(at, f"{_name(card)} holds no resources")
        p.card_res[card.id] = r.integer(at, count, 0, MAX_CARD_RESOURCES, BadCount)
    for cid in (*p.played, p.corp):  # a card that holds resources always has a count
        if cid and card_def(cid).resource is not None and cid not in p.card_res:
            p.card_res[cid] = 0
    for i, item in enumerate(r.array(f"{path}.used", v.get("used", []))):
        card = r.named(f"{path}.used[{i}]", item)
        if card.id not in in_play or not card.has_action or card.id in p.used:
            raise InvalidPosition(
                f"{path}.used[{i}]", f"{_name(card)} is no action card of this player's in play"
            )
        p.used.append(card.id)
    p.passed = r.boolean(f"{path}.passed", v.get("passed", False))
    p.tr_raised = r.boolean(f"{path}.tr_raised", v.get("tr_raised", False))
    p.first_action = r.boolean(f"{path}.first_action", v.get("first_action", False))
    if p.first_action and not (p.corp and card_def(p.corp).first_action):
        raise InvalidPosition(f"{path}.first_action", "the corporation has no first action")
    for i, item in enumerate(r.array(f"{path}.modifiers", v.get("modifiers", []))):
        at = f"{path}.modifiers[{i}]"
        pair = r.array(at, item)
        if len(pair) != 2:
            raise InvalidPosition(at, "a modifier is [name, amount]")
        name = r.text(f"{at}[0]", pair[0], MODIFIERS)
        p.mods.append(
            (name, r.integer(f"{at}[1]", pair[1], -MAX_PRODUCTION, MAX_PRODUCTION, BadCount))
        )
    corps = v.get("dealt_corporations", [])
    p.dealt_corps = r.cards(f"{path}.dealt_corporations", corps, CORPORATIONS)
    p.dealt = r.cards(f"{path}.dealt", v.get("dealt", []), PROJECTS)
    p.draft_hand = r.cards(f"{path}.draft_hand", v.get("draft_hand", []), PROJECTS)
    p.drafted = r.cards(f"{path}.drafted", v.get("drafted", []), PROJECTS)
    p.preludes = r.cards(f"{path}.preludes", v.get("preludes", []), PRELUDES)
    return p


# --- the board ------------------------------------------------------------------------------------


def read_tiles(g: GameState, r: Reader, tiles: Any, claims: Any) -> None:
    """`tiles` and `claims` onto the board (odd places only as many as ODD_PLACES's cards in
    play allow); a card's own tile (and a city that is one, like Capital) names its card, which
    is in play for the tile's owner."""
    leeway = {
        kind: sum(1 for p in g.players for c in p.played if c in cards)
        for kind, (_, cards) in ODD_PLACES.items()
    }
    for i, item in enumerate(r.array("tiles", tiles)):
        path = f"tiles[{i}]"
        sid, kind = r.tile(path, item, g.tiles, leeway)
        g.tiles[sid] = kind
        g.owners[sid] = r.owner(f"{path}.owner", item.get("owner"), kind)
        if "card" in item:
            card = r.named(f"{path}.card", item["card"])
            owner = g.players[g.owners[sid]] if g.owners[sid] >= 0 else None
            if owner is None or card.id not in (*owner.played, *owner.events):
                raise InvalidPosition(f"{path}.card", f"{_name(card)} is not in play for the owner")
            g.specials[sid] = card.id
        elif kind == SPECIAL:
            raise InvalidPosition(f"{path}.card", "a card's own tile names its card")
    for i, item in enumerate(r.array("claims", claims)):
        path = f"claims[{i}]"
        entry = r.obj(path, item, ("space", "seat"), ("space", "seat"))
        sid = r.space(f"{path}.space", entry["space"])
        if sid in g.claims:
            raise BadSpace(f"{path}.space", f"space {sid} is claimed twice")
        g.claims[sid] = r.seat(f"{path}.seat", entry["seat"])


def read_colonies(g: GameState, r: Reader, value: Any) -> None:
    """The colony tiles in play, those left out, the fleets. The tiles keep the order given:
    it is the order of the colony choices offered (a tile Aridor adds comes last)."""
    v = r.obj("colonies", value, ("tiles", "unused", "fleets"), ("tiles", "fleets"))
    seen: set[str] = set()
    tiles = []
    for i, item in enumerate(r.array("colonies.tiles", v["tiles"])):
        path = f"colonies.tiles[{i}]"
        e = r.obj(path, item, ("name", "active", "marker", "colonies", "visitor"), ("name",))
        name = r.text(f"{path}.name", e["name"], TILE_NAMES)
        if name in seen:
            raise InvalidPosition(f"{path}.name", f"{name} is in play twice")
        seen.add(name)
        marker = r.integer(
            f"{path}.marker", e.get("marker", MARKER_START), 1, TRACK_STEPS, OutOfRange
        )
        # Active by default as at a deal: a card-resource tile once a holder is in play.
        active = r.boolean(f"{path}.active", e.get("active", holder_in_play(g, name)))
        tile = ColonyTile(name, active, marker)
        owners = r.array(f"{path}.colonies", e.get("colonies", []))
        if len(owners) > COLONY_SLOTS:
            raise BadCount(f"{path}.colonies", f"a tile holds at most {COLONY_SLOTS} colonies")
        tile.colonies = [r.seat(f"{path}.colonies[{j}]", s) for j, s in enumerate(owners)]
        visitor = e.get("visitor")
        tile.visitor = NO_FLEET if visitor is None else r.seat(f"{path}.visitor", visitor)
        tiles.append(tile)
    unused = []
    for i, name in enumerate(r.array("colonies.unused", v.get("unused", []))):
        unused.append(r.text(f"colonies.unused[{i}]", name, set(TILE_NAMES) - seen))
        seen.add(name)
    fleets = r.array("colonies.fleets", v["fleets"])
    if len(fleets) != len(g.players):
        raise BadCount("colonies.fleets", "one number of trade fleets per player")
    board = ColonyBoard(tiles, unused, [])
    for seat, n in enumerate(fleets):
        out = board.fleets_out(seat)
        board.fleets.append(r.integer(f"colonies.fleets[{seat}]", n, max(out, 0), 10, BadCount))
    g.colonies = board


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _name(card: CardDef) -> str:
    return f"{card.name} ({card.number})"
