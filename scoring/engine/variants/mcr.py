"""Chinese Official (MCR, Guobiao, 国标麻将): the 81 fans of docs/rules-mcr.md.

Which fans a reading holds comes from mcr_fans (`fan_readings`: the reference engine's reading of
the rules, on the engine's tiles and divisions); which fans a counted fan excludes is data, on
each pattern below (`excludes`), applied by `FanTable`: a fan held counts unless a fan that
counts excludes it, and a fan excluded excludes nothing (the rules' "不计" lists are each
complete, not chained). `MCR.fan_counts(hand, ctx)` is the one way in: every reading with its
fans counted; `best_reading` picks the one scored.
"""

from collections.abc import Mapping
from dataclasses import replace

from .. import mcr_fans as mf
from .. import tiles
from ..decompose import Forms, completes
from ..errors import HandError
from ..messages import gettext_noop, pgettext
from ..patterns import Evaluation, Excluded, Pattern, PatternTable
from ..variant import EVERY_HAND, Option, Payout, Rotation, Variant, whole_number

FORMS_ALL = frozenset({mf.STANDARD, mf.SEVEN_PAIRS_FORM, "seven_shifted_pairs",
                       "thirteen_orphans", "honors_and_knitted", "greater_honors_and_knitted",
                       mf.KNITTED_STRAIGHT_FORM, mf.NINE_GATES_FORM})
BASE = 8  # each payer's base, before the hand's fans


def fan(number, name, english, chinese, value, definition, excludes=()):
    return Pattern(str(number), name, english, chinese, value,
                   lambda r, n=number: r.fans.get(n, 0), definition,
                   tuple(str(x) for x in excludes), FORMS_ALL,
                   per="set" if number in PER_SET else "", variant="mcr")


PER_SET = {mf.DRAGON_PUNG, mf.PUNG_OF_TERMINALS_OR_HONORS, mf.PURE_DOUBLE_CHOW,
           mf.MIXED_DOUBLE_CHOW, mf.SHORT_STRAIGHT, mf.TWO_TERMINAL_CHOWS, mf.DOUBLE_PUNG,
           mf.TILE_HOG, mf.FLOWER_TILES}
WIND_FACETS = ("73:prevalent", "73:seat", "73:wind")

