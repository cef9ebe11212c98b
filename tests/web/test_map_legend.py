"""The map's legend can name every bonus letter the map draws: js/map.js words each space
bonus of board.proto (SpaceBonus) in one table, from which both the letters on the map and the
legend's lines come, each with a word every language has."""

from __future__ import annotations

import json
import re

from node_support import STATIC

from olympus.v1 import board_pb2


def test_every_space_bonus_has_a_letter_and_a_word_in_the_legend() -> None:
    source = (STATIC / "js/map.js").read_text("utf-8")
    table = re.search(r"const BONUS = \{(.*?)\};", source, re.S)
    assert table, "map.js has no BONUS table"
    entries = dict(
        (name, (mark, word))
        for name, mark, word in re.findall(
            r'(SPACE_BONUS_\w+): \["(.)", "([\w.]+)"\]', table.group(1)
        )
    )
    bonuses = {v.name for v in board_pb2.SpaceBonus.DESCRIPTOR.values if v.number}
    assert set(entries) == bonuses, sorted(bonuses ^ set(entries))
    marks = [mark for mark, _ in entries.values()]
    assert len(set(marks)) == len(marks), marks  # one letter, one meaning
    for language in ("en", "vi", "zh-Hant", "zh", "be-tarask", "be"):
        words = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
        assert all(word in words for _, word in entries.values()), language
