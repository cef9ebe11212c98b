"""The card words catalogue (static/i18n/cards/<lang>.json): every card (its name, text, action
labels and "choose one" labels), milestone, award and colony tile of the engine has its words in
every language, the translations carry the English text's numbers, the generated files (en, zh)
are current, each script and orthography is the one its code names, and the page's loader
(js/cardwords.js) reads them with English as fallback."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import open_page
from web_support import WebStack, web_stack

from olympus.client.sdk import OlympusClient
from olympus.engine.cards.catalogue import by_number
from olympus.engine.prompts import card_options, coded_label, prompt
from olympus.web import cardwords
from olympus.web.cardwords import CARDS_DIR, FIELDS, SECTIONS, Words, english, generated, load

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
# Every card-words file but English's (`be`, the official orthography, converted by hand from
# be-tarask).
TRANSLATIONS = ("vi", "zh-Hant", "be-tarask", "zh", "be")
ENGLISH = english()

# Names a translation keeps as English writes them, and why: Vietnamese writes corporations'
# brand names and the moons' names in Latin script as they are (the rule guide does the same:
# "thẻ Jovian", "Thành phố Noctis"). Nothing else may stay English.
KEPT_NAMES: dict[str, dict[str, frozenset[str]]] = {
    "vi": {
        # Every corporation but the two whose names are plain words (Beginner Corporation and
        # the United Nations Mars Initiative, which Vietnamese translates).
        "cards": frozenset(
            number
            for number, card in by_number().items()
            if card.kind == "corporation" and number not in {"R00", "R32"}
        ),
        # The moons Vietnamese writes in Latin letters (Luna is Mặt Trăng, Pluto Sao Diêm Vương).
        "colonies": frozenset(
            "callisto ceres enceladus europa ganymede io miranda titan triton".split()  # noqa: SIM905
        ),
    },
}


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


@pytest.fixture(scope="module", params=TRANSLATIONS)
def translation(request: pytest.FixtureRequest) -> tuple[str, Words]:
    language: str = request.param
    return language, load(language)


def test_the_english_catalogue_covers_the_engine() -> None:
    """Every card of the catalogue (322 when this was written: 264 project cards, 35 preludes,
    23 corporations, before Venus Next), the five maps' 25 milestones and 25 awards with Venus
    Next's one more of each, the 11 colony tiles."""
    assert sorted(ENGLISH["cards"]) == sorted(by_number())
    assert len(ENGLISH["milestones"]) >= 25 and len(ENGLISH["awards"]) >= 25
    assert ENGLISH["milestones"]["hoverlord"]["name"] == "Hoverlord"  # Venus Next's own
    assert ENGLISH["awards"]["venuphile"]["name"] == "Venuphile"
    assert len(ENGLISH["colonies"]) == 11
    assert ENGLISH["cards"]["R13"] == {
        "name": "ThorGate",
        "text": "Begins with 1 energy prod; power cards and the Power Plant project cost 3 M€ less.",
    }
    assert ENGLISH["colonies"]["pluto"]["bonus"] == "draw 1 card, then discard 1 card"
    # Every card's printed "choose one" labels (24 on 11 cards when this was written), keyed by
    # the card and the index the engine's label code "label.card_option" sends.
    options = {
        f"{number}.{i}": label
        for number, card in by_number().items()
        for i, label in enumerate(card_options(number))
    }
    assert {key: entry["label"] for key, entry in ENGLISH["options"].items()} == options
    assert len(options) >= 24 and ENGLISH["options"]["019.0"] == {"label": "Take 3 plants"}
    for key, label in options.items():
        number, index = key.split(".")
        assert coded_label(label, by_number()[number].id) == prompt(
            "label.card_option", card=number, index=index
        ), key


