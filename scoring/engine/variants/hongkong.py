"""Hong Kong Old Style: the faan table, limit hands and flowers of spec/rules-hongkong.md.

A limit is a floor, never a penalty: every decomposition is scored in two readings, each by its
own pattern table, and the higher total (after the limit) counts.
- The limit reading (`LIMIT_PATTERNS`): the limit hands and the winning conditions. It exists only
  where a limit hand holds; no hand, wind, dragon or flower pattern counts in it.
- The ordinary reading (`ORDINARY_PATTERNS`): the hand patterns, the winning conditions and the
  flowers; no limit hand is in it. It exists for the ordinary forms (four sets and the eyes, seven
  pairs), not for thirteen orphans, which is a winning form only as a limit hand.
When the two are equal after the limit, the limit reading counts (the hand is named by its limit).
The other reading is an alternative, and its patterns are reported under `excluded` with the
reason (the two totals), not as "included" in the other.

Inside the limit reading exclusions are data, of two kinds:
- limit hands exclude one another, and seven pairs, by a facet ('id:limit', 'id:pairs'). A facet
  exclusion is not closed transitively, which matters here: `four_concealed_pungs`, `nine_gates`,
  `thirteen_orphans` and `seven_pairs` exclude `concealed`, and a plain exclusion of them would
  carry that on to every limit hand above them (an all-honors hand won concealed on a discard
  would lose its `concealed` faan although it is not four concealed pungs);
- `seven_pairs` sits in the limit table only so that its exclusion of `concealed` holds on a
  seven-pairs limit hand: every limit hand removes its facet, so it is never counted there.

`concealed` is not counted on a limit hand that holds one of those four patterns, whether or not
that pattern is itself counted: the hand is concealed by its very shape, so the condition adds
nothing. The ordinary reading has no limit hand, so there `concealed` counts as on any concealed
hand (a harder hand never pays less than the easier one it contains).
"""

from dataclasses import dataclass, replace

from .. import tiles
from ..decompose import Forms
from ..messages import Message, gettext_noop, pattern_word, pgettext
from ..patterns import STANDARD, Evaluation, Excluded, Pattern, PatternTable, Reading
from ..variant import Option, Rotation, Variant, best_of, number_at_least, whole, whole_number

SEVEN_PAIRS = "seven_pairs"
ORPHAN_FORM = "thirteen_orphans"
ANY_FORM = frozenset({STANDARD, SEVEN_PAIRS, ORPHAN_FORM})
TILE_FORMS = frozenset({STANDARD, SEVEN_PAIRS})  # patterns about which tiles, not which sets

HALF_SPICY = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384)  # 0..13 faan
MAX_LIMIT = len(HALF_SPICY) - 1
FLOWER_SETS = (tuple(range(tiles.FLOWER_BASE, tiles.FLOWER_BASE + 4)),
               tuple(range(tiles.FLOWER_BASE + 4, tiles.FLOWER_BASE + 8)))
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# Facts about one reading ------------------------------------------------------------------------

def wind_pungs(r: Reading) -> int:
    return sum(tiles.is_wind(t.first) for t in r.triplets)


def dragon_pungs(r: Reading) -> int:
    return sum(tiles.is_dragon(t.first) for t in r.triplets)


def has_pung_of(r: Reading, tile: int) -> bool:
    return any(t.first == tile for t in r.triplets)


def complete_flower_sets(r: Reading) -> tuple[tuple[int, ...], ...]:
    return tuple(group for group in FLOWER_SETS if all(t in r.hand.bonus for t in group))


# The predicates ---------------------------------------------------------------------------------

def nine_gates(r: Reading) -> bool:
    """Concealed, one suit: the 13 tiles held before the winning tile are exactly 1112345678999
    (the winning tile, one of that suit, is any of the nine it waited on)."""
    if r.hand.melds or r.has_honor or len(r.suits) != 1:
        return False
    base = 9 * tiles.SUITS.index(next(iter(r.suits)))
    held = list(r.counts[base:base + 9])
    held[r.winning - base] -= 1  # the winning tile is of the suit: the hand has no other
    return tuple(held) == NINE_GATES


