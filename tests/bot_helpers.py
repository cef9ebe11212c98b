"""Games brought to a chosen point for the bot tests."""

from __future__ import annotations

import random

from olympus.bots import make_bot
from olympus.engine import Game, GameOptions


def game_at_action(seed: int, seat: int = 0, turns: int = 20) -> Game:
    """A 2-player Corporate Era game played by random bots until `seat` is to take an action,
    at least `turns` answers in."""
    g = Game.new(GameOptions(players=2, seed=seed, corporate_era=True))
    bots = [make_bot("random", seed * 7 + s) for s in range(2)]
    answered = 0
    while True:
        d = g.decisions()[0]
        if answered >= turns and d.kind == "action" and d.player == seat:
            return g
        g.push(d.player, bots[d.player].choose(g, d))
        answered += 1


def hide_differently(game: Game, seat: int, seed: int) -> Game:
    """The same game as `seat` sees it, with everything it cannot see changed: the other
    seats' hands (and dealt cards) swapped with deck and discard cards, the deck reordered, the
    engine's RNG and seed changed."""
    g = game.clone()
    rnd = random.Random(seed)
    others = [p for p in g.players if p.seat != seat]
    pool = g.deck + g.discard
    for p in others:
        pool += p.hand + p.dealt
    rnd.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
        p.dealt, pool = pool[: len(p.dealt)], pool[len(p.dealt) :]
    g.discard, g.deck = pool[: len(g.discard)], pool[len(g.discard) :]
    g.rng = rnd.getrandbits(64)
    g._cache = None
    return g
