"""A game set up from a position records it: a save keeps it, a replay from it and the answers
rebuilds the game exactly, and undo cannot take the game back before it."""

from __future__ import annotations

import random

import orjson
import pytest
from position_helpers import set_player, table

from olympus.engine import Game, GameOptions, UndoNotAllowed
from olympus.engine.cards.catalogue import project_deck
from olympus.engine.game import HistoryEntry


def puzzle(**options: object) -> dict[str, object]:
    position = table(2, ("Helion", "Ecoline"), **options)
    set_player(position, 0, hand=["Ants", "Birds", "Power Plant"], resources={"megacredits": 30})
    set_player(position, 1, played=["Decomposers"], card_resources={"Decomposers": 2})
    return {**position, "generation": 3, "oxygen": 4, "temperature": -20}


def test_a_position_game_saves_and_loads_with_its_origin() -> None:
    g = Game.from_position(puzzle())
    assert g.origin == g.to_position()
    assert g.origin["deck"]  # the deck the position left out, dealt and written down
    loaded = Game.from_bytes(g.to_bytes())
    assert loaded.origin == g.origin and loaded.to_bytes() == g.to_bytes()
    assert g.clone().origin == g.origin
    assert Game.new(GameOptions(players=2)).origin is None
    assert b'"ps"' not in Game.new(GameOptions(players=2)).to_bytes()  # other saves unchanged


def test_replay_from_the_origin_rebuilds_the_game_exactly() -> None:
    g = Game.from_position(puzzle(undo=True))
    rnd = random.Random(5)
    steps: list[tuple[int, HistoryEntry]] = []
    while not g.is_over and len(steps) < 400:
        d = g.decisions()[0]
        if g.undoable(d.player) and rnd.random() < 0.1:
            g.undo(d.player, 1)
            steps.append((d.player, "undo 1"))
            continue
        answer = d.sample(rnd)
        g.apply(d.player, answer)
        steps.append((d.player, str(answer)))
    saved = Game.from_bytes(g.to_bytes())
    assert saved.origin is not None
    assert saved.to_bytes() == g.to_bytes()
    replayed = Game.replay_from(saved.origin, steps)
    assert replayed.to_bytes() == g.to_bytes()


def test_undo_cannot_go_back_before_the_position() -> None:
    g = Game.from_position(puzzle(undo=True))
    assert g.undoable(0) == 0
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 1)
    g.apply(0, "pass")
    assert g.undoable(0) == 1
    raw = g.to_bytes()
    assert raw.count(b'"ps"') == 1  # the undo option's copy of the state does not repeat it
    g = Game.from_bytes(raw)
    assert g.undoable(0) == 1 and g.to_bytes() == raw
    with pytest.raises(UndoNotAllowed):
        g.undo(0, 2)
    g.undo(0, 1)
    assert g.to_position() == g.origin


def test_a_left_out_deck_holds_every_other_card_shuffled_by_the_seed() -> None:
    one = Game.from_position(puzzle())
    again = Game.from_position(puzzle())
    other = Game.from_position({**puzzle(), "options": {"players": 2, "seed": 9}})
    placed = {c for p in one.players for c in (*p.hand, *p.played)}
    assert set(one.deck) == set(project_deck(True)) - placed
    assert one.deck == again.deck and one.deck != other.deck
    # Written down, the deck is part of the position: the same game whatever the seed says.
    fixed = {**other.to_position(), "options": one.origin["options"]}
    assert Game.from_position(fixed).deck == other.deck


def test_the_origin_is_plain_json() -> None:
    g = Game.from_position(
        puzzle(colonies=True) | {"colonies": {"tiles": [{"name": "Luna"}], "fleets": [1, 1]}}
    )
    assert orjson.loads(orjson.dumps(g.origin)) == g.origin
    assert Game.from_position(g.origin).to_bytes() == g.to_bytes()
