"""The undo table option: a seat takes back its own most recent answers.

What may be taken back: the answering seat's own answers (not a bot's or a timeout's made for
it), made since the last answer of another seat, none of which revealed anything: no card
drawn or revealed (the deck changed), no prelude drawn (the prelude deck changed: Valley
Trust's first action shows three), no shuffle or random outcome (the generator moved), no
change to another seat's hidden cards (hands, dealt, drafted, preludes: a draft passing hands,
the end of setup showing every corporation), and not the end of the game. Taking back such
answers tells nobody anything new, and the state after it is exactly the state before them.

How: the state keeps one `UndoWindow`: a copy of the state before the seat's first answer that
can still be taken back, and that answer and the later ones (text notation). Taking back `n`
of them restores the copy and plays the others again: the engine is deterministic and those
answers drew nothing, so the replay lands on exactly the earlier state. An answer that cannot
be taken back, or another seat's answer, closes the window.

Memory bound: one copy of the state (the size of a save) and at most UNDO_LIMIT answers. A
longer run of undoable answers (a solo game's long turn) moves the copy on by one answer, so
only the latest UNDO_LIMIT can be taken back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .actions import Answer, parse
from .interpreter import resolve
from .state import GameState, UndoWindow

UNDO_LIMIT = 16
# Log kinds that tell a fact nobody knew (a card drawn, a card revealed from the deck).
REVEALING_LOG = frozenset({"draw", "reveal"})
_UNDO_TEXT = re.compile(r"undo ([1-9][0-9]{0,5})")

HiddenFacts = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """A taken-back entry of a game's history: `seat` took back its last `count` answers.
    Its text ("undo 2") is how answer logs and replays record it; it is not an answer."""

    count: int

    def __str__(self) -> str:
        return f"undo {self.count}"


def parse_undo(text: str) -> Undo | None:
    """The Undo a log entry's text records, or None for any other text (an answer)."""
    match = _UNDO_TEXT.fullmatch(text)
    return Undo(int(match.group(1))) if match else None


def hidden_facts(g: GameState, seat: int) -> HiddenFacts:
    """What `seat` does not know before its answer: the generator, the deck and the prelude
    deck, the other seats' secret cards. An answer after which any of it differs revealed
    something."""
    others = tuple(
        (
            tuple(p.hand),
            tuple(p.dealt),
            tuple(p.draft_hand),
            tuple(p.drafted),
            tuple(p.dealt_corps),
            tuple(p.preludes),
        )
        for p in g.players
        if p.seat != seat
    )
    return (g.rng, tuple(g.deck), tuple(g.prelude_deck), others)


def revealed(g: GameState, seat: int, before: HiddenFacts) -> bool:
    """Did the answer just made tell anything that was hidden (or end the game)?"""
    if g.phase == "ended" or hidden_facts(g, seat) != before:
        return True
    return any(entry[0] in REVEALING_LOG for entry in g.log)


def snapshot(g: GameState) -> GameState:
    """A copy of `g` (as plain state) to restore later; it keeps no window of its own."""
    base = GameState.__new__(GameState)
    g.copy_into(base)
    base.undo_window = None
    return base


def raw_push(g: GameState, seat: int, answer: Answer) -> None:
    """Apply a legal answer (unchecked), without any undo bookkeeping."""
    g._cache = None
    g.log = []
    g.decisions_made += 1
    resolve(g, seat, answer)


def push_recorded(g: GameState, seat: int, answer: Answer, own: bool) -> None:
    """Apply a legal answer and keep the window up to date. `own`: the seat itself answered
    (a bot's or the timeout policy's answer for it cannot be taken back)."""
    window = g.undo_window
    base = None
    if own and (window is None or window.seat != seat):
        base = snapshot(g)
    before = hidden_facts(g, seat)
    raw_push(g, seat, answer)
    if not own or revealed(g, seat, before):
        g.undo_window = None
    elif base is not None:
        g.undo_window = UndoWindow(seat, base, (str(answer),))
    else:
        assert window is not None
        g.undo_window = _bounded(UndoWindow(seat, window.base, (*window.answers, str(answer))))


def _bounded(window: UndoWindow) -> UndoWindow:
    """Keep at most UNDO_LIMIT answers: the oldest goes into the copy."""
    if len(window.answers) <= UNDO_LIMIT:
        return window
    base = snapshot(window.base)
    raw_push(base, window.seat, parse(window.answers[0]))
    return UndoWindow(window.seat, base, window.answers[1:])


def undoable(g: GameState, seat: int) -> int:
    """How many answers `seat` may take back now."""
    window = g.undo_window
    if window is None or window.seat != seat or g.phase == "ended":
        return 0
    return len(window.answers)


def take_back(g: GameState, seat: int, count: int) -> None:
    """Restore the state before `seat`'s last `count` answers (count already checked)."""
    window = g.undo_window
    assert window is not None and 1 <= count <= len(window.answers)
    window.base.copy_into(g)
    g.undo_window = None
    for text in window.answers[:-count]:
        push_recorded(g, seat, parse(text), True)
    g._cache = None
    g.log = [("undo", seat, count)]
