"""Log entries as the sentences the web page shows: `("tile", 0, "city", 21)` is "seat 0 placed
a city on space 21".

The wording is the web page's English dictionary (web/static/i18n/en.json, its `log.<kind>`
sentences and the resource, project and tile names they fill in), read from that file when
first needed, so the terminal and the page never tell a log differently. Which arguments name a
seat is the page's table too (SEAT_ARGS in web/static/js/panels.js; a test holds the two
equal), and so are the kinds that count (COUNTS: the argument whose number picks the plural
form, `log.<kind>.one` / `.other`), that move an amount of a resource (AMOUNTS: `{counted}`, "3
plants"), whose sentence depends on what was done (BY_WHAT) and whose argument is a signed change
(SIGNED: a TR change, "+1"). Seats are called as the command
line addresses them, "seat 0" (or by their name), where the page says "Seat 1"; seat -1 is the
World Government's (Venus Next).
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

# As panels.js: the argument that picks the plural form; a resource's argument and its amount's;
# the argument whose text picks the sentence.
COUNTS: Mapping[str, int] = {
    "research": 1,
    "draw": 1,
    "discard": 1,
    "sell": 1,
    "undo": 1,
    "fleet": 1,
    "bonus": 2,
}
AMOUNTS: Mapping[str, tuple[int, int]] = {"lose": (1, 2), "steal": (2, 3), "bonus": (1, 2)}
BY_WHAT: Mapping[str, int] = {"world_government": 1, "bonus": 1}
# As panels.js SIGNED: the argument that is a change, shown with its sign (a TR change, +1).
SIGNED: Mapping[str, int] = {"tr": 1}
WORLD_GOVERNMENT = -1  # the seat of a raise nobody made

_PLACEHOLDER = re.compile(r"\{(\d|counted)\}")


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
    if seat == WORLD_GOVERNMENT:
        return dictionary().get("log.world_government.who", "the World Government")
    name = (names or {}).get(seat)
    return name if name else f"seat {seat}"


def _arg_text(kind: str, index: int, arg: int | str, names: Mapping[int, str] | None) -> str:
    if isinstance(arg, int):
        if SIGNED.get(kind) == index:
            return signed(arg)
        return seat_name(arg, names) if index in SEAT_ARGS.get(kind, (0,)) else str(arg)
    if is_card_number(arg):
        return card_name(arg) or arg
    words = dictionary()
    upper = arg.upper()
    for key in (f"res.{arg}", f"project.STANDARD_PROJECT_{upper}", f"tile.TILE_TYPE_{upper}"):
        if key in words:
            return words[key]
    return arg


def signed(n: int) -> str:
    """A change with its sign, as the page writes it (panels.js signed): +2, −1, 0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _plural(key: str, n: int) -> str | None:
    """The English form of `key` for `n` (as Intl.PluralRules("en"): one for 1, else other)."""
    words = dictionary()
    return words.get(f"{key}.one" if n == 1 else f"{key}.other", words.get(f"{key}.other"))


def _number(args: Sequence[int | str], i: int) -> int:
    arg = args[i] if i < len(args) else 0
    return arg if isinstance(arg, int) else 0


def _counted(kind: str, args: Sequence[int | str], texts: Sequence[str]) -> str:
    """`{counted}`: an amount of a resource in its form ("1 plant", "3 plants")."""
    res_at, n_at = AMOUNTS[kind]
    res = args[res_at] if res_at < len(args) else ""
    n = _number(args, n_at)
    phrase = _plural(f"prompt.res.{res}", n)
    if phrase is None:
        return f"{n} {texts[res_at] if res_at < len(texts) else ''}".strip()
    return phrase.replace("{n}", str(n))


def log_line(entry: Sequence[int | str], names: Mapping[int, str] | None = None) -> str:
    """One entry (kind first, then its arguments, as the SDK's events hold them) in words."""
    kind, args = str(entry[0]), entry[1:]
    texts = [_arg_text(kind, i, a, names) for i, a in enumerate(args)]
    words = dictionary()
    key = f"log.{kind}"
    what = BY_WHAT.get(kind)
    if what is not None and what < len(args):
        done = f"{key}.{args[what]}"  # the sentence for what was done, plain or counted
        if done in words or f"{done}.other" in words:
            key = done
    count = COUNTS.get(kind)
    sentence: str | None
    if count is not None and f"{key}.other" in words:
        sentence = _plural(key, _number(args, count))
    else:
        sentence = words.get(key)
    if sentence is None:
        return f"{kind}: {', '.join(texts)}"
    counted = _counted(kind, args, texts) if kind in AMOUNTS else ""

    def fill(match: re.Match[str]) -> str:
        if match.group(1) == "counted":
            return counted
        i = int(match.group(1))
        return texts[i] if i < len(texts) else ""  # a missing argument is left empty

    return _PLACEHOLDER.sub(fill, sentence).strip()
