"""What the service keeps per game beside the engine's state: for each seat, the version at
which its pending decision appeared, its clock, and the seats that resigned or were handed to
a bot.

`since` is what lets several seats answer at once in the simultaneous phases (setup, research,
draft): an answer chosen at version v is still valid at a later version when the seat's own
pending decision has not changed since v, that is when `since[seat] <= v`. It is computed after
every write by comparing each waiting seat's decision before and after (only seats that were
waiting both times and did not answer need comparing; in the action phase that is nobody).

The clock fields follow the same decisions: `pending_ms[seat]` is when the seat's pending
decision appeared (0: nothing pending), `bank_ms[seat]` its remaining bank (bank clocks only;
spent when a decision of its own ends, whoever ended it, and topped up by the increment after
each of its answers), `timeouts[seat]` how often its time ran out, `robots` the seats handed to
a bot after too many timeouts. Deadlines are computed from these (clocks.py), so a restarted
process, or another one, finds them in the state itself.

It is stored in front of the engine bytes in the game's `state` key, so the one GET that loads a
state loads its table too: ``b"<since>|<resigned>|<pending>|<bank>|<timeouts>|<robots>"``, each a
comma-separated list, resigned entries ``seat@version`` (games stored before clocks have the
first two parts only).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import orjson

from olympus.engine import Game

from .meta import TimeControl


def decision_fingerprints(game: Game, seats: set[int]) -> dict[int, bytes]:
    """A comparable form of each given seat's pending decision."""
    out: dict[int, bytes] = {}
    if not seats:  # the action phase: only the answering seat was waiting
        return out
    for d in game.decisions():
        if d.player in seats and d.player not in out:
            out[d.player] = orjson.dumps(d.to_dict())
    return out


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(",") if v)


@dataclass(frozen=True, slots=True)
class Table:
    since: tuple[int, ...]
    resigned: dict[int, int] = field(default_factory=dict)  # seat -> version it resigned at
    pending_ms: tuple[int, ...] = ()
    bank_ms: tuple[int, ...] = ()
    timeouts: tuple[int, ...] = ()
    robots: frozenset[int] = frozenset()  # seats handed to a bot after too many timeouts

    def __post_init__(self) -> None:
        n = len(self.since)
        for name in ("pending_ms", "bank_ms", "timeouts"):
            if len(getattr(self, name)) != n:  # an older stored table: no clock yet
                object.__setattr__(self, name, (0,) * n)

    @classmethod
    def new(cls, game: Game, now_ms: int, clock: TimeControl) -> Table:
        players = len(game.players)
        waiting = set(game.waiting_for())
        return cls(
            since=(1,) * players,
            pending_ms=tuple(now_ms if s in waiting else 0 for s in range(players)),
            bank_ms=(clock.seconds_per_game * 1000,) * players,
        )

    def pack(self) -> bytes:
        since = ",".join(str(v) for v in self.since)
        resigned = ",".join(f"{s}@{v}" for s, v in sorted(self.resigned.items()))
        clocks = "|".join(
            ",".join(str(v) for v in values)
            for values in (self.pending_ms, self.bank_ms, self.timeouts, sorted(self.robots))
        )
        return f"{since}|{resigned}|{clocks}".encode()

    @classmethod
    def unpack(cls, raw: bytes) -> Table:
        parts = raw.decode().split("|")
        since, resigned = parts[0], parts[1] if len(parts) > 1 else ""
        pending, bank, timeouts, robots = ([*parts[2:], "", "", "", ""])[:4]
        return cls(
            since=_ints(since),
            resigned={int(s): int(v) for s, v in (e.split("@") for e in resigned.split(",") if e)},
            pending_ms=_ints(pending),
            bank_ms=_ints(bank),
            timeouts=_ints(timeouts),
            robots=frozenset(_ints(robots)),
        )

    def decision_unchanged(self, seat: int, seen_version: int) -> bool:
        """The seat's pending decision now is the one it had at `seen_version`."""
        return 0 <= seat < len(self.since) and self.since[seat] <= seen_version

    def begin(
        self, new_version: int, answered: int | None, before: Game, taken_back: int = 0
    ) -> TableUpdate:
        """Start an update: call before the answer is applied to `before` (it reads the
        decisions still pending), then `finish` it with the game after the answer.
        `taken_back`: the write is `answered`'s undo of that many answers, not an answer."""
        waiting = set(before.waiting_for())
        others = waiting - {answered} if answered is not None else waiting
        return TableUpdate(
            self, new_version, answered, decision_fingerprints(before, others), taken_back
        )

    def resign(self, seat: int, version: int) -> Table:
        return Table(
            self.since,
            {**self.resigned, seat: version},
            self.pending_ms,
            self.bank_ms,
            self.timeouts,
            self.robots,
        )

    def timed_out(self, seat: int, limit: int) -> Table:
        """Count a timeout of `seat`; at `limit` timeouts a bot takes the seat over."""
        timeouts = list(self.timeouts)
        timeouts[seat] += 1
        robots = self.robots | {seat} if timeouts[seat] >= limit else self.robots
        return Table(
            self.since, dict(self.resigned), self.pending_ms, self.bank_ms, tuple(timeouts), robots
        )


@dataclass(slots=True)
class TableUpdate:
    """A table update taken before a write; `finish` with the game after it."""

    table: Table
    new_version: int
    answered: int | None
    fingerprints: dict[int, bytes]
    # An undo of that many answers by `answered`: its bank gives back their increments
    # instead of earning one (answering and taking back must not buy time).
    taken_back: int = 0

    def finish(self, after: Game, now_ms: int, clock: TimeControl) -> Table:
        waiting_after = set(after.waiting_for())
        kept = {s for s in waiting_after & set(self.fingerprints) if s != self.answered}
        now = decision_fingerprints(after, kept)
        old = self.table
        since = list(old.since)
        pending = list(old.pending_ms)
        bank = list(old.bank_ms)
        increment = clock.seconds_per_decision * 1000
        for seat in range(len(since)):
            waiting = seat in waiting_after
            renewed = waiting and not (
                seat in kept and now.get(seat) == self.fingerprints.get(seat)
            )
            if pending[seat] and (renewed or not waiting):
                # The seat's decision ended (answered, or replaced by another's answer): its
                # clock stops, and a bank pays for the time it ran.
                if clock.kind == "bank":
                    bank[seat] = max(0, bank[seat] - max(0, now_ms - pending[seat]))
                    if seat == self.answered and not self.taken_back:
                        bank[seat] += increment
                pending[seat] = 0
            if seat == self.answered and self.taken_back and clock.kind == "bank":
                # Each answer taken back had earned an increment: answering and taking back
                # must not buy time.
                bank[seat] = max(0, bank[seat] - self.taken_back * increment)
            if renewed:
                since[seat] = self.new_version
                pending[seat] = now_ms
        return Table(
            tuple(since), dict(old.resigned), tuple(pending), tuple(bank), old.timeouts, old.robots
        )
