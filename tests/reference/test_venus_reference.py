"""The Venus Next facts (tests/reference/cards.tsv module `venus`, tests/reference/venus.tsv).

Venus Next is gathered, not played: the engine's catalogue has none of its cards yet, so
tests/cards/test_catalogue_reference.py leaves the module out of its card-by-card comparison.
What can be checked before the engine plays it is the table's own consistency: 49 projects
numbered 213-261 with no gap (201-212 are taken by the base game, the Corporate Era and the
promos), the 5 corporations, costs, tags, requirements in the compact grammar, VP forms, and
the Venus scale. Each check returns its problems as text, so a broken table can be fed to it
below to show the check fails.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from olympus.engine.cards.dsl import req
from olympus.engine.constants import TAGS

HERE = Path(__file__).resolve().parent
CARDS = HERE / "cards.tsv"
VENUS = HERE / "venus.tsv"

PROJECT_NUMBERS = [str(n) for n in range(213, 262)]
CORPORATIONS = {
    "R01": "Aphrodite",
    "R05": "Celestic",
    "R06": "Morning Star Inc.",
    "R12": "Viron",
    "R23": "Manutech",
}
# The engine's tags, less `event` (implied by the card type here), plus the one Venus adds.
KNOWN_TAGS = {t for t in TAGS if t != "event"} | {"venus"}
TYPES = {"automated", "active", "event"}

# The compact requirement grammar of the README, extended for Venus (`venus>=8`, `venus<=14`,
# even values 0-30) and for Terraforming Contract's own-TR requirement (`tr>=25`).
_TAG = "|".join(sorted(KNOWN_TAGS))
_RESOURCE = "megacredits|steel|titanium|plants|energy|heat"
REQUIREMENT = re.compile(
    rf"(?:temperature|oxygen|oceans|venus|tr)(?:>=|<=)-?\d+"
    rf"|tag:(?:{_TAG})>=\d+"
    rf"|production:(?:{_RESOURCE})>=\d+"
    rf"|(?:greeneries|cities|colonies|floaters)(?:>=|<=)\d+"
    rf"|cities\(any player\)>=\d+"
)
_NOUN = "animals?|microbes?|floaters?|camps?|fighters?|science resources?|asteroids?"
VICTORY_POINTS = re.compile(
    rf"-?\d+"
    rf"|\d+ per (?:\d+ )?(?:{_NOUN})"
    rf"|\d+ per (?:{_TAG}) tag"
    rf"|\d+ per adjacent (?:city|ocean)"
    rf"|\d+ per \d+ (?:cities|colonies) \(all players\)"
    rf"|\d+ if at least 1 (?:science|animal|microbe|floater) resource here"
)


def read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def requirement_problems(text: str) -> list[str]:
    """Why `text` is not a requirement cell of the compact grammar (empty: it is)."""
    if not text:
        return []
    problems = []
    for term in text.split(" & "):
        if not REQUIREMENT.fullmatch(term):
            problems.append(f"requirement term {term!r} is not in the compact grammar")
        elif term.startswith("venus"):
            value = int(term[7:])
            if value % 2 or not 0 <= value <= 30:
                problems.append(f"{term!r}: Venus moves in 2% steps from 0 to 30")
    if not problems:
        # The engine's reader must give the same text back: a term it would misread fails here.
        back = " & ".join(r.text() for r in req(text))
        if back != text:
            problems.append(f"requirement {text!r} reads back as {back!r}")
    return problems


def venus_card_problems(rows: list[dict[str, str]]) -> list[str]:
    """The `venus` module's rows: numbering, kinds, costs, tags, requirements, VP."""
    venus = [r for r in rows if r["module"] == "venus"]
    problems = []
    projects = [r for r in venus if r["kind"] == "project"]
    numbers = [r["card_number"] for r in projects]
    if sorted(numbers) != PROJECT_NUMBERS:
        missing = sorted(set(PROJECT_NUMBERS) - set(numbers))
        extra = sorted(set(numbers) - set(PROJECT_NUMBERS))
        problems.append(f"projects: {len(numbers)} rows, missing {missing}, unexpected {extra}")
    corporations = {r["card_number"]: r["name"] for r in venus if r["kind"] == "corporation"}
    if corporations != CORPORATIONS:
        problems.append(f"corporations {corporations} are not {CORPORATIONS}")
    if any(r["kind"] not in ("project", "corporation") for r in venus):
        problems.append("Venus Next has only project and corporation cards")
    every_number = [r["card_number"] for r in rows]
    clashes = sorted({n for n in every_number if every_number.count(n) > 1})
    if clashes:
        problems.append(f"card numbers used twice in the table: {clashes}")
    names = [r["name"] for r in venus]
    if len(set(names)) != len(names):
        problems.append("a Venus card name appears twice")
    for r in venus:
        problems += [f"{r['card_number']} {r['name']}: {p}" for p in _row_problems(r)]
    return problems


