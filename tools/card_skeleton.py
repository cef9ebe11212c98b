"""Print `card(...)` skeletons for reference-table rows, as a starting point for a card block.

    python tools/card_skeleton.py base 001 002 ...      (or: --all base)

The facts (number, name, cost, type, tags, requirements, VP, summary) come from the reference
table; effects must then be written by hand. Nothing here is imported by the engine.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "tests" / "reference" / "cards.tsv"


def vp_code(text: str) -> str:
    if not text:
        return ""
    parts = text.split()
    if len(parts) == 1:
        return f"vp=vp({int(text)})"
    return f"vp=...  # {text}"


def skeleton(row: dict[str, str]) -> str:
    args = [repr(row["card_number"]), repr(row["name"]), row["cost"] or "None"]
    kw = []
    if row["type"] != "automated":
        args.append(row["type"].upper())
    if row["tags"]:
        if len(args) == 3:
            args.append("AUTOMATED")
        args.append(repr(row["tags"]))
    if row["requirements"]:
        kw.append(f"requires={row['requirements']!r}")
    if row["victory_points"]:
        kw.append(vp_code(row["victory_points"]))
    if row["starting_megacredits"]:
        kw.append(f"starting_mc={row['starting_megacredits']}")
    kw.append(f"summary={row['summary']!r}")
    kw.append("play=()")
    body = ",\n    ".join(args + kw)
    return f"card(\n    {body},\n),"


def main() -> None:
    module, *numbers = sys.argv[1:]
    rows = list(csv.DictReader(TABLE.open(encoding="utf-8"), delimiter="\t"))
    pick = [
        r
        for r in rows
        if r["module"] == module and (numbers == ["--all"] or r["card_number"] in numbers)
    ]
    pick.sort(key=lambda r: r["card_number"])
    for r in pick:
        print(skeleton(r))


if __name__ == "__main__":
    main()
