"""Sichuan "Blood Battle": the MahJongo table as decided in spec/rules-sichuan.md.

108 tiles (three suits), a void suit, no claimed chows, four sets and the eyes or seven pairs (four
identical tiles count as two pairs), fans capped by the house option `fan_cap`, points = 2 ** fans.
The whole deal (kongs paid at once, several winners, the wall's end) is settled in `deal_sichuan`.
"""

from .. import deal_sichuan, tiles
from ..decompose import Forms
from ..errors import HandError
from ..hand import CHOW, PAIR, count_copies, set_of_group, standard_copies
from ..messages import SUIT_WORDS, count_of, gettext_noop, pgettext, tile_named
from ..notation import ParsedHand
from ..patterns import STANDARD, Pattern, PatternTable, Reading
from ..variant import FIRST_WINNER, Option, Rotation, Variant, whole_number

SEVEN_PAIRS = "seven_pairs"
ANY_FORM = frozenset({STANDARD, SEVEN_PAIRS})
KINDS = frozenset(tiles.SUITED)
FORMS = Forms(thirteen_orphans=False, seven_pairs=True, quads_are_two_pairs=True, kinds=KINDS)
MAX_FAN_CAP = 30  # 2 ** 30 points: money a table can pay, exact in a phone's JavaScript


# The rules of the tiles, shared by the winning hand and the hands shown at the wall's end -------

def check_tiles(parsed: ParsedHand) -> None:
    """Tiles outside the 108, claimed chows and fifth copies, in that order, naming the culprit."""
    for tile in parsed.concealed + tuple(t for g in parsed.groups for t in g.tiles):
        if tile not in KINDS:
            raise HandError("tile_not_in_variant", gettext_noop(
                "{tile} is not played in Sichuan: only characters, circles and bamboo, 1 to 9.",
                tile=tile_named(tile)))
    for group in parsed.groups:
        if set_of_group(group).kind == CHOW:
            raise HandError("meld_not_allowed", gettext_noop(
                "{group}: a chow cannot be claimed in Sichuan; only pungs and kongs are claimed "
                "(a sequence stays concealed).", group=group.text()))
    count_copies(parsed, standard_copies)


def void_problem(counts, void: str | None) -> str | None:
    """Why tiles held (counts of the playing kinds) break the void-suit rule, or None."""
    held = [t for t, n in enumerate(counts) if n and tiles.is_suited(t)]
    if void is not None:
        tile = next((t for t in held if tiles.suit_of(t) == void), None)
        if tile is None:
            return None
        return gettext_noop("{tile} is of the declared void suit, {suit}: a hand holding its "
                            "void suit cannot win.", tile=tile_named(tile),
                            suit=SUIT_WORDS[void])
    if len({tiles.suit_of(t) for t in held}) == 3:
        return gettext_noop("The hand holds characters, circles and bamboo: a Sichuan hand must "
                            "lack one suit, its void suit.")
    return None


# The predicates -------------------------------------------------------------------------------

def roots(r: Reading) -> int:
    return sum(n == 4 for n in r.hand.counts)


def pair_wait(r: Reading) -> bool:
    return r.winning_index is not None and r.groups[r.winning_index].kind == PAIR


def pattern(id_, name, english, chinese, value, holds, definition, forms=ANY_FORM, per=""):
    return Pattern(id_, name, english, chinese, value, holds, definition, (), forms, per,
                   variant="sichuan")


STANDARD_ONLY = frozenset({STANDARD})

PATTERNS = [
    pattern("root", "Gen", "Root", "根", 1, roots,
            "Each tile kind of which the hand holds all four copies, in any form: a kong, a "
            "triplet and a sequence, two pairs...", per="tile"),
    pattern("all_pungs", "Dui Dui Hu", "All pungs", "對對胡", 1,
            lambda r: len(r.triplets) == 4,
            "Four triplets or kongs and the eyes.", forms=STANDARD_ONLY),
    pattern("pair_wait", "Dan Diao", "Pair wait", "單釣", 1, pair_wait,
            "Four sets and the eyes, and the winning tile completes the eyes.",
            forms=STANDARD_ONLY),
    pattern("pure_suit", "Qing Yi Se", "Pure suit", "清一色", 2,
            lambda r: len(r.suits) == 1,
            "Every tile of one suit."),
    pattern("seven_pairs", "Qi Dui", "Seven pairs", "七對", 2,
            lambda r: r.form == SEVEN_PAIRS,
            "Seven pairs; four identical tiles count as two pairs.",
            forms=frozenset({SEVEN_PAIRS})),
    pattern("kong_self_draw", "Gang Shang Hua", "Self-drawn after a kong", "槓上花", 1,
            lambda r: r.ctx.self_drawn and r.ctx.kong_replacement,
            "Self-drawn on the replacement tile after the winner's own kong."),
    pattern("kong_discard", "Gang Shang Pao", "Discard after a kong", "槓上炮", 1,
            lambda r: r.ctx.after_kong_discard and not r.ctx.self_drawn,
            "Won on the discard the discarder made right after their own kong."),
    pattern("robbing_kong", "Qiang Gang Hu", "Robbing a kong", "搶槓胡", 1,
            lambda r: r.ctx.robbing_kong,
            "Won on the tile another player added to a pung to make a kong."),
    pattern("last_tile", "Hai Di", "Last tile", "海底", 1,
            lambda r: r.ctx.last_tile,
            "Won on the last tile of the wall, self-drawn, or on the discard that followed it."),
]


