"""Bots: players that answer decisions, registered by name for selfplay, the workers that play
bot seats, the ladder and the arena.

- `random` and `passive` (simple.py): no rules knowledge beyond the legal options.
- `greedy` (greedy.py): one-step look-ahead on a determinised copy of the game (the unseen cards
  re-dealt from the bot's own RNG, determinise.py), scored by `evaluate.evaluate`.
- `mcts` (search.py): determinised Monte Carlo search over complete moves, greedy rollouts,
  successive halving; a budget in simulations per decision.

Every bot is made by `make_bot(spec, seed)` and is deterministic for a given seed. A spec is a
bot's name, and for the bots that judge by the evaluation (greedy, mcts) any of its weights
(`evaluate.Weights`) after colons: `greedy:plant=2.4:active_card=0.25` is greedy judging by those
two values and its own for the rest. That is how a variant is pitted against the bot as it is
(`olympus arena --bots greedy:plant=2.4,greedy`) without a line of code.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields, replace

from .evaluate import Weights
from .greedy import GreedyBot
from .search import SearchBot
from .simple import Bot, PassiveBot, RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "passive": PassiveBot,
    "greedy": GreedyBot,
    "mcts": SearchBot,
}

# For players choosing an opponent (ListTableChoices, the web table): how each bot plays, from
# the weakest to the strongest.
DESCRIPTIONS: dict[str, str] = {
    "passive": "Never acts on its own: passes, buys no cards and harms nobody. It is what "
    "plays a seat whose clock ran out.",
    "random": "Picks a random legal move (a random kind, then a random one of that kind) and "
    "passes now and then: easy to beat.",
    "greedy": "Tries each move one step ahead and keeps the one that leaves it best placed "
    "(points, production, terraform rating, resources); buys a card when it is worth its "
    "price. A fair opponent that answers at once.",
    "mcts": "Plays each promising move out to the end of the generation many times, guessing "
    "the cards it cannot see, and keeps the move that did best: the strongest bot, and the "
    "slowest to answer.",
}


SPEC_SEPARATOR = ":"
WEIGHT_NAMES = tuple(f.name for f in fields(Weights))


def _name_of(spec: str) -> str:
    return spec.split(SPEC_SEPARATOR, 1)[0].strip()


def own_weights(name: str) -> Weights | None:
    """The weights a bot judges by unless a spec sets others, None for a bot that takes none
    (or an unknown one)."""
    weights = getattr(BOTS.get(name), "weights", None)
    return weights if isinstance(weights, Weights) else None


def parse_bot(spec: str) -> tuple[str, dict[str, float]]:
    """A bot spec's name and the weights it sets (`greedy:plant=2.4:active_card=0.25`); a
    ValueError that says what is wrong for anything else."""
    name, parts = _name_of(spec), spec.split(SPEC_SEPARATOR)[1:]
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    if parts and own_weights(name) is None:
        raise ValueError(f"the {name} bot takes no weights (in {spec!r})")
    values: dict[str, float] = {}
    for part in parts:
        key, equals, text = part.partition("=")
        key = key.strip()
        if not equals or not key:
            raise ValueError(f"{spec!r}: a weight is name=value, not {part!r}")
        if key not in WEIGHT_NAMES:
            raise ValueError(f"{spec!r}: unknown weight {key!r}; known: {', '.join(WEIGHT_NAMES)}")
        if key in values:
            raise ValueError(f"{spec!r}: the weight {key} is set twice")
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{spec!r}: {key} must be a number, not {text.strip()!r}") from None
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{spec!r}: {key} must be a finite number >= 0, not {text.strip()}")
        values[key] = value
    return name, values


def takes_budget(spec: str) -> bool:
    """Whether the bot thinks within a per-decision budget (`make_bot(..., budget=)`)."""
    return bool(getattr(BOTS.get(_name_of(spec)), "takes_budget", False))


def make_bot(spec: str, seed: int, budget: int | None = None) -> Bot:
    """A bot by its spec (a name, with weights for the bots that take them). `budget` (per
    decision, e.g. simulations) only for the bots that take one: a factory marked
    `takes_budget = True`, called as `factory(seed, budget=budget)`."""
    name, values = parse_bot(spec)
    factory = BOTS[name]
    options: dict[str, object] = {}
    if budget is not None:
        if not getattr(factory, "takes_budget", False):
            raise ValueError(f"the {name} bot takes no budget")
        options["budget"] = budget
    own = own_weights(name)
    if values and own is not None:
        # Over the bot's own weights: mcts:plant=1.6 keeps the search bot's other values.
        options["weights"] = replace(own, **values)
    return factory(seed, **options)  # type: ignore[call-arg]


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "PassiveBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "own_weights",
    "parse_bot",
    "takes_budget",
]
