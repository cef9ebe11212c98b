"""The small state changes every rule is made of, and the firing of triggers.

Functions here change the state directly; anything that may need a player's choice is pushed
as a frame on the stack instead (see `push_effects`), so the interpreter can stop and ask.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .board import OCEAN_BONUS, TEMPERATURE_BONUS
from .cards.catalogue import get as card_def
from .cards.model import Instr, Trigger
from .constants import (
    ANIMAL,
    ENERGY,
    GREENERY,
    HEAT,
    HELLAS_OCEAN_FEE,
    MC,
    MICROBE,
    NOBODY,
    OCEAN,
    OCEAN_ADJACENCY_BONUS,
    OCEANS_MAX,
    OCEANS_STEP,
    OXYGEN_MAX,
    OXYGEN_STEP,
    OXYGEN_TEMPERATURE_BONUS,
    PLANTS,
    PRODUCTION_FLOOR,
    SPECIAL,
    STEEL,
    TEMPERATURE_HEAT_BONUS,
    TEMPERATURE_MAX,
    TEMPERATURE_OCEAN_BONUS,
    TEMPERATURE_STEP,
    TILE_NAMES,
    TITANIUM,
    VASTITAS_TEMPERATURE_FEE,
    VENUS_DRAW_BONUS,
    VENUS_MAX,
    VENUS_STEP,
    VENUS_TR_BONUS,
)
from .payment import heat_choices, pay_megacredits
from .query import tableau_effects
from .rng import shuffle
from .state import GameState, Player

TILE_CODES = {name: i for i, name in enumerate(TILE_NAMES)}


def log(g: GameState, *event: Any) -> None:
    g.log.append(event)


def push(g: GameState, frame: tuple[Any, ...]) -> None:
    g.stack.append(frame)


def push_effects(g: GameState, seat: int, card: int, effects: Iterable[Instr]) -> None:
    """Queue instructions so that the first one runs first."""
    frames = [(instr[0], seat, card, *instr[1:]) for instr in effects]
    frames.reverse()
    g.stack.extend(frames)


# --- resources, production, TR ----------------------------------------------------------------


def gain(g: GameState, p: Player, res: int, n: int) -> None:
    if n:
        v = p.res[res] + n
        p.res[res] = v if v > 0 else 0


def change_prod(g: GameState, p: Player, res: int, delta: int) -> None:
    if delta:
        v = p.prod[res] + delta
        floor = PRODUCTION_FLOOR[res]
        p.prod[res] = v if v > floor else floor
        if delta > 0 and p.corp and card_def(p.corp).production_gains:
            p.res[res] += delta  # Manutech (Venus Next): the resource comes with the step


def raise_tr(g: GameState, p: Player, n: int) -> None:
    """Every change of a player's TR goes through here, so that each is logged: ("tr", seat,
    the change as made (a loss stops at 0), the TR now)."""
    if n > 0:
        p.tr += n
        p.tr_raised = True
        log(g, "tr", p.seat, n, p.tr)
    elif n < 0:
        before = p.tr
        p.tr = max(0, p.tr + n)
        if p.tr != before:
            log(g, "tr", p.seat, p.tr - before, p.tr)


def draw_cards(g: GameState, n: int) -> list[int]:
    """Take `n` cards off the deck (reshuffling the discard pile when the deck runs out)."""
    out: list[int] = []
    for _ in range(n):
        if not g.deck:
            if not g.discard:
                break  # every card is in somebody's hand or in play
            g.deck, g.discard = g.discard, []
            g.rng = shuffle(g.rng, g.deck)
        out.append(g.deck.pop())
    return out


def draw_into_hand(g: GameState, p: Player, n: int, logged: bool = True) -> int:
    """Draw `n` cards into the hand (how many came: the deck may run dry). The log tells only
    how many (`logged` False: the caller tells it, as a placement's bonus)."""
    cards = draw_cards(g, n)
    p.hand.extend(cards)
    if cards and logged:
        log(g, "draw", p.seat, len(cards))
    return len(cards)


# --- global parameters ------------------------------------------------------------------------


def raise_temperature(g: GameState, seat: int, steps: int) -> None:
    p = g.players[seat] if seat >= 0 else None
    for _ in range(steps):
        if g.temperature >= TEMPERATURE_MAX:
            return
        g.temperature += TEMPERATURE_STEP
        log(g, "temperature", seat, g.temperature)
        if p is None:
            continue
        raise_tr(g, p, 1)
        if g.temperature in TEMPERATURE_HEAT_BONUS:
            change_prod(g, p, HEAT, 1)
        elif g.temperature == TEMPERATURE_OCEAN_BONUS:
            push(g, ("place", seat, 0, "ocean", "ocean"))


def raise_oxygen(g: GameState, seat: int, steps: int) -> None:
    p = g.players[seat] if seat >= 0 else None
    for _ in range(steps):
        if g.oxygen >= OXYGEN_MAX:
            return
        g.oxygen += OXYGEN_STEP
        log(g, "oxygen", seat, g.oxygen)
        if p is None:
            continue
        raise_tr(g, p, 1)
        if g.oxygen == OXYGEN_TEMPERATURE_BONUS:
            raise_temperature(g, seat, 1)


def raise_venus(g: GameState, seat: int, steps: int) -> None:
    """Venus Next: raise the Venus scale. A player's raise (seat >= 0) gives 1 TR per step and
    the bonus of each bonus step it reaches; the World Government's (seat -1) gives neither.
    Either way, cards reacting to any Venus step (Aphrodite) fire once per step."""
    p = g.players[seat] if seat >= 0 else None
    for _ in range(steps):
        if g.venus >= VENUS_MAX:
            return
        g.venus += VENUS_STEP
        log(g, "venus", seat, g.venus)
        if p is not None:
            raise_tr(g, p, 1)
            if g.venus == VENUS_DRAW_BONUS:
                draw_into_hand(g, p, 1)
            elif g.venus == VENUS_TR_BONUS:
                raise_tr(g, p, 1)
        batches = [
            (owner.seat, cid, list(t.effects))
            for owner in _owners_in_order(g, seat)
            for cid, t in _triggers(owner, "venus_raised")
            if t.scope == "any" or owner.seat == seat
        ]
        if batches:
            _queue_triggers(g, seat, batches)


# --- tiles ------------------------------------------------------------------------------------


def place_tile(g: GameState, seat: int, tile: str, space: int, card: int = 0) -> None:
    """Put a tile down and hand out everything it earns (bonuses, TR, oxygen, triggers)."""
    kind = TILE_CODES[tile]
    sp = g.map.spaces[space]
    assert sp is not None
    g.tiles[space] = kind
    g.owners[space] = NOBODY if kind == OCEAN else seat
    g.last_space = space
    if card and (kind == SPECIAL or _marks_tile(card)):
        g.specials[space] = card
    log(g, "tile", seat, tile, space)
    p = g.players[seat] if seat >= 0 else None
    if p is not None:
        _space_goods(g, p, sp.bonus, sum(1 for n in sp.neighbours if g.tiles[n] == OCEAN), space)
    if kind == OCEAN:
        if g.oceans < OCEANS_MAX:
            g.oceans += OCEANS_STEP
            if p is not None:
                raise_tr(g, p, 1)
    elif kind == GREENERY and p is not None and g.phase != "final":
        raise_oxygen(g, seat, 1)
    owed = _later_bonuses(g, p, sp.bonus) if p is not None and sp.bonus else 0
    fire_tile_placed(g, seat, kind, space)
    if owed:  # Helion's split of the fee, asked before the triggers run
        push(g, ("pay", seat, 0, owed))


# A space's bonus goods: the resource each one gives (a "card" is drawn instead), and its name
# in the log (the view's resource names).
SPACE_GOODS = {"steel": STEEL, "titanium": TITANIUM, "plant": PLANTS, "heat": HEAT}
GOODS_NAMES = {STEEL: "steel", TITANIUM: "titanium", PLANTS: "plants", HEAT: "heat"}


def _space_goods(
    g: GameState, p: Player, bonus: tuple[str, ...], oceans_next: int, space: int
) -> None:
    """Hand out the goods a placement earns, the space's printed ones and the M€ of the oceans
    next to it, and log each kind once: ("bonus", seat, what, how many, space), what being a
    resource or "cards" (a count only: which cards were drawn stays hidden)."""
    earned: dict[str, int] = {}
    for b in bonus:
        res = SPACE_GOODS.get(b)
        if res is not None:
            p.res[res] += 1
            name = GOODS_NAMES[res]
            earned[name] = earned.get(name, 0) + 1
        elif b == "card":
            drawn = draw_into_hand(g, p, 1, logged=False)
            if drawn:
                earned["cards"] = earned.get("cards", 0) + drawn
    if oceans_next:
        p.res[MC] += OCEAN_ADJACENCY_BONUS * oceans_next
        earned["megacredits"] = OCEAN_ADJACENCY_BONUS * oceans_next
    for what, n in earned.items():
        log(g, "bonus", p.seat, what, n, space)


def _later_bonuses(g: GameState, p: Player, bonus: tuple[str, ...]) -> int:
    """The bonuses that are more than goods: resources for a card (the player picks which) and
    the paid ones, judged after the tile itself counted (an ocean tile put on Hellas's south
    pole may be the last one: then there is no bonus ocean, and nothing to pay). A fee is paid
    at once, or returned when Helion has a split of heat and M€ to choose (the caller asks)."""
    for kind in (MICROBE, ANIMAL):
        n = bonus.count(kind)
        if n:
            push(g, ("add", p.seat, 0, kind, n, "any", False))
    owed = 0
    if OCEAN_BONUS in bonus and g.oceans < OCEANS_MAX:
        owed += _pay_fee(g, p, HELLAS_OCEAN_FEE)
        push(g, ("place", p.seat, 0, "ocean", "ocean"))
    if TEMPERATURE_BONUS in bonus and g.temperature < TEMPERATURE_MAX:
        owed += _pay_fee(g, p, VASTITAS_TEMPERATURE_FEE)
        raise_temperature(g, p.seat, 1)
    return owed


def _pay_fee(g: GameState, p: Player, fee: int) -> int:
    """Pay a space's fee now (M€, or Helion's only split), else return it as owed."""
    if heat_choices(p, fee) is not None:
        return fee
    pay_megacredits(p, fee)
    log(g, "lose", p.seat, "megacredits", fee)
    return 0


def _marks_tile(card: int) -> bool:
    """Cards whose city tile is special (Capital scores the oceans around it)."""
    vp = card_def(card).vp
    return vp is not None and vp.kind == "per_adjacent"


# --- triggers ---------------------------------------------------------------------------------


def _substitute(value: Any, played: int) -> Any:
    """Put the id of the card that fired a trigger wherever an effect says "$played"
    (at any depth: inside a `choose` alternative too)."""
    if value == "$played":
        return played
    if isinstance(value, tuple | list):
        return tuple(_substitute(v, played) for v in value)
    return value


def _owners_in_order(g: GameState, seat: int) -> list[Player]:
    """Everybody, starting with the acting player (their triggers resolve first)."""
    n = len(g.players)
    start = seat if seat >= 0 else 0
    return [g.players[(start + i) % n] for i in range(n)]


# Instructions that may stop to ask the player something.
ASKING_OPS = frozenset(
    {
        "choose",
        "swap_card",
        "add",
        "look",
        "buy_top",
        "place",
        "remove_any",
        "steal",
        "steal_exact",
        "pay",
        "prod_any",
        "move_res",
        "remove_card_res",
        "convert",
        "copy_prod",
        "claim",
        "add_existing",
        # Colonies
        "colony",
        "trade",
        "discard",
        "colony_bonuses",
        "add_colony_tile",
        "spend_from",
        "convert_here",
        "shift_tracks",
        "spend_heat",
    }
)


def asks(effects: list[Instr]) -> bool:
    """Whether these effects may stop to ask their owner something."""
    return any(i[0] in ASKING_OPS and not (i[0] == "add" and i[3] == "self") for i in effects)


def _queue_triggers(g: GameState, seat: int, batches: list[tuple[int, int, list[Instr]]]) -> None:
    """Push triggered effects: the acting player's first, then the others' in seat order.

    When two or more of the acting player's triggered effects would ask something, the
    player chooses their order (an `order` frame); otherwise they run in play order."""
    mine = [b for b in batches if b[0] == seat]
    others = [b for b in batches if b[0] != seat]
    for owner, card, effects in reversed(others):
        push_effects(g, owner, card, effects)
    distinct = {
        (card, repr([list(e) for e in effects])) for _, card, effects in mine if asks(effects)
    }
    if len(distinct) >= 2:
        push(g, ("order", seat, 0, tuple((card, tuple(effects)) for _, card, effects in mine)))
        return
    for owner, card, effects in reversed(mine):
        push_effects(g, owner, card, effects)


def _triggers(p: Player, event: str) -> Iterable[tuple[int, Trigger]]:
    """(card, trigger) of the player's cards in play that react to `event`, in tableau order."""
    return tableau_effects(p).triggers.get(event, ())


def fire_card_played(g: GameState, seat: int, played: int) -> None:
    card = card_def(played)
    tags = card.tags
    batches: list[tuple[int, int, list[Instr]]] = []
    for owner in _owners_in_order(g, seat):
        for cid, t in _triggers(owner, "card_played"):
            if t.scope == "self" and owner.seat != seat:
                continue
            if t.card_type is not None and card.type != t.card_type:
                continue
            if t.require_tag is not None and t.require_tag not in tags:
                continue
            if t.min_cost is not None and (card.cost or 0) < t.min_cost:
                continue
            if t.vp_icon and (card.vp is None or card.vp.points <= 0):
                continue
            times = sum(1 for tag in tags if tag in t.tags) if t.tags else 1
            effects = list(_substitute(t.effects, played))
            for _ in range(times):
                batches.append((owner.seat, cid, effects))
    _queue_triggers(g, seat, batches)


def tile_trigger_fires(t: Trigger, own: bool, tile: str, on_mars: bool, metal: bool) -> bool:
    """Whether a `tile_placed` trigger reacts to a `tile` put down (`own`: by the trigger's
    owner) on a space on Mars or not, offering steel or titanium (`metal`) or not."""
    if t.scope == "self" and not own:
        return False
    if t.tiles and tile not in t.tiles:
        return False
    if t.where == "mars" and not on_mars:
        return False
    return t.where != "metal_bonus" or metal


def fire_tile_placed(g: GameState, seat: int, kind: int, space: int) -> None:
    name = TILE_NAMES[kind]
    sp = g.map.spaces[space]
    assert sp is not None
    on_mars = sp.row >= 0
    metal = "steel" in sp.bonus or "titanium" in sp.bonus
    batches: list[tuple[int, int, list[Instr]]] = []
    for owner in _owners_in_order(g, seat):
        for cid, t in _triggers(owner, "tile_placed"):
            if tile_trigger_fires(t, owner.seat == seat, name, on_mars, metal):
                batches.append((owner.seat, cid, list(t.effects)))
    _queue_triggers(g, seat, batches)


def fire_standard_project(g: GameState, seat: int, project: str, base_cost: int) -> None:
    batches: list[tuple[int, int, list[Instr]]] = []
    p = g.players[seat]
    for cid, t in _triggers(p, "standard_project"):
        if t.min_cost is not None and base_cost < t.min_cost:
            continue
        if project == "sell_patents":
            continue
        batches.append((seat, cid, list(t.effects)))
    _queue_triggers(g, seat, batches)


def fire_colony_placed(g: GameState, seat: int) -> None:
    """Colonies: `seat` has placed a colony (Poseidon's M€ production, for any player's)."""
    batches: list[tuple[int, int, list[Instr]]] = []
    for owner in _owners_in_order(g, seat):
        for cid, t in _triggers(owner, "colony_placed"):
            if t.scope == "self" and owner.seat != seat:
                continue
            batches.append((owner.seat, cid, list(t.effects)))
    _queue_triggers(g, seat, batches)


def produce(g: GameState) -> None:
    """The production phase for every player."""
    for p in g.players:
        p.res[HEAT] += p.res[ENERGY]
        p.res[ENERGY] = 0
        p.res[MC] += p.tr + p.prod[MC]
        if p.res[MC] < 0:
            p.res[MC] = 0
        for r in (STEEL, TITANIUM, PLANTS, ENERGY, HEAT):
            p.res[r] += p.prod[r]
        p.used = []
        p.passed = False
        p.tr_raised = False
        p.mods = []
    log(g, "production", g.generation)
