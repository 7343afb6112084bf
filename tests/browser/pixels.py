"""What a part of the screen looks like: a screenshot's pixels, read without an image library.

Chromium's screenshots are 8-bit RGB or RGBA PNGs, not interlaced; that is all this reads.
"""

from __future__ import annotations

import struct
import zlib
from typing import Any

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _paeth(left: int, up: int, up_left: int) -> int:
    estimate = left + up - up_left
    near_left, near_up, near_up_left = abs(estimate - left), abs(estimate - up), abs(estimate - up_left)
    if near_left <= near_up and near_left <= near_up_left:
        return left
    return up if near_up <= near_up_left else up_left


def png_pixels(data: bytes) -> list[list[tuple[int, int, int]]]:
    """The rows of a PNG's pixels, each pixel (red, green, blue)."""
    if not data.startswith(PNG_SIGNATURE):
        raise ValueError("not a PNG")
    position, chunks, width, height, channels = len(PNG_SIGNATURE), [], 0, 0, 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"unsupported PNG: depth {depth}, colour {colour}, interlace {interlace}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            chunks.append(body)
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[list[tuple[int, int, int]]] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row_filter, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            up_left = previous[x - channels] if x >= channels else 0
            predictor = (0, left, up, (left + up) // 2, _paeth(left, up, up_left))[row_filter]
            line[x] = (line[x] + predictor) & 0xFF
        rows.append([tuple(line[x : x + 3]) for x in range(0, stride, channels)])  # type: ignore[misc]
        previous = line
    return rows


def brightness(page: Any, clip: dict[str, float]) -> float:
    """How light a region of the page is, 0 (black) to 255 (white): the mean of its pixels' channels."""
    rows = png_pixels(page.screenshot(clip=clip))
    values = [sum(pixel) / 3 for row in rows for pixel in row]
    return sum(values) / len(values)
