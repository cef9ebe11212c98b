"""Paying a cost: M€ plus, where allowed, steel, titanium and (Helion) heat.

One predicate (`payment_failure`) says whether a payment is legal; the enumeration of legal
payments and the checked path both use it. A payment names the steel, titanium and heat spent;
the M€ part is what remains of the cost. Overpaying with steel or titanium is allowed (no change
is given) but never wastefully: a payment from which a whole steel, titanium or heat could be
taken back and still cover the cost is refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Payment
from .constants import HEAT, MC, STEEL, TITANIUM
from .state import Player


@dataclass(frozen=True, slots=True)
class PayRule:
    cost: int
    steel: int = 0  # M€ value of one steel, 0 when steel may not be used
    titanium: int = 0
    heat: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "cost": self.cost,
            "steel_value": self.steel,
            "titanium_value": self.titanium,
            "heat": self.heat,
        }


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
    return value


def can_afford(p: Player, rule: PayRule) -> bool:
    return best_value(p, rule) >= rule.cost


def payment_failure(p: Player, rule: PayRule, pay: Payment) -> str | None:
    """Why this payment is not legal, or None."""
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
    value = s * rule.steel + t * rule.titanium + h
    cost = rule.cost
    if value > cost:
        smallest = min(v for v, used in ((rule.steel, s), (rule.titanium, t), (1, h)) if used)
        if value - smallest >= cost:
            return "this payment overpays: spend fewer steel, titanium or heat"
        return None
    if cost - value > res[MC]:
        return f"you need {cost - value} M€ besides, and have {res[MC]}"
    return None


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


def apply_payment(p: Player, rule: PayRule, pay: Payment) -> None:
    res = p.res
    res[STEEL] -= pay.steel
    res[TITANIUM] -= pay.titanium
    res[HEAT] -= pay.heat
    rest = rule.cost - pay.steel * rule.steel - pay.titanium * rule.titanium - pay.heat
    if rest > 0:
        res[MC] -= rest
