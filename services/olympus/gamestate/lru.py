"""A small least-recently-used map, bounded by a count of entries or by an estimate of their
bytes: the service's per-process caches (metadata, states, live scores, grants, watchers'
states); and the memory budget those caches share (`--cache-memory`).

A process must keep every game it plays in cache: one that is evicted is loaded and parsed
again on its next answer, and when a process holds more games than a cache (issue 35: a fixed
4,096) that is every answer. So the caches are sized by memory, not by a count: the budget is
split in fixed shares, and each cache takes as many entries as its share holds at the bytes an
entry was measured to take (docs/sizing.md).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def _one(_: object) -> int:
    return 1


class Lru(Generic[K, V]):
    """At most `size` units of `weigh(value)` (default 1 per entry: a count); the least recently
    used entries go first. A value weighing more than the whole size is not kept."""

    def __init__(self, size: int, weigh: Callable[[V], int] = _one) -> None:
        if size < 0:
            raise ValueError(f"an Lru's size cannot be negative: {size}")
        self.size = size
        self.used = 0  # the sum of the weights held
        self._weigh = weigh
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: K) -> V | None:
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: K, value: V) -> None:
        weight = self._weigh(value)
        self.drop(key)
        if weight > self.size:
            return
        self._items[key] = (value, weight)
        self.used += weight
        while self.used > self.size:
            _, (_, gone) = self._items.popitem(last=False)
            self.used -= gone

    def drop(self, key: K) -> None:
        self.take(key)

    def take(self, key: K) -> V | None:
        item = self._items.pop(key, None)
        if item is None:
            return None
        self.used -= item[1]
        return item[0]


# --- the memory budget ------------------------------------------------------------------------

DEFAULT_CACHE_MEMORY = 1 << 30  # 1 GiB: ~48,000 games held (docs/sizing.md)
MIN_CACHE_MEMORY = 1 << 20  # below 1 MiB no cache holds a game: a typo, not a choice

# Bytes an entry takes in this process (docs/sizing.md). A parsed 3-player game with its
# decisions computed holds ~6 times its packed state in Python objects (tracemalloc: 1.6 KB
# packed, 9.5 KB held); the process's resident memory grows by ~16 KB per game held (bench
# cache_scaling at 10,000 games: allocator slack, the metadata, the key and the map's node),
# and resident memory is what a machine's or a container's limit counts: weighed at 8 times,
# a game and its metadata come to ~16 KB of the budget.
STATE_BYTES_PER_PACKED_BYTE = 8
STATE_OVERHEAD_BYTES = 512
PACKED_STATE_GUESS = 1_700  # a state whose packed size is not known (made here, never packed)
META_BYTES = 2_048  # GameMeta: ~1.75 KB with 3 seats and 4 token hashes
LIVE_SCORE_BYTES = 1_536  # a LiveScore message of 3 seats and its version
GRANT_BYTES = 320  # a (game, digest) -> seat or (game, seat, key) -> token entry
DECISION_REPLY_BYTES = 4_096  # a GetDecisionResponse kept for a seat's watchers

_SIZE_RE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([kmgt]?i?b?)\s*", re.IGNORECASE)
_UNITS = {
    "": 1,
    "b": 1,
    "k": 1_000,
    "kb": 1_000,
    "m": 1_000_000,
    "mb": 1_000_000,
    "g": 1_000_000_000,
    "gb": 1_000_000_000,
    "t": 1_000_000_000_000,
    "tb": 1_000_000_000_000,
    "kib": 1 << 10,
    "mib": 1 << 20,
    "gib": 1 << 30,
    "tib": 1 << 40,
}


class InvalidMemorySize(ValueError):
    """A memory size that is not a positive number of bytes with an optional unit."""


def parse_memory(text: str) -> int:
    """Bytes from "1GiB", "512MiB", "300MB", "2g" or "1048576" (k/m/g/t alone are powers of
    ten, as in MB; KiB, MiB, GiB, TiB powers of two); InvalidMemorySize otherwise."""
    match = _SIZE_RE.fullmatch(text)
    unit = _UNITS.get(match.group(2).lower()) if match else None
    if match is None or unit is None:
        raise InvalidMemorySize(
            f"not a memory size: {text!r} (a number of bytes, or with a unit: 512MiB, 1GiB, 2GB)"
        )
    size = int(float(match.group(1)) * unit)
    if size < MIN_CACHE_MEMORY:
        raise InvalidMemorySize(f"a cache memory of {text!r} is under the minimum of 1MiB")
    return size


@dataclass(frozen=True, slots=True)
class CacheBudget:
    """How a process's cache memory is split between its per-game caches. The states take
    most: they are what an answer needs, and what costs a parse when missing; the metadata,
    live scores and grants get room for more games than the states (a game whose metadata
    is evicted costs a read per answer too); watchers' states and decisions the rest."""

    total: int = DEFAULT_CACHE_MEMORY

    STATES = 0.64
    METAS = 0.11
    LIVE_SCORES = 0.08
    GRANTS = 0.02
    WATCHED_STATES = 0.10
    DECISION_REPLIES = 0.05

    def share(self, fraction: float) -> int:
        return int(self.total * fraction)

    def entries(self, fraction: float, entry_bytes: int) -> int:
        """How many entries of `entry_bytes` a share holds (at least one)."""
        return max(1, self.share(fraction) // entry_bytes)

    @property
    def games(self) -> int:
        """About how many games the state cache holds (at the measured size of a game)."""
        per_game = PACKED_STATE_GUESS * STATE_BYTES_PER_PACKED_BYTE + STATE_OVERHEAD_BYTES
        return self.share(self.STATES) // per_game


def state_bytes(packed: int) -> int:
    """The memory a cached game takes, from the length of its packed state (0: unknown)."""
    return (packed or PACKED_STATE_GUESS) * STATE_BYTES_PER_PACKED_BYTE + STATE_OVERHEAD_BYTES


def cache_memory_arg(text: str) -> int:
    """`--cache-memory`'s argparse type: the refusal names the bad value and the forms."""
    import argparse

    try:
        return parse_memory(text)
    except InvalidMemorySize as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