def _row_problems(r: dict[str, str]) -> list[str]:
    problems = []
    if r["kind"] == "project":
        if not (r["cost"].isdigit() and int(r["cost"]) <= 60):
            problems.append(f"cost {r['cost']!r} is not a whole number of M€")
        if r["type"] not in TYPES:
            problems.append(f"type {r['type']!r}")
        if r["starting_megacredits"]:
            problems.append("a project has no starting M€")
    else:
        if r["cost"] or r["type"] != "corporation":
            problems.append("a corporation has no cost and the type `corporation`")
        if not r["starting_megacredits"].isdigit():
            problems.append(f"starting M€ {r['starting_megacredits']!r}")
    tags = [t for t in r["tags"].split(",") if t]
    if r["tags"] and len(tags) != r["tags"].count(",") + 1:
        problems.append(f"tags {r['tags']!r} have an empty entry")
    problems += [f"unknown tag {t!r}" for t in tags if t not in KNOWN_TAGS]
    problems += requirement_problems(r["requirements"])
    if r["victory_points"] and not VICTORY_POINTS.fullmatch(r["victory_points"]):
        problems.append(f"VP {r['victory_points']!r} is not a known form")
    if not r["summary"].strip() or "\t" in r["summary"]:
        problems.append("summary missing")
    return problems


def scale_problems(rows: list[dict[str, str]]) -> list[str]:
    """venus.tsv: the scale 0-30% in 2% steps, a card at 8%, a TR at 16%, the rest consistent."""
    problems = []
    scale = [r for r in rows if r["kind"] == "scale"]
    if [(int(r["name"]), int(r["value"])) for r in scale] != [(i, 2 * i) for i in range(16)]:
        problems.append("the scale is not steps 0-15 at 0%, 2%, ... 30%")
    bonuses = {r["value"]: r["effect"] for r in scale if r["effect"]}
    if bonuses != {"8": "draw:1", "16": "tr:1"}:
        problems.append(f"scale bonuses {bonuses} are not a card at 8% and a TR at 16%")
    by_kind = {(r["kind"], r["name"]): r for r in rows}
    hoverlord = by_kind.get(("milestone", "Hoverlord"))
    if hoverlord is None or hoverlord["value"] != "floaters>=7":
        problems.append("Hoverlord is 7 floaters on your cards")
    else:
        problems += requirement_problems(hoverlord["value"])
    venuphile = by_kind.get(("award", "Venuphile"))
    if venuphile is None or venuphile["value"] != "tag:venus":
        problems.append("Venuphile counts Venus tags")
    air = by_kind.get(("standard_project", "Air Scrapping"))
    if air is None or (air["value"], air["effect"]) != ("15", "venus:1"):
        problems.append("Air Scrapping is 15 M€ for a Venus step")
    solo = by_kind.get(("solo", "win condition"))
    if solo is None or "venus" not in solo["value"].split(","):
        problems.append("with Venus Next the solo win needs Venus too")
    return problems


