"""Positions as data: a whole game situation written as a plain JSON object, and back.

`position_of(g)` writes the position of a game waiting on one of the decisions a position may
start from; `build(g, data)` sets a blank state up from one, checking every field (typed
errors from errors.py that name the field's path). The notation is described field by field in
docs/positions.md; in short: options, the generator, the global parameters, each player's
cards, stocks and flags, the tiles, the decks (top card first), milestones and awards, the
colony tiles, and the pending decision.

Only what decides the future is written: tags, effects and scores follow from the cards, and
what happened before the position (the log, the undo option's memory) is not part of it. A
game built from a position remembers it (`GameState.origin`), so that a save keeps it and a
replay starts from it.
"""

from __future__ import annotations

from typing import Any

from . import version
from .cards.model import card_number
from .colony_state import NO_FLEET, ColonyBoard
from .constants import (
    AWARD_COSTS,
    MAX_MILESTONES,
    NEUTRAL,
    NOBODY,
    OCEAN,
    OCEANS_MAX,
    OCEANS_MIN,
    OXYGEN_MAX,
    OXYGEN_MIN,
    RESOURCES,
    TEMPERATURE_MAX,
    TEMPERATURE_MIN,
    TEMPERATURE_STEP,
    TILE_NAMES as TILE_KIND_NAMES,
    VENUS_MAX,
    VENUS_MIN,
    VENUS_STEP,
)
from .errors import (
    BadCount,
    InvalidOptions,
    InvalidPosition,
    OutOfRange,
    UnknownRules,
    UnsupportedDecision,
)
from .interpreter import run
from .milestones import awards_of, milestones_of
from .options import GameOptions
from .position_check import (
    CORPORATIONS,
    NEUTRAL_OWNER,
    PRELUDES,
    PROJECTS,
    Reader,
    read_colonies,
    read_player,
    read_tiles,
)
from .rng import seed_state, shuffle
from .state import Frame, GameState, Player
from .version import current_rules

FORMAT = "olympus-position/1"
MAX_GENERATION = 100
# The table options a position covers (GameOptions.to_data's keys). A later option that
# brings state of its own (an expansion's track) is refused until the notation writes it,
# rather than lost on the way.
POSITION_OPTIONS = frozenset(
    {
        "players",
        "seed",
        "map",
        "corporate_era",
        "draft",
        "solo_tr63",
        "beginner",
        "undo",
        "prelude",
        "realtime_scoring",
        "colonies",
        "venus",
        "world_government",
    }
)
# The on/off table options: a position spells them true or false.
SWITCHES = (
    "venus",
    "corporate_era",
    "draft",
    "solo_tr63",
    "undo",
    "prelude",
    "realtime_scoring",
    "colonies",
)

# The decisions a position may start from, with the phase each belongs to.
DECISION_PHASES = {
    "setup": "setup",
    "prelude": "prelude",
    "research": "research",
    "draft": "draft",
    "turn": "action",
    "final_greenery": "final",
    "ended": "ended",
}

TOP_KEYS = (
    "format",
    "rules",
    "options",
    "rng",
    "generation",
    "phase",
    "first",
    "temperature",
    "oxygen",
    "oceans",
    "venus",
    "players",
    "tiles",
    "claims",
    "deck",
    "discard",
    "prelude_deck",
    "prelude_discard",
    "milestones",
    "awards",
    "colonies",
    "decision",
)


# --- writing ----------------------------------------------------------------------------------


def _cards(ids: list[int]) -> list[str]:
    return [card_number(c) for c in ids]


def _owner(seat: int) -> int | str | None:
    return NEUTRAL_OWNER if seat == NEUTRAL else None if seat == NOBODY else seat


def position_of(g: GameState) -> dict[str, Any]:
    """The position of `g` (a plain JSON-able dict); UnsupportedDecision when `g` waits on a
    decision a position cannot name (the middle of a card's effects)."""
    options = _covered(g.options.to_data())
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": g.rules,  # the rules the game plays by: under others it would be another game
        "options": options,
        "rng": g.rng,
        "generation": g.generation,
        "phase": g.phase,
        "first": g.first,
        "temperature": g.temperature,
        "oxygen": g.oxygen,
        "oceans": g.oceans,
        "players": [_player_of(p) for p in g.players],
        "tiles": [_tile_of(g, sid) for sid, kind in enumerate(g.tiles) if kind],
        "claims": [{"space": sid, "seat": seat} for sid, seat in g.claims.items()],
        "deck": _cards(g.deck[::-1]),  # top card first
        "discard": _cards(g.discard),
        "milestones": [{"name": name, "seat": seat} for name, seat in g.milestones],
        "awards": [{"name": name, "seat": seat} for name, seat in g.awards],
    }
    if g.options.venus:
        out["venus"] = g.venus
    if g.options.prelude:
        out["prelude_deck"] = _cards(g.prelude_deck[::-1])
        out["prelude_discard"] = _cards(g.prelude_discard)
    if g.colonies is not None:
        out["colonies"] = _colonies_of(g.colonies)
    out["decision"] = _decision_of(g)
    return out


