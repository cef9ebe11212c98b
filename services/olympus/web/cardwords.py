"""The card words catalogue: every card's name, text, action labels and "choose one" labels,
every milestone, award and colony tile, in every language the page offers (static/i18n/cards/<lang>.json).

Two of the files are generated, never edited by hand:

- en.json from the engine's own catalogue (the card names and summaries the bridge's /cards
  sends, the milestone and award titles and texts the board describes, the colony tiles'
  names and bonus texts), so the English can never drift from the rules;
- zh.json (Simplified Chinese) from the hand-written zh-Hant.json by a character and phrase
  converter (OpenCC, Taiwan -> mainland), so the two scripts say the same thing.

vi, zh-Hant and be-tarask are written by hand; `be` (official orthography) is converted by hand
from be-tarask (the same wording in the official spelling and the page's own game words;
docs/languages.md says how), and the page reads an entry missing from it in be-tarask.

    python -m olympus.web.cardwords          rewrite en.json and zh.json
    python -m olympus.web.cardwords --check  exit 1 when a committed file is not current
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from olympus.engine.cards.catalogue import by_number
from olympus.engine.colony_tiles import TILES
from olympus.engine.milestones import VENUS_AWARDS, VENUS_MILESTONES
from olympus.engine.prompts import card_options

CARDS_DIR = Path(__file__).resolve().parent / "static" / "i18n" / "cards"
SECTIONS = ("cards", "milestones", "awards", "colonies", "actions", "options")
# The fields each section's entries carry (every language carries the same ones).
FIELDS = {
    "cards": ("name", "text"),
    "milestones": ("name", "text"),
    "awards": ("name", "text"),
    "colonies": ("name", "placement", "bonus"),
    "actions": ("label",),
    "options": ("label",),
}
Words = dict[str, dict[str, dict[str, str]]]


def english() -> Words:
    """The English words, keyed by the ids the page already uses: a card's number, a milestone's
    or award's id (the board's `id`), a colony tile's name in lower case (its `data-tile`)."""
    cards = {n: {"name": c.name, "text": c.summary} for n, c in sorted(by_number().items())}
    # The Venus Next lists are every map's own plus Venus's (Hoverlord, Venuphile).
    milestones = {
        m.name: {"name": m.title, "text": m.text}
        for board in VENUS_MILESTONES.values()
        for m in board.values()
    }
    awards = {
        a.name: {"name": a.title, "text": a.text}
        for board in VENUS_AWARDS.values()
        for a in board.values()
    }
    colonies = {
        t.name.lower(): {"name": t.name, "placement": t.placement_text, "bonus": t.bonus_text}
        for t in TILES
    }
    # A card action's label, keyed "<card number>.<index>": the index the action decision
    # names it by (ActionOptions.card_actions' choices), so the page words the button.
    actions = {
        f"{n}.{i}": {"label": a.label}
        for n, c in sorted(by_number().items())
        for i, a in enumerate(c.actions)
    }
    # A card's printed "choose one" labels, keyed "<card number>.<index>" as the engine codes
    # them (prompts.card_options, the label code "label.card_option").
    options = {
        f"{n}.{i}": {"label": label}
        for n in sorted(by_number())
        for i, label in enumerate(card_options(n))
    }
    return {
        "cards": cards,
        "milestones": dict(sorted(milestones.items())),
        "awards": dict(sorted(awards.items())),
        "colonies": colonies,
        "actions": actions,
        "options": options,
    }


def simplified(traditional: Words) -> Words:
    """Traditional Chinese (Taiwan usage) turned into Simplified (mainland usage)."""
    from opencc import OpenCC  # type: ignore[import-untyped]  # dev dependency, no type hints

    convert = OpenCC("tw2sp").convert
    return {
        section: {
            key: {field: convert(text) for field, text in entry.items()}
            for key, entry in entries.items()
        }
        for section, entries in traditional.items()
    }


def load(language: str) -> Words:
    data: Words = json.loads((CARDS_DIR / f"{language}.json").read_text("utf-8"))
    return data


def render(words: Words) -> str:
    """One entry a line, so a card's change is a one-line diff."""
    lines = ["{"]
    for s, section in enumerate(SECTIONS):
        lines.append(f"  {json.dumps(section)}: {{")
        entries = list(words[section].items())
        for i, (key, entry) in enumerate(entries):
            comma = "," if i < len(entries) - 1 else ""
            lines.append(f"    {json.dumps(key)}: {json.dumps(entry, ensure_ascii=False)}{comma}")
        lines.append("  }" + ("," if s < len(SECTIONS) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def generated() -> dict[str, str]:
    """The generated files' names and their current contents."""
    return {"en.json": render(english()), "zh.json": render(simplified(load("zh-Hant")))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    stale = []
    for name, text in generated().items():
        path = CARDS_DIR / name
        if path.exists() and path.read_text("utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, "utf-8")
    if args.check and stale:
        print("stale (run python -m olympus.web.cardwords):", ", ".join(stale), file=sys.stderr)
        return 1
    for name in stale:
        print("wrote", CARDS_DIR / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
