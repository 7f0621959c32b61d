"""Every complete suit, precomputed with its readings: the counts of one suit that read as sets
and at most one pair.

The nine numbers of a suit, with chows, hold 21,743 such shapes of at most 14 tiles (23,533
readings); the seven honors, without chows, 498. Knowing them all makes "does this suit read as
sets?", "which one more tile completes it?" and "how does it read?" lookups, where a search would
run for each suit shape a process meets first (bench/suit_tables.py measures what the tables buy
a batch and a web request).

A suit's counts (each number held 0 to 4 times) have an index: the counts are its base-5 digits.
Each kind of suit has a `ShapeTable`: a bitmap with the bit of each complete shape's index set,
and each complete shape's readings, found through the bit's rank. They are made by search once,
kept in suit_shapes.bin (written by `python -m scoring.engine.suit_shapes`) and read from it at
import; a test checks that the file is what the search makes.
"""

import os
import struct
import sys
from array import array
from itertools import combinations_with_replacement
from operator import mul

from .hand import CHOW, PAIR, PUNG

# The most tiles one suit of a concealed hand holds: the shapes stop there.
MAX_TILES = 14
FILE = os.path.join(os.path.dirname(__file__), "suit_shapes.bin")
# A count vector's index is sum(count * weight): counts are its base-5 digits, the lowest first.
WEIGHTS = tuple(5**number for number in range(9))

# A group of a reading, (kind, offset), is stored as one byte: its kind's place here * 16 + offset.
GROUP_KINDS = (CHOW, PUNG, PAIR)
# Between two readings of one shape (no group's byte is this).
READING_END = b"\xff"

# A reading: its groups (kind, offset) in hand order, by first tile and the pair before the sets.
Reading = tuple[tuple[str, int], ...]


def shape_index(counts) -> int:
    return sum(map(mul, counts, WEIGHTS))


def group_code(kind: str, offset: int) -> int:
    return GROUP_KINDS.index(kind) * 16 + offset


def encode(reading: Reading) -> bytes:
    return bytes(group_code(kind, offset) for kind, offset in reading)


def decode(encoded: bytes) -> Reading:
    return tuple((GROUP_KINDS[code >> 4], code & 15) for code in encoded)


def search_readings(counts: tuple[int, ...], chows: bool) -> tuple[Reading, ...]:
    """All readings of one suit's counts as pungs, chows (when `chows`) and at most one pair,
    sorted: the search that makes the tables, and reads suits bigger than any hand's."""
    if sum(counts) % 3 == 1:  # sets take three tiles and the pair two: no reading
        return ()
    found: set[Reading] = set()
    rest = list(counts)
    end = len(rest)
    groups: list[tuple[str, int]] = []

    def walk(first: int, paired: bool) -> None:
        """Read what is left from `first` up: every group holding the lowest tile left starts
        at it. `rest` and `groups` are changed and restored in place (no copies)."""
        while first < end and not rest[first]:
            first += 1
        if first == end:
            found.add(tuple(sorted(groups, key=_in_hand_order)))
            return
        count = rest[first]
        if count >= 3:
            rest[first] = count - 3
            groups.append((PUNG, first))
            walk(first, paired)
            groups.pop()
            rest[first] = count
        if not paired and count >= 2:
            rest[first] = count - 2
            groups.append((PAIR, first))
            walk(first, True)
            groups.pop()
            rest[first] = count
        if chows and first + 2 < end and rest[first + 1] and rest[first + 2]:
            _take_chow(rest, first, -1)
            groups.append((CHOW, first))
            walk(first, paired)
            groups.pop()
            _take_chow(rest, first, 1)

    walk(0, False)
    return tuple(sorted(found))


def _in_hand_order(group: tuple[str, int]):
    kind, offset = group
    return (offset, kind != PAIR, kind)


def _take_chow(rest: list[int], first: int, step: int) -> None:
    rest[first] += step
    rest[first + 1] += step
    rest[first + 2] += step


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