def _covered(options: dict[str, Any]) -> dict[str, Any]:
    for key in options:
        if key not in POSITION_OPTIONS:
            raise InvalidPosition(
                f"options.{key}",
                "positions do not cover this option yet",
                code="unsupported_option",
            )
    return options


def _player_of(p: Player) -> dict[str, Any]:
    return {
        "corporation": card_number(p.corp) if p.corp else None,
        "tr": p.tr,
        "resources": dict(zip(RESOURCES, p.res, strict=True)),
        "production": dict(zip(RESOURCES, p.prod, strict=True)),
        "hand": _cards(p.hand),
        "played": _cards(p.played),
        "events": _cards(p.events),
        "card_resources": {card_number(c): n for c, n in p.card_res.items()},
        "used": _cards(p.used),
        "passed": p.passed,
        "tr_raised": p.tr_raised,
        "first_action": p.first_action,
        "modifiers": [[name, value] for name, value in p.mods],
        "dealt_corporations": _cards(p.dealt_corps),
        "dealt": _cards(p.dealt),
        "draft_hand": _cards(p.draft_hand),
        "drafted": _cards(p.drafted),
        "preludes": _cards(p.preludes),
    }


def _tile_of(g: GameState, sid: int) -> dict[str, Any]:
    tile: dict[str, Any] = {"space": sid, "tile": TILE_KIND_NAMES[g.tiles[sid]]}
    owner = _owner(g.owners[sid])
    if owner is not None:
        tile["owner"] = owner
    if sid in g.specials:
        tile["card"] = card_number(g.specials[sid])
    return tile


def _colonies_of(b: ColonyBoard) -> dict[str, Any]:
    return {
        "tiles": [
            {
                "name": t.name,
                "active": t.active,
                "marker": t.marker,
                "colonies": list(t.colonies),
                "visitor": None if t.visitor == NO_FLEET else t.visitor,
            }
            for t in b.tiles
        ],
        "unused": list(b.unused),
        "fleets": list(b.fleets),
    }


def _decision_of(g: GameState) -> dict[str, Any]:
    """Name the pending decision from the stack, which must have one of the known shapes."""
    stack = g.stack
    n = len(g.players)
    ops = tuple(f[0] for f in stack)
    if not stack:
        if g.phase == "ended":
            return {"kind": "ended"}
    elif ops == ("setup",):
        return {
            "kind": "setup",
            "waiting": list(stack[0][3]),
            "chosen": [
                {"seat": seat, "corporation": card_number(corp), "cards": _cards(list(cards))}
                for seat, corp, cards in stack[0][4]
            ],
        }
    elif ops[0] == "actions" and stack[0][3] == g.first and ops[1:] == ("research",):
        return {
            "kind": "research",
            "seats": list(stack[1][3]),
            "heat_owed": [[s, m] for s, m in stack[1][4]] if len(stack[1]) > 4 else [],
        }
    elif (
        ops == ("actions", "research", "draft")
        and stack[0][3] == g.first
        and list(stack[1][3]) == list(range(n))
        and len(stack[1]) == 4
    ):
        return {"kind": "draft", "seats": list(stack[2][3])}
    elif ops == ("actions", "turn") and stack[0][3] == (stack[1][1] + 1) % n:
        return {"kind": "turn", "seat": stack[1][1], "actions_taken": stack[1][3]}
    elif ops[0] == "actions" and stack[0][3] == g.first and set(ops[1:]) == {"prelude_turn"}:
        return {"kind": "prelude", "seats": [f[1] for f in reversed(stack[1:])]}
    elif ops[0] == "game_over" and len(ops) > 1 and set(ops[1:]) == {"final_greenery"}:
        return {"kind": "final_greenery", "seats": [f[1] for f in reversed(stack[1:])]}
    top = stack[-1][0] if stack else "nothing"
    raise UnsupportedDecision(
        "decision",
        f"the game waits on {top!r} (in the middle of an action or effect); a position "
        f"starts at one of: {', '.join(DECISION_PHASES)}",
    )


