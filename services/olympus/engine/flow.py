"""The flow of a game as instructions: setup, generations, research, draft, production, end.

Each phase is a frame that, when it runs, pushes its work and the phase that follows it, so the
whole future of the game is always the stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import Answer, ChooseAmount, ChooseCards, ChooseSetup, ConvertPlants, Pass
from .cards.catalogue import BEGINNER_ID, get as card_def
from .colonies import colonies_production, note_card_in_play
from .constants import (
    CARD_BUY_COST,
    CITY,
    MC,
    PLANTS,
    SOLO_GENERATIONS,
    SOLO_GENERATIONS_PRELUDE,
)
from .decisions import Decision, SelectCards, SelectSetup
from .errors import IllegalAction
from .interpreter import op
from .mutate import (
    draw_cards,
    fire_card_played,
    fire_standard_project,
    fire_tile_placed,
    log,
    produce,
    push,
    push_effects,
)
from .ops.prelude_effects import heat_decision
from .payment import heat_choices, money, pay_megacredits
from .placement import legal_spaces
from .prelude import keep_decision, keep_preludes, keeping, push_prelude_phase
from .prompts import prompt
from .query import card_buy_cost, greenery_plant_cost, terraformed
from .state import Frame, GameState, Player
from .venus import push_solar_phase

# --- setup ------------------------------------------------------------------------------------


def setup_budget(corp: int) -> int:
    """How many opening cards a corporation can pay for (all 10 are free for Beginner)."""
    if corp == BEGINNER_ID:
        return 10
    card = card_def(corp)
    return (card.starting_mc or 0) // (card.card_buy_cost or CARD_BUY_COST)


def _setup_decide(g: GameState, frame: Frame) -> list[Decision]:
    pending = frame[3]
    out: list[Decision] = []
    for p in g.players:
        if keeping(p):  # Prelude: keep 2 of the 4 dealt preludes first
            out.append(keep_decision(p))
        elif p.seat in pending:
            out.append(SelectSetup(p.seat, {c: setup_budget(c) for c in p.dealt_corps}, p.dealt))
    return out


def _setup_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    if keeping(g.players[seat]):
        keep_preludes(g, g.players[seat], answer)
        push(g, tuple(frame))  # waiting on, unchanged (a list once loaded)
        return
    assert isinstance(answer, ChooseSetup)
    pending = tuple(s for s in frame[3] if s != seat)
    chosen = (*frame[4], (seat, answer.corporation, tuple(answer.cards)))
    push(g, ("setup", -1, 0, pending, chosen))


def _start_corporation(g: GameState, p: Player, corp: int, cards: tuple[int, ...]) -> None:
    card = card_def(corp)
    p.corp = corp
    p.dealt_corps = []
    paid = 0 if corp == BEGINNER_ID else (card.card_buy_cost or CARD_BUY_COST) * len(cards)
    p.res[MC] = (card.starting_mc or 0) - paid
    kept = set(cards)
    for c in p.dealt:
        (p.hand if c in kept else g.discard).append(c)
    p.dealt = []
    p.first_action = bool(card.first_action)
    if card.resource is not None:
        p.card_res[corp] = 0
    log(g, "corporation", p.seat, card.number)


@op("setup", decide=_setup_decide, resolve=_setup_resolve)
def _setup(g: GameState, frame: Frame) -> Frame | None:
    if frame[3] or any(keeping(p) for p in g.players):
        return frame
    # Everyone has chosen: reveal and apply together, then the first generation's actions
    # (with Prelude, every seat's preludes come between).
    push(g, ("actions", -1, 0, g.first))
    g.phase = "action"
    if g.options.prelude:
        push_prelude_phase(g)
    for seat, corp, cards in sorted(frame[4], key=lambda chosen: chosen[0], reverse=True):
        p = g.players[seat]
        _start_corporation(g, p, corp, tuple(cards))
        push(g, ("played", seat, corp))
        push_effects(g, seat, corp, card_def(corp).play)
        if g.options.solo:
            # The neutral cities were placed before the corporation: let it notice them.
            for sid, kind in enumerate(g.tiles):
                if kind == CITY:
                    fire_tile_placed(g, -2, CITY, sid)
    return None


# --- generations ------------------------------------------------------------------------------


@op("generation")
def _generation(g: GameState, frame: Frame) -> None:
    n = len(g.players)
    g.generation += 1
    g.first = (g.first + 1) % n
    log(g, "generation", g.generation)
    push(g, ("actions", -1, 0, g.first))
    seats = tuple(range(n))
    draft = g.options.draft and n > 1
    for p in g.players:
        cards = draw_cards(g, 4)
        if draft:
            p.draft_hand = cards
        else:
            p.dealt = cards
    push(g, ("research", -1, 0, seats))
    if draft:
        if max(len(p.draft_hand) for p in g.players) > 1:
            push(g, ("draft", -1, 0, _drafting(g)))
        else:
            _finish_draft(g)
        g.phase = "draft"
    else:
        g.phase = "research"
    return None


def research_budget(p: Player) -> int:
    return money(p) // card_buy_cost(p)


# The research frame: ("research", -1, 0, seats still to buy[, owed]). `owed` lists (seat, M€)
# for Helion seats that bought cards and have still to choose how much heat pays for them (an
# amount decision, answered while the others still buy: the phase stays simultaneous). Frames
# without it (every other game, older saves) owe nothing.


def _owed(frame: Frame) -> tuple[tuple[int, int], ...]:
    return tuple((s, n) for s, n in frame[4]) if len(frame) > 4 else ()


def _research_frame(pending: tuple[int, ...], owed: tuple[tuple[int, int], ...]) -> tuple[Any, ...]:
    return ("research", -1, 0, pending, owed) if owed else ("research", -1, 0, pending)


def _research_decide(g: GameState, frame: Frame) -> list[Decision]:
    out: list[Decision] = []
    for seat, amount in _owed(frame):
        d = heat_decision(g, seat, amount, what="pay_with_heat_for_cards_bought")
        assert d is not None  # the seat's stock has not changed since it bought
        out.append(d)
    for seat in frame[3]:
        p = g.players[seat]
        out.append(
            SelectCards(
                seat,
                prompt("research", cost=card_buy_cost(p)),
                p.dealt,
                0,
                research_budget(p),
                card_buy_cost(p),
                "buy",
            )
        )
    return out


def _research_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    p = g.players[seat]
    owed = _owed(frame)
    pending = tuple(frame[3])
    if isinstance(answer, ChooseAmount):  # Helion's heat for the cards it bought
        amount = next(n for s, n in owed if s == seat)
        pay_megacredits(p, amount, answer.amount)
        owed = tuple(o for o in owed if o[0] != seat)
    else:
        assert isinstance(answer, ChooseCards)
        bought = set(answer.cards)
        cost = card_buy_cost(p) * len(bought)
        if heat_choices(p, cost) is None:
            pay_megacredits(p, cost)
        else:
            owed += ((seat, cost),)
        for c in p.dealt:
            (p.hand if c in bought else g.discard).append(c)
        p.dealt = []
        log(g, "research", seat, len(bought))
        pending = tuple(s for s in pending if s != seat)
    if pending or owed:
        push(g, _research_frame(pending, owed))


@op("research", decide=_research_decide, resolve=_research_resolve)
def _research(g: GameState, frame: Frame) -> Frame | None:
    return frame if frame[3] or _owed(frame) else None


def _draft_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [
        SelectCards(
            seat,
            prompt("draft"),
            g.players[seat].draft_hand,
            1,
            1,
            0,
            "draft",
        )
        for seat in frame[3]
    ]


def _draft_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    pick = answer.cards[0]
    p.draft_hand.remove(pick)
    p.drafted.append(pick)
    pending = tuple(s for s in frame[3] if s != seat)
    if pending:
        push(g, ("draft", -1, 0, pending))
        return
    # Everyone picked: pass the rest on (left in even generations, right in odd ones).
    n = len(g.players)
    step = 1 if g.generation % 2 == 0 else -1
    hands = [q.draft_hand for q in g.players]
    for q in g.players:
        q.draft_hand = hands[(q.seat - step) % n]
    if max(len(q.draft_hand) for q in g.players) > 1:
        push(g, ("draft", -1, 0, _drafting(g)))
        return
    _finish_draft(g)


def _drafting(g: GameState) -> tuple[int, ...]:
    """Seats with cards left to pick from (a short deck can leave some empty-handed)."""
    return tuple(q.seat for q in g.players if q.draft_hand)


def _finish_draft(g: GameState) -> None:
    for q in g.players:
        q.drafted.extend(q.draft_hand)
        q.dealt, q.drafted, q.draft_hand = q.drafted, [], []
    g.phase = "research"


@op("draft", decide=_draft_decide, resolve=_draft_resolve)
def _draft(g: GameState, frame: Frame) -> Frame | None:
    return frame if frame[3] else None


@op("actions")
def _actions(g: GameState, frame: Frame) -> None:
    """Hand the turn to the next player who has not passed, or end the phase."""
    g.phase = "action"
    n = len(g.players)
    start = frame[3]
    for i in range(n):
        seat = (start + i) % n
        if not g.players[seat].passed:
            push(g, ("actions", -1, 0, (seat + 1) % n))
            push(g, ("turn", seat, 0, 0))
            return None
    g.active = -1
    push(g, ("production", -1, 0))
    return None


@op("production")
def _production(g: GameState, frame: Frame) -> None:
    produce(g)
    if g.options.solo:
        last = SOLO_GENERATIONS_PRELUDE if g.options.prelude else SOLO_GENERATIONS
        over = g.generation >= last
    else:
        over = terraformed(g)
    if not over:
        colonies_production(g)  # fleets home, tracks up (Colonies)
        push(g, ("generation", -1, 0))
        push_solar_phase(g)  # Venus Next: World Government Terraforming comes first
        return None
    g.phase = "final"
    push(g, ("game_over", -1, 0))
    n = len(g.players)
    for i in reversed(range(n)):
        push(g, ("final_greenery", (g.first + i) % n, 0))
    return None


def _can_final_greenery(g: GameState, p: Player) -> bool:
    return p.res[PLANTS] >= greenery_plant_cost(p) and bool(
        legal_spaces(g, p.seat, "greenery", "greenery")
    )


class FinalGreenery(Decision):
    """After the last production: convert plants into greeneries, one at a time, or finish."""

    kind = "final_greenery"
    __slots__ = ()

    def legal_actions(self) -> Iterator[Answer]:
        yield ConvertPlants()
        yield Pass()

    def check(self, answer: Answer) -> None:
        if not isinstance(answer, ConvertPlants | Pass):
            raise IllegalAction("convert plants or pass (finish)", code="wrong_answer_kind")

    def count(self) -> int:
        return 2

    def _options(self) -> dict[str, Any]:
        return {"convert_plants": True, "pass": True}


def _final_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [FinalGreenery(frame[1], prompt("final_greenery"))]


def _final_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    if isinstance(answer, ConvertPlants):
        p = g.players[seat]
        p.res[PLANTS] -= greenery_plant_cost(p)
        push(g, ("final_greenery", seat, 0))
        push(g, ("place", seat, 0, "greenery", "greenery"))


@op("final_greenery", decide=_final_decide, resolve=_final_resolve)
def _final_greenery(g: GameState, frame: Frame) -> Frame | None:
    return frame if _can_final_greenery(g, g.players[frame[1]]) else None


@op("game_over")
def _game_over(g: GameState, frame: Frame) -> None:
    g.phase = "ended"
    g.active = -1
    log(g, "game_over")
    return None


# --- bookkeeping after an action ----------------------------------------------------------------


@op("played")
def _played(g: GameState, frame: Frame) -> None:
    note_card_in_play(g, frame[2])  # Colonies: a card holding microbes wakes Enceladus, ...
    fire_card_played(g, frame[1], frame[2])
    return None


@op("project_done")
def _project_done(g: GameState, frame: Frame) -> None:
    fire_standard_project(g, frame[1], frame[3], frame[4])
    return None


def _sell_decide(g: GameState, frame: Frame) -> list[Decision]:
    p = g.players[frame[1]]
    return [SelectCards(p.seat, prompt("sell_patents"), p.hand, 1, len(p.hand), 0, "sell")]


def _sell_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseCards)
    p = g.players[seat]
    for c in answer.cards:
        p.hand.remove(c)
        g.discard.append(c)
    p.res[MC] += len(answer.cards)
    log(g, "sell", seat, len(answer.cards))


@op("sell", decide=_sell_decide, resolve=_sell_resolve)
def _sell(g: GameState, frame: Frame) -> Frame | None:
    return frame if g.players[frame[1]].hand else None
