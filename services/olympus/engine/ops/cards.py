"""Instructions on the deck and hands: draw, look and keep, buy the top card, reveal, swap."""

from __future__ import annotations

from ..actions import Answer, ChooseCards
from ..cards.catalogue import get as card_def
from ..cards.model import card_number
from ..decisions import Decision, SelectCards
from ..interpreter import op
from ..mutate import (
    draw_cards,
    draw_into_hand,
    log,
    push,
)
from ..payment import can_afford, megacredit_rule
from ..prompts import prompt
from ..query import amount, card_buy_cost
from ..state import Frame, GameState, Player
from .common import player_of


@op("draw")
def _draw(g: GameState, frame: Frame) -> None:
    p = player_of(g, frame)
    draw_into_hand(g, p, amount(g, p, frame[3]))  # a count for Solar Probe
    return None


def _look_decide(g: GameState, frame: Frame) -> list[Decision]:
    revealed, keep = frame[4], frame[5]
    keep = min(keep, len(revealed))
    return [
        SelectCards(
            frame[1], prompt("keep_cards", n=keep), revealed, keep, keep, 0, "keep", frame[2]
        )
    ]


def _look_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    kept = set(answer.cards)
    for c in frame[4]:
        (p.hand if c in kept else g.discard).append(c)


@op("look", decide=_look_decide, resolve=_look_resolve)
def _look(g: GameState, frame: Frame) -> Frame | None:
    """Reveal the top n cards; the frame then waits with them until the player keeps some."""
    if len(frame) > 5:
        return frame
    n, keep = frame[3], frame[4]
    revealed = draw_cards(g, n)
    if not revealed:
        return None
    return ("look", frame[1], frame[2], n, tuple(revealed), keep)


def _can_pay(p: Player, cost: int) -> bool:
    return can_afford(p, megacredit_rule(p, cost))


def _buy_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    top = frame[3]
    return [
        SelectCards(
            p.seat,
            prompt(
                "buy_card",
                card=card_number(top[0]),
                card_name=card_def(top[0]).name,
                cost=card_buy_cost(p),
            ),
            top,
            0,
            1 if _can_pay(p, card_buy_cost(p)) else 0,
            card_buy_cost(p),
            "buy",
            frame[2],
        )
    ]


def _buy_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    if answer.cards:
        p.hand.extend(answer.cards)
        push(g, ("pay", seat, frame[2], card_buy_cost(p)))  # Helion may split it with heat
    else:
        g.discard.extend(frame[3])


@op("buy_top", decide=_buy_decide, resolve=_buy_resolve)
def _buy_top(g: GameState, frame: Frame) -> Frame | None:
    if len(frame) > 3:
        return frame
    top = draw_cards(g, 1)
    return ("buy_top", frame[1], frame[2], tuple(top)) if top else None


@op("reveal_tag")
def _reveal_tag(g: GameState, frame: Frame) -> None:
    """Reveal the top card; if it has the tag, add a resource to this card (Search For Life)."""
    tag = frame[3]  # the resource added is the card's own kind
    top = draw_cards(g, 1)
    if not top:
        return None
    log(g, "reveal", frame[1], card_number(top[0]))
    g.discard.append(top[0])
    if tag in card_def(top[0]).tags:
        p = player_of(g, frame)
        p.card_res[frame[2]] = p.card_res.get(frame[2], 0) + 1
    return None


def _swap_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = player_of(g, frame)
    return [SelectCards(p.seat, prompt("swap_card"), p.hand, 0, 1, 0, "discard", frame[2])]


def _swap_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    if answer.cards:
        p.hand.remove(answer.cards[0])
        g.discard.append(answer.cards[0])
        draw_into_hand(g, p, 1)


@op("swap_card", decide=_swap_decide, resolve=_swap_resolve)
def _swap_card(g: GameState, frame: Frame) -> Frame | None:
    return frame if player_of(g, frame).hand else None