# --- reading ----------------------------------------------------------------------------------

DECISION_KEYS = {
    "setup": ("waiting", "chosen"),
    "prelude": ("seats",),
    "research": ("seats", "heat_owed"),
    "draft": ("seats",),
    "turn": ("seat", "actions_taken"),
    "final_greenery": ("seats",),
    "ended": (),
}


def build(g: GameState, data: Any) -> None:
    """Set up the blank state `g` from a position (checked; typed errors name the field)."""
    d = Reader.obj("", data, TOP_KEYS, ("options", "players", "decision"))
    if d.get("format", FORMAT) != FORMAT:
        raise InvalidPosition("format", f"expected {FORMAT!r}, got {d.get('format')!r}")
    for key, value in _covered(Reader.mapping("options", d["options"])).items():
        if key in SWITCHES and not isinstance(value, bool):  # GameOptions takes 1 for True
            raise InvalidPosition(f"options.{key}", f"expected true or false, got {value!r}")
    try:
        options = GameOptions.from_data(d["options"])
    except InvalidOptions as exc:
        raise InvalidPosition("options", exc.message, code=exc.code) from exc
    except TypeError as exc:  # a field of the wrong type reaching the dataclass
        raise InvalidPosition("options", str(exc)) from exc
    GameState.__init__(g, options, _rules(d))
    r = Reader(options, g.map)
    g.rng = r.integer("rng", d.get("rng", seed_state(options.seed)), 0, 2**64 - 1, OutOfRange)
    g.generation = r.integer("generation", d.get("generation", 1), 1, MAX_GENERATION, OutOfRange)
    g.first = r.seat("first", d.get("first", 0))
    _parameters(g, r, d)
    players = r.array("players", d["players"])
    if len(players) != options.players:
        raise BadCount("players", f"{len(players)} players for a table of {options.players}")
    g.players = [read_player(r, f"players[{i}]", i, v) for i, v in enumerate(players)]
    read_tiles(g, r, d.get("tiles", []), d.get("claims", []))
    oceans = g.tiles.count(OCEAN)
    if r.integer("oceans", d.get("oceans", oceans), OCEANS_MIN, OCEANS_MAX, OutOfRange) != oceans:
        raise BadCount("oceans", f"{d['oceans']} oceans, but the board holds {oceans} ocean tiles")
    g.oceans = oceans
    g.deck = r.cards("deck", d.get("deck", []), PROJECTS)[::-1]  # the top card is drawn last
    g.discard = r.cards("discard", d.get("discard", []), PROJECTS)
    g.prelude_deck = r.cards("prelude_deck", d.get("prelude_deck", []), PRELUDES)[::-1]
    g.prelude_discard = r.cards("prelude_discard", d.get("prelude_discard", []), PRELUDES)
    g.milestones = _goals(
        r, "milestones", d.get("milestones", []), milestones_of(g), MAX_MILESTONES
    )
    g.awards = _goals(r, "awards", d.get("awards", []), awards_of(g), len(AWARD_COSTS))
    if options.colonies:
        if "colonies" not in d:
            raise InvalidPosition("colonies", "missing (the table plays the Colonies expansion)")
        read_colonies(g, r, d["colonies"])
    elif "colonies" in d:
        raise InvalidPosition("colonies", "the table does not play the Colonies expansion")
    _decision(g, r, d)
    _default_decks(g, r, d)
    _start(g)


def _rules(d: dict[str, Any]) -> int:
    """The rules version the position plays by (engine/version.py): one this engine serves,
    else UnknownRules; left out, the version new games are dealt under (a puzzle's)."""
    if "rules" not in d:
        return current_rules()
    value = d["rules"]
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidPosition("rules", f"expected a rules version (a whole number), got {value!r}")
    if value not in version.SERVED_RULES:  # read when called: a deploy may narrow it (`serve`)
        raise UnknownRules(value, version.SERVED_RULES)
    return value


