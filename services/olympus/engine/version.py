"""Which rules a game is played by, and which of them this engine can still play.

A game is played from start to end by the rules it was dealt under: replaying its answers under
other rules would make another game (a rules fix changes what an answer does). So every change
to the rules that alters play bumps RULES_VERSION, and the engine keeps the previous behaviour
behind `plays_since(state, <the new version>)` for as long as games of the previous version
may still run; the versions it can still play are SERVED_RULES. A state of a rules version (or
a save format, see migrations.py) this engine does not know is refused with `VersionNotServed`,
never played or rewritten: a service reports it as retryable, so the caller moves to a replica
that serves it (docs/upgrades.md).
"""

from __future__ import annotations

from typing import Protocol

from .errors import CorruptState

# Version 1 is the rules of every game saved before versions were recorded (a save without its
# version is of version 1).
FIRST_RULES_VERSION = 1
RULES_VERSION = 1  # what new games are dealt under
# What this engine plays: the current version and, after a change, the previous one until its
# last game has ended (then the old branch and its version are retired together).
SERVED_RULES: frozenset[int] = frozenset({RULES_VERSION})


class VersionNotServed(CorruptState):
    """A saved game of a rules version or save format this engine does not know: written by
    newer code (or by rules retired here). Nothing was changed; another replica may serve it."""

    code = "version_not_served"

    def __init__(self, what: str, found: int, served: frozenset[int] | range) -> None:
        known = ", ".join(str(v) for v in sorted(served))
        super().__init__(
            f"this replica does not serve {what} {found} (it serves {known})",
            details={"kind": what.replace(" ", "_"), "found": str(found), "served": known},
        )
        self.found = found


class _Versioned(Protocol):
    rules: int


def current_rules() -> int:
    """The version new games are dealt under (read when called, so a test may stand in a
    synthetic next version)."""
    return RULES_VERSION


def check_rules(version: object) -> int:
    """The rules version of a saved game, if this engine plays it."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise CorruptState(f"bad rules version {version!r}")
    if version not in SERVED_RULES:
        raise VersionNotServed("rules version", version, SERVED_RULES)
    return version


def plays_since(state: _Versioned, version: int) -> bool:
    """The game is played by the rules of `version` or later: where a rules change happened,
    the new behaviour goes under `if plays_since(g, N)` and the old one stays in the else."""
    return state.rules >= version
