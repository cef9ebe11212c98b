"""The Colonies expansion's rules: dealing the tiles, activating the card-resource tiles,
who may trade or build a colony where, the trade fee, and the production-phase step.

The state lives in `GameState.colonies` (a `ColonyBoard`, None without the expansion); the
instructions that trade and build are in `ops/colonies.py`. This module is the one place that
decides what is legal: the action menu (`turn.py`), the instructions' feasibility and the
decisions all call it.

Card hooks (see notes/colonies-API.md): a card's passive `trade_discount` (Cryo-Sleep, Rim
Freighters) lowers each fee by that much, its `trade_offset` (Trade Envoys, Trading Colony)
lets its owner push the marker up that many steps before trading; instructions `colony`,
`fleet`, `trade`, `colony_bonuses` and `add_colony_tile` do the rest.
"""

from __future__ import annotations

from typing import Any

from .actions import TRADE_FEE_WORDS, Answer, ChooseOption, Trade
from .cards.catalogue import get as card_def
from .colony_state import NO_FLEET, ColonyBoard, ColonyTile
from .colony_tiles import (
    COLONY_SLOTS,
    MARKER_START,
    TILE_NAMES,
    TRACK_STEPS,
    tile_def,
    tiles_in_play,
)
from .constants import MC, PRODUCTION_FLOOR
from .decisions import Decision, SelectOption
from .errors import IllegalAction
from .interpreter import all_feasible, op
from .mutate import fire_colony_placed, log, push, push_effects
from .prompts import prompt
from .query import tableau, tableau_effects
from .rng import shuffle
from .state import Frame, GameState, Player

COLONY_PROJECT = "build_colony"  # the standard project (not in STANDARD_PROJECTS: see turn.py)
COLONY_PROJECT_COST = 17
MAX_FLEETS = 4  # the engine's cap on a player's trade fleets
# The trade fees before discounts, by fee word (actions.TRADE_FEE_WORDS): the trader picks one.
TRADE_FEES = dict(zip(TRADE_FEE_WORDS, (9, 3, 3), strict=True))
MC_FEE = TRADE_FEES["mc"]
FEE_RESOURCES = {"mc": "megacredits", "energy": "energy", "titanium": "titanium"}
SOLO_TILES_KEPT = 3  # a solo player is dealt 4 tiles and removes one
SOLO_MC_PRODUCTION = -2  # a solo player's M€ production starts this much lower


def board(g: GameState) -> ColonyBoard:
    """The colony board of a game played with the expansion."""
    assert g.colonies is not None, "the game is played without the Colonies expansion"
    return g.colonies


# --- setup ------------------------------------------------------------------------------------


def deal_colonies(g: GameState) -> None:
    """Draw the tiles in play from the seeded generator (after the rest of the deal, so that
    the cards dealt are the same as without the expansion); every seat gets one fleet. A solo
    player then removes one of the 4 tiles (a `colony_discard` frame over setup)."""
    names = list(TILE_NAMES)
    g.rng = shuffle(g.rng, names)
    chosen = set(names[: tiles_in_play(len(g.players))])
    tiles = [ColonyTile(n, holder_in_play(g, n), MARKER_START) for n in TILE_NAMES if n in chosen]
    unused = [n for n in TILE_NAMES if n not in chosen]
    g.colonies = ColonyBoard(tiles, unused, [1] * len(g.players))
    if g.options.solo:
        g.players[0].prod[0] += SOLO_MC_PRODUCTION
        push(g, ("colony_discard", 0, 0))


def _discard_decide(g: GameState, frame: Frame) -> list[Decision]:
    names = [t.name for t in board(g).tiles]
    return [
        SelectOption(
            frame[1],
            prompt("solo_colony_tile_out", kept=SOLO_TILES_KEPT),
            [prompt("label.colony", colony=n) for n in names],
            range(len(names)),
        )
    ]


def _discard_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    b = board(g)
    removed = b.tiles.pop(answer.index)
    b.unused = [n for n in TILE_NAMES if n in b.unused or n == removed.name]
    log(g, "colony_removed", seat, removed.name)


@op("colony_discard", decide=_discard_decide, resolve=_discard_resolve)
def _colony_discard(g: GameState, frame: Frame) -> Frame | None:
    return frame if len(board(g).tiles) > SOLO_TILES_KEPT else None


def add_tile(g: GameState, name: str) -> None:
    """Bring an unused tile into play (Aridor): active at once if a card holding its
    resource is already in play; marker on step 2."""
    b = board(g)
    b.unused.remove(name)
    b.tiles.append(ColonyTile(name, holder_in_play(g, name), MARKER_START))
    order = {n: i for i, n in enumerate(TILE_NAMES)}
    b.tiles.sort(key=lambda t: order[t.name])
    log(g, "colony_tile", name)


# --- activation -------------------------------------------------------------------------------