def _parameters(g: GameState, r: Reader, d: dict[str, Any]) -> None:
    low, high = TEMPERATURE_MIN, TEMPERATURE_MAX
    t = r.integer("temperature", d.get("temperature", low), low, high, OutOfRange)
    if (t - low) % TEMPERATURE_STEP:
        raise OutOfRange("temperature", f"{t} °C is not a step of the track (every 2 °C)")
    g.temperature = t
    g.oxygen = r.integer("oxygen", d.get("oxygen", OXYGEN_MIN), OXYGEN_MIN, OXYGEN_MAX, OutOfRange)
    if not g.options.venus:
        if "venus" in d:
            raise InvalidPosition("venus", "the table does not play Venus Next")
        return
    v = r.integer("venus", d.get("venus", VENUS_MIN), VENUS_MIN, VENUS_MAX, OutOfRange)
    if v % VENUS_STEP:
        raise OutOfRange("venus", f"{v} % is not a step of the Venus scale (every 2 %)")
    g.venus = v


def _goals(
    r: Reader, path: str, value: Any, known: dict[str, Any], most: int
) -> list[tuple[str, int]]:
    """Milestones claimed or awards funded: [{"name", "seat"}] in the order it happened."""
    out: list[tuple[str, int]] = []
    items = r.array(path, value)
    if len(items) > most:
        raise BadCount(path, f"at most {most}, got {len(items)}")
    for i, item in enumerate(items):
        e = r.obj(f"{path}[{i}]", item, ("name", "seat"), ("name", "seat"))
        name = r.text(f"{path}[{i}].name", e["name"], known)
        if any(name == other for other, _ in out):
            raise InvalidPosition(f"{path}[{i}].name", f"{name} is named twice")
        out.append((name, r.seat(f"{path}[{i}].seat", e["seat"])))
    return out


def _decision(g: GameState, r: Reader, d: dict[str, Any]) -> None:
    """The stack that waits on the named decision, and the phase it belongs to."""
    v = r.obj(
        "decision",
        d["decision"],
        ("kind", *{k for ks in DECISION_KEYS.values() for k in ks}),
        ("kind",),
    )
    kind = v["kind"]
    if not isinstance(kind, str) or kind not in DECISION_KEYS:
        raise UnsupportedDecision(
            "decision.kind",
            f"a position cannot start at {kind!r}; it starts at one of: {', '.join(DECISION_KEYS)}",
        )
    for key in v:
        if key != "kind" and key not in DECISION_KEYS[kind]:
            raise InvalidPosition(f"decision.{key}", f"not a field of a {kind!r} decision")
    phase = DECISION_PHASES[kind]
    if d.get("phase", phase) != phase:
        raise InvalidPosition("phase", f"a {kind!r} decision is in the {phase!r} phase")
    g.phase = phase
    n = len(g.players)
    actions = ("actions", -1, 0, g.first)
    stack: list[Frame]
    if kind == "turn":
        if "seat" not in v:
            raise InvalidPosition("decision.seat", "missing")
        seat = r.seat("decision.seat", v["seat"])
        taken = r.integer("decision.actions_taken", v.get("actions_taken", 0), 0, 1, OutOfRange)
        if g.players[seat].passed:
            raise InvalidPosition("decision.seat", f"seat {seat} has passed")
        stack = [("actions", -1, 0, (seat + 1) % n), ("turn", seat, 0, taken)]
    elif kind == "research":
        seats = r.seats("decision.seats", v.get("seats", list(range(n))))
        owed = _owed(r, v.get("heat_owed", []), seats)
        frame: tuple[Any, ...] = ("research", -1, 0, tuple(seats))
        stack = [actions, (*frame, owed) if owed else frame]
    elif kind == "draft":
        seats = r.seats("decision.seats", v.get("seats", list(range(n))))
        stack = [actions, ("research", -1, 0, tuple(range(n))), ("draft", -1, 0, tuple(seats))]
    elif kind == "prelude":
        seats = r.seats("decision.seats", v.get("seats", []))
        stack = [actions, *(("prelude_turn", s, 0) for s in reversed(seats))]
    elif kind == "final_greenery":
        seats = r.seats("decision.seats", v.get("seats", []))
        stack = [("game_over", -1, 0), *(("final_greenery", s, 0) for s in reversed(seats))]
    elif kind == "setup":
        waiting = r.seats("decision.waiting", v.get("waiting", []))
        stack = [("setup", -1, 0, tuple(waiting), _chosen(g, r, v.get("chosen", []), waiting))]
    else:
        stack = []
    g.stack = stack
    _hands_match(g, kind, v)


# The player fields that hold cards only during some decisions: position field, Player
# attribute, the decision kinds.
PASSING_HANDS = (
    ("dealt_corporations", "dealt_corps", ("setup",)),
    ("dealt", "dealt", ("setup", "research")),
    ("draft_hand", "draft_hand", ("draft",)),
    ("drafted", "drafted", ("draft",)),
    ("preludes", "preludes", ("setup", "prelude")),
)


