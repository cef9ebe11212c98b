"""(Re)write the golden playthroughs in tests/engine/golden/.

    .venv/bin/python tools/golden.py

Each file is a whole random game: its options, every answer in text notation, and the final
result and state digest. `tests/engine/test_golden.py` replays them; when a rule changes on
purpose, regenerate and review the diff of the results.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from olympus.engine import Game, GameOptions

OUT = Path(__file__).resolve().parent.parent / "tests" / "engine" / "golden"

GAMES = {
    "two_players_corporate_era": GameOptions(players=2, seed=2026, corporate_era=True),
    "four_players_draft": GameOptions(players=4, seed=77, corporate_era=True, draft=True),
    "solo": GameOptions(players=1, seed=63, corporate_era=True),
    "two_players_colonies_elysium": GameOptions(players=2, seed=11, colonies=True, map="elysium"),
    "three_players_colonies_prelude_hellas": GameOptions(
        players=3, seed=12, colonies=True, prelude=True, map="hellas"
    ),
    "solo_colonies_prelude": GameOptions(players=1, seed=13, colonies=True, prelude=True),
    "four_players_prelude_draft_vastitas_borealis": GameOptions(
        players=4, seed=14, prelude=True, draft=True, map="vastitas_borealis"
    ),
    "two_players_undo_amazonis": GameOptions(players=2, seed=15, undo=True, map="amazonis"),
}
UNDO_RATE = 0.2  # how often a seat that can take back its last answers does


def record(options: GameOptions) -> dict[str, object]:
    game = Game.new(options)
    rnd = random.Random(options.seed)
    answers = []
    while not game.is_over:
        d = game.decisions()[0]
        a = d.sample(rnd)
        game.apply(d.player, a)
        answers.append([d.player, str(a)])
        undoable = game.undoable(d.player)
        if undoable and rnd.random() < UNDO_RATE:
            count = rnd.randint(1, undoable)
            game.undo(d.player, count)
            answers.append([d.player, f"undo {count}"])
    return {
        "options": options.to_data(),
        "rules": game.rules,  # replayed by the rules it was recorded under
        "answers": answers,
        "result": game.result(),
        "state_sha256": hashlib.sha256(game.to_bytes()).hexdigest(),
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, options in GAMES.items():
        (OUT / f"{name}.json").write_text(
            json.dumps(record(options), indent=1) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main()