def holder_in_play(g: GameState, name: str) -> bool:
    """Whether a tile is active: always for most; for a card-resource tile, once some player
    has a card in play (a corporation counts) that holds the resource."""
    kind = tile_def(name).trade
    if not tile_def(name).starts_inactive:
        return True
    return any(card_def(c).resource == kind for p in g.players for c in tableau(p))


def note_card_in_play(g: GameState, card: int) -> None:
    """A card has come into play: activate the tiles waiting for the resource it holds."""
    kind = card_def(card).resource
    if kind is None or g.colonies is None:
        return
    for t in g.colonies.tiles:
        if not t.active and tile_def(t.name).trade == kind:
            t.active = True
            t.marker = MARKER_START
            log(g, "colony_active", t.name)


# --- who may do what --------------------------------------------------------------------------


def buildable_tiles(g: GameState, seat: int, own_tile: bool = False) -> list[str]:
    """Tiles where `seat` may place a colony now: active, with a free colony space, and none
    of its colonies there unless `own_tile` (Research Colony, Space Port Colony)."""
    if g.colonies is None:
        return []
    return [
        t.name
        for t in g.colonies.tiles
        if t.active and len(t.colonies) < COLONY_SLOTS and (own_tile or seat not in t.colonies)
    ]


def tradeable_tiles(g: GameState, seat: int) -> list[str]:
    """Tiles `seat` may trade with now: one of its fleets is home, the tile is active and no
    fleet is on it (so a tile takes one trade per generation, whoever makes it)."""
    b = g.colonies
    if b is None or b.fleets_home(seat) <= 0:
        return []
    return [t.name for t in b.tiles if t.active and t.visitor == NO_FLEET]


def trade_discount(p: Player) -> int:
    return tableau_effects(p).trade_discount


def trade_offset(p: Player) -> int:
    return tableau_effects(p).trade_offset


def trade_fees(p: Player) -> dict[str, int]:
    """Each fee by its word, lowered by the player's trade discounts (never below 0)."""
    off = trade_discount(p)
    return {fee: max(0, base - off) for fee, base in TRADE_FEES.items()}


def fee_effects(fee: str, amount: int) -> tuple[tuple[Any, ...], ...]:
    """Paying a fee: M€ (with heat after the M€ for Helion, as `pay` does), else the resource."""
    if fee == "mc":
        return (("pay", amount),)
    return (("gain", FEE_RESOURCES[fee], -amount),)


def payable_fees(g: GameState, p: Player) -> dict[str, int]:
    """The fees the player can pay now, by word, with their amounts after discounts."""
    return {
        fee: n for fee, n in trade_fees(p).items() if all_feasible(g, p, 0, fee_effects(fee, n))
    }


def fee_alternatives(p: Player) -> tuple[tuple[str, tuple[tuple[Any, ...], ...]], ...]:
    """The fees as `choose` alternatives (a card's `trade` instruction that charges one)."""
    return tuple(
        (f"Pay {n} M€" if fee == "mc" else f"Pay {n} {FEE_RESOURCES[fee]}", fee_effects(fee, n))
        for fee, n in trade_fees(p).items()
    )


def room_for_production_cut(g: GameState, p: Player, names: list[str], cut: int) -> list[str]:
    """Tiles whose colony leaves room for cutting M€ production by `cut` afterwards: what
    the placement bonus (Luna's +2) and the player's own colony triggers (Poseidon's +1) add
    keeps production at the floor or above (Minority Refuge, Pioneer Settlement)."""
    floor = PRODUCTION_FLOOR[MC]
    triggered = sum(
        instr[2]
        for c in tableau(p)
        for t in card_def(c).triggers
        if t.event == "colony_placed"
        for instr in t.effects
        if instr[0] == "prod" and instr[1] == "megacredits" and isinstance(instr[2], int)
    )
    return [n for n in names if p.prod[MC] + triggered + _placement_mc_prod(n) - cut >= floor]


def _placement_mc_prod(name: str) -> int:
    return sum(i[2] for i in tile_def(name).placement if i[0] == "prod" and i[1] == "megacredits")


def can_trade(g: GameState, p: Player) -> bool:
    """The trade action: a fleet at home, a tile to trade with and a fee the player can pay.

    Asked at every action-phase decision of a Colonies game, so it walks the tiles once (the
    fleets out and an open tile together: `fleets_home` and `tradeable_tiles` would walk them
    twice and build a list) and stops at the first payable fee instead of listing every trade
    as `legal_trades` does."""
    b = g.colonies
    if b is None:
        return False
    seat = p.seat
    out = 0
    open_tile = False
    for t in b.tiles:
        if t.visitor == seat:
            out += 1
        elif t.active and t.visitor == NO_FLEET:
            open_tile = True
    if not open_tile or b.fleets[seat] <= out:
        return False
    if p.res[MC] >= MC_FEE - trade_discount(p):
        return True  # the common case, settled without the interpreter: M€ alone pay the fee
    return any(all_feasible(g, p, 0, fee_effects(fee, n)) for fee, n in trade_fees(p).items())


