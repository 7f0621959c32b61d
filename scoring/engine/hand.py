"""A validated hand: its revealed sets, concealed tiles, bonus tiles and winning tile."""

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cache
from itertools import compress

from . import tiles
from .errors import HandError
from .messages import gettext_noop, kong_note, ngettext, tile_named
from .notation import (
    EXPOSED,
    ParsedHand,
    check_red_fives,
    format_hand,
    format_tiles,
    joined_text,
)

CHOW, PUNG, KONG, PAIR, ORPHANS = "chow", "pung", "kong", "pair", "orphans"

# A tile mask: bit n (1-9) for a suited tile of number n, HONOR_BIT for any honor.
HONOR_BIT = 1 << 10
TERMINAL_BITS = (1 << 1) | (1 << 9)
NUMBER_BITS = sum(1 << n for n in range(1, 10))
# Per tile kind, its bit in a tile mask.
_MASK_BIT = tuple((1 << (tile % 9 + 1)) if tile < tiles.HONOR_BASE else HONOR_BIT
                  for tile in range(tiles.KINDS))
# The suits for each combination of bits 1 (m), 2 (p) and 4 (s): one frozenset each, shared.
SUITS_OF = tuple(frozenset(suit for i, suit in enumerate(tiles.SUITS) if bits >> i & 1)
                 for bits in range(8))
# Per playing kind, its mask bit and, above the mask's bits, its suit's bit (as SUITS_OF reads
# them): a hand's kinds give its mask and its suits in one pass.
_SUIT_SHIFT = 11
_KIND_BITS = tuple(_MASK_BIT[tile] | (1 << tile // 9 << _SUIT_SHIFT if tiles.is_suited(tile) else 0)
                   for tile in range(tiles.PLAYING_KINDS))


def mask_of(kinds: tuple[int, ...]) -> int:
    """Which numbers (any suit) and whether honors appear among `kinds` (not cached: a hand's
    kinds are nearly always new, and a cache keyed on them would only grow)."""
    mask = 0
    for tile in kinds:
        mask |= _MASK_BIT[tile]
    return mask


@dataclass(frozen=True, slots=True)
class TileSet:
    """One set (or the eyes) of a decomposition.

    `exposed`: made with a claimed discard, written `[...]`. `concealed_kong`: written `(...)`.
    `by_discard`: a concealed triplet completed by the winning tile taken from a discard, which
    therefore does not count as a concealed triplet. `mask` (see mask_of) and the text follow
    from the others: sets are made once each (make_set) and read in every result.
    """

    kind: str
    tiles: tuple[int, ...]
    exposed: bool = False
    concealed_kong: bool = False
    by_discard: bool = False
    mask: int = field(init=False, repr=False, compare=False)
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "mask", mask_of(self.tiles))
        body = format_tiles(self.tiles)
        if self.concealed_kong:
            body = f"({body})"
        elif self.exposed:
            body = f"[{body}]"
        object.__setattr__(self, "_text", body)

    @property
    def first(self) -> int:
        return self.tiles[0]

    def text(self) -> str:
        return self._text

    def completed_by_discard(self) -> "TileSet":
        if self.kind not in (PUNG, KONG):
            return self
        return make_set(self.kind, self.first, exposed=self.exposed,
                        concealed_kong=self.concealed_kong, by_discard=True)


@cache  # few distinct sets: every reading of every hand shares them
def make_set(kind: str, first: int, **flags) -> TileSet:
    size = {CHOW: 3, PUNG: 3, KONG: 4, PAIR: 2}[kind]
    kinds = (first, first + 1, first + 2) if kind == CHOW else (first,) * size
    return TileSet(kind, kinds, **flags)


@cache  # on the group's value: bounded, since only the few groups that are sets are kept
def set_of_group(group) -> TileSet:
    """The set a bracketed group stands for, or `bad_notation` naming the group."""
    kinds = group.tiles
    same = len(set(kinds)) == 1
    if group.bracket != EXPOSED:
        if len(kinds) == 4 and same:
            return make_set(KONG, kinds[0], concealed_kong=True)
        raise HandError("bad_notation", gettext_noop(
            "{group} is not a concealed kong: round brackets hold four identical tiles.",
            group=group.text()))
    if same and len(kinds) in (3, 4):
        return make_set(PUNG if len(kinds) == 3 else KONG, kinds[0], exposed=True)
    first = kinds[0]
    if (len(kinds) == 3 and tiles.is_suited(first) and first % 9 <= 6
            and kinds == (first, first + 1, first + 2)):
        return make_set(CHOW, first, exposed=True)
    raise HandError("bad_notation", gettext_noop(
        "{group} is not a chow, a pung or a kong: a revealed set is three consecutive tiles of "
        "one suit, or three or four identical tiles.", group=group.text()))


