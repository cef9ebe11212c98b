"""The page's dictionaries: every language has every key, every phrase keeps its
placeholders, and every key the page's scripts name exists."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
# The guides' scripts first (Traditional Chinese, classical-orthography Belarusian), then the
# further choices (Simplified Chinese, official orthography): docs/languages.md.
LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")


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


def test_the_language_switch_offers_every_language_in_order() -> None:
    script = (STATIC / "js" / "i18n.js").read_text("utf-8")
    menu = script.split("LANGUAGES = {")[1].split("}")[0]
    assert re.findall(r'"?([\w-]+)"?: "', menu) == list(LANGUAGES)


# A browser's language tags -> the page's language (js/i18n.js browserLanguage, run by node).
BROWSER_TAGS = {
    "zh-TW": "zh-Hant",
    "zh-HK": "zh-Hant",
    "zh-MO": "zh-Hant",
    "zh-Hant": "zh-Hant",
    "zh-Hant-CN": "zh-Hant",
    "zh-CN": "zh",
    "zh-Hans": "zh",
    "zh-Hans-HK": "zh",
    "zh-SG": "zh",
    "zh": "zh",
    "be": "be-tarask",
    "be-BY": "be-tarask",
    "be-tarask": "be-tarask",
    "be-1959acad": "be",
    "vi-VN": "vi",
    "en-GB": "en",
    "fr-FR": "",
}


def test_browser_languages_map_to_the_page_languages() -> None:
    script = (
        f"const m = await import({json.dumps((STATIC / 'js' / 'i18n.js').as_uri())});"
        f"console.log(JSON.stringify({json.dumps(list(BROWSER_TAGS))}.map(m.browserLanguage)));"
    )
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert dict(zip(BROWSER_TAGS, json.loads(result.stdout), strict=True)) == BROWSER_TAGS
