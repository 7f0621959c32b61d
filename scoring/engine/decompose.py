"""Every way to read the concealed tiles as sets and eyes, and the waits of a hand.

Each suit is read on its own, from the precomputed tables of suit_shapes (cached as TileSets on
its immutable 9-count tuple), and the suits are then combined with exactly one pair among them, as
the riichi library does.
"""

from functools import cache
from operator import itemgetter

from . import tiles
from .hand import CHOW, ORPHANS, PAIR, Hand, TileSet, make_set
from .suit_shapes import (
    GROUP_KINDS,
    MAX_TILES,
    encode,
    group_code,
    load,
    search_readings,
    shape_index,
)

# Every complete shape of a suit and its readings (precomputed; see suit_shapes).
SUITED_SHAPES, HONOR_SHAPES = load()


def suit_readings(counts: tuple[int, ...], chows: bool) -> list[bytes]:
    """All readings of one suit's counts (nine numbers with chows, the seven honors without) as
    pungs, chows and at most one pair, sorted; each its groups' bytes (see suit_shapes)."""
    if sum(counts) > MAX_TILES:  # never in a hand, so not in the tables: search
        return list(map(encode, search_readings(counts, chows)))
    table, at = SUITED_SHAPES if chows else HONOR_SHAPES, shape_index(counts)
    return table.readings(at) if table.holds(at) else []


SLICES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _group_sets(low: int, high: int, chows: bool) -> dict[int, TileSet]:
    """The TileSet of each group byte (see suit_shapes) in the suit of tiles `low` to `high`."""
    return {group_code(kind, offset): make_set(kind, low + offset)
            for kind in GROUP_KINDS if chows or kind != CHOW
            for offset in range(high - low - 2 if kind == CHOW else high - low)}


# Per suit, by its first tile: its groups' TileSets, made once (decoding is a dict lookup).
GROUP_SETS = {low: _group_sets(low, high, chows) for low, high, chows in SLICES}


@cache
def suit_sets(counts: tuple[int, ...], base: int, chows: bool):
    """One suit's readings as TileSets, each sorted, and whether they hold the pair: all of them
    or none, as a suit's size says (3 per set, 2 for the pair)."""
    sets = GROUP_SETS[base]
    readings = tuple(tuple([sets[code] for code in reading])
                     for reading in suit_readings(counts, chows))
    return readings, bool(readings) and sum(counts) % 3 == 2


def suit_completes(counts, chows: bool) -> bool:
    """Whether one suit's counts (nine numbers with chows, the seven honors without) read as sets,
    plus the pair when its size asks for one: a lookup among the complete shapes."""
    if sum(counts) > MAX_TILES:  # never in a hand, so not in the table: search
        return bool(search_readings(tuple(counts), chows))
    return (SUITED_SHAPES if chows else HONOR_SHAPES).holds(shape_index(counts))