def _fact():
    """A field of a Hand that follows from its parsed hand, filled by __post_init__."""
    return field(init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed hand that passed the notation, tile-set, copy and count checks (build_hand).

    Everything else follows from `parsed`, each tile counted once: its `melds` (its groups' sets,
    in the order written: `bad_notation` for a group that is none), its `concealed` counts of the
    34 playing kinds (winning tile in), its `bonus` tiles (flowers and seasons, sorted), its
    `winning` tile, the `counts` of the 34 playing kinds over the whole hand (kongs as four), its
    `kinds` (bonus tiles excluded, sorted), their `mask` (see mask_of) and `suits`, its `kongs`,
    and its `revealed_sets`: the sets made with a claimed discard (exposed chows, pungs and kongs;
    not concealed kongs)."""

    parsed: ParsedHand
    melds: tuple[TileSet, ...] = _fact()
    concealed: tuple[int, ...] = _fact()
    bonus: tuple[int, ...] = _fact()
    winning: int | None = _fact()  # None: build_hand refuses the hand
    counts: tuple[int, ...] = _fact()
    kinds: tuple[int, ...] = _fact()
    mask: int = _fact()
    suits: frozenset[str] = _fact()
    kongs: int = _fact()
    revealed_sets: int = _fact()

    def __post_init__(self):
        parsed = self.parsed
        # The concealed tiles are sorted: the bonus tiles (and jokers) come after the playing ones.
        playing = bisect_left(parsed.concealed, tiles.PLAYING_KINDS)
        counts = [0] * tiles.PLAYING_KINDS
        for tile in parsed.concealed[:playing]:
            counts[tile] += 1
        concealed = tuple(counts)
        melds = tuple([set_of_group(group) for group in parsed.groups])
        kongs = revealed = 0
        for meld in melds:
            for tile in meld.tiles:
                counts[tile] += 1
            kongs += meld.kind == KONG
            revealed += meld.exposed
        counts = tuple(counts) if melds else concealed
        kinds = tuple(compress(range(tiles.PLAYING_KINDS), counts))
        bits = 0
        for tile in kinds:
            bits |= _KIND_BITS[tile]
        fact = object.__setattr__  # a frozen value's fields, set once each (as Reading's)
        fact(self, "melds", melds)
        fact(self, "concealed", concealed)
        fact(self, "bonus", parsed.concealed[playing:])
        fact(self, "winning", parsed.winning)
        fact(self, "counts", counts)
        fact(self, "kinds", kinds)
        fact(self, "mask", bits & ((1 << _SUIT_SHIFT) - 1))
        fact(self, "suits", SUITS_OF[bits >> _SUIT_SHIFT])
        fact(self, "kongs", kongs)
        fact(self, "revealed_sets", revealed)

    @property
    def has_revealed_set(self) -> bool:
        return self.revealed_sets > 0

    def text(self) -> str:
        """format_hand(self.parsed), each group's text read off its set (where it is kept)."""
        parsed = self.parsed
        if parsed.winning_red or parsed.has_red:  # Riichi's red fives: the groups as written
            return format_hand(parsed)
        return joined_text(parsed.concealed, [meld.text() for meld in self.melds], parsed.winning)


def count_copies(parsed: ParsedHand, copies_of) -> None:
    """`too_many_copies` naming the first tile written more often than the set holds it."""
    seen: dict[int, int] = {}
    for tile in _written(parsed):
        seen[tile] = seen.get(tile, 0) + 1
    if all(n <= copies_of(tile) for tile, n in seen.items()):  # the usual case
        return
    for tile in sorted(seen):
        if seen[tile] > copies_of(tile):
            raise HandError("too_many_copies", gettext_noop(
                "{tile} is written {count} times, but the set has only {most}.",
                tile=tile_named(tile), count=seen[tile], most=copies_of(tile)))


def _written(parsed: ParsedHand) -> list[int]:
    """Every tile written: the concealed ones, then each group's."""
    found = list(parsed.concealed)
    for group in parsed.groups:
        found += group.tiles
    return found


def standard_copies(tile: int) -> int:
    return 1 if tiles.is_flower(tile) else 4


def build_hand(parsed: ParsedHand, kinds: frozenset[int], red_fives: tuple[int, ...] = ()) -> Hand:
    """Check a parsed hand against a variant's tile set and the standard 14-tile count;
    `red_fives`: the red fives of the variant's set (none: it plays none)."""
    if parsed.has_red:  # a red winning tile is one of the red fives written
        check_red_fives(parsed, red_fives)
    written = _written(parsed)
    for tile in () if kinds.issuperset(written) else written:  # the loop names the first stranger
        if tile not in kinds:
            raise HandError("tile_not_in_variant", gettext_noop(
                "{tile} is not played in this variant.", tile=tile_named(tile)))
    hand = Hand(parsed)
    bonus = hand.bonus
    if max(hand.counts) > 4 or len(set(bonus)) < len(bonus):  # perhaps too many: find which
        count_copies(parsed, standard_copies)
    found = len(parsed.concealed) - len(bonus) + 3 * len(hand.melds)
    if found != 14:
        raise HandError("wrong_tile_count", ngettext(
            "Found {found} tile{kong_note}; a complete hand has 14, plus one for each kong "
            "(flowers and seasons not counted).",
            "Found {found} tiles{kong_note}; a complete hand has 14, plus one for each kong "
            "(flowers and seasons not counted).", found, found=found,
            kong_note=kong_note(hand.kongs)))
    if parsed.winning is None or parsed.winning >= tiles.PLAYING_KINDS:
        raise HandError("bad_notation", gettext_noop(
            "The hand has no winning tile: write it last, or mark it with '+', for example '+5p'."))
    return hand
