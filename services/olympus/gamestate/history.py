"""A game's history: its answer log, the events rebuilt from it, and its public form.

The log holds every answer (and resignation) in order; from the game's start (dealt from its
options, or set up from its position: `GameMeta.start`) it rebuilds the game and every event it
made. While a game runs it is shown only in public form: no seed, and
answers that chose hidden cards told only as how many cards were chosen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from olympus.engine import Game
from olympus.engine.game import coerce_answer
from olympus.engine.undo import parse_undo
from olympus.v1 import game_pb2 as pb

from . import store as st
from .events import (
    HIDDEN_ANSWERS,
    aborted_event,
    answer_event,
    created_event,
    resigned_event,
    undo_event,
)
from .meta import GameMeta
from .records import RESIGN, Logged

REPLAY_FORMAT = "olympus-replay/1"
PUBLIC_LOG_FORMAT = "olympus-public/1"


@dataclass(frozen=True, slots=True)
class Log:
    meta: GameMeta
    answers: list[Logged]
    status: str
    version: int
    result: dict[str, Any] | None  # once finished
    aborted_by: str = ""  # once aborted: "host" or "inactivity" (see `ending`)
    note: str = ""  # the host's reason for aborting, if given

    @property
    def finished(self) -> bool:
        return self.status == st.STATUS_FINISHED

    @property
    def ended(self) -> bool:
        return self.status in st.ENDED

    def rebuild(self) -> Game:
        game = self.meta.start()  # dealt or set up as it was, under the rules it was played by
        for a in self.answers:
            if not a.is_resignation:
                game.replay_step(a.seat, a.text, a.own)
        return game

    def resigned(self) -> dict[int, int]:
        return {a.seat: a.version for a in self.answers if a.is_resignation}


def replay_events(game_log: Log) -> Iterator[pb.GameEvent]:
    """The events of a game rebuilt from its answers (for events the stream no longer
    keeps); identical to the stored ones except for their times."""
    meta = game_log.meta
    live = meta.realtime_scoring
    game = meta.start()
    yield created_event(game, 0, live)
    timeouts = [0] * meta.options.players
    for a in game_log.answers:
        if a.is_resignation:
            yield resigned_event(a.version, a.seat, game, 0, live)
            continue
        undo = a.undo
        if undo is not None:
            game.undo(a.seat, undo.count)
            yield undo_event(a.version, a.seat, undo.count, game, 0, live)
            continue
        answer = coerce_answer(a.text)
        game.apply(a.seat, answer, a.own)
        event = answer_event(a.version, a.seat, answer, game, a.bot, 0, live)
        if a.timed_out:
            timeouts[a.seat] += 1
            event.timed_out = True
            event.handed_to_bot = timeouts[a.seat] == meta.time_control.timeouts_before_bot
        yield event
    if game_log.status == st.STATUS_ABORTED:
        yield aborted_event(
            game_log.version, game_log.aborted_by, game_log.note, game.phase, game.generation, 0
        )


def hidden_count(text: str) -> int | None:
    """For a logged answer that chose hidden cards, how many; None for a public answer."""
    if text == RESIGN or parse_undo(text) is not None:
        return None
    answer = coerce_answer(text)
    if answer.kind not in HIDDEN_ANSWERS:
        return None
    cards: tuple[int, ...] = getattr(answer, "cards", ())
    return len(cards)
