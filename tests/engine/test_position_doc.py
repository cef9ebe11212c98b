"""The example of docs/positions.md sets up the game it describes, and round-trips."""

from __future__ import annotations

import json
import re
from pathlib import Path

from olympus.engine import Game, UseAction
from olympus.engine.cards.catalogue import find

DOC = Path(__file__).resolve().parents[2] / "docs" / "positions.md"


def examples() -> list[dict[str, object]]:
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text("utf-8"), re.DOTALL)
    return [json.loads(block) for block in blocks]


def test_the_documented_example_sets_up_its_puzzle() -> None:
    (example,) = examples()
    game = Game.from_position(example)
    assert game.to_position() == game.origin
    assert Game.from_position(game.to_position()).to_bytes() == game.to_bytes()
    ants = find("Ants")
    assert ants is not None
    me, other = game.players
    assert game.generation == 5 and game.oceans == 1 and game.active == 0
    assert me.card_res[ants.id] == 2 and other.passed
    # Seat 1's Decomposers hold microbes: Ants may take one.
    game.apply(0, UseAction(ants.id, 0))
    assert game.decisions()[0].kind == "cards"