def own_flowers(r: Reading) -> int:
    """The seat's own flower and season, each once, unless it sits in a complete set of four."""
    in_sets = {t for group in complete_flower_sets(r) for t in group}
    return sum(tiles.seat_of_bonus(t) == r.ctx.seat_wind and t not in in_sets
               for t in r.hand.bonus)


def limit(holds):
    """A limit hand's predicate: its count under the 'limit' facet, so that a higher limit hand
    can remove it without removing what it excludes (see the module docstring)."""
    return lambda r: {"limit": int(bool(holds(r)))}


def pattern(id_, name, english, chinese, value, holds, definition, excludes=(), forms=None,
            per=""):
    return Pattern(id_, name, english, chinese, value, holds, definition, tuple(excludes),
                   forms or frozenset({STANDARD}), per, variant="hongkong")


HAND_PATTERNS = [
    pattern("all_chows", "Ping Wu", "All chows", "平糊", 1, lambda r: len(r.chows) == 4,
            "Four chows and the eyes."),
    pattern("all_pungs", "Dui Dui Wu", "All pungs", "對對糊", 3, lambda r: len(r.triplets) == 4,
            "Four pungs or kongs and the eyes."),
    pattern("mixed_one_suit", "Wan Yat Sik", "Mixed one suit", "混一色", 3,
            lambda r: len(r.suits) == 1 and r.has_honor,
            "One suit and honors, with at least one honor.", forms=TILE_FORMS),
    pattern("pure_one_suit", "Ching Yat Sik", "Pure one suit", "清一色", 7,
            lambda r: len(r.suits) == 1 and not r.has_honor,
            "Every tile of one suit.", forms=TILE_FORMS),
    pattern("mixed_orphans", "Fa Yiu Gau", "Mixed orphans", "花么九", 1,
            lambda r: (r.has_honor and r.has_terminal
                       and all(tiles.is_terminal(t) or tiles.is_honor(t) for t in r.kinds)),
            "Every tile a terminal (1 or 9) or an honor, with at least one of each.",
            forms=TILE_FORMS),
    pattern("dragon_pung", "Sam Yuen Pai", "Dragon pung", "三元牌", 1, dragon_pungs,
            "Each pung or kong of a dragon.", per="set"),
    pattern("seat_wind", "Mun Fung", "Seat wind", "門風", 1,
            lambda r: has_pung_of(r, r.seat_wind), "A pung or kong of the seat wind."),
    pattern("round_wind", "Huen Fung", "Round wind", "圈風", 1,
            lambda r: has_pung_of(r, r.round_wind), "A pung or kong of the round wind."),
    pattern("small_three_dragons", "Siu Sam Yuen", "Small three dragons", "小三元", 3,
            lambda r: dragon_pungs(r) == 2 and tiles.is_dragon(r.eyes.first),
            "Two dragon pungs and dragon eyes (their two dragon pungs add: 5 in all)."),
    pattern("great_three_dragons", "Dai Sam Yuen", "Great three dragons", "大三元", 5,
            lambda r: dragon_pungs(r) == 3,
            "Three dragon pungs (their three dragon pungs add: 8 in all)."),
    pattern("small_four_winds", "Siu Sei Hei", "Small four winds", "小四喜", 6,
            lambda r: wind_pungs(r) == 3 and tiles.is_wind(r.eyes.first),
            "Three wind pungs and wind eyes (seat and round wind pungs and mixed one suit add)."),
    pattern("seven_pairs", "Chat Dui", "Seven pairs", "七對", 4,
            lambda r: {"pairs": int(r.form == SEVEN_PAIRS)},
            "Seven pairs; only with the house option seven_pairs. Does not also take concealed.",
            excludes=["concealed"], forms=frozenset({SEVEN_PAIRS})),
]

