"""What the service keeps per game beside the engine's state: for each seat, the version at
which its pending decision appeared, and the seats that resigned.

`since` is what lets several seats answer at once in the simultaneous phases (setup, research,
draft): an answer chosen at version v is still valid at a later version when the seat's own
pending decision has not changed since v, that is when `since[seat] <= v`. It is computed after
every write by comparing each waiting seat's decision before and after (only seats that were
waiting both times and did not answer need comparing; in the action phase that is nobody).

It is stored in front of the engine bytes in the game's `state` key, so the one GET that loads a
state loads its table too: ``b"<since csv>|<resigned csv>"``, resigned entries ``seat@version``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import orjson

from olympus.engine import Game


def decision_fingerprints(game: Game, seats: set[int]) -> dict[int, bytes]:
    """A comparable form of each given seat's pending decision."""
    out: dict[int, bytes] = {}
    if not seats:  # the action phase: only the answering seat was waiting
        return out
    for d in game.decisions():
        if d.player in seats and d.player not in out:
            out[d.player] = orjson.dumps(d.to_dict())
    return out


@dataclass(frozen=True, slots=True)
class Table:
    since: tuple[int, ...]
    resigned: dict[int, int] = field(default_factory=dict)  # seat -> version it resigned at

    @classmethod
    def new(cls, players: int) -> Table:
        return cls(since=(1,) * players)

    def pack(self) -> bytes:
        since = ",".join(str(v) for v in self.since)
        resigned = ",".join(f"{s}@{v}" for s, v in sorted(self.resigned.items()))
        return f"{since}|{resigned}".encode()

    @classmethod
    def unpack(cls, raw: bytes) -> Table:
        since, _, resigned = raw.decode().partition("|")
        return cls(
            since=tuple(int(v) for v in since.split(",") if v),
            resigned={int(s): int(v) for s, v in (e.split("@") for e in resigned.split(",") if e)},
        )

    def decision_unchanged(self, seat: int, seen_version: int) -> bool:
        """The seat's pending decision now is the one it had at `seen_version`."""
        return 0 <= seat < len(self.since) and self.since[seat] <= seen_version

    def begin(self, new_version: int, answered: int | None, before: Game) -> TableUpdate:
        """Start an update: call before the answer is applied to `before` (it reads the
        decisions still pending), then `finish` it with the game after the answer."""
        waiting = set(before.waiting_for())
        others = waiting - {answered} if answered is not None else waiting
        return TableUpdate(self, new_version, answered, decision_fingerprints(before, others))

    def resign(self, seat: int, version: int) -> Table:
        return Table(self.since, {**self.resigned, seat: version})


@dataclass(slots=True)
class TableUpdate:
    """A table update taken before a write; `finish` with the game after it."""

    table: Table
    new_version: int
    answered: int | None
    fingerprints: dict[int, bytes]

    def finish(self, after: Game) -> Table:
        waiting_after = set(after.waiting_for())
        kept = {s for s in waiting_after & set(self.fingerprints) if s != self.answered}
        now = decision_fingerprints(after, kept)
        since = list(self.table.since)
        for seat in range(len(since)):
            if seat not in waiting_after:
                continue
            unchanged = seat in kept and now.get(seat) == self.fingerprints.get(seat)
            if not unchanged:
                since[seat] = self.new_version
        return Table(tuple(since), dict(self.table.resigned))