PATTERNS = [
    fan(1, "Da Si Xi", "Big Four Winds", "大四喜", 88,
        "Pungs or kongs of all four winds.", (48, 73, 60, 61)),
    fan(2, "Da San Yuan", "Big Three Dragons", "大三元", 88,
        "Pungs or kongs of all three dragons.", (59,)),
    fan(3, "Lü Yi Se", "All Green", "綠一色", 88,
        "Only 2, 3, 4, 6 and 8 of bamboo and the green dragon.", (49, 75)),
    fan(4, "Jiu Lian Bao Deng", "Nine Gates", "九蓮寶燈", 88,
        "1112345678999 of one suit held concealed, won on any tile of that suit."),
    fan(5, "Si Gang", "Four Kongs", "四槓", 88, "Four kongs.", (79,)),
    fan(6, "Lian Qi Dui", "Seven Shifted Pairs", "連七對", 88,
        "Seven pairs of seven consecutive numbers of one suit."),
    fan(7, "Shi San Yao", "Thirteen Orphans", "十三么", 88,
        "One of each terminal and honor, and a second of one of them."),
    fan(8, "Qing Yao Jiu", "All Terminals", "清么九", 64,
        "Only 1s and 9s.", (48, 55, 73, 76, 65)),
    fan(9, "Xiao Si Xi", "Little Four Winds", "小四喜", 64,
        "Pungs of three winds and a pair of the fourth.", (73, 38)),
    fan(10, "Xiao San Yuan", "Little Three Dragons", "小三元", 64,
        "Pungs of two dragons and a pair of the third.", (59, 54)),
    fan(11, "Zi Yi Se", "All Honors", "字一色", 64,
        "Only winds and dragons.", (48, 55, 73, 75)),
    fan(12, "Si An Ke", "Four Concealed Pungs", "四暗刻", 64,
        "Four concealed pungs or kongs.", (48, 62, 56)),
    fan(13, "Yi Se Shuang Long Hui", "Pure Terminal Chows", "一色雙龍會", 64,
        "Two 123 and two 789 chows and a pair of 5, all of one suit.", (22, 63, 76)),
    fan(14, "Yi Se Si Tong Shun", "Quadruple Chow", "一色四同順", 48,
        "Four identical chows."),
    fan(15, "Yi Se Si Jie Gao", "Four Pure Shifted Pungs", "一色四節高", 48,
        "Pungs of four consecutive numbers of one suit.", (48,)),
    fan(16, "Yi Se Si Bu Gao", "Four Pure Shifted Chows", "一色四步高", 32,
        "Four chows of one suit, each one or each two higher than the last."),
    fan(17, "San Gang", "Three Kongs", "三槓", 32, "Three kongs."),
    fan(18, "Hun Yao Jiu", "All Terminals and Honors", "混么九", 32,
        "Only terminals and honors, both present.", (48, 55, 73)),
    fan(19, "Qi Dui", "Seven Pairs", "七對", 24, "Seven pairs (four alike are two pairs)."),
    fan(20, "Qi Xing Bu Kao", "Greater Honors and Knitted Tiles", "七星不靠", 24,
        "All seven honors and seven tiles of one knitted straight."),
    fan(21, "Quan Shuang Ke", "All Even Pungs", "全雙刻", 24,
        "Pungs and the pair of 2, 4, 6 and 8 only.", (48, 68, 76)),
    fan(22, "Qing Yi Se", "Full Flush", "清一色", 24, "Only one suit, no honors.", (76,)),
    fan(23, "Yi Se San Tong Shun", "Pure Triple Chow", "一色三同順", 24,
        "Three identical chows."),
    fan(24, "Yi Se San Jie Gao", "Pure Shifted Pungs", "一色三節高", 24,
        "Pungs of three consecutive numbers of one suit."),
    fan(25, "Quan Da", "Upper Tiles", "全大", 24, "Only 7, 8 and 9.", (76,)),
    fan(26, "Quan Zhong", "Middle Tiles", "全中", 24, "Only 4, 5 and 6.", (68, 76)),
    fan(27, "Quan Xiao", "Lower Tiles", "全小", 24, "Only 1, 2 and 3.", (76,)),
    fan(28, "Qing Long", "Pure Straight", "清龍", 16, "123, 456 and 789 of one suit."),
    fan(29, "San Se Shuang Long Hui", "Three-Suited Terminal Chows", "三色雙龍會", 16,
        "123 and 789 of two suits, and a pair of 5 of the third.", (63, 76)),
    fan(30, "Yi Se San Bu Gao", "Pure Shifted Chows", "一色三步高", 16,
        "Three chows of one suit, each one or each two higher than the last."),
    fan(31, "Quan Dai Wu", "All Five", "全帶五", 16,
        "Every set and the pair hold a 5.", (68, 76)),
    fan(32, "San Tong Ke", "Triple Pung", "三同刻", 16,
        "Pungs of the same number in the three suits."),
    fan(33, "San An Ke", "Three Concealed Pungs", "三暗刻", 16,
        "Three concealed pungs or kongs."),
    fan(34, "Quan Bu Kao", "Lesser Honors and Knitted Tiles", "全不靠", 12,
        "Fourteen single tiles: honors and tiles of one knitted straight."),
    fan(35, "Zu He Long", "Knitted Straight", "組合龍", 12,
        "147, 258 and 369 each in a different suit."),
    fan(36, "Da Yu Wu", "Upper Four", "大於五", 12, "Only 6, 7, 8 and 9.", (76,)),
    fan(37, "Xiao Yu Wu", "Lower Four", "小於五", 12, "Only 1, 2, 3 and 4.", (76,)),
    fan(38, "San Feng Ke", "Big Three Winds", "三風刻", 12,
        "Pungs of three winds.", WIND_FACETS),
    fan(39, "Hua Long", "Mixed Straight", "花龍", 8, "123, 456 and 789, each in another suit."),
    fan(40, "Tui Bu Dao", "Reversible Tiles", "推不倒", 8,
        "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, white "
        "dragon.", (75,)),
    fan(41, "San Se San Tong Shun", "Mixed Triple Chow", "三色三同順", 8,
        "The same chow in the three suits."),
    fan(42, "San Se San Jie Gao", "Mixed Shifted Pungs", "三色三節高", 8,
        "Pungs of three consecutive numbers, one in each suit."),
    fan(43, "Wu Fan He", "Chicken Hand", "無番和", 8, "A hand with no other fan (flowers aside)."),
    fan(44, "Miao Shou Hui Chun", "Last Tile Draw", "妙手回春", 8,
        "Self-drawn on the last tile of the wall.", (80,)),
    fan(45, "Hai Di Lao Yue", "Last Tile Claim", "海底撈月", 8,
        "Won on the discard of the last tile."),
    fan(46, "Gang Shang Kai Hua", "Out with Replacement Tile", "槓上開花", 8,
        "Won on the replacement tile after one's own kong.", (80,)),
    fan(47, "Qiang Gang He", "Robbing the Kong", "搶槓和", 8,
        "Won on the tile another player adds to a pung to make a kong.", (58,)),
    fan(48, "Peng Peng He", "All Pungs", "碰碰和", 6, "Four pungs or kongs."),
    fan(49, "Hun Yi Se", "Half Flush", "混一色", 6, "One suit and honors."),
    fan(50, "San Se San Bu Gao", "Mixed Shifted Chows", "三色三步高", 6,
        "Three chows, one in each suit, each one higher than the last."),
    fan(51, "Wu Men Qi", "All Types", "五門齊", 6,
        "All three suits, winds and dragons."),
    fan(52, "Quan Qiu Ren", "Melded Hand", "全求人", 6,
        "Four claimed sets, won on a discard that completes the pair.", (79,)),
    fan(53, "Shuang An Gang", "Two Concealed Kongs", "雙暗槓", 6, "Two concealed kongs."),
    fan(54, "Shuang Jian Ke", "Two Dragon Pungs", "雙箭刻", 6, "Pungs of two dragons.", (59,)),
    fan(55, "Quan Dai Yao", "Outside Hand", "全帶么", 4,
        "Every set and the pair hold a terminal or an honor."),
    fan(56, "Bu Qiu Ren", "Fully Concealed Hand", "不求人", 4,
        "No claimed set, and self-drawn.", (80,)),
    fan(57, "Shuang Ming Gang", "Two Melded Kongs", "雙明槓", 4, "Two claimed kongs."),
    fan(58, "He Jue Zhang", "Last Tile", "和絕張", 4,
        "Won on the last copy of a tile, the other three already shown."),
    fan(59, "Jian Ke", "Dragon Pung", "箭刻", 2, "A pung of a dragon, each."),
    fan(60, "Quan Feng Ke", "Prevalent Wind", "圈風刻", 2, "A pung of the round's wind.",
        ("73:prevalent",)),
    fan(61, "Men Feng Ke", "Seat Wind", "門風刻", 2, "A pung of one's seat wind.",
        ("73:seat",)),
    fan(62, "Men Qian Qing", "Concealed Hand", "門前清", 2,
        "No claimed set, won on a discard."),
    fan(63, "Ping He", "All Chows", "平和", 2, "Four chows and a pair of a suit.", (76,)),
    fan(64, "Si Gui Yi", "Tile Hog", "四歸一", 2,
        "All four copies of a tile used without a kong, each."),
    fan(65, "Shuang Tong Ke", "Double Pung", "雙同刻", 2,
        "Pungs of the same number in two suits."),
    fan(66, "Shuang An Ke", "Two Concealed Pungs", "雙暗刻", 2,
        "Two concealed pungs or kongs."),
    fan(67, "An Gang", "Concealed Kong", "暗槓", 2, "A concealed kong."),
    fan(68, "Duan Yao", "All Simples", "斷么", 2, "No terminals and no honors.", (76,)),
    fan(69, "Yi Ban Gao", "Pure Double Chow", "一般高", 1, "Two identical chows."),
    fan(70, "Xi Xiang Feng", "Mixed Double Chow", "喜相逢", 1,
        "The same chow in two suits."),
    fan(71, "Lian Liu", "Short Straight", "連六", 1, "Two chows of one suit making six in a row."),
    fan(72, "Lao Shao Fu", "Two Terminal Chows", "老少副", 1, "123 and 789 of one suit."),
    fan(73, "Yao Jiu Ke", "Pung of Terminals or Honors", "么九刻", 1,
        "A pung of 1s, 9s or winds (not counted for a wind that is the seat's or the round's)."),
    fan(74, "Ming Gang", "Melded Kong", "明槓", 1, "A claimed kong."),
    fan(75, "Que Yi Men", "One Voided Suit", "缺一門", 1, "One of the three suits absent."),
    fan(76, "Wu Zi", "No Honors", "無字", 1, "No winds and no dragons."),
    fan(77, "Bian Zhang", "Edge Wait", "邊張", 1,
        "Waiting on the 3 of 12 or the 7 of 89, and on no other tile."),
    fan(78, "Kan Zhang", "Closed Wait", "嵌張", 1,
        "Waiting on the middle tile of a chow, and on no other tile."),
    fan(79, "Dan Diao Jiang", "Single Wait", "單釣將", 1,
        "Waiting on the tile that pairs a single tile, and on no other tile."),
    fan(80, "Zi Mo", "Self-Drawn", "自摸", 1, "The winning tile drawn from the wall."),
    fan(81, "Hua Pai", "Flower Tiles", "花牌", 1,
        "Each flower or season; not counted toward the 8-fan minimum."),
    fan(82, "Ming An Gang", "Concealed and Melded Kong", "明暗槓", 5,
        "One concealed and one claimed kong (the reference engine's fan, in place of a "
        "Concealed Kong and a Melded Kong)."),
]