@pytest.mark.parametrize("name", ["en.json", "zh.json"])
def test_the_generated_files_are_current(name: str) -> None:
    """en.json is the engine's words and zh.json the converted zh-Hant.json: a change to either
    source needs `python -m olympus.web.cardwords`."""
    assert (CARDS_DIR / name).read_text("utf-8") == generated()[name]


def test_the_generator_rewrites_a_stale_file_and_check_reports_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("en.json", "zh.json", "zh-Hant.json"):
        (tmp_path / name).write_bytes((CARDS_DIR / name).read_bytes())
    monkeypatch.setattr(cardwords, "CARDS_DIR", tmp_path)
    assert cardwords.main(["--check"]) == 0
    (tmp_path / "en.json").write_text("{}", "utf-8")
    assert cardwords.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().err and (tmp_path / "en.json").read_text() == "{}"
    assert cardwords.main([]) == 0
    assert (tmp_path / "en.json").read_bytes() == (CARDS_DIR / "en.json").read_bytes()
    assert cardwords.main(["--check"]) == 0


def test_every_entry_has_every_field_in_every_language(translation: tuple[str, Words]) -> None:
    language, words = translation
    assert list(words) == list(SECTIONS)
    for section in SECTIONS:
        assert sorted(words[section]) == sorted(ENGLISH[section]), (language, section)
        for key, entry in words[section].items():
            assert list(entry) == list(FIELDS[section]), (language, section, key)
            assert all(text.strip() for text in entry.values()), (language, section, key)


def test_translations_carry_the_english_numbers(translation: tuple[str, Words]) -> None:
    language, words = translation
    wrong = [
        (section, key, field)
        for section in SECTIONS
        for key, entry in ENGLISH[section].items()
        for field, text in entry.items()
        if numbers(words[section][key][field]) != numbers(text)
    ]
    assert not wrong, (language, wrong)


def test_nothing_stays_english_but_the_listed_names(translation: tuple[str, Words]) -> None:
    language, words = translation
    kept = KEPT_NAMES.get(language, {})
    same = {
        (section, key, field)
        for section in SECTIONS
        for key, entry in ENGLISH[section].items()
        for field, text in entry.items()
        if words[section][key][field] == text
    }
    allowed = {(section, key, "name") for section, keys in kept.items() for key in keys}
    assert same == allowed, (language, sorted(same ^ allowed))


def test_chinese_and_belarusian_hold_no_latin_words_but_symbols() -> None:
    """Latin letters in the Chinese and Belarusian texts are only the symbols the English uses
    too: M€, X, the names' AI/UNMI/SF, the maps' initials of "A. Engineer" and "V. Electrician"
    in Chinese, the Chinese guide's own "Terraform", "TR" and "VP"."""
    allowed = {"M", "X", "AI", "UNMI", "SF", "A", "V", "Terraform", "TR", "VP"}
    for language in ("zh-Hant", "zh", "be-tarask", "be"):
        words = load(language)
        latin = {
            word
            for section in SECTIONS
            for entry in words[section].values()
            for text in entry.values()
            for word in re.findall(r"[A-Za-z]+", text)
        }
        assert latin <= allowed, (language, sorted(latin - allowed))


# Characters that exist only in Simplified Chinese, and their Traditional forms: neither script
# may show the other's.
SIMPLIFIED_ONLY = "这们发电张从为对时个来说产钢钛热获图标设动长门开关进过还没现应会经样点让给将级场问题实际业资网络矿营态气层阳风轨计数"
TRADITIONAL_ONLY = "這們發電張從為對時個來說產鋼鈦熱獲圖標設動長門開關進過還沒現應會經樣點讓給將級場問題實際業資網絡礦營態氣層陽風軌計數"


def all_text(words: Words | dict[str, str]) -> str:
    return json.dumps(words, ensure_ascii=False)