def reserved_space_problems(cards: list[dict[str, str]], venus: list[dict[str, str]]) -> list[str]:
    """Each Venus card that puts a city on a reserved space has that space in venus.tsv."""
    on_reserved = {
        r["name"] for r in cards if r["module"] == "venus" and "reserved space" in r["summary"]
    }
    spaces = {r["name"] for r in venus if r["kind"] == "space"}
    ids = [r["value"] for r in venus if r["kind"] == "space"]
    problems = []
    if on_reserved != spaces:
        problems.append(f"reserved-space cards {sorted(on_reserved)} vs spaces {sorted(spaces)}")
    if len(set(ids)) != len(ids) or not all(i.isdigit() for i in ids):
        problems.append(f"space ids {ids} are not distinct numbers")
    return problems


# --- the real tables --------------------------------------------------------------------------


def test_the_venus_rows_are_complete_and_well_formed() -> None:
    assert venus_card_problems(read(CARDS)) == []


def test_every_requirement_in_the_whole_table_is_in_the_compact_grammar() -> None:
    # The grammar is the README's plus the Venus extension; the older modules must still fit.
    problems = [
        f"{r['module']} {r['card_number']}: {p}"
        for r in read(CARDS)
        for p in requirement_problems(r["requirements"])
    ]
    assert problems == []


def test_every_vp_cell_in_the_whole_table_has_a_known_form() -> None:
    bad = [
        r["victory_points"]
        for r in read(CARDS)
        if r["victory_points"] and not VICTORY_POINTS.fullmatch(r["victory_points"])
    ]
    assert bad == []


def test_the_venus_scale_table_is_consistent() -> None:
    assert scale_problems(read(VENUS)) == []


def test_the_cities_on_reserved_spaces_match_the_venus_spaces() -> None:
    assert reserved_space_problems(read(CARDS), read(VENUS)) == []


# --- the checks fail on broken tables ---------------------------------------------------------


Rows = list[dict[str, str]]
Edit = Callable[[Rows], Rows]


def _table_copy() -> Rows:
    return [dict(r) for r in read(CARDS)]


def _edit(rows: list[dict[str, str]], number: str, **changes: str) -> list[dict[str, str]]:
    for r in rows:
        if r["module"] == "venus" and r["card_number"] == number:
            r.update(changes)
    return rows


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda rows: [r for r in rows if r["card_number"] != "230"], "missing ['230']"),
        (lambda rows: _edit(rows, "233", card_number="201"), "card numbers used twice"),
        (lambda rows: _edit(rows, "233", requirements="venus>=9"), "2% steps"),
        (lambda rows: _edit(rows, "233", requirements="venus>8"), "not in the compact grammar"),
        (lambda rows: _edit(rows, "252", requirements="tr>=25 &tag:earth>=1"), "compact grammar"),
        (lambda rows: _edit(rows, "229", cost="27 M€"), "cost"),
        (lambda rows: _edit(rows, "229", tags="space,,venus"), "empty entry"),
        (lambda rows: _edit(rows, "229", tags="space,venusian"), "unknown tag"),
        (lambda rows: _edit(rows, "224", victory_points="1 per 3rd microbe"), "VP"),
        (lambda rows: _edit(rows, "R12", name="Viron Inc."), "corporations"),
    ],
)
def test_the_card_check_reports_a_broken_table(change: Edit, expected: str) -> None:
    problems = venus_card_problems(change(_table_copy()))
    assert any(expected in p for p in problems), problems


def test_the_scale_check_reports_a_moved_bonus_and_a_gap() -> None:
    rows = read(VENUS)
    moved = [dict(r, effect="") if r["value"] == "8" else r for r in rows]
    moved = [dict(r, effect="draw:1") if r["value"] == "10" else r for r in moved]
    assert any("bonuses" in p for p in scale_problems(moved))
    gap = [r for r in rows if not (r["kind"] == "scale" and r["value"] == "20")]
    assert any("steps 0-15" in p for p in scale_problems(gap))
