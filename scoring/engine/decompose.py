"""Every way to read the concealed tiles as sets and eyes, and the waits of a hand.

Each suit is decomposed on its own (cached on its immutable 9-count tuple) and the suits are then
combined with exactly one pair among them, as the riichi library does.
"""

from functools import lru_cache
from itertools import product

from . import tiles
from .hand import CHOW, ORPHANS, PAIR, PUNG, Hand, TileSet, make_set

# A suit's reading: sorted ((kind, offset), ...) and whether it holds the pair.
SuitReading = tuple[tuple[tuple[str, int], ...], bool]


@lru_cache(maxsize=None)
def suit_readings(counts: tuple[int, ...], chows: bool) -> tuple[SuitReading, ...]:
    """All readings of one suit's counts as pungs, chows (when `chows`) and at most one pair."""
    found: set[SuitReading] = set()

    def walk(rest: list[int], groups: list[tuple[str, int]], paired: bool) -> None:
        first = next((i for i, n in enumerate(rest) if n), None)
        if first is None:
            found.add((tuple(sorted(groups)), paired))
            return
        if rest[first] >= 3:
            rest[first] -= 3
            walk(rest, groups + [(PUNG, first)], paired)
            rest[first] += 3
        if not paired and rest[first] >= 2:
            rest[first] -= 2
            walk(rest, groups + [(PAIR, first)], True)
            rest[first] += 2
        if chows and first + 2 < len(rest) and rest[first + 1] and rest[first + 2]:
            for i in (first, first + 1, first + 2):
                rest[i] -= 1
            walk(rest, groups + [(CHOW, first)], paired)
            for i in (first, first + 1, first + 2):
                rest[i] += 1

    walk(list(counts), [], False)
    return tuple(sorted(found))


def _suit_slices(counts: tuple[int, ...]):
    """(base tile, counts, chows allowed) for the three suits and the honors."""
    return ((0, counts[0:9], True), (9, counts[9:18], True), (18, counts[18:27], True),
            (27, counts[27:34], False))


@lru_cache(maxsize=1 << 16)
def standard_readings(counts: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every reading of 34 concealed counts as sets plus exactly one pair: ((kind, tile), ...)."""
    per_suit = []
    for base, part, chows in _suit_slices(counts):
        if not any(part):
            continue
        options = suit_readings(part, chows)
        if not options:
            return ()
        per_suit.append([(tuple((kind, base + off) for kind, off in groups), paired)
                         for groups, paired in options])
    readings = []
    for combo in product(*per_suit):
        if sum(paired for _, paired in combo) == 1:
            readings.append(tuple(group for groups, _ in combo for group in groups))
    return tuple(readings)


def is_thirteen_orphans(hand: Hand) -> bool:
    counts = hand.concealed
    return (not hand.melds and all(counts[t] for t in tiles.ORPHANS)
            and sum(counts[t] for t in tiles.ORPHANS) == 14)


def seven_pairs(hand: Hand, quads_are_two_pairs: bool) -> tuple[TileSet, ...] | None:
    """The pairs of a seven-pairs hand, or None; four identical tiles are two pairs only if allowed."""
    if hand.melds:
        return None
    pairs = []
    for tile, count in enumerate(hand.concealed):
        if count % 2 or (count == 4 and not quads_are_two_pairs):
            return None
        pairs += [make_set(PAIR, tile)] * (count // 2)
    return tuple(pairs) if len(pairs) == 7 else None


class Forms:
    """Which winning forms a variant allows, and the waits they give."""

    def __init__(self, thirteen_orphans: bool, seven_pairs: bool, quads_are_two_pairs: bool = False,
                 kinds: frozenset[int] = frozenset(range(tiles.PLAYING_KINDS))):
        self.thirteen_orphans = thirteen_orphans
        self.seven_pairs = seven_pairs
        self.quads_are_two_pairs = quads_are_two_pairs
        self.kinds = kinds

    def is_complete(self, counts: tuple[int, ...], has_melds: bool) -> bool:
        """Whether concealed counts (with the hand's melds) make a winning form."""
        if standard_readings(counts):
            return True
        if has_melds:
            return False
        if self.seven_pairs and sum(counts) == 14 and all(n % 2 == 0 for n in counts) and (
                self.quads_are_two_pairs or 4 not in counts):
            return True
        return (self.thirteen_orphans and sum(counts) == 14
                and all(counts[t] for t in tiles.ORPHANS)
                and sum(counts[t] for t in tiles.ORPHANS) == 14)

    def waits(self, hand: Hand) -> tuple[int, ...]:
        """Tile kinds that complete the 13 tiles held before the winning tile.

        A kind of which the hand already holds all four copies is not a wait.
        """
        before = list(hand.concealed)
        before[hand.winning] -= 1
        candidates = set()
        for tile, count in enumerate(before):
            if not count:
                continue
            if tiles.is_suited(tile):
                low, high = tile - tile % 9, tile - tile % 9 + 8
                candidates.update(range(max(low, tile - 2), min(high, tile + 2) + 1))
            else:
                candidates.add(tile)
        if self.thirteen_orphans and not hand.melds and all(
                tiles.is_terminal(t) or tiles.is_honor(t) for t, n in enumerate(before) if n):
            candidates.update(tiles.ORPHANS)
        held = list(hand.counts)
        held[hand.winning] -= 1
        found = []
        for tile in sorted(candidates & self.kinds):
            if held[tile] >= 4:
                continue
            before[tile] += 1
            if self.is_complete(tuple(before), bool(hand.melds)):
                found.append(tile)
            before[tile] -= 1
        return tuple(found)


def _sort_key(group: TileSet):
    return (group.first, group.kind != PAIR, group.kind)


def decompositions(hand: Hand, forms: Forms) -> list[tuple[str, tuple[TileSet, ...]]]:
    """Every decomposition as (form, groups): concealed groups sorted, then the revealed sets.

    Groups of the standard form are four sets and the eyes; seven pairs gives seven pairs; 13
    terminals gives one group of all fourteen tiles.
    """
    found = []
    for reading in standard_readings(hand.concealed):
        concealed = sorted((make_set(kind, tile) for kind, tile in reading), key=_sort_key)
        found.append(("standard", tuple(concealed) + hand.melds))
    if forms.seven_pairs:
        pairs = seven_pairs(hand, forms.quads_are_two_pairs)
        if pairs:
            found.append(("seven_pairs", pairs))
    if forms.thirteen_orphans and is_thirteen_orphans(hand):
        orphans = tuple(t for t, n in enumerate(hand.concealed) for _ in range(n))
        found.append(("thirteen_orphans", (TileSet(ORPHANS, orphans),)))
    return found


def winning_placements(groups: tuple[TileSet, ...], winning: int, self_drawn: bool):
    """Each distinct concealed group the winning tile may have completed, as (index, groups).

    A triplet completed by a discard is not concealed, so that group is marked `by_discard`.
    """
    seen = set()
    for index, group in enumerate(groups):
        if group.exposed or group.concealed_kong or winning not in group.tiles:
            continue
        if group in seen:
            continue
        seen.add(group)
        if group.kind == ORPHANS or self_drawn:
            yield index, groups
        else:
            marked = group.completed_by_discard()
            yield index, groups[:index] + (marked,) + groups[index + 1:]