FLOWER_PATTERNS = [
    pattern("no_flowers", "Mo Fa", "No flowers", "無花", 1,
            lambda r: not r.hand.bonus and r.rules["no_flowers_bonus"],
            "The hand shows no flower or season (house option no_flowers_bonus).",
            forms=ANY_FORM),
    pattern("own_flower", "Jing Fa", "Own flower", "正花", 1, own_flowers,
            "Each of the seat's own flower and own season, unless it is part of a complete set.",
            forms=ANY_FORM, per="tile"),
    pattern("flower_set", "Yat Toi Fa", "Complete set of flowers", "一台花", 2,
            lambda r: len(complete_flower_sets(r)),
            "All four flowers, or all four seasons: 2 faan for each set.",
            forms=ANY_FORM, per="set"),
]

# Highest first; among equal values the order only decides which one is named (heavenly and
# earthly first: they are about the deal, so they can sit on top of any other limit hand).
LIMIT_HANDS = [
    pattern("heavenly", "Tin Wu", "Heavenly hand", "天糊", 13,
            limit(lambda r: r.ctx.heavenly), "The dealer wins on the deal.", forms=ANY_FORM),
    pattern("earthly", "Dei Wu", "Earthly hand", "地糊", 13,
            limit(lambda r: r.ctx.earthly), "Won on the dealer's first discard.",
            forms=ANY_FORM),
    pattern("great_four_winds", "Dai Sei Hei", "Great four winds", "大四喜", 13,
            limit(lambda r: wind_pungs(r) == 4), "Four wind pungs or kongs."),
    pattern("four_kongs", "Sap Baat Lo Hon", "Four kongs", "十八羅漢", 13,
            limit(lambda r: r.kongs == 4), "Four kongs."),
    pattern("thirteen_orphans", "Sap Saam Yiu", "Thirteen orphans", "十三么", 13,
            limit(lambda r: r.form == ORPHAN_FORM),
            "One each of the 1 and 9 of each suit and of each honor, plus one more of any of "
            "them.", excludes=["concealed"], forms=frozenset({ORPHAN_FORM})),
    pattern("all_honors", "Zi Yat Sik", "All honors", "字一色", 10,
            limit(lambda r: not r.suits), "Every tile an honor.", forms=TILE_FORMS),
    pattern("orphans", "Ching Yiu Gau", "Orphans", "清么九", 10,
            limit(lambda r: all(tiles.is_terminal(t) for t in r.kinds)),
            "Every tile a 1 or a 9 (no honors).", forms=TILE_FORMS),
    pattern("four_concealed_pungs", "Kan Kan Wu", "Four concealed pungs", "坎坎糊", 10,
            limit(lambda r: r.concealed_triplets == 4),
            "Four concealed pungs or kongs: self-drawn, or won on a discard that completes the "
            "eyes.", excludes=["concealed"]),
    pattern("nine_gates", "Gau Zi Lin Waan", "Nine gates", "九子連環", 10,
            limit(nine_gates),
            "Concealed, one suit: the 13 tiles held before the winning tile are exactly "
            "1112345678999 (a nine-way wait), won on any tile of that suit.",
            excludes=["concealed"]),
]

WINNING_CONDITIONS = [
    pattern("self_drawn", "Zi Mo", "Self-drawn", "自摸", 1, lambda r: r.ctx.self_drawn,
            "The winning tile was drawn from the wall.", forms=ANY_FORM),
    pattern("concealed", "Mun Chin Ching", "Concealed hand", "門前清", 1,
            lambda r: not r.hand.has_revealed_set,
            "No revealed set (concealed kongs allowed), won either way; not on a hand of "
            "thirteen orphans, nine gates, four concealed pungs or seven pairs.", forms=ANY_FORM),
    pattern("robbing_kong", "Cheung Gong", "Robbing a kong", "搶槓", 1,
            lambda r: r.ctx.robbing_kong,
            "Won on the tile another player added to a pung to make a kong.", forms=ANY_FORM),
    pattern("last_tile", "Hoi Dai Lou Yuet", "Last tile", "海底撈月", 1,
            lambda r: r.ctx.last_tile,
            "Won on the last tile of the wall, or on the discard of it.", forms=ANY_FORM),
    pattern("kong_replacement", "Gong Seung Hoi Fa", "Kong replacement", "槓上開花", 1,
            lambda r: r.ctx.kong_replacement,
            "Won on the replacement tile drawn after a kong (self-drawn adds its own faan).",
            forms=ANY_FORM),
    pattern("double_kong_replacement", "Gong Seung Gong", "Double kong replacement", "槓上槓", 8,
            lambda r: r.ctx.double_kong_replacement,
            "The kong replacement tile made a second kong, whose replacement won; replaces "
            "kong replacement.", excludes=["kong_replacement"], forms=ANY_FORM),
]


