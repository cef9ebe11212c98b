"""Every card in the catalogue has at least one test that names it."""

from __future__ import annotations

from pathlib import Path

from olympus.engine.cards.catalogue import all_cards


def test_every_card_is_named_in_a_card_test() -> None:
    here = Path(__file__).parent
    text = "".join(
        p.read_text(encoding="utf-8")
        for p in here.glob("test_*.py")
        if p.name != Path(__file__).name
    )
    untested = [
        f"{c.number} {c.name}"
        for c in all_cards().values()
        if f'"{c.name}"' not in text and f'"{c.number}"' not in text and f" {c.number}" not in text
    ]
    assert untested == []
