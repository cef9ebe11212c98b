"""The simple bots: they answer decisions without any rules knowledge beyond the legal options."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine import Answer, Decision, Game
from ..engine.defaults import default_answer


class Bot(Protocol):
    name: str

    def choose(self, game: Game, decision: Decision) -> Answer: ...


class RandomBot:
    """Uniform over the kinds of legal answer, then uniform within the kind; passes with
    probability 0.1 when anything else is legal (see `TurnDecision.sample`)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose(self, game: Game, decision: Decision) -> Answer:
        return decision.sample(self.rnd)


class PassiveBot:
    """Gives the platform's default answer (`engine.defaults.default_answer`): passes, buys
    nothing, harms nobody. What a seat whose clock ran out plays; the seed is unused (it is
    deterministic) but taken so that every bot is made the same way."""

    name = "passive"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, decision: Decision) -> Answer:
        return default_answer(decision)
