"""The action phase: what a player may do on a turn, and doing it.

`turn_options` is the one place that decides which actions are legal; the decision shown to
players, the checked `apply` path and the random bot all read it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from .actions import (
    Answer,
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
from .cards.model import CardAction, CardDef, card_number
from .colonies import (
    COLONY_PROJECT,
    COLONY_PROJECT_COST,
    buildable_tiles,
    can_trade,
    check_trade,
    legal_trades,
    start_trade,
    trade_answered,
)
from .constants import (
    HEAT,
    HEAT_PER_TEMPERATURE,
    MAX_MILESTONES,
    MILESTONE_COST,
    OCEANS_MAX,
    PLANTS,
    STANDARD_PROJECTS,
    TEMPERATURE_MAX,
)
from .decisions import Decision
from .errors import IllegalAction
from .hooks import PLAY_CHECKS
from .interpreter import all_feasible, op
from .milestones import award_cost, awards_of, milestones_of
from .mutate import log, push, push_effects
from .payment import PayRule, apply_payment, can_afford, payment_failure, payments
from .placement import has_legal_space
from .query import (
    card_cost,
    greenery_plant_cost,
    heat_as_mc,
    project_cost,
    resource_payment,
    spendable_heat,
    steel_value,
    tableau_effects,
    titanium_value,
    unmet_requirement,
    unmet_text,
)
from .state import Frame, GameState, Player

PASS_PROBABILITY = 0.1
# Every standard project's base cost; Colonies adds "build_colony" (games with the expansion).
PROJECT_COSTS = {**STANDARD_PROJECTS, COLONY_PROJECT: COLONY_PROJECT_COST}


def projects_of(g: GameState) -> dict[str, int]:
    """The standard projects of this game."""
    return PROJECT_COSTS if g.colonies is not None else STANDARD_PROJECTS


# --- what is legal ----------------------------------------------------------------------------


def card_rule(p: Player, card: CardDef) -> PayRule:
    return PayRule(
        card_cost(p, card),
        steel_value(p) if "building" in card.tags else 0,
        titanium_value(p) if "space" in card.tags else 0,
        heat_as_mc(p),
    )


def _spends_own_resources(effects: tuple[tuple[Any, ...], ...]) -> bool:
    return any(
        (i[0] == "gain" and isinstance(i[2], int) and i[2] < 0) or i[0] == "spend_heat"
        for i in effects
    )


def _needs_money_after_payment(g: GameState, effects: tuple[tuple[Any, ...], ...]) -> bool:
    """Whether the effects' feasibility depends on what is left once the card is paid: they
    spend resources, or they place a tile on a map where some spaces charge a fee."""
    if _spends_own_resources(effects):
        return True
    return bool(g.map.fee_spaces) and any(i[0] == "place" and i[1] != "ocean" for i in effects)


def feasible_after_payment(
    g: GameState,
    p: Player,
    card: int,
    effects: tuple[tuple[Any, ...], ...],
    rule: PayRule,
    pay: Payment,
) -> bool:
    """Can the effects still be carried out once this payment is made?"""
    if not _needs_money_after_payment(g, effects):
        return True
    saved = p.res[:]
    apply_payment(p, rule, pay)
    try:
        check = card_def(card).play_check
        if check is not None and effects is card_def(card).play:
            return PLAY_CHECKS[check](g, p, card_def(card))
        return all_feasible(g, p, card, effects)
    finally:
        p.res[:] = saved


def playable_rule(g: GameState, p: Player, cid: int) -> PayRule | None:
    """How this card in hand would be paid for, or None when it cannot be played now."""
    outcome = _card_check(g, p, cid)
    return outcome if isinstance(outcome, PayRule) else None


def card_failure(g: GameState, p: Player, cid: int) -> str | None:
    """Why this card cannot be played now (None when it can, with some payment)."""
    outcome = _card_check(g, p, cid)
    if isinstance(outcome, PayRule):
        return None
    what, detail = outcome
    if what == "requirement":
        return unmet_text(detail)
    if what == "cost":
        return f"costs {detail} M€, more than you can pay"
    if what == "effects":
        return "its effects cannot be carried out now"
    return "no payment leaves enough resources for its effects"


# Why a card cannot be played, as data: (what, detail). The action menu checks every card in
# hand at every decision and needs only yes or no, so `card_failure` words it when asked.
Unplayable = tuple[str, Any]


def _card_check(g: GameState, p: Player, cid: int) -> PayRule | Unplayable:
    """How the card would be paid for, or why it cannot be played now."""
    card = card_def(cid)
    unmet = unmet_requirement(g, p, card)
    if unmet is not None:
        return "requirement", unmet
    rule = card_rule(p, card)
    if not can_afford(p, rule):
        return "cost", rule.cost
    if card.play_check is not None:
        if not PLAY_CHECKS[card.play_check](g, p, card):
            return "effects", None
    elif not all_feasible(g, p, cid, card.play):
        return "effects", None
    if _needs_money_after_payment(g, card.play) and not any(
        feasible_after_payment(g, p, cid, card.play, rule, pay) for pay in payments(p, rule)
    ):
        return "payment", None
    return rule


def _project_feasible(g: GameState, p: Player, name: str, rule: PayRule) -> bool:
    if name == "sell_patents":
        return bool(p.hand)
    if name == COLONY_PROJECT:
        return bool(buildable_tiles(g, p.seat))
    if name == "asteroid":
        return g.temperature < TEMPERATURE_MAX
    if name == "aquifer":
        return g.oceans < OCEANS_MAX and has_legal_space(g, p.seat, "ocean", "ocean")
    # The tile goes down once the project is paid: a space's fee must fit in what is left
    # (paying with as much heat as Helion may, the least M€ the project can cost).
    spend = max(0, rule.cost - (p.res[HEAT] if rule.heat else 0))
    if name == "greenery":
        return has_legal_space(g, p.seat, "greenery", "greenery", spend)
    if name == "city":
        return has_legal_space(g, p.seat, "city", "city", spend)
    return True


def project_rule(p: Player, name: str) -> PayRule:
    base = PROJECT_COSTS[name]
    return PayRule(project_cost(p, name, base), 0, 0, heat_as_mc(p) and base > 0)


def milestone_rule(p: Player) -> PayRule:
    return PayRule(MILESTONE_COST, 0, 0, heat_as_mc(p))


def award_rule(p: Player, cost: int) -> PayRule:
    return PayRule(cost, 0, 0, heat_as_mc(p))


def action_rule(p: Player, act: CardAction) -> PayRule:
    return PayRule(
        act.cost,
        steel_value(p) if act.steel else 0,
        titanium_value(p) if act.titanium else 0,
        heat_as_mc(p) and act.cost > 0,
    )


def _condition_holds(p: Player, condition: str | None) -> bool:
    if condition is None:
        return True
    if condition == "tr_raised":
        return p.tr_raised
    raise ValueError(f"unknown action condition {condition!r}")


class TurnOptions:
    """Everything a player may do on this turn, with how each cost may be paid.

    The costly groups (cards, standard projects, card actions, trades) are worked out when
    first read: a bot sampling an answer needs only to know which groups are non-empty
    (`has_*`, which stop at the first legal entry) and then the one group it picked. The
    decision is rebuilt after every answer, so the state cannot change under it."""

    __slots__ = (
        "_actions",
        "_cards",
        "_g",
        "_p",
        "_projects",
        "_trades",
        "awards",
        "can_end",
        "first_action",
        "heat",
        "milestones",
        "plants",
    )

    def __init__(self, g: GameState, p: Player, taken: int) -> None:
        self._g = g
        self._p = p
        self.can_end = taken > 0
        self.milestones: dict[str, PayRule] = {}
        self.awards: dict[str, PayRule] = {}
        self.plants = False
        self.heat = False
        self.first_action = p.first_action
        self._cards: dict[int, PayRule] | None = None
        self._projects: dict[str, PayRule] | None = None
        self._actions: dict[int, dict[int, PayRule]] | None = None
        self._trades: list[tuple[str, str, int]] | None = None  # Colonies: (tile, fee, amount)
        if p.first_action:
            # The corporation's first action comes before anything else in the game.
            self._cards, self._projects, self._trades = {}, {}, []
            self._actions = {p.corp: {0: PayRule(0)}}
            return
        if not g.options.solo:
            claimed = {m for m, _ in g.milestones}
            if len(g.milestones) < MAX_MILESTONES:
                rule = milestone_rule(p)
                if can_afford(p, rule):
                    for m in milestones_of(g).values():
                        if m.name not in claimed and m.reached(g, p):
                            self.milestones[m.name] = rule
            cost = award_cost(g)
            if cost is not None:
                rule = award_rule(p, cost)
                if can_afford(p, rule):
                    funded = {a for a, _ in g.awards}
                    for a in awards_of(g).values():
                        if a.name not in funded:
                            self.awards[a.name] = rule
        self.plants = p.res[PLANTS] >= greenery_plant_cost(p) and has_legal_space(
            g, p.seat, "greenery", "greenery"
        )
        self.heat = spendable_heat(p) >= HEAT_PER_TEMPERATURE and g.temperature < TEMPERATURE_MAX

    # --- cards in hand ---
    @property
    def cards(self) -> dict[int, PayRule]:
        if self._cards is None:
            self._cards = dict(self._playable_cards())
        return self._cards

    def has_cards(self) -> bool:
        if self._cards is not None:
            return bool(self._cards)
        return next(self._playable_cards(), None) is not None

    def _playable_cards(self) -> Iterator[tuple[int, PayRule]]:
        g, p = self._g, self._p
        for cid in p.hand:
            outcome = _card_check(g, p, cid)
            if isinstance(outcome, PayRule):
                yield cid, outcome

    # --- standard projects ---
    @property
    def projects(self) -> dict[str, PayRule]:
        if self._projects is None:
            self._projects = dict(self._feasible_projects())
        return self._projects

    def has_projects(self) -> bool:
        if self._projects is not None:
            return bool(self._projects)
        return next(self._feasible_projects(), None) is not None

    def _feasible_projects(self) -> Iterator[tuple[str, PayRule]]:
        g, p = self._g, self._p
        for name in projects_of(g):
            rule = project_rule(p, name)
            if can_afford(p, rule) and _project_feasible(g, p, name, rule):
                yield name, rule

    # --- card actions ---
    @property
    def actions(self) -> dict[int, dict[int, PayRule]]:
        if self._actions is None:
            self._actions = dict(self._usable_actions())
        return self._actions

    def has_actions(self) -> bool:
        if self._actions is not None:
            return bool(self._actions)
        return next(self._usable_actions(), None) is not None

    def _usable_actions(self) -> Iterator[tuple[int, dict[int, PayRule]]]:
        g, p = self._g, self._p
        for cid in tableau_effects(p).action_cards:
            if cid in p.used:
                continue
            card = card_def(cid)
            choices: dict[int, PayRule] = {}
            for i, act in enumerate(card.actions):
                rule = action_rule(p, act)
                if (
                    _condition_holds(p, act.condition)
                    and can_afford(p, rule)
                    and all_feasible(g, p, cid, act.effects)
                ):
                    choices[i] = rule
            if choices:
                yield cid, choices

    # --- Colonies trades ---
    @property
    def trades(self) -> list[tuple[str, str, int]]:
        if self._trades is None:
            g = self._g
            self._trades = legal_trades(g, self._p) if g.colonies is not None else []
        return self._trades

    def has_trades(self) -> bool:
        if self._trades is not None:
            return bool(self._trades)
        return self._g.colonies is not None and can_trade(self._g, self._p)


class TurnDecision(Decision):
    """The action-phase decision: take an action, end the turn after one, or pass."""

    kind = "action"
    __slots__ = ("g", "options", "taken")

    def __init__(self, g: GameState, seat: int, taken: int) -> None:
        prompt = "Take your first action" if taken == 0 else "Take a second action or end your turn"
        super().__init__(seat, prompt)
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
                    f"card {card_number(cid)} is not in your hand", code="card_not_in_hand"
                )
            rule = o.cards.get(cid)
            if rule is None:
                reason = card_failure(self.g, p, cid) or "it cannot be played now"
                raise IllegalAction(
                    f"{card_def(cid).name} cannot be played: {reason}", code="card_not_playable"
                )
            self._check_payment(rule, answer.payment)
            if not feasible_after_payment(self.g, p, cid, card_def(cid).play, rule, answer.payment):
                raise IllegalAction(
                    "that payment leaves too little for the card's effects", code="bad_payment"
                )
        elif isinstance(answer, StandardProject):
            if answer.project not in projects_of(self.g):
                raise IllegalAction(
                    f"no standard project {answer.project!r}", code="unknown_project"
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
                    f"no milestone {answer.name!r} on this map", code="unknown_milestone"
                )
            rule = o.milestones.get(answer.name)
            if rule is None:
                raise IllegalAction(
                    f"milestone {answer.name} cannot be claimed now", code="milestone_unavailable"
                )
            self._check_payment(rule, answer.payment)
        elif isinstance(answer, FundAward):
            if answer.name not in awards_of(self.g):
                raise IllegalAction(f"no award {answer.name!r} on this map", code="unknown_award")
            rule = o.awards.get(answer.name)
            if rule is None:
                raise IllegalAction(
                    f"award {answer.name} cannot be funded now", code="award_unavailable"
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
    card = card_def(cid)
    for holder, n, _ in resource_payment(p, card):  # before the modifiers are used up
        p.card_res[holder] -= n
    apply_payment(p, rule, pay)
    p.hand.remove(cid)
    p.mods = []  # one-shot modifiers are used up by this card
    (p.events if card.is_event else p.played).append(cid)
    if card.resource is not None and cid not in p.card_res:
        p.card_res[cid] = 0
    log(g, "play", p.seat, card_number(cid))
    push(g, ("played", p.seat, cid))
    push_effects(g, p.seat, cid, card.play)


PROJECT_EFFECTS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "sell_patents": (("sell",),),
    "power_plant": (("prod", "energy", 1),),
    "asteroid": (("raise", "temperature", 1),),
    "aquifer": (("place", "ocean", "ocean"),),
    "greenery": (("place", "greenery", "greenery"),),
    "city": (("place", "city", "city"), ("prod", "megacredits", 1)),
    COLONY_PROJECT: (("colony", 1, 0),),
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
