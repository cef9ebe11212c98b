"""The page's dictionaries: every language has every key, every phrase keeps its
placeholders, and every key the page's scripts name exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
LANGUAGES = ("en", "vi", "zh", "be")


def words(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_every_key_in_every_language(language: str) -> None:
    english, other = words("en"), words(language)
    assert sorted(other) == sorted(english)
    for key, phrase in english.items():
        assert set(re.findall(r"\{\w+\}", other[key])) == set(re.findall(r"\{\w+\}", phrase)), key
        assert other[key].strip(), key


def test_every_literal_key_the_scripts_use_exists() -> None:
    english = words("en")
    used = set()
    for script in (STATIC / "js").glob("*.js"):
        used |= set(re.findall(r"""\bt\("([\w.]+)"\s*[,)]""", script.read_text("utf-8")))
    for page in (STATIC / "index.html",):
        used |= set(re.findall(r'data-t="([\w.]+)"', page.read_text("utf-8")))
    assert used and not sorted(used - set(english))


def test_the_language_switch_offers_the_four_languages() -> None:
    script = (STATIC / "js" / "i18n.js").read_text("utf-8")
    assert re.findall(r"(\w\w): \"", script.split("LANGUAGES = {")[1].split("}")[0]) == list(
        LANGUAGES
    )
