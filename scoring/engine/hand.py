"""A validated hand: its revealed sets, concealed tiles, bonus tiles and winning tile."""

from functools import cache, lru_cache
from itertools import compress

from . import tiles
from .errors import HandError
from .frozen import Frozen, replace
from .notation import EXPOSED, ParsedHand, format_tiles, joined_text

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


class cached_property:  # noqa: N801 - named as the functools one it replaces
    """functools.cached_property without its per-access lock (3.11), on hot paths of scoring:
    computed on first read, then found in the instance's __dict__."""

    def __init__(self, fn):
        self.fn = fn
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


def mask_of(kinds: tuple[int, ...]) -> int:
    """Which numbers (any suit) and whether honors appear among `kinds` (not cached: a hand's
    kinds are nearly always new, and a cache keyed on them would only grow)."""
    mask = 0
    for tile in kinds:
        mask |= _MASK_BIT[tile]
    return mask


class TileSet(Frozen):
    """One set (or the eyes) of a decomposition.

    `exposed`: made with a claimed discard, written `[...]`. `concealed_kong`: written `(...)`.
    `by_discard`: a concealed triplet completed by the winning tile taken from a discard, which
    therefore does not count as a concealed triplet.
    """

    kind: str
    tiles: tuple[int, ...]
    exposed: bool = False
    concealed_kong: bool = False
    by_discard: bool = False

    @property
    def first(self) -> int:
        return self.tiles[0]

    @property
    def is_triplet(self) -> bool:
        """Pungs and kongs: a kong counts as a triplet for every pattern about triplets."""
        return self.kind in (PUNG, KONG)

    @property
    def concealed(self) -> bool:
        return not self.exposed and not self.by_discard

    @property
    def suit(self) -> str:
        return tiles.suit_of(self.first)

    def __post_init__(self):
        # Sets are hashed often (caches, deduplication) and never change: hash them once.
        object.__setattr__(self, "_hash", hash((self.kind, self.tiles, self.exposed,
                                                 self.concealed_kong, self.by_discard)))

    def __hash__(self):
        return self._hash

    @cached_property
    def mask(self) -> int:
        return mask_of(self.tiles)

    def text(self) -> str:
        return self._text

    @cached_property
    def _text(self) -> str:
        return _set_text(self.tiles, self.exposed, self.concealed_kong)

    def completed_by_discard(self) -> "TileSet":
        return self._by_discard if self.kind in (PUNG, KONG) else self

    @cached_property
    def _by_discard(self) -> "TileSet":
        return replace(self, by_discard=True)


@lru_cache(maxsize=4096)
def _set_text(kinds: tuple[int, ...], exposed: bool, concealed_kong: bool) -> str:
    body = format_tiles(kinds)
    if concealed_kong:
        return f"({body})"
    return f"[{body}]" if exposed else body


@cache
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
        raise HandError("bad_notation", f"{group.text()} is not a concealed kong: round brackets "
                        "hold four identical tiles.")
    if same and len(kinds) in (3, 4):
        return make_set(PUNG if len(kinds) == 3 else KONG, kinds[0], exposed=True)
    first = kinds[0]
    if (len(kinds) == 3 and tiles.is_suited(first) and first % 9 <= 6
            and kinds == (first, first + 1, first + 2)):
        return make_set(CHOW, first, exposed=True)
    raise HandError("bad_notation", f"{group.text()} is not a chow, a pung or a kong: a revealed "
                    "set is three consecutive tiles of one suit, or three or four identical tiles.")


class Hand(Frozen):
    """A hand that passed the notation, tile-set, copy and count checks."""

    parsed: ParsedHand
    melds: tuple[TileSet, ...]
    concealed: tuple[int, ...]  # counts of the 34 playing kinds held concealed, winning tile in
    bonus: tuple[int, ...]  # flowers and seasons, sorted
    winning: int

    def __init__(self, parsed, melds, concealed, bonus, winning):
        # Filled in one step, on every hand read: Frozen's own __init__ takes any arguments.
        self.__dict__.update(parsed=parsed, melds=melds, concealed=concealed, bonus=bonus,
                             winning=winning)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """Counts of the 34 playing kinds over the whole hand, kongs as four."""
        totals = list(self.concealed)
        for meld in self.melds:
            for tile in meld.tiles:
                totals[tile] += 1
        return tuple(totals)

    @cached_property
    def kongs(self) -> int:
        return [meld.kind for meld in self.melds].count(KONG) if self.melds else 0

    @cached_property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds in the hand (bonus tiles excluded), sorted."""
        return tuple(compress(range(tiles.PLAYING_KINDS), self.counts))

    @cached_property
    def mask(self) -> int:
        return mask_of(self.kinds)

    @cached_property
    def suits(self) -> frozenset[str]:
        counts = self.counts
        return SUITS_OF[any(counts[0:9]) | any(counts[9:18]) << 1 | any(counts[18:27]) << 2]

    @cached_property
    def has_revealed_set(self) -> bool:
        return any(meld.exposed for meld in self.melds)

    def text(self) -> str:
        """format_hand(self.parsed), each group's text read off its set (where it is kept)."""
        parsed = self.parsed
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
            raise HandError("too_many_copies", f"{tiles.code(tile)} ({tiles.name(tile)}) is "
                            f"written {seen[tile]} times, but the set has only "
                            f"{copies_of(tile)}.")


def _written(parsed: ParsedHand) -> list[int]:
    """Every tile written: the concealed ones, then each group's."""
    found = list(parsed.concealed)
    for group in parsed.groups:
        found += group.tiles
    return found


def standard_copies(tile: int) -> int:
    return 1 if tiles.is_flower(tile) else 4


def build_hand(parsed: ParsedHand, kinds: frozenset[int]) -> Hand:
    """Check a parsed hand against a variant's tile set and the standard 14-tile count."""
    written = _written(parsed)
    for tile in () if kinds.issuperset(written) else written:  # the loop names the first stranger
        if tile not in kinds:
            raise HandError("tile_not_in_variant",
                            f"{tiles.code(tile)} ({tiles.name(tile)}) is not played in this "
                            "variant.")
    melds = tuple([set_of_group(group) for group in parsed.groups])
    concealed = [0] * tiles.PLAYING_KINDS
    bonus = []
    for tile in parsed.concealed:
        if tile < tiles.PLAYING_KINDS:
            concealed[tile] += 1
        else:
            bonus.append(tile)
    hand = Hand(parsed, melds, tuple(concealed), tuple(bonus), parsed.winning)
    if max(hand.counts) > 4 or len(set(bonus)) < len(bonus):  # perhaps too many: find which
        count_copies(parsed, standard_copies)
    found = len(parsed.concealed) - len(bonus) + 3 * len(melds)
    if found != 14:
        kong_note = f" (counting each of the {hand.kongs} kongs as 3)" if hand.kongs else ""
        raise HandError("wrong_tile_count", f"Found {found} tiles{kong_note}; a complete hand has "
                        "14, plus one for each kong (flowers and seasons not counted).")
    if parsed.winning is None or parsed.winning >= tiles.PLAYING_KINDS:
        raise HandError("bad_notation", "The hand has no winning tile: write it last, or mark it "
                        "with '+', for example '+5p'.")
    return hand
