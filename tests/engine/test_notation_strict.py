"""The answer notation and the dict form accept exactly their documented ASCII spelling.

`int()` reads " 45", "+45", "4_5" and "٤٥" (Arabic-Indic digits) as 45, `\\d` matches every
script's digits and `$` matches before a final newline: none of those spellings may name an
answer. Each is refused as malformed, at every kind of decision, and leaves the game as it was;
the documented spellings still work.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from olympus.engine import Game, GameOptions, MalformedAction, parse
from olympus.engine.actions import (
    MAX_TEXT,
    ChooseAmount,
    ChooseCards,
    ChooseOption,
    ChoosePlayer,
    ChooseSpace,
    Pass,
    Payment,
    PlayCard,
    UseAction,
    from_dict,
)
from olympus.engine.cards.model import card_id
from olympus.engine.constants import NEUTRAL

KINDS = ("setup", "action", "cards", "space", "player", "option", "amount", "final_greenery")
ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest.fixture(scope="module")
def at_kind() -> dict[str, Game]:
    """A game waiting on each kind of decision (random play until every kind was met)."""
    found: dict[str, Game] = {}
    for seed in range(200):
        game = Game.new(GameOptions(players=2 + seed % 3, seed=seed, draft=seed % 2 == 1))
        rnd = random.Random(seed)
        while not game.is_over and len(found) < len(KINDS):
            decision = game.decisions()[0]
            found.setdefault(decision.kind, game.clone())
            game.apply(decision.player, decision.sample(rnd))
        if len(found) == len(KINDS):
            return found
    raise AssertionError(f"random play never met {set(KINDS) - set(found)}")


REFUSED_TEXT = [
    # around and between the words
    "pass\n",
    "pass\r\n",
    " pass",
    "pass ",
    "\tpass",
    "pass\x00",
    "PASS",
    "Pass",
    "ｐａｓｓ",
    "space  45",
    "space\t45",
    "space\n45",
    "space\u00a045",
    "",
    " ",
    "\n",
    # numbers
    "space ٤٥",
    "space ４５",
    "space ⁴⁵",
    "space 4_5",
    "space +45",
    "space -1",
    "space 45\n",
    "space 0x2d",
    "space 4.5",
    "space 4e1",
    "space 10001",
    "space 99999999999999999999999",
    "amount ٣",
    "amount -0",
    "option ٠",
    "player ١",
    "player +1",
    "action 034 #٣",
    "action 034 #+1",
    "action 034 #",
    # card numbers
    "play 9",
    "play r08",
    "play ٠٠٩",
    "play 00٩",
    "play 0009",
    "play 009\n",
    "play 009 t٢",
    "play 009 t+2",
    "play 009 t2 t2",
    "play 009 t-1",
    "play 009 x2",
    "play 009 t",
    "cards 012,,034",
    "cards 012, 034",
    "cards ,",
    "cards 012,034\n",
    "cards ",
    "setup R٠8 -",
    "setup R08 -\n",
    "setup R08  -",
    # names
    "project CITY",
    "project city\n",
    "project city\u200f",
    "milestone may\u202eor",
    # length
    "cards " + ",".join(["001"] * 300),
    "pass" + " " * MAX_TEXT,
    "x" * (MAX_TEXT + 1),
]


@pytest.mark.parametrize("text", REFUSED_TEXT)
def test_a_text_that_is_not_the_notation_is_refused_everywhere(
    at_kind: dict[str, Game], text: str
) -> None:
    with pytest.raises(MalformedAction):
        parse(text)
    for kind, game in at_kind.items():
        seat = game.decisions()[0].player
        before = game.to_bytes()
        with pytest.raises(MalformedAction):
            game.apply(seat, text)
        assert game.to_bytes() == before, kind


def _respellings(text: str) -> list[str]:
    """Spellings of a legal answer that must not be taken for it."""
    out = [
        text + "\n",
        text + " ",
        " " + text,
        text.upper(),
        text.replace(" ", "  "),
        text.replace(" ", "\t"),
    ]
    if any(c.isdigit() for c in text):
        out += [
            text.translate(ARABIC_INDIC),
            text.translate(FULLWIDTH),
            _before_numbers(text, "+"),
        ]
    return [t for t in out if t != text]


def _before_numbers(text: str, mark: str) -> str:
    words = text.split(" ")
    return " ".join(mark + w if w[:1].isdigit() else w for w in words)


def test_a_legal_answer_respelled_is_refused_and_as_written_is_applied(
    at_kind: dict[str, Game],
) -> None:
    rnd = random.Random(7)
    for kind, game in at_kind.items():
        decision = game.decisions()[0]
        legal = str(decision.sample(rnd))
        before = game.to_bytes()
        for text in _respellings(legal):
            with pytest.raises(MalformedAction):
                game.apply(decision.player, text)
            assert game.to_bytes() == before, (kind, text)
        copy = game.clone()
        copy.apply(decision.player, legal)
        assert copy.to_bytes() != before


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("space 05", ChooseSpace(5)),
        ("space 5", ChooseSpace(5)),
        ("space 45", ChooseSpace(45)),
        ("play 009 t2", PlayCard(9, Payment(titanium=2))),
        ("play 009 s1 t2 h3", PlayCard(9, Payment(1, 2, 3))),
        ("play R08", PlayCard(card_id("R08"))),
        ("action 034 #1 s0", UseAction(34, 1)),
        ("player neutral", ChoosePlayer(NEUTRAL)),
        ("player none", ChoosePlayer(None)),
        ("player 0", ChoosePlayer(0)),
        ("option 0", ChooseOption(0)),
        ("amount 10000", ChooseAmount(10_000)),
        ("cards -", ChooseCards(())),
        ("cards 012,034", ChooseCards((12, 34))),
        ("pass", Pass()),
    ],
)
def test_the_documented_spellings_still_parse(text: str, answer: Any) -> None:
    assert parse(text) == answer


REFUSED_DICTS: list[Any] = [
    {"type": "space", "space": "45"},
    {"type": "space", "space": "٤٥"},
    {"type": "space", "space": True},
    {"type": "space", "space": 45.0},
    {"type": "space", "space": -1},
    {"type": "space", "space": 10_001},
    {"type": "amount", "amount": "3"},
    {"type": "option", "index": "0"},
    {"type": "player", "seat": "1"},
    {"type": "player", "seat": -2},
    {"type": "card_action", "card": "034", "choice": "1"},
    {"type": "card_action", "card": "034", "choice": -1},
    {"type": "play_card", "card": "009\n"},
    {"type": "play_card", "card": " 009"},
    {"type": "play_card", "card": "٠٠٩"},
    {"type": "play_card", "card": 9},
    {"type": "play_card", "card": "009", "payment": {"steel": "1"}},
    {"type": "play_card", "card": "009", "payment": {"steel": 1.0}},
    {"type": "standard_project", "project": "city\n"},
    {"type": "standard_project", "project": "CITY"},
    {"type": "milestone", "name": "mayor "},
    {"type": "award", "name": ""},
    {"type": "cards", "cards": ["012\n"]},
    {"type": "cards", "cards": "012"},
    {"type": "cards", "cards": ["001"] * 300},
    {"type": "setup", "corporation": "R08 ", "cards": []},
    {"type": "pass\n"},
]


@pytest.mark.parametrize("data", REFUSED_DICTS, ids=repr)
def test_a_dict_answer_takes_numbers_as_numbers_and_names_as_written(
    at_kind: dict[str, Game], data: Any
) -> None:
    with pytest.raises(MalformedAction):
        from_dict(data)
    for kind, game in at_kind.items():
        before = game.to_bytes()
        with pytest.raises(MalformedAction):
            game.apply(game.decisions()[0].player, data)
        assert game.to_bytes() == before, kind
