"""A random player that knows only what the service tells it: some legal answer to a decision.

`pick` chooses from a decision in the SDK's dict form (`olympus.client.wire.decision_dict`), the
way a third-party client would: uniformly over the kinds of answer offered, then among the
offers of that kind, paying with the payment the decision suggests. It returns the answer in
the engine's dict form, ready for `SeatHandle.act`. The tests' remote players and the fuzz
harness (`olympus.bench.fuzz`) move games on with it.
"""

from __future__ import annotations

import random
from typing import Any

PASS_PROBABILITY = 0.1


def _paid(kind: str, key: str, offer: dict[str, Any]) -> dict[str, Any]:
    return {"type": kind, key: offer[key], "payment": offer["suggested"]}


def _action_answers(d: dict[str, Any]) -> list[list[dict[str, Any]]]:
    groups = [
        [_paid("play_card", "card", c) for c in d["play"]],
        [_paid("standard_project", "project", p) for p in d["standard_projects"]],
        [_paid("milestone", "name", m) for m in d["milestones"]],
        [_paid("award", "name", a) for a in d["awards"]],
        [
            {
                "type": "card_action",
                "card": a["card"],
                "choice": c["index"],
                "payment": c["suggested"],
            }
            for a in d["card_actions"]
            for c in a["choices"]
        ],
        [{"type": "convert_plants"}] if d["convert_plants"] else [],
        [{"type": "convert_heat"}] if d["convert_heat"] else [],
        [{"type": "end_turn"}] if d["end_turn"] else [],
        [  # Colonies games only
            {"type": "trade", "tile": t["tile"], "fee": t["fee"]} for t in d.get("trades", ())
        ],
    ]
    return [g for g in groups if g]


def pick(d: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    """A legal answer (engine dict form) to a decision (SDK dict form)."""
    kind = d["kind"]
    if kind == "action":
        groups = _action_answers(d)
        if d["pass"] and (not groups or rnd.random() < PASS_PROBABILITY):
            return {"type": "pass"}
        return rnd.choice(rnd.choice(groups))
    if kind == "setup":
        corp = rnd.choice(d["corporations"])
        n = rnd.randint(0, min(corp["max_cards"], len(d["cards"])))
        return {"type": "setup", "corporation": corp["card"], "cards": rnd.sample(d["cards"], n)}
    if kind == "cards":
        n = rnd.randint(d["min"], d["max"])
        return {"type": "cards", "cards": rnd.sample(d["cards"], n)}
    if kind == "space":
        return {"type": "space", "space": rnd.choice(d["spaces"])}
    if kind == "player":
        return {"type": "player", "seat": rnd.choice(d["seats"])}
    if kind == "option":
        return {
            "type": "option",
            "index": rnd.choice([o["index"] for o in d["options"] if o["enabled"]]),
        }
    if kind == "amount":
        return {"type": "amount", "amount": rnd.randint(d["min"], d["max"])}
    if kind == "final_greenery":
        return {"type": "convert_plants" if rnd.random() < 0.5 else "pass"}
    if kind == "play_card":
        return _paid("play_card", "card", rnd.choice(d["play"]))
    raise ValueError(f"unknown decision kind {kind!r}")
