"""Instructions the Colonies expansion's cards add (the board's own are in `colonies.py`; the
resources they put onto cards, "a Jovian card" too, are `add` in card_resources.py).

Frames:
  ("spend_from", seat, card, kind, n)        remove n resources from a card of yours (Air Raid)
  ("cash_here", seat, card, resource, most[, needs])  1 resource per resource on this card
                                             (capped; `needs`: at least that many there)
  ("convert_here", seat, card, resource)     X resources here into X `resource` (Titan Shuttles)
  ("shift_tracks", seat, card)               raise one tile's marker (Market Manipulation) ...
  ("shift_lower", seat, card, raised)        ... then lower a different tile's
  ("spend_heat", seat, card, n)              pay n heat; floaters may stand in (Stormcraft)
  ("new_tag_types", seat, card, played)      M€ production per new tag type (Aridor)
"""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChooseAmount, ChooseCards, ChooseOption
from ..cards.catalogue import get as card_def
from ..cards.model import card_number
from ..colony_tiles import TRACK_STEPS
from ..constants import HEAT, MC
from ..decisions import Decision, SelectAmount, SelectCards, SelectOption
from ..interpreter import op
from ..mutate import change_prod, gain, log, push
from ..prompts import Prompt, prompt
from ..query import heat_floaters, spendable_heat, tableau
from ..state import Frame, GameState, Player
from .common import R, player_of

# --- resources onto or off cards --------------------------------------------------------------


def _spend_sources(p: Player, kind: str, n: int) -> list[int]:
    return [c for c in tableau(p) if card_def(c).resource == kind and p.card_res.get(c, 0) >= n]


def _spend_from_decide(g: GameState, frame: Frame) -> list[Decision]:
    kind, n = frame[3], frame[4]
    cards = _spend_sources(player_of(g, frame), kind, n)
    question = prompt("remove_from_card", n=n, kind=kind)
    return [SelectCards(frame[1], question, cards, 1, 1, 0, "remove", frame[2])]


def _take_off(p: Player, card: int, n: int) -> None:
    p.card_res[card] -= n


def _spend_from_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    _take_off(g.players[seat], answer.cards[0], frame[4])


def _spend_from_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_spend_sources(p, args[0], args[1]))


@op(
    "spend_from",
    decide=_spend_from_decide,
    resolve=_spend_from_resolve,
    feasible=_spend_from_feasible,
)
def _spend_from(g: GameState, frame: Frame) -> Frame | None:
    p = player_of(g, frame)
    cards = _spend_sources(p, frame[3], frame[4])
    if len(cards) == 1:
        _take_off(p, cards[0], frame[4])
        return None
    return frame if cards else None


def _cash_here_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    needs = args[2] if len(args) > 2 else 0
    return p.card_res.get(card, 0) >= needs


@op("cash_here", feasible=_cash_here_feasible)
def _cash_here(g: GameState, frame: Frame) -> None:
    """The card keeps its resources: they only count."""
    p = player_of(g, frame)
    n = p.card_res.get(frame[2], 0)
    most = frame[4]
    gain(g, p, R[frame[3]], min(n, most) if most else n)
    return None


def _convert_here_decide(g: GameState, frame: Frame) -> list[Decision]:
    n = player_of(g, frame).card_res.get(frame[2], 0)
    question = prompt(
        "convert_card_resources",
        card=card_number(frame[2]),
        card_name=card_def(frame[2]).name,
        res=frame[3],
    )
    return [SelectAmount(frame[1], question, 1, n, frame[2])]


def _convert_here_apply(g: GameState, p: Player, frame: Frame, n: int) -> None:
    _take_off(p, frame[2], n)
    gain(g, p, R[frame[3]], n)


def _convert_here_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    _convert_here_apply(g, g.players[seat], frame, answer.amount)


def _convert_here_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return p.card_res.get(card, 0) >= 1


@op(
    "convert_here",
    decide=_convert_here_decide,
    resolve=_convert_here_resolve,
    feasible=_convert_here_feasible,
)
def _convert_here(g: GameState, frame: Frame) -> Frame | None:
    p = player_of(g, frame)
    n = p.card_res.get(frame[2], 0)
    if n == 1:
        _convert_here_apply(g, p, frame, 1)
        return None
    return frame if n > 1 else None


# --- Market Manipulation ----------------------------------------------------------------------


def _raisable(g: GameState) -> list[str]:
    if g.colonies is None:
        return []
    return [t.name for t in g.colonies.tiles if t.active and t.marker < TRACK_STEPS]


