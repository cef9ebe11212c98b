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


def test_every_counted_key_the_scripts_use_has_every_form_in_every_language() -> None:
    """A key the scripts count with tn("key", n) has its forms .one/.few/.many/.other in each
    dictionary (a language without a distinction repeats the phrase)."""
    counted = set()
    for script in (STATIC / "js").glob("*.js"):
        counted |= set(re.findall(r"""\btn\("([\w.]+)"\s*,""", script.read_text("utf-8")))
    assert {"decision.max_cards", "decision.setup_cost", "ladder.games", "player.chart"} <= counted
    for language in LANGUAGES:
        catalogue = words(language)
        for key in counted:
            for form in ("one", "few", "many", "other"):
                assert f"{key}.{form}" in catalogue, (language, key, form)


# js/i18n.js tn run by node on the real dictionaries: the language's plural rules pick a form.
COUNTED_CHECK = """
import { readFileSync } from "node:fs";
const [root, languagesJson] = process.argv.slice(1);
globalThis.fetch = async (url) => ({ json: async () => JSON.parse(readFileSync(root + url.replace("/static/", "/"), "utf-8")) });
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
const i18n = await import(root + "/js/i18n.js");
const out = {};
for (const lang of JSON.parse(languagesJson)) {
  await i18n.setLanguage(lang);
  out[lang] = [1, 2, 5, 21, 22, 11].map((n) => i18n.tn("decision.max_cards", n));
}
console.log(JSON.stringify(out));
"""


def test_counted_phrases_take_each_languages_plural_form() -> None:
    result = subprocess.run(
        ["node", "--input-type=module", "-e", COUNTED_CHECK, str(STATIC), json.dumps(LANGUAGES)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    seen = json.loads(result.stdout)
    # Belarusian: 1 and 21 one, 2 and 22 few, 5 and 11 many; English: 1 one, the rest other;
    # Vietnamese and Chinese: one form.
    expected = {
        "be-tarask": ["one", "few", "many", "one", "few", "many"],
        "be": ["one", "few", "many", "one", "few", "many"],
        "en": ["one", "other", "other", "other", "other", "other"],
        "vi": ["other"] * 6,
        "zh-Hant": ["other"] * 6,
        "zh": ["other"] * 6,
    }
    for language, forms in expected.items():
        catalogue = words(language)
        want = [
            catalogue[f"decision.max_cards.{form}"].replace("{n}", str(n))
            for n, form in zip((1, 2, 5, 21, 22, 11), forms, strict=True)
        ]
        assert seen[language] == want, language
    # "да 1 карты" / "да 2 картаў": the words differ, not the number only.
    assert len({re.sub(r"\d+", "", x) for x in seen["be-tarask"][:3]}) == 2
