"""The game state: plain data in slotted objects, cheap to clone and to serialize.

Everything that decides the future of a game is in here, including the stack of pending
instructions (`stack`): the continuation of the game. A frame is a tuple
``(op, player, card, *args)``; frames are never mutated in place (a handler that needs to change
one pushes a new one), so a clone may share them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

from . import migrations
from .board import MapDef, load_map
from .colony_state import ColonyBoard
from .constants import NOBODY, OCEANS_MIN, OXYGEN_MIN, TEMPERATURE_MIN, VENUS_MAX, VENUS_MIN
from .errors import CorruptState
from .options import GameOptions
from .version import FIRST_RULES_VERSION, check_rules, current_rules

if TYPE_CHECKING:
    from .decisions import Decision

Frame = tuple[Any, ...] | list[Any]


class Player:
    __slots__ = (
        "_effects",
        "_tags",
        "_tags_key",
        "card_res",
        "corp",
        "dealt",
        "dealt_corps",
        "draft_hand",
        "drafted",
        "events",
        "first_action",
        "hand",
        "mods",
        "passed",
        "played",
        "preludes",
        "prod",
        "res",
        "seat",
        "tr",
        "tr_raised",
        "used",
    )

    seat: int
    corp: int  # 0 until chosen
    tr: int
    res: list[int]  # M€, steel, titanium, plants, energy, heat
    prod: list[int]
    hand: list[int]
    played: list[int]  # automated and active project cards in play
    events: list[int]  # events played (face down; still score)
    card_res: dict[int, int]  # resources on cards, by card id
    used: list[int]  # cards whose action was used this generation
    passed: bool
    tr_raised: bool  # TR went up this generation (UNMI)
    first_action: bool  # the corporation's first action is still owed
    dealt_corps: list[int]  # setup: corporations to choose from
    dealt: list[int]  # setup / research: cards offered for purchase
    draft_hand: list[int]  # draft: cards to pick one from
    drafted: list[int]  # draft: cards picked so far this generation
    mods: list[tuple[str, int]]  # one-shot modifiers for the next card played this generation
    preludes: list[int]  # Prelude: dealt (setup, before keeping) or kept and not yet played

    def __init__(self, seat: int, tr: int) -> None:
        self.seat = seat
        self.corp = 0
        self.tr = tr
        self.res = [0, 0, 0, 0, 0, 0]
        self.prod = [0, 0, 0, 0, 0, 0]
        self.hand = []
        self.played = []
        self.events = []
        self.card_res = {}
        self.used = []
        self.passed = False
        self.tr_raised = False
        self.first_action = False
        self.dealt_corps = []
        self.dealt = []
        self.draft_hand = []
        self.drafted = []
        self.mods = []
        self.preludes = []
        self._tags: dict[str, int] | None = None
        self._tags_key = -1
        # query.tableau_effects' summary, valid while _tags_key still matches (same key).
        self._effects: Any = None

    def clone(self) -> Player:
        p = Player.__new__(Player)
        p.seat = self.seat
        p.corp = self.corp
        p.tr = self.tr
        p.res = self.res[:]
        p.prod = self.prod[:]
        p.hand = self.hand[:]
        p.played = self.played[:]
        p.events = self.events[:]
        p.card_res = self.card_res.copy()
        p.used = self.used[:]
        p.passed = self.passed
        p.tr_raised = self.tr_raised
        p.first_action = self.first_action
        p.dealt_corps = self.dealt_corps[:]
        p.dealt = self.dealt[:]
        p.draft_hand = self.draft_hand[:]
        p.drafted = self.drafted[:]
        p.mods = self.mods[:]
        p.preludes = self.preludes[:]
        p._tags = self._tags
        p._tags_key = self._tags_key
        p._effects = self._effects
        return p

    def to_data(self) -> list[Any]:
        flat_res: list[int] = []
        for cid, n in self.card_res.items():
            flat_res += (cid, n)
        data = [
            self.corp,
            self.tr,
            self.res,
            self.prod,
            self.hand,
            self.played,
            self.events,
            flat_res,
            self.used,
            (self.passed and 1) | (self.tr_raised and 2) | (self.first_action and 4),
            self.dealt_corps,
            self.dealt,
            self.draft_hand,
            self.drafted,
            self.mods,
        ]
        if self.preludes:
            # Only while it holds preludes: games without the expansion keep their bytes.
            data.append(self.preludes)
        return data

    @classmethod
    def from_data(cls, seat: int, data: list[Any]) -> Player:
        p = cls.__new__(cls)
        p.seat = seat
        (
            p.corp,
            p.tr,
            p.res,
            p.prod,
            p.hand,
            p.played,
            p.events,
            flat_res,
            p.used,
            flags,
            p.dealt_corps,
            p.dealt,
            p.draft_hand,
            p.drafted,
            mods,
            *rest,  # `preludes`, absent from games saved before the Prelude expansion
        ) = data
        p.preludes = rest[0] if rest else []
        p.card_res = dict(zip(flat_res[::2], flat_res[1::2], strict=True))
        p.passed = bool(flags & 1)
        p.tr_raised = bool(flags & 2)
        p.first_action = bool(flags & 4)
        p.mods = [(m[0], m[1]) for m in mods]
        p._tags = None
        p._tags_key = -1
        p._effects = None
        return p


class UndoWindow(NamedTuple):
    """What the undo option keeps (see undo.py): the state before `seat`'s first answer that
    can still be taken back, and that answer and the later ones (text notation), in order.
    Never changed once made (a new answer makes a new window), so clones share it."""

    seat: int
    base: GameState
    answers: tuple[str, ...]


class GameState:
    """All the data of one game. Rules live in other modules; this is the record they edit."""

    __slots__ = (
        "_cache",
        "active",
        "awards",
        "claims",
        "colonies",
        "decisions_made",
        "deck",
        "discard",
        "first",
        "generation",
        "last_space",
        "log",
        "map",
        "milestones",
        "oceans",
        "options",
        "origin",
        "owners",
        "oxygen",
        "phase",
        "players",
        "prelude_deck",
        "prelude_discard",
        "rng",
        "rules",
        "specials",
        "stack",
        "temperature",
        "tiles",
        "undo_window",
        "venus",
    )

    options: GameOptions
    map: MapDef
    rng: int
    generation: int
    phase: str  # setup | research | draft | action | final | ended
    first: int  # seat holding the first-player marker
    active: int  # seat whose turn it is in the action phase (or -1)
    temperature: int  # °C
    oxygen: int  # %
    oceans: int  # ocean tiles placed
    venus: int  # Venus Next: the Venus scale in % (0 and unused without the expansion)
    tiles: list[int]  # tile kind by space id (constants.EMPTY/OCEAN/GREENERY/CITY/SPECIAL)
    owners: list[int]  # owner seat by space id (NOBODY, NEUTRAL or a seat)
    specials: dict[int, int]  # space id -> card whose tile lies there (Capital, Mohole Area, ...)
    claims: dict[int, int]  # space id -> seat that claimed it (Land Claim)
    deck: list[int]  # draw pile, drawn from the end
    discard: list[int]
    prelude_deck: list[int]  # Prelude: preludes not dealt, drawn from the end
    prelude_discard: list[int]  # Prelude: preludes set aside (not kept, fizzled, not picked)
    milestones: list[tuple[str, int]]  # (milestone, seat) in claim order
    awards: list[tuple[str, int]]  # (award, seat that funded) in funding order
    stack: list[Frame]
    players: list[Player]
    last_space: int  # the space of the latest tile placed (Flooding, Mining Rights)
    decisions_made: int
    log: list[tuple[Any, ...]]  # what happened during the latest answer (not saved)
    undo_window: UndoWindow | None  # the undo option's memory; None when nothing to take back
    colonies: ColonyBoard | None  # the Colonies expansion's tiles and fleets; None without it
    # The position (position.py) the game was set up from; None for a game dealt by Game.new.
    # Never changed once set, so copies share it.
    origin: dict[str, Any] | None

    def __init__(self, options: GameOptions, rules: int | None = None) -> None:
        self.options = options
        # the rules version the game is played by (version.py): new games the current one
        self.rules = current_rules() if rules is None else rules
        self.map = load_map(options.map, options.venus)
        self.rng = 0
        self.generation = 1
        self.phase = "setup"
        self.first = 0
        self.active = -1
        self.temperature = TEMPERATURE_MIN
        self.oxygen = OXYGEN_MIN
        self.oceans = OCEANS_MIN
        self.venus = VENUS_MIN
        self.tiles = [0] * self.map.size
        self.owners = [NOBODY] * self.map.size
        self.specials = {}
        self.claims = {}
        self.deck = []
        self.discard = []
        self.prelude_deck = []
        self.prelude_discard = []
        self.milestones = []
        self.awards = []
        self.stack = []
        self.players = []
        self.last_space = 0
        self.decisions_made = 0
        self.log = []
        self.undo_window = None
        self.colonies = None
        self.origin = None
        self._cache: list[Decision] | None = None  # pending decisions, derived (not saved)

    # --- copies ------------------------------------------------------------------------------
    def copy_into(self, g: GameState) -> None:
        g.options = self.options
        g.rules = self.rules
        g.map = self.map
        g.rng = self.rng
        g.generation = self.generation
        g.phase = self.phase
        g.first = self.first
        g.active = self.active
        g.temperature = self.temperature
        g.oxygen = self.oxygen
        g.oceans = self.oceans
        g.venus = self.venus
        g.tiles = self.tiles[:]
        g.owners = self.owners[:]
        g.specials = self.specials.copy()
        g.claims = self.claims.copy()
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.prelude_deck = self.prelude_deck[:]
        g.prelude_discard = self.prelude_discard[:]
        g.milestones = self.milestones[:]
        g.awards = self.awards[:]
        g.stack = self.stack[:]  # frames are immutable, sharing them is safe
        g.players = [p.clone() for p in self.players]
        g.last_space = self.last_space
        g.decisions_made = self.decisions_made
        g.undo_window = self.undo_window
        g.colonies = self.colonies.clone() if self.colonies is not None else None
        g.origin = self.origin
        g.log = []
        g._cache = None

    # --- serialization -----------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        specials: list[int] = []
        for sid, cid in self.specials.items():
            specials += (sid, cid)
        claims: list[int] = []
        for sid, seat in self.claims.items():
            claims += (sid, seat)
        data: dict[str, Any] = {
            "v": migrations.FORMAT_VERSION,
            "o": self.options.to_data(),
            "r": self.rng,
            "g": [
                self.generation,
                self.phase,
                self.first,
                self.active,
                self.temperature,
                self.oxygen,
                self.oceans,
                self.last_space,
                self.decisions_made,
            ],
            "t": self.tiles,
            "w": self.owners,
            "s": specials,
            "c": claims,
            "d": self.deck,
            "x": self.discard,
            "m": self.milestones,
            "a": self.awards,
            "k": self.stack,
            "p": [p.to_data() for p in self.players],
            **(
                {"pd": self.prelude_deck, "px": self.prelude_discard}
                if self.options.prelude
                else {}
            ),
        }
        if self.colonies is not None:  # only with the expansion: other saves keep their bytes
            data["cl"] = self.colonies.to_data()
        if self.options.venus:  # only with the expansion: other saves keep their bytes
            data["vn"] = self.venus
        if self.origin is not None:  # only for a game set up from a position
            data["ps"] = self.origin
        if self.rules != FIRST_RULES_VERSION:  # only after a rules change: older saves keep
            data["rv"] = self.rules  # their bytes (and a save without it is of version 1)
        window = self.undo_window
        if window is not None:  # only with the undo option: other saves keep their bytes
            base = window.base.to_data()
            base.pop("ps", None)  # the same origin as this state's: written once
            data["u"] = [window.seat, base, list(window.answers)]
        return data

    def to_bytes(self) -> bytes:
        return orjson.dumps(self.to_data())

    def load_data(self, data: dict[str, Any]) -> None:
        """Fill this (blank) state from `to_data` output."""
        data = migrations.migrate(data)  # an older format brought up to date; a newer one refused
        self.rules = check_rules(data.get("rv", FIRST_RULES_VERSION))
        self.options = GameOptions.from_data(data["o"])
        self.map = load_map(self.options.map, self.options.venus)
        self.rng = data["r"]
        (
            self.generation,
            self.phase,
            self.first,
            self.active,
            self.temperature,
            self.oxygen,
            self.oceans,
            self.last_space,
            self.decisions_made,
        ) = data["g"]
        self.tiles = data["t"]
        self.owners = data["w"]
        s = data["s"]
        self.specials = dict(zip(s[::2], s[1::2], strict=True))
        c = data["c"]
        self.claims = dict(zip(c[::2], c[1::2], strict=True))
        self.deck = data["d"]
        self.discard = data["x"]
        self.prelude_deck = data.get("pd", [])
        self.prelude_discard = data.get("px", [])
        self.milestones = [(m[0], m[1]) for m in data["m"]]
        self.awards = [(a[0], a[1]) for a in data["a"]]
        self.stack = data["k"]
        self.players = [Player.from_data(i, pd) for i, pd in enumerate(data["p"])]
        self.colonies = ColonyBoard.from_data(data["cl"]) if "cl" in data else None
        self.venus = data.get("vn", VENUS_MIN)
        self.origin = data.get("ps")
        self.undo_window = None
        if "u" in data:
            seat, base_data, answers = data["u"]
            base = GameState.__new__(GameState)
            base.load_data(base_data)
            base.origin = self.origin
            self.undo_window = UndoWindow(seat, base, tuple(answers))
        self.log = []
        self._cache = None
        if len(self.tiles) != self.map.size or len(self.owners) != self.map.size:
            raise CorruptState("board size does not match the map")
        if len(self.players) != self.options.players:
            raise CorruptState("player count does not match the options")
        if (self.colonies is not None) != self.options.colonies or (
            self.colonies is not None and len(self.colonies.fleets) != len(self.players)
        ):
            raise CorruptState("the colony tiles do not match the options")
        if ("vn" in data) != self.options.venus or not (
            isinstance(self.venus, int) and VENUS_MIN <= self.venus <= VENUS_MAX
        ):
            raise CorruptState("the Venus scale does not match the options")
