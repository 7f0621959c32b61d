"""Every complete suit, precomputed: the counts of one suit that read as sets and at most one pair.

The nine numbers of a suit, with chows, hold 21,743 such shapes of at most 14 tiles; the seven
honors, without chows, 498. Knowing them all makes "does this suit read as sets?" and "which one
more tile completes it?" lookups. The search they replace took ~25 us for each new suit shape,
and the first pass of `score --jsonl` meets a new shape in most hands.

Each table is a bitmap with one bit per count vector of the suit (each number held 0 to 4 times:
5 ** 9 vectors), at the vector's base-5 index, set when the vector is a complete shape. Making the
shapes takes ~40 ms, reading the 254 KB file nothing to speak of: the bitmaps are kept in
suit_shapes.bin, written by `python -m scoring.engine.suit_shapes`; a test checks the file.
"""

import os
from itertools import combinations_with_replacement
from operator import mul

# The most tiles one suit of a concealed hand holds: the shapes stop there.
MAX_TILES = 14
FILE = os.path.join(os.path.dirname(__file__), "suit_shapes.bin")
# A count vector's index is sum(count * weight): counts are its base-5 digits, the lowest first.
WEIGHTS = tuple(5**number for number in range(9))


def shape_index(counts) -> int:
    return sum(map(mul, counts, WEIGHTS))


def holds(bits: bytes, at: int) -> bool:
    """Whether the bitmap `bits` has the bit of index `at` set."""
    return bits[at >> 3] >> (at & 7) & 1 == 1


def complete_shapes(kinds: int, chows: bool) -> frozenset[tuple[int, ...]]:
    """Every way to fill `kinds` numbers with at most four sets (pungs, and chows when `chows`)
    and at most one pair, no number held more than four times."""
    sets = [(i,) * 3 for i in range(kinds)]
    if chows:
        sets += [(i, i + 1, i + 2) for i in range(kinds - 2)]
    found = set()
    for size in range(MAX_TILES // 3 + 1):
        for chosen in combinations_with_replacement(sets, size):
            counts = [0] * kinds
            for group in chosen:
                for tile in group:
                    counts[tile] += 1
            if max(counts) > 4:
                continue
            found.add(tuple(counts))
            for pair in range(kinds):
                if counts[pair] <= 2:
                    counts[pair] += 2
                    found.add(tuple(counts))
                    counts[pair] -= 2
    return frozenset(found)


def bitmap(kinds: int, chows: bool) -> bytes:
    bits = bytearray((5**kinds + 7) // 8)
    for shape in complete_shapes(kinds, chows):
        at = shape_index(shape)
        bits[at >> 3] |= 1 << (at & 7)
    return bytes(bits)


# The file: the bitmap of a suit of nine numbers with chows, then that of the seven honors.
_SUITED_SIZE = (5**9 + 7) // 8


def write() -> None:
    with open(FILE, "wb") as file:
        file.write(bitmap(9, True) + bitmap(7, False))


def load() -> tuple[bytes, bytes]:
    """(the bitmap of a suit of nine numbers with chows, that of the seven honors without)."""
    with open(FILE, "rb") as file:
        data = file.read()
    return data[:_SUITED_SIZE], data[_SUITED_SIZE:]


if __name__ == "__main__":
    write()
