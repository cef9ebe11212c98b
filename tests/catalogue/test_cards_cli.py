"""`olympus cards ...` run as a person runs it: a subprocess, its output and exit status."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from olympus.engine.cards.catalogue import all_cards


def olympus(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "olympus.cli", *args], capture_output=True, text=True, timeout=60
    )


def json_lines(text: str) -> list[dict]:
    """JSON Lines: one object per line, as docs/services/catalogue.md promises for `cards list --json`."""
    lines = text.splitlines()
    assert lines and all(line.startswith("{") and line.endswith("}") for line in lines), text[:200]
    return [json.loads(line) for line in lines]


def test_list_json_gives_the_filtered_cards_with_structured_requirements_and_vp():
    run = olympus("cards", "list", "--module", "base", "--tag", "space", "--json")
    assert run.returncode == 0, run.stderr
    cards = json_lines(run.stdout)
    expected = {c.number for c in all_cards().values() if c.module == "base" and "space" in c.tags}
    assert [c["number"] for c in cards] == sorted(expected)
    for c in cards:
        assert {
            "number",
            "name",
            "module",
            "kind",
            "type",
            "cost",
            "tags",
            "requirements",
            "vp",
        } <= c.keys()
        assert c["module"] == "base" and "space" in c["tags"]
    by_number = {c["number"]: c for c in cards}
    assert by_number["009"]["name"] == "Asteroid" and by_number["009"]["cost"] == 14
    assert by_number["009"]["requirements"] == [] and by_number["009"]["vp"] is None
    shuttles = by_number["166"]
    assert shuttles["requirements"] == [
        {"kind": "oxygen", "subject": None, "minimum": 5, "maximum": None, "text": "oxygen>=5"}
    ]
    assert shuttles["vp"] == {"kind": "fixed", "points": 1, "per": 1, "subject": None, "text": "1"}
    europa = by_number["012"]
    assert europa["vp"] == {
        "kind": "per_tag",
        "points": 1,
        "per": 1,
        "subject": "jovian",
        "text": "1 per jovian tag",
    }


def test_list_combines_type_kind_cost_and_search_filters():
    run = olympus(
        "cards",
        "list",
        "--kind",
        "project",
        "--type",
        "event",
        "--min-cost",
        "20",
        "--max-cost",
        "30",
        "--search",
        "asteroid",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    cards = json_lines(run.stdout)
    assert cards
    for c in cards:
        assert c["kind"] == "project" and c["type"] == "event" and 20 <= c["cost"] <= 30
    assert "Big Asteroid" in {c["name"] for c in cards}


def test_list_without_json_prints_a_table_with_a_count():
    run = olympus("cards", "list", "--tag", "jovian", "--type", "event")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == [
        "number",
        "name",
        "module",
        "type",
        "cost",
        "tags",
        "requirements",
        "vp",
    ]
    expected = sum(1 for c in all_cards().values() if "jovian" in c.tags and c.is_event)
    assert lines[-1] == f"{expected} card{'s' if expected != 1 else ''}"
    assert len(lines) == expected + 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--module", "promo"], "unknown module 'promo'"),
        (["--tag", "moon"], "unknown tag 'moon'"),
        (["--type", "blue"], "unknown type 'blue'"),
        (["--kind", "ceo"], "unknown kind 'ceo'"),
        (["--min-cost", "-2"], "expected a whole number in ASCII digits, got '-2'"),
        (["--min-cost", "9", "--max-cost", "3"], "min_cost 9 is greater than max_cost 3"),
        (["--max-cost", "ten"], "expected a whole number in ASCII digits, got 'ten'"),
        # What int() would take, but is not how a number is written here.
        (["--max-cost", "\u0664\u0665"], "expected a whole number in ASCII digits"),
        (["--max-cost", "4_5"], "expected a whole number in ASCII digits"),
        (["--max-cost", "+45"], "expected a whole number in ASCII digits"),
        (["--max-cost", "45\n"], "expected a whole number in ASCII digits"),
        (["--max-cost", " 45"], "expected a whole number in ASCII digits"),
        (["--module", "base\n"], "unknown module"),
    ],
)
def test_a_bad_filter_exits_2_with_a_message_on_stderr(args, message):
    run = olympus("cards", "list", *args, "--json")
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""


def test_show_json_gives_one_card_by_number_or_name():
    by_number = olympus("cards", "show", "R08", "--json")
    by_name = olympus("cards", "show", "credicor", "--json")
    assert by_number.returncode == by_name.returncode == 0
    card = json.loads(by_number.stdout)
    assert card == json.loads(by_name.stdout)
    assert (card["number"], card["name"], card["kind"], card["cost"]) == (
        "R08",
        "CrediCor",
        "corporation",
        None,
    )
    assert card["starting_megacredits"] == 57


def test_show_without_json_prints_the_cards_facts():
    run = olympus("cards", "show", "72")
    assert run.returncode == 0, run.stderr
    facts = dict(line.strip().split(": ", 1) for line in run.stdout.splitlines())
    assert facts["name"] == "Birds" and facts["requirements"] == "oxygen>=13"
    assert facts["victory points"] == "1 per animal" and facts["holds"] == "animal"


def test_show_of_an_unknown_card_exits_1_with_a_message():
    run = olympus("cards", "show", "No Such Card")
    assert run.returncode == 1
    assert "no card numbered or named 'No Such Card'" in run.stderr


def test_list_json_piped_into_head_stops_quietly():
    """`olympus cards list --json | head -3`: three cards, no BrokenPipeError traceback."""
    run = subprocess.run(
        f"'{sys.executable}' -m olympus.cli cards list --json | head -3",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        executable="/bin/bash",
    )
    assert run.returncode == 0
    assert len(json_lines(run.stdout)) == 3
    assert run.stderr == ""


def test_a_closed_pipe_ends_any_command_quietly():
    """The reader goes away before the first line: the writer exits with SIGPIPE's status and
    prints nothing on stderr (no traceback, no "Exception ignored")."""
    for args in (["cards", "list"], ["cards", "show", "009", "--json"], ["--help"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "olympus.cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # nobody reads: the first write fails
        stderr = proc.stderr.read().decode()
        status = proc.wait(60)
        assert "Traceback" not in stderr and "BrokenPipe" not in stderr, stderr
        assert status in (0, 141), (args, status, stderr)


@pytest.mark.parametrize("number", ["\u0660\u0660\u0669", " 009", "009\n", "R\u06608"])
def test_show_does_not_read_other_spellings_of_a_number(number):
    run = olympus("cards", "show", number)
    assert run.returncode == 1
    assert "no card numbered or named" in run.stderr
