"""The page words the server's prompt codes and refusal reasons (issue 32, js/prompts.js):
every code the engine sends has a message in every language, with the plural forms where it
is counted; a message uses only the parameters the code is sent with (or what the page
derives from them); no message is left in English; every refusal worded is a real reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bridge_reasons import bridge_reasons
from node_support import run_page_script

from olympus.engine.cards.catalogue import by_number
from olympus.engine.ops.colonies import trade_label
from olympus.engine.prompts import (
    CARD_WORDED,
    PROMPT_PARAMS,
    Prompt,
    coded_label,
    english_text,
    prompt,
)
from olympus.v1 import errors_pb2
from olympus.web.cardwords import load

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")
FORMS = ("one", "few", "many", "other")
# What js/prompts.js wordedParams adds: `counted`, from a count and a (card) resource; a colony
# tile's `placement` bonus, from the tile.
DERIVED = {"counted": ({"n", "res"}, {"n", "kind"}), "placement": ({"colony"},)}
# The metadata the worded refusals use (errors.proto; a milestone's have/need: engine turn.py;
# tests/web/test_i18n_refusals.py checks each reason's own keys).
REFUSAL_METADATA = {"card", "corporation", "project", "milestone", "award", "space", "have", "need"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def words(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


def messages_of(catalogue: dict[str, str], key: str) -> list[str]:
    """The message of a key, or its counted forms."""
    if key in catalogue:
        return [catalogue[key]]
    return [catalogue[f"{key}.{form}"] for form in FORMS if f"{key}.{form}" in catalogue]


def usable(params: tuple[str, ...]) -> set[str]:
    sent = set(params)
    derived = {name for name, needs in DERIVED.items() if any(n <= sent for n in needs)}
    return sent | derived


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_has_a_message_using_only_what_is_sent(language: str) -> None:
    catalogue = words(language)
    for code, params in PROMPT_PARAMS.items():
        if code in CARD_WORDED:  # worded by the card words (test_card_words.py)
            assert not messages_of(catalogue, f"prompt.{code}"), (language, code)
            continue
        found = messages_of(catalogue, f"prompt.{code}")
        assert found, (language, code)
        if len(found) > 1:
            assert len(found) == len(FORMS), (language, code)  # all the plural forms
            assert "n" in params, code  # `n` picks the form
        for phrase in found:
            used = set(PLACEHOLDER.findall(phrase))
            assert used <= usable(params), (language, code, used - usable(params))


def test_the_counted_resources_and_tiles_have_every_form() -> None:
    for language in LANGUAGES:
        catalogue = words(language)
        for res in ("megacredits", "steel", "titanium", "plants", "energy", "heat"):
            assert all(f"prompt.res.{res}.{form}" in catalogue for form in FORMS), (language, res)
        for tile in ("ocean", "city", "greenery", "special"):
            assert catalogue.get(f"prompt.tile.{tile}"), (language, tile)


def _letters(phrase: str) -> str:
    return re.sub(r"[^A-Za-z]", "", PLACEHOLDER.sub("", phrase).replace("M€", ""))


@pytest.mark.parametrize("language", LANGUAGES[1:])
def test_no_prompt_or_refusal_is_left_in_english(language: str) -> None:
    english, other = words("en"), words(language)
    ours = [k for k in english if k.startswith(("prompt.", "refusal."))]
    assert len(ours) > 90
    for key in ours:
        if _letters(english[key]):
            assert other[key] != english[key], (language, key)
            assert not _letters(other[key]) or language == "vi", (language, key)


def test_every_refusal_worded_is_a_reason_with_its_metadata() -> None:
    # A service's reason (errors.proto) or one the web bridge refuses with itself.
    reasons = set(errors_pb2.ErrorReason.keys()) | bridge_reasons()
    for key, phrase in words("en").items():
        if not key.startswith("refusal."):
            continue
        assert key.split(".")[1] in reasons, key
        assert set(PLACEHOLDER.findall(phrase)) <= REFUSAL_METADATA, key


def test_the_page_words_prompts_and_refusals_through_prompts_js() -> None:
    decision = (STATIC / "js" / "decision.js").read_text("utf-8")
    assert "promptText(d)" in decision and "optionLabel(o)" in decision
    assert "d.prompt)" not in decision  # the English text only through promptText's fallback
    assert "refusalText(error)" in (STATIC / "js" / "game.js").read_text("utf-8")


# js/prompts.js's optionLabel run by node on the real dictionaries and card words (fetch reads
# the static files; the page's DOM is not needed to word a label).
LABELS_CHECK = """
const i18n = await import(root + "/js/i18n.js");
const cards = await import(root + "/js/cardwords.js");
const prompts = await import(root + "/js/prompts.js");
const out = {};
for (const lang of inputs[1]) {
  await i18n.setLanguage(lang);
  await cards.loadCardWords(lang);
  out[lang] = inputs[0].map(prompts.optionLabel);
}
console.log(JSON.stringify(out));
"""


def _option(label: str | Prompt) -> dict[str, object]:
    """An option as the page gets it (olympus.client.wire: label_code/label_params if coded)."""
    assert isinstance(label, Prompt), label
    return {"label": label.english, "label_code": label.code, "label_params": label.sent_params}


def test_card_and_colony_labels_are_worded_in_every_language() -> None:
    """The labels the engine codes for a card's own alternatives (Imported Hydrogen's "Add 3
    microbes to another card", Viron repeating Extreme-Cold Fungus's second action) and for
    colony tiles (built on, traded with, their marker moved) read in the page's language: the
    card's words from the card words, a tile's name and bonus from the card words' colonies."""
    hydrogen, fungus = by_number()["019"].id, by_number()["134"].id
    labels = [
        coded_label("Add 3 microbes to another card", hydrogen),
        coded_label("Add 2 microbes to another card", fungus),
        prompt("label.colony", colony="Io"),
        prompt("label.colony_placement", colony="Io"),
        prompt("label.colony_marker", colony="Io", step=3),
        trade_label("Luna", 1),
        trade_label("Titan", 2),
        trade_label("Pluto", 2),
        trade_label("Europa", 3),
    ]
    options = [_option(label) for label in labels]
    # A code whose words are missing shows the English the server sent.
    options.append(
        {
            "label": "As sent",
            "label_code": "label.card_option",
            "label_params": {"card": "019", "index": "9"},
        }
    )
    seen = run_page_script(LABELS_CHECK, options, LANGUAGES)
    for language in LANGUAGES:
        page = words(language)
        card_words = load(language)
        io = card_words["colonies"]["io"]
        # n = 1: Belarusian's and English's "one" form, the same one phrase in the others.
        one = "one" if language in ("en", "be", "be-tarask") else "other"
        name = {c: card_words["colonies"][c]["name"] for c in ("luna", "titan", "pluto", "europa")}
        expected = [
            card_words["options"]["019.1"]["label"],
            card_words["actions"]["134.1"]["label"],
            io["name"],
            page["prompt.label.colony_placement"].format(
                colony=io["name"], placement=io["placement"]
            ),
            page["prompt.label.colony_marker"].format(colony=io["name"], step=3),
            page["prompt.label.colony_trade"].format(
                colony=name["luna"], counted=page[f"prompt.res.megacredits.{one}"].format(n=1)
            ),
            page["prompt.label.colony_trade_onto_card"].format(
                colony=name["titan"], counted=page[f"cres.floater.{one}"].format(n=1)
            ),
            page[f"prompt.label.colony_trade_cards.{one}"].format(colony=name["pluto"], n=1),
            page["prompt.label.colony_trade_production"].format(
                colony=name["europa"], res=page["prompt.res.energy"]
            ),
            "As sent",
        ]
        assert seen[language] == expected, language
    # The English page reads the engine's own words for a card's labels and a tile's name.
    assert seen["en"][:3] == [english_text(label) for label in labels[:3]]
    assert seen["vi"][0] == "Thêm 3 vi sinh vật vào một thẻ khác"
