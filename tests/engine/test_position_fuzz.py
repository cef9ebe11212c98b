"""Positions of a real game with a field or two changed to anything: the engine sets each up or
refuses it with an InvalidPosition, never another exception, and what it sets up round-trips
and plays on legally."""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Iterator
from typing import Any

from olympus.bots import RandomBot
from olympus.engine import Game, GameOptions
from olympus.engine.errors import InvalidPosition, UnsupportedDecision

TRIALS = 600
ODD_VALUES: list[Any] = [
    -1,
    0,
    1,
    7,
    999,
    2**70,
    1.5,
    True,
    None,
    "x",
    "Ants",
    "R18",
    "P05",
    "neutral",
    [],
    [0, 0],
    ["Ants"],
    {},
    {"a": 1},
]


def positions() -> list[dict[str, Any]]:
    options = GameOptions(players=3, seed=12, prelude=True, colonies=True, draft=True)
    game = Game.new(options)
    bots = [RandomBot(seat) for seat in range(options.players)]
    found = []
    while True:
        with contextlib.suppress(UnsupportedDecision):
            found.append(game.to_position())
        if game.is_over:
            return found
        d = game.decisions()[0]
        game.push(d.player, bots[d.player].choose(game, d))


def places(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into a position (keys and indexes)."""
    if at:
        yield at
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        yield from places(inner, (*at, key))


def changed(position: dict[str, Any], rnd: random.Random) -> dict[str, Any]:
    out = copy.deepcopy(position)
    paths = list(places(out))
    for _ in range(rnd.randint(1, 2)):
        path = rnd.choice(paths)
        holder: Any = out
        try:
            for key in path[:-1]:
                holder = holder[key]
            if rnd.random() < 0.15:
                del holder[path[-1]]
            else:
                holder[path[-1]] = rnd.choice(ODD_VALUES)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed the path
    return out


def test_changed_positions_are_set_up_or_refused_with_a_typed_error() -> None:
    rnd = random.Random(7)
    base = positions()
    accepted = 0
    for trial in range(TRIALS):
        position = changed(rnd.choice(base), rnd)
        try:
            game = Game.from_position(position)
        except InvalidPosition as err:
            assert err.path is not None and err.message
            assert "cannot read the position" not in err.message, err  # a shape not foreseen
            continue
        accepted += 1
        assert Game.from_position(game.to_position()).to_position() == game.to_position()
        play = random.Random(trial)
        for _ in range(100):
            if game.is_over:
                break
            d = game.decisions()[0]
            game.apply(d.player, d.sample(play))  # checked: what it offers is legal
    assert TRIALS // 20 < accepted < TRIALS  # both outcomes were met
