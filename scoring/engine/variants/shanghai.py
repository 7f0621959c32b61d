"""Shanghai (New Rules): the seed's 62 patterns as decided in spec/rules-shanghai.md."""

from .. import tiles
from ..decompose import Forms
from ..hand import CHOW, HONOR_BIT, KONG, NUMBER_BITS, PUNG
from ..messages import gettext_noop, pgettext
from ..patterns import STANDARD, Pattern, PatternTable, Reading
from ..variant import KEEP_ON_DEALER_WIN, Option, Rotation, Variant, number_at_least

ORPHAN_FORM = "thirteen_orphans"
ANY_FORM = frozenset({STANDARD, ORPHAN_FORM})


# Facts about one reading, shared by several predicates ------------------------------------------
# Tiles are ints (see tiles.py): a chow is known by its first tile, a suit by its base 0, 9 or 18.
# Several tiles at once are bits, bit t for tile t: the chows' first tiles (`r.chow_bits`), the
# triplets' tiles (`r.triplet_bits`), and these:

SUIT_BASES = (0, 9, 18)
SUIT_ONES = sum(1 << base for base in SUIT_BASES)  # the 1 of each suit
RUN_STARTS = sum(1 << t for t in tiles.SUITED if t % 9 <= 6)  # the 1 to 7 of each suit
WIND_BITS = sum(1 << t for t in tiles.WIND_TILES)
DRAGON_BITS = sum(1 << t for t in tiles.DRAGON_TILES)
# A tile mask's numbers (see hand.py), for the masks of the hand and of each group.
ONE, NINE = 1 << 1, 1 << 9
TWO_FIVE_EIGHT = (1 << 2) | (1 << 5) | (1 << 8)


def rank(tile: int) -> int:
    return tile % 9 + 1


def numbers(r: Reading) -> int:
    """How many numbers the hand uses, all honors together counting as one number."""
    return (r.mask & NUMBER_BITS).bit_count() + bool(r.mask & HONOR_BIT)


def wind_triplets(r: Reading) -> int:
    return (r.triplet_bits & WIND_BITS).bit_count()


def dragon_triplets(r: Reading) -> int:
    return (r.triplet_bits & DRAGON_BITS).bit_count()


def suits_with(bits: int, *numbers: int) -> int:
    """How many suits have a tile of each of `numbers` (1 to 9) among `bits`: with `chow_bits`,
    the suits holding a sequence starting on each; with `triplet_bits`, a triplet of each."""
    found = SUIT_ONES
    for number in numbers:
        found &= bits >> (number - 1)
    return found.bit_count()


def runs_of_three(bits: int) -> int:
    """The tiles (as bits) that start three consecutive numbers of one suit, all among `bits`."""
    return bits & bits >> 1 & bits >> 2 & RUN_STARTS


def every_group_has(r: Reading, bits: int) -> bool:
    """Every set and the eyes hold a tile of one of the numbers (or the honors) in `bits`."""
    for group in r.groups:
        if not group.mask & bits:
            return False
    return True


def chows_holding(r: Reading, tile: int) -> int:
    """Sequences holding `tile`: those starting on it or on one of the two numbers below (a
    sequence never starts on an 8 or a 9, so it never crosses into another suit)."""
    firsts = r.chow_firsts
    return firsts.get(tile, 0) + firsts.get(tile - 1, 0) + firsts.get(tile - 2, 0)


def no_claimed_set(r: Reading) -> bool:
    """2E: no revealed set other than kongs (claiming a discard for a kong does not count)."""
    for meld in r.hand.melds:
        if meld.exposed and meld.kind != KONG:
            return False
    return True


def same_numbers_in_three_suits(r: Reading) -> bool:
    """7B: sequences starting on the same number in each suit (bit n of each shifted set: a
    sequence starting on n, on n + 9, on n + 18)."""
    firsts = r.chow_bits
    return bool(firsts & firsts >> 9 & firsts >> 18)


def honor_triplets(r: Reading) -> dict[str, int] | int:
    """2H: each dragon triplet; each wind triplet once for the round and once for the seat."""
    triplets = r.triplet_bits  # one triplet per tile at most
    if not triplets & (WIND_BITS | DRAGON_BITS):  # most hands: no honor triplet, 0
        return 0
    winds = (triplets >> r.round_wind & 1) + (triplets >> r.seat_wind & 1)
    return {"dragon": dragon_triplets(r), "wind": winds}


