"""Bots: players that answer decisions, registered by name for selfplay, the workers that play
bot seats, the ladder and the arena.

- `random` and `passive` (simple.py): no rules knowledge beyond the legal options.
- `greedy` (greedy.py): one-step look-ahead on a determinised copy of the game (the unseen cards
  re-dealt from the bot's own RNG, determinise.py), scored by `evaluate.evaluate`.
- `mcts` (search.py): determinised Monte Carlo search over complete moves, greedy rollouts,
  successive halving; a budget in simulations per decision.

Every bot is made by `make_bot(name, seed)` and is deterministic for a given seed.
"""

from __future__ import annotations

from collections.abc import Callable

from .greedy import GreedyBot
from .search import SearchBot
from .simple import Bot, PassiveBot, RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "passive": PassiveBot,
    "greedy": GreedyBot,
    "mcts": SearchBot,
}


def takes_budget(name: str) -> bool:
    """Whether the named bot thinks within a per-decision budget (`make_bot(..., budget=)`)."""
    return bool(getattr(BOTS.get(name), "takes_budget", False))


def make_bot(name: str, seed: int, budget: int | None = None) -> Bot:
    """A bot by name. `budget` (per decision, e.g. simulations) only for the bots that take
    one: a factory marked `takes_budget = True`, called as `factory(seed, budget=budget)`."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}") from None
    if budget is None:
        return factory(seed)
    if not getattr(factory, "takes_budget", False):
        raise ValueError(f"the {name} bot takes no budget")
    return factory(seed, budget=budget)  # type: ignore[call-arg]


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "PassiveBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "takes_budget",
]
