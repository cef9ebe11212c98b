"""Aligned text tables for the terminal: `olympus game list`, `olympus arena`, `olympus ladder`.

One helper lays out every table (a header row, then rows, each column as wide as its widest
cell, numbers on the right), so that the commands read alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:.0f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(_cell(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items()) or "-"
    return str(value)


_NUMBER = re.compile(r"[-+]?\d+(\.\d+)?%?")


def _numeric(value: Any) -> bool:
    """A number, a number already written out ("0.50", "12%"), or nothing (shown "-")."""
    if value is None:
        return True
    if isinstance(value, str):
        return bool(_NUMBER.fullmatch(value))
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def aligned(headers: Sequence[str], rows: Sequence[Sequence[Any]], indent: str = "") -> list[str]:
    """The table's lines: numbers right-aligned, everything else left; None shows as "-",
    lists and dicts as comma-separated text."""
    texts = [[_cell(v) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in texts:
        for i, text in enumerate(row):
            widths[i] = max(widths[i], len(text))
    right = [
        any(row[i] is not None for row in rows) and all(_numeric(row[i]) for row in rows)
        for i in range(len(headers))
    ]

    def line(cells: Sequence[str]) -> str:
        return (
            indent
            + "  ".join(
                c.rjust(w) if r else c.ljust(w)
                for c, w, r in zip(cells, widths, right, strict=True)
            ).rstrip()
        )

    return [line(headers), *(line(row) for row in texts)]


def seat_kinds(seats: list[dict[str, Any]]) -> str:
    """`human, bot:greedy`: who plays each seat, in seat order."""
    return " ".join(f"bot:{s['bot'] or 'random'}" if s["kind"] == "bot" else "human" for s in seats)


def games_table(games: list[dict[str, Any]]) -> list[str]:
    """`olympus game list`: one game a row; SEATS says who plays each seat, in seat order."""
    if not games:
        return ["no games"]
    rows = [
        [
            g["game_id"],
            g["status"],
            seat_kinds(g["seats"]),
            g["version"],
            g["generation"],
            g["phase"],
            " ".join(f"seat {s}" for s in g["waiting_for"]) or "-",
        ]
        for g in games
    ]
    headers = ["GAME", "STATUS", "SEATS (who plays each)", "VERSION", "GEN", "PHASE", "WAITING"]
    return aligned(headers, rows)


def seat_names(view: dict[str, Any]) -> dict[int, str]:
    """The seats that have a name (an account's), for the log's sentences."""
    return {s["seat"]: s["name"] for s in view["settings"]["seats"] if s.get("name")}