def tail(r: Reading) -> bool:
    """3H: two triplets and the eyes on three consecutive numbers of one suit, or in winds."""
    eyes = r.eyes_tile
    if eyes >= tiles.HONOR_BASE:
        return tiles.is_wind(eyes) and wind_triplets(r) >= 2
    # Three consecutive numbers among the triplets and the eyes, starting on the eyes or on one
    # of the two tiles below (the eyes' tile is never a triplet's: that would be five copies).
    runs = runs_of_three(r.triplet_bits | 1 << eyes)
    return bool(runs & 0b111 << eyes >> 2)


def four_into_two(r: Reading) -> int:
    """3G, per tile: a (non-kong) triplet of a tile and a sequence holding the fourth copy."""
    firsts = r.chow_bits
    # The triplets' tiles that a sequence holds too (only a pung leaves it the fourth copy).
    shared = r.triplet_bits & (firsts | firsts << 1 | firsts << 2)
    if not shared:  # most hands
        return 0
    found = 0
    for triplet in r.triplets:
        if triplet.kind == PUNG and shared >> triplet.tiles[0] & 1:
            found += 1
    return found


def four_into_three(r: Reading) -> int:
    """7K, per tile: the eyes' tile used in two sequences as well."""
    return int(len(r.chows) >= 2 and chows_holding(r, r.eyes_tile) == 2)


def all_linked(r: Reading) -> bool:
    common = NUMBER_BITS
    for group in r.groups:
        common &= group.mask
    return bool(common)


def total_dependency(r: Reading) -> bool:
    return (r.hand.revealed_sets == 4 and not r.ctx.self_drawn
            and r.winning_group is r.eyes)


def special_eyes(r: Reading) -> bool:
    eyes = r.eyes_tile
    return eyes < tiles.HONOR_BASE and eyes % 9 in (1, 4, 7)


def all_categories(r: Reading) -> bool:
    counts = r.hand.counts
    return (len(r.suits) == 3 and bool(counts[27] or counts[28] or counts[29] or counts[30])
            and bool(counts[31] or counts[32] or counts[33]))


def winning_five_in_middle(r: Reading) -> bool:
    winning = r.winning
    if winning >= tiles.HONOR_BASE or rank(winning) != 5:  # most hands: not won on a 5
        return False
    group = r.winning_group
    return group is not None and group.kind == CHOW and group.first == winning - 1


def pattern(id_, name, english, chinese, value, holds, definition, excludes=(), forms=None,
            per=""):
    return Pattern(id_, name, english, chinese, value, holds, definition, tuple(excludes),
                   forms or frozenset({STANDARD}), per, variant="shanghai")


def situational(id_, name, english, chinese, value, holds, definition, excludes=()):
    """Patterns about how the hand was won or its concealment: they apply to 13 terminals too."""
    return pattern(id_, name, english, chinese, value, holds, definition, excludes, ANY_FORM)