CHICKEN, FLOWERS = str(mf.CHICKEN_HAND), str(mf.FLOWER_TILES)
MOST_PER_SET = 4  # a fan counted per set counts at most once for each of the four sets
# The fans entered by hand that say how the hand was won: checked against the context.
SELF_DRAWN_ONLY = frozenset(str(n) for n in (mf.LAST_TILE_DRAW, mf.OUT_WITH_REPLACEMENT_TILE,
                                             mf.FULLY_CONCEALED_HAND, mf.SELF_DRAWN))
ON_A_DISCARD = frozenset(str(n) for n in (mf.LAST_TILE_CLAIM, mf.ROBBING_THE_KONG,
                                          mf.MELDED_HAND, mf.CONCEALED_HAND))


class FanTable(PatternTable):
    """MCR's exclusions, as data: a fan held counts unless a fan that counts excludes it (whole,
    or one facet of a fan counted per facet); a fan excluded excludes nothing. Every exclusion
    points from a higher fan to a lower one (value, then id: checked here), so one pass from the
    highest fan down settles which fans count, whatever order they were found in; a fan
    excluded is reported as excluded by the highest counted fan that excludes it. Chicken Hand
    counts in a division where nothing but flowers does."""

    def __init__(self, patterns: list[Pattern]):
        super().__init__(patterns)
        for p in self.patterns:
            for target in p.excludes:
                if self.rank[target.partition(":")[0]] <= self.rank[p.id]:
                    raise ValueError(f"{p.id} excludes {target}, which is not below it")
        self.by_number = {int(p.id): p for p in self.patterns}

    def evaluate(self, reading: mf.FanReading) -> Evaluation:
        by_number, rank = self.by_number, self.rank
        held = sorted([(by_number[n], count) for n, count in reading.fans.items() if count],
                      key=lambda item: rank[item[0].id])
        removed: dict[str, Pattern] = {}  # id -> the highest counted fan that excludes it
        facets_gone: dict[tuple[str, str], Pattern] = {}
        counted, excluded = [], []
        for pattern, count in held:
            by = removed.get(pattern.id)
            if by:
                n = sum(count.values()) if isinstance(count, Mapping) else count
                excluded.append(Excluded(pattern, n, by, None))
                continue
            if isinstance(count, Mapping):
                kept = 0
                for facet, n in sorted(count.items()):
                    by = facets_gone.get((pattern.id, facet))
                    if by:
                        excluded.append(Excluded(pattern, n, by, facet))
                    else:
                        kept += n
                count = kept
                if not count:
                    continue
            counted.append((pattern, count))
            for target in pattern.excludes:
                target_id, _, facet = target.partition(":")
                if facet:
                    facets_gone.setdefault((target_id, facet), pattern)
                else:
                    removed.setdefault(target_id, pattern)
        if reading.form == mf.STANDARD and all(p.id == FLOWERS for p, _ in counted):
            counted.append((self.by_id[CHICKEN], 1))
        counted.sort(key=lambda item: self.position[item[0].id])
        return Evaluation(reading, tuple([self.counted(p, n) for p, n in counted]),
                          tuple(excluded))


