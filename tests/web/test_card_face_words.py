"""Every card face's requirement and points in every language (js/cards.js): each requirement
("at most 5% oxygen" as well as "at least") and each kind of points (fixed, per resource, per
tag, per city, per colony, adjacent tiles, if the card holds some) that a card of the catalogue
has, worded by the page's own code on the real dictionaries, with the card's numbers in the
words and no key, placeholder or English phrase left; and the hand's sort by points. Run by
node with the engine's catalogue, as the bridge's /api/cards sends it (catalogue_rows.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from node_support import STATIC, run_page_script

from olympus.catalogue.convert import card_to_proto
from olympus.engine.cards.catalogue import by_number
from olympus.web.catalogue_rows import CARD_FIELDS, card_row

LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")

FACES = """
const i18n = await import(root + "/js/i18n.js");
const cards = await import(root + "/js/cards.js");
const [rows, languages] = inputs;
const out = {};
for (const lang of languages) {
  await i18n.setLanguage(lang);
  out[lang] = rows.map((row) => ({
    number: row.number,
    requirements: (row.requirements || []).map(([kind, subject, minimum, maximum]) =>
      cards.requirementText({ kind, subject, minimum, maximum })),
    vp: row.vp ? cards.vpText(row.vp) : null,
  }));
}
console.log(JSON.stringify(out));
"""

# What must never reach a reader: a dictionary key, a placeholder, a JavaScript non-value.
LEFTOVER = re.compile(r"\b(req|vp|cres|tag|res|tile)\.[a-z_]+|[{}]|undefined|null|NaN")


def catalogue_rows() -> list[dict[str, Any]]:
    rows = [
        dict(zip(CARD_FIELDS, card_row(card_to_proto(c)), strict=True))
        for c in by_number().values()
    ]
    return [row for row in rows if row["requirements"] or row["vp"]]


def numbers_of(row: dict[str, Any]) -> list[list[str]]:
    """The numbers each requirement must show (its minimum or maximum)."""
    return [
        [str(minimum if minimum is not None else maximum)]
        for _, _, minimum, maximum in row["requirements"] or []
    ]


def test_every_requirement_and_every_kind_of_points_is_worded_in_every_language() -> None:
    rows = catalogue_rows()
    kinds = {row["vp"][0] for row in rows if row["vp"]}
    # The catalogue has every kind of points cards.js words, and "at most" requirements.
    assert {"fixed", "per_resource", "per_tag", "per_cities", "per_colonies"} <= kinds, kinds
    assert any(r[3] is not None for row in rows for r in row["requirements"] or [])
    seen = run_page_script(FACES, rows, LANGUAGES)
    english = {face["number"]: face for face in seen["en"]}
    for language in LANGUAGES:
        for row, face in zip(rows, seen[language], strict=True):
            texts = face["requirements"] + ([face["vp"]] if face["vp"] else [])
            for text in texts:
                assert not LEFTOVER.search(text), (language, row["number"], text)
            for text, numbers in zip(face["requirements"], numbers_of(row), strict=True):
                assert all(n.lstrip("-") in text for n in numbers), (language, row["number"], text)
            if language == "en":
                continue
            # No English left: every requirement reads otherwise than in English, and so do
            # points that count something (a fixed "2 VP" may read alike: VP is the guides'
            # own abbreviation in every language).
            theirs = english[row["number"]]
            for text, en_text in zip(face["requirements"], theirs["requirements"], strict=True):
                assert text != en_text, (language, row["number"], text)
            if row["vp"] and row["vp"][0] != "fixed":
                assert face["vp"] != theirs["vp"], (language, row["number"], face["vp"])


def test_at_most_and_per_tag_in_english() -> None:
    """Two faces word for word: a maximum requirement and points per tag, from the catalogue's
    own facts (which card has them is looked up, not assumed)."""
    rows = catalogue_rows()
    at_most = next(
        row
        for row in rows
        if any(r[0] == "oxygen" and r[3] is not None for r in row["requirements"] or [])
    )
    per_tag = next(
        row for row in rows if row["vp"] and row["vp"][0] == "per_tag" and row["vp"][2] == 1
    )
    seen = {
        face["number"]: face for face in run_page_script(FACES, [at_most, per_tag], ["en"])["en"]
    }
    maximum = next(r[3] for r in at_most["requirements"] if r[0] == "oxygen")
    assert f"at most {maximum}% oxygen" in seen[at_most["number"]]["requirements"]
    points, tag = per_tag["vp"][1], per_tag["vp"][3]
    tag_word = json.loads((STATIC / "i18n/en.json").read_text("utf-8"))[f"tag.{tag}"]
    assert seen[per_tag["number"]]["vp"] == f"{points} VP per {tag_word} tag"


def test_adjacency_points_agree_with_the_tile_in_belarusian() -> None:
    """ "Кожны суседні" (masculine) before "места" (neuter) was wrong: the city has its own
    phrase, the ocean keeps the shared one."""
    rows = [row for row in catalogue_rows() if row["vp"] and row["vp"][0] == "per_adjacent"]
    assert {row["vp"][3] for row in rows} == {"ocean", "city"}
    seen = run_page_script(FACES, rows, ["be-tarask"])["be-tarask"]
    by_subject = {row["vp"][3]: face["vp"] for row, face in zip(rows, seen, strict=True)}
    assert by_subject == {
        "ocean": "1 ПП за кожны суседні акіян",
        "city": "1 ПП за кожнае суседняе места",
    }
