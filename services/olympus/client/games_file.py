"""The local games file: the seat and host tokens `olympus game create` keeps, so that later
commands need only the game id and `--seat N` (or `--host`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

GAMES_FILE_ENV = "OLYMPUS_GAMES_FILE"


def games_file() -> Path:
    return Path(os.environ.get(GAMES_FILE_ENV) or Path.home() / ".olympus" / "games.json")


def load_games() -> dict[str, Any]:
    path = games_file()
    if not path.exists():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def save_game(game_id: str, entry: dict[str, Any]) -> Path:
    path = games_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    games = load_games()
    games[game_id] = entry
    # The file holds secrets: readable by its owner only, from its first byte on.
    fd = os.open(path.with_suffix(".tmp"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(games, f, indent=2)
    os.replace(path.with_suffix(".tmp"), path)
    return path
