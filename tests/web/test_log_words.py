"""Every kind of log entry the game service sends has a sentence in the page's dictionaries
(and so in all six languages: test_i18n.py checks they share their keys). The kinds are the
ones seen in whole games of every kind of table (a Venus Next one with World Government
Terraforming too), played by random bots with the undo option, and the game service's own
"aborted" entry. The page's js/panels.js logLine, run by node on the real dictionaries and
card words, words every entry of those games in every language: no line left as the bare
kind, no placeholder left, card names in the reader's words, counts in their plural form."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from node_support import run_page_script

from olympus.bots import RandomBot
from olympus.engine import Game, GameOptions
from olympus.gamestate.convert import log_entry
from olympus.gamestate.events import aborted_event, resigned_event
from olympus.web.cardwords import load
from olympus.web.upstream import to_json

I18N = Path(__file__).resolve().parents[2] / "services/olympus/web/static/i18n"
TABLES = [
    GameOptions(players=2, seed=11, colonies=True, undo=True),
    GameOptions(players=3, seed=12, prelude=True, colonies=True, draft=True, undo=True),
    GameOptions(players=1, seed=13, colonies=True, prelude=True, undo=True),
    GameOptions(players=4, seed=14, corporate_era=False, map="hellas", undo=True),
    GameOptions(players=2, seed=15, map="elysium", prelude=True, undo=True),
    GameOptions(players=2, seed=16, venus=True, prelude=True, undo=True),  # WGT with Venus
]
LANGUAGES = ("en", "vi", "zh-Hant", "be-tarask", "zh", "be")
CARD_FILES = {"be": "be-tarask"}  # js/cardwords.js CARD_FILES
# Viron's action (repeat_action) needs the corporation dealt and a used blue card: written here
# as the engine logs it (venus_ops.py), with a real card.
REPEAT_ACTION = ("repeat_action", 0, "001")


def whole_game(options: GameOptions) -> tuple[set[str], list[tuple[Any, ...]]]:
    """The kinds seen in a whole game (undone entries too) and one entry of each kind and each
    World Government step (game.log holds the last answer's entries)."""
    game = Game.new(options)
    bots = [RandomBot(options.seed * 7 + seat) for seat in range(options.players)]
    second_thoughts = random.Random(options.seed)
    first: dict[str, tuple[Any, ...]] = {}

    def seen() -> None:
        for entry in game.log:
            what = str(entry[2]) if entry[0] == "world_government" else ""
            # The World Government's own raise (seat -1) apart from a seat's.
            who = "wg" if len(entry) > 1 and entry[1] == -1 else ""
            first.setdefault(f"{entry[0]}:{what}:{who}", tuple(entry))

    seen()
    for _ in range(20_000):
        if game.is_over:
            break
        decision = game.decisions()[0]
        game.push(decision.player, bots[decision.player].choose(game, decision))
        seen()
        if game.undoable(decision.player) and second_thoughts.random() < 0.05:
            game.undo(decision.player, 1)
            seen()
    assert game.is_over
    return {str(entry[0]) for entry in first.values()}, list(first.values())


@pytest.fixture(scope="module")
def games() -> list[tuple[set[str], list[tuple[Any, ...]]]]:
    return [whole_game(options) for options in TABLES]


@pytest.fixture(scope="module")
def seen_kinds(games: list[tuple[set[str], list[tuple[Any, ...]]]]) -> set[str]:
    kinds: set[str] = {REPEAT_ACTION[0]}
    for seen, _ in games:
        kinds |= seen
    aborted = aborted_event(9, "host", "a reason", "action", 3, 0)
    kinds |= {entry.kind for entry in aborted.log}
    # The game service's resignations (a seat's own, a disabled account's) and the page's own
    # line for a seat handed to a bot (js/game.js).
    game = Game.new(GameOptions(players=2, seed=1))
    for why in ("", "account_disabled"):
        kinds |= {entry.kind for entry in resigned_event(2, 1, game, 0, why=why).log}
    return kinds | {"handed_to_bot"}


def test_every_kind_seen_has_a_sentence(seen_kinds: set[str]) -> None:
    english = json.loads((I18N / "en.json").read_text("utf-8"))
    # The games did reach the kinds of every part of the rules.
    assert {"play", "tile", "generation", "game_over", "undo", "aborted", "trade"} <= seen_kinds
    assert {"prelude", "colony", "colony_removed"} <= seen_kinds
    assert {"venus", "world_government"} <= seen_kinds
    assert {"tr", "bonus", "resigned", "account_disabled"} <= seen_kinds
    # A counted kind's sentence is its plural forms (js/i18n.js tn): log.<kind>.other and the rest.
    missing = sorted(
        k for k in seen_kinds if f"log.{k}" not in english and f"log.{k}.other" not in english
    )
    assert not missing, f"log kinds without a sentence: {missing}"


# js/panels.js logLine run by node on the real dictionaries and card words (fetch reads the
# static files; no DOM is needed to word a line). A view with two named seats.
LINES_CHECK = """
const i18n = await import(root + "/js/i18n.js");
const cards = await import(root + "/js/cardwords.js");
const panels = await import(root + "/js/panels.js");
const view = { settings: { seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `P${seat}` })) } };
const out = {};
for (const lang of inputs[1]) {
  await i18n.setLanguage(lang);
  await cards.loadCardWords(lang);
  out[lang] = inputs[0].map((entry) => panels.logLine(view, entry));
}
console.log(JSON.stringify(out));
"""


def worded(entries: list[tuple[Any, ...]]) -> dict[str, list[str]]:
    """Each entry (as the engine logs it) as the page words it, in every language."""
    sent = [to_json(log_entry(entry)) for entry in entries]
    lines: dict[str, list[str]] = run_page_script(LINES_CHECK, sent, LANGUAGES)
    return lines


def test_every_line_of_the_games_is_worded_in_every_language(
    games: list[tuple[set[str], list[tuple[Any, ...]]]],
) -> None:
    entries = [entry for _, some in games for entry in some] + [REPEAT_ACTION]
    assert {"venus", "world_government", "research", "play"} <= {str(e[0]) for e in entries}
    lines = worded(entries)
    for language in LANGUAGES:
        for entry, line in zip(entries, lines[language], strict=True):
            assert not line.startswith(f"{entry[0]}:"), (language, entry, line)  # no sentence
            assert not re.search(r"\{\w+\}", line), (language, entry, line)
            assert "Seat 0" not in line, (language, entry, line)  # the World Government's seat -1
    # A card is worded by the card words: the reader's name for it, not the server's English.
    played = next(e for e in entries if e[0] == "play")
    vi_name = load("vi")["cards"][str(played[2])]["name"]
    assert vi_name != load("en")["cards"][str(played[2])]["name"]
    assert vi_name in lines["vi"][entries.index(played)]
    # The World Government's raise of Venus (seat -1) is the World Government's.
    venus = next(e for e in entries if e[0] == "venus" and e[1] == -1)
    page = json.loads((I18N / "vi.json").read_text("utf-8"))
    assert page["log.world_government.who"] in lines["vi"][entries.index(venus)]


def fill(phrase: str, params: dict[str, object]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), phrase)


