"""Instructions that are choices: pick an alternative or an amount, copy a production box,
one-shot modifiers, and the order of simultaneous triggers."""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChooseAmount, ChooseCards, ChooseOption
from ..cards.catalogue import get as card_def
from ..cards.model import card_number
from ..decisions import Decision, SelectAmount, SelectCards, SelectOption
from ..interpreter import all_feasible, op
from ..mutate import (
    asks,
    change_prod,
    gain,
    push,
    push_effects,
)
from ..prompts import coded_label, prompt
from ..state import Frame, GameState, Player
from .card_resources import add_has_target, card_sources
from .common import R, player_of
from .players import remove_targets, steal_targets


def _has_effect(g: GameState, p: Player, card: int, instr: tuple[Any, ...]) -> bool:
    """Would this optional instruction do anything now? (An "up to" effect with nobody to
    target is legal but empty; a choice prefers alternatives that do something.)"""
    op_name = instr[0]
    if op_name == "remove_any":
        return g.options.solo or bool(remove_targets(g, p.seat, instr[1]))
    if op_name == "steal":
        return g.options.solo or bool(steal_targets(g, p.seat, instr[1]))
    if op_name == "remove_card_res":
        return bool(card_sources(g, p.seat, instr[1], 0))
    if op_name == "add":
        return add_has_target(g, p, card, instr[1:])
    return True


def _enabled(g: GameState, frame: Frame) -> list[int]:
    """Alternatives that can be carried out; of those, the ones that do something, if any."""
    p = player_of(g, frame)
    card = frame[2]
    feasible = [i for i, (_, effects) in enumerate(frame[3]) if all_feasible(g, p, card, effects)]
    useful = [
        i for i in feasible if all(_has_effect(g, p, card, instr) for instr in frame[3][i][1])
    ]
    return useful or feasible


def _choose_decide(g: GameState, frame: Frame) -> list[Decision]:
    labels = [coded_label(label, frame[2]) for label, _ in frame[3]]
    return [SelectOption(frame[1], prompt("choose_one"), labels, _enabled(g, frame), frame[2])]


def _choose_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    push_effects(g, seat, frame[2], frame[3][answer.index][1])


def _choose_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return any(all_feasible(g, p, card, effects) for _, effects in args[0])


@op("choose", decide=_choose_decide, resolve=_choose_resolve, feasible=_choose_feasible)
def _choose(g: GameState, frame: Frame) -> Frame | None:
    enabled = _enabled(g, frame)
    if len(enabled) == 1:
        push_effects(g, frame[1], frame[2], frame[3][enabled[0]][1])
        return None
    return frame if enabled else None


def _convert_max(p: Player, mode: str, source: str) -> int:
    r = R[source]
    return p.prod[r] if mode == "prod" else p.res[r]


def _convert_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    mode, source, target = frame[3], frame[4], frame[5]
    return [
        SelectAmount(
            p.seat,
            prompt(
                "convert_production" if mode == "prod" else "convert", res=source, target=target
            ),
            1,
            _convert_max(p, mode, source),
            frame[2],
        )
    ]


def _convert_apply(g: GameState, p: Player, frame: Frame, n: int) -> None:
    mode, source, target = frame[3], frame[4], frame[5]
    if mode == "prod":
        change_prod(g, p, R[source], -n)
        change_prod(g, p, R[target], n)
    else:
        gain(g, p, R[source], -n)
        gain(g, p, R[target], n)


def _convert_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    _convert_apply(g, g.players[seat], frame, answer.amount)


def _convert_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return _convert_max(p, args[0], args[1]) >= 1


@op("convert", decide=_convert_decide, resolve=_convert_resolve, feasible=_convert_feasible)
def _convert(g: GameState, frame: Frame) -> Frame | None:
    most = _convert_max(player_of(g, frame), frame[3], frame[4])
    if most == 1:
        _convert_apply(g, player_of(g, frame), frame, 1)
        return None
    return frame if most > 1 else None


def _copy_candidates(g: GameState, p: Player, tag: str, exclude: int) -> list[int]:
    return [
        c
        for c in p.played
        if c != exclude
        and tag in (cd := card_def(c)).tags
        and cd.production_box
        and all_feasible(g, p, c, cd.production_box)
    ]


def _copy_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    cands = _copy_candidates(g, p, frame[3], frame[2])
    return [SelectCards(p.seat, prompt("copy_production"), cands, 1, 1, 0, "copy", frame[2])]


def _copy_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    chosen = answer.cards[0]
    push_effects(g, seat, chosen, card_def(chosen).production_box)


def _copy_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_copy_candidates(g, p, args[0], card))


@op("copy_prod", decide=_copy_decide, resolve=_copy_resolve, feasible=_copy_feasible)
def _copy_prod(g: GameState, frame: Frame) -> Frame | None:
    return frame if _copy_candidates(g, player_of(g, frame), frame[3], frame[2]) else None


@op("next_card")
def _next_card(g: GameState, frame: Frame) -> None:
    player_of(g, frame).mods.append((frame[3], frame[4]))
    return None


# --- the order of simultaneous triggers ---


def _distinct_batches(batches: Any) -> list[int]:
    """Indices of the first of each group of identical batches (choosing among twins is moot)."""
    seen: set[str] = set()
    out = []
    for i, (card, effects) in enumerate(batches):
        key = repr((card, [list(e) for e in effects]))
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def _order_decide(g: GameState, frame: Frame) -> list[Decision]:
    batches = frame[3]
    labels = [
        prompt("label.effect_of_card", card=card_number(card), card_name=card_def(card).name)
        for card, _ in batches
    ]
    return [SelectOption(frame[1], prompt("effect_order"), labels, _distinct_batches(batches))]


def _order_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseOption)
    batches = frame[3]
    card, effects = batches[answer.index]
    rest = tuple(b for i, b in enumerate(batches) if i != answer.index)
    if rest:
        push(g, ("order", seat, 0, rest))
    push_effects(g, seat, card, effects)


@op("order", decide=_order_decide, resolve=_order_resolve)
def _order(g: GameState, frame: Frame) -> Frame | None:
    """Several of a player's effects triggered together; the player picks which goes first."""
    batches = frame[3]
    asking = [i for i in _distinct_batches(batches) if asks(list(batches[i][1]))]
    if len(asking) < 2:
        for card, effects in reversed(batches):
            push_effects(g, frame[1], card, effects)
        return None
    return frame
