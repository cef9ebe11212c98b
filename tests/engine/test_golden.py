"""Golden playthroughs: whole recorded games replay to the same result and state.

A failure means the rules changed. If that was on purpose, run `python tools/golden.py` and
review the difference in the results before committing them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from olympus.engine import Game, GameOptions
from olympus.engine.version import FIRST_RULES_VERSION

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_replays_exactly(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    options = GameOptions.from_data(record["options"])
    # Each game replays by the rules it was recorded under (a record without them predates
    # rules versions: version 1).
    rules = record.get("rules", FIRST_RULES_VERSION)
    game = Game.replay(options, [(seat, text) for seat, text in record["answers"]], rules=rules)
    assert game.is_over
    assert game.result() == record["result"]
    assert hashlib.sha256(game.to_bytes()).hexdigest() == record["state_sha256"]


def test_there_are_golden_games() -> None:
    assert len(GOLDEN) >= 3