def best_reading(evaluations) -> Evaluation:
    """The reading scored: the highest total; between equal totals, the reference's choice. It
    meets the readings in its order (`FanReading.order`) and keeps the first, unless a later
    one holds Pure Triple Chow or Triple Pung, or the hand also reads as seven pairs: then the
    last such. One max over that key, so the order of `evaluations` does not matter."""
    in_order = sorted(evaluations, key=lambda e: e.reading.order)
    later = any(e.reading.form == mf.SEVEN_PAIRS_FORM for e in evaluations)

    def key(item):
        place, e = item
        prefers_later = later or held(e, mf.PURE_TRIPLE_CHOW) or held(e, mf.TRIPLE_PUNG)
        return e.total, prefers_later, place if prefers_later else -place

    return max(enumerate(in_order), key=key)[1]


def knitted_complete(counts, melds: int) -> bool:
    """Knitted straight with a set and the pair, or (lesser or greater) honors and knitted
    tiles, over 34 counts (our tiles) with `melds` revealed sets or kongs."""
    if melds > 1:
        return False
    for seq in mf.KNITTED:
        if all(counts[t] for t in seq):
            rest = list(counts)
            for t in seq:
                rest[t] -= 1
            if completes(tuple(rest)):
                return True
    if melds or sum(counts) != 14 or max(counts) > 1:
        return False
    numbers = {t for t in range(27) if counts[t]}
    return 7 <= len(numbers) <= 9 and any(numbers <= set(seq) for seq in mf.KNITTED)


