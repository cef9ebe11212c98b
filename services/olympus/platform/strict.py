"""Caller input read exactly in its documented ASCII form, for every edge that reads text.

Python's own readers are generous: `int()` and `float()` take surrounding blanks, a sign, `_`
between digits and other scripts' digits (`int("٤٥") == 45`); the `re` module's `\\d` matches
those digits too, and `$` matches before a final newline. A number, key or identifier typed or
sent to Olympus is refused unless it is exactly the plain ASCII form, so two spellings never
name the same thing and nothing surprising reaches a log, a key or a terminal.

Display names (free text shown to other people) are checked differently: any script is fine,
but control characters and the invisible characters that reorder text on screen (bidirectional
overrides and isolates, direction marks) are refused, since they let one name pass for another
or garble what is printed after it.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Callable

_WHOLE = re.compile(r"[0-9]{1,18}")
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")

# U+202A..U+202E embeddings and overrides, U+2066..U+2069 isolates, U+200E/U+200F marks,
# U+061C the Arabic letter mark.
BIDI_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)
# Cc: C0/C1 controls (tab, newline, escape...); Zl/Zp: line and paragraph separators.
_CONTROL_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def whole_number(text: str, *, minimum: int = 0, maximum: int | None = None) -> int:
    """A non-negative whole number in ASCII digits; ValueError for anything else."""
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        raise ValueError(f"expected a whole number in ASCII digits, got {_shown(text)}")
    value = int(text)
    if value < minimum or (maximum is not None and value > maximum):
        upper = "" if maximum is None else f" to {maximum}"
        raise ValueError(f"expected a number from {minimum}{upper}, got {value}")
    return value


def decimal_number(text: str) -> float:
    """A non-negative decimal (`10`, `2.5`) in ASCII digits; ValueError for anything else."""
    if not isinstance(text, str) or not _DECIMAL.fullmatch(text):
        raise ValueError(f"expected a number like 10 or 2.5, got {_shown(text)}")
    return float(text)


def whole_arg(minimum: int = 0, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse `type=` for `whole_number` (argparse reports a bad value as a usage error)."""

    def convert(text: str) -> int:
        try:
            return whole_number(text, minimum=minimum, maximum=maximum)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = "number"  # what argparse names in "invalid number value"
    return convert


def decimal_arg(text: str) -> float:
    try:
        return decimal_number(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def display_name_problem(name: str, what: str = "a name") -> str | None:
    """Why a display name (or other text shown to others: `what`) cannot be shown, or None
    when it can."""
    for char in name:
        if char in BIDI_CONTROLS:
            return f"{what} may not contain the text-direction control U+{ord(char):04X}"
        if unicodedata.category(char) in _CONTROL_CATEGORIES:
            return f"{what} may not contain the control character U+{ord(char):04X}"
    return None


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:23] + "…"
