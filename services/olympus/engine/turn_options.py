"""What a player may do on an action-phase turn: the one place that decides which actions are
legal (`TurnOptions`) and the rules each kind of action is paid by. The decision shown to
players, the checked `apply` path and the bots all read it (turn.py builds the decision).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import (
    Payment,
)
from .cards.catalogue import get as card_def
from .cards.model import CardAction, CardDef
from .colonies import (
    COLONY_PROJECT,
    COLONY_PROJECT_COST,
    buildable_tiles,
    can_trade,
    legal_trades,
)
from .constants import (
    AIR_SCRAPPING,
    AIR_SCRAPPING_COST,
    HEAT_PER_TEMPERATURE,
    MAX_MILESTONES,
    MILESTONE_COST,
    OCEANS_MAX,
    PLANTS,
    STANDARD_PROJECTS,
    TEMPERATURE_MAX,
)
from .hooks import PLAY_CHECKS
from .interpreter import all_feasible
from .milestones import award_cost, awards_of, milestones_of
from .payment import PayRule, apply_payment, can_afford, payments, resource_choices
from .placement import has_legal_space
from .query import (
    discounted_cost,
    greenery_plant_cost,
    heat_as_mc,
    project_cost,
    resource_payer,
    spendable_heat,
    steel_value,
    tableau_effects,
    titanium_value,
    unmet_requirement,
    unmet_text,
)
from .state import GameState, Player

# Every standard project's base cost; Colonies adds "build_colony", Venus Next "air_scrapping"
# (games with the expansion).
PROJECT_COSTS = {
    **STANDARD_PROJECTS,
    COLONY_PROJECT: COLONY_PROJECT_COST,
    AIR_SCRAPPING: AIR_SCRAPPING_COST,
}
# The projects of a game by (Colonies, Venus Next), built once: asked at every decision.
_PROJECTS_BY_EXPANSION = {
    (colonies, venus): {
        name: cost
        for name, cost in PROJECT_COSTS.items()
        if (name != COLONY_PROJECT or colonies) and (name != AIR_SCRAPPING or venus)
    }
    for colonies in (False, True)
    for venus in (False, True)
}


def projects_of(g: GameState) -> dict[str, int]:
    """The standard projects of this game."""
    return _PROJECTS_BY_EXPANSION[g.colonies is not None, g.options.venus]


# --- what is legal ----------------------------------------------------------------------------


def card_rule(p: Player, card: CardDef) -> PayRule:
    cost = discounted_cost(p, card)
    payer = resource_payer(p, card)
    holder, held, value = payer if payer is not None else (0, 0, 0)
    usable = min(held, -(-cost // value)) if value else 0  # more could only overpay
    return PayRule(
        cost,
        steel_value(p) if "building" in card.tags else 0,
        titanium_value(p) if "space" in card.tags else 0,
        heat_as_mc(p),
        holder if usable else 0,
        usable,
        value if usable else 0,
    )


def _spends_own_resources(effects: tuple[tuple[Any, ...], ...]) -> bool:
    return any(
        (i[0] == "gain" and isinstance(i[2], int) and i[2] < 0)
        or i[0] in ("spend_heat", "spend_from")
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
    resources: int | None = None,
) -> bool:
    """Can the effects still be carried out once this payment is made (with `resources` card
    resources; None: as many as the payment may take, which leaves the most M€)?"""
    if not _needs_money_after_payment(g, effects):
        return True
    if resources is None and rule.resources and any(i[0] == "spend_from" for i in effects):
        # The effects spend card resources too (Stratospheric Birds' floater after Dirigibles'
        # floaters paid): fewer resources in the payment may be the ones that work.
        return any(
            feasible_after_payment(g, p, card, effects, rule, pay, n)
            for n in resource_choices(p, rule, pay)
        )
    if resources is None:
        resources = max(resource_choices(p, rule, pay), default=0)
    saved = p.res[:]
    holder = rule.resource_card
    held = p.card_res.get(holder, 0)
    apply_payment(p, rule, pay, resources)
    try:
        check = card_def(card).play_check
        if check is not None and effects is card_def(card).play:
            return PLAY_CHECKS[check](g, p, card_def(card))
        return all_feasible(g, p, card, effects)
    finally:
        p.res[:] = saved
        if resources:
            p.card_res[holder] = held


def card_resource_choices(
    g: GameState, p: Player, cid: int, rule: PayRule, pay: Payment
) -> list[int]:
    """How many card resources may go into this (legal) payment for a card in hand: each
    leaves the payment legal and the card's effects possible. A run of consecutive numbers."""
    play = card_def(cid).play
    return [
        n
        for n in resource_choices(p, rule, pay)
        if feasible_after_payment(g, p, cid, play, rule, pay, n)
    ]


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
    if not effects_feasible(g, p, cid):
        return "effects", None
    if _needs_money_after_payment(g, card.play) and not any(
        feasible_after_payment(g, p, cid, card.play, rule, pay) for pay in payments(p, rule)
    ):
        return "payment", None
    return rule


def unplayable_cards(g: GameState, p: Player) -> list[tuple[int, Unplayable]]:
    """Every card in the player's hand that cannot be played now, with why (in hand order):
    what a card face shows its owner (the view of that seat only)."""
    out = []
    for cid in p.hand:
        outcome = _card_check(g, p, cid)
        if not isinstance(outcome, PayRule):
            out.append((cid, outcome))
    return out


def milestone_failure(g: GameState, p: Player, name: str) -> str:
    """Why this milestone (one of the map's) cannot be claimed now, in words: what is missing."""
    milestone = milestones_of(g)[name]
    if g.options.solo:
        return "the solo game has no milestones"
    if any(m == name for m, _ in g.milestones):
        return "it is already claimed"
    if len(g.milestones) >= MAX_MILESTONES:
        return f"{MAX_MILESTONES} milestones are already claimed"
    value = milestone.measure(g, p)
    if not milestone.reached(g, p):
        what = milestone.metric.replace("_", " ")
        if milestone.at_most:
            return f"you have {value} {what}, at most {milestone.threshold} allowed"
        return f"you have {value} of {milestone.threshold} {what}"
    return f"it costs {MILESTONE_COST} M€, more than you can pay"


def award_failure(g: GameState, name: str) -> str:
    """Why this award (one of the map's) cannot be funded now, in words."""
    if g.options.solo:
        return "the solo game has no awards"
    if any(a == name for a, _ in g.awards):
        return "it is already funded"
    cost = award_cost(g)
    if cost is None:
        return "every award that may be funded is funded"
    return f"it costs {cost} M€, more than you can pay"


def effects_feasible(g: GameState, p: Player, cid: int) -> bool:
    """Whether the card's own effects could be carried out now (production to lower, resources
    to spend, spaces to place on), leaving its requirements and cost aside."""
    card = card_def(cid)
    if card.play_check is not None:
        return PLAY_CHECKS[card.play_check](g, p, card)
    return all_feasible(g, p, cid, card.play)


def _project_feasible(g: GameState, p: Player, name: str, rule: PayRule) -> bool:
    if name == "sell_patents":
        return bool(p.hand)
    if name == COLONY_PROJECT:
        return bool(buildable_tiles(g, p.seat))
    if name == "asteroid":
        return g.temperature < TEMPERATURE_MAX
    if name == "aquifer":
        return g.oceans < OCEANS_MAX and has_legal_space(g, p.seat, "ocean", "ocean")
    # The tile goes down once the project is paid: a space's fee must fit in what is left of
    # the money that pays both (M€, and heat for Helion).
    spend = rule.cost
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
