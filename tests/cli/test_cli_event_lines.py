"""`olympus watch`'s line for an event that answers nothing: a resignation or an abort reads as
its log sentence, not as an empty answer of seat 0 ("v9 seat 0: — ...")."""

from __future__ import annotations

from olympus.client.text import event_text


def event(
    kind: str, version: int, seat: int, log: list[list[object]], **rest: object
) -> dict[str, object]:
    return {
        "kind": kind,
        "version": version,
        "seat": seat,
        "bot": False,
        "log": log,
        "waiting_for": rest.get("waiting_for", []),
        "finished": rest.get("finished", False),
    }


def test_a_resignation_reads_as_its_sentence() -> None:
    line = event_text(event("resigned", 7, 1, [["resigned", 1]], waiting_for=[0]), {1: "Bob"})
    assert line == "v7 — Bob resigned; a bot plays the seat from now on | waiting for seat 0"


def test_an_abort_reads_as_its_sentence() -> None:
    line = event_text(event("aborted", 9, 0, [["aborted", "host", "late"]], finished=True))
    assert line == "v9 — The game was aborted (host) late | game over"


def test_an_answer_still_names_its_seat() -> None:
    answered = event("answer", 4, 1, [["pass", 1]], waiting_for=[0])
    answered["answer"] = {"text": "pass"}
    assert event_text(answered, {1: "Bob"}) == "v4 seat 1: pass — Bob passed | waiting for seat 0"
