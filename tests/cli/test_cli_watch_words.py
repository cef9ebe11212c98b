"""`olympus game watch` tells the log in the web page's sentences: the English dictionary's
`log.<kind>` phrases, filled in as the page fills them (seats, card names, resource, project and
tile words), and never the engine's raw tuples."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from cli_support import PlayedGame, olympus, play

from olympus.client import OlympusClient
from olympus.client.logwords import AMOUNTS, BY_WHAT, COUNTS, SEAT_ARGS, SIGNED, log_line
from olympus.engine.cards.catalogue import find
from services import ServiceProcess

STATIC = Path(__file__).resolve().parents[2] / "services/olympus/web/static"
ENGLISH: dict[str, str] = json.loads((STATIC / "i18n/en.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def game(gamestate: ServiceProcess) -> PlayedGame:
    return play(gamestate.address, seed=4, steps=12)


def _expected(entry: list[int | str]) -> str:
    """The sentence the page writes for an entry, from the dictionary itself."""
    kind, args = str(entry[0]), entry[1:]
    seats = {"steal": (0, 1)}.get(kind, () if kind in {"generation", "production"} else (0,))
    words = []
    for i, arg in enumerate(args):
        card = find(arg) if isinstance(arg, str) else None
        if isinstance(arg, int) and kind == "tr" and i == 1:  # a TR change: signed
            words.append(f"+{arg}" if arg > 0 else f"\N{MINUS SIGN}{-arg}")
        elif isinstance(arg, int):
            words.append(f"seat {arg}" if i in seats else str(arg))
        elif card is not None and card.number == arg:
            words.append(card.name)
        else:
            keys = (
                f"res.{arg}",
                f"project.STANDARD_PROJECT_{arg.upper()}",
                f"tile.TILE_TYPE_{arg.upper()}",
            )
            words.append(next((ENGLISH[k] for k in keys if k in ENGLISH), arg))
    key = f"log.{kind}"
    counted = ""
    if kind == "bonus":  # a placement's goods ({counted}: "2 steel"), or its cards (counted)
        what, n = str(args[1]), args[2]
        if f"{key}.{what}.other" in ENGLISH:
            key = f"{key}.{what}.one" if n == 1 else f"{key}.{what}.other"
        else:
            form = "one" if n == 1 else "other"
            counted = ENGLISH[f"prompt.res.{what}.{form}"].replace("{n}", str(n))
    elif f"{key}.other" in ENGLISH:  # a count's sentence: its English form (the count is arg 1)
        key = f"{key}.one" if args[1] == 1 else f"{key}.other"
    sentence = ENGLISH[key].replace("{counted}", counted)
    for i in range(5):
        sentence = sentence.replace(f"{{{i}}}", words[i] if i < len(words) else "")
    return sentence.strip()


def test_watch_prints_every_log_entry_as_the_page_words_it(game: PlayedGame) -> None:
    with OlympusClient(game.address) as client:
        handle = client.spectate(game.game_id)
        until = handle.decision().version
        events = []
        for event in handle.watch():
            events.append(event)
            if event["version"] >= until:
                break
    entries = [entry for event in events for entry in event["log"]]
    kinds = {str(e[0]) for e in entries}
    assert {"corporation", "tile", "project", "pass", "generation", "production"} <= kinds
    lines = olympus(game.address, "watch", game.game_id, "--no-follow").stdout.splitlines()
    assert [line.split()[0] for line in lines if line.startswith("v")] == [
        f"v{e['version']}" for e in events
    ]
    text = "\n".join(lines)
    for event in events:
        line = next(x for x in lines if x.startswith(f"v{event['version']} "))
        for entry in event["log"]:
            assert _expected(entry) in line, (entry, line)
    # The engine's tuples ("tile 0 city 25") are gone.
    assert not re.search(r"\btile \d+ city \d+", text) and "project 0 " not in text
    assert "waiting for [" not in text  # seats named, not a Python list


def test_the_seat_arguments_are_the_pages_table() -> None:
    script = (STATIC / "js/panels.js").read_text("utf-8")
    literal = re.search(r"const SEAT_ARGS = (\{.*?\});", script)
    assert literal is not None
    page = json.loads(re.sub(r"(\w+):", r'"\1":', literal.group(1)))
    assert {k: tuple(v) for k, v in page.items()} == dict(SEAT_ARGS)


@pytest.mark.parametrize(
    ("name", "ours"),
    [("COUNTS", COUNTS), ("AMOUNTS", AMOUNTS), ("BY_WHAT", BY_WHAT), ("SIGNED", SIGNED)],
)
def test_the_counted_kinds_are_the_pages_tables(name: str, ours: Mapping[str, object]) -> None:
    script = (STATIC / "js/panels.js").read_text("utf-8")
    literal = re.search(rf"const {name} = (\{{.*?\}});", script)
    assert literal is not None, name
    page = json.loads(re.sub(r"(\w+):", r'"\1":', literal.group(1)))
    norm = {k: tuple(v) if isinstance(v, list) else v for k, v in page.items()}
    assert norm == dict(ours)


def test_every_sentence_of_the_dictionary_fills_in() -> None:
    kinds = {key.split(".")[1] for key in ENGLISH if key.startswith("log.")}
    for kind in kinds:
        line = log_line([kind, 0, 1, 2, 3, 4])
        assert "{" not in line and line, kind
    assert log_line(["tile", 1, "ocean", 25]) == "seat 1 placed a ocean on space 25"
    assert log_line(["play", 0, "072"], {0: "ada"}) == "ada played Birds"
    # A kind the dictionary has no sentence for reads as the page writes it.
    assert log_line(["brand_new", 0, "x"]) == "brand_new: seat 0, x"


def test_counts_amounts_and_the_world_government_read_as_the_page_reads_them() -> None:
    assert log_line(["research", 0, 1]) == "seat 0 bought 1 card"
    assert log_line(["research", 0, 3]) == "seat 0 bought 3 cards"
    assert log_line(["undo", 1, 1]) == "seat 1 took back 1 answer"
    assert log_line(["lose", 0, "plants", 1]) == "seat 0 lost 1 plant"
    assert log_line(["steal", 0, 1, "megacredits", 5]) == "seat 0 took 5 M€ from seat 1"
    assert log_line(["venus", -1, 8]) == "The World Government raised Venus to 8%"
    assert log_line(["world_government", 1, "ocean"]) == (
        "The World Government placed an ocean, chosen by seat 1"
    )


def test_tr_changes_bonuses_and_resignations_read_as_the_page_reads_them() -> None:
    assert log_line(["tr", 0, 1, 21]) == "seat 0's terraform rating is now 21 (+1)"
    assert log_line(["tr", 1, -2, 18]) == "seat 1's terraform rating is now 18 (\N{MINUS SIGN}2)"
    assert log_line(["bonus", 0, "steel", 2, 31]) == "seat 0 got 2 steel for placing on space 31"
    assert log_line(["bonus", 0, "plants", 1, 7]) == "seat 0 got 1 plant for placing on space 7"
    assert log_line(["bonus", 1, "megacredits", 4, 9]) == ("seat 1 got 4 M€ for placing on space 9")
    assert log_line(["bonus", 0, "cards", 1, 5]) == "seat 0 drew 1 card for placing on space 5"
    assert log_line(["bonus", 0, "cards", 2, 5]) == "seat 0 drew 2 cards for placing on space 5"
    assert log_line(["resigned", 1], {1: "ada"}) == "ada resigned; a bot plays the seat from now on"
    assert log_line(["account_disabled", 0]) == (
        "seat 0's account was disabled; a bot plays the seat from now on"
    )
