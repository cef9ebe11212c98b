"""The public events of a game: what every watcher may know after each version.

An event tells the version, who answered and the public form of the answer, the engine's log
for that answer (tiles, parameters, cards played, passes: public facts), whom the game waits
for now, the phase and generation, and the result on the event that ends the game. Answers
that choose hidden cards (setup, research buys, draft picks, kept cards...) are told only as
how many cards were chosen. On a table with realtime scoring, every event but the "aborted"
one also carries each seat's score as if the game ended after it.
"""

from __future__ import annotations

from olympus.api.vocab import ANSWER_KINDS, EVENT_KINDS, PHASES, value_of
from olympus.engine import Answer, Game
from olympus.v1 import game_pb2 as pb

from .convert import answer_to_proto, log_entry, result_to_proto
from .livescore import live_score

# Answers whose cards only the answering seat may know.
HIDDEN_ANSWERS = frozenset({"setup", "cards"})


def public_answer(answer: Answer) -> pb.PublicAnswer:
    kind = answer.kind
    if kind in HIDDEN_ANSWERS:
        cards: tuple[int, ...] = getattr(answer, "cards", ())
        return pb.PublicAnswer(type=value_of(ANSWER_KINDS, kind), hidden=True, count=len(cards))
    return pb.PublicAnswer(
        type=value_of(ANSWER_KINDS, kind), answer=answer_to_proto(answer), text=str(answer)
    )


def _fill(event: pb.GameEvent, game: Game, live: bool) -> pb.GameEvent:
    event.log.extend(log_entry(e) for e in game.log)
    event.waiting_for.extend(game.waiting_for())
    event.phase = value_of(PHASES, game.phase)
    event.generation = game.generation
    if game.is_over:
        event.finished = True
        event.result.CopyFrom(result_to_proto(game.result()))
    if live:
        event.live_score.CopyFrom(live_score(game))
    return event


def created_event(game: Game, time_ms: int, live: bool = False) -> pb.GameEvent:
    """Version 1. `live` (here and below): the table shows live scores (realtime scoring)."""
    return _fill(
        pb.GameEvent(
            version=1,
            kind=value_of(EVENT_KINDS, "created"),
            time_ms=time_ms,
        ),
        game,
        live,
    )


def resigned_event(
    version: int, seat: int, game: Game, time_ms: int, live: bool = False, why: str = ""
) -> pb.GameEvent:
    """A seat resigned at `version`; the table's bot plays it from now on. Its log entry says
    so, for every watcher (the page, the command line): "resigned" for the seat's own
    resignation, else `why` ("account_disabled": the table took the seat over), the seat its
    argument."""
    event = pb.GameEvent(
        version=version,
        kind=value_of(EVENT_KINDS, "resigned"),
        seat=seat,
        time_ms=time_ms,
        log=[pb.LogEntry(kind=why or "resigned", args=[pb.LogArg(number=seat)])],
    )
    event.waiting_for.extend(game.waiting_for())
    event.phase = value_of(PHASES, game.phase)
    event.generation = game.generation
    if live:
        event.live_score.CopyFrom(live_score(game))
    return event


def answer_event(
    version: int,
    seat: int,
    answer: Answer,
    game: Game,
    bot: bool,
    time_ms: int,
    live: bool = False,
) -> pb.GameEvent:
    """The event for the answer that made `version`; `game` is the game after it."""
    event = pb.GameEvent(
        version=version,
        kind=value_of(EVENT_KINDS, "answer"),
        seat=seat,
        bot=bot,
        answer=public_answer(answer),
        time_ms=time_ms,
    )
    return _fill(event, game, live)


def undo_event(
    version: int, seat: int, count: int, game: Game, time_ms: int, live: bool = False
) -> pb.GameEvent:
    """`seat` took back its last `count` answers, making `version`; `game` is the game after.
    Public only: the count, and whom the restored game waits for (the answers taken back
    revealed nothing, so neither can taking them back)."""
    event = pb.GameEvent(
        version=version,
        kind=value_of(EVENT_KINDS, "undo"),
        seat=seat,
        time_ms=time_ms,
    )
    return _fill(event, game, live)


def aborted_event(
    version: int, by: str, note: str, phase: str, generation: int, time_ms: int
) -> pb.GameEvent:
    """The last event of an aborted game: who ended it ("host" or "inactivity") and the host's
    reason, if given, as its log entry. Nobody is waited for any more, and `finished` is set
    like on the event that ends a game: no event comes after it."""
    entry = pb.LogEntry(kind="aborted", args=[pb.LogArg(text=by)])
    if note:
        entry.args.append(pb.LogArg(text=note))
    return pb.GameEvent(
        version=version,
        kind=value_of(EVENT_KINDS, "aborted"),
        log=[entry],
        phase=value_of(PHASES, phase),
        generation=generation,
        finished=True,
        time_ms=time_ms,
    )


def stamp(event: pb.GameEvent) -> None:
    """Set `event_time` from `time_ms` on an event the caller owns, as it goes out. Stored
    events carry only time_ms: the Timestamp would cost ~12 bytes an event in Redis, 5 KB a
    game."""
    if event.time_ms and not event.HasField("event_time"):
        event.event_time.FromMilliseconds(event.time_ms)


def read_event(raw: bytes) -> pb.GameEvent:
    """A stored (or published) event as it goes out: decoded, its `event_time` set. Every event
    a watcher gets is read here once, before it is shared."""
    event = pb.GameEvent.FromString(raw)
    stamp(event)
    return event
