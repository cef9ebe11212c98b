"""Paying a cost: M€ plus, where allowed, steel, titanium, (Helion) heat and card resources.

One predicate (`payment_failure`) says whether a payment is legal; the enumeration of legal
payments, the checked path and the follow-up amount decisions all use it. A payment names the
steel, titanium and heat spent; the M€ part is what remains of the cost. Overpaying with steel
or titanium is allowed (no change is given) but never wastefully: a payment from which a whole
steel, titanium, heat or card resource could be taken back and still cover the cost is refused.

Card resources (Psychrophiles' microbes toward plant cards) are not part of the answer that
names the payment: how many go in is a follow-up amount decision (`resource_choices`), whose
every value keeps the whole payment legal. A payment in an answer is legal when some number of
them completes it.

Every other M€ amount (a space's placement fee, a trade fee, a prelude's payment, cards bought)
is paid by `megacredit_rule`: M€, and heat for Helion, the split being Helion's choice
(`heat_choices`: the engine asks it as an amount decision when more than one split is legal).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Payment
from .constants import HEAT, MC, STEEL, TITANIUM
from .query import heat_as_mc
from .state import Player


@dataclass(frozen=True, slots=True)
class PayRule:
    cost: int
    steel: int = 0  # M€ value of one steel, 0 when steel may not be used
    titanium: int = 0
    heat: bool = False
    # Resources on one of the player's cards that may pay too (Psychrophiles' microbes toward
    # plant cards): that card, how many of them may go in, and the M€ value of each.
    resource_card: int = 0
    resources: int = 0
    resource_value: int = 0

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "cost": self.cost,
            "steel_value": self.steel,
            "titanium_value": self.titanium,
            "heat": self.heat,
        }
        if self.resources:  # only then: the other rules keep their shape
            data["resources"] = self.resources
            data["resource_value"] = self.resource_value
        return data


def best_value(p: Player, rule: PayRule) -> int:
    """The most this player could put towards the cost."""
    res = p.res
    value = res[MC]
    if rule.steel:
        value += res[STEEL] * rule.steel
    if rule.titanium:
        value += res[TITANIUM] * rule.titanium
    if rule.heat:
        value += res[HEAT]
    return value + rule.resources * rule.resource_value


def can_afford(p: Player, rule: PayRule) -> bool:
    return best_value(p, rule) >= rule.cost


def payment_failure(
    p: Player, rule: PayRule, pay: Payment, resources: int | None = None
) -> str | None:
    """Why this payment is not legal, or None. `resources`: the card resources that go in too;
    None (an answer's payment, whose card resources a later decision spends): legal when some
    number of them, from none to all the rule allows, completes it."""
    s, t, h = pay.steel, pay.titanium, pay.heat
    if s < 0 or t < 0 or h < 0:
        return "payment amounts cannot be negative"
    if s and not rule.steel:
        return "steel cannot pay for this"
    if t and not rule.titanium:
        return "titanium cannot pay for this"
    if h and not rule.heat:
        return "heat cannot pay for this"
    res = p.res
    if s > res[STEEL]:
        return f"you have only {res[STEEL]} steel"
    if t > res[TITANIUM]:
        return f"you have only {res[TITANIUM]} titanium"
    if h > res[HEAT]:
        return f"you have only {res[HEAT]} heat"
    if resources is not None:
        if not 0 <= resources <= rule.resources:
            return f"between 0 and {rule.resources} card resources may pay for this"
        return _value_failure(p, rule, pay, resources)
    first = _value_failure(p, rule, pay, 0)
    if first is None or not rule.resources:
        return first
    for n in range(1, rule.resources + 1):
        reason = _value_failure(p, rule, pay, n)
        if reason is None:
            return None
    # Short of M€ even with every card resource: say so with all of them counted.
    return reason if first.startswith("you need") else first


def _value_failure(p: Player, rule: PayRule, pay: Payment, resources: int) -> str | None:
    """Whether these amounts (known to be held and allowed) cover the cost without waste."""
    s, t, h = pay.steel, pay.titanium, pay.heat
    value = s * rule.steel + t * rule.titanium + h + resources * rule.resource_value
    cost = rule.cost
    if value > cost:
        parts = ((rule.steel, s), (rule.titanium, t), (1, h), (rule.resource_value, resources))
        smallest = min(v for v, used in parts if used)
        if value - smallest >= cost:
            what = (
                "steel, titanium, heat or card resources"
                if resources
                else "steel, titanium or heat"
            )
            return f"this payment overpays: spend fewer {what}"
        return None
    mc = p.res[MC]
    if cost - value > mc:
        return f"you need {cost - value} M€ besides, and have {mc}"
    return None


def resource_choices(p: Player, rule: PayRule, pay: Payment) -> list[int]:
    """How many card resources may complete this payment (in increasing order; a run of
    consecutive numbers, as more resources only ever pay more). Empty when none does; [0]
    when the rule takes no card resources."""
    return [n for n in range(rule.resources + 1) if payment_failure(p, rule, pay, n) is None]


def payments(p: Player, rule: PayRule) -> Iterator[Payment]:
    """Every legal payment, in a fixed order."""
    cost = rule.cost
    res = p.res
    s_max = min(res[STEEL], -(-cost // rule.steel)) if rule.steel else 0
    t_max = min(res[TITANIUM], -(-cost // rule.titanium)) if rule.titanium else 0
    h_max = min(res[HEAT], cost) if rule.heat else 0
    for s in range(s_max + 1):
        for t in range(t_max + 1):
            for h in range(h_max + 1):
                pay = Payment(s, t, h)
                if payment_failure(p, rule, pay) is None:
                    yield pay


def apply_payment(p: Player, rule: PayRule, pay: Payment, resources: int = 0) -> None:
    """Spend the payment (and `resources` card resources off the rule's card); M€ pay the
    rest."""
    res = p.res
    res[STEEL] -= pay.steel
    res[TITANIUM] -= pay.titanium
    res[HEAT] -= pay.heat
    if resources:
        p.card_res[rule.resource_card] -= resources
    rest = (
        rule.cost
        - pay.steel * rule.steel
        - pay.titanium * rule.titanium
        - pay.heat
        - resources * rule.resource_value
    )
    if rest > 0:
        res[MC] -= rest


# --- M€ amounts other than costs --------------------------------------------------------------


def megacredit_rule(p: Player, amount: int) -> PayRule:
    """How an M€ amount that is not a card's, project's or action's cost is paid (a space's
    placement fee, a trade fee, a prelude's payment, cards bought): M€, and heat for Helion."""
    return PayRule(amount, 0, 0, heat_as_mc(p) and amount > 0)


def money(p: Player) -> int:
    """The most this player could put toward such an M€ amount (M€, and heat for Helion)."""
    return best_value(p, megacredit_rule(p, 1))


def heat_choices(p: Player, amount: int) -> tuple[int, int] | None:
    """The least and the most heat that may pay this M€ amount (the rest in M€), when the
    player has a choice to make (Helion with heat); None when one split only is legal or none
    is (then `pay_megacredits` pays the only one)."""
    rule = megacredit_rule(p, amount)
    if not rule.heat or not p.res[HEAT]:
        return None
    heats = [pay.heat for pay in payments(p, rule)]
    if len(heats) < 2:
        return None
    return heats[0], heats[-1]


def pay_megacredits(p: Player, amount: int, heat: int | None = None) -> None:
    """Pay an M€ amount with `heat` of it in heat (Helion's choice, within `heat_choices`);
    None: the only legal split, or the least heat when several are (M€ first)."""
    rule = megacredit_rule(p, amount)
    if heat is None:
        heat = next((pay.heat for pay in payments(p, rule)), 0)
    apply_payment(p, rule, Payment(heat=heat))
