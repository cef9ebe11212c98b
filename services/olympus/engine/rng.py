"""A tiny deterministic random generator whose whole state is one integer.

Python's `random.Random` carries 625 words of state; ours must fit into a saved game of a few
kilobytes and reload bit-for-bit, so we use SplitMix64 (one 64-bit counter). The functions take
and return the state explicitly: the state lives in the game, not in a hidden object.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a well-mixed generator state."""
    value, _ = next_u64(seed & _MASK)
    return value


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (random 64-bit value, new state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) (n ≥ 1) and the new state. Rejection keeps it unbiased."""
    limit = _MASK - (_MASK % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffle(state: int, items: list[T]) -> int:
    """Fisher–Yates shuffle in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        j, state = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
