"""Helpers for Colonies tests: a game with chosen tiles, answering by label, test cards.

Positions are set up like `helpers.new_game` (a chess-problem board), then played through
the engine's checked `apply`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from helpers import cid, decision, new_game, refresh
from olympus.engine import Answer, ChooseAmount, ChooseOption, Game, GameOptions, Trade
from olympus.engine.cards import catalogue
from olympus.engine.colony_state import ColonyTile
from olympus.engine.decisions import SelectOption
from olympus.engine.interpreter import run


def colony_game(players: int = 2, *tiles: str, seed: int = 0, **options: Any) -> Game:
    """A game with the expansion at seat 0's first action, on exactly these tiles (active,
    marker on step 2, no colonies; default Luna, Ceres, Callisto, Europa, Pluto)."""
    g = new_game(players, seed=seed, colonies=True, **options)
    set_tiles(g, *(tiles or ("Luna", "Ceres", "Callisto", "Europa", "Pluto")))
    return g


def set_tiles(g: Game, *names: str, active: bool = True) -> None:
    assert g.colonies is not None
    g.colonies.tiles = [ColonyTile(n, active, 2) for n in names]
    refresh(g)


def tile(g: Game, name: str) -> ColonyTile:
    assert g.colonies is not None
    return g.colonies.tile(name)


def put_colonies(g: Game, name: str, *seats: int, marker: int | None = None) -> None:
    """Colonies on a tile (position set-up: no bonus), the marker where the rules put it."""
    t = tile(g, name)
    t.colonies = list(seats)
    t.marker = marker if marker is not None else max(t.marker, len(seats) + 1)
    refresh(g)


def labels(g: Game) -> list[str]:
    d = decision(g)
    assert isinstance(d, SelectOption), d
    return [d.labels[i] for i in d.enabled]


def pick(g: Game, start: str) -> None:
    """Answer the pending option decision with the option whose label starts with `start`."""
    d = decision(g)
    assert isinstance(d, SelectOption), d
    found = [i for i in d.enabled if d.labels[i].startswith(start)]
    assert len(found) == 1, (start, d.labels)
    g.apply(d.player, ChooseOption(found[0]))


def trade(g: Game, seat: int, name: str, fee: str | None = None, boost: int | None = None) -> None:
    """Seat trades with a tile (checked, one answer: the fee word "mc", "energy" or "titanium",
    or None for the only payable fee), then the marker push when asked."""
    g.apply(seat, Trade(name.lower(), fee))
    if boost is not None:
        g.apply(seat, ChooseAmount(boost))


def run_effects(g: Game, seat: int, *effects: tuple[Any, ...], card: int = 0) -> None:
    """Run instructions for a seat on top of the pending decision (as a card would)."""
    for instr in reversed(effects):
        g.stack.append((instr[0], seat, card, *instr[1:]))
    refresh(g)
    run(g)


@contextmanager
def patched_card(key: str, **fields: Any) -> Iterator[int]:
    """A card of the catalogue with some fields changed for the test (a Colonies card's
    passive effect before the card itself exists); restored afterwards."""
    cards = catalogue._ensure()
    c = cid(key)
    original = cards[c]
    cards[c] = replace(original, **fields)
    try:
        yield c
    finally:
        cards[c] = original


def play_saving(
    options: GameOptions, max_decisions: int = 30_000
) -> tuple[Game, list[tuple[int, Answer]], Counter[str]]:
    """A random game saved and reloaded at every decision, next to a twin that never is (the
    two must stay byte for byte the same): the game, its answers, and how often each prompt
    (up to its first ':' or ' (') came up."""
    rnd = random.Random(options.seed)
    game = Game.new(options)
    twin = game.clone()
    answers: list[tuple[int, Answer]] = []
    prompts: Counter[str] = Counter()
    while not game.is_over:
        raw = game.to_bytes()
        game = Game.from_bytes(raw)
        assert game.to_bytes() == raw and twin.to_bytes() == raw
        decisions = game.decisions()
        assert [d.to_dict() for d in decisions] == [d.to_dict() for d in twin.decisions()]
        d = decisions[0]
        prompts[d.prompt.split(":")[0].split(" (")[0]] += 1
        answer = d.sample(rnd)
        prompts[answer.kind] += 1
        game.apply(d.player, answer)
        twin.apply(d.player, answer)
        answers.append((d.player, answer))
        assert len(answers) < max_decisions, options
    assert game.to_bytes() == twin.to_bytes()
    return game, answers, prompts