class MCRForms(Forms):
    """Sets and the pair, seven pairs (four alike are two), thirteen orphans, and the knitted
    forms (knitted straight with a set and the pair, honors and knitted tiles)."""

    def __init__(self):
        super().__init__(thirteen_orphans=True, seven_pairs=True, quads_are_two_pairs=True)

    def is_complete(self, counts, has_melds: bool) -> bool:
        if super().is_complete(counts, has_melds):
            return True
        return knitted_complete(counts, (14 - sum(counts)) // 3)

    def waits(self, hand) -> tuple[int, ...]:
        found = set(super().waits(hand))
        if len(hand.melds) <= 1 and len(hand.kinds) >= 8:
            before = list(hand.concealed)
            before[hand.winning] -= 1
            # One more tile makes a knitted form only if 8 of a straight's 9 tiles are held, or
            # 13 different single tiles: most hands are neither.
            if not (any(sum(1 for t in seq if before[t]) >= 8 for seq in mf.KNITTED)
                    or (max(before) == 1 and not hand.melds)):
                return tuple(sorted(found))
            for tile in range(tiles.PLAYING_KINDS):
                if tile in found or hand.counts[tile] - (tile == hand.winning) >= 4:
                    continue
                before[tile] += 1
                if knitted_complete(before, len(hand.melds)):
                    found.add(tile)
                before[tile] -= 1
        return tuple(sorted(found))


    def special_missing(self, counts, melds: int, room, sets_and_pair, best: int) -> int:
        """For analyse: the fewer of `best` and the tiles to draw for these concealed counts (with
        `melds` revealed sets) to hold a knitted form. A knitted straight is its nine tiles, then
        one set and the pair of what is left (`sets_and_pair(rest, sets)` counts those); honors
        and knitted tiles are fourteen different tiles of the seven honors and one knitted
        straight's nine."""
        if melds > 1:
            return best
        honors = sum(1 for t in tiles.HONORS if counts[t])
        for seq in mf.KNITTED:
            if any(not counts[t] and not room[t] for t in seq):
                continue  # a tile of the straight whose every copy is in a revealed set
            held = sum(1 for t in seq if counts[t])
            if not melds:
                best = min(best, 14 - min(14, held + honors))
            if 9 - held < best:  # the straight alone lacks 9 - held: else it cannot do better
                rest = tuple(n - 1 if n and t in seq else n for t, n in enumerate(counts))
                best = min(best, 9 - held + sets_and_pair(rest, 1 - melds))
        return best


FORMS = MCRForms()


class MCR(Variant):
    id = "mcr"
    name = gettext_noop("Chinese Official (MCR)")
    unit = "fan"
    table = FanTable(PATTERNS)
    kinds = frozenset(range(tiles.FLOWER_BASE + 8))
    context_fields = frozenset({
        "self_drawn", "seat_wind", "round_wind", "dealer", "discarder", "last_tile",
        "kong_replacement", "robbing_kong", "winning_tile_last"})
    # A game is 16 hands: four rounds, the deal passing every hand whoever wins (draws too), and
    # the players changing places after each round: East with South and West with North after the
    # East and West rounds; after the South round East goes to West, West to South, South to
    # North and North to East (docs/rules-mcr.md, "The game").
    rotation = Rotation(EVERY_HAND, game_rounds=4, players=(4,),
                        seat_changes=((1, 0, 3, 2), (3, 2, 0, 1)),
                        game_over=gettext_noop("Sixteen hands, four rounds: the game is over. "
                                               "Settle up, or play on."))
    options = (
        Option(pgettext("house option", "minimum fan"),
               8, gettext_noop("a whole number of fans from 0 to 88 (8), "
                               "flowers not counted"),
               accepts=whole_number(0, 88)),
    )

    def forms(self, rules) -> Forms:
        return FORMS

    def minimum(self, rules) -> int:
        return rules["minimum_fan"]

    def fan_counts(self, hand, ctx) -> tuple[Evaluation, ...]:
        """Every reading of the hand with its fans counted, the exclusions applied; () when
        the hand does not win."""
        return tuple(map(self.table.evaluate, mf.fan_readings(hand, ctx, FORMS.waits(hand))))

    def evaluations(self, hand, ctx, rules, line=None) -> list[Evaluation]:
        """The pipeline's readings: every reading with its fans counted (`fan_counts`)."""
        found = self.fan_counts(hand, ctx)
        if not found:
            raise HandError("not_a_winning_hand", self.not_winning_message(hand, FORMS))
        return list(found)

    def choose(self, found: list[Evaluation]) -> tuple[Evaluation, list[Evaluation]]:
        """The reference's choice (`best_reading`); the others by total, then by text."""
        best = best_reading(found)
        return best, self.others_by_rank(found, best)

    def not_winning_message(self, hand, forms) -> str:
        return gettext_noop("These tiles do not form four sets and a pair, nor seven "
                            "pairs, thirteen orphans, a knitted straight or honors and knitted "
                            "tiles.")

    # A hand entered by its fans ---------------------------------------------------------------

    def entry_fans(self) -> tuple[Pattern, ...]:
        """Every fan but the flowers, which are entered as a count."""
        return tuple(p for p in self.table if p.id != FLOWERS)

    def fans_entered(self, fans, flowers, ctx, rules) -> Evaluation:
        """The fans a player ticked, checked as `FanTable.evaluate` counts them: each fan known
        and counted once (a fan counted per set, 1 to 4 times), the flowers a count of 0 to 8;
        a ticked fan that another ticked fan excludes is refused, naming both (the scorer would
        not count it: never a total the tiles could not give); Chicken Hand alone; the fans
        that need a self-drawn tile, or a discard, only so. An exclusion of one facet (Big Three
        Winds and the winds' Pung of Terminals or Honors) refuses nothing: a ticked Pung of
        Terminals or Honors counts the other pungs. The minimum is `pay_entered`'s."""
        if not isinstance(fans, Mapping):
            raise HandError("bad_request", gettext_noop(
                "'fans' must be an object of fan numbers and how many times each counts."),
                ("fans",))
        by_id = self.table.by_id
        ticked = []
        for fan_id, count in fans.items():
            pattern = by_id.get(fan_id) if isinstance(fan_id, str) else None
            if pattern is None or fan_id == FLOWERS:
                raise HandError("bad_request", gettext_noop(
                    "{fan} is not a fan to tick: the fans are numbered 1 to 82, and the flowers "
                    "are a count of their own ('flowers').", fan=repr(fan_id)), ("fans",))
            most = MOST_PER_SET if pattern.per else 1
            if not whole_number(0, most)(count):
                raise HandError("bad_request", gettext_noop(
                    "{pattern} counts from 0 to {most} times, not {count}.",
                    pattern=pattern.word, most=most, count=repr(count)), (f"fans.{fan_id}",))
            if count:
                ticked.append((pattern, count))
        if not whole_number(0, 8)(flowers):
            raise HandError("bad_request", gettext_noop(
                "The flowers are a count from 0 to 8, not {count}.", count=repr(flowers)),
                ("flowers",))
        if not ticked:
            raise HandError("bad_request", gettext_noop(
                "Tick the fans the hand holds (Chicken Hand, for a hand with no other fan)."),
                ("fans",))
        self.check_ticked([p for p, _ in ticked], ctx)
        if flowers:
            ticked.append((by_id[FLOWERS], flowers))
        ticked.sort(key=lambda item: self.table.position[item[0].id])
        return Evaluation(None, tuple(self.table.counted(p, n) for p, n in ticked))

    def check_ticked(self, ticked: list[Pattern], ctx) -> None:
        """Refuse ticked fans the scorer would not count together (see `fans_entered`)."""
        ids = {p.id: p for p in ticked}
        for pattern in ticked:
            for target in pattern.excludes:
                if target in ids:
                    raise HandError("bad_request", gettext_noop(
                        "{excluder} already counts {pattern}: untick {pattern}.",
                        excluder=pattern.word, pattern=ids[target].word),
                        (f"fans.{pattern.id}", f"fans.{target}"))
        if CHICKEN in ids and len(ids) > 1:
            other = next(p for p in ticked if p.id != CHICKEN)
            raise HandError("bad_request", gettext_noop(
                "{chicken} is a hand with no other fan: untick {chicken} or {pattern}.",
                chicken=ids[CHICKEN].word, pattern=other.word),
                (f"fans.{CHICKEN}", f"fans.{other.id}"))
        for pattern in ticked:
            if ctx.self_drawn and pattern.id in ON_A_DISCARD:
                raise HandError("bad_context", gettext_noop(
                    "{pattern} is won on a discard, and this hand was self-drawn: untick it.",
                    pattern=pattern.word), (f"fans.{pattern.id}", "context.self_drawn"))
            if not ctx.self_drawn and pattern.id in SELF_DRAWN_ONLY:
                raise HandError("bad_context", gettext_noop(
                    "{pattern} is won on a self-drawn tile, and this hand was won on a discard: "
                    "untick it.", pattern=pattern.word),
                    (f"fans.{pattern.id}", "context.self_drawn"))

    # Money ---------------------------------------------------------------------------------

    def money(self, best: Evaluation, ctx, rules) -> Payout:
        """The total paid as `payout` pays it, but the flowers do not count toward the minimum."""
        paid = self.payout(best.total, ctx, rules)
        if paid.meets and best.total - flowers_of(best) < paid.minimum:
            return replace(paid, meets=False, payments=[])
        return paid

    def explanation(self, best: Evaluation, money: Payout, ctx, rules) -> list[dict]:
        notes = []
        total = money.total
        if not money.meets:
            minimum = money.minimum
            without = total - flowers_of(best)
            notes.append({"code": "under_minimum", "total": without, "minimum": minimum,
                          "text": gettext_noop(
                              "{total} fan without the flowers is under the minimum of "
                              "{minimum}: nobody pays", total=without, minimum=minimum)})
        else:
            notes.append({"code": "points", "total": total, "points": total,
                          "text": gettext_noop(
                              "each payer pays the base {base}, and {total} fan more from the "
                              "discarder or, self-drawn, from each", base=BASE, total=total)})
        return notes

    def payments(self, points, ctx, rules):
        winner = ctx.seat_wind
        if ctx.self_drawn:
            return [(seat, winner, BASE + points, gettext_noop(
                "self-drawn: {base} + {total} fan from each", base=BASE, total=points))
                for seat in ctx.others]
        return [(ctx.discarder, winner, BASE + points, gettext_noop(
            "discarder: {base} + {total} fan", base=BASE, total=points))] + [
            (seat, winner, BASE, gettext_noop("each other player: {base}", base=BASE))
            for seat in ctx.others if seat != ctx.discarder]


def flowers_of(evaluation: Evaluation) -> int:
    """The flowers a reading counts (each 1 fan, none toward the minimum)."""
    return sum(c.count for c in evaluation.counted if c.pattern.id == FLOWERS)


def held(evaluation: Evaluation, number: int) -> bool:
    return any(c.pattern.id == str(number) for c in evaluation.counted)


VARIANT = MCR()
