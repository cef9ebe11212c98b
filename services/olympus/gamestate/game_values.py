"""The values the game service's work passes around (a game as loaded, a created game, an
answer's result) and the small rules they follow: game ids, the stored blob's form, which
refusal an ended game gives."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Protocol

import orjson

from olympus.engine import Game
from olympus.engine.errors import GameFinished
from olympus.platform.errors import Conflict, FailedPrecondition, InvalidArgument, NotFound, quote
from olympus.v1 import game_pb2 as pb

from . import store as st
from .lru import state_bytes
from .meta import GameMeta
from .records import Summary
from .table import Table

# Matched whole (`fullmatch`: `$` would let a final newline through), ASCII classes only (`\d`
# takes every script's digits).
GAME_ID_RE = re.compile(r"[0-9a-f]{16}")
RESIGNED_BOT = "random"  # the bot that plays a resigned seat, or one handed to a bot


class BotDispatcher(Protocol):
    """Hands a game whose decision waits for a bot-played seat to the workers (a Celery task
    in production). Must not block: the caller is on the answer path. A dispatch that is lost
    is made good by the game's timer (clocks.BOT_GRACE_MS)."""

    def bot_turn(self, game_id: str, version: int) -> None: ...


def now_ms() -> int:
    return int(time.time() * 1000)


def check_game_id(game_id: str) -> None:
    if not GAME_ID_RE.fullmatch(game_id):
        raise InvalidArgument(
            f"not a game id: {quote(game_id)} (16 hex digits)", reason="INVALID_GAME_ID"
        )


@dataclass(frozen=True, slots=True)
class Created:
    meta: GameMeta
    tokens: dict[int, str]  # seat -> token, human seats only
    host_token: str
    version: int  # 1: bot seats answer through the workers, after CreateGame returns


@dataclass(frozen=True, slots=True)
class Current:
    """A game at a version, as loaded for one caller."""

    meta: GameMeta
    version: int
    game: Game
    viewer: int | None  # the caller's seat, None for a spectator or the host
    table: Table
    status: str  # store.STATUS_*: an aborted game's engine state still waits for answers


@dataclass(frozen=True, slots=True)
class Loaded:
    """A game at a version. Its engine game is never changed once it is in a cache or handed
    to a caller (an answer is applied to a clone): every reader of the version shares it."""

    version: int
    game: Game
    table: Table
    status: str = st.STATUS_ACTIVE
    packed: int = 0  # the length of its packed state (pack_blob), when known: its cache weight
    updated: int = 0  # ms of the write that made the version (0: unknown, never matched)


def loaded_bytes(loaded: Loaded) -> int:
    """What a cached state is estimated to take in memory (the state caches' weight)."""
    return state_bytes(loaded.packed)


@dataclass(frozen=True, slots=True)
class Identity:
    game_id: str
    seat: int  # HOST for the host token
    resigned: bool


@dataclass(frozen=True, slots=True)
class Submitted:
    version: int
    event: pb.GameEvent | None
    answer: str
    replayed: bool


def summary_of(game: Game) -> Summary:
    return Summary(
        status=st.STATUS_FINISHED if game.is_over else st.STATUS_ACTIVE,
        generation=game.generation,
        phase=game.phase,
        waiting=orjson.dumps(game.waiting_for()),
        updated_ms=now_ms(),
    )


def pack_blob(table: Table, game: Game) -> bytes:
    """The `state` value (after its version): the table, then the engine's bytes."""
    return table.pack() + b";" + game.to_bytes()


def unpack_blob(blob: bytes) -> tuple[Table, Game]:
    head, _, raw = blob.partition(b";")
    return Table.unpack(head), Game.from_bytes(raw)


def key_reused(version: int) -> Conflict:
    return Conflict(
        f"this idempotency key was used for another answer (version {version})",
        reason="IDEMPOTENCY_KEY_REUSED",
        metadata={"version": str(version)},
    )


def over_error(game_id: str, status: str) -> Exception:
    """The refusal for a call that needs an active game, by the game's status."""
    if status == st.STATUS_ABORTED:
        return FailedPrecondition("the game was aborted", reason="GAME_ABORTED")
    if status == st.STATUS_FINISHED:
        return GameFinished("the game is over")
    return NotFound(f"no game {game_id}", reason="GAME_NOT_FOUND")


def played_by_table(table: Table, seat: int) -> FailedPrecondition:
    """The refusal for a seat the table plays now (resigned, or handed to a bot)."""
    if seat in table.resigned:
        return FailedPrecondition("this seat resigned", reason="SEAT_RESIGNED")
    return FailedPrecondition(
        "this seat's time ran out too often: a bot plays it now", reason="SEAT_HANDED_TO_BOT"
    )