def tile_word(name: str) -> str:
    """A tile's name as a trade answer gives it (lower case: "luna")."""
    return name.lower()


_TILE_OF_WORD = {tile_word(n): n for n in TILE_NAMES}
_WORD_OF_TILE = {n: w for w, n in _TILE_OF_WORD.items()}


def legal_trades(g: GameState, p: Player) -> list[tuple[str, str, int]]:
    """Every trade the player may make now, as (tile word, fee word, fee amount): each active
    tile without a fleet times each fee the player can pay (none without a fleet at home)."""
    tiles = tradeable_tiles(g, p.seat)
    if not tiles:
        return []
    fees = payable_fees(g, p).items()
    return [(_WORD_OF_TILE[t], fee, n) for t in tiles for fee, n in fees]


def check_trade(g: GameState, p: Player, answer: Trade) -> tuple[str, str]:
    """The tile's name and the fee word of a legal trade answer (the fee filled in when the
    answer left it out); raises IllegalAction, changing nothing, for an illegal one."""
    b = g.colonies
    if b is None or b.fleets_home(p.seat) <= 0:
        raise IllegalAction("no trade now: none of your trade fleets is home", code="cannot_trade")
    name = _TILE_OF_WORD.get(answer.tile)
    tile = next((t for t in b.tiles if t.name == name), None)
    if tile is None:
        raise IllegalAction(
            f"no colony tile {answer.tile!r} in this game", code="trade_tile_unavailable"
        )
    if not tile.active:
        raise IllegalAction(
            f"{tile.name} is not active yet (no card holding its resource is in play)",
            code="trade_tile_unavailable",
        )
    if tile.visitor != NO_FLEET:
        raise IllegalAction(
            f"a trade fleet is on {tile.name} already this generation",
            code="trade_tile_unavailable",
        )
    fees = payable_fees(g, p)
    if answer.fee is None:
        if len(fees) != 1:
            raise IllegalAction(
                "name the fee: " + (", ".join(fees) or "none") + " can be paid",
                code="trade_fee_required",
            )
        return tile.name, next(iter(fees))
    if answer.fee not in fees:
        amount = trade_fees(p).get(answer.fee)
        raise IllegalAction(
            f"you cannot pay the {answer.fee} fee"
            if amount is None
            else f"you cannot pay the {answer.fee} fee ({amount})",
            code="trade_fee_unpayable",
        )
    return tile.name, answer.fee


def trade_answered(g: GameState, p: Player, answer: Trade) -> tuple[str, str]:
    """The tile's name and the fee word of a trade answer known to be legal (the unchecked
    path): only an answer that leaves the fee out needs the fees worked out."""
    if answer.fee is None:
        return check_trade(g, p, answer)
    return _TILE_OF_WORD[answer.tile], answer.fee


def start_trade(g: GameState, seat: int, card: int, name: str, fee: str | None) -> None:
    """Pay the fee (None: a free trade), then the fleet lands on the tile."""
    push(g, ("trade_at", seat, card, name))
    if fee is not None:
        push_effects(g, seat, card, fee_effects(fee, trade_fees(g.players[seat])[fee]))


# --- changes ----------------------------------------------------------------------------------


def place_colony(g: GameState, seat: int, name: str, bonus: bool = True) -> None:
    """Put `seat`'s colony on the lowest free colony space of a tile; the track marker moves
    up to the first step above the colonies if it was on or below them. Then the placement
    bonus (when `bonus`) and the cards that react to a colony (Poseidon)."""
    t = board(g).tile(name)
    t.colonies.append(seat)
    if t.marker <= len(t.colonies):
        t.marker = len(t.colonies) + 1
    log(g, "colony", seat, name)
    fire_colony_placed(g, seat)
    if bonus:
        push_effects(g, seat, 0, tile_def(name).placement)


def push_trade_income(g: GameState, seat: int, name: str) -> None:
    """Trade: the trader takes the income at the marker, then every colony on the tile gives
    its owner the colony bonus (once per colony, the trader's too, in step order), and the
    marker drops to the first step without a colony."""
    t = board(g).tile(name)
    d = tile_def(name)
    log(g, "trade_income", seat, name, t.marker)
    income = d.income(t.marker)
    t.marker = len(t.colonies) + 1
    for owner in reversed(t.colonies):
        push_effects(g, owner, 0, d.bonus)
    push_effects(g, seat, 0, income)


def colonies_production(g: GameState) -> None:
    """After production (unless the game ends): every fleet comes home, then the marker of
    every active tile moves up one step (never past the last)."""
    if g.colonies is None:
        return
    for t in g.colonies.tiles:
        t.visitor = NO_FLEET
    for t in g.colonies.tiles:
        if t.active and t.marker < TRACK_STEPS:
            t.marker += 1
