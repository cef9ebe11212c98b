"""The one card catalogue, read by the engine and by the catalogue service.

Card blocks (`corporations.py`, `base_*.py`, `corpera_*.py`) each export `CARDS`, a list of
`CardDef`. This module gathers them once and offers lookups by id, number and name.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache

from .dsl import req as parse_req
from .model import (
    AUTOMATED,
    CardAction,
    CardDef,
    Instr,
    Requirement,
    Trigger,
    VictoryPoints,
    card_id,
)

# Modules of card definitions, in a fixed order (the deck is built in catalogue order).
BLOCKS = (
    "corporations",
    "base_a",
    "base_b",
    "base_c",
    "base_d",
    "corpera_a",
    "corpera_b",
    "prelude_cards",
    "prelude_projects",
    "colonies_a",
    "colonies_b",
    "colonies_corps",
    "venus_corps",
    "venus_a",
    "venus_b",
)

MODULES = ("base", "corpera", "prelude", "colonies", "venus")


def card(
    number: str,
    name: str,
    cost: int | None,
    type: str = AUTOMATED,
    tags: str = "",
    *,
    module: str,
    kind: str = "project",
    requires: str = "",
    vp: VictoryPoints | None = None,
    starting_mc: int | None = None,
    summary: str = "",
    play: Iterable[Instr] = (),
    first_action: Iterable[Instr] = (),
    actions: Iterable[CardAction] = (),
    triggers: Iterable[Trigger] = (),
    resource: str | None = None,
    requirements: tuple[Requirement, ...] | None = None,
    **passive: object,
) -> CardDef:
    """Build a CardDef from the compact arguments card blocks use."""
    return CardDef(
        id=card_id(number),
        number=number,
        name=name,
        module=module,
        kind=kind,
        type=type,
        cost=cost,
        tags=tuple(t for t in tags.split(",") if t),
        requirements=requirements if requirements is not None else parse_req(requires),
        vp=vp,
        starting_mc=starting_mc,
        summary=summary,
        play=tuple(play),
        first_action=tuple(first_action),
        actions=tuple(actions),
        triggers=tuple(triggers),
        resource=resource,
        **passive,  # type: ignore[arg-type]
    )


@cache
def _all() -> dict[int, CardDef]:
    found: dict[int, CardDef] = {}
    for block in BLOCKS:
        try:
            mod = importlib.import_module(f"{__package__}.{block}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__package__}.{block}":
                continue  # a block not written yet
            raise
        for c in mod.CARDS:
            if c.id in found:
                raise ValueError(f"card {c.number} defined twice")
            found[c.id] = c
    return found


def all_cards() -> dict[int, CardDef]:
    """Every card by id."""
    return _all()


CARDS: dict[int, CardDef] = {}


def _ensure() -> dict[int, CardDef]:
    if not CARDS:
        CARDS.update(_all())
    return CARDS


def get(cid: int) -> CardDef:
    # The engine's hottest lookup (about a million calls in 30 games): a plain dict read once
    # the catalogue is built, which the first call does.
    try:
        return CARDS[cid]
    except KeyError:
        return _ensure()[cid]


@cache
def by_number() -> dict[str, CardDef]:
    return {c.number: c for c in _ensure().values()}


@cache
def by_name() -> dict[str, CardDef]:
    return {c.name.lower(): c for c in _ensure().values()}


def find(key: str) -> CardDef | None:
    """A card by printed number (`009`, `R08`, `C07`) or by name (case-insensitive)."""
    return by_number().get(key) or by_name().get(key.strip().lower())


def _modules(corporate_era: bool, prelude: bool, colonies: bool, venus: bool) -> set[str]:
    """The card modules a game with these options deals from."""
    modules = {"base", "corpera"} if corporate_era else {"base"}
    if prelude:
        modules.add("prelude")
    if colonies:
        modules.add("colonies")
    if venus:
        modules.add("venus")
    return modules


@cache
def project_deck(
    corporate_era: bool, prelude: bool = False, colonies: bool = False, venus: bool = False
) -> tuple[int, ...]:
    modules = _modules(corporate_era, prelude, colonies, venus)
    return tuple(c.id for c in _ensure().values() if c.kind == "project" and c.module in modules)


@cache
def corporation_pool(
    corporate_era: bool, prelude: bool = False, colonies: bool = False, venus: bool = False
) -> tuple[int, ...]:
    """Corporations dealt at setup (the Beginner corporation is chosen by option, not dealt)."""
    modules = _modules(corporate_era, prelude, colonies, venus)
    return tuple(
        c.id
        for c in _ensure().values()
        if c.kind == "corporation" and c.module in modules and c.number != BEGINNER_NUMBER
    )


@cache
def prelude_pool() -> tuple[int, ...]:
    """The prelude cards (kind "prelude"), in catalogue order."""
    return tuple(c.id for c in _ensure().values() if c.kind == "prelude")


BEGINNER_NUMBER = "R00"
BEGINNER_ID = card_id(BEGINNER_NUMBER)
