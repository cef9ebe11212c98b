"""The action phase: the turn's decision (listing, checking and sampling answers) and doing
the chosen action. Which actions are legal is decided in one place, turn_options.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .actions import (
    Answer,
    ChooseAmount,
    ClaimMilestone,
    ConvertHeat,
    ConvertPlants,
    EndTurn,
    FundAward,
    Pass,
    Payment,
    PlayCard,
    StandardProject,
    Trade,
    UseAction,
)
from .cards.catalogue import get as card_def
from .cards.model import card_number
from .colonies import (
    COLONY_PROJECT,
    check_trade,
    start_trade,
    trade_answered,
)
from .constants import (
    AIR_SCRAPPING,
    HEAT_PER_TEMPERATURE,
    PLANTS,
)
from .decisions import Decision, SelectAmount
from .errors import IllegalAction
from .interpreter import op
from .milestones import award_cost, awards_of, milestones_of
from .mutate import log, push, push_effects
from .payment import PayRule, apply_payment, payment_failure, payments
from .prompts import prompt
from .query import greenery_plant_cost
from .state import Frame, GameState, Player
from .turn_options import (
    PROJECT_COSTS,
    TurnOptions,
    action_rule,
    award_failure,
    award_rule,
    card_failure,
    card_resource_choices,
    card_rule,
    feasible_after_payment,
    milestone_failure,
    milestone_rule,
    project_rule,
    projects_of,
)

PASS_PROBABILITY = 0.1


def _milestone_shortfall(g: GameState, p: Player, name: str) -> dict[str, str]:
    """A refused milestone's metadata: its name and, when it is not reached, the seat's count
    and the threshold (`have`, `need`), for a client to word "you have 2 of 3 cities"."""
    milestone = milestones_of(g)[name]
    details = {"milestone": name}
    if not milestone.reached(g, p):
        details |= {"have": str(milestone.measure(g, p)), "need": str(milestone.threshold)}
        if milestone.at_most:
            details["at_most"] = "1"
    return details


class TurnDecision(Decision):
    """The action-phase decision: take an action, end the turn after one, or pass."""

    kind = "action"
    __slots__ = ("g", "options", "taken")

    def __init__(self, g: GameState, seat: int, taken: int) -> None:
        super().__init__(seat, prompt("first_action" if taken == 0 else "second_action"))
        self.g = g
        self.taken = taken
        self.options = TurnOptions(g, g.players[seat], taken)

    # Answers grouped by kind; each group is a list of (answer factory inputs).
    def _kinds(self) -> list[str]:
        o = self.options
        kinds = []
        if o.has_cards():
            kinds.append(PlayCard.kind)
        if o.has_projects():
            kinds.append(StandardProject.kind)
        if o.milestones:
            kinds.append(ClaimMilestone.kind)
        if o.awards:
            kinds.append(FundAward.kind)
        if o.has_actions():
            kinds.append(UseAction.kind)
        if o.plants:
            kinds.append(ConvertPlants.kind)
        if o.heat:
            kinds.append(ConvertHeat.kind)
        if o.has_trades():
            kinds.append(Trade.kind)
        if o.can_end:
            kinds.append(EndTurn.kind)
        return kinds

    def _payments(self, rule: PayRule) -> list[Payment]:
        return list(payments(self.g.players[self.player], rule))

    def _card_payments(self, cid: int, rule: PayRule) -> list[Payment]:
        p = self.g.players[self.player]
        card = card_def(cid)
        return [
            pay
            for pay in payments(p, rule)
            if feasible_after_payment(self.g, p, cid, card.play, rule, pay)
        ]

    def legal_actions(self) -> Iterator[Answer]:
        o = self.options
        for cid, rule in o.cards.items():
            for pay in self._card_payments(cid, rule):
                yield PlayCard(cid, pay)
        for name, rule in o.projects.items():
            for pay in self._payments(rule):
                yield StandardProject(name, pay)
        for name, rule in o.milestones.items():
            for pay in self._payments(rule):
                yield ClaimMilestone(name, pay)
        for name, rule in o.awards.items():
            for pay in self._payments(rule):
                yield FundAward(name, pay)
        for cid, choices in o.actions.items():
            for i, rule in choices.items():
                for pay in self._payments(rule):
                    yield UseAction(cid, i, pay)
        if o.plants:
            yield ConvertPlants()
        if o.heat:
            yield ConvertHeat()
        for tile, fee, _ in o.trades:
            yield Trade(tile, fee)
        if o.can_end:
            yield EndTurn()
        if not o.first_action:
            yield Pass()

    def sample(self, rnd: random.Random) -> Answer:
        """Uniform over kinds (pass only with probability 0.1), then uniform within the kind.

        Within "play a card" and "use an action" the card is picked uniformly, then the
        alternative and the payment."""
        kinds = self._kinds()
        o = self.options
        if o.first_action:
            return UseAction(next(iter(o.actions)), 0)
        if not kinds or rnd.random() < PASS_PROBABILITY:
            return Pass()
        kind = rnd.choice(kinds)
        if kind == PlayCard.kind:
            cid = rnd.choice(list(o.cards))
            return PlayCard(cid, rnd.choice(self._card_payments(cid, o.cards[cid])))
        if kind == StandardProject.kind:
            name = rnd.choice(list(o.projects))
            return StandardProject(name, rnd.choice(self._payments(o.projects[name])))
        if kind == ClaimMilestone.kind:
            name = rnd.choice(list(o.milestones))
            return ClaimMilestone(name, rnd.choice(self._payments(o.milestones[name])))
        if kind == FundAward.kind:
            name = rnd.choice(list(o.awards))
            return FundAward(name, rnd.choice(self._payments(o.awards[name])))
        if kind == UseAction.kind:
            cid = rnd.choice(list(o.actions))
            i = rnd.choice(list(o.actions[cid]))
            return UseAction(cid, i, rnd.choice(self._payments(o.actions[cid][i])))
        if kind == ConvertPlants.kind:
            return ConvertPlants()
        if kind == ConvertHeat.kind:
            return ConvertHeat()
        if kind == Trade.kind:
            tile, fee, _ = rnd.choice(o.trades)
            return Trade(tile, fee)
        return EndTurn()

    def check(self, answer: Answer) -> None:
        o = self.options
        p = self.g.players[self.player]
        if o.first_action and not (isinstance(answer, UseAction) and answer.card == p.corp):
            raise IllegalAction(
                f"your first action must be {card_def(p.corp).name}'s first action",
                code="first_action_owed",
            )
        if isinstance(answer, PlayCard):
            cid = answer.card
            if cid not in p.hand:
                raise IllegalAction(
                    f"card {card_number(cid)} is not in your hand",
                    code="card_not_in_hand",
                    details={"card": card_number(cid)},
                )
            rule = o.cards.get(cid)
            if rule is None:
                reason = card_failure(self.g, p, cid) or "it cannot be played now"
                raise IllegalAction(
                    f"{card_def(cid).name} cannot be played: {reason}",
                    code="card_not_playable",
                    details={"card": card_number(cid)},
                )
            self._check_payment(rule, answer.payment)
            if not feasible_after_payment(self.g, p, cid, card_def(cid).play, rule, answer.payment):
                raise IllegalAction(
                    "that payment leaves too little for the card's effects", code="bad_payment"
                )
        elif isinstance(answer, StandardProject):
            if answer.project not in projects_of(self.g):
                raise IllegalAction(
                    f"no standard project {answer.project!r}",
                    code="unknown_project",
                    details={"project": str(answer.project)[:40]},
                )
            rule = o.projects.get(answer.project)
            if rule is None:
                raise IllegalAction(
                    f"standard project {answer.project} is not available now",
                    code="project_unavailable",
                )
            self._check_payment(rule, answer.payment)
        elif isinstance(answer, ClaimMilestone):
            if answer.name not in milestones_of(self.g):
                raise IllegalAction(
                    f"no milestone {answer.name!r} on this map",
                    code="unknown_milestone",
                    details={"milestone": str(answer.name)[:40]},
                )
            rule = o.milestones.get(answer.name)
            if rule is None:
                why = milestone_failure(self.g, p, answer.name)
                raise IllegalAction(
                    f"milestone {answer.name} cannot be claimed now: {why}",
                    code="milestone_unavailable",
                    details=_milestone_shortfall(self.g, p, answer.name),
                )
            self._check_payment(rule, answer.payment)
        elif isinstance(answer, FundAward):
            if answer.name not in awards_of(self.g):
                raise IllegalAction(
                    f"no award {answer.name!r} on this map",
                    code="unknown_award",
                    details={"award": str(answer.name)[:40]},
                )
            rule = o.awards.get(answer.name)
            if rule is None:
                why = award_failure(self.g, answer.name)
                raise IllegalAction(
                    f"award {answer.name} cannot be funded now: {why}", code="award_unavailable"
                )
            self._check_payment(rule, answer.payment)
        elif isinstance(answer, UseAction):
            choices = o.actions.get(answer.card)
            if choices is None:
                raise IllegalAction(
                    f"no usable action on card {card_number(answer.card)}",
                    code="action_unavailable",
                )
            rule = choices.get(answer.choice)
            if rule is None:
                raise IllegalAction(
                    f"alternative #{answer.choice} of that action is not available",
                    code="action_unavailable",
                )
            self._check_payment(rule, answer.payment)
        elif isinstance(answer, ConvertPlants):
            if not o.plants:
                raise IllegalAction(
                    "you cannot convert plants into a greenery now", code="cannot_convert_plants"
                )
        elif isinstance(answer, ConvertHeat):
            if not o.heat:
                raise IllegalAction(
                    "you cannot convert heat into temperature now", code="cannot_convert_heat"
                )
        elif isinstance(answer, Trade):
            check_trade(self.g, p, answer)
        elif isinstance(answer, EndTurn):
            if not o.can_end:
                raise IllegalAction(
                    "take an action or pass: ending the turn needs one action first",
                    code="cannot_end_turn",
                )
        elif isinstance(answer, Pass):
            pass
        else:
            raise IllegalAction(
                f"{answer.kind!r} is not an action-phase answer", code="wrong_answer_kind"
            )

    def _check_payment(self, rule: PayRule, pay: Payment) -> None:
        reason = payment_failure(self.g.players[self.player], rule, pay)
        if reason is not None:
            raise IllegalAction(reason, code="bad_payment")

    def count(self) -> int:
        return sum(1 for _ in self.legal_actions())

    def _options(self) -> dict[str, Any]:
        o = self.options
        return {
            "actions_taken": self.taken,
            "play": [{"card": card_number(c), **r.to_dict()} for c, r in o.cards.items()],
            "standard_projects": [{"project": n, **r.to_dict()} for n, r in o.projects.items()],
            "milestones": [{"name": n, **r.to_dict()} for n, r in o.milestones.items()],
            "awards": [{"name": n, **r.to_dict()} for n, r in o.awards.items()],
            "card_actions": [
                {
                    "card": card_number(c),
                    "choices": [
                        {"index": i, "label": _action_label(c, i), **r.to_dict()}
                        for i, r in choices.items()
                    ],
                }
                for c, choices in o.actions.items()
            ],
            "convert_plants": o.plants,
            "convert_heat": o.heat,
            "end_turn": o.can_end,
            "pass": not o.first_action,
            **(_trade_options(o.trades) if self.g.colonies is not None else {}),
        }


def _trade_options(trades: list[tuple[str, str, int]]) -> dict[str, Any]:
    listed = [{"tile": t, "fee": f, "amount": n} for t, f, n in trades]
    return {"trade": bool(trades), "trades": listed}


def _action_label(cid: int, i: int) -> str:
    card = card_def(cid)
    if card.actions:
        return card.actions[i].label
    return "first action"


# --- doing it ---------------------------------------------------------------------------------


def _turn_decide(g: GameState, frame: Frame) -> list[Decision]:
    return [TurnDecision(g, frame[1], frame[3])]


def play_card(g: GameState, p: Player, cid: int, rule: PayRule, pay: Payment) -> None:
    """Play a card from hand with this legal payment. When card resources may pay for it too
    (Psychrophiles' microbes) and more than one number of them completes the payment, the
    player is asked how many first (a `pay_card` frame waits on an amount decision)."""
    choices = card_resource_choices(g, p, cid, rule, pay) if rule.resources else [0]
    if len(choices) > 1:
        push(g, ("pay_card", p.seat, cid, pay.steel, pay.titanium, pay.heat))
        return
    _put_in_play(g, p, cid, rule, pay, choices[0] if choices else 0)


def _put_in_play(
    g: GameState, p: Player, cid: int, rule: PayRule, pay: Payment, resources: int
) -> None:
    card = card_def(cid)
    apply_payment(p, rule, pay, resources)
    p.hand.remove(cid)
    p.mods = []  # one-shot modifiers are used up by this card
    (p.events if card.is_event else p.played).append(cid)
    if card.resource is not None and cid not in p.card_res:
        p.card_res[cid] = 0
    log(g, "play", p.seat, card_number(cid))
    push(g, ("played", p.seat, cid))
    push_effects(g, p.seat, cid, card.play)


# ("pay_card", seat, card, steel, titanium, heat): the card in hand is being played with that
# payment; the player chooses how many card resources complete it (an amount decision).


def _pay_card_state(g: GameState, frame: Frame) -> tuple[Player, PayRule, Payment, list[int]]:
    p = g.players[frame[1]]
    rule = card_rule(p, card_def(frame[2]))
    pay = Payment(frame[3], frame[4], frame[5])
    return p, rule, pay, card_resource_choices(g, p, frame[2], rule, pay)


def _pay_card_decide(g: GameState, frame: Frame) -> list[Decision]:
    p, rule, _, choices = _pay_card_state(g, frame)
    holder = card_def(rule.resource_card)
    question = prompt(
        "pay_with_card_resources",
        card=card_number(frame[2]),
        card_name=card_def(frame[2]).name,
        holder=card_number(rule.resource_card),
        holder_name=holder.name,
        kind=holder.resource,
        value=rule.resource_value,
    )
    return [SelectAmount(p.seat, question, choices[0], choices[-1], rule.resource_card)]


def _pay_card_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    assert isinstance(answer, ChooseAmount)
    p, rule, pay, _ = _pay_card_state(g, frame)
    _put_in_play(g, p, frame[2], rule, pay, answer.amount)


@op("pay_card", decide=_pay_card_decide, resolve=_pay_card_resolve)
def _pay_card(g: GameState, frame: Frame) -> Frame | None:
    return frame


PROJECT_EFFECTS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "sell_patents": (("sell",),),
    "power_plant": (("prod", "energy", 1),),
    "asteroid": (("raise", "temperature", 1),),
    "aquifer": (("place", "ocean", "ocean"),),
    "greenery": (("place", "greenery", "greenery"),),
    "city": (("place", "city", "city"), ("prod", "megacredits", 1)),
    COLONY_PROJECT: (("colony", 1, 0),),
    AIR_SCRAPPING: (("raise", "venus", 1),),  # Venus Next; playable at 30%, then it does nothing
}


def _turn_resolve(g: GameState, frame: Frame, seat: int, answer: Answer) -> None:
    p = g.players[seat]
    if isinstance(answer, Pass):
        p.passed = True
        log(g, "pass", seat)
        return
    if isinstance(answer, EndTurn):
        return
    if frame[3] == 0:
        push(g, ("turn", seat, 0, 1))
    if isinstance(answer, PlayCard):
        play_card(g, p, answer.card, card_rule(p, card_def(answer.card)), answer.payment)
    elif isinstance(answer, StandardProject):
        apply_payment(p, project_rule(p, answer.project), answer.payment)
        log(g, "project", seat, answer.project)
        push(g, ("project_done", seat, 0, answer.project, PROJECT_COSTS[answer.project]))
        push_effects(g, seat, 0, PROJECT_EFFECTS[answer.project])
    elif isinstance(answer, ClaimMilestone):
        apply_payment(p, milestone_rule(p), answer.payment)
        g.milestones.append((answer.name, seat))
        log(g, "milestone", seat, answer.name)
    elif isinstance(answer, FundAward):
        cost = award_cost(g)
        assert cost is not None
        apply_payment(p, award_rule(p, cost), answer.payment)
        g.awards.append((answer.name, seat))
        log(g, "award", seat, answer.name)
    elif isinstance(answer, UseAction):
        card = card_def(answer.card)
        if p.first_action and answer.card == p.corp:
            p.first_action = False
            log(g, "first_action", seat, card_number(answer.card))
            push_effects(g, seat, answer.card, card.first_action)
            return
        act = card.actions[answer.choice]
        apply_payment(p, action_rule(p, act), answer.payment)
        p.used.append(answer.card)
        log(g, "action", seat, card_number(answer.card), answer.choice)
        push_effects(g, seat, answer.card, act.effects)
    elif isinstance(answer, ConvertPlants):
        p.res[PLANTS] -= greenery_plant_cost(p)
        log(g, "convert_plants", seat)
        push(g, ("place", seat, 0, "greenery", "greenery"))
    elif isinstance(answer, ConvertHeat):
        log(g, "convert_heat", seat)
        push(g, ("raise", seat, 0, "temperature", 1))
        push(g, ("spend_heat", seat, 0, HEAT_PER_TEMPERATURE))  # Stormcraft's floaters may help
    elif isinstance(answer, Trade):
        start_trade(g, seat, 0, *trade_answered(g, p, answer))
    else:
        raise IllegalAction(
            f"{answer.kind!r} is not an action-phase answer", code="wrong_answer_kind"
        )


@op("turn", decide=_turn_decide, resolve=_turn_resolve)
def _turn(g: GameState, frame: Frame) -> Frame | None:
    g.active = frame[1]
    return frame
