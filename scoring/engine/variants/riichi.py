"""Japanese Riichi: han, fu, every yaku and yakuman, dora, payments (docs/rules-riichi.md).

A hand is read in every decomposition and every group its winning tile may have completed (the
standard pipeline's readings); each reading gets its yaku (a pattern table, exclusions as data),
its fu (every reason listed), its han, its basic points and its payments, and the best reading is
the one the winner is paid most for, then a yakuman, then more han, then more fu (the order the
reference engine, the `mahjong` package, keeps; docs/rules-riichi.md).

The result keeps the contract's shape: `total` is the han (a yakuman counts 13 for each time it
is paid, a double yakuman 26), `unit` "han", `points` the basic points (fu x 2^(2+han), or the
limit's: 2000 mangan ... 8000 a yakuman), `payments` the actual transfers between the seats, honba
included; the riichi sticks on the table go to the winner from the table (`deposits`). `fu` and
`fu_reasons` say how the fu were reached, `limit` names the limit reached (mangan ... yakuman).
"""

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache, cached_property, lru_cache

from .. import tiles
from ..context import parse_context, seat_of
from ..decompose import Forms
from ..errors import DealError, HandError
from ..hand import CHOW, HONOR_BIT, KONG, NUMBER_BITS, PAIR, TERMINAL_BITS
from ..messages import Message, gettext_noop, joined, ngettext, pgettext, seat_letter, tile_named
from ..patterns import STANDARD, Pattern, PatternTable, Reading
from ..variant import KEEP_ON_DEALER_WIN, SEATS, Option, Payout, Rotation, Variant, ledger

SEVEN_PAIRS, ORPHAN_FORM = "seven_pairs", "thirteen_orphans"
ANY_FORM = frozenset({STANDARD, SEVEN_PAIRS, ORPHAN_FORM})
TILE_FORMS = frozenset({STANDARD, SEVEN_PAIRS})
SETS_FORM = frozenset({STANDARD})
FORMS = Forms(thirteen_orphans=True, seven_pairs=True)
GREEN = frozenset({tiles.make(n, "s") for n in (2, 3, 4, 6, 8)} | {tiles.GREEN})
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
YAKUMAN = 13  # the han a yakuman counts for, once
RED_FIVES = (4, 13, 22)  # 5m, 5p, 5s
# The red fives of the set, by the house option aka_dora: with four, two of them are 5p.
SET_RED_FIVES = {0: (), 3: RED_FIVES, 4: (4, 13, 13, 22)}
# The uma (rank bonus, in thousands) of the house option, first to fourth.
# A chombo's cost (house option chombo): a reverse mangan, or a deduction from the final score.
CHOMBO_MANGAN, CHOMBO_DEDUCTION = "mangan", "deduction"
CHOMBO_PAYMENTS = (CHOMBO_MANGAN, CHOMBO_DEDUCTION)
CHOMBO_POINTS = 20000  # the deduction (EMA 2016, WRC): after the uma
CHOMBO_REASONS = {"false_win": gettext_noop("a false win"),
                  "noten_riichi": gettext_noop("riichi on a hand not ready")}
CHOMBO_KEYS = frozenset({"type", "seat", "reason"})
# A win event of the settle door (`settle_deal`): by its tiles (`hand`, `context`) or by its
# count (`han`, `fu`, `yakuman`), and who is liable (pao) for how many of its yakuman.
WIN_KEYS = frozenset({"type", "seat", "self_drawn", "discarder", "hand", "context", "han", "fu",
                      "yakuman", "liable", "liable_yakuman"})
# The yakuman a player can be liable for (pao), by their pattern ids; four kongs too with the
# house option pao_suukantsu (a table's rules, the settle door's `rules`: `liable_part`).
PAO_YAKUMAN = frozenset({"daisangen", "daisuushii"})
UMA = {"0": (0, 0, 0, 0), "5-10": (10, 5, -5, -10), "10-20": (20, 10, -10, -20),
       "10-30": (30, 10, -10, -30), "20-30": (30, 20, -20, -30)}


# Facts of a reading -----------------------------------------------------------------------------
# A Reading (patterns.py) holds what many predicates read, found once when it is made: its chows,
# triplets (pungs and kongs), eyes, concealed triplets, the chows' first tiles, and as bits (bit t
# for tile t) the chows' first tiles and the triplets' tiles; its hand's tile mask (hand.py:
# which numbers, and whether honors) and suits. The predicates read those rather than walk the
# groups again (a group's own mask, where each must hold some tile).

ORPHAN_BITS = TERMINAL_BITS | HONOR_BIT  # a tile mask's terminals and honors
SIMPLE_BITS = NUMBER_BITS & ~TERMINAL_BITS  # ... and its 2 to 8
WIND_BITS = sum(1 << t for t in tiles.WIND_TILES)
DRAGON_BITS = sum(1 << t for t in tiles.DRAGON_TILES)
NINES = (1 << 9) - 1  # the bits of one suit's nine tiles, the first suit's
SUIT_ONES = 1 | 1 << 9 | 1 << 18  # the bit of the 1 of each suit
BAMBOO_ONLY = frozenset("s")


def is_open(r: Reading) -> bool:
    """A claimed set makes the hand open; a concealed kong does not."""
    return r.hand.has_revealed_set


def is_orphan(tile: int) -> bool:
    return tile >= tiles.HONOR_BASE or tile % 9 in (0, 8)


def valued(r: Reading, tile: int) -> int:
    """How many times a pair of `tile` is worth fu: a dragon, the seat wind, the round wind (a
    seat wind that is also the round wind twice)."""
    return (tiles.is_dragon(tile) + (tile == r.ctx.seat_wind_tile)
            + (tile == r.ctx.round_wind_tile))


def wait_of(r: Reading) -> str:
    """The wait the winning tile completed, in this reading: 'pair' (tanki), 'closed' (kanchan),
    'edge' (penchan), 'open' (ryanmen), 'triplet' (shanpon) or '' (seven pairs, 13 orphans)."""
    if r.form != STANDARD or r.winning_index is None:
        return ""
    group, win = r.groups[r.winning_index], r.winning
    if group.kind == PAIR:
        return "pair"
    if group.kind != CHOW:
        return "triplet"
    first = group.tiles[0]
    if win == first + 1:
        return "closed"
    if (first % 9 == 0 and win == first + 2) or (first % 9 == 6 and win == first):
        return "edge"
    return "open"


def triplet_of(tile: int):
    """The predicate of a pung or kong of `tile` (a dragon's yakuhai): one call per reading."""
    return lambda r: r.triplet_bits >> tile & 1