def suit_completions(part: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """The offsets in one suit whose one more copy makes the suit complete (no fifth copy);
    cached through suit_state."""
    size = sum(part)
    if size % 3 == 0:  # one more tile leaves a size no reading has
        return ()
    if size >= MAX_TILES:  # never in a hand
        return tuple(offset for offset, count in enumerate(part) if count < 4 and suit_completes(
            part[:offset] + (count + 1,) + part[offset + 1:], chows))
    return (SUITED_SHAPES if chows else HONOR_SHAPES).completions(part)


@cache
def suit_state(part: tuple[int, ...], chows: bool) -> tuple[bool, bool, bool, tuple[int, ...]]:
    """For the waits, one suit's counts before the winning tile: (reads as sets now, holds the
    pair now, would hold the pair with one more tile, the offsets whose one more copy completes
    it)."""
    size = sum(part)
    return (size % 3 != 1 and suit_completes(part, chows), size % 3 == 2, size % 3 == 1,
            suit_completions(part, chows))


@cache
def suit_state_less_one(part: tuple[int, ...], offset: int, chows: bool):
    """suit_state of `part` with one copy fewer at `offset`: the suit of the winning tile as
    held before it."""
    before = list(part)
    before[offset] -= 1
    return suit_state(tuple(before), chows)


def standard_readings(counts: tuple[int, ...]) -> tuple[tuple[TileSet, ...], ...]:
    """Every reading of 34 concealed counts as sets plus exactly one pair, groups sorted.

    Not cached: whole hands seldom repeat; each suit's readings are cached (suit_sets)."""
    readings: tuple[tuple[TileSet, ...], ...] = ((),)
    pairs = 0
    for low, high, chows in SLICES:
        part = counts[low:high]
        if not any(part):
            continue
        options, paired = suit_sets(part, low, chows)
        if not options:
            return ()
        pairs += paired
        # Every choice of one reading per suit, in itertools.product's order; most suits have
        # one reading, one concatenation.
        if len(options) == 1 and len(readings) == 1:
            readings = (readings[0] + options[0],)
        else:
            readings = tuple(reading + option for reading in readings for option in options)
    # A suit's readings all hold the pair or none does: no combination to filter out.
    return readings if pairs == 1 else ()


def completes(counts: tuple[int, ...]) -> bool:
    """Whether concealed counts read as sets and exactly one pair (faster than listing readings)."""
    pairs = 0
    for low, high, chows in SLICES:
        part = counts[low:high]
        size = sum(part)
        if not size:
            continue
        if size % 3 == 1 or not suit_completes(part, chows):
            return False
        pairs += size % 3 == 2
    return pairs == 1


_orphan_counts = itemgetter(*tiles.ORPHANS)  # the 13 counts in one call


def is_thirteen_orphans(hand: Hand) -> bool:
    if hand.melds:
        return False
    held = _orphan_counts(hand.concealed)
    return 0 not in held and sum(held) == 14


def seven_pairs(hand: Hand, quads_are_two_pairs: bool) -> tuple[TileSet, ...] | None:
    """The pairs of a seven-pairs hand, or None; four alike are two pairs only if allowed."""
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

    def is_special(self, counts: tuple[int, ...]) -> bool:
        """Seven pairs or 13 terminals, where the variant allows them (never with melds)."""
        if sum(counts) != 14:
            return False
        if self.seven_pairs and all(n % 2 == 0 for n in counts) and (
                self.quads_are_two_pairs or 4 not in counts):
            return True
        return (self.thirteen_orphans and all(counts[t] for t in tiles.ORPHANS)
                and sum(counts[t] for t in tiles.ORPHANS) == 14)

    def is_complete(self, counts: tuple[int, ...], has_melds: bool) -> bool:
        """Whether concealed counts (with the hand's melds) make a winning form."""
        return completes(counts) or (not has_melds and self.is_special(counts))

    def waits(self, hand: Hand) -> tuple[int, ...]:
        """Tile kinds that complete the 13 tiles held before the winning tile.

        A kind of which the hand already holds all four copies is not a wait. One more tile
        changes one suit only: each suit's completing tiles come from a per-suit table.
        """
        winning, counts, concealed = hand.winning, hand.counts, hand.concealed
        # Each suit held, as held before the winning tile (one copy fewer in the winning tile's
        # suit), as (its first tile, its state). A suit not held is complete, holds no pair,
        # and no one tile completes it: it changes nothing below.
        states, broken, pairs = [], [], 0
        for low, high, chows in SLICES:
            part = concealed[low:high]
            if low <= winning < high:
                state = suit_state_less_one(part, winning - low, chows)
            elif any(part):
                state = suit_state(part, chows)
            else:
                continue
            states.append((low, state))
            if not state[0]:
                broken.append((low, state))
            pairs += state[1]
        found = set()
        # One more tile changes one suit: it must mend the only broken suit if there is one;
        # with two broken suits, no tile completes the hand.
        if not broken:
            growable = states
        else:
            growable = broken if len(broken) == 1 else ()
        for low, (_, pair, grown_pair, completions) in growable:
            if pairs - pair + grown_pair != 1:
                continue
            for offset in completions:
                tile = low + offset
                if counts[tile] - (tile == winning) < 4:
                    found.add(tile)
        if not hand.melds and (self.seven_pairs or self.thirteen_orphans and (
                sum(_orphan_counts(concealed)) - (winning in tiles.ORPHANS) == 13)):
            # The 13 tiles held before the winning tile: with no revealed set, all concealed.
            before = list(concealed)
            before[winning] -= 1
            found.update(self.special_waits(before, hand.kinds))
        return tuple(sorted(found & self.kinds))

    def special_missing(self, counts, melds: int, room, sets_and_pair, best: int) -> int:
        """For analyse: the fewer of `best` and the tiles to draw for these concealed counts to
        hold one of the variant's own forms (MCR's knitted ones: `MCRForms`); none here."""
        return best

    def special_waits(self, before: list[int], kinds: tuple[int, ...]) -> set[int]:
        """Waits of seven pairs (the one unpaired tile) and of 13 terminals, for a hand with no
        revealed set: `before`, the counts held before the winning tile; `kinds`, the hand's."""
        found = set()
        odd = [t for t in kinds if before[t] % 2] if self.seven_pairs else []
        if len(odd) == 1 and before[odd[0]] < 4:
            before[odd[0]] += 1
            if self.is_special(tuple(before)):
                found.add(odd[0])
            before[odd[0]] -= 1
        if self.thirteen_orphans and sum(_orphan_counts(before)) == sum(before) == 13:
            # Thirteen terminals and honors held: one more completes the set if it is the one
            # kind missing, or any of the thirteen if none is missing.
            missing = [tile for tile in tiles.ORPHANS if not before[tile]]
            if len(missing) <= 1:
                found.update(tile for tile in missing or tiles.ORPHANS if before[tile] < 4)
        return found


def decompositions(hand: Hand, forms: Forms) -> list[tuple[str, tuple[TileSet, ...]]]:
    """Every decomposition as (form, groups): concealed groups sorted, then the revealed sets.

    Groups of the standard form are four sets and the eyes; seven pairs gives seven pairs; 13
    terminals gives one group of all fourteen tiles.
    """
    found = [("standard", reading + hand.melds) for reading in standard_readings(hand.concealed)]
    if forms.seven_pairs:
        pairs = seven_pairs(hand, forms.quads_are_two_pairs)
        if pairs:
            found.append(("seven_pairs", pairs))
    # Thirteen single kinds (one doubled) never read as sets: no need to look when some did.
    if forms.thirteen_orphans and not found and is_thirteen_orphans(hand):
        orphans = tuple(t for t, n in enumerate(hand.concealed) for _ in range(n))
        found.append(("thirteen_orphans", (TileSet(ORPHANS, orphans),)))
    return found


def winning_placements(groups: tuple[TileSet, ...], winning: int, self_drawn: bool):
    """Each distinct concealed group the winning tile may have completed, as (index, groups).

    A triplet completed by a discard is not concealed, so that group is marked `by_discard`.
    """
    seen = set()  # the tiles of the groups placed: they tell apart the concealed groups
    for index, group in enumerate(groups):
        if winning not in group.tiles or group.exposed or group.concealed_kong:
            continue
        if group.tiles in seen:
            continue
        seen.add(group.tiles)
        marked = group if self_drawn else group.completed_by_discard()
        if marked is group:  # self-drawn, or not a triplet: the groups as they are
            yield index, groups
        else:
            yield index, groups[:index] + (marked,) + groups[index + 1:]

