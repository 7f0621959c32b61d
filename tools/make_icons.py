"""Draw the app's icons (static/icons/*.png) in pure Python: zlib and struct, no image library.

    .venv/bin/python tools/make_icons.py

The drawing is a Mahjong tile (ivory, a one-of-circles face in the site's red and green) on the
site's brown. `icon-<size>.png` keeps the tile inside rounded corners; `maskable-<size>.png` fills
the square and keeps the tile inside the central 80 % (the safe zone a launcher's mask never
cuts); `icon-32.png` is the tab's (base.html: 0.6 KB where the 192 px one is 4 KB, and the
browser asks for it twice on a first visit). Each pixel is sampled 4 x 4 times, so the edges are
smooth. Run it again after changing the drawing; the PNGs it writes are committed.
"""

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BROWN = (138, 75, 8)      # --accent
DARK = (47, 42, 32)       # the header's bar
IVORY = (255, 253, 246)   # --tile
EDGE = (184, 173, 147)    # --edge
RED = (179, 38, 30)       # --red
GREEN = (30, 107, 53)     # --green
SAMPLES = 4


def rounded(x, y, left, top, right, bottom, radius):
    """Is (x, y) inside the rectangle with rounded corners?"""
    if not (left <= x <= right and top <= y <= bottom):
        return False
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def colour_at(x, y, maskable):
    """The drawing's colour at (x, y) in the unit square, or None (transparent)."""
    if maskable:
        background = BROWN
        scale, offset = 0.8, 0.1          # everything that matters inside the safe zone
    else:
        if not rounded(x, y, 0, 0, 1, 1, 0.18):
            return None
        background = BROWN
        scale, offset = 1.0, 0.0
    u, v = (x - offset) / scale, (y - offset) / scale
    # The tile: a shadowed edge, then its ivory face.
    if rounded(u, v, 0.24, 0.13, 0.80, 0.91, 0.08):
        if not rounded(u, v, 0.20, 0.09, 0.76, 0.87, 0.08):
            return DARK
    if rounded(u, v, 0.20, 0.09, 0.76, 0.87, 0.08):
        if not rounded(u, v, 0.225, 0.115, 0.735, 0.845, 0.065):
            return EDGE
        r = ((u - 0.48) ** 2 + (v - 0.48) ** 2) ** 0.5  # the one of circles: rings
        if r <= 0.07:
            return RED
        if r <= 0.10:
            return IVORY
        if r <= 0.155:
            return GREEN
        if r <= 0.175:
            return IVORY
        if r <= 0.2:
            return RED
        return IVORY
    return background


def pixels(size, maskable):
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            total, alpha = [0, 0, 0], 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    found = colour_at((px + (sx + 0.5) / SAMPLES) / size,
                                      (py + (sy + 0.5) / SAMPLES) / size, maskable)
                    if found is not None:
                        alpha += 1
                        for i in range(3):
                            total[i] += found[i]
            if alpha:
                row += bytes(round(t / alpha) for t in total)
            else:
                row += b"\0\0\0"
            row.append(round(255 * alpha / SAMPLES ** 2))
        rows.append(bytes(row))
    return b"".join(rows)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(size, maskable) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels(size, maskable), 9)) + chunk(b"IEND", b""))


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(png(size, maskable=False))
        (OUT / f"maskable-{size}.png").write_bytes(png(size, maskable=True))
    (OUT / "apple-touch-icon.png").write_bytes(png(180, maskable=True))
    (OUT / "icon-32.png").write_bytes(png(32, maskable=False))  # the tab's: base.html
    print(f"icons written to {OUT}")


if __name__ == "__main__":
    main()