class Sichuan(Variant):
    id = "sichuan"
    name = gettext_noop("Sichuan (Blood Battle)")
    unit = "fan"
    table = PatternTable(PATTERNS)
    kinds = KINDS
    claimed_chows = False  # meld_not_allowed: a sequence stays concealed
    pays_during_deal = True  # kongs, several winners, the wall's end: settle_deal
    # The first winner of a deal deals the next; a deal nobody wins keeps its dealer. Four play.
    rotation = Rotation(FIRST_WINNER, players=(4,))
    context_fields = frozenset({
        "seat_wind", "self_drawn", "discarder", "kong_replacement", "after_kong_discard",
        "robbing_kong", "last_tile", "void_suit", "opponents"})
    options = (
        Option(pgettext("house option", "fan cap"),
               3, gettext_noop("a whole number of fans from 1 to {most} (3): fans "
                               "above it do not count", most=MAX_FAN_CAP),
               accepts=whole_number(1, MAX_FAN_CAP)),
        Option(pgettext("house option", "table"),
               "mahjongo", gettext_noop("the pattern table: 'mahjongo'"),
               choices=("mahjongo",)),
        Option(pgettext("house option", "kong shot"),
               "refund", gettext_noop(
            "a win on the discard right after the discarder's kong: 'refund' gives that kong's "
            "money back to its payers, 'transfer' gives it to the winner"),
            choices=("refund", "transfer")),
        Option(pgettext("house option", "end checks"),
               True, gettext_noop(
            "true or false (true): at the wall's end, the not-ready give back kong money, flower "
            "pigs pay, the not-ready pay the ready"), accepts=lambda v: isinstance(v, bool)),
    )

    # The tile rules, for winning hands (`Variant.build`) and the deal's wall-end hands.
    check_tiles = staticmethod(check_tiles)
    void_problem = staticmethod(void_problem)

    def forms(self, rules) -> Forms:
        return FORMS

    def check_hand(self, hand, ctx, rules) -> None:
        problem = void_problem(hand.counts, ctx.void_suit)
        if problem:
            raise HandError("void_suit_present", problem)
        super().check_hand(hand, ctx, rules)

    def settle_total(self, raw_total, rules):
        """Fans above the cap do not count; `limit` always reports the cap."""
        return min(raw_total, rules["fan_cap"]), rules["fan_cap"]

    def points(self, total, rules) -> int:
        return 2 ** total if total else 1

    def capped_text(self, raw_total, total, rules):
        return gettext_noop("{raw_total} fan, capped at {total} by the house rules",
                            raw_total=raw_total, total=total)

    def points_text(self, total, points, rules):
        if not total:
            return gettext_noop("0 fan: 1 point")
        return gettext_noop("{total} fan: 2^{total} = {points} points", total=total,
                            points=points)


    def payments(self, points, ctx, rules):
        winner = ctx.seat_wind
        if ctx.self_drawn:
            return [(seat, winner, points + 1, gettext_noop(
                "self-drawn: {points} + 1 from each player still in",
                points=count_of(points, "point"))) for seat in ctx.opponents]
        return [(ctx.discarder, winner, points, gettext_noop(
            "discarder pays the {points}", points=count_of(points, "point")))]

    def settle_deal(self, request) -> dict:
        """A whole deal (contract §5): kongs, wins, the wall's end, as a ledger per event."""
        rules = self.check_rules(request.get("rules"))
        return deal_sichuan.settle(self, rules, request.get("events"))


VARIANT = Sichuan()
