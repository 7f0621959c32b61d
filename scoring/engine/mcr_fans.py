"""Chinese Official (MCR): every reading of a hand and the fans it holds, before the exclusions.

`fan_readings(hand, ctx, waits)` gives one `FanReading` per reading the rules weigh: the special
form (seven pairs, seven shifted pairs, thirteen orphans, honors and knitted tiles), the knitted
straight with a set and the pair, nine gates, and each division into sets and the pair
(decompose.py's). Each carries its fans, number -> count, Pung of Terminals or Honors counted per
facet; the exclusions ("不计") are data on the patterns (variants/mcr.py), applied afterwards.

The reference engine (PyMahjongGB, the C++ engine of ChineseOfficialMahjongHelper) is the
authority where readings of the rules differ (docs/rules-mcr.md), so the fans follow its steps:
the same reading of how sets combine (the "account once" and "non-identical" principles), the
same waits, the same choice between readings of equal value. Where its answer depends on the
order in which it meets tiles (which division of equal value it keeps, which three of four chows
it combines first), tiles are taken in its order: `REFERENCE_POSITION` (characters, bamboo,
circles, then East South West North Red Green White). The tiles themselves are the engine's
(tiles.py), and so are the hand (hand.py) and its divisions.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType

from . import tiles
from .context import WinContext
from .decompose import standard_readings
from .hand import CHOW, HONOR_BIT, KONG, PAIR, PUNG, TERMINAL_BITS, Hand, TileSet, make_set

# Fan numbers: the official numbering 1-81, and 82 for the reference's 明暗杠 (5 fan).
(BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS, SEVEN_SHIFTED_PAIRS,
 THIRTEEN_ORPHANS, ALL_TERMINALS, LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS, ALL_HONORS,
 FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS, QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS,
 FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS, ALL_TERMINALS_AND_HONORS, SEVEN_PAIRS,
 GREATER_HONORS_AND_KNITTED, ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS,
 UPPER_TILES, MIDDLE_TILES, LOWER_TILES, PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS,
 PURE_SHIFTED_CHOWS, ALL_FIVE, TRIPLE_PUNG, THREE_CONCEALED_PUNGS, LESSER_HONORS_AND_KNITTED,
 KNITTED_STRAIGHT, UPPER_FOUR, LOWER_FOUR, BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES,
 MIXED_TRIPLE_CHOW, MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW, LAST_TILE_CLAIM,
 OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, ALL_PUNGS, HALF_FLUSH, MIXED_SHIFTED_CHOWS,
 ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGON_PUNGS, OUTSIDE_HAND,
 FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE, DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND,
 CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS, CONCEALED_KONG,
 ALL_SIMPLES, PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS,
 PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG, ONE_VOIDED_SUIT, NO_HONORS, EDGE_WAIT, CLOSED_WAIT,
 SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES, CONCEALED_KONG_AND_MELDED_KONG) = range(1, 83)

# The forms of a winning hand, as readings name them.
STANDARD = "standard"
SEVEN_PAIRS_FORM = "seven_pairs"
KNITTED_STRAIGHT_FORM = "knitted_straight"
NINE_GATES_FORM = "nine_gates"

# Our tiles in the order the reference numbers them: its answer depends on that order where it
# keeps the first of several equal choices.
REFERENCE_ORDER = (tuple(range(0, 9)) + tuple(range(18, 27)) + tuple(range(9, 18))
                   + tiles.WIND_TILES + (tiles.RED, tiles.GREEN, tiles.WHITE))
REFERENCE_POSITION = tuple(REFERENCE_ORDER.index(t) for t in range(tiles.PLAYING_KINDS))
_by_reference = REFERENCE_POSITION.__getitem__

GREEN = frozenset([tiles.make(n, "s") for n in (2, 3, 4, 6, 8)] + [tiles.GREEN])
REVERSIBLE = frozenset([tiles.make(n, "s") for n in (2, 4, 5, 6, 8, 9)]
                       + [tiles.make(n, "p") for n in (1, 2, 3, 4, 5, 8, 9)] + [tiles.WHITE])
# The six knitted straights, in the reference's order: 147m 258s 369p, 147m 369s 258p, ...
KNITTED = tuple(tuple(base + first - 1 + 3 * i for base, first in ((0, m), (18, s), (9, p))
                      for i in range(3))
                for m, s, p in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)))


@dataclass(frozen=True, slots=True)
class FanReading:
    """One reading of a hand and the fans it holds before the exclusions.

    `fans`: fan number -> count; Pung of Terminals or Honors (73) counts per facet, {facet:
    count} ('prevalent', 'seat', 'wind', 'terminal'), so that the fans that include one facet's
    pungs remove that facet only. `order`: the reading's place among the hand's readings in the
    reference's order: () for a form read on its own, met first, then (1, its sets' places) for
    the divisions as the reference's search meets them; it breaks ties between readings of equal
    value (variants/mcr.py, `best_reading`).
    `winning_index` and `waits` are what a result shows of the reading (patterns.Reading's)."""

    form: str
    groups: tuple[TileSet, ...]
    winning_index: int | None
    waits: tuple[int, ...]
    fans: Mapping[int, int | Mapping[str, int]]
    order: tuple = ()


def fan_readings(hand: Hand, ctx: WinContext, waits: tuple[int, ...]) -> tuple[FanReading, ...]:
    """Every reading the rules weigh for this hand, with its fans; () if none wins. `waits`:
    the hand's waits (MCR's forms'), which each reading shows."""
    won = _Won(hand, ctx)
    flowers = len(hand.bonus)
    found = []

    def reading(form, groups, fans, order=()):
        if flowers:
            fans[FLOWER_TILES] = flowers
        if PUNG_OF_TERMINALS_OR_HONORS in fans:
            fans[PUNG_OF_TERMINALS_OR_HONORS] = MappingProxyType(fans[PUNG_OF_TERMINALS_OR_HONORS])
        index = next((i for i, g in enumerate(groups)
                      if hand.winning in g.tiles and not g.exposed and not g.concealed_kong),
                     None)
        found.append(FanReading(form, groups, index, waits, MappingProxyType(fans), order))

    form = None  # the form the hand is read as on its own, if any
    if not hand.melds:
        special = special_form(won)
        if special:
            form, fans = special
            reading(form, _special_groups(hand, form), fans)
    if form is None and len(hand.melds) <= 1:
        knitted = knitted_straight(won)
        if knitted:
            form = KNITTED_STRAIGHT_FORM
            reading(form, *knitted)
    if form is None and not hand.melds:
        fans = nine_gates(won)
        if fans:
            form = NINE_GATES_FORM
            reading(form, (TileSet(form, _held(hand)),), fans)
    if form in (None, SEVEN_PAIRS_FORM):  # seven pairs is weighed against the divisions
        unique_wait = unique_waiting(list(hand.concealed), 13 - 3 * len(hand.melds),
                                     hand.winning)
        for concealed in standard_readings(hand.concealed):
            groups = tuple(sorted(concealed, key=_pair_last)) + hand.melds
            reading(STANDARD, groups, division(won, groups, unique_wait),
                    (1, tuple(sorted(map(_reference_key, concealed)))))
    return tuple(found)


def _pair_last(group: TileSet):
    return group.kind == PAIR, group.tiles


def _reference_key(group: TileSet) -> tuple[int, ...]:
    """Where the reference's search meets a set: by its tiles' places in its order (a pung
    before the chow that starts on its tile), the pair last."""
    return (group.kind == PAIR,) + tuple(map(_by_reference, group.tiles[:3]))


def _held(hand: Hand) -> tuple[int, ...]:
    """The concealed tiles, one by one, sorted."""
    return tuple(t for t, n in enumerate(hand.concealed) for _ in range(n))


def _special_groups(hand: Hand, form: str) -> tuple[TileSet, ...]:
    held = _held(hand)
    if form in (SEVEN_PAIRS_FORM, "seven_shifted_pairs"):
        return tuple(make_set(PAIR, t) for t in held[::2])
    return (TileSet(form, held),)


# Tiles -------------------------------------------------------------------------------------

def _suit(t: int) -> int:
    return t // 9 if t < tiles.HONOR_BASE else 3


def _rank(t: int) -> int:
    return t % 9 + 1


def _numbered(t: int) -> bool:
    return t < tiles.HONOR_BASE


def _terminal_or_honor(t: int) -> bool:
    return tiles.is_terminal(t) or tiles.is_honor(t)


def _middle(group: TileSet) -> int:
    """The tile the reference names a set by: a chow's middle tile, else its tile."""
    return group.tiles[1] if group.kind == CHOW else group.tiles[0]


# How the hand was won ----------------------------------------------------------------------

class _Won:
    """What every reading of the hand reads: its tiles, the winds, and the fans of how it was
    won, after the reference's corrections of the flags: Last Tile needs the winning tile alone
    among the concealed tiles, and holds whenever the claimed sets show three copies of it; a
    kong flag needs a kong of one's own (self-drawn) or a tile nobody holds (robbing)."""

    __slots__ = ("hand", "standing", "win", "self_drawn", "prevalent", "seat", "fans")

    def __init__(self, hand: Hand, ctx: WinContext):
        self.hand, self.standing, self.win = hand, hand.concealed, hand.winning
        self.self_drawn = ctx.self_drawn
        self.prevalent, self.seat = ctx.round_wind_tile, ctx.seat_wind_tile
        win = hand.winning
        in_melds = hand.counts[win] - hand.concealed[win]
        last_tile = (ctx.winning_tile_last and hand.concealed[win] == 1) or in_melds == 3
        kong = ctx.kong_replacement or ctx.robbing_kong
        if kong and ctx.self_drawn:
            kong = hand.kongs > 0
        elif kong:
            kong = not in_melds and hand.concealed[win] == 1
        fans = {}
        if last_tile:
            fans[LAST_TILE] = 1
        if ctx.self_drawn:
            fans[SELF_DRAWN] = 1
            if ctx.last_tile:
                fans[LAST_TILE_DRAW] = 1
            if kong:
                fans[OUT_WITH_REPLACEMENT_TILE] = 1
        else:
            if ctx.last_tile:
                fans[LAST_TILE_CLAIM] = 1
            if kong:
                fans[ROBBING_THE_KONG] = 1
        self.fans = fans  # copied into each reading's fans, never changed


# Waits: whether the hand waited on one tile only (the reference's reading) -------------------

def _seven_pairs_waiting(table, waiting):
    pairs = sum(n // 2 for n in table if n < 5)
    if pairs == 6:
        for t in REFERENCE_ORDER:
            if table[t] in (1, 3):
                waiting.add(t)
                break


def _pack_waiting(table, waiting):
    """The tiles that make the two tiles left a set (the first pair or neighbours met)."""
    for t in REFERENCE_ORDER:
        if table[t] < 1:
            continue
        if table[t] > 1:
            waiting.add(t)
            return
        if _numbered(t):
            r = _rank(t)
            if r > 1 and table[t - 1]:
                if r < 9:
                    waiting.add(t + 1)
                if r > 2:
                    waiting.add(t - 2)
                return
            if r > 2 and table[t - 2]:
                waiting.add(t - 1)
                return


def _regular_waiting(table, count, prev, waiting):
    """`prev`: the last set taken, as its tiles' places in the reference's order: the search
    takes sets in that order (a pung before the chow starting on its tile), as divisions are."""
    if count == 1:
        for t in REFERENCE_ORDER:
            if table[t] == 1:
                waiting.add(t)
                break
        return
    if count == 4:
        for t in REFERENCE_ORDER:
            if table[t] < 2:
                continue
            table[t] -= 2
            _pack_waiting(table, waiting)
            table[t] += 2
    for place in range(prev[0] if prev else 0, tiles.PLAYING_KINDS):
        t = REFERENCE_ORDER[place]
        if table[t] < 1:
            continue
        if table[t] > 2:
            key = (place, place, place)
            if key > prev:
                table[t] -= 3
                _regular_waiting(table, count - 3, key, waiting)
                table[t] += 3
        if _numbered(t) and t % 9 < 7 and table[t + 1] and table[t + 2]:
            key = (place, place + 1, place + 2)
            if key >= prev:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _regular_waiting(table, count - 3, key, waiting)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


def unique_waiting(table: list[int], count: int, win: int) -> bool:
    """Whether the concealed tiles before the winning tile (`count` of them, `table` their
    counts with the winning tile in) waited on exactly one kind, in the reference's reading:
    sets and pair (and seven pairs with 13 tiles). A kind all of whose copies are held still
    counts as a wait (docs/rules-mcr.md)."""
    waiting: set[int] = set()
    table[win] -= 1
    if count == 13:
        _seven_pairs_waiting(table, waiting)
    _regular_waiting(table, count, (), waiting)
    table[win] += 1
    return len(waiting) == 1


# Sets combined: chows, pungs (each list sorted in the reference's order) --------------------

def _same_suit(*ts) -> bool:
    return len({_suit(t) for t in ts}) == 1


def _mixed(a, b, c) -> bool:
    return a != b and a != c and b != c


def _steps(ts, step) -> bool:
    """Tiles of one suit, each `step` above the last."""
    return _same_suit(*ts) and all(b - a == step for a, b in pairwise(ts))


def _shifted_1_any(a, b, c) -> bool:
    low, mid, high = sorted((a, b, c))
    return low + 1 == mid and mid + 1 == high


def four_chows_fan(chows) -> int:
    if _steps(chows, 2) or _steps(chows, 1):
        return FOUR_PURE_SHIFTED_CHOWS
    if chows[0] == chows[1] == chows[2] == chows[3]:
        return QUADRUPLE_CHOW
    return 0


def three_chows_fan(t0, t1, t2) -> int:
    r0, r1, r2 = _rank(t0), _rank(t1), _rank(t2)
    if _mixed(_suit(t0), _suit(t1), _suit(t2)):
        if _shifted_1_any(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return MIXED_STRAIGHT
    else:
        if _steps((t0, t1, t2), 3):
            return PURE_STRAIGHT
        if _steps((t0, t1, t2), 2) or _steps((t0, t1, t2), 1):
            return PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return PURE_TRIPLE_CHOW
    return 0


def two_chows_fan(t0, t1) -> int:
    if _suit(t0) != _suit(t1):
        return MIXED_DOUBLE_CHOW if _rank(t0) == _rank(t1) else 0
    if abs(t0 - t1) == 3:
        return SHORT_STRAIGHT
    if {_rank(t0), _rank(t1)} == {2, 8}:
        return TWO_TERMINAL_CHOWS
    if t0 == t1:
        return PURE_DOUBLE_CHOW
    return 0


PAIR_FANS = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS)


def extra_chow_fan(t0, t1, t2, extra) -> int:
    """With a fan of three chows, the fourth chow combines once, the best fan first."""
    found = {two_chows_fan(t, extra) for t in (t0, t1, t2)}
    return next((fan for fan in PAIR_FANS if fan in found), 0)


def account_once(fans, most, table):
    """The reference's "account once" and "non-identical" principles: of the fans between pairs
    of chows, keep at most `most`, cutting repeats first, from Two Terminal Chows upwards."""
    counts = [0, 0, 0, 0]
    cnt = 0
    for fan in fans:
        if fan:
            cnt += 1
            counts[PAIR_FANS.index(fan)] += 1
    limit = 1
    while cnt > most and limit >= 0:
        idx = 4
        while cnt > most and idx > 0:
            idx -= 1
            while counts[idx] > limit and cnt > most:
                counts[idx] -= 1
                cnt -= 1
        limit -= 1
    for fan, n in zip(PAIR_FANS, counts, strict=True):
        if n:
            table[fan] = n


def _three_of_four(t0, t1, t2, extra, table) -> bool:
    fan = three_chows_fan(t0, t1, t2)
    if fan:
        table[fan] = 1
        fan = extra_chow_fan(t0, t1, t2, extra)
        if fan:
            table[fan] = 1
        return True
    return False


def four_chows(m, table):
    fan = four_chows_fan(m)
    if fan:
        table[fan] = 1
        return
    if (_three_of_four(m[0], m[1], m[2], m[3], table)
            or _three_of_four(m[0], m[1], m[3], m[2], table)
            or _three_of_four(m[0], m[2], m[3], m[1], table)
            or _three_of_four(m[1], m[2], m[3], m[0], table)):
        return
    fans = [two_chows_fan(m[0], m[1]), two_chows_fan(m[0], m[2]), two_chows_fan(m[0], m[3]),
            two_chows_fan(m[1], m[2]), two_chows_fan(m[1], m[3]), two_chows_fan(m[2], m[3])]
    most = 3
    for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):  # a chow tied to no other
        if not (fans[a] or fans[b] or fans[c]):
            most -= 1
    if most > 0:
        account_once(fans, most, table)


def three_chows(m, table):
    fan = three_chows_fan(*m)
    if fan:
        table[fan] = 1
        return
    account_once([two_chows_fan(m[0], m[1]), two_chows_fan(m[0], m[2]),
                  two_chows_fan(m[1], m[2])], 2, table)


def _add(table, fan, n=1):
    table[fan] = table.get(fan, 0) + n


def four_pungs_fan(pungs) -> int:
    if _numbered(pungs[0]) and _steps(pungs, 1):
        return FOUR_PURE_SHIFTED_PUNGS
    if set(pungs) == set(tiles.WIND_TILES):
        return BIG_FOUR_WINDS
    return 0


def three_pungs_fan(t0, t1, t2) -> int:
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        if _mixed(_suit(t0), _suit(t1), _suit(t2)):
            if _shifted_1_any(_rank(t0), _rank(t1), _rank(t2)):
                return MIXED_SHIFTED_PUNGS
            if _rank(t0) == _rank(t1) == _rank(t2):
                return TRIPLE_PUNG
        elif _steps((t0, t1, t2), 1):
            return PURE_SHIFTED_PUNGS
    else:
        if all(tiles.is_wind(t) for t in (t0, t1, t2)):
            return BIG_THREE_WINDS
        if all(tiles.is_dragon(t) for t in (t0, t1, t2)):
            return BIG_THREE_DRAGONS
    return 0


def two_pungs_fan(t0, t1) -> int:
    if _numbered(t0) and _numbered(t1):
        return DOUBLE_PUNG if _rank(t0) == _rank(t1) else 0
    if tiles.is_dragon(t0) and tiles.is_dragon(t1):
        return TWO_DRAGON_PUNGS
    return 0


def four_pungs(m, table):
    fan = four_pungs_fan(m)
    if fan:
        table[fan] = 1
        return
    free = -1
    for trio, left in (((0, 1, 2), 3), ((0, 1, 3), 2), ((0, 2, 3), 1), ((1, 2, 3), 0)):
        fan = three_pungs_fan(*(m[i] for i in trio))
        if fan:
            table[fan] = 1
            free = left
            break
    if free >= 0:
        for i in range(4):
            if i != free:
                fan = two_pungs_fan(m[i], m[free])
                if fan:
                    _add(table, fan)
                    break
        return
    for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        fan = two_pungs_fan(m[i], m[j])
        if fan:
            _add(table, fan)


def three_pungs(m, table):
    fan = three_pungs_fan(*m)
    if fan:
        table[fan] = 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        fan = two_pungs_fan(m[i], m[j])
        if fan:
            _add(table, fan)


def kongs(concealed_pungs, melded_kongs, concealed_kongs, table):
    """Kongs and concealed pungs, as the reference's table of them."""
    n = melded_kongs + concealed_kongs
    hidden = {2: TWO_CONCEALED_PUNGS, 3: THREE_CONCEALED_PUNGS, 4: FOUR_CONCEALED_PUNGS}
    if n == 0:
        fan = hidden.get(concealed_pungs)
    elif n == 1:
        if melded_kongs:
            table[MELDED_KONG] = 1
            fan = {2: TWO_CONCEALED_PUNGS, 3: THREE_CONCEALED_PUNGS}.get(concealed_pungs)
        else:
            table[CONCEALED_KONG] = 1
            fan = hidden.get(concealed_pungs + 1)
    elif n == 2:
        if concealed_kongs == 0:
            table[TWO_MELDED_KONGS] = 1
            fan = TWO_CONCEALED_PUNGS if concealed_pungs == 2 else None
        elif concealed_kongs == 1:
            table[CONCEALED_KONG_AND_MELDED_KONG] = 1
            fan = {1: TWO_CONCEALED_PUNGS, 2: THREE_CONCEALED_PUNGS}.get(concealed_pungs)
        else:
            table[TWO_CONCEALED_KONGS] = 1
            fan = {1: THREE_CONCEALED_PUNGS, 2: FOUR_CONCEALED_PUNGS}.get(concealed_pungs)
    elif n == 3:
        table[THREE_KONGS] = 1
        fan = {0: None, 1: TWO_CONCEALED_PUNGS if concealed_pungs > 0 else None,
               2: THREE_CONCEALED_PUNGS if concealed_pungs else TWO_CONCEALED_PUNGS,
               3: FOUR_CONCEALED_PUNGS if concealed_pungs else THREE_CONCEALED_PUNGS,
               }[concealed_kongs]
    else:
        table[FOUR_KONGS] = 1
        fan = hidden.get(concealed_kongs)
    if fan:
        table[fan] = 1


def pure_terminal_chows(chows, pair) -> bool:
    """123, 123, 789, 789 and the pair of 5, all of one suit (chows by their middle tiles)."""
    if not _numbered(pair) or _rank(pair) != 5 or not _same_suit(pair, *chows):
        return False
    return sorted(_rank(c) for c in chows) == [2, 2, 8, 8]


def three_suited_terminal_chows(chows, pair) -> bool:
    """123 and 789 in two suits and the pair of 5 in the third."""
    if not _numbered(pair) or _rank(pair) != 5:
        return False
    others = [s for s in range(3) if s != _suit(pair)]
    return {(_suit(c), _rank(c)) for c in chows} == {(s, r) for s in others for r in (2, 8)}


# Traits of the whole hand -----------------------------------------------------------------

def by_suits(hand: Hand, table):
    honors = hand.mask & HONOR_BIT
    if not honors:
        table[NO_HONORS] = 1
    voided = 3 - len(hand.suits)
    if voided == 2:
        table[HALF_FLUSH if honors else FULL_FLUSH] = 1
    elif voided:
        table[ONE_VOIDED_SUIT] = voided
    if (not voided and any(tiles.is_wind(t) for t in hand.kinds)
            and any(tiles.is_dragon(t) for t in hand.kinds)):
        table[ALL_TYPES] = 1


def by_rank_range(hand: Hand, table):
    numbers = hand.mask  # bit n for a tile of number n
    if numbers & HONOR_BIT:
        return
    if not numbers & ~0b11110:
        table[LOWER_FOUR if numbers & 1 << 4 else LOWER_TILES] = 1
    elif not numbers & ~0b1111000000:
        table[UPPER_FOUR if numbers & 1 << 6 else UPPER_TILES] = 1
    elif not numbers & ~0b1110000:
        table[MIDDLE_TILES] = 1


def by_sets(groups, table):
    """Outside Hand, All Five, All Even Pungs: what every set and the pair hold."""
    terminal_sets = five = even = 0
    for group in groups:
        t = _middle(group)
        if not _numbered(t):
            terminal_sets += 1
            continue
        r = _rank(t)
        if group.kind == CHOW:
            if r in (2, 8):
                terminal_sets += 1
            elif r in (4, 5, 6):
                five += 1
        elif r in (1, 9):
            terminal_sets += 1
        elif r == 5:
            five += 1
        elif r in (2, 4, 6, 8):
            even += 1
    if terminal_sets == 5:
        table[OUTSIDE_HAND] = 1
    elif five == 5:
        table[ALL_FIVE] = 1
    elif even == 5:
        table[ALL_EVEN_PUNGS] = 1


def by_tiles(hand: Hand, table):
    kinds = hand.kinds
    if not hand.mask & (HONOR_BIT | TERMINAL_BITS):
        table[ALL_SIMPLES] = 1
    if REVERSIBLE.issuperset(kinds):
        table[REVERSIBLE_TILES] = 1
    if GREEN.issuperset(kinds):
        table[ALL_GREEN] = 1
    if table.get(ALL_SIMPLES):
        return
    if all(tiles.is_honor(t) for t in kinds):
        table[ALL_HONORS] = 1
    elif all(tiles.is_terminal(t) for t in kinds):
        table[ALL_TERMINALS] = 1
    elif all(_terminal_or_honor(t) for t in kinds):
        table[ALL_TERMINALS_AND_HONORS] = 1


def tile_hog(counts, kong_count, table):
    n = counts.count(4) - kong_count
    if n:
        table[TILE_HOG] = n


def waiting_form(concealed, win, table):
    """Edge, closed or single wait, from the concealed sets and the pair (the reference's
    reading: the first that any set shows, in that order)."""
    if table.get(MELDED_HAND) or table.get(FOUR_KONGS):
        return
    edge = closed = single = False
    for group in concealed:
        t = _middle(group)
        if group.kind == CHOW:
            if t == win:
                closed = True
            elif t + 1 == win or t - 1 == win:
                edge = True
        elif group.kind == PAIR and t == win:
            single = True
    if edge:
        table[EDGE_WAIT] = 1
    elif closed:
        table[CLOSED_WAIT] = 1
    elif single:
        table[SINGLE_WAIT] = 1


def wind_facet(t, prevalent, seat) -> str:
    """Which Pung of Terminals or Honors a pung of `t` is: the prevalent wind's, the seat
    wind's, another wind's, or a terminal's (Prevalent Wind, Seat Wind and Big Three Winds
    each exclude their own)."""
    if t == prevalent:
        return "prevalent"
    if t == seat:
        return "seat"
    return "wind" if tiles.is_wind(t) else "terminal"


def pung_facets(pungs, prevalent, seat, table):
    facets: dict[str, int] = {}
    for t in pungs:
        if tiles.is_dragon(t):
            _add(table, DRAGON_PUNG)
        elif tiles.is_terminal(t) or tiles.is_wind(t):
            facet = wind_facet(t, prevalent, seat)
            facets[facet] = facets.get(facet, 0) + 1
        if t == prevalent:
            table[PREVALENT_WIND] = 1
        if t == seat:
            table[SEAT_WIND] = 1
    if facets:
        table[PUNG_OF_TERMINALS_OR_HONORS] = facets


# The forms of a winning hand ----------------------------------------------------------------

def seven_shifted(counts, suit_base) -> bool:
    """Seven pairs of seven consecutive numbers of the suit starting at `suit_base`."""
    return any(all(counts[suit_base + start + i] == 2 for i in range(7)) for start in range(3))


def special_form(won: _Won) -> tuple[str, dict] | None:
    """Seven pairs, seven shifted pairs, (greater) honors and knitted tiles, thirteen orphans
    (a hand without claimed sets): the form's name and the fans it holds."""
    hand = won.hand
    standing, kinds = hand.concealed, hand.kinds
    table = dict(won.fans)
    if all(n % 2 == 0 for n in standing):
        if _numbered(won.win):
            base = won.win - won.win % 9
            if seven_shifted(standing, base):
                table[SEVEN_SHIFTED_PAIRS] = 1
                if not standing[base] and not standing[base + 8]:
                    table[ALL_SIMPLES] = 1
                return "seven_shifted_pairs", table
        table[SEVEN_PAIRS] = 1
        by_suits(hand, table)
        by_tiles(hand, table)
        by_rank_range(hand, table)
        tile_hog(standing, 0, table)
        return SEVEN_PAIRS_FORM, table
    if len(kinds) == 14:
        numbers = {t for t in kinds if _numbered(t)}
        if 7 <= len(numbers) <= 9 and any(numbers.issubset(seq) for seq in KNITTED):
            if len(numbers) == 7:
                table[GREATER_HONORS_AND_KNITTED] = 1
                return "greater_honors_and_knitted", table
            table[LESSER_HONORS_AND_KNITTED] = 1
            if len(numbers) == 9:
                table[KNITTED_STRAIGHT] = 1
            return "honors_and_knitted", table
    if kinds == tiles.ORPHANS:  # both sorted
        table[THIRTEEN_ORPHANS] = 1
        return "thirteen_orphans", table
    return None


def knitted_straight(won: _Won) -> tuple[tuple[TileSet, ...], dict] | None:
    """Knitted straight with a set and the pair (at most one claimed set): its groups (the
    straight in three suits, the set, the pair, the claimed set) and its fans."""
    hand = won.hand
    standing = hand.concealed
    seq = next((seq for seq in KNITTED if all(standing[t] for t in seq)), None)
    if seq is None:
        return None
    rest = list(standing)
    for t in seq:
        rest[t] -= 1
    found = standard_readings(tuple(rest))
    if len(found) != 1:
        return None
    concealed = sorted(found[0], key=_pair_last)
    other = hand.melds[0] if hand.melds else concealed[0]
    pair = concealed[-1].tiles[0]
    table = dict(won.fans)
    table[KNITTED_STRAIGHT] = 1
    kind, tile = other.kind, other.tiles[0]
    counts = hand.counts
    if kind == CHOW:
        if _numbered(pair):
            table[ALL_CHOWS] = 1
        if counts[pair] == 4:
            table[TILE_HOG] = 1
    else:
        pung_facets((tile,), won.prevalent, won.seat, table)
        if tiles.is_honor(tile):
            if ((tiles.is_wind(tile) and tiles.is_dragon(pair))
                    or (tiles.is_dragon(tile) and tiles.is_wind(pair))):
                table[ALL_TYPES] = 1
        else:
            if not tiles.is_honor(pair):
                table[NO_HONORS] = 1
            if kind != KONG and counts[tile] == 4:
                table[TILE_HOG] = 1
    if other.exposed:
        if kind == KONG:
            table[MELDED_KONG] = 1
    else:
        if kind == KONG:
            table[CONCEALED_KONG] = 1
        table[FULLY_CONCEALED_HAND if won.self_drawn else CONCEALED_HAND] = 1
    win = won.win
    if not hand.melds:
        if unique_waiting(_wrapped(rest, win), 4, win):
            waiting_form(concealed, win, table)
    elif win not in seq or standing[win] == 3:
        table[SINGLE_WAIT] = 1
    straight = sorted(seq)
    groups = tuple(TileSet("knitted", tuple(t for t in straight if t // 9 == s))
                   for s in range(3))
    return groups + tuple(concealed) + hand.melds, table


def _wrapped(table: list[int], win: int) -> list[int]:
    """The reference counts in 16-bit unsigned numbers: taking the winning tile from a table
    without it leaves 65535 copies (its wait search then reads them)."""
    if not table[win]:
        table[win] = 0x10000
    return table


def nine_gates(won: _Won) -> dict | None:
    """1112345678999 of one suit held concealed and one more of that suit (no claimed set)."""
    standing, win = won.standing, won.win
    if not _numbered(win):
        return None
    base, r = win - win % 9, _rank(win)

    def singles(low, high):  # numbers low to high - 1 held once each
        return all(standing[base + n - 1] == 1 for n in range(low, high))

    if r in (1, 9):
        other = base + (9 - r)
        if standing[win] != 4 or standing[other] != 3 or not singles(2, 9):
            return None
    elif (standing[win] != 2 or standing[base] != 3 or standing[base + 8] != 3
          or not singles(2, r) or not singles(r + 1, 9)):
        return None
    table = dict(won.fans)
    table[NINE_GATES] = 1
    if r in (1, 9):
        table[PURE_STRAIGHT] = 1
        table[TILE_HOG] = 1
    elif r in (2, 8, 5):
        table[TWO_CONCEALED_PUNGS] = 1
        table[PUNG_OF_TERMINALS_OR_HONORS] = {"terminal": 1}
        if r != 5:
            table[SHORT_STRAIGHT] = 1
    else:
        table[SHORT_STRAIGHT] = 1
    return table


def division(won: _Won, groups: tuple[TileSet, ...], unique_wait: bool) -> dict:
    """The fans of one division into four sets and the pair (`groups`: the concealed sets,
    the pair, then the claimed sets and concealed kongs)."""
    table = dict(won.fans)
    pair = 0
    chows, pungs = [], []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    concealed_chows = []
    for group in groups:
        kind = group.kind
        if kind == CHOW:
            chows.append(group.tiles[1])
            if not group.exposed:
                concealed_chows.append(group.tiles[1])
        elif kind == PUNG:
            pungs.append(group)
            if not group.exposed:
                concealed_pungs += 1
        elif kind == KONG:
            pungs.append(group)
            if group.exposed:
                melded_kongs += 1
            else:
                concealed_kongs += 1
        else:
            pair = group.tiles[0]
    win = won.win
    # A concealed pung completed by a discard is not concealed, unless a concealed chow could
    # have taken the winning tile instead.
    if not won.self_drawn and not any(c - 1 <= win <= c + 1 for c in concealed_chows):
        for group in pungs:
            if group.tiles[0] == win and not group.exposed:
                concealed_pungs -= 1
    pung_tiles = sorted((group.tiles[0] for group in pungs), key=_by_reference)
    if pungs:
        kongs(concealed_pungs, melded_kongs, concealed_kongs, table)
        if len(pungs) == 4 and not table.get(FOUR_KONGS) and not table.get(FOUR_CONCEALED_PUNGS):
            table[ALL_PUNGS] = 1
        pung_facets(pung_tiles, won.prevalent, won.seat, table)
    mids = sorted(chows, key=_by_reference)
    if len(chows) == 4:
        if three_suited_terminal_chows(mids, pair):
            table[THREE_SUITED_TERMINAL_CHOWS] = 1
        elif pure_terminal_chows(mids, pair):
            table[PURE_TERMINAL_CHOWS] = 1
        else:
            four_chows(mids, table)
    elif len(chows) == 3:
        three_chows(mids, table)
    elif len(chows) == 2:
        fan = two_chows_fan(*mids)
        if fan:
            _add(table, fan)
        fan = two_pungs_fan(*pung_tiles)
        if fan:
            _add(table, fan)
    elif len(chows) == 1:
        three_pungs(pung_tiles, table)
    else:
        four_pungs(pung_tiles, table)
    hand = won.hand
    shown = hand.revealed_sets
    if shown == 0:
        table[FULLY_CONCEALED_HAND if won.self_drawn else CONCEALED_HAND] = 1
    elif shown == 4 and not won.self_drawn:
        table[MELDED_HAND] = 1
    if len(chows) == 4:
        if _numbered(pair):
            table[ALL_CHOWS] = 1
    elif table.get(TWO_DRAGON_PUNGS):
        if tiles.is_dragon(pair):
            table[LITTLE_THREE_DRAGONS] = 1
    elif table.get(BIG_THREE_WINDS) and tiles.is_wind(pair):
        table[LITTLE_FOUR_WINDS] = 1
    by_sets(groups, table)
    by_suits(hand, table)
    by_tiles(hand, table)
    by_rank_range(hand, table)
    if not table.get(QUADRUPLE_CHOW):
        tile_hog(hand.counts, melded_kongs + concealed_kongs, table)
    if unique_wait:
        waiting_form(groups[:len(groups) - len(hand.melds)], win, table)
    return table
