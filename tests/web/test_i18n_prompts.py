"""The page words the server's prompt codes and refusal reasons (issue 32, js/prompts.js):
every code the engine sends has a message in every language, with the plural forms where it
is counted; a message uses only the parameters the code is sent with (or what the page
derives from them); no message is left in English; every refusal worded is a real reason."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from olympus.engine.prompts import PROMPT_PARAMS
from olympus.v1 import errors_pb2

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")
FORMS = ("one", "few", "many", "other")
# What js/prompts.js wordedParams adds: `counted`, from a count and a (card) resource.
DERIVED = {"counted": ({"n", "res"}, {"n", "kind"})}
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
    reasons = set(errors_pb2.ErrorReason.keys())
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
