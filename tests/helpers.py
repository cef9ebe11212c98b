"""Helpers for tests that set up a position and play from it.

A position is a real game (created by the engine, setup answered) edited the way a puzzle is
set up on a chess board: cards put in a hand, resources given, parameters moved. Everything
after that goes through the engine's checked `apply`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from olympus.engine import Game, GameOptions, Payment, PlayCard, UseAction
from olympus.engine.actions import Answer, ChooseSetup
from olympus.engine.cards.catalogue import find
from olympus.engine.constants import RESOURCE_INDEX
from olympus.engine.decisions import Decision


def cid(key: str) -> int:
    """A card id from a printed number or a name."""
    card = find(key)
    if card is None:
        raise KeyError(key)
    return card.id


def new_game(
    players: int = 2,
    corporations: Iterable[str] | None = None,
    seed: int = 0,
    rules: int | None = None,
    **options: Any,
) -> Game:
    """A game at the first action of generation 1, seat 0 to act, hands and stocks empty.

    Each seat gets the named corporation (default: the Beginner corporation), whose start
    (production, ongoing effects) applies. Opening cards and every resource are then cleared
    so that a test decides what each seat holds. `rules`: the rules version it is dealt under
    (default the current one, see engine/version.py)."""
    corps = list(corporations) if corporations is not None else ["R00"] * players
    g = Game.new(GameOptions(players=players, seed=seed, **options), rules=rules)
    for seat, key in enumerate(corps):
        p = g.players[seat]
        p.dealt_corps = [cid(key)]  # deal the wanted corporation
    for d in list(g.decisions()):
        g.apply(d.player, ChooseSetup(g.players[d.player].dealt_corps[0], ()))
    for p in g.players:
        if p.corp != cid(corps[p.seat]):
            raise AssertionError("setup did not take the wanted corporation")
        p.hand.clear()
        p.res[:] = [0] * 6
        p.first_action = False
    set_turn(g, 0)
    return g


def set_turn(g: Game, seat: int) -> None:
    """Make it `seat`'s turn (first action) in the action phase."""
    n = len(g.players)
    g.stack = [("actions", -1, 0, (seat + 1) % n), ("turn", seat, 0, 0)]
    g.active = seat
    g.phase = "action"
    g._cache = None


def give(g: Game, seat: int, **amounts: int) -> None:
    """Add resources: give(g, 0, megacredits=10, steel=2)."""
    p = g.players[seat]
    for name, n in amounts.items():
        p.res[RESOURCE_INDEX[name]] += n
    g._cache = None


def set_production(g: Game, seat: int, **amounts: int) -> None:
    p = g.players[seat]
    for name, n in amounts.items():
        p.prod[RESOURCE_INDEX[name]] = n
    g._cache = None


def set_resources(g: Game, seat: int, **amounts: int) -> None:
    p = g.players[seat]
    for name, n in amounts.items():
        p.res[RESOURCE_INDEX[name]] = n
    g._cache = None


def hand(g: Game, seat: int, *keys: str) -> None:
    """Put cards in a seat's hand."""
    g.players[seat].hand.extend(cid(k) for k in keys)
    g._cache = None


def in_play(g: Game, seat: int, *keys: str, resources: int = 0) -> None:
    """Put cards straight into a seat's tableau (without playing them)."""
    p = g.players[seat]
    for k in keys:
        c = cid(k)
        p.played.append(c)
        if resources:
            p.card_res[c] = resources
        elif c not in p.card_res and find(k).resource is not None:  # type: ignore[union-attr]
            p.card_res[c] = 0
    g._cache = None


def refresh(g: Game) -> None:
    """After editing a position by hand, drop the cached pending decisions."""
    g._cache = None


def set_parameters(g: Game, **params: int) -> None:
    """Move global parameters directly: set_parameters(g, oxygen=8, temperature=-2)."""
    for name, value in params.items():
        if name not in ("temperature", "oxygen", "oceans"):
            raise KeyError(name)
        setattr(g, name, value)
    refresh(g)


def put_tile(g: Game, space: int, kind: int, owner: int = -1) -> None:
    """Lay a tile straight on the board (position set-up: no bonuses, no triggers)."""
    g.tiles[space] = kind
    g.owners[space] = owner
    refresh(g)


def put_cities(g: Game, seat: int, n: int) -> list[int]:
    """Set up `n` city tiles for `seat` on legal city spaces (a position, not a play)."""
    from olympus.engine.constants import CITY
    from olympus.engine.placement import legal_spaces

    placed = []
    for _ in range(n):
        space = legal_spaces(g, seat, "city", "city")[0]
        put_tile(g, space, CITY, seat)
        placed.append(space)
    return placed


def top_of_deck(g: Game, *keys: str) -> list[int]:
    """Put cards on top of the deck; the last key ends up on top."""
    ids = [cid(k) for k in keys]
    for c in ids:
        if c in g.deck:
            g.deck.remove(c)
        g.deck.append(c)
    return ids


def card_resources(g: Game, seat: int, key: str) -> int:
    """The resources (animals, microbes, floaters, ...) on a card of the seat's."""
    return g.players[seat].card_res.get(cid(key), 0)


def use_action(g: Game, seat: int, key: str, choice: int = 0) -> None:
    """The seat uses the action of its card `key` (alternative `choice`), checked."""
    g.apply(seat, UseAction(cid(key), choice))


def card_points(g: Game, seat: int = 0) -> int:
    """The seat's victory points from cards, as final scoring counts them now."""
    return next(s for s in g.scores() if s.seat == seat).cards


def actions_offered(g: Game, seat: int | None = None) -> dict[int, Any]:
    """Blue-card actions the pending turn decision offers (by card id)."""
    d = decision(g) if seat is None else g.decision_for(seat)
    return d.options.actions  # type: ignore[attr-defined,no-any-return]


def decision(g: Game) -> Decision:
    """The single pending decision (asserts there is exactly one)."""
    ds = g.decisions()
    assert len(ds) == 1, ds
    return ds[0]


def answer(g: Game, ans: Answer | str) -> None:
    """Answer the single pending decision (checked)."""
    g.apply(decision(g).player, ans)


def play(g: Game, seat: int, key: str, payment: Payment | None = None, *then: str) -> None:
    """Play a card from hand (checked), then answer follow-up decisions given as text."""
    g.apply(seat, PlayCard(cid(key), payment or Payment()))
    for text in then:
        answer(g, text)


def can_play(g: Game, seat: int, key: str) -> bool:
    """Whether the turn decision offers this card."""
    d = g.decision_for(seat)
    return cid(key) in d.options.cards  # type: ignore[attr-defined]


def run_random(g: Game, seed: int = 0, max_decisions: int = 20_000) -> int:
    """Play the game out with random legal answers; returns the number of decisions."""
    rnd = random.Random(seed)
    n = 0
    while not g.is_over:
        d = g.decisions()[0]
        g.apply(d.player, d.sample(rnd))
        n += 1
        assert n < max_decisions, "game did not finish"
    return n


def prelude_turn(g: Game, seat: int, *keys: str) -> None:
    """Give `seat` these preludes and start its prelude turn (the action phase follows); the
    prelude phase runs on until it asks somebody something."""
    from olympus.engine.interpreter import run

    g.players[seat].preludes = [cid(k) for k in keys]
    n = len(g.players)
    g.stack = [("actions", -1, 0, g.first % n), ("prelude_turn", seat, 0)]
    g.phase = "prelude"
    g._cache = None
    run(g)
