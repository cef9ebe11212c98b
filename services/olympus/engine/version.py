"""Which rules a game is played by, and which of them this engine can still play.

A game is played from start to end by the rules it was dealt under: replaying its answers under
other rules would make another game (a rules fix changes what an answer does). So every change
to the rules that alters play bumps RULES_VERSION, and the engine keeps the previous behaviour
behind `plays_since(state, <the new version>)` for as long as games of the previous version
may still run; the versions it can still play are KNOWN_RULES, those a process serves
SERVED_RULES (all known, unless the deploy narrows them: `serve`). A state of a rules version (or
a save format, see migrations.py) this engine does not know is refused with `VersionNotServed`,
never played or rewritten: a service reports it as retryable, so the caller moves to a replica
that serves it (docs/upgrades.md).
"""

from __future__ import annotations

from typing import Protocol

from .errors import CorruptState

# The rules versions, and what each one changed (also in docs/upgrades.md, "Rules versions"):
#   1  the rules of every game saved before versions were recorded (a save without its version
#      is of version 1)
#   2  a card printed "add ... to ANY card" reaches every player's cards, not only the player's
#      own (ops/card_resources.py `add_targets`; docs/venus.md, "Resources onto ANY card")
FIRST_RULES_VERSION = 1
RULES_VERSION = 2  # the newest rules this code implements
# What this code plays: the current version and, after a change, the previous one until its
# last game has ended (then the old branch and its version are retired together).
KNOWN_RULES: frozenset[int] = frozenset({FIRST_RULES_VERSION, RULES_VERSION})
# What this process serves and deals new games under: all it knows and the newest, unless the
# deploy says otherwise (`serve`: a replica of a rules change deals the previous version until
# no replica of the old code is left, see docs/upgrades.md).
SERVED_RULES: frozenset[int] = KNOWN_RULES
DEAL_RULES = RULES_VERSION


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
    """The version new games are dealt under (read when called: `serve` may have set it)."""
    return DEAL_RULES


def parse_versions(text: str) -> frozenset[int]:
    """A list of rules versions as a deploy writes it: "1,2" (ValueError when malformed)."""
    try:
        versions = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ValueError(f"rules versions are numbers separated by commas, not {text!r}") from None
    if not versions:
        raise ValueError("no rules version given")
    return versions


def serve(served: frozenset[int] | None = None, deal: int | None = None) -> None:
    """Set what this process serves (default all it knows) and deals new games under (default
    the newest it serves); ValueError for a version this code does not implement."""
    global SERVED_RULES, DEAL_RULES
    chosen = KNOWN_RULES if served is None else frozenset(served)
    unknown = chosen - KNOWN_RULES
    if unknown or not chosen:
        known = ", ".join(str(v) for v in sorted(KNOWN_RULES))
        raise ValueError(f"this code plays rules versions {known}, not {sorted(unknown)}")
    dealt = max(chosen) if deal is None else deal
    if dealt not in chosen:
        raise ValueError(f"new games cannot be dealt under rules {dealt}, which is not served")
    SERVED_RULES, DEAL_RULES = chosen, dealt


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
