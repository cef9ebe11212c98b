"""The Prelude expansion's rules: dealing and keeping preludes, the prelude phase, playing a
prelude (or discarding one that cannot be played), Valley Trust's prelude draw, and playing a
card from hand on a prelude's terms (Eccentric Sponsor, Ecology Experts).

Setup: every seat is dealt 4 preludes with its corporations and project cards. In the setup
frame a seat first keeps 2 of its 4 preludes (a `cards` decision, purpose "prelude"), then
chooses its corporation and cards as usual; the kept preludes stay hidden like a hand.

The prelude phase comes after the corporations are revealed and before the first action
phase: in turn order, each seat plays its two preludes, choosing which goes first. A prelude
that cannot be played when chosen (its cost unaffordable, a production it lowers too low, no
card in hand it could play) is discarded and its owner takes 15 M€ instead.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .actions import Answer, ChooseCards, PlayCard
from .cards.catalogue import get as card_def
from .cards.model import CardDef, card_number
from .constants import MC, PLANTS
from .decisions import Decision, SelectCards
from .errors import IllegalAction
from .hooks import PLAY_CHECKS, play_check
from .interpreter import all_feasible, op
from .mutate import log, push, push_effects
from .payment import PayRule, payment_failure, payments
from .prompts import prompt
from .rng import shuffle
from .state import Frame, GameState, Player
from .turn import play_card
from .turn_options import feasible_after_payment, playable_rule

PRELUDES_DEALT = 4
PRELUDES_KEPT = 2
FIZZLE_MEGACREDITS = 15  # what a prelude that cannot be played is worth instead
PRELUDE_PURPOSE = "prelude"  # the `cards` decisions that keep or play preludes


# --- dealing and keeping ----------------------------------------------------------------------


def draw_preludes(g: GameState, n: int) -> list[int]:
    """Take `n` preludes off the prelude deck (reshuffling the set-aside ones if it runs out)."""
    out: list[int] = []
    for _ in range(n):
        if not g.prelude_deck:
            if not g.prelude_discard:
                break
            g.prelude_deck, g.prelude_discard = g.prelude_discard, []
            g.rng = shuffle(g.rng, g.prelude_deck)
        out.append(g.prelude_deck.pop())
    return out


def keeping(p: Player) -> bool:
    """Whether this seat has still to choose which of its dealt preludes to keep."""
    return len(p.preludes) > PRELUDES_KEPT


def keep_decision(p: Player) -> Decision:
    return SelectCards(
        p.seat,
        prompt("keep_preludes", n=PRELUDES_KEPT, dealt=len(p.preludes)),
        p.preludes,
        PRELUDES_KEPT,
        PRELUDES_KEPT,
        0,
        PRELUDE_PURPOSE,
    )


def keep_preludes(g: GameState, p: Player, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    kept = set(answer.cards)
    g.prelude_discard.extend(c for c in p.preludes if c not in kept)
    p.preludes = [c for c in p.preludes if c in kept]
    log(g, "preludes_kept", p.seat)


# --- playing a prelude ------------------------------------------------------------------------


def prelude_playable(g: GameState, p: Player, card: CardDef) -> bool:
    """Whether every effect of the prelude can be carried out now."""
    if card.play_check is not None:
        return PLAY_CHECKS[card.play_check](g, p, card)
    return all_feasible(g, p, card.id, card.play)


def play_prelude(g: GameState, p: Player, cid: int) -> None:
    """Play a prelude for free, or discard it for 15 M€ when it cannot be played now."""
    if cid in p.preludes:
        p.preludes.remove(cid)
    card = card_def(cid)
    if not prelude_playable(g, p, card):
        g.prelude_discard.append(cid)
        p.res[MC] += FIZZLE_MEGACREDITS
        log(g, "prelude_discarded", p.seat, card_number(cid), FIZZLE_MEGACREDITS)
        return
    p.played.append(cid)  # preludes stay in play: their tags count
    if card.resource is not None and cid not in p.card_res:
        p.card_res[cid] = 0
    log(g, "prelude", p.seat, card_number(cid))
    push(g, ("played", p.seat, cid))
    push_effects(g, p.seat, cid, card.play)


def push_prelude_phase(g: GameState) -> None:
    """Queue every seat's prelude turn, in turn order from the first player."""
    n = len(g.players)
    for i in reversed(range(n)):
        push(g, ("prelude_turn", (g.first + i) % n, 0))
    g.phase = "prelude"


def _turn_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = g.players[frame[1]]
    return [SelectCards(p.seat, prompt("next_prelude"), p.preludes, 1, 1, 0, PRELUDE_PURPOSE)]


def _turn_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    push(g, ("prelude_turn", seat, 0))  # the other prelude, after this one's effects
    play_prelude(g, g.players[seat], answer.cards[0])


@op("prelude_turn", decide=_turn_decide, resolve=_turn_resolve)
def _prelude_turn(g: GameState, frame: Frame) -> Frame | None:
    """A seat plays its kept preludes: it picks the order while two or more are left."""
    seat = frame[1]
    p = g.players[seat]
    g.active = seat
    if len(p.preludes) >= 2:
        return frame
    if p.preludes:
        play_prelude(g, p, p.preludes[0])
    return None


