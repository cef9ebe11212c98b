"""`olympus cards ...`: browse the card catalogue from a shell, no server needed.

    olympus cards list --module base --tag space --type event --json   # JSON Lines
    olympus cards list --search "plant prod" --max-cost 10
    olympus cards show 009
    olympus cards show "Mars University" --json

Bad filter values print the catalogue's own message on stderr and exit with status 2 (the
status argparse uses for usage errors); an unknown card exits with status 1. `list --json`
prints JSON Lines: one card object per line, ready for `jq`, `grep` or `head`.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from olympus.platform.strict import whole_arg

from .convert import card_to_dict
from .query import (
    KINDS,
    MODULES,
    REQUIREMENT_KINDS,
    TAGS,
    TYPES,
    CardNotFound,
    CardQuery,
    Catalogue,
    InvalidQuery,
)

USAGE_ERROR = 2
NOT_FOUND = 1

# (heading, how to show a card's dict in that column) for the readable table.
_COLUMNS: tuple[tuple[str, Callable[[dict[str, Any]], str]], ...] = (
    ("number", lambda c: c["number"]),
    ("name", lambda c: c["name"]),
    ("module", lambda c: c["module"]),
    ("type", lambda c: c["type"]),
    ("cost", lambda c: "" if c["cost"] is None else str(c["cost"])),
    ("tags", lambda c: ",".join(c["tags"])),
    ("requirements", lambda c: " & ".join(r["text"] for r in c["requirements"])),
    ("vp", lambda c: "" if c["vp"] is None else c["vp"]["text"]),
)


def _table(cards: Sequence[dict[str, Any]]) -> str:
    rows = [[show(c) for _, show in _COLUMNS] for c in cards]
    headings = [heading for heading, _ in _COLUMNS]
    widths = [max(len(cell) for cell in column) for column in zip(headings, *rows, strict=False)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in [headings, *rows]
    ]
    lines.append(f"{len(rows)} card{'s' if len(rows) != 1 else ''}")
    return "\n".join(lines)


def _details(card: dict[str, Any]) -> str:
    facts = {
        "number": card["number"],
        "name": card["name"],
        "module": card["module"],
        "kind": card["kind"],
        "type": card["type"],
        "cost": card["cost"],
        "starting M€": card["starting_megacredits"],
        "tags": ", ".join(card["tags"]) or None,
        "requirements": " & ".join(r["text"] for r in card["requirements"]) or None,
        "victory points": card["vp"]["text"] if card["vp"] else None,
        "holds": card["resource"],
        "action": " | ".join(card["action_labels"]) or None,
        "summary": card["summary"] or None,
    }
    width = max(len(label) for label in facts)
    return "\n".join(
        f"{label:>{width}}: {value}" for label, value in facts.items() if value is not None
    )


def _fail(message: str, status: int) -> int:
    print(f"olympus cards: {message}", file=sys.stderr)
    return status


def _list(args: argparse.Namespace) -> int:
    try:
        query = CardQuery.parse(
            module=args.module,
            kind=args.kind,
            type=args.type,
            tag=args.tag,
            min_cost=args.min_cost,
            max_cost=args.max_cost,
            requirement_kind=args.requirement,
            search=args.search,
        )
    except InvalidQuery as exc:
        return _fail(str(exc), USAGE_ERROR)
    cards = [card_to_dict(c) for c in Catalogue.from_engine().select(query)]
    if args.json:
        for card in cards:
            print(json.dumps(card, ensure_ascii=False))
    else:
        print(_table(cards))
    return 0


def _show(args: argparse.Namespace) -> int:
    try:
        card = card_to_dict(Catalogue.from_engine().find(args.card))
    except InvalidQuery as exc:
        return _fail(str(exc), USAGE_ERROR)
    except CardNotFound as exc:
        return _fail(str(exc), NOT_FOUND)
    print(json.dumps(card, ensure_ascii=False, indent=2) if args.json else _details(card))
    return 0


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cards = subparsers.add_parser("cards", help="browse the card catalogue")
    sub = cards.add_subparsers(dest="cards_command", required=True)

    lister = sub.add_parser("list", help="cards matching every given filter, in number order")
    lister.add_argument("--module", help=f"one of {', '.join(MODULES)}")
    lister.add_argument("--kind", help=f"one of {', '.join(KINDS)}")
    lister.add_argument("--type", help=f"one of {', '.join(TYPES)}")
    lister.add_argument("--tag", help=f"one of {', '.join(TAGS)}")
    lister.add_argument(
        "--requirement",
        metavar="KIND",
        help=f"has a requirement of this kind: {', '.join(REQUIREMENT_KINDS)}",
    )
    lister.add_argument("--min-cost", type=whole_arg(), metavar="N", help="cost at least N M€")
    lister.add_argument("--max-cost", type=whole_arg(), metavar="N", help="cost at most N M€")
    lister.add_argument(
        "--search", metavar="TEXT", help="words that must all appear in the name or summary"
    )
    lister.add_argument(
        "--json", action="store_true", help="print one JSON object per card, one per line"
    )
    lister.set_defaults(handler=_list)

    shower = sub.add_parser("show", help="one card by number (009, R08) or name")
    shower.add_argument("card", metavar="NUMBER_OR_NAME")
    shower.add_argument("--json", action="store_true", help="print the card as one JSON object")
    shower.set_defaults(handler=_show)
