"""Chinese Official (MCR): which fans each reading of a hand holds, before the exclusions.

The reference engine (PyMahjongGB, the C++ engine of ChineseOfficialMahjongHelper) is the
authority where readings of the rules differ (docs/rules-mcr.md), so this module follows its
steps: the same divisions in the same order, the same reading of how sets combine (the
"account once" and "non-identical" principles for chows and pungs), the same waits. What it
returns is each fan that *holds*, with its count; the exclusions ("不计") are data on the patterns
(variants/mcr.py) and are applied afterwards, by rank, as the reference's final adjustments are.

Tiles here are the reference's codes (0x11-0x19 characters, 0x21-0x29 bamboo, 0x31-0x39 dots,
0x41-0x47 E S W N red green white), so that the order of divisions, and with it the choice
between readings of equal value, is the reference's. `ref_tile` and `our_tile` convert.
"""

from bisect import bisect_left

from . import tiles

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

CHOW, PUNG, KONG, PAIR = 1, 2, 3, 4
E, S, W, N, C, F, P = range(0x41, 0x48)
ALL_TILES = tuple([base + r for base in (0x10, 0x20, 0x30) for r in range(1, 10)]
                  + list(range(0x41, 0x48)))
TABLE = 0x48
GREEN = frozenset({0x22, 0x23, 0x24, 0x26, 0x28, F})
REVERSIBLE = frozenset({0x22, 0x24, 0x25, 0x26, 0x28, 0x29,
                        0x31, 0x32, 0x33, 0x34, 0x35, 0x38, 0x39, P})
ORPHAN_CODES = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, E, S, W, N, C, F, P)
# The six knitted straights, in the reference's order: 147m 258s 369p, 147m 369s 258p, ...
KNITTED = tuple(tuple(base + first + 3 * i for base, first in ((0x10, a), (0x20, b), (0x30, c))
                      for i in range(3))
                for a, b, c in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)))
# Flags of how the hand was won, as the reference writes them.
FLAG_SELF_DRAWN, FLAG_LAST_TILE, FLAG_KONG, FLAG_WALL_LAST = 1, 2, 4, 8

_OUR_HONORS = {tiles.EAST: E, tiles.SOUTH: S, tiles.WEST: W, tiles.NORTH: N,
               tiles.RED: C, tiles.GREEN: F, tiles.WHITE: P}


def ref_tile(tile: int) -> int:
    """Our tile kind (tiles.py) as the reference's code."""
    if tile < 9:
        return 0x11 + tile
    if tile < 18:
        return 0x31 + tile - 9
    if tile < 27:
        return 0x21 + tile - 18
    return _OUR_HONORS[tile]


_REF = {ref_tile(t): t for t in range(tiles.PLAYING_KINDS)}


def our_tile(code: int) -> int:
    return _REF[code]


def suit(t: int) -> int:
    return t >> 4


def rank(t: int) -> int:
    return t & 0xF


def numbered(t: int) -> bool:
    return t < 0x40


def terminal(t: int) -> bool:
    return t < 0x40 and (t & 0xF) in (1, 9)


def winds(t: int) -> bool:
    return E <= t <= N


def dragons(t: int) -> bool:
    return C <= t <= P


def honor(t: int) -> bool:
    return t > 0x40


def pack(melded: bool, kind: int, tile: int) -> int:
    """A set as the reference codes it (its sort order matters): offer, type, tile (a chow's
    middle tile)."""
    return (1 << 12 if melded else 0) | kind << 8 | tile


def pack_kind(p: int) -> int:
    return (p >> 8) & 0xF


def pack_tile(p: int) -> int:
    return p & 0xFF


def melded(p: int) -> bool:
    return bool(p & 0x3000)


# Divisions ----------------------------------------------------------------------------------

def divide(table: list[int], fixed: list[int], base: int | None = None) -> list[list[int]]:
    """Every division of the standing tiles (with the fixed sets) into four sets and the pair,
    in the reference's order, sets after the fixed ones sorted; `base` starts the search at a
    later set (the knitted straight stands for three sets)."""
    result: list[list[int]] = []
    if not any(table[t] > 1 for t in ALL_TILES):
        return result
    start = len(fixed) if base is None else base
    work = list(fixed) + [0] * (5 - len(fixed))
    if base is not None:
        work = [0, 0, 0] + list(fixed) + [0] * (2 - len(fixed))
    _divide(table, start, start, 0, work, result, sum(table))
    return result


