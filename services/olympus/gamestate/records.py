"""The values the game store reads and writes, and the answer log's stored form.

A plain log entry is ``<seat>[b][t]:<answer text>`` ("b" when a bot answered, "t" when the
seat's time ran out and the table's timeout policy answered for it), its version given
by its place in the log. Two texts are not answers: "resign", and "undo <count>" (the seat
took back its latest answers, tables with the undo option). A packed entry is CHUNK_MARK + zlib of LOG_CHUNK plain entries joined
by newlines. Entries written before the compact form, JSON ``[version, seat, text, bot]``, are
still read.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import orjson

from olympus.engine.undo import Undo, parse_undo

RESIGN = "resign"  # the log's text for a resignation (not an engine answer; a replay skips it)
CHUNK_MARK = b"z"  # first byte of a packed log entry (a plain one starts with the seat digit)


def log_entry(seat: int, text: str, bot: bool, timed_out: bool = False) -> bytes:
    return f"{seat}{'b' if bot else ''}{'t' if timed_out else ''}:{text}".encode()


@dataclass(frozen=True, slots=True)
class Logged:
    version: int  # the version the answer made
    seat: int
    text: str
    bot: bool
    timed_out: bool = False

    @property
    def is_resignation(self) -> bool:
        return self.text == RESIGN

    @property
    def undo(self) -> Undo | None:
        """The answers taken back, when this entry is an undo (not an answer)."""
        return parse_undo(self.text)

    @property
    def own(self) -> bool:
        """The seat answered itself (neither a bot nor the timeout policy answered for it)."""
        return not (self.bot or self.timed_out)


def unpack_log(chunks: list[bytes], tail: list[bytes]) -> list[Logged]:
    entries = [e for c in chunks for e in zlib.decompress(c[len(CHUNK_MARK) :]).split(b"\n")]
    entries += tail
    out = []
    for i, entry in enumerate(entries):
        if entry.startswith(b"["):  # written before the compact form: [version, seat, text, bot]
            version, seat, text, bot = orjson.loads(entry)
            out.append(Logged(version, seat, text, bot))
            continue
        head, _, text = entry.decode().partition(":")
        seat = head.rstrip("bt")
        flags = head[len(seat) :]
        out.append(Logged(2 + i, int(seat), text, "b" in flags, "t" in flags))
    return out


@dataclass(frozen=True, slots=True)
class Summary:
    """The fields of the game hash a commit updates (what ListGames shows without the state)."""

    status: str
    generation: int
    phase: str
    waiting: bytes  # JSON list of seats
    updated_ms: int


@dataclass(frozen=True, slots=True)
class Keyed:
    """An answer's idempotency key, as its field in the game's idempotency hash, and the
    digest of the request it came with."""

    field: str
    digest: str


@dataclass(frozen=True, slots=True)
class Seen:
    """What an idempotency key was used for: the version it made, and for which request."""

    version: int
    digest: str

    @classmethod
    def parse(cls, value: bytes | None) -> Seen | None:
        if value is None:
            return None
        version, _, digest = value.decode().partition(":")
        return cls(int(version), digest)


@dataclass(frozen=True, slots=True)
class Loaded:
    version: int  # 0 when the state is absent (no such game)
    state: bytes | None
    status: str  # "" when the game does not exist (any more)
    seen: Seen | None  # set when the idempotency key asked about was used before
    updated: int = 0  # ms of the write that made this version (with it, names the state)
    unchanged: bool = False  # the state is the one the caller holds: not sent (`state` None)


@dataclass(frozen=True, slots=True)
class Head:
    version: int
    status: str  # "" when the game does not exist (any more)
    seen: Seen | None


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: int  # APPLIED, DUPLICATE, STALE, MISSING, REUSED, OVER or BUSY
    version: int


@dataclass(frozen=True, slots=True)
class LogRecord:
    """A game's answer log with the fields of its hash that go with it, read at one version."""

    status: str  # "" when the game does not exist (any more)
    version: int
    result: bytes | None
    reason: str  # why it was aborted
    note: str  # the host's words when aborting
    answers: list[Logged]


@dataclass(frozen=True, slots=True)
class StreamHead:
    """What a watcher's stream read learns of the game at the same instant."""

    version: int  # 0: no such game (any more)
    ended: bool  # no longer active (finished, or any end another status tells): no more events
