"""A PNG of ratings over games, written without any plotting library (zlib + the PNG chunks):
one line per bot, the conservative rating (mu - 3 sigma) after each of its games, with a
legend of coloured squares in the order of the final standings."""

from __future__ import annotations

import itertools
import struct
import zlib
from collections.abc import Mapping, Sequence

WIDTH, HEIGHT = 800, 480
MARGIN = 40
LEGEND_ROW = 14
BACKGROUND = (255, 255, 255)
AXES = (90, 90, 90)
GRID = (225, 225, 225)
COLOURS = (
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
)


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.pixels = bytearray(bytes(BACKGROUND) * width * height)

    def dot(self, x: int, y: int, colour: tuple[int, int, int]) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            i = (y * self.width + x) * 3
            self.pixels[i : i + 3] = bytes(colour)

    def line(self, a: tuple[int, int], b: tuple[int, int], colour: tuple[int, int, int]) -> None:
        (x0, y0), (x1, y1) = a, b
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            x = round(x0 + (x1 - x0) * i / steps)
            y = round(y0 + (y1 - y0) * i / steps)
            for dx, dy in ((0, 0), (1, 0), (0, 1)):  # two pixels thick: visible when small
                self.dot(x + dx, y + dy, colour)

    def box(self, x: int, y: int, size: int, colour: tuple[int, int, int]) -> None:
        for dy in range(size):
            for dx in range(size):
                self.dot(x + dx, y + dy, colour)

    def png(self) -> bytes:
        rows = b"".join(
            b"\x00" + bytes(self.pixels[y * self.width * 3 : (y + 1) * self.width * 3])
            for y in range(self.height)
        )

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b"")
        )


COLOUR_NAMES = (
    "blue",
    "orange",
    "green",
    "red",
    "purple",
    "brown",
    "pink",
    "grey",
    "olive",
    "cyan",
)


def colour_of(index: int) -> tuple[int, int, int]:
    return COLOURS[index % len(COLOURS)]


def colour_name(index: int) -> str:
    return COLOUR_NAMES[index % len(COLOUR_NAMES)]


def ratings_png(series: Mapping[str, Sequence[float]], order: Sequence[str]) -> bytes:
    """`series`: per bot, its rating after each of its games; `order`: the legend's order
    (every bot of `series`)."""
    canvas = Canvas(WIDTH, HEIGHT)
    values = [v for s in series.values() for v in s] or [0.0]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    most = max((len(s) for s in series.values()), default=1)
    left, right, top, bottom = MARGIN, WIDTH - MARGIN, MARGIN, HEIGHT - MARGIN

    def point(i: int, v: float) -> tuple[int, int]:
        x = left + (right - left) * i / max(1, most - 1)
        y = bottom - (bottom - top) * (v - low) / (high - low)
        return round(x), round(y)

    for k in range(1, 5):  # horizontal grid
        y = top + (bottom - top) * k // 5
        canvas.line((left, y), (right, y), GRID)
    canvas.line((left, top), (left, bottom), AXES)
    canvas.line((left, bottom), (right, bottom), AXES)
    for index, name in enumerate(order):
        points = [point(i, v) for i, v in enumerate(series.get(name, ()))]
        colour = colour_of(index)
        for a, b in itertools.pairwise(points):
            canvas.line(a, b, colour)
        if len(points) == 1:
            canvas.box(points[0][0] - 1, points[0][1] - 1, 3, colour)
        canvas.box(right - 12, top + index * LEGEND_ROW, 10, colour)  # legend, in order
    return canvas.png()