def _hands_match(g: GameState, kind: str, v: dict[str, Any]) -> None:
    """Cards dealt for a decision lie only where that decision is pending (a research card
    left in `dealt` during a turn would be lost at the next deal), and every seat has its
    corporation except at setup, where none has one yet."""
    buying = v.get("seats", range(len(g.players))) if kind == "research" else ()
    for p in g.players:
        at = f"players[{p.seat}]"
        for field, attr, kinds in PASSING_HANDS:
            if getattr(p, attr) and kind not in kinds:
                raise InvalidPosition(f"{at}.{field}", f"holds no cards at a {kind!r} decision")
        if kind == "research" and p.dealt and p.seat not in buying:
            raise InvalidPosition(f"{at}.dealt", "holds no cards: the seat is not buying")
        if (kind == "setup") != (p.corp == 0):
            expected = "none yet at setup" if kind == "setup" else "one, after setup"
            raise InvalidPosition(f"{at}.corporation", f"a seat has {expected}")


def _owed(r: Reader, value: Any, buying: list[int]) -> tuple[tuple[int, int], ...]:
    """Research: Helion seats that bought cards and still choose how much heat pays."""
    out: list[tuple[int, int]] = []
    for i, item in enumerate(r.array("decision.heat_owed", value)):
        at = f"decision.heat_owed[{i}]"
        pair = r.array(at, item)
        if len(pair) != 2:
            raise InvalidPosition(at, "an amount owed is [seat, M€]")
        seat = r.seat(f"{at}[0]", pair[0])
        if seat in buying or any(seat == s for s, _ in out):
            raise InvalidPosition(f"{at}[0]", f"seat {seat} is still buying or owes twice")
        out.append((seat, r.integer(f"{at}[1]", pair[1], 1, 1000, BadCount)))
    return tuple(out)


def _chosen(
    g: GameState, r: Reader, value: Any, waiting: list[int]
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Setup: the corporations and cards chosen by seats that have answered (revealed when
    everyone has), each from what that seat was dealt."""
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for i, item in enumerate(r.array("decision.chosen", value)):
        at = f"decision.chosen[{i}]"
        e = r.obj(at, item, ("seat", "corporation", "cards"), ("seat", "corporation"))
        seat = r.seat(f"{at}.seat", e["seat"])
        if seat in waiting or any(seat == s for s, _, _ in out):
            raise InvalidPosition(f"{at}.seat", f"seat {seat} is waited on or chose twice")
        p = g.players[seat]
        corp = r.card(f"{at}.corporation", e["corporation"], CORPORATIONS, place=False)
        if corp not in p.dealt_corps:
            raise InvalidPosition(f"{at}.corporation", "not one of the seat's dealt corporations")
        cards = tuple(
            r.card(f"{at}.cards[{j}]", c, PROJECTS, place=False)
            for j, c in enumerate(r.array(f"{at}.cards", e.get("cards", [])))
        )
        if not set(cards) <= set(p.dealt) or len(set(cards)) != len(cards):
            raise InvalidPosition(f"{at}.cards", "not among the seat's dealt cards")
        out.append((seat, corp, cards))
    return tuple(out)


def _default_decks(g: GameState, r: Reader, d: dict[str, Any]) -> None:
    """A position that leaves out the deck (or the prelude deck) gets every card of the game
    lying nowhere else, shuffled by the generator: a puzzle names only what matters."""
    if "deck" not in d:
        g.deck = sorted(r.projects - set(r.places))
        g.rng = shuffle(g.rng, g.deck)
    if "prelude_deck" not in d and g.options.prelude:
        g.prelude_deck = sorted(r.preludes - set(r.places))
        g.rng = shuffle(g.rng, g.prelude_deck)


def _start(g: GameState) -> None:
    """Run the stack to its decision, which must be the one named: a decision nobody would
    face in this position (a prelude turn for a seat without two preludes to order, a final
    greenery for a seat without the plants) is refused rather than skipped."""
    g.active = -1
    waiting = g.stack[-1] if g.stack else None
    run(g)
    if waiting is not None and (not g.stack or g.stack[-1] is not waiting):
        raise InvalidPosition(
            "decision", "nobody faces this decision in this position (the game would move on)"
        )
    g.log = []
    g._cache = None