PATTERNS = [
    pattern("1A", "Jiang", "Special eyes", "將", 1,
            special_eyes,
            "The eyes are 2, 5 or 8 of a suit."),
    pattern("2A", "Ping Hu", "All sequences", "平和", 2,
            lambda r: len(r.chows) == 4 and len(r.suits) > 1,
            "All four sets are sequences, in more than one suit (the eyes may be anything)."),
    pattern("2B", "Chueh Yi Men", "Absence of one suit", "缺一門", 2,
            lambda r: len(r.suits) == 2,
            "The suited tiles are of exactly two suits (honors allowed)."),
    pattern("2C", "Duan Yiao", "Absence of terminals", "斷么", 2,
            lambda r: not r.has_honor and not r.has_terminal,
            "No 1, no 9 and no honor anywhere in the hand."),
    pattern("2D", "Yi Ban Gao", "Two identical sequences", "一般高", 2,
            lambda r: len(r.chow_firsts) < len(r.chows),  # two chows share a first tile
            "Two identical sequences: same suit, same numbers."),
    situational("2E", "Men Ghien Ching", "Without revealed sets", "門前清", 2, no_claimed_set,
                "No revealed set other than kongs; a hand won on a discard can still hold this."),
    situational("2F", "Duh Ting", "One way to win", "獨聽", 2, lambda r: len(r.waits) == 1,
                "Only one tile could have completed the hand."),
    situational("2G", "Garng", "Following a kong", "槓上開花", 2,
                lambda r: r.ctx.kong_replacement,
                "Won on the replacement tile drawn after a kong."),
    pattern("2H", "Fung", "Honor tiles", "風", 2, honor_triplets,
            "Each triplet of a dragon, of the round wind or of the seat wind; a wind that is "
            "both counts twice.", per="set"),
    pattern("2I", "Ching Szu Peng", "Four revealed triplets", "清四碰", 2,
            lambda r: r.hand.revealed_sets == 4 and not r.chows,  # all four revealed, no sequence
            "Four revealed triplets (or kongs)."),
    pattern("2J", "Lao Shao", "Young and old sequences", "老少", 2,
            lambda r: len(r.chows) >= 2 and suits_with(r.chow_bits, 1, 7),
            "A 1-2-3 and a 7-8-9 sequence of the same suit.", per="suit"),
    pattern("2K", "Kan Shin Wu", "Bridge tile", "嵌心五", 2, winning_five_in_middle,
            "The winning tile is a 5 that completes a 4-5-6 sequence as its middle tile."),
    pattern("3A", "Lao Shao Peng", "Young and old triplets", "老少碰", 3,
            lambda r: len(r.triplets) >= 2 and suits_with(r.triplet_bits, 1, 9),
            "Triplets of 1 and of 9 of the same suit.", per="suit"),
    pattern("3B", "Liang Garng", "Two kongs", "兩槓", 3, lambda r: r.kongs == 2,
            "Exactly two kongs."),
    situational("3C", "Chiang Garng", "Robbing a kong", "搶槓", 3,
                lambda r: r.ctx.robbing_kong,
                "Won on the tile another player added to a revealed triplet to make a kong."),
    situational("3D", "Hai Dee", "Last tile drawn", "海底", 3,
                lambda r: r.ctx.last_tile and r.ctx.self_drawn,
                "Self-drawn on the last tile of the wall."),
    situational("3E", "Hai Di Chong", "Last tile discarded", "海底銃", 3,
                lambda r: r.ctx.last_tile and not r.ctx.self_drawn,
                "Won on the discard of the last tile of the wall."),
    situational("3F", "Jueh Jarng", "One tile to win", "絕張", 3,
                lambda r: len(r.waits) == 1 and r.ctx.winning_tile_last,
                "Only one tile could win, and the winning tile was its last copy.",
                excludes=["2F"]),
    pattern("3G", "Szu Gui Er", "Four into two", "四歸二", 3, four_into_two,
            "The four copies of one tile used as one sequence and one triplet.", per="tile"),
    pattern("3H", "Wei Wei", "A tail", "尾尾", 3, tail,
            "Two triplets and the eyes on three consecutive numbers of one suit, in any order; or "
            "two wind triplets and wind eyes."),
    situational("5A", "Men Ching Buh Chiu", "Totally self-sufficient", "門清不求", 5,
                lambda r: no_claimed_set(r) and r.ctx.self_drawn,
                "No revealed set other than kongs, and the winning tile self-drawn.",
                excludes=["2E"]),
    pattern("7A", "Yi Tiao Long", "One dragon suit", "一條龍", 7,
            lambda r: len(r.chows) >= 3 and suits_with(r.chow_bits, 1, 4, 7) > 0,
            "1-2-3, 4-5-6 and 7-8-9 sequences of one suit.", excludes=["2J"]),
    pattern("7B", "San Xiang Fung", "Encounter of three", "三相逢", 7,
            same_numbers_in_three_suits,
            "Sequences of the same numbers in all three suits."),
    pattern("7C", "Huen Dai Yiao", "Mixed terminal sequences and honors", "混帶么", 7,
            lambda r: (r.has_honor and bool(r.chows)
                       and every_group_has(r, ONE | NINE | HONOR_BIT)),
            "Every set and the eyes hold a terminal or an honor, with at least one honor and at "
            "least one sequence."),
    pattern("7D", "Barn Chiu Ren", "Semi self-sufficient", "半求人", 7,
            lambda r: r.hand.revealed_sets == 4 and r.ctx.self_drawn,
            "Four revealed sets (concealed kongs are not revealed) and the winning tile "
            "self-drawn.", excludes=["2F"]),
    situational("7E", "Bao Ting", "Announcing a ready hand", "報聽", 7,
                lambda r: r.ctx.ready_announced,
                "A ready hand announced at the deal, before any draw or claim."),
    pattern("7F", "Wu Men Chih", "All categories", "五門齊", 7,
            all_categories,
            "The hand holds characters, circles, bamboo, a wind and a dragon."),
    situational("7G", "Shuang Jueh Jarng", "Double jeopardy", "雙絕張", 7,
                lambda r: len(r.waits) == 2 and r.ctx.winning_tile_last,
                "Exactly two tiles could win, and the winning tile was the last one left."),
    pattern("7H", "San An Kan", "Three concealed triplets", "三暗刻", 7,
            lambda r: r.concealed_triplets == 3,
            "Exactly three concealed triplets (a concealed kong counts; a triplet completed by a "
            "discard does not)."),
    pattern("7I", "Huen Yi Sher", "Mixed one suit", "混一色", 7,
            lambda r: len(r.suits) == 1 and r.has_honor,
            "One suit and honors, with at least one honor."),
    pattern("7J", "Jieh May Pung", "Three sisters", "姐妹碰", 7,
            lambda r: runs_of_three(r.triplet_bits) > 0,
            "Three triplets on consecutive numbers of one suit."),
    pattern("7K", "Szu Gui San", "Four into three", "四歸三", 7, four_into_three,
            "The four copies of one tile used as two sequences and the eyes.", per="tile"),
    pattern("7L", "Dui Dui Hu", "All triplets", "對對胡", 7, lambda r: len(r.triplets) == 4,
            "Four triplets (or kongs) and the eyes."),
    pattern("10A", "Chuan Chiu Ren", "Total dependency", "全求人", 10, total_dependency,
            "Four revealed sets, won on a discard that completes the eyes.", excludes=["2F"]),
    pattern("10B", "Ching Yiao", "All terminal sets", "清帶么", 10,
            lambda r: not r.has_honor and bool(r.chows) and every_group_has(r, ONE | NINE),
            "Every set and the eyes hold a terminal, no honors, at least one sequence."),
    pattern("15A", "San Garng", "Three kongs", "三槓", 15, lambda r: r.kongs == 3,
            "Exactly three kongs.", excludes=["3B"]),
    pattern("15B", "Tai Ban Gao", "Three identical sequences", "三般高", 15,
            lambda r: len(r.chows) >= 3 and max(r.chow_firsts.values()) >= 3,
            "Three identical sequences.", excludes=["2D"]),
    pattern("15C", "San Fung Hui", "Encounter of three winds", "三風會", 15,
            lambda r: wind_triplets(r) >= 3,
            "Three wind triplets.", excludes=["2H:wind"]),
    pattern("15D", "Liang Tiao Long", "Two dragon suits", "兩條龍", 15,
            lambda r: len(r.chows) == 4 and any(
                b in r.chow_firsts and r.chow_firsts.get(b + 3, 0) >= 2 and b + 6 in r.chow_firsts
                for b in SUIT_BASES),
            "1-2-3, 4-5-6, 7-8-9 and a second 4-5-6, all of one suit.",
            excludes=["7A", "2D", "2J"]),
    pattern("20A", "Xiao San Yuan", "Junior three chiefs", "小三元", 20,
            lambda r: dragon_triplets(r) == 2 and tiles.is_dragon(r.eyes_tile),
            "Two dragon triplets and dragon eyes.", excludes=["2H:dragon"]),
    pattern("20B", "Shuang Piao", "Double young and old", "雙老少", 20,
            lambda r: len(r.chows) == 4 and suits_with(r.chow_bits, 1, 7) >= 2,
            "A 1-2-3 and a 7-8-9 sequence in each of two suits.", excludes=["2J"]),
    pattern("30A", "San Shu", "Three numbers", "三數", 30, lambda r: numbers(r) <= 3,
            "The hand uses at most three numbers, all honors together counting as one number."),
    pattern("30B", "Chuan Dai", "All linked", "全帶", 30, all_linked,
            "One number appears in every set and in the eyes."),
    pattern("40A", "Ghing Yi Sher", "Pure one suit", "清一色", 40,
            lambda r: len(r.suits) == 1 and not r.has_honor,
            "Every tile of one suit, no honors."),
    pattern("40B", "Shuang Long Bao Ju", "Two dragons embracing a pearl", "雙龍抱珠", 40,
            lambda r: len(r.chows) == 4 and sum(n // 2 for n in r.chow_firsts.values()) >= 2,
            "Two pairs of identical sequences.", excludes=["2D"]),
    # One tile lies in all four sequences when their first tiles are at most two apart (and
    # so of one suit: a sequence starts on a 1 to a 7).
    pattern("40G", "Szu Gui Szu", "Four into four", "四歸四", 40,
            lambda r: len(r.chows) == 4 and max(r.chow_firsts) - min(r.chow_firsts) <= 2,
            "The four copies of one tile used in four sequences.", excludes=["2D"]),
    pattern("50A", "Szu An Kan", "Four concealed triplets", "四暗刻", 50,
            lambda r: r.concealed_triplets == 4,
            "Four concealed triplets (a concealed kong counts; a triplet completed by a discard "
            "does not).", excludes=["7H", "7L", "2E"]),
    pattern("50B", "Huen Yiao Dui", "Mixed terminal triplets", "混么對", 50,
            lambda r: (len(r.triplets) == 4 and r.has_honor and r.has_terminal
                       and not r.mask & NUMBER_BITS & ~(ONE | NINE)),
            "Four triplets and the eyes, all of terminals or honors, with at least one of each.",
            excludes=["7L"]),
    pattern("60A", "Dah San Yuan", "Grand three chiefs", "大三元", 60,
            lambda r: dragon_triplets(r) == 3, "Three dragon triplets.",
            excludes=["2H:dragon"]),
    pattern("60B", "Xiao Szu Xi", "Junior four happiness", "小四喜", 60,
            lambda r: wind_triplets(r) == 3 and tiles.is_wind(r.eyes_tile),
            "Three wind triplets and wind eyes.", excludes=["15C", "3H", "2H:wind"]),
    pattern("60C", "Chuan Dai San Shu", "All linked with three numbers", "全帶三數", 60,
            lambda r: len(r.chows) == 4 and numbers(r) <= 3,
            "Four sequences and the eyes using only three numbers.", excludes=["30A", "30B"]),
    pattern("100A", "Dah Szu Xi", "Grand four happiness", "大四喜", 100,
            lambda r: wind_triplets(r) == 4, "Four wind triplets.",
            excludes=["15C", "3H", "2H:wind", "7L", "100I", "30A"]),
    pattern("100B", "Jiang Jiang Pung", "All 2, 5 and 8 triplets", "將將碰", 100,
            lambda r: len(r.triplets) == 4 and not r.mask & ~TWO_FIVE_EIGHT,
            "Four triplets and the eyes, all of 2, 5 and 8.",
            excludes=["7L", "1A", "2C", "30A"]),
    pattern("100C", "Ching Yiao Dui", "All terminal triplets", "清么對", 100,
            lambda r: len(r.triplets) == 4 and not r.mask & ~(ONE | NINE),
            "Four triplets and the eyes, all terminals.", excludes=["7L", "100I", "30A"]),
    pattern("100D", "Chuan Dai Yi", "All contain one", "全帶一", 100,
            lambda r: len(r.chows) == 4 and every_group_has(r, ONE),
            "Four sequences and the eyes, each holding a 1.", excludes=["60C", "30A", "30B"]),
    pattern("100E", "Chuan Dai Jiu", "All contain nine", "全帶九", 100,
            lambda r: len(r.chows) == 4 and every_group_has(r, NINE),
            "Four sequences and the eyes, each holding a 9.", excludes=["60C", "30A", "30B"]),
    pattern("100F", "Chuan Tsu", "All honors", "全字", 100,
            lambda r: not r.suits, "Every tile an honor.", excludes=["7L", "100I", "30A"]),
    situational("100G", "Tian Hu", "Heavenly hand", "天胡", 100, lambda r: r.ctx.heavenly,
                "The dealer wins on the first draw."),
    situational("100H", "Dee Hu", "Earthly hand", "地胡", 100, lambda r: r.ctx.earthly,
                "Won on the dealer's first discard."),
    pattern("100I", "Liang Shu", "Two numbers", "兩數", 100,
            lambda r: len(r.triplets) == 4 and numbers(r) <= 2,
            "Four triplets and the eyes using only two numbers, all honors together counting as "
            "one number.", excludes=["7L", "30A"]),
    pattern("100J", "Shuh Bar Luo Han", "Eighteen giants", "十八羅漢", 100,
            lambda r: r.kongs == 4, "Four kongs.", excludes=["15A", "3B", "7L"]),
    pattern("100K", "Shuh San Yiao", "Thirteen terminals", "十三么", 100,
            lambda r: r.form == ORPHAN_FORM,
            "One each of the 1 and 9 of each suit and of each honor, plus one more of any of "
            "them.", forms=frozenset({ORPHAN_FORM})),
]

FORMS = Forms(thirteen_orphans=True, seven_pairs=False)

# Why each payment is made: the same words for every hand, made once.
SELF_DRAWN_PAYS = gettext_noop("self-drawn: each other player pays the total")
DISCARDER_PAYS_TWICE = gettext_noop("discarder pays twice the total (payment 2)")
DISCARDER_PAYS = {way: gettext_noop("discarder pays the total (payment {way})", way=way)
                  for way in (1, 3)}
OTHERS_PAY_HALF = gettext_noop("half the total (payment 3)")


class Shanghai(Variant):
    id = "shanghai"
    name = gettext_noop("Shanghai (New Rules)")
    unit = "fan"
    table = PatternTable(PATTERNS)
    kinds = frozenset(range(tiles.FLOWER_BASE + 8))  # flowers may be shown; no pattern reads them
    printed_ids = True  # the seed numbers its patterns 1A..100K
    # Seed 002: the deal passes on a Fortune Hand (drawn) too, and stays only with a dealer who
    # wins; after four rounds the players swap seats; after eight, seats are drawn anew.
    rotation = Rotation(KEEP_ON_DEALER_WIN, swap_after=4, game_rounds=8, game_over=gettext_noop(
        "Eight rounds played: the seed says to draw the seats anew. Open a new table, or play on "
        "here."))
    context_fields = frozenset({
        "self_drawn", "seat_wind", "round_wind", "dealer", "discarder", "last_tile",
        "kong_replacement", "robbing_kong", "heavenly", "earthly", "ready_announced",
        "winning_tile_last"})
    options = (
        Option(pgettext("house option", "limit"),
               100, gettext_noop("100 (Fung Mun) or 200 (Shuang Fung Mun)"),
               choices=(100, 200)),
        Option(pgettext("house option", "minimum fan"),
               5, gettext_noop("a whole number of fans, 0 or more (5; 3 for "
                               "beginners)"),
               accepts=lambda v: isinstance(v, int) and number_at_least(0)(v)),
        Option(pgettext("house option", "payment"),
               1, gettext_noop(
            "1: the discarder pays the total; 2: the discarder pays twice the total; 3: the "
            "discarder pays the total and each other player half of it"), choices=(1, 2, 3)),
    )

    def forms(self, rules) -> Forms:
        return FORMS

    def settle_total(self, raw_total, rules):
        """Limit 100: above 100 is 100. Limit 200: above 100 and below 200 is 100, 200+ is 200."""
        if rules["limit"] == 200 and raw_total >= 200:
            total = 200
        else:
            total = min(raw_total, 100)
        return total, (total if raw_total >= 100 else None)

    def minimum(self, rules) -> int:
        return rules["minimum_fan"]

    def capped_text(self, raw_total, total, rules):
        if rules["limit"] == 200 and total == 100 and raw_total > 100:
            return gettext_noop("{raw_total} fan counts as 100: with limit 200, a total above "
                                "100 and below 200 is not valid and counts as 100",
                                raw_total=raw_total)
        return gettext_noop("{raw_total} fan, capped at the limit, {total}", raw_total=raw_total,
                            total=total)

    def payments(self, points, ctx, rules):
        winner = ctx.seat_wind
        if ctx.self_drawn:
            return [(seat, winner, points, SELF_DRAWN_PAYS) for seat in ctx.others]
        way = rules["payment"]
        if way == 2:
            return [(ctx.discarder, winner, 2 * points, DISCARDER_PAYS_TWICE)]
        rows = [(ctx.discarder, winner, points, DISCARDER_PAYS[way])]
        if way == 3:
            rows += [(seat, winner, points / 2, OTHERS_PAY_HALF)
                     for seat in ctx.others if seat != ctx.discarder]
        return rows


VARIANT = Shanghai()