def _ranked(limit_hands: list[Pattern]) -> list[Pattern]:
    """Each limit hand excludes every limit hand after it, and seven pairs (see the module
    docstring), each by its facet."""
    done = []
    for index, p in enumerate(limit_hands):
        lower = tuple(f"{q.id}:limit" for q in limit_hands[index + 1:])
        done.append(replace(p, excludes=p.excludes + ("seven_pairs:pairs",) + lower))
    return done


RANKED_LIMIT_HANDS = _ranked(LIMIT_HANDS)
SEVEN_PAIRS_PATTERN = next(p for p in HAND_PATTERNS if p.id == "seven_pairs")

# Every pattern once, as the catalog lists them.
PATTERNS = HAND_PATTERNS + RANKED_LIMIT_HANDS + WINNING_CONDITIONS + FLOWER_PATTERNS
# The two readings of a hand (module docstring).
LIMIT_PATTERNS = RANKED_LIMIT_HANDS + WINNING_CONDITIONS + [SEVEN_PAIRS_PATTERN]
ORDINARY_PATTERNS = HAND_PATTERNS + WINNING_CONDITIONS + FLOWER_PATTERNS
ORDINARY_FORMS = frozenset({STANDARD, SEVEN_PAIRS})
LIMIT_IDS = frozenset(p.id for p in LIMIT_HANDS)
# The patterns only the ordinary reading counts (the winning conditions are in both).
ORDINARY_ONLY_IDS = frozenset(p.id for p in HAND_PATTERNS + FLOWER_PATTERNS)


def limit_hand(evaluation: Evaluation) -> Pattern | None:
    """The limit hand an evaluation counts (None: it is an ordinary reading)."""
    return next((c.pattern for c in evaluation.counted if c.pattern.id in LIMIT_IDS), None)


def reading_name(evaluation: Evaluation) -> str:
    return "ordinary" if limit_hand(evaluation) is None else "limit"


def shown_total(raw: int, cap: int) -> str:
    """A reading's total as compared: after the limit, with the raw total when it was capped."""
    return gettext_noop("{cap} ({raw} before the limit)", cap=cap, raw=raw) if raw > cap \
        else str(raw)


READING_WORDS = {"ordinary": pgettext("reading", "ordinary"),
                 "limit": pgettext("reading", "limit")}


LOWER_LIMIT = gettext_noop("only one limit hand counts, the highest: {id} {name}")


@dataclass(frozen=True, slots=True)
class Reasoned(Excluded):
    """An exclusion whose reason is not that the excluder includes the pattern: a lower limit
    hand, or a pattern of the reading that lost."""

    reason: str = ""

    def as_dict(self) -> dict:
        row = Excluded.as_dict(self)  # not super(): a slots dataclass is a new class
        row["why"], row["reason"] = "reading", self.reason
        return row


def positive_number(value) -> bool:
    return number_at_least(0)(value) and value > 0


