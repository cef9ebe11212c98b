"""Mars drawn in a terminal: the board's hexagons row by row as the map lays them out, each with
its space id and what is on it.

A cell reads `21 C0`: space 21, a city of seat 0. An empty space shows its placement bonus
instead (`2p` two plants, `st` a steel and a titanium), after a `~` when oceans go there. The
rows are offset by half a cell, as the hexagons are (the board's `x` drawing coordinate), and
each starts with its row number, so that "row 3, col 4" in a decision can be found by eye.

Colours (seat colours for tiles, blue for water) only when the output is a terminal and
NO_COLOR is not set (https://no-color.org): a file or a pipe gets plain text.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Mapping
from typing import Any, TextIO

from olympus.api.cards import card_name

HALF = 4  # characters per half hexagon: a cell is 2 * HALF - 1 wide, and one apart

TILE_LETTERS: Mapping[str, str] = {
    "city": "C",
    "greenery": "G",
    "ocean": "O",
    "special": "S",
    "claim": "#",
}
BONUS_LETTERS: Mapping[str, str] = {
    "steel": "s",
    "titanium": "t",
    "plant": "p",
    "card": "c",
    "heat": "h",
    "ocean": "o",
    "temperature": "T",
    "microbe": "m",
    "animal": "a",
}
LEGEND = (
    "C city, G greenery, O ocean, S special tile, # claimed; the digit after it: the owner's "
    "seat (n neutral). Empty spaces: ~ ocean space; bonus s steel, t titanium, p plant, "
    "c card, h heat, o ocean, T temperature, m microbe, a animal (2p: two plants); * named, "
    "reserved or paid for (game board says how)."
)

_SEAT_COLOURS = ("31", "32", "34", "33", "35")  # red, green, blue, yellow, magenta
_WATER = "36"
_DIM = "2"


def wants_colour(stream: TextIO) -> bool:
    """Escape codes only for a terminal, and never when NO_COLOR is set (to anything)."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _paint(text: str, code: str | None, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour and code else text


def _owner(owner: int | str | None) -> str:
    if owner is None:
        return ""
    return "n" if owner == "neutral" else str(owner)


def _seat_colour(owner: int | str | None) -> str | None:
    return _SEAT_COLOURS[owner % len(_SEAT_COLOURS)] if isinstance(owner, int) else None


def bonus_code(bonuses: list[str]) -> str:
    """`['plant', 'plant']` as "2p", `['steel', 'titanium']` as "st"."""
    counts: dict[str, int] = {}
    for b in bonuses:
        letter = BONUS_LETTERS.get(b, "?")
        counts[letter] = counts.get(letter, 0) + 1
    return "".join(letter if n == 1 else f"{n}{letter}" for letter, n in counts.items())


def _cell(space: dict[str, Any], tile: dict[str, Any] | None, claim: Any, colour: bool) -> str:
    width = 2 * HALF - 1
    head = f"{space['id']:02d} "
    if tile is not None:
        code = TILE_LETTERS.get(tile["tile"], "?") + _owner(tile["owner"])
        paint = _WATER if tile["tile"] == "ocean" else _seat_colour(tile["owner"])
        return head + _paint(code, paint, colour) + " " * (width - len(head) - len(code))
    if claim is not None:
        code = "#" + _owner(claim)
        return head + _paint(code, _seat_colour(claim), colour) + " " * (width - len(head) - 2)
    code = ("~" if space["type"] == "ocean" else "") + bonus_code(space["bonuses"])
    if space["name"] or space["reserved_for_card"] or space["placement_fee"]:
        code += "*"
    code = (code or ".")[: width - len(head)]
    paint = _WATER if space["type"] == "ocean" else _DIM
    return _paint(head + code, paint, colour) + " " * (width - len(head) - len(code))


def spaces_by_row(
    board: Mapping[str, Any],
) -> tuple[dict[int, list[dict[str, Any]]], list[dict[str, Any]]]:
    """A described board's spaces on Mars by hexagon row (in the order given), and those off
    Mars (no location)."""
    rows: dict[int, list[dict[str, Any]]] = {}
    off_mars = []
    for space in board["spaces"]:
        if space["location"] is None:
            off_mars.append(space)
        else:
            rows.setdefault(space["location"]["row"], []).append(space)
    return rows, off_mars


def map_lines(board: dict[str, Any], view: dict[str, Any] | None, colour: bool) -> list[str]:
    """The spaces on Mars as hexagon rows, with the view's tiles and claims on them (none when
    `view` is None), then the off-Mars spaces and the special tiles' cards."""
    tiles = {t["space"]: t for t in (view or {}).get("board", [])}
    claims = {c["space"]: c["owner"] for c in (view or {}).get("claims", [])}
    rows, off_mars = spaces_by_row(board)
    lines = []
    for row, spaces in sorted(rows.items()):
        line = f"r{row} "
        for space in sorted(spaces, key=lambda s: s["location"]["x"]):
            column = 4 + space["location"]["x"] * HALF
            line += " " * max(1, column - _visible_len(line))
            line += _cell(space, tiles.get(space["id"]), claims.get(space["id"]), colour)
        lines.append(line.rstrip())
    placed_off = [
        _cell(s, tiles[s["id"]], None, colour).rstrip() + f" ({s['name']})"
        for s in off_mars
        if s["id"] in tiles
    ]
    if placed_off:
        lines.append("off Mars: " + ", ".join(placed_off))
    specials = [
        f"{t['space']:02d} {card_name(t['card']) or t['card']} (seat {_owner(t['owner'])})"
        for t in tiles.values()
        if t.get("card")
    ]
    if specials:
        lines.append("tiles of cards: " + ", ".join(sorted(specials)))
    lines.extend(textwrap.wrap(f"key: {LEGEND}", width=96, subsequent_indent="     "))
    return lines


def _visible_len(text: str) -> int:
    """The width on screen: escape codes take none."""
    width, escaped = 0, False
    for ch in text:
        if ch == "\x1b":
            escaped = True
        elif escaped:
            escaped = ch != "m"
        else:
            width += 1
    return width


def space_position(space: dict[str, Any]) -> str:
    """Where a space is, in the board's own coordinates: "row 3, col 4" (both from 0, the
    top row and each row's left end), or "off Mars"."""
    loc = space["location"]
    return "off Mars" if loc is None else f"row {loc['row']}, col {loc['position']}"
