"""The instructions Venus Next's cards add (its scale itself is `mutate.raise_venus`).

Frames (resources onto Venus cards are `add` frames with the Venus tag, ops/card_resources.py):
  ("steal_venus", seat, card, n)              take up to n M€ from another player with a
                                              Venus tag in play (Comet for Venus)
  ("others_draw", seat, card, n)              every other player draws n cards
  ("cash_out", seat, card, resource, each)    spend X resources here for `each` X `resource`
  ("reveal_floaters", seat, card, count)      reveal until `count` floater cards (Celestic)
  ("repeat_action", seat, card)               use again a blue card action used this
                                              generation (Viron), paid as that action is
  ("pay_action", seat, card, used, choice)    pay the cost of action `choice` of card `used`
                                              again, titanium or steel as the action allows
                                              (an amount decision), then the rest in M€
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .actions import Answer, ChooseAmount, ChooseCards, ChoosePlayer
from .cards.catalogue import all_cards, get as card_def
from .cards.model import CardDef, card_number
from .constants import FLOATER, MC, VENUS
from .decisions import Decision, SelectAmount, SelectCards, SelectPlayer
from .hooks import play_check
from .interpreter import all_feasible, op
from .mutate import draw_cards, draw_into_hand, gain, log, push
from .ops.common import R, player_of
from .payment import PayRule, can_afford, payments
from .prompts import prompt
from .query import printed_tag_count
from .state import Frame, GameState, Player

# --- playability ------------------------------------------------------------------------------


@play_check("another_card_in_hand")
def _another_card_in_hand(g: GameState, p: Player, card: CardDef) -> bool:
    """Sponsored Academies discards a card from hand as part of playing it: another card than
    itself must be in hand."""
    return any(c != card.id for c in p.hand) and all_feasible(g, p, card.id, card.play)


# --- other players ----------------------------------------------------------------------------


def venus_steal_targets(g: GameState, seat: int) -> list[int]:
    """Other players with a Venus tag in play and M€ to lose (solo: nobody)."""
    return [
        q.seat
        for q in g.players
        if q.seat != seat and q.res[MC] > 0 and printed_tag_count(q, VENUS) > 0
    ]


def _steal_venus_decide(g: GameState, frame: Frame) -> list[Decision]:
    targets: list[int | None] = [*venus_steal_targets(g, frame[1]), None]
    question = prompt("steal_from_venus_player", n=frame[3])
    return [SelectPlayer(frame[1], question, targets, frame[2])]


def _steal_venus_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChoosePlayer)
    if answer.seat is None:
        return
    q = g.players[answer.seat]
    taken = min(frame[3], q.res[MC])
    q.res[MC] -= taken
    g.players[seat].res[MC] += taken
    log(g, "steal", seat, q.seat, "megacredits", taken)


@op("steal_venus", decide=_steal_venus_decide, resolve=_steal_venus_resolve)
def _steal_venus(g: GameState, frame: Frame) -> Frame | None:
    return frame if venus_steal_targets(g, frame[1]) else None


@op("others_draw")
def _others_draw(g: GameState, frame: Frame) -> None:
    for q in g.players:
        if q.seat != frame[1]:
            draw_into_hand(g, q, frame[3])
    return None


# --- resources on the card itself -------------------------------------------------------------


def _cash_out_decide(g: GameState, frame: Frame) -> list[Decision]:
    held = player_of(g, frame).card_res.get(frame[2], 0)
    question = prompt(
        "cash_out_card_resources",
        card=card_number(frame[2]),
        card_name=card_def(frame[2]).name,
        res=frame[3],
        each=frame[4],
    )
    return [SelectAmount(frame[1], question, 1, held, frame[2])]


def _cash_out_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    p = g.players[seat]
    p.card_res[frame[2]] -= answer.amount
    gain(g, p, R[frame[3]], answer.amount * frame[4])


def _cash_out_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return p.card_res.get(card, 0) >= 1


@op("cash_out", decide=_cash_out_decide, resolve=_cash_out_resolve, feasible=_cash_out_feasible)
def _cash_out(g: GameState, frame: Frame) -> Frame | None:
    return frame if player_of(g, frame).card_res.get(frame[2], 0) >= 1 else None


# --- Celestic ---------------------------------------------------------------------------------


def _mentions_floaters(value: Any) -> bool:
    if value == FLOATER:
        return True
    if isinstance(value, tuple | list):
        return any(_mentions_floaters(v) for v in value)
    return False


@cache
def floater_cards() -> frozenset[int]:
    """Cards with a floater icon: those that hold floaters, and those whose effects or actions
    handle floaters (Celestic's first action looks for these)."""
    return frozenset(c.id for c in all_cards().values() if _has_floater_icon(c))


def _has_floater_icon(c: CardDef) -> bool:
    if c.kind != "project":
        return False
    if c.resource == FLOATER:
        return True
    effects = (*c.play, *(i for a in c.actions for i in a.effects))
    return _mentions_floaters(effects) or any(r.kind == "floaters" for r in c.requirements)


@op("reveal_floaters")
def _reveal_floaters(g: GameState, frame: Frame) -> None:
    """Reveal cards until `count` floater cards turn up: those go to the hand, the rest to
    the discard pile (never more cards than exist outside hands)."""
    p = player_of(g, frame)
    wanted, found = floater_cards(), 0
    budget = len(g.deck) + len(g.discard)
    revealed: list[int] = []
    while found < frame[3] and budget > 0:
        top = draw_cards(g, 1)
        if not top:
            break
        budget -= 1
        log(g, "reveal", p.seat, card_number(top[0]))
        if top[0] in wanted:
            p.hand.append(top[0])
            found += 1
        else:
            revealed.append(top[0])
    g.discard.extend(revealed)
    return None


# --- Viron ------------------------------------------------------------------------------------


def _repeatable(g: GameState, p: Player, viron: int) -> dict[int, list[int]]:
    """Used cards (never Viron itself) and which of their action alternatives can be used
    again now: condition met, cost affordable as the action itself may be paid (Rotator
    Impacts' titanium), effects possible."""
    from .turn_options import (
        _condition_holds as condition_holds,  # (import cycle)
        action_rule,
    )

    out: dict[int, list[int]] = {}
    for c in p.used:
        if c == viron:
            continue
        ok = [
            i
            for i, act in enumerate(card_def(c).actions)
            if condition_holds(p, act.condition)
            and can_afford(p, action_rule(p, act))
            and all_feasible(g, p, c, act.effects)
        ]
        if ok:
            out[c] = ok
    return out


def _repeat_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    cards = list(_repeatable(g, p, frame[2]))
    return [SelectCards(p.seat, prompt("repeat_card_action"), cards, 1, 1, 0, "action", frame[2])]


def _repeat_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    chosen = answer.cards[0]
    actions = card_def(chosen).actions
    alternatives = []
    for i in _repeatable(g, p, frame[2])[chosen]:
        act = actions[i]
        paid = (("pay_action", chosen, i),) if act.cost else ()
        alternatives.append((act.label, (*paid, *act.effects)))
    log(g, "repeat_action", seat, card_number(chosen))
    push(g, ("choose", seat, chosen, tuple(alternatives)))


def _repeat_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return bool(_repeatable(g, p, card))


@op("repeat_action", decide=_repeat_decide, resolve=_repeat_resolve, feasible=_repeat_feasible)
def _repeat_action(g: GameState, frame: Frame) -> Frame | None:
    return frame if _repeatable(g, player_of(g, frame), frame[2]) else None


def _action_payment(g: GameState, frame: Frame) -> tuple[Player, PayRule, str, list[int]]:
    """The rule paying action `choice` of card `used`, the resource (steel or titanium) the
    player may put towards it, and the legal numbers of that resource."""
    from .turn_options import action_rule  # (import cycle)

    p = player_of(g, frame)
    rule = action_rule(p, card_def(frame[3]).actions[frame[4]])
    kind = "titanium" if rule.titanium else "steel"
    counts = sorted({getattr(pay, kind) for pay in payments(p, rule)})
    return p, rule, kind, counts


def _pay_action_decide(g: GameState, frame: Frame) -> list[Decision]:
    p, rule, kind, counts = _action_payment(g, frame)
    value = rule.titanium or rule.steel
    question = prompt(
        "pay_action_with_metal",
        amount=rule.cost,
        card=card_number(frame[3]),
        card_name=card_def(frame[3]).name,
        res=kind,
        value=value,
    )
    return [SelectAmount(p.seat, question, counts[0], counts[-1], frame[3])]


def _pay_action_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    _pay_action_with(g, frame, answer.amount)


def _pay_action_with(g: GameState, frame: Frame, count: int) -> None:
    """Spend `count` steel or titanium; the rest goes to a `pay` frame (M€, or heat for
    Helion, asked when there is a choice)."""
    p, rule, kind, _ = _action_payment(g, frame)
    value = rule.titanium or rule.steel
    p.res[R[kind]] -= count
    rest = max(0, rule.cost - count * value)
    if rest:
        push(g, ("pay", p.seat, frame[2], rest))


def _pay_action_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    from .turn_options import action_rule  # (import cycle)

    return can_afford(p, action_rule(p, card_def(args[0]).actions[args[1]]))


@op(
    "pay_action",
    decide=_pay_action_decide,
    resolve=_pay_action_resolve,
    feasible=_pay_action_feasible,
)
def _pay_action(g: GameState, frame: Frame) -> Frame | None:
    """Viron's repeat pays as the repeated action does; with one legal number of steel or
    titanium (none held, or the action allows neither) nothing is asked."""
    _, _, _, counts = _action_payment(g, frame)
    if len(counts) > 1:
        return frame
    _pay_action_with(g, frame, counts[0] if counts else 0)
    return None