def same_chows(r: Reading) -> int:
    """Pairs of identical chows (two for two such pairs, or four identical chows)."""
    if len(r.chow_firsts) == len(r.chows):  # no two alike
        return 0
    return sum(n // 2 for n in r.chow_firsts.values())


def every_set_has(r: Reading, bits: int) -> bool:
    """Every set and the eyes hold a tile of the mask `bits` (hand.py: numbers, honors)."""
    if r.form != STANDARD:
        return False
    for group in r.groups:  # a loop, not all() over a generator: read for most readings
        if not group.mask & bits:
            return False
    return True


def pinfu(r: Reading) -> bool:
    """Closed, four chows, eyes worth no fu, won on an open (two-sided) wait: no fu but the base."""
    if r.hand.melds or len(r.chows) != 4:
        return False
    return valued(r, r.eyes_tile) == 0 and wait_of(r) == "open"


def nine_gates(r: Reading) -> int:
    """1112345678999 of one suit and one more, concealed, no kong: 2 for the nine-sided wait (the
    13 tiles held were exactly 1112345678999), 1 otherwise."""
    if r.hand.melds or r.has_honor or len(r.suits) != 1:
        return 0
    base = 9 * (r.hand.kinds[0] // 9)
    counts = list(r.hand.counts[base:base + 9])
    if any(n < need for n, need in zip(counts, NINE_GATES, strict=True)):
        return 0
    counts[r.winning - base] -= 1
    return 2 if tuple(counts) == NINE_GATES else 1


def dora_of(indicator: int) -> int:
    """The tile an indicator points at: the next of its suit (9 -> 1), the next wind (North ->
    East), the next dragon (Red -> White)."""
    if indicator < tiles.HONOR_BASE:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator <= tiles.NORTH:
        return tiles.EAST + (indicator - tiles.EAST + 1) % 4
    return tiles.WHITE + (indicator - tiles.WHITE + 1) % 3


def count_dora(r: Reading, indicators) -> int:
    counts = r.hand.counts
    return sum(counts[dora_of(t)] for t in indicators)


def red_fives(r: Reading) -> int:
    return len(r.hand.parsed.all_red) if r.rules["aka_dora"] else 0


# The patterns -----------------------------------------------------------------------------------

# The han of each yaku whose value falls by one on an open hand (kuisagari); a yaku of the closed
# hand only holds on a closed hand (its predicate says so).
OPEN_HAN = {"sanshoku": 1, "ittsu": 1, "chanta": 1, "junchan": 2, "honitsu": 2, "chinitsu": 5}


def yaku(id_, name, english, chinese, han, holds, definition, forms=SETS_FORM, excludes=(),
         per=""):
    return Pattern(id=id_, name=name, english=english, chinese=chinese, value=han, holds=holds,
                   definition=definition, excludes=tuple(excludes), forms=forms, per=per,
                   variant="riichi")


YAKU = [
    yaku("riichi", "Riichi", "Riichi", "立直", 1,
         lambda r: r.ctx.riichi and not r.ctx.double_riichi,
         "The winner declared riichi (ready, concealed hand, a 1,000 stick on the table).",
         forms=ANY_FORM),
    yaku("double_riichi", "Daburu riichi", "Double riichi", "兩立直", 2,
         lambda r: r.ctx.double_riichi,
         "Riichi declared on the first discard, before any call: replaces riichi.",
         forms=ANY_FORM, excludes=["riichi"]),
    yaku("ippatsu", "Ippatsu", "One-shot", "一發", 1, lambda r: r.ctx.ippatsu,
         "Won within one turn of declaring riichi, no call in between.", forms=ANY_FORM),
    yaku("menzen_tsumo", "Menzen tsumo", "Concealed self-draw", "門前清自摸和", 1,
         lambda r: r.ctx.self_drawn and not is_open(r),
         "Won self-drawn with a concealed hand (concealed kongs allowed).", forms=ANY_FORM),
    yaku("pinfu", "Pinfu", "All chows, no fu", "平和", 1, pinfu,
         "Concealed: four chows, eyes that are not a dragon, the seat or the round wind, won on "
         "a two-sided wait."),
    yaku("tanyao", "Tanyao", "All simples", "斷么九", 1,
         lambda r: not r.mask & ORPHAN_BITS and (r.rules["open_tanyao"] or not is_open(r)),
         "Every tile a 2 to 8 (open too, unless the house option open_tanyao is off).",
         forms=TILE_FORMS),
    yaku("iipeikou", "Iipeikou", "Pure double chow", "一盃口", 1,
         lambda r: same_chows(r) == 1 and not is_open(r),  # the shape first: seldom there
         "Concealed: two identical chows (same suit, same numbers)."),
    yaku("haku", "Yakuhai: haku", "White dragon", "役牌白", 1,
         triplet_of(tiles.WHITE), "A pung or kong of white dragons."),
    yaku("hatsu", "Yakuhai: hatsu", "Green dragon", "役牌發", 1,
         triplet_of(tiles.GREEN), "A pung or kong of green dragons."),
    yaku("chun", "Yakuhai: chun", "Red dragon", "役牌中", 1,
         triplet_of(tiles.RED), "A pung or kong of red dragons."),
    yaku("seat_wind", "Jikaze", "Seat wind", "自風", 1,
         lambda r: r.triplet_bits >> r.ctx.seat_wind_tile & 1, "A pung or kong of the seat wind."),
    yaku("round_wind", "Bakaze", "Round wind", "場風", 1,
         lambda r: r.triplet_bits >> r.ctx.round_wind_tile & 1,
         "A pung or kong of the round wind (with the seat wind, both count)."),
    yaku("haitei", "Haitei raoyue", "Last tile drawn", "海底摸月", 1,
         lambda r: r.ctx.last_tile and r.ctx.self_drawn and not r.ctx.kong_replacement,
         "Won self-drawn on the last tile of the wall (a kong's replacement tile, from the dead "
         "wall, is not it: rinshan alone counts).",
         forms=ANY_FORM),
    yaku("houtei", "Houtei raoyui", "Last discard", "河底撈魚", 1,
         lambda r: r.ctx.last_tile and not r.ctx.self_drawn, "Won on the discard of the last "
         "tile of the wall.", forms=ANY_FORM),
    yaku("rinshan", "Rinshan kaihou", "After a kong", "嶺上開花", 1,
         lambda r: r.ctx.kong_replacement, "Won on the replacement tile drawn after the "
         "winner's own kong.", forms=ANY_FORM),
    yaku("chankan", "Chankan", "Robbing a kong", "搶槓", 1, lambda r: r.ctx.robbing_kong,
         "Won on the tile another player added to a pung to make a kong.", forms=ANY_FORM),
    # The same number in all three suits: a bit set 9 and 18 bits apart (written out where
    # read, as ittsu is: a predicate is called for every reading).
    yaku("sanshoku", "Sanshoku doujun", "Mixed triple chow", "三色同順", 2,
         lambda r: bool(r.chow_bits & r.chow_bits >> 9 & r.chow_bits >> 18 & NINES),
         "The same chow in all three suits (1 han open)."),
    yaku("ittsu", "Ikkitsuukan", "Pure straight", "一氣通貫", 2,  # chows from 1, 4, 7 of a suit
         lambda r: bool(r.chow_bits & r.chow_bits >> 3 & r.chow_bits >> 6 & SUIT_ONES),
         "123, 456 and 789 of one suit (1 han open)."),
    yaku("chanta", "Chanta", "Outside hand", "混全帶么九", 2,
         lambda r: bool(r.chows) and r.has_honor and every_set_has(r, ORPHAN_BITS),
         "Every set and the eyes hold a terminal or an honor, with at least one chow and one "
         "honor (1 han open)."),
    yaku("junchan", "Junchan", "Terminals in all sets", "純全帶么九", 3,
         lambda r: bool(r.chows) and not r.has_honor and every_set_has(r, TERMINAL_BITS),
         "Every set and the eyes hold a 1 or a 9, no honor, at least one chow (2 han open).",
         excludes=["chanta"]),
    yaku("honroutou", "Honroutou", "All terminals and honors", "混老頭", 2,
         lambda r: not r.mask & SIMPLE_BITS and r.has_honor and r.has_terminal,
         "Every tile a 1, a 9 or an honor, with both (counted with all pungs or seven pairs).",
         forms=TILE_FORMS),
    yaku("toitoi", "Toitoihou", "All pungs", "對對和", 2, lambda r: len(r.triplets) == 4,
         "Four pungs or kongs and the eyes."),
    yaku("sanankou", "San ankou", "Three concealed pungs", "三暗刻", 2,
         lambda r: r.concealed_triplets == 3,
         "Three pungs or kongs not claimed; one completed by the winning discard is not "
         "concealed."),
    yaku("sankantsu", "San kantsu", "Three kongs", "三槓子", 2, lambda r: r.hand.kongs == 3,
         "Three kongs, concealed or not."),
    yaku("sanshoku_doukou", "Sanshoku doukou", "Triple pung", "三色同刻", 2,
         lambda r: bool(r.triplet_bits & r.triplet_bits >> 9 & r.triplet_bits >> 18 & NINES),
         "Pungs or kongs of the same number in all three suits."),
    yaku("chiitoitsu", "Chiitoitsu", "Seven pairs", "七對子", 2,
         lambda r: r.form == SEVEN_PAIRS, "Seven different pairs (25 fu).",
         forms=frozenset({SEVEN_PAIRS})),
    yaku("shousangen", "Shousangen", "Little three dragons", "小三元", 2,
         lambda r: (r.triplet_bits & DRAGON_BITS).bit_count() == 2 and tiles.is_dragon(r.eyes_tile),
         "Two dragon pungs and dragon eyes (their two dragon yaku add)."),
    yaku("honitsu", "Honitsu", "Half flush", "混一色", 3,
         lambda r: len(r.suits) == 1 and r.has_honor,
         "One suit and honors (2 han open).", forms=TILE_FORMS),
    yaku("chinitsu", "Chinitsu", "Full flush", "清一色", 6,
         lambda r: len(r.suits) == 1 and not r.has_honor,
         "Every tile of one suit (5 han open).", forms=TILE_FORMS,
         excludes=["honitsu"]),
    yaku("ryanpeikou", "Ryanpeikou", "Twice pure double chow", "二盃口", 3,
         lambda r: same_chows(r) == 2 and not is_open(r),
         "Concealed: two pairs of identical chows (not also seven pairs).", excludes=["iipeikou"]),
    yaku("renhou", "Renhou", "Blessing of man", "人和", 5,
         lambda r: r.ctx.renhou and r.rules["renhou"] == "mangan",
         "A non-dealer wins on a discard before their first draw, no call made (context "
         "renhou), with the house option renhou at mangan: 5 han, with the other yaku.",
         forms=ANY_FORM),
]

DORA = [
    yaku("dora", "Dora", "Dora", "寶牌", 1,
         lambda r: count_dora(r, r.ctx.dora_indicators) if r.ctx.dora_indicators else 0,
         "Each tile of the hand that a dora indicator points at (the next tile of its suit, "
         "wind or dragon); only with a yaku.",
         forms=ANY_FORM, per="tile"),
    yaku("ura_dora", "Ura dora", "Ura dora", "裏寶牌", 1,
         lambda r: count_dora(r, r.ctx.ura_dora_indicators)
         if r.ctx.ura_dora_indicators and (r.ctx.riichi or r.ctx.double_riichi) else 0,
         "Dora of the indicators under the dora indicators, for a hand in riichi.",
         forms=ANY_FORM, per="tile"),
    yaku("aka_dora", "Aka dora", "Red five", "赤寶牌", 1, red_fives,
         "Each red five (0m, 0p, 0s) of the hand (house option aka_dora).",
         forms=ANY_FORM, per="tile"),
]

# Limit hands. Each removes every yaku and dora; those of 26 han are the double yakuman, 13 when
# the house option double_yakuman is off (see `han_of`).
REGULAR_IDS = [p.id for p in YAKU + DORA]
YAKUMAN_HANDS = [
    yaku("kokushi", "Kokushi musou", "Thirteen orphans", "國士無雙", YAKUMAN,
         lambda r: r.form == ORPHAN_FORM,
         "One of each 1, 9 and honor, and one more of any of them.",
         forms=frozenset({ORPHAN_FORM}), excludes=REGULAR_IDS),
    yaku("kokushi_13", "Kokushi musou juusanmen", "Thirteen-sided thirteen orphans",
         "國士無雙十三面", 2 * YAKUMAN,
         lambda r: r.form == ORPHAN_FORM and r.hand.counts[r.winning] == 2,
         "Thirteen orphans waiting on all thirteen (the pair is the winning tile): double "
         "yakuman.",
         forms=frozenset({ORPHAN_FORM}), excludes=["kokushi"]),
    yaku("suuankou", "Suu ankou", "Four concealed pungs", "四暗刻", YAKUMAN,
         lambda r: r.concealed_triplets == 4 and not is_open(r),
         "Four pungs or kongs not claimed; on a discard only won on the eyes.",
         excludes=REGULAR_IDS),
    yaku("suuankou_tanki", "Suu ankou tanki", "Four concealed pungs, pair wait", "四暗刻單騎",
         2 * YAKUMAN,
         lambda r: r.concealed_triplets == 4 and not is_open(r) and wait_of(r) == "pair",
         "Four concealed pungs won on the eyes: double yakuman.", excludes=["suuankou"]),
    yaku("daisangen", "Daisangen", "Big three dragons", "大三元", YAKUMAN,
         lambda r: (r.triplet_bits & DRAGON_BITS).bit_count() == 3,
         "Three dragon pungs or kongs.", excludes=REGULAR_IDS),
    yaku("shousuushii", "Shousuushii", "Little four winds", "小四喜", YAKUMAN,
         lambda r: (r.triplet_bits & WIND_BITS).bit_count() == 3 and tiles.is_wind(r.eyes_tile),
         "Three wind pungs and wind eyes.", excludes=REGULAR_IDS),
    yaku("daisuushii", "Daisuushii", "Big four winds", "大四喜", 2 * YAKUMAN,
         lambda r: (r.triplet_bits & WIND_BITS).bit_count() == 4,
         "Four wind pungs or kongs: double yakuman.", excludes=REGULAR_IDS),
    yaku("tsuuiisou", "Tsuuiisou", "All honors", "字一色", YAKUMAN,
         lambda r: not r.suits,
         "Every tile an honor (seven pairs too).", forms=TILE_FORMS,
         excludes=REGULAR_IDS),
    yaku("chinroutou", "Chinroutou", "All terminals", "清老頭", YAKUMAN,
         lambda r: not r.mask & ~TERMINAL_BITS,
         "Every tile a 1 or a 9.",
         excludes=REGULAR_IDS),
    yaku("ryuuiisou", "Ryuuiisou", "All green", "綠一色", YAKUMAN,
         lambda r: r.suits <= BAMBOO_ONLY and all(t in GREEN for t in r.hand.kinds),
         "Every tile green: 2, 3, 4, 6 and 8 of bamboo and the green dragon.",
         forms=TILE_FORMS, excludes=REGULAR_IDS),
    yaku("chuuren", "Chuuren poutou", "Nine gates", "九蓮寶燈", YAKUMAN,
         lambda r: nine_gates(r) == 1,
         "Concealed, no kong: 1112345678999 of one suit and one more of it.", excludes=REGULAR_IDS),
    yaku("junsei_chuuren", "Junsei chuuren poutou", "Nine-sided nine gates", "純正九蓮寶燈",
         2 * YAKUMAN, lambda r: nine_gates(r) == 2,
         "Nine gates whose 13 tiles held were exactly 1112345678999 (a nine-sided wait): double "
         "yakuman.", excludes=REGULAR_IDS),
    yaku("suukantsu", "Suu kantsu", "Four kongs", "四槓子", YAKUMAN, lambda r: r.hand.kongs == 4,
         "Four kongs.", excludes=REGULAR_IDS),
    yaku("tenhou", "Tenhou", "Blessing of heaven", "天和", YAKUMAN, lambda r: r.ctx.heavenly,
         "The dealer wins on the dealt hand (context heavenly).", forms=ANY_FORM,
         excludes=REGULAR_IDS),
    yaku("chiihou", "Chiihou", "Blessing of earth", "地和", YAKUMAN, lambda r: r.ctx.chiihou,
         "A non-dealer wins on their first draw, before any call (context chiihou).",
         forms=ANY_FORM, excludes=REGULAR_IDS),
    yaku("renhou_yakuman", "Renhou", "Blessing of man (yakuman)", "人和（役滿）", YAKUMAN,
         lambda r: r.ctx.renhou and r.rules["renhou"] == "yakuman",
         "Renhou (context renhou) with the house option renhou at yakuman.", forms=ANY_FORM,
         excludes=REGULAR_IDS),
]
# A double yakuman's 26 han and its single form's exclusions: the double also removes what the
# single removes (closure), so both name the same yaku as included.
DOUBLE_YAKUMAN = frozenset({"kokushi_13", "suuankou_tanki", "daisuushii", "junsei_chuuren"})
PATTERNS = YAKU + DORA + YAKUMAN_HANDS
YAKUMAN_IDS = frozenset(p.id for p in YAKUMAN_HANDS)
DORA_IDS = frozenset(p.id for p in DORA)

# Fu -----------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fu:
    """One reason a reading has fu: how many, its code, its words, and the line the explanation
    shows ("2 edge wait (penchan)"). Made once each (FU, set_fu): a reading's fu lists them."""

    fu: int
    reason: str
    text: Message
    line: Message = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "line", gettext_noop("{fu} {reason}", fu=self.fu,
                                                      reason=self.text))

    def as_dict(self) -> dict:
        return {"fu": self.fu, "reason": self.reason, "text": self.text}


FU = {fu.reason: fu for fu in (
    Fu(20, "base", gettext_noop("base (futei)")),
    Fu(10, "concealed_ron", gettext_noop("concealed hand won on a discard (menzen kafu)")),
    Fu(2, "self_drawn", gettext_noop("self-drawn (tsumo)")),
    Fu(2, "open_pinfu", gettext_noop("open hand with no other fu")),
    Fu(25, "seven_pairs", gettext_noop("seven pairs (chiitoitsu), fixed")),
    Fu(2, "edge_wait", gettext_noop("edge wait (penchan)")),
    Fu(2, "closed_wait", gettext_noop("closed wait (kanchan)")),
    Fu(2, "pair_wait", gettext_noop("pair wait (tanki)")),
    Fu(2, "dragon_pair", gettext_noop("eyes of a dragon")),
    Fu(2, "seat_wind_pair", gettext_noop("eyes of the seat wind")),
    Fu(2, "round_wind_pair", gettext_noop("eyes of the round wind")),
    Fu(2, "double_wind_pair", gettext_noop("eyes of the seat and round wind, counted once "
                                           "(a house rule)")),
)}
WAIT_FU = {"edge": FU["edge_wait"], "closed": FU["closed_wait"], "pair": FU["pair_wait"]}


SET_WORDS = {"pung": pgettext("set", "pung"), "kong": pgettext("set", "kong")}


@cache  # on the set: few distinct sets (make_set), each read in every hand that has it
def set_fu(group) -> Fu:
    """The fu of a pung or kong, and its reason: 2 for an open pung of simples, doubled when
    concealed, doubled for terminals and honors, times 4 for a kong."""
    fu = 8 if group.kind == KONG else 2
    concealed = not group.exposed and not group.by_discard
    orphan = is_orphan(group.tiles[0])
    fu *= (2 if concealed else 1) * (2 if orphan else 1)
    text = gettext_noop("{how} {kind} of {tiles} {group}",
                        how=pgettext("set", "concealed") if concealed else pgettext("set", "open"),
                        kind=SET_WORDS.get(group.kind, group.kind),
                        tiles=gettext_noop("terminals or honors") if orphan
                        else gettext_noop("simples"), group=group.text())
    return Fu(fu, "set", text)


def fu_of(r: Reading) -> tuple[int, list[Fu]]:
    """The fu of a reading before rounding (seven pairs 25), and each reason."""
    if r.form == SEVEN_PAIRS:
        return 25, [FU["seven_pairs"]]
    if r.form != STANDARD:
        return 0, []
    reasons = [FU["base"]]
    ctx = r.ctx
    if pinfu(r):
        if not ctx.self_drawn:
            reasons.append(FU["concealed_ron"])
        return sum([f.fu for f in reasons]), reasons
    opened = is_open(r)
    if not ctx.self_drawn and not opened:
        reasons.append(FU["concealed_ron"])
    extra = []
    wait = WAIT_FU.get(wait_of(r))
    if wait:
        extra.append(wait)
    eyes = r.eyes_tile
    if tiles.is_dragon(eyes):
        extra.append(FU["dragon_pair"])
    if eyes == ctx.seat_wind_tile == ctx.round_wind_tile and r.rules["double_wind_pair"] == 2:
        extra.append(FU["double_wind_pair"])
    else:
        if eyes == ctx.seat_wind_tile:
            extra.append(FU["seat_wind_pair"])
        if eyes == ctx.round_wind_tile:
            extra.append(FU["round_wind_pair"])
    for group in r.triplets:
        extra.append(set_fu(group))
    if ctx.self_drawn:
        extra.append(FU["self_drawn"])
    elif opened and not extra:
        extra.append(FU["open_pinfu"])
    reasons += extra
    return sum([f.fu for f in reasons]), reasons


def round_up(amount: int | float, to: int) -> int:
    return -(-int(amount) // to) * to


# Limits and money --------------------------------------------------------------------------------

LIMITS = ((13, "yakuman", 8000), (11, "sanbaiman", 6000), (8, "baiman", 4000),
          (6, "haneman", 3000), (5, "mangan", 2000))
MOST_YAKUMAN = 6  # the basic points stop at six yakuman


def basic_points(han: int, fu: int, yakuman: int, rules) -> tuple[int, str | None]:
    """The basic points and the limit's name (None below mangan)."""
    if yakuman:
        times = min(yakuman, MOST_YAKUMAN)
        return 8000 * times, ("yakuman" if times == 1 else f"{times}x yakuman")
    if han >= 5:  # a limit, whatever the fu
        if han >= 13:
            if rules["kazoe"] == "sanbaiman":
                return 6000, "sanbaiman"
            return 8000, "kazoe yakuman"
        for least, name, points in LIMITS:
            if han >= least:
                return points, name
    basic = fu * 2 ** (2 + han)
    if rules["kiriage"] and (han, fu) in ((4, 30), (3, 60)):
        return 2000, "kiriage mangan"
    if basic > 2000:
        return 2000, "mangan"
    return basic, None


def event_error(index: int, message, code: str = "bad_event") -> DealError:
    """A settle event refused: its message after the event's number (contract §5)."""
    return DealError(code, gettext_noop("Event {index}: {message}", index=index,
                                        message=message), index)


def chombo_event(index: int, event) -> tuple[str, str]:
    """One chombo event read (`Riichi.settle_deal`): (the offender's seat, the reason: a false
    win by default, or riichi on a hand not ready); anything else is bad_event, naming it."""
    def fail(message) -> DealError:
        return event_error(index, message)

    if not isinstance(event, dict) or event.get("type") != "chombo":
        raise fail(gettext_noop("Riichi settles chombo and win events: {example}.",
                                example='{"type": "chombo", "seat": "S"}'))
    unknown = sorted(set(event) - CHOMBO_KEYS, key=str)
    if unknown:
        raise fail(gettext_noop("a chombo event has no field {field}; its fields are {fields}.",
                                field=str(unknown[0])[:40], fields=", ".join(sorted(CHOMBO_KEYS))))
    seat = seat_of(event.get("seat"))
    if seat is None:
        raise fail(gettext_noop("seat must be a seat: E, S, W or N."))
    reason = event.get("reason", "false_win")
    if reason not in CHOMBO_REASONS:
        raise fail(gettext_noop("reason must be one of {reasons}.",
                                reasons=", ".join(CHOMBO_REASONS)))
    return seat, reason


# The words of a hand's points and payments, made from a few numbers that recur from hand to hand
# (the basic points of each han and fu, the honba): each is said once. (Not its fu: their reasons
# name the sets, and few hands share them.) Bounded, as the honba make many more possible.

@cache  # the fu: a few tens
def rounded_up(fu: int) -> Message:
    return gettext_noop(", rounded up to {fu}", fu=fu)


def fu_note(items: list[Fu], raw: int, fu: int) -> Message:
    """The explanation's fu: each reason, their sum (`raw`), and `fu` if rounded up. (Made for
    each hand: kept by its reasons, four hands in five were new to it, the bench's replays
    alone would have gained.)"""
    return gettext_noop("fu: {reasons} = {raw}{rounded}",
                        reasons=joined([f.line for f in items], " + "), raw=raw,
                        rounded=rounded_up(fu) if fu != raw else "")


NO_YAKU_TEXT = gettext_noop("no yaku: not a win (a hand needs at least one yaku; dora do not "
                            "count); nobody pays")


@lru_cache(maxsize=256)  # 13 han a yakuman, six at most: a few values
def yakuman_text(han: int, limit: str, basic: int) -> Message:
    """The explanation's yakuman: its han, the limit's name and its basic points."""
    return gettext_noop("{han} han of yakuman: {limit}, {basic} basic points", han=han,
                        limit=limit, basic=basic)


@lru_cache(maxsize=4096)
def points_text(han: int, fu: int, limit: str | None, basic: int) -> Message:
    """The explanation's basic points: a limit's, or fu x 2^(2 + han)."""
    if limit:
        return gettext_noop("{han} han {fu} fu: {limit}, {basic} basic points", han=han, fu=fu,
                            limit=limit, basic=basic)
    return gettext_noop("{han} han {fu} fu: {fu} x 2^{power} = {basic} basic points", han=han,
                        fu=fu, power=2 + han, basic=basic)


@lru_cache(maxsize=4096)
def transfer_reason(self_drawn: bool, from_dealer: bool, times: int, basic: int,
                    honba: int) -> Message:
    """Why a payer pays the winner (`Riichi.transfers`): a discard, or a self-draw from the
    dealer (`from_dealer`) or a non-dealer, `times` the basic points, and the honba."""
    if not self_drawn:
        extra = gettext_noop(", + {amount} for {honba} honba", amount=300 * honba,
                             honba=honba) if honba else ""
        return gettext_noop("discarder: {times} x {basic} rounded up to 100{extra}",
                            times=times, basic=basic, extra=extra)
    who = gettext_noop("the dealer") if from_dealer else gettext_noop("each non-dealer")
    extra = gettext_noop(", + {amount} for {honba} honba", amount=100 * honba,
                         honba=honba) if honba else ""
    return gettext_noop("self-drawn, {who}: {share} x {basic} rounded up to 100{extra}",
                        who=who, share=times, basic=basic, extra=extra)


class Scored:
    """One reading, scored: its yaku, han, fu, basic points and payments."""

    def __init__(self, variant, reading: Reading, rules):
        evaluation = variant.table.evaluate(reading)
        self.reading, self.evaluation = reading, evaluation
        self.decomposition = evaluation.decomposition
        opened = is_open(reading)
        counted = []  # (Counted, han it adds)
        yakuman = 0
        has_yaku = False
        stacking = rules["yakuman_stacking"]
        for c in evaluation.counted:
            pid = c.pattern.id
            if pid in YAKUMAN_IDS:
                han = YAKUMAN if (pid in DOUBLE_YAKUMAN and not rules["double_yakuman"]) \
                    else c.pattern.value
                if not stacking:  # the largest yakuman alone is paid (the first of equals)
                    if han <= yakuman:
                        continue
                    counted = [(k, h) for k, h in counted if k.pattern.id not in YAKUMAN_IDS]
                    yakuman = 0
                yakuman += han
            elif opened and pid in OPEN_HAN:
                han = OPEN_HAN[pid] * c.count
            else:
                han = c.pattern.value * c.count
            has_yaku = has_yaku or pid not in DORA_IDS
            counted.append((c, han))
        if not has_yaku:  # dora count only with a yaku
            counted = [(c, h) for c, h in counted if c.pattern.id not in DORA_IDS]
        self.counted, self.yakuman, self.has_yaku = counted, yakuman // YAKUMAN, has_yaku
        self.han = sum([h for _, h in counted])
        self.raw_fu, self.fu_items = fu_of(reading)
        self.fu = self.raw_fu if self.raw_fu in (0, 25) else round_up(self.raw_fu, 10)
        self.basic, self.limit = basic_points(self.han, self.fu, self.yakuman, rules)
        self.variant = variant

    @cached_property
    def paid(self) -> int:
        """What the winner is paid, to rank the readings: the amounts only (the reading chosen
        is paid, with the reason of each transfer, by `Riichi.money`). Worked out only where
        readings are compared: most hands have one."""
        if not self.has_yaku:
            return 0
        return sum([s[2] for s in self.variant.shares(self.basic, self.reading.ctx)])

    @property
    def fu_reasons(self) -> list[dict]:
        """Each fu and why, as the result shows them (made for the best reading only)."""
        return [f.as_dict() for f in self.fu_items]

    def rank(self):
        return (self.paid if self.has_yaku else -1, self.yakuman > 0, self.han, self.fu,
                self.raw_fu)


class Riichi(Variant):
    id = "riichi"
    name = gettext_noop("Japanese Riichi")
    unit = "han"
    table = PatternTable(PATTERNS)
    kinds = frozenset(range(tiles.PLAYING_KINDS))
    context_fields = frozenset({
        "self_drawn", "seat_wind", "round_wind", "dealer", "discarder", "last_tile",
        "kong_replacement", "robbing_kong", "heavenly", "chiihou", "riichi", "double_riichi",
        "ippatsu", "renhou", "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks"})
    options = (
        Option(pgettext("house option", "open tanyao"),
               True, gettext_noop("true or false: all simples counts on an open "
                                  "hand (kuitan)"),
               accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "kiriage"),
               False, gettext_noop("true or false: 4 han 30 fu and 3 han 60 fu are "
                                   "paid as a mangan (kiriage mangan)"),
               accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "double yakuman"),
               True, gettext_noop(
            "true or false: thirteen-sided thirteen orphans, four concealed pungs on a pair wait, "
            "nine-sided nine gates and big four winds are double yakuman"),
            accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "aka dora"),
               3, gettext_noop("0, 3 or 4: the red fives of the set (3: one 0m, 0p and "
                               "0s; 4: two of them 0p), each a dora"), choices=(0, 3, 4)),
        Option(pgettext("house option", "kazoe"),
               "yakuman", gettext_noop("yakuman or sanbaiman: what 13 han or more of "
                                       "yaku and dora is paid as (kazoe yakuman)"),
               choices=("yakuman", "sanbaiman")),
        Option(pgettext("house option", "double wind pair"),
               4, gettext_noop("4 or 2: the fu of eyes of a wind that is both the seat "
                               "and the round wind"), choices=(4, 2)),
        Option(pgettext("house option", "yakuman stacking"),
               True, gettext_noop("true or false: different yakuman in one hand add up "
                                  "(false: the largest alone is paid)"),
               accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "renhou"),
               "none", gettext_noop("none, mangan or yakuman: what renhou (a non-dealer's "
                                    "win on a discard before their first draw) is worth; "
                                    "mangan: 5 han, with the other yaku"),
               choices=("none", "mangan", "yakuman")),
        # The game's end, at a table (`standings`): they do not change what a hand pays.
        Option(pgettext("house option", "start points"),
               25000, gettext_noop("the points each player starts a hanchan "
                                   "with (25000)"),
               accepts=lambda v: isinstance(v, int) and 0 < v <= 1_000_000 and v % 100 == 0),
        Option(pgettext("house option", "return points"),
               30000, gettext_noop("the points the final score is counted from "
                                   "(30000); the difference, from each player, "
                                   "is the oka, to the first"),
               accepts=lambda v: isinstance(v, int) and 0 < v <= 1_000_000 and v % 100 == 0),
        # Chombo (a false win, riichi on a hand not ready): its cost, settled as a deal's
        # chombo event (`settle_deal`) and at a table (docs/rules-riichi.md, "Chombo").
        Option(pgettext("house option", "chombo"),
               "mangan", gettext_noop("mangan or deduction: what a chombo costs; mangan: a "
                                      "mangan self-drawn paid in reverse (a non-dealer pays the "
                                      "dealer 4,000 and each other 2,000, the dealer 4,000 to "
                                      "each); deduction: 20,000 points off the final score, "
                                      "after the uma"),
               choices=CHOMBO_PAYMENTS),
        Option(pgettext("house option", "uma"),
               "10-20", gettext_noop("the rank bonus in thousands: a-b gives the first b, "
                                     "the second a, the third -a, the fourth -b (10-20)"),
               choices=tuple(UMA)),
        # Pao (a table's win, a settle door's win event: `liable_part`): the common rule has it
        # for big three dragons and big four winds only; some tables add four kongs.
        Option(pgettext("house option", "pao suukantsu"),
               False, gettext_noop("true or false: the player who fed the fourth kong of four "
                                   "kongs (suukantsu) is liable (pao) for it, as for big three "
                                   "dragons and big four winds"),
               accepts=lambda v: isinstance(v, bool)),
    )

    def check_rules(self, raw):
        rules = super().check_rules(raw)
        if rules["return_points"] < rules["start_points"]:
            raise HandError("bad_context", gettext_noop(
                "The return points ({back}) cannot be below the start points ({start}): "
                "the oka would be taken from the first.", back=rules["return_points"],
                start=rules["start_points"]), ("rules.return_points", "rules.start_points"))
        return rules

    def standings(self, net, rules, deducted=None) -> list[dict]:
        """The end of a hanchan, for each player (in the order given) from their net points at
        the table: final points (start_points + net), rank (a tie goes to the player who sat
        down first), and the score in thousands: (final - return_points) / 1000, the uma of the
        rank, and the oka ((return - start) x 4 / 1000) to the first. The scores sum to zero,
        less the chombo deductions (`deducted`: each player's points deducted, house option
        chombo "deduction"), taken off the score after the uma, the ranks unchanged."""
        start, back = rules["start_points"], rules["return_points"]
        finals = [start + Decimal(str(amount)) for amount in net]
        order = sorted(range(len(net)), key=lambda i: (-finals[i], i))
        uma = UMA[rules["uma"]]
        oka = Decimal(back - start) * len(net) / 1000
        rows = [None] * len(net)
        for rank, player in enumerate(order):
            bonus = uma[rank] if len(net) == 4 else 0
            off = Decimal((deducted or [0] * len(net))[player]) / 1000
            score = (finals[player] - back) / 1000 + bonus + (oka if rank == 0 else 0) - off
            rows[player] = {"final": finals[player], "rank": rank + 1, "uma": bonus,
                            "oka": oka if rank == 0 else 0, "deducted": off, "score": score}
        return rows

    # At a table: a hanchan, the East and South rounds; a dealer who wins keeps the deal
    # (renchan), another player's win passes it; four players; the table counts the honba (see
    # docs/rules-riichi.md, "At a table").
    rotation = Rotation(KEEP_ON_DEALER_WIN, game_rounds=2, players=(4,), honba=True,
                        game_over=gettext_noop("The East and South rounds are played: the "
                                               "hanchan is over. Settle up, or play on."))
    # At a table, besides the rotation (scoring/tables/game.py): each riichi declared puts a
    # stick of `riichi_stick` points in the pot, the next winner takes the whole pot, and what is
    # left at the hanchan's end goes to the first; at an exhaustive draw the players not ready
    # pay `noten_payment` in all, shared equally, to those ready, and a ready dealer keeps the
    # deal (a dealer not ready passes it).
    riichi_stick = 1000
    noten_payment = 3000

    def forms(self, rules) -> Forms:
        return FORMS

    def payout(self, total, ctx, rules, fu=None, yakuman=0) -> Payout:
        """A Riichi win made into money, as a count entered at a table (`pay_han_fu`) and the
        game's hands are paid: its han (`total`, 13 a yakuman) and fu, or its `yakuman`, make
        the basic points (`basic_points`: the limits, kiriage, kazoe), paid by `paid_out` (a
        scored hand, whose reading has its basic points already, goes there straight: `money`).
        A hand of no han (no yaku) is not paid. Below 5 han the fu count: a count without them
        is refused (`check_han_fu` says what is missing)."""
        if fu is None and not yakuman and total < 5:
            self.check_han_fu(total, None, ctx.self_drawn)  # raises: the fu (or the han) lack
        basic, limit = basic_points(total, fu or 0, yakuman, rules)
        return self.paid_out(total, basic, limit, ctx, yakuman)

    def paid_out(self, total: int, basic: int, limit: str | None, ctx, yakuman=0) -> Payout:
        """`payout` once the basic points are known, paid with the honba of `ctx`
        (`transfers`): the han stated are `total`, or 13 for each yakuman."""
        han = YAKUMAN * yakuman if yakuman else total
        meets = han >= 1
        return Payout(han, han, limit, 1, meets, basic if meets else 0,
                      self.transfers(basic, ctx) if meets else [])

    # A table's quick entry asks for the fu besides the han, from these: a hand's fu are
    # rounded up to 10 (20 to 110), except seven pairs' 25 (see `check_han_fu`).
    quick_entry_fu = (20, 25, *range(30, 120, 10))

    def limit_name(self, han: int, yakuman: int, rules) -> str | None:
        """The limit `han` (or `yakuman` yakuman) is paid as whatever the fu, None below
        mangan: what a table's quick entry names beside each count."""
        return basic_points(han, 0, yakuman, rules)[1]

    def check_han_fu(self, han: int, fu: int | None, self_drawn: bool, yakuman: int = 0) -> None:
        """Refuse a count of han and fu that no hand scores (`bad_request`): no han; fu other
        than 25 or a ten from 20 to 110; 25 fu (seven pairs, 2 han of its own) with 1 han; 20
        fu on a discard (a discard adds 10 to a closed hand, and an open hand with no fu is
        30) or with 1 han (a self-drawn pinfu: pinfu and menzen tsumo); no fu below 5 han,
        where the fu count. From 5 han or a yakuman the fu do not count and may be left out."""
        if yakuman:
            if not 1 <= yakuman <= MOST_YAKUMAN:
                raise HandError("bad_request", gettext_noop(
                    "{count} yakuman: a hand is paid for 1 to {most}.", count=yakuman,
                    most=MOST_YAKUMAN))
            return
        if han < 1:
            raise HandError("bad_request", gettext_noop(
                "{han} han: a winning hand has at least 1 han from a yaku (dora count only with "
                "one).", han=han))
        if fu is None:
            if han < 5:
                raise HandError("bad_request", gettext_noop(
                    "Below 5 han a hand is paid by its han and fu: how many fu has this "
                    "{han}-han hand?", han=han))
            return
        if fu != 25 and (fu % 10 or not 20 <= fu <= 110):
            raise HandError("bad_request", gettext_noop(
                "{fu} fu: a hand's fu are rounded up to ten, 20 to 110, except seven pairs' 25.",
                fu=fu))
        if fu == 25 and han < 2:
            raise HandError("bad_request", gettext_noop(
                "25 fu is seven pairs (chiitoitsu), itself 2 han: a 25-fu hand has at least "
                "2 han."))
        if fu == 20 and not self_drawn:
            raise HandError("bad_request", gettext_noop(
                "20 fu is a self-drawn hand only: a discard adds 10 fu to a closed hand, and an "
                "open hand won on a discard has 30 fu at least."))
        if fu == 20 and han < 2:
            raise HandError("bad_request", gettext_noop(
                "1 han 20 fu cannot be: 20 fu is a self-drawn pinfu, which is 2 han at least "
                "(pinfu and menzen tsumo)."))

    def pay_han_fu(self, han: int, fu: int | None, ctx, rules, yakuman: int = 0) -> Payout:
        """A win the players counted themselves ("3 han 40 fu", "mangan", a yakuman), paid as
        a scored hand is (`payout`). The riichi sticks are not payments (the table moves its
        pot). A count `check_han_fu` refuses is refused."""
        self.check_han_fu(han, fu, ctx.self_drawn, yakuman)
        return self.payout(han, ctx, rules, fu, yakuman)

    # Pao (docs/rules-riichi.md, "Pao") ----------------------------------------------------------

    def pao(self, context: dict, rules, liable: str, yakuman: int,
            liable_yakuman: int | None = None) -> list[tuple]:
        """The payments of a win worth `yakuman` yakuman (`context`: the winner's seat, the
        discarder or self-drawn, the honba; `rules` checked) where the player at seat `liable`
        answers for `liable_yakuman` of them (None: all; big three dragons with all honors, a
        double yakuman, has one liable): on a self-draw the liable player pays their part whole,
        the honba too, and the rest is paid as any self-draw (the liable player's share
        included); on another player's discard, half of their part (the honba left out), the
        discarder the rest of the hand; on the liable player's own discard, the discarder pays
        it all, as without pao. A hand that is no yakuman, a part larger than the hand, or a
        winner liable for their own hand is refused (bad_context). (payer, payee, amount)
        each, amounts in points."""
        part = yakuman if liable_yakuman is None else liable_yakuman
        if yakuman < 1:
            raise HandError("bad_context", gettext_noop(
                "Pao (liability) is for a yakuman fed by another player: big three dragons "
                "(daisangen), big four winds (daisuushii) or four kongs (suukantsu). This hand is "
                "no yakuman.") if rules["pao_suukantsu"] else gettext_noop(
                "Pao (liability) is for a yakuman fed by another player: big three dragons "
                "(daisangen) or big four winds (daisuushii). This hand is no yakuman."))
        if not 1 <= part <= yakuman:
            raise HandError("bad_context", gettext_noop(
                "The liable part of a {yakuman}x yakuman is 1 to {yakuman} yakuman, not {part}.",
                yakuman=yakuman, part=part))
        ctx = parse_context(context)
        winner, discarder = ctx.seat_wind, None if ctx.self_drawn else ctx.discarder
        if liable == winner:
            raise HandError("bad_context", gettext_noop(
                "The liable player (pao) is another seated player than the winner."))

        def paid(times: int, honba: int) -> list[tuple]:
            return [tuple(t[:3]) for t in self.pay_han_fu(
                0, None, parse_context({**context, "honba": honba}), rules, times).payments]

        own = paid(part, ctx.honba)
        whole = sum(t[2] for t in own)
        rest = paid(yakuman - part, 0) if yakuman > part else []
        if discarder is None:
            return [(liable, winner, whole)] + rest
        if discarder == liable:
            shares = own
        else:
            half = sum(t[2] for t in paid(part, 0)) // 2
            shares = [(liable, winner, half), (discarder, winner, whole - half)]
        return shares + ([(discarder, winner, sum(t[2] for t in rest))] if rest else [])

    def liable_part(self, patterns, rules) -> int:
        """How many yakuman of a scored hand (its `patterns`, as a result lists them) a player
        can be liable for: big three dragons, big four winds (as it is paid, double or not), and
        four kongs with the house option pao_suukantsu (`rules`, checked). A hand with none of
        them is refused (bad_context), naming those the rules make liable."""
        kongs = rules["pao_suukantsu"]
        ids = PAO_YAKUMAN | ({"suukantsu"} if kongs else set())
        part = sum(p.get("han", 0) // YAKUMAN for p in patterns if p["id"] in ids)
        if not part:
            raise HandError("bad_context", gettext_noop(
                "Pao (liability) is for big three dragons (daisangen), big four winds "
                "(daisuushii) or four kongs (suukantsu): this hand has none of them.")
                if kongs else gettext_noop(
                "Pao (liability) is for big three dragons (daisangen) or big four winds "
                "(daisuushii): this hand has neither."))
        return part

    # Chombo (docs/rules-riichi.md, "Chombo") ---------------------------------------------------

    def settle_deal(self, request) -> dict:
        """The settle door (contract §5) for Riichi: `chombo` and `win` events, each an entry of
        the ledger. A chombo: with the house option chombo "mangan" (the default) the offender
        pays a mangan self-drawn in reverse (`chombo`); with "deduction" nothing moves between
        the players and the entry's `deducted` is the 20,000 points the final score loses, after
        the uma (`standings`); the result's `deducted` sums them by seat. A win (`win_event`):
        by its tiles or its count, paid as `score` pays it, with pao where it names a liable
        player (`pao`); the riichi sticks are the table's pot, not a payment between seats."""
        rules = self.check_rules(request.get("rules"))
        events = request.get("events")
        if not isinstance(events, list):
            raise HandError("bad_request", gettext_noop(
                "The deal needs 'events': a list of chombo or win events, like {example}.",
                example='{"type": "chombo", "seat": "S", "reason": "false_win"}'))
        entries, transfers = [], []
        deducted = dict.fromkeys(SEATS, 0)
        for index, event in enumerate(events):
            if isinstance(event, dict) and event.get("type") == "win":
                what, paid = self.win_event(index, event, rules)
                entries.append({"event": index, "what": what,
                                "transfers": ledger(paid)["transfers"]})
                transfers += paid
                continue
            seat, reason = chombo_event(index, event)
            what, paid, off = self.chombo(seat, reason, rules)
            entry = {"event": index, "what": what, "transfers": ledger(paid)["transfers"]}
            if off:
                entry["deducted"] = {"seat": seat, "points": off}
                deducted[seat] += off
            entries.append(entry)
            transfers += paid
        result = {"ok": True, "net": ledger(transfers)["net"], "ledger": entries}
        if any(deducted.values()):
            result["deducted"] = deducted
        return result

    def win_event(self, index: int, event: dict, rules) -> tuple[Message, list[tuple]]:
        """One win of the settle door: `seat` won, `self_drawn` or on `discarder`'s discard
        (East deals), by its tiles (`hand`, with a `context` as `score` takes it: honba, riichi,
        dora...) or by its count (`han`, `fu`, or `yakuman`: how many). `liable`: the seat liable
        (pao) for big three dragons or big four winds (four kongs too with the house option
        pao_suukantsu); `liable_yakuman`: how many of the hand's yakuman they answer for (by
        default: by its tiles, those it holds, `liable_part`; by its count, all of them). What
        it is in words, and its transfers."""
        def fail(message, code="bad_event") -> DealError:
            return event_error(index, message, code)

        unknown = sorted(set(event) - WIN_KEYS, key=str)
        if unknown:
            raise fail(gettext_noop("a win event has no field {field}; its fields are {fields}.",
                                    field=str(unknown[0])[:40], fields=", ".join(sorted(WIN_KEYS))))
        seat = seat_of(event.get("seat"))
        if seat is None:
            raise fail(gettext_noop("seat must be a seat: E, S, W or N."))
        self_drawn = event.get("self_drawn", False)
        if not isinstance(self_drawn, bool):
            raise fail(gettext_noop("self_drawn must be true or false."))
        context = event.get("context", {})
        if not isinstance(context, dict):
            raise fail(gettext_noop("context must be an object, as score takes it."))
        context = {**context, "seat_wind": seat, "dealer": seat == "E", "self_drawn": self_drawn}
        if not self_drawn:
            discarder = seat_of(event.get("discarder"))
            if discarder is None:
                raise fail(gettext_noop("a win on a discard names its discarder: E, S, W or N "
                                        "(or is self_drawn)."))
            if discarder == seat:
                raise fail(gettext_noop("the winner cannot have discarded the winning tile."))
            context["discarder"] = discarder
        else:
            context.pop("discarder", None)
        liable = event.get("liable")
        if liable is not None and seat_of(liable) is None:
            raise fail(gettext_noop("liable must be a seat: E, S, W or N."))
        liable = seat_of(liable) if liable is not None else None
        part = event.get("liable_yakuman")
        if part is not None and (liable is None or not isinstance(part, int)
                                 or isinstance(part, bool)):
            raise fail(gettext_noop("liable_yakuman is a number of yakuman, with liable."))
        try:
            if "hand" in event:
                if any(key in event for key in ("han", "fu", "yakuman")):
                    raise fail(gettext_noop("a win is given by its hand or by its count "
                                            "(han, fu, yakuman), not both."))
                result = self.score(event["hand"], parse_context(context), rules)
                yakuman = result["yakuman"]
                counted = result["total"]
                paid = [(t["from"], t["to"], t["amount"]) for t in result["payments"]["transfers"]]
                if liable is not None and part is None:
                    part = self.liable_part(result["patterns"], rules)
            else:
                han, fu, yakuman = event.get("han", 0), event.get("fu"), event.get("yakuman", 0)
                if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                           for n in (han, yakuman)) or (
                        fu is not None and (not isinstance(fu, int) or isinstance(fu, bool))):
                    raise fail(gettext_noop("a win by its count has whole numbers han, fu and "
                                            "yakuman (or its hand)."))
                if yakuman:
                    han = YAKUMAN * yakuman
                payout = self.pay_han_fu(han, fu, parse_context(context), rules, yakuman)
                counted = payout.total
                paid = [tuple(t[:3]) for t in payout.payments]
            if liable is not None:
                paid = self.pao(context, rules, liable, yakuman, part)
        except DealError:
            raise
        except HandError as error:
            raise event_error(index, error.message, error.code) from None
        where = (gettext_noop("self-drawn") if self_drawn else
                 gettext_noop("on {seat}'s discard", seat=seat_letter(context["discarder"])))
        if yakuman:  # a yakuman's count is not its han (26 for a double)
            what = gettext_noop("{seat}: wins {where}, {count}x yakuman", seat=seat_letter(seat),
                                where=where, count=yakuman)
        else:
            what = gettext_noop("{seat}: wins {where}, {total} han", seat=seat_letter(seat),
                                where=where, total=counted)
        if liable is not None:
            what = gettext_noop("{what}; {liable} liable (pao) for {part}x yakuman", what=what,
                                liable=seat_letter(liable), part=part or yakuman)
        return what, paid

    def chombo(self, seat: str, reason: str, rules) -> tuple[Message, list[tuple], int]:
        """One chombo by `seat` (East deals): what it is in words, its transfers (payer, payee,
        amount, reason) and the points deducted from the offender's final score. "mangan": what
        the offender would be paid for a mangan self-drawn without honba, paid to each other
        player instead (a non-dealer 4,000 to the dealer and 2,000 to each other, 8,000 in all;
        the dealer 4,000 to each, 12,000); "deduction": no transfer, 20,000 deducted."""
        why = CHOMBO_REASONS[reason]
        if rules["chombo"] == CHOMBO_DEDUCTION:
            return (gettext_noop("{seat}: chombo ({why}): {points} points off the final score, "
                                 "after the uma", seat=seat_letter(seat), why=why,
                                 points=CHOMBO_POINTS), [], CHOMBO_POINTS)
        ctx = parse_context({"seat_wind": seat, "round_wind": "E", "dealer": seat == "E",
                             "self_drawn": True})
        paid = self.pay_han_fu(5, None, ctx, rules)
        back = [(winner, payer, amount, gettext_noop("chombo: a mangan in reverse"))
                for payer, winner, amount, *_ in paid.payments]
        return (gettext_noop("{seat}: chombo ({why}): pays a mangan, {amount} in all",
                             seat=seat_letter(seat), why=why,
                             amount=sum(t[2] for t in back)), back, 0)

    def red_fives(self, rules) -> tuple[int, ...]:
        """The set's red fives (house option aka_dora): 5m, 5p, 5s, or 5m, 5p, 5p, 5s."""
        return SET_RED_FIVES[rules["aka_dora"]]

    def analysis_note(self, answer: dict) -> dict:
        """What analyse adds for a ready hand: furiten. The engine does not know the discards, so
        it names the waits a player must not have discarded to win on a discard."""
        waits = [wait["tile"] for wait in answer["waits"]]
        no_yaku = [wait["tile"] for wait in answer["waits"]
                   if not wait["discard"]["meets_minimum"]]
        text = gettext_noop("Furiten: if you have discarded any of {waits} (or, in riichi, let "
                            "one pass since), you cannot win on a discard, only self-drawn.",
                            waits=" ".join(waits))
        if no_yaku:
            text = gettext_noop("{text} On a discard, {tiles} gives no yaku.", text=text,
                                tiles=" ".join(no_yaku))
        return {"furiten": {"waits": waits, "no_yaku_on_discard": no_yaku, "text": text}}

    def check_hand(self, hand, ctx, rules) -> None:
        super().check_hand(hand, ctx, rules)
        set_red = self.red_fives(rules)
        if set_red:  # the set's fives: 4 of each suit, its red ones among them
            red = hand.parsed.all_red
            for five in RED_FIVES:
                plain, most = hand.counts[five] - red.count(five), 4 - set_red.count(five)
                if plain <= most:
                    continue
                if most == 3:
                    raise HandError("too_many_copies", gettext_noop(
                        "{tile} is written {count} times, but a set with red fives has only 3 "
                        "(and one {red}).", tile=tile_named(five), count=plain,
                        red="0" + tiles.suit_of(five)))
                raise HandError("too_many_copies", gettext_noop(
                    "{tile} is written {count} times, but a set with four red fives has only "
                    "{most} (and two {red}).", tile=tile_named(five), count=plain, most=most,
                    red="0" + tiles.suit_of(five)))
        shown = ctx.dora_indicators + ctx.ura_dora_indicators
        for tile in set(shown):
            if hand.counts[tile] + shown.count(tile) > 4:
                raise HandError("too_many_copies", gettext_noop(
                    "{tile}: the hand holds {held} and the indicators show {shown}, but the set "
                    "has only 4.", tile=tile_named(tile), held=hand.counts[tile],
                    shown=shown.count(tile)),
                                ("context.dora_indicators", "context.ura_dora_indicators"))

    def shares(self, basic: int, ctx) -> list[tuple[str, int, int]]:
        """Who pays the winner how much, as (payer, times the basic points, amount): a discard
        is paid by its discarder alone (4 times the basic points, 6 for the dealer), a self-draw
        by each other player (the dealer twice the basic points, the others once; the dealer's
        own self-draw twice from each), each rounded up to 100; the honba add 300 on a discard,
        100 from each on a self-draw. (The amounts alone rank a hand's readings; `transfers`
        adds the words, for the reading paid.)"""
        honba = ctx.honba
        if not ctx.self_drawn:
            times = 6 if ctx.dealer else 4
            return [(ctx.discarder, times, round_up(times * basic, 100) + 300 * honba)]
        rows = []
        for seat in ctx.others:
            times = 2 if (ctx.dealer or seat == "E") else 1
            rows.append((seat, times, round_up(times * basic, 100) + 100 * honba))
        return rows

    def transfers(self, basic: int, ctx) -> list[tuple[str, str, int, str]]:
        """`shares` as the ledger's transfers (payer, winner, amount, reason)."""
        winner = ctx.seat_wind
        return [(seat, winner, amount,
                 transfer_reason(ctx.self_drawn, seat == "E", times, basic, ctx.honba))
                for seat, times, amount in self.shares(basic, ctx)]

    # The pipeline's steps (`Variant.result`): every placement of the winning tile is a reading,
    # scored with its han, fu and money (`Scored`); the best is the one paid most.

    result_extras = ("han", "fu", "fu_reasons", "yakuman", "deposits", "winner_receives")

    def evaluations(self, hand, ctx, rules, line=None) -> list[Scored]:
        return [Scored(self, reading, rules)
                for placements in self.readings(hand, ctx, rules) for reading in placements]

    def rank(self, scored: Scored):
        return scored.rank()

    def money(self, best: Scored, ctx, rules) -> Payout:
        # `payout` without its basic points worked out again: the reading has them
        return self.paid_out(best.han, best.basic, best.limit, ctx, best.yakuman)

    def counted_rows(self, best: Scored) -> list[dict]:
        """Each yaku with the han it adds (`value` per count: an open hand's lower han)."""
        patterns = []
        for c, han in best.counted:
            row = c.as_dict()
            row["value"], row["han"] = (han // c.count if c.count else han), han
            patterns.append(row)
        return patterns

    def excluded_rows(self, best: Scored) -> list[dict]:
        """The exclusions, the dora of a hand without a yaku (dora count only with one), and
        the smaller yakuman where yakuman do not add up (house option yakuman_stacking)."""
        excluded = [e.as_dict() for e in best.evaluation.excluded]
        if len(best.counted) == len(best.evaluation.counted):  # none left out: the usual hand
            return excluded
        counted_ids = {c.pattern.id for c, _ in best.counted}
        paid = next((c.pattern for c, _ in best.counted if c.pattern.id in YAKUMAN_IDS), None)
        for c in best.evaluation.counted:
            if c.pattern.id in counted_ids:
                continue
            row = c.as_dict()
            if c.pattern.id in YAKUMAN_IDS:  # the one yakuman paid is `paid`
                row.update(by=paid.id, by_name=paid.name, why="no_stacking",
                           reason=gettext_noop("Yakuman do not add up at this table: {paid} "
                                               "alone is paid.", paid=paid.said()))
            else:
                row.update(by="", by_name="", why="no_yaku",
                           reason=gettext_noop("dora count only on a hand with a yaku"))
            excluded.append(row)
        return excluded

    def alternative_row(self, scored: Scored, rules) -> dict:
        return {"total": scored.han, "raw_total": scored.han, "fu": scored.fu,
                "decomposition": scored.decomposition,
                "patterns": [c.pattern.id for c, _ in scored.counted],
                "names": [c.pattern.name for c, _ in scored.counted]}

    def extra_fields(self, hand, best: Scored, money: Payout, ctx, rules) -> dict:
        """The han and fu, and the riichi sticks on the table, which the winner takes."""
        sticks = ctx.riichi_sticks if money.meets else 0
        return {"han": best.han, "fu": best.fu, "fu_reasons": best.fu_reasons,
                "yakuman": best.yakuman,
                "deposits": {"riichi_sticks": sticks, "amount": 1000 * sticks,
                             "to": ctx.seat_wind if sticks else None},
                "winner_receives": sum(t[2] for t in money.payments) + 1000 * sticks}

    def explanation(self, best: Scored, money: Payout, ctx, rules) -> list[dict]:
        return self.steps(best, ctx)

    def steps(self, best: Scored, ctx) -> list[dict]:
        notes = []
        if not best.has_yaku:
            notes.append({"code": "no_yaku", "total": 0, "minimum": 1, "text": NO_YAKU_TEXT})
            return notes
        if best.yakuman:
            notes.append({"code": "yakuman", "total": best.han, "times": best.yakuman,
                          "text": yakuman_text(best.han, best.limit, best.basic)})
        else:
            notes.append({"code": "fu", "fu": best.fu, "raw_fu": best.raw_fu,
                          "text": fu_note(best.fu_items, best.raw_fu, best.fu)})
            notes.append({"code": "points", "total": best.han, "points": best.basic,
                          "text": points_text(best.han, best.fu, best.limit, best.basic)})
        if ctx.honba:
            notes.append({"code": "honba", "honba": ctx.honba,
                          "text": gettext_noop("{honba} honba: {amount} more, from the "
                                               "discarder or 100 each from the three",
                                               honba=ctx.honba, amount=300 * ctx.honba)})
        if ctx.riichi_sticks:
            notes.append({"code": "riichi_sticks", "sticks": ctx.riichi_sticks,
                          "text": ngettext("{sticks} riichi stick on the table: {amount} "
                                           "to the winner",
                                           "{sticks} riichi sticks on the table: {amount} "
                                           "to the winner", ctx.riichi_sticks,
                                           sticks=ctx.riichi_sticks,
                                           amount=1000 * ctx.riichi_sticks)})
        return notes

    def context_summary(self, ctx) -> dict:
        summary = super().context_summary(ctx)
        summary.update(riichi=ctx.riichi, double_riichi=ctx.double_riichi, ippatsu=ctx.ippatsu,
                       dora_indicators=[tiles.CODES[t] for t in ctx.dora_indicators],
                       ura_dora_indicators=[tiles.CODES[t] for t in ctx.ura_dora_indicators],
                       honba=ctx.honba, riichi_sticks=ctx.riichi_sticks)
        return summary


VARIANT = Riichi()