class ShapeTable:
    """The complete shapes of one kind of suit, and their readings.

    `bits` has one bit per shape index, set for a complete shape; `ranks[w]` counts the bits set
    before 64-bit word w, so a shape's rank among the complete ones is a popcount away;
    `encoded[starts[rank]:starts[rank + 1]]` holds that shape's readings, as group bytes with
    READING_END between two readings.
    """

    def __init__(self, bits: bytes, ranks: array, starts: array, encoded: bytes):
        self.bits = bits
        self.ranks = ranks
        self.starts = starts
        self.encoded = encoded

    def holds(self, at: int) -> bool:
        """Whether the shape of index `at` is complete."""
        return self.bits[at >> 3] >> (at & 7) & 1 == 1

    def completions(self, counts: tuple[int, ...]) -> tuple[int, ...]:
        """The offsets whose one more copy (never a fifth) makes the suit `counts`, of at most
        MAX_TILES - 1 tiles, complete."""
        bits, at, found = self.bits, shape_index(counts), []
        for offset, count in enumerate(counts):
            if count < 4:
                grown = at + WEIGHTS[offset]
                if bits[grown >> 3] >> (grown & 7) & 1:  # holds(grown), without nine calls
                    found.append(offset)
        return tuple(found)

    def readings(self, at: int) -> list[bytes]:
        """The readings of the complete shape of index `at`, each its groups' bytes."""
        word = at >> 6
        below = int.from_bytes(self.bits[word * 8:word * 8 + 8], "little") & ((1 << (at & 63)) - 1)
        rank = self.ranks[word] + below.bit_count()
        return self.encoded[self.starts[rank]:self.starts[rank + 1]].split(READING_END)

    @classmethod
    def make(cls, kinds: int, chows: bool) -> "ShapeTable":
        """The table, by search."""
        bits = bytearray((5**kinds + 7) // 8)
        for shape in complete_shapes(kinds, chows):
            at = shape_index(shape)
            bits[at >> 3] |= 1 << (at & 7)
        ranks, starts, encoded = array("H"), array("I", [0]), bytearray()
        shapes = 0
        for word in range(0, len(bits), 8):
            ranks.append(shapes)
            shapes += int.from_bytes(bits[word:word + 8], "little").bit_count()
        for at in range(5**kinds):
            if bits[at >> 3] >> (at & 7) & 1:
                counts = tuple(at // weight % 5 for weight in WEIGHTS[:kinds])
                encoded += READING_END.join(map(encode, search_readings(counts, chows)))
                starts.append(len(encoded))
        return cls(bytes(bits), ranks, starts, bytes(encoded))

    def sections(self) -> list[bytes]:
        """What the file keeps of the table (numbers little-endian, as `struct` writes them)."""
        return [self.bits, _little(self.ranks), _little(self.starts), self.encoded]

    @classmethod
    def from_sections(cls, bits: bytes, ranks: bytes, starts: bytes, encoded: bytes):
        return cls(bits, _native("H", ranks), _native("I", starts), encoded)


def _little(numbers: array) -> bytes:
    return struct.pack(f"<{len(numbers)}{numbers.typecode}", *numbers)


def _native(typecode: str, data: bytes) -> array:
    numbers = array(typecode, data)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers


# The file: the table of a suit of nine numbers with chows, then that of the seven honors; each
# table's four sections, their byte sizes first.
def write() -> None:
    sections = ShapeTable.make(9, True).sections() + ShapeTable.make(7, False).sections()
    with open(FILE, "wb") as file:
        file.write(struct.pack(f"<{len(sections)}I", *map(len, sections)))
        file.write(b"".join(sections))


def load() -> tuple[ShapeTable, ShapeTable]:
    """(the table of a suit of nine numbers with chows, that of the seven honors without)."""
    with open(FILE, "rb") as file:
        data = file.read()
    sizes = struct.unpack_from("<8I", data)
    sections, at = [], struct.calcsize("<8I")
    for size in sizes:
        sections.append(data[at:at + size])
        at += size
    return ShapeTable.from_sections(*sections[:4]), ShapeTable.from_sections(*sections[4:])


if __name__ == "__main__":
    write()
