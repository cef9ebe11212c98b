"""Ladder pairing (pure, seeded) and the ratings plot (a real PNG)."""

from __future__ import annotations

import random
import struct
import zlib
from collections import Counter

import pytest

from olympus.client.ratings_plot import COLOURS, ratings_png
from olympus.ladder.pairing import Entrant, next_table, player_counts


def test_the_entrant_with_fewest_games_is_always_seated() -> None:
    entrants = [Entrant("a", 10, 5.0), Entrant("b", 2, 1.0), Entrant("c", 10, 0.0)]
    for seed in range(20):
        assert "b" in next_table(entrants, 2, random.Random(seed))


def test_opponents_are_close_in_rating_among_equally_busy_entrants() -> None:
    entrants = [Entrant("new", 0, 10.0), Entrant("near", 5, 9.0), Entrant("far", 5, -20.0)]
    for seed in range(20):
        assert sorted(next_table(entrants, 2, random.Random(seed))) == ["near", "new"]


def test_many_tables_spread_games_evenly() -> None:
    rnd = random.Random(3)
    games = Counter[str]()
    names = [f"bot{i}" for i in range(5)]
    for _ in range(200):
        entrants = [Entrant(n, games[n], 0.0) for n in names]
        for name in next_table(entrants, 3, rnd):
            games[name] += 1
    assert max(games.values()) - min(games.values()) <= 3


def test_busy_entrants_come_last_and_small_ladders_fill_the_table() -> None:
    entrants = [Entrant("a"), Entrant("b"), Entrant("c")]
    assert "a" not in next_table(entrants, 2, random.Random(1), busy=frozenset({"a"}))
    assert sorted(next_table([Entrant("solo")], 3, random.Random(1))) == ["solo"] * 3
    with pytest.raises(ValueError):
        next_table([], 2, random.Random(1))


def test_a_waiting_external_bot_is_seated_first_and_never_twice() -> None:
    bots = [Entrant("bot:a", games=0), Entrant("bot:b", games=1)]
    late = Entrant("acct:late", games=50, rating=30.0, external=True)
    early = Entrant("acct:early", games=90, rating=-5.0, external=True)
    for seed in range(30):
        table = next_table([*bots, early, late], 2, random.Random(seed))
        # The longest-waiting ticket (listed first) sits however many games it has.
        assert "acct:early" in table
        table = next_table([bots[0], early], 4, random.Random(seed))
        assert sorted(table) == ["acct:early", "bot:a", "bot:a", "bot:a"]
    with pytest.raises(ValueError, match="external"):
        next_table([early, late], 3, random.Random(0))


def test_mixed_player_counts_rotate() -> None:
    assert [player_counts((2, 3, 4), n) for n in range(5)] == [2, 3, 4, 2, 3]


def _decode_png(data: bytes) -> tuple[int, int, bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", (0, 0)
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0] == zlib.crc32(
            kind + body
        )
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return size[0], size[1], zlib.decompress(idat)


def test_the_plot_is_a_png_with_one_coloured_line_per_bot() -> None:
    data = ratings_png({"a": [0, 1, 2, 3], "b": [0, -1, -2, -1]}, ["a", "b"])
    width, height, raw = _decode_png(data)
    assert (width, height) == (800, 480)
    stride = width * 3 + 1
    assert len(raw) == stride * height
    pixels = {
        bytes(raw[y * stride + 1 + x * 3 : y * stride + 4 + x * 3])
        for y in range(height)
        for x in range(0, width, 2)
    }
    for colour in COLOURS[:2]:
        assert bytes(colour) in pixels
    assert bytes(COLOURS[2]) not in pixels
