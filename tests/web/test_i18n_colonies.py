"""The colony tiles' trade words in the reader's language (issue 32, js/colonies.js): the
board tells each tile's trade and each track step's income in English ("7 M€", "plant
production +1"); the page words them from the dictionaries, the amount kept. Run by node on
the real dictionaries with the board's real colony tile facts."""

from __future__ import annotations

import json
import re

from node_support import STATIC, run_page_script

from olympus.gamestate.board import describe_colony_tiles

LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")
FORMS = ("one", "few", "many", "other")
EUROPA = ("megacredits", "energy", "plants")  # the productions Europa's track steps raise

COLONIES_CHECK = """
const i18n = await import(root + "/js/i18n.js");
const colonies = await import(root + "/js/colonies.js");
const out = {};
for (const lang of inputs[1]) {
  await i18n.setLanguage(lang);
  out[lang] = inputs[0].map((tile) => ({
    trade: colonies.tradeWords(tile.trade),
    steps: tile.track.map((words) => colonies.stepWords(tile.trade, words)),
  }));
}
console.log(JSON.stringify(out));
"""


def words(language: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((STATIC / "i18n" / f"{language}.json").read_text("utf-8"))
    return data


def forms_of(catalogue: dict[str, str], key: str, n: str) -> set[str]:
    return {catalogue[f"{key}.{form}"].replace("{n}", n) for form in FORMS}


def test_every_tiles_trade_and_steps_are_worded() -> None:
    tiles = [
        {"name": t.name, "trade": t.trade, "track": list(t.track)} for t in describe_colony_tiles()
    ]
    seen = run_page_script(COLONIES_CHECK, tiles, LANGUAGES)
    for language in LANGUAGES:
        page = words(language)
        for tile, worded in zip(tiles, seen[language], strict=True):
            trade = tile["trade"]
            assert worded["trade"] in (
                page.get(f"colony.trade.{trade}"),
                page.get(f"prompt.res.{trade}"),
            ), (language, tile)
            for english, step in zip(tile["track"], worded["steps"], strict=True):
                if trade == "production":  # Europa: a production's step, the resource worded
                    produced = {
                        page["colony.step.production"].replace("{res}", page[f"prompt.res.{r}"])
                        for r in EUROPA
                    }
                    assert step in produced, (language, step)
                    if language != "en":
                        assert step != english, (language, step)
                    continue
                amount = re.search(r"\d+", english)
                assert amount, english
                key = (
                    "colony.step.cards"
                    if trade == "cards"
                    else (
                        f"prompt.res.{trade}"
                        if f"prompt.res.{trade}.other" in page
                        else f"cres.{trade}"
                    )
                )
                # One of the language's counted forms of the step's amount.
                assert step in forms_of(page, key, amount.group()), (language, tile["name"], step)
                if language == "en":
                    assert step == english, step  # the English dictionary says what the board says
                elif trade != "megacredits":  # M€ is every language's sign
                    assert step != english, (language, step)
