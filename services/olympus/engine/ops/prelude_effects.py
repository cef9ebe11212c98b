"""Instructions the Prelude expansion's cards add: pay M€, reveal cards until some with a tag
turn up, raise a lowest production (Robinson Industries), fund an award for free (Vitor).

`pay` is also how a trade fee in M€, a card bought from the deck and a space's placement fee
are paid when Helion has a split of heat and M€ to choose (`payment.heat_choices`): the frame
then waits on an amount decision, the heat to spend."""

from __future__ import annotations

from typing import Any

from ..actions import Answer, ChooseAmount
from ..cards.catalogue import get as card_def
from ..cards.model import card_number
from ..constants import AWARD_COSTS, RESOURCES
from ..decisions import Decision, SelectAmount
from ..interpreter import op
from ..milestones import awards_of
from ..mutate import change_prod, draw_cards, log, push
from ..payment import can_afford, heat_choices, megacredit_rule, pay_megacredits
from ..prompts import prompt
from ..state import Frame, GameState, Player
from .common import R, player_of


def heat_decision(
    g: GameState, seat: int, amount: int, source: int = 0, what: str = ""
) -> Decision | None:
    """The amount decision of how much of an M€ amount Helion pays with heat (the rest in M€),
    or None when there is no choice. `what` is the prompt code saying what the M€ are for
    ("pay_with_heat_for_cards_bought")."""
    span = heat_choices(g.players[seat], amount)
    if span is None:
        return None
    if what:
        question = prompt(what, amount=amount)
    elif source:
        question = prompt(
            "pay_with_heat_for_card",
            amount=amount,
            card=card_number(source),
            card_name=card_def(source).name,
        )
    else:
        question = prompt("pay_with_heat", amount=amount)
    return SelectAmount(seat, question, span[0], span[1], source)


def _pay_feasible(g: GameState, p: Player, card: int, args: tuple[Any, ...]) -> bool:
    return can_afford(p, megacredit_rule(p, args[0]))


def _pay_decide(g: GameState, frame: Frame) -> list[Decision]:
    d = heat_decision(g, frame[1], frame[3], frame[2])
    assert d is not None
    return [d]


def _pay_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    pay_megacredits(g.players[seat], frame[3], answer.amount)


@op("pay", decide=_pay_decide, resolve=_pay_resolve, feasible=_pay_feasible)
def _pay(g: GameState, frame: Frame) -> Frame | None:
    """Pay M€; Helion chooses how much of it with heat when it may (an amount decision)."""
    if heat_choices(player_of(g, frame), frame[3]) is not None:
        return frame
    pay_megacredits(player_of(g, frame), frame[3])
    return None


@op("reveal_until")
def _reveal_until(g: GameState, frame: Frame) -> None:
    """Reveal cards one by one until `count` with `tag` have turned up: those go to the hand,
    the others to the discard pile. Stops early when no card is left to reveal."""
    tag, count = frame[3], frame[4]
    p = player_of(g, frame)
    found = 0
    # The discard pile may be reshuffled into the deck while revealing: never reveal more
    # cards than exist outside hands, or a card set aside could come round again.
    budget = len(g.deck) + len(g.discard)
    revealed: list[int] = []
    while found < count and budget > 0:
        top = draw_cards(g, 1)
        if not top:
            break
        budget -= 1
        cid = top[0]
        log(g, "reveal", p.seat, card_number(cid))
        if tag in card_def(cid).tags:
            p.hand.append(cid)
            found += 1
        else:
            revealed.append(cid)
    g.discard.extend(revealed)
    return None


def lowest_productions(p: Player) -> list[str]:
    low = min(p.prod)
    return [RESOURCES[i] for i, v in enumerate(p.prod) if v == low]


@op("raise_lowest")
def _raise_lowest(g: GameState, frame: Frame) -> None:
    """+1 to one of the player's lowest productions (M€ production compared as it stands,
    negative values included); the player picks when several tie."""
    p = player_of(g, frame)
    lowest = lowest_productions(p)
    if len(lowest) == 1:
        change_prod(g, p, R[lowest[0]], 1)
        return None
    alternatives = tuple((f"{res} production +1", (("prod", res, 1),)) for res in lowest)
    push(g, ("choose", frame[1], frame[2], alternatives))
    return None


def _fundable(g: GameState) -> list[str]:
    if g.options.solo or len(g.awards) >= len(AWARD_COSTS):
        return []
    funded = {a for a, _ in g.awards}
    return [name for name in awards_of(g) if name not in funded]


@op("free_award")
def _free_award(g: GameState, frame: Frame) -> None:
    """Fund an award without paying (Vitor). Nothing when none may be funded (solo, or all
    three funded already); it counts as one of the three, so the next award costs more."""
    names = _fundable(g)
    if not names:
        return None
    awards = awards_of(g)
    alternatives = tuple((f"Fund {awards[n].title}", (("fund_free", n),)) for n in names)
    push(g, ("choose", frame[1], frame[2], alternatives))
    return None


@op("fund_free")
def _fund_free(g: GameState, frame: Frame) -> None:
    g.awards.append((frame[3], frame[1]))
    log(g, "award", frame[1], frame[3])
    return None