# --- Valley Trust: draw preludes, play one ----------------------------------------------------


def _draw_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectCards(frame[1], prompt("play_prelude"), frame[4], 1, 1, 0, PRELUDE_PURPOSE, frame[2])
    ]


def _draw_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    chosen = answer.cards[0]
    g.prelude_discard.extend(c for c in frame[4] if c != chosen)
    play_prelude(g, g.players[seat], chosen)


@op("prelude_draw", decide=_draw_decide, resolve=_draw_resolve)
def _prelude_draw(g: GameState, frame: Frame) -> Frame | None:
    """Draw n preludes; the frame then waits with them (seen by its player only)."""
    if len(frame) > 4:
        return frame
    drawn = draw_preludes(g, frame[3])
    if not drawn:
        return None
    return ("prelude_draw", frame[1], frame[2], frame[3], tuple(drawn))


# --- playing a card from hand on a prelude's terms --------------------------------------------


def _hand_options(g: GameState, p: Player) -> dict[int, PayRule]:
    """Cards in hand playable now (the prelude's one-shot modifier already in place)."""
    out: dict[int, PayRule] = {}
    for cid in p.hand:
        rule = playable_rule(g, p, cid)
        if rule is not None:
            out[cid] = rule
    return out


class PlayFromHand(Decision):
    """Play one card from hand now (Eccentric Sponsor, Ecology Experts): the prelude's discount
    or leniency applies. Mandatory: the prelude was playable only because some card is."""

    kind = "play_card"
    __slots__ = ("g", "rules")

    def __init__(self, g: GameState, seat: int, source: int) -> None:
        super().__init__(seat, prompt("play_from_hand"), source)
        self.g = g
        self.rules = _hand_options(g, g.players[seat])

    def _payments(self, cid: int) -> list[Any]:
        p = self.g.players[self.player]
        rule = self.rules[cid]
        play = card_def(cid).play
        return [
            pay
            for pay in payments(p, rule)
            if feasible_after_payment(self.g, p, cid, play, rule, pay)
        ]

    def legal_actions(self) -> Iterator[Answer]:
        for cid in self.rules:
            for pay in self._payments(cid):
                yield PlayCard(cid, pay)

    def sample(self, rnd: random.Random) -> Answer:
        cid = rnd.choice(list(self.rules))
        return PlayCard(cid, rnd.choice(self._payments(cid)))

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, PlayCard):
            raise IllegalAction(
                f"this decision wants a 'play_card' answer, got {answer.kind!r}",
                code="wrong_answer_kind",
            )
        rule = self.rules.get(answer.card)
        if rule is None:
            raise IllegalAction(
                f"card {card_number(answer.card)} cannot be played now",
                code="card_not_playable",
                details={"card": card_number(answer.card)},
            )
        p = self.g.players[self.player]
        reason = payment_failure(p, rule, answer.payment)
        if reason is not None:
            raise IllegalAction(reason, code="bad_payment")
        if not feasible_after_payment(
            self.g, p, answer.card, card_def(answer.card).play, rule, answer.payment
        ):
            raise IllegalAction(
                "that payment leaves too little for the card's effects", code="bad_payment"
            )

    def _options(self) -> dict[str, Any]:
        return {"play": [{"card": card_number(c), **r.to_dict()} for c, r in self.rules.items()]}


def _play_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [PlayFromHand(g, frame[1], frame[2])]


def _play_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, PlayCard)
    p = g.players[seat]
    rule = playable_rule(g, p, answer.card)
    assert rule is not None
    play_card(g, p, answer.card, rule, answer.payment)


@op("play_from_hand", decide=_play_decide, resolve=_play_resolve)
def _play_from_hand(g: GameState, frame: Frame) -> Frame | None:
    p = g.players[frame[1]]
    if _hand_options(g, p):
        return frame
    p.mods = []  # nothing to play after all: the modifier must not reach a later card
    return None


def _with_modifier(g: GameState, p: Player, mod: tuple[str, int], plants: int = 0) -> bool:
    """Could a card in hand be played with this one-shot modifier (and `plants` more plant
    production, which the prelude gives first)? Checked on the real state, then undone."""
    p.mods.append(mod)
    p.prod[PLANTS] += plants
    try:
        return bool(_hand_options(g, p))
    finally:
        p.mods.pop()
        p.prod[PLANTS] -= plants


def _modifier_of(card: CardDef) -> tuple[str, int]:
    instr = next(i for i in card.play if i[0] == "next_card")
    return (instr[1], instr[2])


@play_check("eccentric_sponsor")
def _eccentric_sponsor(g: GameState, p: Player, card: CardDef) -> bool:
    return _with_modifier(g, p, _modifier_of(card))


@play_check("ecology_experts")
def _ecology_experts(g: GameState, p: Player, card: CardDef) -> bool:
    return _with_modifier(g, p, _modifier_of(card), plants=1)
