"""A seat's answer (SubmitAction): authenticate the token (it decides the seat), take the game
at the version the client saw, let the engine check the answer and apply it to a copy, then
commit state, version, answer log, public event and idempotency record in one compare-and-set.
Nothing is written unless everything is; a refusal leaves the game as it was.

The common path is one Redis round trip: the held state is the version the client names, and
the commit itself checks the idempotency key and the version. Otherwise the load that checks
the held version also reads the key's record, in the same trip.
"""

from __future__ import annotations

import re

from olympus.engine import Answer
from olympus.engine.errors import MalformedAction, OlympusError
from olympus.engine.game import coerce_answer
from olympus.platform.errors import (
    Conflict,
    InvalidArgument,
)
from olympus.v1 import game_pb2 as pb

from . import store as st
from .convert import answer_from_proto
from .events import answer_event
from .game_values import Loaded, Submitted, key_reused, now_ms, over_error, played_by_table
from .held import HeldGames
from .meta import GameMeta
from .records import Keyed, Seen

IDEMPOTENCY_KEY_RE = re.compile(r"[\x21-\x7e]{1,128}")  # printable ASCII, no spaces
# A simultaneous answer that loses its compare-and-set to another seat's is retried this often.
SIMULTANEOUS_RETRIES = 8


class Answering(HeldGames):
    async def submit(
        self,
        game_id: str,
        token: str,
        expected_version: int,
        key: str,
        answer_input: pb.Answer | str | None,
    ) -> Submitted:
        meta, seat = await self.seat_token(
            game_id, token, "SubmitAction", "the host token cannot answer; use a seat token"
        )
        check_request(key, expected_version)
        answer = parse_answer(answer_input)  # MalformedAction -> INVALID_ARGUMENT
        idem = Keyed(st.idem_field(seat, key), request_digest(expected_version, answer))
        for _ in range(SIMULTANEOUS_RETRIES):
            done = await self._submit_once(meta, seat, expected_version, idem, answer)
            if done is not None:
                return done
        raise Conflict("the game keeps moving; read the decision again", reason="TRY_AGAIN")

    async def _submit_once(
        self,
        meta: GameMeta,
        seat: int,
        expected_version: int,
        idem: Keyed,
        answer: Answer,
    ) -> Submitted | None:
        """One attempt; None when a simultaneous answer of another seat won the race and this
        one should be tried again on the new version."""
        game_id = meta.game_id
        now = self._states.get(game_id)
        if now is None or now.version != expected_version:
            # Not the version held: ask Redis (the held state, unless it moved on) and whether
            # this key was used before, in one trip.
            now, seen = await self.fetch(meta, idem)
            if seen is not None:
                return await self._replayed(meta, seat, idem, seen)
            if now is None or now.status == st.STATUS_ABORTED:
                raise over_error(game_id, now.status if now is not None else "")
            # A seat the table plays now (resigned, handed to a bot) is told so whatever
            # version it names: told "stale", it would read its decision and try again for
            # as long as the bots keep the game moving.
            seat_gone = seat in now.table.resigned or seat in now.table.robots
            if (
                now.version != expected_version
                and not seat_gone
                and not still_valid(now, seat, expected_version)
            ):
                raise stale_error(now.version, expected_version)
        if seat in now.table.resigned or seat in now.table.robots:
            raise played_by_table(now.table, seat)
        try:
            # Checked on the held game's decisions (computed once for every reader of the
            # version), then applied unchecked to a copy: the held game stays as it is.
            now.game.decision_for(seat).check(answer)
        except OlympusError:
            # Before refusing, make sure this is not a retry of an answer that was applied,
            # and that the game is still where the (held) state said.
            head = await self.store.head(game_id, idem)
            if head.seen is not None:
                return await self._replayed(meta, seat, idem, head.seen)
            if head.status in ("", st.STATUS_ABORTED):
                self._states.drop(game_id)
                raise over_error(game_id, head.status) from None
            if head.version != now.version:
                self._states.drop(game_id)  # the held state is behind: not trusted again
                return None  # the game moved meanwhile: judge the answer again there
            raise
        update = now.table.begin(now.version + 1, seat, now.game)
        game = now.game.clone()
        game.push(seat, answer)
        new_version = now.version + 1
        text = str(answer)
        at = now_ms()
        table = update.finish(game, at, meta.time_control)
        event = answer_event(new_version, seat, answer, game, False, at, meta.realtime_scoring)
        after = Loaded(new_version, game, table)
        outcome = await self._commit(meta, now.version, seat, text, False, after, event, idem)
        if outcome.kind == st.REUSED:
            raise key_reused(outcome.version)
        if outcome.kind == st.DUPLICATE:
            return await self._replayed(meta, seat, idem, Seen(outcome.version, idem.digest))
        if outcome.kind == st.STALE:
            self._states.drop(game_id)  # the held state is behind: not trusted again
            return None  # re-read: accepted there if this seat's decision is unchanged
        if outcome.kind in (st.MISSING, st.OVER):
            self._states.drop(game_id)
            raise over_error(game_id, await self._status(game_id))
        self._dispatch_bots(meta, after)
        return Submitted(new_version, event, text, False)


def still_valid(now: Loaded, seat: int, expected_version: int) -> bool:
    """An answer chosen at `expected_version` may apply at `now` (a later version) when the
    seat's own pending decision has not changed in between."""
    return (
        expected_version < now.version
        and seat in now.game.waiting_for()
        and now.table.decision_unchanged(seat, expected_version)
    )


def stale_error(current: int, expected: int) -> Conflict | InvalidArgument:
    if expected > current:
        # No reply ever named that version: a client's bug, not a race; reading the
        # decision again would not make it right.
        return InvalidArgument(
            f"expected_version {expected} is ahead of the game, which is at version "
            f"{current}: send the version a reply or an event gave you",
            reason="VERSION_AHEAD",
            metadata={"current_version": str(current), "expected_version": str(expected)},
        )
    return Conflict(
        f"the game is at version {current}, not {expected}: read the decision again",
        metadata={"current_version": str(current)},
    )


def request_digest(expected_version: int, answer: Answer) -> str:
    """What an idempotency key is bound to: the answer (canonical text) and its version."""
    return st.short_digest(f"{expected_version} {answer}")


def check_request(key: str, expected_version: int) -> None:
    """The idempotency key and version every writing call names."""
    if not IDEMPOTENCY_KEY_RE.fullmatch(key):
        raise InvalidArgument(
            "idempotency_key must be 1-128 printable ASCII characters",
            reason="INVALID_IDEMPOTENCY_KEY",
        )
    if expected_version < 1:
        raise InvalidArgument(
            "expected_version must be the version you saw (1 or more)",
            reason="INVALID_VERSION",
            field="expected_version",
        )


def parse_answer(answer: pb.Answer | str | None) -> Answer:
    """A structured answer or its text notation, as the engine's answer."""
    if isinstance(answer, pb.Answer):
        return answer_from_proto(answer)
    if isinstance(answer, str):
        return coerce_answer(answer)
    raise MalformedAction("no answer: set `structured` or `text`")
