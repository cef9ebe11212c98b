"""Save-format migrations: a state saved in an older format is brought up to FORMAT_VERSION when
it is loaded (never rewritten in place: the next save writes the current format).

MIGRATIONS maps a format v to the function that turns a v save into a v+1 save. A change to
what `GameState.to_data` writes bumps FORMAT_VERSION and registers the step from the previous
format here, with a test that loads a save of the previous format. A save of a format above
FORMAT_VERSION was written by newer code: it is refused (`VersionNotServed`), never guessed at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import CorruptState
from .version import VersionNotServed

FORMAT_VERSION = 1  # what this engine writes (the "v" of every save)

Migration = Callable[[dict[str, Any]], dict[str, Any]]

# format v -> the step from a v save to a v+1 save (none yet: every save so far is format 1)
MIGRATIONS: dict[int, Migration] = {}


def readable_formats(current: int | None = None) -> range:
    """The formats this engine loads: the current one and each older one with a path up."""
    top = FORMAT_VERSION if current is None else current
    low = top
    while low - 1 in MIGRATIONS:
        low -= 1
    return range(low, top + 1)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a save) in the current format; the same dict when already current, else a new
    one (the caller's is left untouched)."""
    found = data.get("v")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise CorruptState(f"unsupported state format {found!r}")
    if found == FORMAT_VERSION:
        return data
    formats = readable_formats()
    if found not in formats:
        if found > FORMAT_VERSION:
            raise VersionNotServed("state format", found, formats)
        raise CorruptState(f"state format {found} is too old to load (no migration from it)")
    out = data
    for v in range(found, FORMAT_VERSION):
        out = MIGRATIONS[v](dict(out))
        if out.get("v") != v + 1:
            raise CorruptState(f"the migration from state format {v} did not make format {v + 1}")
    return out