def _divide(table, fixed_cnt, idx, prev, work, result, left):
    if idx == 4:
        for t in ALL_TILES:
            if table[t] >= 2 and left == 2:
                work[4] = pack(False, PAIR, t)
                done = work[:]
                done[fixed_cnt:4] = sorted(done[fixed_cnt:4])
                if not any(d[fixed_cnt:4] == done[fixed_cnt:4] for d in result):
                    result.append(done)
                return
        return
    # A set's eigen is never below the last one's, so no tile below the last set's first can
    # begin the next set: the search starts there (the reference tries them all, in vain).
    for t in ALL_TILES[bisect_left(ALL_TILES, prev >> 16):]:
        if table[t] < 1:
            continue
        if table[t] > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                work[idx] = pack(False, PUNG, t)
                table[t] -= 3
                _divide(table, fixed_cnt, idx + 1, eigen, work, result, left - 3)
                table[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and table[t + 1] and table[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                work[idx] = pack(False, CHOW, t + 1)
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _divide(table, fixed_cnt, idx + 1, eigen, work, result, left - 3)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


# Waits: whether the hand waited on one tile only (the reference's reading) -------------------

def _seven_pairs_waiting(table, waiting):
    pairs = 0
    for t in ALL_TILES:
        n = table[t]
        if n in (2, 3):
            pairs += 1
        elif n == 4:
            pairs += 2
    if pairs == 6:
        for t in ALL_TILES:
            if table[t] in (1, 3):
                waiting.add(t)
                break


def _pack_waiting(table, waiting):
    for t in ALL_TILES:
        if table[t] < 1:
            continue
        if table[t] > 1:
            waiting.add(t)
            return
        if t < 0x40:
            r = t & 0xF
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
    if count == 1:
        for t in ALL_TILES:
            if table[t] == 1:
                waiting.add(t)
                break
        return
    if count == 4:
        for t in ALL_TILES:
            if table[t] < 2:
                continue
            table[t] -= 2
            _pack_waiting(table, waiting)
            table[t] += 2
    for t in ALL_TILES[bisect_left(ALL_TILES, prev >> 16):]:  # as in _divide
        if table[t] < 1:
            continue
        if table[t] > 2:
            eigen = t << 16 | t << 8 | t
            if eigen > prev:
                table[t] -= 3
                _regular_waiting(table, count - 3, eigen, waiting)
                table[t] += 3
        if t < 0x40 and (t & 0xF) < 8 and table[t + 1] and table[t + 2]:
            eigen = t << 16 | (t + 1) << 8 | (t + 2)
            if eigen >= prev:
                table[t] -= 1
                table[t + 1] -= 1
                table[t + 2] -= 1
                _regular_waiting(table, count - 3, eigen, waiting)
                table[t] += 1
                table[t + 1] += 1
                table[t + 2] += 1


def unique_waiting(table: list[int], count: int, win: int) -> bool:
    """Whether the standing tiles before the winning tile (`count` of them) waited on exactly one
    kind, in the reference's reading: sets and pair (and seven pairs with 13 tiles)."""
    waiting: set[int] = set()
    table[win] -= 1
    if count == 13:
        _seven_pairs_waiting(table, waiting)
    _regular_waiting(table, count, 0, waiting)
    table[win] += 1
    return len(waiting) == 1


# Sets combined: chows, pungs --------------------------------------------------------------

def _shifted_1(a, b, c):
    return a + 1 == b and b + 1 == c


def _shifted_2(a, b, c):
    return a + 2 == b and b + 2 == c


def _mixed(a, b, c):
    return a != b and a != c and b != c


def _shifted_1_any(a, b, c):
    low, mid, high = sorted((a, b, c))
    return low + 1 == mid and mid + 1 == high


def four_chows_fan(t0, t1, t2, t3):
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return QUADRUPLE_CHOW
    return 0


def three_chows_fan(t0, t1, t2):
    s0, s1, s2 = suit(t0), suit(t1), suit(t2)
    r0, r1, r2 = rank(t0), rank(t1), rank(t2)
    if _mixed(s0, s1, s2):
        if _shifted_1_any(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return PURE_STRAIGHT
        if _shifted_2(t0, t1, t2) or _shifted_1(t0, t1, t2):
            return PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return PURE_TRIPLE_CHOW
    return 0


def two_chows_fan(t0, t1):
    if suit(t0) != suit(t1):
        return MIXED_DOUBLE_CHOW if rank(t0) == rank(t1) else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return SHORT_STRAIGHT
    if {rank(t0), rank(t1)} == {2, 8}:
        return TWO_TERMINAL_CHOWS
    if t0 == t1:
        return PURE_DOUBLE_CHOW
    return 0


PAIR_FANS = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS)


def extra_chow_fan(t0, t1, t2, extra):
    """With a fan of three chows, the fourth chow combines once, the best fan first."""
    found = {two_chows_fan(t, extra) for t in (t0, t1, t2)}
    for fan in PAIR_FANS:
        if fan in found:
            return fan
    return 0


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
        table[fan] = n


def _three_of_four(t0, t1, t2, extra, table):
    fan = three_chows_fan(t0, t1, t2)
    if fan:
        table[fan] = 1
        fan = extra_chow_fan(t0, t1, t2, extra)
        if fan:
            table[fan] = 1
        return True
    return False


def four_chows(m, table):
    fan = four_chows_fan(*m)
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


def four_pungs_fan(t0, t1, t2, t3):
    if numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (E, S, W, N):
        return BIG_FOUR_WINDS
    return 0


def three_pungs_fan(t0, t1, t2):
    if numbered(t0) and numbered(t1) and numbered(t2):
        if _mixed(suit(t0), suit(t1), suit(t2)):
            if _shifted_1_any(rank(t0), rank(t1), rank(t2)):
                return MIXED_SHIFTED_PUNGS
            if rank(t0) == rank(t1) == rank(t2):
                return TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return PURE_SHIFTED_PUNGS
    else:
        if (t0, t1, t2) in ((E, S, W), (E, S, N), (E, W, N), (S, W, N)):
            return BIG_THREE_WINDS
        if (t0, t1, t2) == (C, F, P):
            return BIG_THREE_DRAGONS
    return 0


def two_pungs_fan(t0, t1):
    if numbered(t0) and numbered(t1):
        return DOUBLE_PUNG if rank(t0) == rank(t1) else 0
    if dragons(t0) and dragons(t1):
        return TWO_DRAGON_PUNGS
    return 0


def four_pungs(m, table):
    fan = four_pungs_fan(*m)
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


def pure_terminal_chows(chows, pair_tile):
    if rank(pair_tile) != 5:
        return False
    low = high = 0
    for c in chows:
        if suit(c) != suit(pair_tile):
            return False
        if rank(c) == 2:
            low += 1
        elif rank(c) == 8:
            high += 1
        else:
            return False
    return low == 2 and high == 2


def three_suited_terminal_chows(chows, pair_tile):
    if rank(pair_tile) != 5:
        return False
    seen = set()
    for c in chows:
        if suit(c) == suit(pair_tile) or rank(c) not in (2, 8):
            return False
        seen.add(c)
    others = [s for s in (1, 2, 3) if s != suit(pair_tile)]
    return all((s << 4) + r in seen for s in others for r in (2, 8))


# Traits of the whole hand -----------------------------------------------------------------

def by_suits(unique, table):
    flags = 0
    for t in unique:
        flags |= 1 << suit(t)
    if not flags & 0xF1:
        table[NO_HONORS] = 1
    voided = sum(not flags & mask for mask in (0xE3, 0xE5, 0xE9))
    if voided == 2:
        if table.get(NO_HONORS):
            table[FULL_FLUSH] = 1
        else:
            table[HALF_FLUSH] = 1
    elif voided:
        table[ONE_VOIDED_SUIT] = voided
    if flags == 0x1E and any(winds(t) for t in unique) and any(dragons(t) for t in unique):
        table[ALL_TYPES] = 1


def by_rank_range(unique, table):
    flags = 0
    for t in unique:
        if not numbered(t):
            return
        flags |= 1 << rank(t)
    if not flags & 0xFFE1:
        table[LOWER_FOUR if flags & 0x10 else LOWER_TILES] = 1
    elif not flags & 0xFC3F:
        table[UPPER_FOUR if flags & 0x40 else UPPER_TILES] = 1
    elif not flags & 0xFF8F:
        table[MIDDLE_TILES] = 1


def by_packs(packs, table):
    terminal_packs = honor_packs = five = even = 0
    for p in packs:
        t = pack_tile(p)
        if numbered(t):
            r = rank(t)
            if pack_kind(p) == CHOW:
                if r in (2, 8):
                    terminal_packs += 1
                elif r in (4, 5, 6):
                    five += 1
            elif r in (1, 9):
                terminal_packs += 1
            elif r == 5:
                five += 1
            elif r in (2, 4, 6, 8):
                even += 1
        else:
            honor_packs += 1
    if terminal_packs + honor_packs == 5:
        table[OUTSIDE_HAND] = 1
    elif five == 5:
        table[ALL_FIVE] = 1
    elif even == 5:
        table[ALL_EVEN_PUNGS] = 1


def by_tiles(unique, table):
    if not any(terminal(t) or honor(t) for t in unique):
        table[ALL_SIMPLES] = 1
    if all(t in REVERSIBLE for t in unique):
        table[REVERSIBLE_TILES] = 1
    if all(t in GREEN for t in unique):
        table[ALL_GREEN] = 1
    if table.get(ALL_SIMPLES):
        return
    if all(honor(t) for t in unique):
        table[ALL_HONORS] = 1
    elif all(terminal(t) for t in unique):
        table[ALL_TERMINALS] = 1
    elif all(terminal(t) or honor(t) for t in unique):
        table[ALL_TERMINALS_AND_HONORS] = 1


def tile_hog(merged, kong_count, table):
    n = sum(merged[t] == 4 for t in ALL_TILES) - kong_count
    if n:
        table[TILE_HOG] = n


def waiting_form(concealed_packs, win, table):
    if table.get(MELDED_HAND) or table.get(FOUR_KONGS):
        return
    edge = closed = single = False
    for p in concealed_packs:
        t = pack_tile(p)
        if pack_kind(p) == CHOW:
            if t == win:
                closed = True
            elif t + 1 == win or t - 1 == win:
                edge = True
        elif pack_kind(p) == PAIR and t == win:
            single = True
    if edge:
        table[EDGE_WAIT] = 1
    elif closed:
        table[CLOSED_WAIT] = 1
    elif single:
        table[SINGLE_WAIT] = 1


def win_flags(flags, table):
    """How the hand was won. Which of these a fan then excludes (Last Tile Draw and Out with
    Replacement Tile exclude Self-Drawn, Robbing the Kong excludes Last Tile) is data."""
    if flags & FLAG_LAST_TILE:
        table[LAST_TILE] = 1
    if flags & FLAG_SELF_DRAWN:
        table[SELF_DRAWN] = 1
        if flags & FLAG_WALL_LAST:
            table[LAST_TILE_DRAW] = 1
        if flags & FLAG_KONG:
            table[OUT_WITH_REPLACEMENT_TILE] = 1
    else:
        if flags & FLAG_WALL_LAST:
            table[LAST_TILE_CLAIM] = 1
        if flags & FLAG_KONG:
            table[ROBBING_THE_KONG] = 1


def wind_facet(t, prevalent, seat):
    """Which Pung of Terminals or Honors a pung of `t` is: the prevalent wind's, the seat
    wind's, another wind's, or a terminal's (Prevalent Wind, Seat Wind and Big Three Winds
    each exclude their own)."""
    if t == prevalent:
        return "prevalent"
    if t == seat:
        return "seat"
    return "wind" if winds(t) else "terminal"


def pung_facets(tiles_, prevalent, seat, table):
    facets: dict[str, int] = {}
    for t in tiles_:
        if dragons(t):
            _add(table, DRAGON_PUNG)
        elif terminal(t) or winds(t):
            facet = wind_facet(t, prevalent, seat)
            facets[facet] = facets.get(facet, 0) + 1
        if t == prevalent:
            table[PREVALENT_WIND] = 1
        if t == seat:
            table[SEAT_WIND] = 1
    if facets:
        table[PUNG_OF_TERMINALS_OR_HONORS] = facets


# The forms of a winning hand ----------------------------------------------------------------

class Hand:
    """The hand as the reference reads it: standing tiles (the winning tile in), fixed sets
    (claimed sets and concealed kongs), the winning tile, the flags of how it was won."""

    def __init__(self, standing: list[int], fixed: list[int], win: int, flags: int,
                 prevalent: int, seat: int):
        self.standing, self.fixed, self.win = standing, fixed, win
        self.prevalent, self.seat = prevalent, seat
        fixed_table = [0] * TABLE
        for p in fixed:
            t, kind = pack_tile(p), pack_kind(p)
            if kind == CHOW:
                fixed_table[t - 1] += 1
                fixed_table[t] += 1
                fixed_table[t + 1] += 1
            else:
                fixed_table[t] += 3 if kind == PUNG else 4
        self.fixed_table = fixed_table
        self.unique = [t for t in ALL_TILES if standing[t] or fixed_table[t]]
        # The reference's corrections of the flags: Last Tile needs the winning tile alone among
        # the standing tiles, and holds whenever the fixed sets show three copies of it.
        if standing[win] != 1:
            flags &= ~FLAG_LAST_TILE
        if fixed_table[win] == 3:
            flags |= FLAG_LAST_TILE
        if flags & FLAG_KONG:
            if flags & FLAG_SELF_DRAWN:
                if not any(pack_kind(p) == KONG for p in fixed):
                    flags &= ~FLAG_KONG
            elif fixed_table[win] or standing[win] != 1:
                flags &= ~FLAG_KONG
        self.flags = flags
        self.self_drawn = bool(flags & FLAG_SELF_DRAWN)
        self.standing_count = 13 - 3 * len(fixed)


def seven_shifted(table, s):
    if s > 3:
        return False
    t3 = (s << 4) + 3
    if all(table[t3 + i] == 2 for i in range(5)):
        if table[t3 - 1] == 2:
            return table[t3 - 2] == 2 or table[t3 + 5] == 2
        return table[t3 + 5] == 2 and table[t3 + 6] == 2
    return False


def special_form(h: Hand) -> tuple[str, dict] | None:
    """Seven pairs, seven shifted pairs, (greater) honors and knitted tiles, thirteen orphans:
    the form's name and the fans it holds."""
    table: dict = {}
    standing, unique = h.standing, h.unique
    if all(standing[t] % 2 == 0 for t in ALL_TILES):
        s = suit(h.win)
        if seven_shifted(standing, s):
            table[SEVEN_SHIFTED_PAIRS] = 1
            if not standing[(s << 4) + 1] and not standing[(s << 4) + 9]:
                table[ALL_SIMPLES] = 1
            win_flags(h.flags, table)
            return "seven_shifted_pairs", table
        table[SEVEN_PAIRS] = 1
        by_suits(unique, table)
        by_tiles(unique, table)
        by_rank_range(unique, table)
        tile_hog(standing, 0, table)
        win_flags(h.flags, table)
        return "seven_pairs", table
    if len(unique) == 14:
        numbers = [t for t in unique if numbered(t)]
        if 7 <= len(numbers) <= 9 and any(set(numbers) <= set(seq) for seq in KNITTED):
            if len(numbers) == 7:
                table[GREATER_HONORS_AND_KNITTED] = 1
                form = "greater_honors_and_knitted"
            else:
                table[LESSER_HONORS_AND_KNITTED] = 1
                if len(numbers) == 9:
                    table[KNITTED_STRAIGHT] = 1
                form = "honors_and_knitted"
            win_flags(h.flags, table)
            return form, table
    if len(unique) == 13 and tuple(unique) == tuple(sorted(ORPHAN_CODES)):
        table[THIRTEEN_ORPHANS] = 1
        win_flags(h.flags, table)
        return "thirteen_orphans", table
    return None


def knitted_straight(h: Hand) -> tuple[tuple[int, ...], list[int], dict] | None:
    """Knitted straight with a set and the pair: the straight, the division (its last two
    packs the set and the pair), the fans."""
    standing, fixed = h.standing, h.fixed
    if not any(standing[t] > 1 for t in ALL_TILES):
        return None
    seq = next((seq for seq in KNITTED if all(standing[t] for t in seq)), None)
    if seq is None:
        return None
    rest = standing[:]
    for t in seq:
        rest[t] -= 1
    found = divide(rest, fixed, base=len(fixed) + 3)
    if len(found) != 1:
        return None
    packs = found[0]
    other, pair = packs[3], pack_tile(packs[4])
    table: dict = {KNITTED_STRAIGHT: 1}
    kind, tile = pack_kind(other), pack_tile(other)
    total = h.fixed_table
    if kind == CHOW:
        if numbered(pair):
            table[ALL_CHOWS] = 1
        if total[pair] + standing[pair] == 4:
            table[TILE_HOG] = 1
    else:
        pung_facets((tile,), h.prevalent, h.seat, table)
        if honor(tile):
            if (winds(tile) and dragons(pair)) or (dragons(tile) and winds(pair)):
                table[ALL_TYPES] = 1
        else:
            if not honor(pair):
                table[NO_HONORS] = 1
            if kind != KONG and total[tile] + standing[tile] == 4:
                table[TILE_HOG] = 1
    win_flags(h.flags, table)
    if melded(other):
        if kind == KONG:
            table[MELDED_KONG] = 1
    else:
        if kind == KONG:
            table[CONCEALED_KONG] = 1
        table[FULLY_CONCEALED_HAND if h.self_drawn else CONCEALED_HAND] = 1
    if not fixed:
        if unique_waiting(_wrapped(rest, h.win), 4, h.win):
            waiting_form(packs[3:5], h.win, table)
    elif h.win not in seq or standing[h.win] == 3:
        table[SINGLE_WAIT] = 1
    return seq, packs, table


def _wrapped(table: list[int], win: int) -> list[int]:
    """The reference counts in 16-bit unsigned numbers: taking the winning tile from a table
    without it leaves 65535 copies. Copied, so that the caller's table stays as it was."""
    table = table[:]
    if not table[win]:
        table[win] = 0x10000
    return table


def nine_gates(h: Hand) -> dict | None:
    standing, win = h.standing, h.win
    if not numbered(win):
        return None
    base, r = win & 0xF0, rank(win)
    middle = lambda low, high: all(standing[base + i] == 1 for i in range(low, high))  # noqa: E731
    if r in (1, 9):
        other = base + (10 - r)
        if standing[win] != 4 or standing[other] != 3 or not middle(2, 9):
            return None
    elif (standing[win] != 2 or standing[base + 1] != 3 or standing[base + 9] != 3
          or not middle(2, r) or not middle(r + 1, 9)):
        return None
    table: dict = {NINE_GATES: 1}
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
    win_flags(h.flags, table)
    return table


def regular(h: Hand, packs: list[int], unique_wait: bool) -> dict:
    """The fans of one division into four sets and the pair."""
    table: dict = {}
    pair = 0
    chows, pungs = [], []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    for p in packs:
        kind = pack_kind(p)
        if kind == CHOW:
            chows.append(p)
        elif kind == PUNG:
            pungs.append(p)
            if not melded(p):
                concealed_pungs += 1
        elif kind == KONG:
            pungs.append(p)
            if melded(p):
                melded_kongs += 1
            else:
                concealed_kongs += 1
        else:
            pair = pack_tile(p)
    win = h.win
    win_flags(h.flags, table)
    if not h.self_drawn and not any(not melded(c) and pack_tile(c) - 1 <= win <= pack_tile(c) + 1
                                    for c in chows):
        for p in pungs:
            if pack_tile(p) == win and not melded(p):
                concealed_pungs -= 1
    if pungs:
        kongs(concealed_pungs, melded_kongs, concealed_kongs, table)
        if len(pungs) == 4 and not table.get(FOUR_KONGS) and not table.get(FOUR_CONCEALED_PUNGS):
            table[ALL_PUNGS] = 1
        pung_facets([pack_tile(p) for p in pungs], h.prevalent, h.seat, table)
    mids = sorted(pack_tile(c) for c in chows)
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
        fan = two_pungs_fan(pack_tile(pungs[0]), pack_tile(pungs[1]))
        if fan:
            _add(table, fan)
    elif len(chows) == 1:
        three_pungs(sorted(pack_tile(p) for p in pungs), table)
    else:
        four_pungs(sorted(pack_tile(p) for p in pungs), table)
    fixed_count = len(h.fixed)
    shown = sum(melded(p) for p in packs[:fixed_count])
    if shown == 0:
        table[FULLY_CONCEALED_HAND if h.self_drawn else CONCEALED_HAND] = 1
    elif shown == 4 and not h.self_drawn:
        table[MELDED_HAND] = 1
    if len(chows) == 4:
        if numbered(pair):
            table[ALL_CHOWS] = 1
    elif table.get(TWO_DRAGON_PUNGS):
        if dragons(pair):
            table[LITTLE_THREE_DRAGONS] = 1
    elif table.get(BIG_THREE_WINDS) and winds(pair):
        table[LITTLE_FOUR_WINDS] = 1
    by_packs(packs, table)
    by_suits(h.unique, table)
    by_tiles(h.unique, table)
    by_rank_range(h.unique, table)
    if not table.get(QUADRUPLE_CHOW):
        merged = [a + b for a, b in zip(h.standing, h.fixed_table, strict=True)]
        tile_hog(merged, melded_kongs + concealed_kongs, table)
    if unique_wait:
        waiting_form(packs[fixed_count:], win, table)
    return table
