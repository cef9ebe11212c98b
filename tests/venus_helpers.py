"""Helpers for Venus Next tests: a game with the expansion, the scale moved by hand, the
production phase reached by passing."""

from __future__ import annotations

from typing import Any

from helpers import new_game, refresh
from olympus.engine import Game, Pass


def venus_game(players: int = 2, corporations: list[str] | None = None, **options: Any) -> Game:
    """A Venus Next game at seat 0's first action (see `helpers.new_game`)."""
    return new_game(players, corporations, venus=True, **options)


def set_venus(g: Game, percent: int) -> None:
    """Move the Venus scale directly (position set-up: no TR, no bonus)."""
    g.venus = percent
    refresh(g)


def pass_all(g: Game) -> None:
    """Every seat passes in turn, from the seat to act: the production phase follows."""
    while (ds := g.decisions()) and ds[0].kind == "action":
        g.apply(ds[0].player, Pass())