class HongKong(Variant):
    id = "hongkong"
    name = gettext_noop("Hong Kong Old Style")
    unit = "faan"
    table = PatternTable(PATTERNS)  # the catalog; a hand is scored by the two below
    limit_table = PatternTable(LIMIT_PATTERNS)
    ordinary_table = PatternTable(ORDINARY_PATTERNS)
    kinds = frozenset(range(tiles.FLOWER_BASE + 8))
    # The seats turn after every hand, dead hands too: 4 rounds of 4 hands. Many tables agree
    # that a dealer who wins keeps the deal (連莊): a table's option.
    rotation = Rotation(game_rounds=4, dealer_may_keep=True)
    context_fields = frozenset({
        "self_drawn", "seat_wind", "round_wind", "dealer", "discarder", "last_tile",
        "kong_replacement", "double_kong_replacement", "robbing_kong", "heavenly", "earthly"})
    options = (
        Option(pgettext("house option", "limit"),
               13, gettext_noop(
            "a whole number of faan from 1 to {most} (13; 8 and 10 are common); the faan tables "
            "stop at 13", most=MAX_LIMIT), accepts=whole_number(1, MAX_LIMIT)),
        Option(pgettext("house option", "minimum fan"),
               3, gettext_noop("a whole number of faan from 0 up to the limit (3)"),
               accepts=whole_number(0, MAX_LIMIT)),
        Option(pgettext("house option", "scale"),
               "half_spicy", gettext_noop("half spicy (半辣上) or full spicy (辣辣上)"),
               choices=("half_spicy", "full_spicy")),
        Option(pgettext("house option", "payment"),
               "full_gun", gettext_noop(
            "full gun (全銃: the discarder pays 2 portions) or half gun (半銃: the discarder pays "
            "1, each other player half of one)"), choices=("full_gun", "half_gun")),
        Option(pgettext("house option", "stake"),
               1, gettext_noop("a positive number: money per portion at 0 faan (0.5 "
                               "二五雞, 1 五一, 2 一二蚊)"), accepts=positive_number),
        Option(pgettext("house option", "no flowers bonus"),
               True, gettext_noop("true or false: 1 faan for a hand without "
                                  "flowers"),
               accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "seven pairs"),
               False, gettext_noop("true or false: seven pairs is a winning hand "
                                   "(4 faan)"),
               accepts=lambda v: isinstance(v, bool)),
    )

    def forms(self, rules) -> Forms:
        return Forms(thirteen_orphans=True, seven_pairs=rules["seven_pairs"])

    def rank(self, evaluation: Evaluation):
        """The total after the limit; on a tie the limit reading, then the higher raw total."""
        raw = evaluation.total
        return (min(raw, evaluation.reading.rules["limit"]), limit_hand(evaluation) is not None,
                raw)

    result_extras = ("reading",)

    def evaluations(self, hand, ctx, rules, line=None) -> list[Evaluation]:
        """Each decomposition in both its readings (`both_readings`)."""
        return [e for placements in self.readings(hand, ctx, rules)
                for e in self.both_readings(placements)]

    def both_readings(self, placements) -> list[Evaluation]:
        """One decomposition's best placement in each reading it has: the limit reading where a
        limit hand holds, the ordinary reading for the ordinary forms."""
        found = []
        limit = [e for e in map(self.limit_table.evaluate, placements) if limit_hand(e)]
        if limit:
            found.append(best_of(limit, self.rank))
        if placements[0].form in ORDINARY_FORMS:
            found.append(best_of(list(map(self.ordinary_table.evaluate, placements)), self.rank))
        return found

    def choose(self, found: list[Evaluation]) -> tuple[Evaluation, list[Evaluation]]:
        """The best by `rank`, its excluded patterns explained against the best reading of the
        other kind (`explained`)."""
        best, others = super().choose(found)
        beaten = [e for e in found if (limit_hand(e) is None) != (limit_hand(best) is None)]
        return self.explained(best, best_of(beaten, self.rank) if beaten else None), others

    def alternative_row(self, evaluation: Evaluation, rules) -> dict:
        return {**super().alternative_row(evaluation, rules),
                "reading": reading_name(evaluation)}

    def extra_fields(self, hand, best: Evaluation, money, ctx, rules) -> dict:
        return {"reading": reading_name(best)}

    def explained(self, best: Evaluation, beaten: Evaluation | None) -> Evaluation:
        """`best`, its `excluded` saying why in the rules' words: a lower limit hand because
        only one counts; each pattern that only the other reading, `beaten`, counts because of
        the two totals (it is not "included" in `best`)."""
        excluded = tuple(Reasoned(e.pattern, e.count, e.by, None, Message(
            LOWER_LIMIT, {"id": e.by.id, "name": pattern_word(e.by)}))
                         if e.facet == "limit" else e for e in best.excluded)
        if beaten is None:
            return Evaluation(best.reading, best.counted, excluded)
        cap = best.reading.rules["limit"]
        tie = min(best.total, cap) == min(beaten.total, cap)
        totals = {"best": READING_WORDS[reading_name(best)],
                  "best_total": shown_total(best.total, cap),
                  "beaten": READING_WORDS[reading_name(beaten)],
                  "beaten_total": shown_total(beaten.total, cap)}
        reason = gettext_noop(
            "the {best} reading, {best_total}, is as high as the {beaten} reading, "
            "{beaten_total}, and a tie goes to the limit reading", **totals) if tie else \
            gettext_noop("the {best} reading, {best_total}, is higher than the {beaten} "
                         "reading, {beaten_total}", **totals)
        by = limit_hand(best)
        if by is None:  # the limit hands of the limit reading, counted there or not
            ids, held = LIMIT_IDS, beaten.counted + beaten.excluded
            by = min(best.counted, key=lambda c: (-c.pattern.value, c.pattern.id)).pattern
        else:  # the ordinary patterns (with seven pairs, where the limit reading held it)
            ids, held = ORDINARY_ONLY_IDS, best.excluded + beaten.counted
        lost = {x.pattern.id: x for x in held if x.pattern.id in ids}  # the last one of an id
        return Evaluation(best.reading, best.counted, tuple(
            e for e in excluded if e.pattern.id not in lost) + tuple(
            Reasoned(x.pattern, x.count, by, None, reason)
            for x in sorted(lost.values(), key=lambda x: (-x.pattern.value, x.pattern.id))))

    def settle_total(self, raw_total, rules):
        """Capped at the limit; the limit is reported only when the hand reached it."""
        cap = rules["limit"]
        return min(raw_total, cap), (cap if raw_total >= cap else None)

    def minimum(self, rules) -> int:
        return rules["minimum_fan"]

    def points(self, total, rules):
        multiplier = HALF_SPICY[total] if rules["scale"] == "half_spicy" else 2 ** total
        return rules["stake"] * multiplier

    def capped_text(self, raw_total, total, rules):
        return gettext_noop("{raw_total} faan, capped at the limit, {total}",
                            raw_total=raw_total, total=total)

    def points_text(self, total, points, rules):
        scale = gettext_noop("half-spicy") if rules["scale"] == "half_spicy" \
            else gettext_noop("full-spicy")
        multiplier = HALF_SPICY[total] if rules["scale"] == "half_spicy" else 2 ** total
        stake = whole(rules["stake"])
        return gettext_noop("{total} faan: {multiplier} on the {scale} scale x stake {stake} = "
                            "{points} a portion", total=total, multiplier=multiplier,
                            scale=scale, stake=stake, points=whole(points))

    def payments(self, points, ctx, rules):
        winner = ctx.seat_wind
        if ctx.self_drawn:
            return [(seat, winner, points, gettext_noop("self-drawn: 1 portion from each"))
                    for seat in ctx.others]
        if rules["payment"] == "full_gun":
            return [(ctx.discarder, winner, 2 * points,
                     gettext_noop("discarder, full gun: 2 portions"))]
        return [(ctx.discarder, winner, points, gettext_noop("discarder, half gun: 1 portion"))] + [
            (seat, winner, points / 2, gettext_noop("half gun: half a portion"))
            for seat in ctx.others if seat != ctx.discarder]


VARIANT = HongKong()