def page_words(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


def test_the_character_lists_pair_up() -> None:
    assert len(SIMPLIFIED_ONLY) == len(TRADITIONAL_ONLY)
    assert not set(SIMPLIFIED_ONLY) & set(TRADITIONAL_ONLY)


@pytest.mark.parametrize(
    ("language", "foreign"),
    [("zh-Hant", SIMPLIFIED_ONLY), ("zh", TRADITIONAL_ONLY)],
    ids=["zh-Hant", "zh"],
)
def test_each_chinese_file_is_in_its_own_script(language: str, foreign: str) -> None:
    for text in (all_text(load(language)), all_text(page_words(language))):
        assert not sorted(set(text) & set(foreign)), language


def test_traditional_chinese_speaks_as_the_guide_does() -> None:
    """The Traditional Chinese guide's terms (標準項目, 綠化, 標籤, 里程碑, 獎項, M€)."""
    text = all_text(load("zh-Hant")) + all_text(page_words("zh-Hant"))
    for term in ("標準項目", "綠化地塊", "標籤", "里程碑", "獎項", "M€", "木星標籤"):
        assert term in text, term
    for mainland in ("標準專案", "兆元", "標誌", "帳号"):
        assert mainland not in text, mainland


# Classical-orthography (Taraškievica) spellings and the official forms they replace: the
# soft sign of assimilative softness (расьліна, вытворчасьць, дзеяньне, пасьля), the soft л of
# loan words (калёнія, флёт, тэхналёгія, плян-), э in loan words (тэмпэратура, энэргія), the
# guides' own words (тлен for oxygen, места for a city, цэтлік for a tag, РЗ, ПП) and ґ in a
# foreign name's g (ТорҐейт).
TARASKIEVICA = {
    "расьлін": "раслін",
    "вытворчасьць": "вытворчасць",
    "дзеяньн": "дзеянн",
    "пакаленьн": "пакаленн",
    "пасьля": "пасля",
    "касьмічн": "касмічн",
    "зьнішчальнік": "знішчальнік",
    "калёні": "калоні",
    "флёт": "флот",
    "лягер": "лагер",
    "тэхналёгі": "тэхналогі",
    "міжплянэтн": "міжпланетн",
    "тэмпэратур": "тэмператур",
    "энэргі": "энергі",
    "дасягненьн": "дасягненн",
    "тлен": "кісларод",
    "места": "горад",
    "цэтлік": "тэг",
    "РЗ": "ТР",
    "ТорҐейт": "ТорГейт",
}


def spelled(form: str, text: str) -> bool:
    """`form` begins a word of `text` (any case; an abbreviation only as a whole word)."""
    if form.isupper():
        return re.search(rf"(?<!\w){form}(?!\w)", text) is not None
    return re.search(rf"(?<!\w){form}", text, re.IGNORECASE) is not None


def test_belarusian_is_in_the_classical_orthography() -> None:
    text = all_text(load("be-tarask")) + all_text(page_words("be-tarask"))
    for classical, official in TARASKIEVICA.items():
        assert spelled(classical, text), classical
        assert not spelled(official, text), official
    assert "ґ" in text.lower()


def test_the_official_orthography_page_stays_official() -> None:
    """`be` keeps the official spelling for the page's own words and its card words: every
    marker of the classical orthography has its official form there instead."""
    text = all_text(load("be")) + all_text(page_words("be"))
    for classical, official in TARASKIEVICA.items():
        assert not spelled(classical, text), classical
        assert spelled(official, text), official


# Spellings only the classical orthography has (anywhere in a word), with what the official one
# writes: the soft sign of assimilative softness, the soft л and the э of loan words, ґ, -ьне
# nouns, зь/ня/бяз, the -аў genitive plurals the official one does not use, the guides' own
# abbreviations and words. A blind copy of be-tarask.json, or an entry left unconverted, keeps
# some of them.
CLASSICAL_ONLY = {
    "сьв": "св",  # сьвет, сьвідравіна
    "сьл": "сл",  # пасьля
    "сьм": "см",  # касьмічны
    "сьц": "сц",  # вытворчасьць, ёсьць
    "зьмян": "змян",  # зьмяншае (not вазьміце: both write it so)
    "зьн": "зн",  # зьніміце, зьнішчальнік
    "ньн": "нн",  # дзеяньне, пакаленьне
    "цьц": "цц",  # жыцьця
    "дзьв": "дзв",  # дзьве
    "плянэт": "планет",
    "лябар": "лабар",
    "калёні": "калоні",
    "каляніст": "каланіст",
    "флёт": "флот",
    "лягер": "лагер",
    "тэхналёг": "тэхналог",
    "экаляг": "экалаг",
    "энэрг": "энерг",
    "тэмпэрат": "тэмперат",
    "вэнэр": "венер",
    "мэтал": "метал",
    "эфэкт": "эфект",
    "эўроп": "еўроп",
    "ґ": "г",
    "расьлінаў": "раслін",
    "картаў": "карт",
    "жывёлаў": "жывёл",
    "цэтлік": "тэг",
    "цеплын": "цяпл",
}
CLASSICAL_WORDS = {
    "зь": "з",
    "ня": "не",
    "бяз": "без",
    "ПП": "ачкі",
    "РЗ": "ТР",
    "тлен": "кісларод",
}


def classical_spellings(text: str) -> list[str]:
    lower = text.lower()
    found = [form for form in CLASSICAL_ONLY if form in lower]
    words = set(re.findall(r"[^\W\d_]+", text))
    return found + sorted(set(CLASSICAL_WORDS) & words)


def test_the_official_card_words_are_converted_not_copied() -> None:
    """be.json is be-tarask.json's wording in the official spelling: no entry keeps a classical
    spelling, while the classical file has each of them (so the list tests something), and the
    two files differ wherever the classical entry has one."""
    official, classical = load("be"), load("be-tarask")
    left = {
        (section, key, field): found
        for section in SECTIONS
        for key, entry in official[section].items()
        for field, text in entry.items()
        if (found := classical_spellings(text))
    }
    assert not left, left
    everything = all_text(classical)
    assert sorted(classical_spellings(everything)) == sorted([*CLASSICAL_ONLY, *CLASSICAL_WORDS])
    official_text = all_text(official).lower()
    for official_form in [*CLASSICAL_ONLY.values(), *CLASSICAL_WORDS.values()]:
        assert official_form.lower() in official_text, official_form
    for section in SECTIONS:
        for key, entry in classical[section].items():
            for field, text in entry.items():
                if classical_spellings(text):
                    assert official[section][key][field] != text, (section, key, field)


LOADER_CHECK = """
import { readFileSync } from "node:fs";
const root = process.argv[1];
globalThis.fetch = async (url) => {
  try {
    const body = readFileSync(root + url.replace("/static/", "/"), "utf-8");
    return { ok: true, status: 200, json: async () => JSON.parse(body) };
  } catch (_) { return { ok: false, status: 404, json: async () => ({}) }; }
};
const w = await import(root + "/js/cardwords.js");
const out = {};
for (const lang of ["en", "zh-Hant", "be", "vi", "xx"]) {
  await w.loadCardWords(lang);
  out[lang] = [w.cardName("R13"), w.cardText("001"), w.milestoneName("mayor"),
    w.awardName("banker"), w.colonyName("Callisto"), w.colonyBonus("luna"),
    w.cardName("Z99", "from the server"), w.cardName("Z99")];
}
console.log(JSON.stringify(out));
"""


def loader_check(root: Path) -> dict[str, list[str]]:
    """What js/cardwords.js (under `root`, with its i18n/cards files) looks up per language."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", LOADER_CHECK, str(root)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    seen: dict[str, list[str]] = json.loads(result.stdout)
    return seen


def test_the_page_loader_reads_a_language_with_english_behind_it() -> None:
    seen = loader_check(STATIC)
    hant, be = load("zh-Hant"), load("be")
    assert seen["zh-Hant"][:6] == [
        hant["cards"]["R13"]["name"],
        hant["cards"]["001"]["text"],
        "市長",
        "銀行家",
        "木衛四",
        hant["colonies"]["luna"]["bonus"],
    ]
    # `be` reads its own file, not the classical orthography's (ТорҐейт).
    assert seen["be"][:6] == [
        "ТорГейт",
        be["cards"]["001"]["text"],
        be["milestones"]["mayor"]["name"],
        be["awards"]["banker"]["name"],
        be["colonies"]["callisto"]["name"],
        be["colonies"]["luna"]["bonus"],
    ]
    assert seen["vi"][4] == "Callisto" and seen["vi"][2] == "Thị trưởng"
    english_row = seen["en"]
    assert english_row[:5] == [
        "ThorGate",
        ENGLISH["cards"]["001"]["text"],
        "Mayor",
        "Banker",
        "Callisto",
    ]
    assert seen["xx"] == english_row  # a language with no card file reads English
    for row in seen.values():
        assert row[6:] == ["from the server", "Z99"]


def test_an_entry_missing_from_be_reads_be_tarask_then_english(tmp_path: Path) -> None:
    """The loader's per-entry fallback: a card missing from be.json (a card added to be-tarask
    and not yet converted) shows the classical orthography's words, one missing from both the
    English; a language with no source file (vi) goes straight to English."""
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "cardwords.js").write_bytes((STATIC / "js" / "cardwords.js").read_bytes())
    cards = tmp_path / "i18n" / "cards"
    cards.mkdir(parents=True)
    be, be_tarask, vi = load("be"), load("be-tarask"), load("vi")
    del be["cards"]["R13"], be["milestones"]["mayor"]
    del be["colonies"]["luna"], be_tarask["colonies"]["luna"], vi["cards"]["R13"]
    for name, words in {"en": ENGLISH, "be": be, "be-tarask": be_tarask, "vi": vi}.items():
        (cards / f"{name}.json").write_text(json.dumps(words, ensure_ascii=False), "utf-8")
    seen = loader_check(tmp_path)
    assert seen["be"][:6] == [
        be_tarask["cards"]["R13"]["name"],  # ТорҐейт, from be-tarask
        be["cards"]["001"]["text"],
        be_tarask["milestones"]["mayor"]["name"],
        be["awards"]["banker"]["name"],
        be["colonies"]["callisto"]["name"],
        ENGLISH["colonies"]["luna"]["bonus"],  # in neither Belarusian file
    ]
    assert seen["be"][0] == "ТорҐейт" and seen["be"][1] != be_tarask["cards"]["001"]["text"]
    assert seen["vi"][0] == "ThorGate" and seen["vi"][2] == "Thị trưởng"


@pytest.fixture(scope="module")
def quiet_stack(redis_url: str) -> Iterator[WebStack]:
    # People only (the test seats nobody but looks): no bot, so no workers.
    with web_stack(redis_url) as s:
        yield s


@pytest.mark.browser
def test_a_colonies_table_reads_in_the_browsers_language(
    browser: Any, quiet_stack: WebStack
) -> None:
    """A zh-TW browser gets the Traditional page, and the colony tiles in its words."""
    hant = load("zh-Hant")["colonies"]
    with OlympusClient(quiet_stack.gamestate) as client:
        made = client.create_game(2, seed=11, colonies=True, corporate_era=True)
        url = f"{quiet_stack.url}/#/join/{made.game_id}/{made.tokens[0]}"
        page = open_page(browser, url, "zh-TW")
        page.wait_for_selector("html[lang='zh-Hant'] #colony-tiles .colony-tile")
        for tile in page.locator("#colony-tiles .colony-tile").all():
            key = tile.get_attribute("data-tile")
            assert tile.locator("b").inner_text() == hant[key]["name"], key
            assert hant[key]["bonus"] in tile.inner_text(), key
        page.context.close()
        client.abort_game(made.game_id, made.host_token)