def test_counted_log_lines_take_the_languages_plural_forms() -> None:
    # Belarusian: 1 card / 2-4 cards / 5 cards, each its own form; English 1 / many.
    entries = [("research", 0, n) for n in (1, 2, 5, 21)] + [
        ("lose", 1, "plants", n) for n in (1, 2, 5)
    ]
    lines = worded(entries)
    for language in ("be-tarask", "be", "en", "vi"):
        page = json.loads((I18N / f"{language}.json").read_text("utf-8"))
        forms = (
            ["one", "few", "many", "one"]
            if language.startswith("be")
            else ["one", "other", "other", "other"]
        )
        if language == "vi":
            forms = ["other"] * 4
        for n, form, line in zip((1, 2, 5, 21), forms, lines[language][:4], strict=True):
            assert line == fill(page[f"log.research.{form}"], {"0": "P0", "1": n}), (language, n)
        for n, form, line in zip((1, 2, 5), forms[:3], lines[language][4:], strict=True):
            counted = page[f"prompt.res.plants.{form}"].format(n=n)
            assert line == fill(page["log.lose"], {"0": "P1", "counted": counted}), (language, n)
    # Three Belarusian forms (карту / карты / картаў): the words differ, not the number only.
    assert len({re.sub(r"\d+", "", line) for line in lines["be-tarask"][:3]}) == 3


def test_tr_changes_bonuses_and_resignations_are_worded_in_every_language() -> None:
    """A TR change with its sign, a placement's goods ({counted} in the amount's form) and its
    cards (the count's form: Belarusian 1 / 2-4 / 5-20 / 21), resignations and a handover."""
    ns = (1, 2, 5, 21)
    entries: list[tuple[Any, ...]] = [("bonus", 0, "cards", n, 5) for n in ns]
    entries += [("bonus", 1, "steel", n, 31) for n in ns[:3]]
    entries += [("tr", 0, 1, 21), ("tr", 1, -2, 18), ("bonus", 0, "megacredits", 4, 9)]
    entries += [("resigned", 1), ("account_disabled", 0), ("handed_to_bot", 1)]
    lines = worded(entries)
    for language in LANGUAGES:
        page = json.loads((I18N / f"{language}.json").read_text("utf-8"))
        forms = {
            "be": ["one", "few", "many", "one"],
            "en": ["one", "other", "other", "other"],
        }.get(language.split("-")[0], ["other"] * 4)
        got = dict(enumerate(lines[language]))
        for i, (n, form) in enumerate(zip(ns, forms, strict=True)):
            want = fill(page[f"log.bonus.cards.{form}"], {"0": "P0", "2": n, "3": 5})
            assert got[i] == want, (language, n)
        for i, (n, form) in enumerate(zip(ns[:3], forms[:3], strict=True), start=4):
            counted = page[f"prompt.res.steel.{form}"].format(n=n)
            want = fill(page["log.bonus"], {"0": "P1", "counted": counted, "3": 31})
            assert got[i] == want, (language, n)
        assert got[7] == fill(page["log.tr"], {"0": "P0", "1": "+1", "2": 21}), language
        assert got[8] == fill(page["log.tr"], {"0": "P1", "1": "\N{MINUS SIGN}2", "2": 18})
        counted = page["prompt.res.megacredits.other"].format(n=4)
        assert got[9] == fill(page["log.bonus"], {"0": "P0", "counted": counted, "3": 9})
        for i, (kind, seat) in enumerate(
            [("resigned", "P1"), ("account_disabled", "P0"), ("handed_to_bot", "P1")], start=10
        ):
            assert got[i] == fill(page[f"log.{kind}"], {"0": seat}), (language, kind)
        if language != "en":  # translated: no English sentence left
            english = json.loads((I18N / "en.json").read_text("utf-8"))
            for key in ("log.tr", "log.bonus", "log.resigned", "log.bonus.cards.other"):
                assert page[key] != english[key], (language, key)
    # Three Belarusian forms of the cards (карту / карты / картаў), the words themselves.
    assert len({re.sub(r"\d+", "", line) for line in lines["be-tarask"][:3]}) == 3
