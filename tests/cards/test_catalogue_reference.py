"""The card catalogue against the reference table (tests/reference/cards.tsv), card by card.

The base game, the Corporate Era, the Prelude, the Colonies and the Venus Next expansions are
compared: the modules the engine plays (Venus Next's rows are also checked for their own
consistency in tests/reference/test_venus_reference.py). The module test at the end makes sure
a module of the table is never silently in neither list.
Each card present in the catalogue gets its own test; a card not written yet is reported by
the completeness test at the end rather than by a failure per field.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from olympus.engine.cards.catalogue import all_cards, by_number

TABLE = Path(__file__).resolve().parent.parent / "reference" / "cards.tsv"
MODULES = ("base", "corpera", "prelude", "colonies", "venus")
# In the table, not in the engine yet: move a module to MODULES when its cards are written.
GATHERED_NOT_PLAYED: tuple[str, ...] = ()


def _all_rows() -> list[dict[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def _reference_rows() -> list[dict[str, str]]:
    rows = _all_rows()
    return [
        r
        for r in rows
        if r["module"] in MODULES and r["kind"] in ("project", "corporation", "prelude")
    ]


REFERENCE = _reference_rows()
PRESENT = [r for r in REFERENCE if r["card_number"] in by_number()]


def _number_or_none(text: str) -> int | None:
    return int(text) if text else None


@pytest.mark.parametrize("row", PRESENT, ids=lambda r: f"{r['card_number']} {r['name']}")
def test_catalogue_card_matches_the_reference_table(row: dict[str, str]) -> None:
    card = by_number()[row["card_number"]]
    assert (card.name, card.module, card.kind) == (row["name"], row["module"], row["kind"])
    assert card.cost == _number_or_none(row["cost"])
    assert card.type == row["type"]
    assert list(card.tags) == [t for t in row["tags"].split(",") if t]
    assert " & ".join(r.text() for r in card.requirements) == row["requirements"]
    assert (card.vp.text() if card.vp is not None else "") == row["victory_points"]
    assert card.starting_mc == _number_or_none(row["starting_megacredits"])


def test_the_reference_table_holds_313_projects_28_corporations_and_35_preludes() -> None:
    kinds = [r["kind"] for r in REFERENCE]
    counts = (kinds.count("project"), kinds.count("corporation"), kinds.count("prelude"))
    assert counts == (208 + 7 + 49 + 49, 13 + 5 + 5 + 5, 35)  # ... + Venus Next's 49 and 5


def test_every_card_of_the_modules_played_is_in_the_catalogue() -> None:
    missing = [
        f"{r['card_number']} {r['name']}" for r in REFERENCE if r["card_number"] not in by_number()
    ]
    assert missing == [], f"{len(missing)} cards not in the catalogue yet"
    extra = sorted(
        c.number
        for c in all_cards().values()
        if c.module in MODULES and c.number not in {r["card_number"] for r in REFERENCE}
    )
    assert extra == [], "cards in the catalogue that the reference table does not know"


def test_every_module_of_the_table_is_either_compared_or_only_gathered() -> None:
    in_table = {r["module"] for r in _all_rows()}
    assert in_table == set(MODULES) | set(GATHERED_NOT_PLAYED)
    # Once the engine has a card of a gathered module, the module belongs in MODULES.
    played_early = sorted(c.number for c in all_cards().values() if c.module in GATHERED_NOT_PLAYED)
    assert played_early == [], "move the module to MODULES so its cards are compared"
