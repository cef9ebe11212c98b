"""Log entries as the sentences the web page shows: `("tile", 0, "city", 21)` is "seat 0 placed
a city on space 21".

The wording is the web page's English dictionary (web/static/i18n/en.json, its `log.<kind>`
sentences and the resource, project and tile names they fill in), read from that file when
first needed, so the terminal and the page never tell a log differently. Which arguments name a
seat is the page's table too (SEAT_ARGS in web/static/js/panels.js; a test holds the two
equal). Seats are called as the command line addresses them, "seat 0" (or by their name), where
the page says "Seat 1".
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from olympus.api.cards import card_name, is_card_number

DICTIONARY = Path(__file__).resolve().parents[1] / "web" / "static" / "i18n" / "en.json"

# The arguments that are seats, by kind: the first one unless the kind is listed here.
SEAT_ARGS: Mapping[str, tuple[int, ...]] = {
    "generation": (),
    "production": (),
    "game_over": (),
    "colony_active": (),
    "colony_tile": (),
    "aborted": (),
    "steal": (0, 1),
}

_PLACEHOLDER = re.compile(r"\{(\d)\}")


@cache
def dictionary() -> dict[str, str]:
    """The page's English words; empty when this installation has no web page files (then
    every entry reads "kind: args", as the page writes a kind it has no sentence for)."""
    try:
        words: dict[str, str] = json.loads(DICTIONARY.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return words


def seat_name(seat: int, names: Mapping[int, str] | None = None) -> str:
    name = (names or {}).get(seat)
    return name if name else f"seat {seat}"


def _arg_text(kind: str, index: int, arg: int | str, names: Mapping[int, str] | None) -> str:
    if isinstance(arg, int):
        return seat_name(arg, names) if index in SEAT_ARGS.get(kind, (0,)) else str(arg)
    if is_card_number(arg):
        return card_name(arg) or arg
    words = dictionary()
    upper = arg.upper()
    for key in (f"res.{arg}", f"project.STANDARD_PROJECT_{upper}", f"tile.TILE_TYPE_{upper}"):
        if key in words:
            return words[key]
    return arg


def log_line(entry: Sequence[int | str], names: Mapping[int, str] | None = None) -> str:
    """One entry (kind first, then its arguments, as the SDK's events hold them) in words."""
    kind, args = str(entry[0]), entry[1:]
    texts = [_arg_text(kind, i, a, names) for i, a in enumerate(args)]
    sentence = dictionary().get(f"log.{kind}")
    if sentence is None:
        return f"{kind}: {', '.join(texts)}"

    def fill(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return texts[i] if i < len(texts) else ""  # a missing argument is left empty

    return _PLACEHOLDER.sub(fill, sentence).strip()