def _lowerable(g: GameState, other_than: str) -> list[str]:
    """A marker never goes down onto a colony: it stays above the colonies."""
    if g.colonies is None:
        return []
    return [
        t.name
        for t in g.colonies.tiles
        if t.active and t.name != other_than and t.marker > len(t.colonies) + 1
    ]


def _shift_choices(g: GameState) -> list[str]:
    """Tiles that can go up with some different tile to go down."""
    return [name for name in _raisable(g) if _lowerable(g, name)]


def _marker_labels(g: GameState, names: list[str]) -> list[Prompt]:
    assert g.colonies is not None
    return [prompt("label.colony_marker", colony=n, step=g.colonies.tile(n).marker) for n in names]


def _shift_decide(g: GameState, frame: Frame) -> list[Decision]:
    names = _shift_choices(g)
    return [
        SelectOption(
            frame[1],
            prompt("colony_marker_up"),
            _marker_labels(g, names),
            range(len(names)),
            frame[2],
        )
    ]


def _raise_marker(g: GameState, frame: Frame, name: str) -> None:
    assert g.colonies is not None
    g.colonies.tile(name).marker += 1
    log(g, "track", frame[1], name, 1)
    push(g, ("shift_lower", frame[1], frame[2], name))


def _shift_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    _raise_marker(g, frame, _shift_choices(g)[answer.index])


def _shift_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_shift_choices(g))


@op("shift_tracks", decide=_shift_decide, resolve=_shift_resolve, feasible=_shift_feasible)
def _shift_tracks(g: GameState, frame: Frame) -> Frame | None:
    names = _shift_choices(g)
    if len(names) == 1:
        _raise_marker(g, frame, names[0])
        return None
    return frame if names else None


def _lower_decide(g: GameState, frame: Frame) -> list[Decision]:
    names = _lowerable(g, frame[3])
    return [
        SelectOption(
            frame[1],
            prompt("colony_marker_down"),
            _marker_labels(g, names),
            range(len(names)),
            frame[2],
        )
    ]


def _lower_marker(g: GameState, frame: Frame, name: str) -> None:
    assert g.colonies is not None
    g.colonies.tile(name).marker -= 1
    log(g, "track", frame[1], name, -1)


def _lower_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    _lower_marker(g, frame, _lowerable(g, frame[3])[answer.index])


@op("shift_lower", decide=_lower_decide, resolve=_lower_resolve)
def _shift_lower(g: GameState, frame: Frame) -> Frame | None:
    names = _lowerable(g, frame[3])
    if len(names) == 1:
        _lower_marker(g, frame, names[0])
        return None
    return frame if names else None


# --- heat that floaters may pay (Stormcraft Incorporated) -------------------------------------


def _floater_range(p: Player, n: int) -> tuple[int, int]:
    """Fewest and most floaters worth spending on `n` heat (one card holds them)."""
    holders = heat_floaters(p)
    if not holders:
        return 0, 0
    _, floaters, value = holders[0]
    fewest = max(0, -(-(n - p.res[HEAT]) // value))
    most = min(floaters, -(-n // value))
    return fewest, most


def _pay_heat(p: Player, n: int, floaters: int) -> None:
    if floaters:
        card, _, value = heat_floaters(p)[0]
        _take_off(p, card, floaters)
        n = max(0, n - floaters * value)
    p.res[HEAT] -= n


def _heat_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    fewest, most = _floater_range(p, frame[3])
    question = prompt("pay_heat_with_floaters", amount=frame[3])
    return [SelectAmount(frame[1], question, fewest, most, frame[2])]


def _heat_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    _pay_heat(g.players[seat], frame[3], answer.amount)


def _heat_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return spendable_heat(p) >= int(args[0])


@op("spend_heat", decide=_heat_decide, resolve=_heat_resolve, feasible=_heat_feasible)
def _spend_heat(g: GameState, frame: Frame) -> Frame | None:
    """Heat first unless the player prefers floaters: asked only when there is a choice."""
    p = player_of(g, frame)
    fewest, most = _floater_range(p, frame[3])
    if fewest == most:
        _pay_heat(p, frame[3], fewest)
        return None
    return frame


# --- Aridor -----------------------------------------------------------------------------------


@op("new_tag_types")
def _new_tag_types(g: GameState, frame: Frame) -> None:
    """+1 M€ production per tag type on the card just played that no other card of the
    player's in play has (events leave no tags in play; a wild tag is no type)."""
    p = player_of(g, frame)
    played = frame[3]
    cd = card_def(played)
    if cd.is_event or played not in tableau(p):
        return None
    before = {t for c in tableau(p) if c != played for t in card_def(c).tags}
    new = {t for t in cd.tags if t != "wild" and t not in before}
    if new:
        change_prod(g, p, MC, len(new))
    return None
