"""American (National Mah Jongg League style), as decided in spec/rules-american.md.

American hands are not decomposed into chows and pungs: 14 tiles win when they match one line of
the table's card (`card.py` parses it and matches). The variant runs the one scoring pipeline
(`Variant.result`) with its own steps: it builds its own hand (`CardHand`: the contract counts an
American hand as exactly 14 tiles, flowers, jokers and every tile of a kong, quint or sextet
included), its readings are the lines the hand matches (`Win`), the best is the first ranked, and
its result adds the card, the match and the jokers. It keeps the notation, the error codes and
the result shape. What wins a 13-tile hand is american_analyse.

`rules.card` is "demo" (the project's own card, the default), "temporary" (the seed's card-free
table) or the card's text itself: any string holding a newline or a ':' is read as a card.

A false win (a declared win that is not one) is paid through the settle door (contract §5) as a
`false_win` event: `settle_deal` below.
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import tiles
from ..analyse import HAND_TILES, read_hand, win_contexts
from ..card import (
    FLOWER,
    HAND_SIZE,
    VECTOR,
    Card,
    Exposure,
    Filled,
    Held,
    Match,
    closest,
    fold,
    kind_code,
    kind_name,
    matches,
    parse_card,
    section_word,
    waits,
)
from ..context import HandFacts, WinContext, field_word, seat_of
from ..errors import DealError, HandError
from ..hand import count_copies
from ..messages import EVENT_WORDS, gettext_noop, joined, pgettext, seat_letter
from ..notation import EXPOSED, ParsedHand, check_red_fives, format_hand, parse
from ..variant import SEATS, Option, Payout, Variant, ledger, number_at_least, whole
from . import american_analyse

DEMO_CARD = Path(__file__).resolve().parent.parent / "cards" / "demo.card"
NAMED_CARDS = ("demo", "temporary")
MAX_SET = 6  # a sextet
SET_NAMES = {2: "pair", 3: "pung", 4: "kong", 5: "quint", 6: "sextet"}
FALSE_WIN_KEYS = frozenset({"type", "seat", "self_drawn", "discarder"})


@cache
def demo_card():
    return parse_card(DEMO_CARD.read_text(encoding="utf-8"))


def is_card_text(value) -> bool:
    return isinstance(value, str) and ("\n" in value or ":" in value)


# The hand ---------------------------------------------------------------------------------------

def american_copies(tile: int) -> int:
    """8 jokers, 8 flowers (all alike, counted together before this), 4 of every other tile."""
    return 8 if tile == tiles.JOKER or tiles.is_flower(tile) else 4


def _exposure(group) -> Exposure:
    naturals = {fold(t) for t in group.tiles if t != tiles.JOKER}
    if not 3 <= len(group.tiles) <= MAX_SET or len(naturals) != 1:
        what = (gettext_noop("holds only jokers") if not naturals and group.tiles else
                gettext_noop("is not 3 to 6 tiles of one kind (jokers allowed)"))
        raise HandError("bad_notation", gettext_noop(
            "The exposure {group} {what}: an American exposure is a pung, kong, quint or sextet, "
            "made with at least one real tile; pairs, singles and mixed groups stay concealed.",
            group=group.text(), what=what))
    return Exposure(naturals.pop(), group.tiles)


def refuse_f_alias(text: str) -> None:
    """The notation reads `F` as the green dragon (發, CONTRACT.md §1), but on an American card F
    is a flower: a player copying a line's FF would score two green dragons. So an American hand
    does not take F at all. The parser already accepted `text`, and the only upper-case F the
    notation has is that alias (the flower suit letter is a lower-case f), so finding the letter
    is finding the alias: no second reading of the hand."""
    where = text.find("F")
    if where >= 0:
        raise HandError("bad_notation", gettext_noop(
            "In “{shown}” (character {position} of the hand): an American hand does not take "
            "'F', the notation's "
            "green dragon, because the card's F is a flower: write the green dragon 6z, and a "
            "flower 1f to 8f (any flower does).", position=where + 1,
            shown=text[where:where + 6]))


def build_held(parsed: ParsedHand, size: int = HAND_SIZE) -> Held:
    """The notation checks, the copies (flowers together at most 8) and the tile count: 14 for a
    hand that wins, 13 for one to analyse (contract §6)."""
    check_red_fives(parsed, allowed=())  # no red fives in an American set: 0p is a plain 5p
    for group in parsed.groups:
        if group.bracket != EXPOSED:
            raise HandError("bad_notation", gettext_noop(
                "{group}: the American game has no concealed kongs; write concealed tiles without "
                "brackets, and exposures in [].", group=group.text()))
    exposures = tuple(_exposure(g) for g in parsed.groups)
    every = parsed.concealed + tuple(t for g in parsed.groups for t in g.tiles)
    flowers = sum(tiles.is_flower(t) for t in every)
    if flowers > 8:
        raise HandError("too_many_copies", gettext_noop(
            "The hand has {flowers} flowers, but the set has only 8 (all flowers are alike).",
            flowers=flowers))
    count_copies(parsed, american_copies)
    if len(every) != size:
        what = gettext_noop("an American hand has") if size == HAND_SIZE else gettext_noop(
            "a hand to analyse has")
        raise HandError("wrong_tile_count", gettext_noop(
            "Found {found} tiles; {what} exactly {size}, counting flowers, jokers and every tile "
            "of a kong, quint or sextet.", found=len(every), what=what, size=size))
    counts = [0] * VECTOR
    for tile in parsed.concealed:
        if tile != tiles.JOKER:
            counts[fold(tile)] += 1
    return Held(tuple(counts), parsed.concealed.count(tiles.JOKER), exposures,
                tuple(t for t in parsed.concealed if tiles.is_flower(t)))


# The temporary table ----------------------------------------------------------------------------

def temporary_groups(held: Held) -> list[tuple[int, int, int]] | None:
    """The concealed tiles as pairs, pungs, kongs, quints and sextets: [(kind, naturals, jokers)],
    jokers only in groups of three or more (a group may be all jokers), or None."""
    kinds = [k for k in range(VECTOR) if held.counts[k]]

    def groups_of(kind: int, left: int, jokers: int):
        """Split `left` naturals of `kind` into groups; yield (groups, jokers still free)."""
        if left == 0:
            yield [], jokers
            return
        for naturals in range(min(left, MAX_SET), 0, -1):
            for wild in range(0, min(jokers, MAX_SET - naturals) + 1):
                size = naturals + wild
                if size < 2 or (wild and size < 3):
                    continue
                for rest, free in groups_of(kind, left - naturals, jokers - wild):
                    yield [(kind, naturals, wild)] + rest, free

    def solve(index: int, jokers: int):
        if index == len(kinds):
            # Jokers left over make groups of their own (kind None): 3 to 6 each.
            if jokers == 0:
                return []
            if jokers < 3:
                return None
            sizes = [jokers] if jokers <= MAX_SET else [3, jokers - 3]
            return [(None, 0, size) for size in sizes]
        for groups, free in groups_of(kinds[index], held.counts[kinds[index]], jokers):
            rest = solve(index + 1, free)
            if rest is not None:
                return groups + rest
        return None

    return solve(0, held.jokers)


# The variant ------------------------------------------------------------------------------------

class American(Variant):
    id = "american"
    name = gettext_noop("American (NMJL style)")
    unit = "points"
    kinds = frozenset(range(tiles.KINDS))  # the 152-tile set: flowers and jokers included
    claimed_chows = False  # exposures are pungs to sextets of one kind, never sequences
    printed_ids = True  # the line ids the table's card prints
    jokers = True  # 8 jokers, in exposures of up to a sextet
    concealed_kongs = False  # concealed tiles are written loose (build_held)
    every_tile_counts = True  # 14 tiles, flowers and every tile of an exposure included
    refused_aliases = "F"  # the green dragon is 6z: F would read as a flower (refuse_f_alias)
    false_wins = True  # a declared win that was not one: the declarer pays (settle's false_win)
    card_lines = True
    context_fields = frozenset({"seat_wind", "self_drawn", "discarder", "joker_exchange",
                                "exchanger"})
    options = (
        Option(pgettext("house option", "card"),
               "demo", gettext_noop(
            "demo (the project's card), temporary (the card-free table), or the card's text, one "
            "hand per line"), accepts=lambda v: v in NAMED_CARDS or is_card_text(v)),
        Option(pgettext("house option", "jokerless bonus"),
               True, gettext_noop(
            "true or false: a hand without a joker is worth double on a line that could hold one "
            "(a line with a pung or bigger set, not singles and pairs)"),
            accepts=lambda v: isinstance(v, bool)),
        Option(pgettext("house option", "jackpot"),
               100, gettext_noop("temporary table: a concealed self-drawn hand, in "
                                 "all"), accepts=number_at_least(0)),
        Option(pgettext("house option", "base value"),
               25, gettext_noop("temporary table: any other winning hand"),
               accepts=number_at_least(0)),
        Option(pgettext("house option", "self drawn bonus"),
               20, gettext_noop("temporary table: added when the winning "
                                "tile was self-drawn"),
               accepts=number_at_least(0)),
    )

    def card(self, rules):
        chosen = rules["card"]
        return demo_card() if chosen == "demo" else parse_card(chosen)

    def check_held(self, held: Held, ctx: WinContext, rules) -> None:
        """The contract's impossible contexts (American has no kongs to replace or rob), and the
        exchanger, who pays only on the temporary table."""
        self.check_context(ctx, HandFacts(claimed_set=bool(held.exposures),
                                          jokers=held.all_jokers))
        if ctx.exchanger is not None and rules["card"] != "temporary":
            raise HandError("bad_context", gettext_noop(
                "This cannot happen ({field}): only the temporary table makes the exchanger pay; "
                "with a card, a win by the winner's own joker exchange is {other}.",
                field=field_word("exchanger"), other=field_word("joker_exchange")))

    @staticmethod
    def read(text) -> tuple[ParsedHand, Held]:
        """A 14-tile hand as written: parsed, its notation checked, its tiles counted."""
        if text is None:
            raise HandError("bad_notation", gettext_noop("The request has no hand."))
        parsed = parse(text)
        refuse_f_alias(text)
        return parsed, build_held(parsed)

    # The pipeline's steps (`Variant.result`) --------------------------------------------------

    def build(self, text, rules) -> "CardHand":
        return CardHand(*self.read(text))

    def check_hand(self, hand: "CardHand", ctx: WinContext, rules) -> None:
        self.check_held(hand.held, ctx, rules)

    def evaluations(self, hand: "CardHand", ctx: WinContext, rules, line=None) -> list["Win"]:
        """The lines of the card the hand matches, best first; with `line` (a line's id), that
        line alone, so a player can check the hand they meant (a miss names what it lacks). The
        temporary table has no lines: its one way to win."""
        if rules["card"] == "temporary":
            if line is not None:
                raise HandError("bad_request", gettext_noop(
                    "The temporary table has no card, so no line to check the hand against."),
                    ("line",))
            return [self.temporary_win(hand, ctx, rules)]
        card = self.card(rules)
        if line is not None:
            card = card.only(line)
        ranked, jokerless = self.ranked(hand.parsed, hand.held, card, rules,
                                        checked=line is not None)
        return [Win(m.line.value, self.line_points(m, jokerless, rules), m.filled, card, m)
                for m in ranked]

    def choose(self, found: list["Win"]) -> tuple["Win", list["Win"]]:
        """The lines come ranked (`ranked`): the first is the best."""
        return found[0], found[1:]

    def money(self, best: "Win", ctx: WinContext, rules) -> Payout:
        """The line's value (the table's total), paid as its points: no limit, no minimum."""
        total = whole(best.value)
        return Payout(total, total, None, 0, True, best.points,
                      self.payments(best.points, ctx, rules))

    def counted_rows(self, best: "Win") -> list[dict]:
        return [best.pattern or self.line_pattern(best)]

    def excluded_rows(self, best: "Win") -> list[dict]:
        return []

    def shape_of(self, hand: "CardHand", best: "Win") -> tuple[str, list[str], int | None]:
        return ("temporary" if best.card is None else "card", [f.text() for f in best.filled],
                winning_group(best.filled, hand.parsed.winning))

    def alternative_row(self, win: "Win", rules) -> dict:
        line = win.found.line
        return {"id": line.id, "total": line.value, "raw_total": line.value,
                "points": whole(win.points), "name": section_word(line.section),
                "line": line.text, "decomposition": [f.text() for f in win.filled],
                "patterns": [line.id]}

    def waits_of(self, hand: "CardHand", best: "Win") -> list[str]:
        if best.card is None:  # the temporary table: a win of groups, no line to wait on
            return []
        return self.waits(best.card, hand.held, hand.parsed)

    result_extras = ("jokers", "match", "card")
    # American results have always listed their keys in this order (the card's fields came
    # after the standard ones): kept, as the JSON shape is compared byte for byte.
    result_keys = ("variant", "hand", "total", "raw_total", "unit", "points", "explanation",
                   "jokers", "patterns", "excluded", "alternatives", "waits", "meets_minimum",
                   "minimum", "limit", "card", "context", "rules", "form", "decomposition",
                   "winning_group", "match", "payments", "payment_reasons")

    def extra_fields(self, hand: "CardHand", best: "Win", money, ctx, rules) -> dict:
        match = (self.match_dict(best.found) if best.found is not None else
                 {"line": None, "groups": [f.as_dict() for f in best.filled]})
        return {"jokers": hand.held.all_jokers, "card": self.card_summary(rules, best.card),
                "match": match}

    def context_summary(self, ctx: WinContext) -> dict:
        return {**super().context_summary(ctx), "joker_exchange": ctx.joker_exchange,
                "exchanger": ctx.exchanger}

    def ranked(self, parsed, held: Held, card, rules, checked=False) -> tuple[list[Match], bool]:
        """The lines the hand matches, best first (points, then value, then card order), and
        whether it holds no joker; none matched is NoLine naming the closest (`checked`: the
        player asked for that line alone)."""
        found = matches(card, held)
        if not found:
            raise NoLine(parsed, closest(card, held), checked=checked)
        jokerless = held.all_jokers == 0
        return sorted(found, key=lambda m: (-self.line_points(m, jokerless, rules), -m.line.value,
                                            m.line.index)), jokerless

    def summaries(self, text, contexts, rules) -> list[dict]:
        """What analyse repeats of each context's result, the card matched once: only the money
        depends on how the tile came, and no line's tiles need showing."""
        if rules["card"] == "temporary":
            return super().summaries(text, contexts, rules)
        parsed, held = self.read(text)
        for ctx in contexts:
            self.check_held(held, ctx, rules)
        ranked, jokerless = self.ranked(parsed, held, self.card(rules), rules)
        best = ranked[0].line
        points = self.line_points(ranked[0], jokerless, rules)
        return [{"total": whole(best.value), "points": whole(points), "meets_minimum": True,
                 "patterns": [best.id], "net": ledger(self.payments(points, ctx, rules))["net"]}
                for ctx in contexts]

    def analyse(self, text, raw_context, rules) -> dict:
        """What wins a 13-tile hand on the card (contract §6): the hand read as `score` reads
        it, 13 tiles, then matched against the card's lines (american_analyse)."""
        contexts = win_contexts(raw_context)
        parsed = read_hand(text)
        refuse_f_alias(text)
        held = build_held(parsed, size=HAND_TILES)
        for ctx in contexts:
            self.check_held(held, ctx, rules)
        return american_analyse.analyse(self, parsed, held, contexts, rules)

    # Points and payments ------------------------------------------------------------------------

    def line_points(self, found: Match, jokerless: bool, rules) -> int:
        """The line's value, doubled for a hand without jokers on a line that could have held
        one (a line with a pung, kong, quint or sextet, not flagged singles-and-pairs): a hand
        of singles and pairs is jokerless by force, not by skill."""
        line = found.line
        doubled = rules["jokerless_bonus"] and jokerless and line.takes_jokers and not line.sp
        return line.value * (2 if doubled else 1)

    def points_text(self, total, points, rules):
        if points != total:
            return gettext_noop("{total} points, doubled for a hand without jokers: {points}",
                                total=whole(total), points=whole(points))
        return None

    def copies(self, kind: int) -> int:
        return american_copies(kind)

    def payments(self, points, ctx: WinContext, rules) -> list[tuple[str, str, float, str]]:
        """The League's rules: on a discard the discarder pays 2 x points and the others points;
        self-drawn or won by a joker exchange, each of the three pays 2 x points. The temporary
        table pays its own way (`temporary_payments`)."""
        if rules["card"] == "temporary":
            return self.temporary_payments(points, ctx)
        winner = ctx.seat_wind
        if ctx.self_drawn or ctx.joker_exchange:
            how = gettext_noop("self-drawn") if ctx.self_drawn else gettext_noop(
                "won by a joker exchange, paid as self-drawn")
            return [(seat, winner, 2 * points, gettext_noop("{how}: 2 x points", how=how))
                    for seat in ctx.others]
        return [(seat, winner, 2 * points, gettext_noop("discarder: 2 x points"))
                if seat == ctx.discarder else (seat, winner, points, pgettext("payment", "points"))
                for seat in ctx.others]

    def temporary_payments(self, points, ctx: WinContext) -> list[tuple[str, str, float, str]]:
        """The temporary table: the player whose joker exchange gave the winner the tile
        (`exchanger`) pays for all three; self-drawn, or won by the winner's own joker exchange,
        everyone pays double; on a discard the discarder alone pays."""
        winner = ctx.seat_wind
        if ctx.exchanger is not None:
            return [(ctx.exchanger, winner, 3 * points, gettext_noop(
                "gave the tile by a joker exchange: pays for all three"))]
        if ctx.self_drawn or ctx.joker_exchange:
            how = gettext_noop("self-drawn") if ctx.self_drawn else gettext_noop(
                "won by a joker exchange, paid as self-drawn")
            return [(seat, winner, 2 * points, gettext_noop("{how}: everyone pays double",
                                                            how=how))
                    for seat in ctx.others]
        return [(ctx.discarder, winner, points, gettext_noop("the discarder alone pays"))]

    # A false win (rules-american.md "A false win") -----------------------------------------------

    def settle_deal(self, request) -> dict:
        """The settle door (contract §5) for American: `false_win` events, each an entry of the
        ledger. A win is scored and paid by `score`; nothing else moves money during a deal."""
        rules = self.check_rules(request.get("rules"))
        events = request.get("events")
        if not isinstance(events, list):
            raise HandError("bad_request", gettext_noop(
                "The deal needs 'events': a list of false_win events, like {example}.",
                example='{"type": "false_win", "seat": "S", "self_drawn": false, '
                        '"discarder": "E"}'))
        value, which = self.highest_value(rules)
        entries, transfers = [], []
        for index, event in enumerate(events):
            what, paid = false_win(index, event, value, which)
            entries.append({"event": index, "what": what,
                            "transfers": ledger(paid)["transfers"]})
            transfers += paid
        return {"ok": True, "net": ledger(transfers)["net"], "ledger": entries}

    def highest_value(self, rules) -> tuple[int | float, str]:
        """What a false win pays, and its name: "the value of the card's highest line".

        A card (the demo card or a pasted one): its highest printed value, without the jokerless
        double (a false win has no real hand to be jokerless), the first such line named. The
        temporary table has no lines: the most a winning hand can be worth there, the jackpot with
        the default options; a house that sets the jackpot below a plain self-drawn hand
        (base_value + self_drawn_bonus) pays that instead, so the false win is never cheaper than
        the most a real win could be worth."""
        if rules["card"] == "temporary":
            jackpot, drawn = rules["jackpot"], rules["base_value"] + rules["self_drawn_bonus"]
            if jackpot >= drawn:
                return whole(jackpot), gettext_noop("the temporary table's jackpot")
            return whole(drawn), gettext_noop("a self-drawn hand on the temporary table")
        lines = self.card(rules).lines
        top = max(lines, key=lambda line: line.value)  # max keeps the first of equals
        return top.value, gettext_noop("the card's highest line ({id})", id=top.id)

    # The temporary table ------------------------------------------------------------------------

    def temporary_win(self, hand: "CardHand", ctx: WinContext, rules) -> "Win":
        """The temporary table's one way to win: pairs, pungs, kongs, quints and sextets."""
        held = hand.held
        groups = temporary_groups(held)
        if groups is None:
            raise HandError("not_a_winning_hand", gettext_noop(
                "These tiles do not form pairs, pungs, kongs, quints and sextets only "
                "(jokers only in groups of three or more), as the temporary table asks."))
        if ctx.self_drawn and not held.exposures:
            total, what = rules["jackpot"], ("jackpot", gettext_noop("Jackpot"), gettext_noop(
                "A concealed hand won by self-draw, in all."))
        else:
            bonus = rules["self_drawn_bonus"] if ctx.self_drawn else 0
            total = rules["base_value"] + bonus
            what = ("base", gettext_noop("Winning hand"), gettext_noop(
                "Pairs, pungs, kongs, quints and sextets, plus {bonus} for the self-drawn winning "
                "tile.", bonus=whole(bonus)) if bonus else gettext_noop(
                "Pairs, pungs, kongs, quints and sextets."))
        flowers = list(held.flowers)
        filled = [Filled(SET_NAMES[n + j],
                         tuple(flowers.pop(0) if kind == FLOWER else kind for _ in range(n))
                         + (tiles.JOKER,) * j, False, kind if j else None)
                  for kind, n, j in groups]
        filled += [Filled(SET_NAMES[e.size], e.tiles, True, e.kind if e.jokers else None)
                   for e in held.exposures]
        return Win(total, total, tuple(filled), pattern={
            "id": what[0], "name": what[1], "english": what[2], "chinese": "",
            "value": whole(total), "count": 1, "section": gettext_noop("Temporary table")})

    # The result's parts -------------------------------------------------------------------------

    @staticmethod
    def card_summary(rules, card) -> dict:
        name = rules["card"] if rules["card"] in NAMED_CARDS else "table"
        return {"name": name, "lines": len(card.lines) if card else 0}

    @staticmethod
    def line_pattern(win: "Win") -> dict:
        line = win.found.line
        return {"id": line.id, "name": section_word(line.section) or line.id,
                "english": line.text,
                "chinese": "", "value": line.value, "count": 1, "section": line.section,
                "line": line.text, "concealed": line.concealed, "sp": line.sp,
                "jokerless_bonus": win.points != line.value}

    @staticmethod
    def match_dict(found: Match) -> dict:
        form = found.form
        return {"line": found.line.id, "header": found.line.header, "as": form.text(),
                "suits": dict(form.binding), "shift": form.shift,
                "groups": [f.as_dict() for f in found.filled]}

    @staticmethod
    def waits(card, held: Held, parsed: ParsedHand) -> list[str]:
        if parsed.winning is None:
            return []
        return [kind_code(k) for k in waits(card, held.without(parsed.winning))]

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "unit": self.unit,
                "claimed_chows": self.claimed_chows,
                "patterns": [line.describe() for line in demo_card().lines],
                "options": [o.describe() for o in self.options]}


def false_win(index: int, event, value, which: str) -> tuple[str, list[tuple[str, str, float]]]:
    """One false_win event: what happened, in words, and who pays whom.

    The player who declared it pays: on a claimed discard, the discarder `value` and each other
    player half of it; on a self-drawn tile, every other player `value`. `discarder` is read as
    a win's is (contract §2): by default the declarer's upper house, ignored when self-drawn."""
    def fail(message: str) -> DealError:
        return DealError("bad_event", gettext_noop("Event {index}{label}: {message}", index=index,
                                                   label=label, message=message), index)

    def seat(raw, what: str) -> str:
        found = seat_of(raw)
        if found is None:
            raise fail(gettext_noop("{field} must be a seat: E, S, W or N (got {got}).",
                                    field=what, got=shown(raw)))
        return found

    label = ""
    if not isinstance(event, dict):
        raise fail(gettext_noop("an event must be an object with a 'type'."))
    kind = event.get("type")
    if isinstance(kind, str) and isinstance(event.get("seat"), str):  # as a Sichuan deal's
        label = gettext_noop(" ({kind} by {seat})", kind=EVENT_WORDS.get(kind, kind[:20]),
                             seat=seat_letter(event["seat"][:10]))
    if kind != "false_win":
        raise fail(gettext_noop("unknown event type {kind}; American settles false_win events (a "
                                "win is scored, and paid, with its hand).", kind=shown(kind)))
    unknown = sorted(set(event) - FALSE_WIN_KEYS, key=str)
    if unknown:
        raise fail(gettext_noop("a false_win event has no field {field}; its fields are "
                                "{fields}.", field=shown(unknown[0]),
                                fields=", ".join(sorted(FALSE_WIN_KEYS))))
    declarer = seat(event.get("seat"), "seat")
    self_drawn = event.get("self_drawn")
    if self_drawn is None:
        self_drawn = False
    if not isinstance(self_drawn, bool):
        raise fail(gettext_noop("self_drawn must be true or false (got {got}).",
                                got=shown(self_drawn)))
    others = [s for s in SEATS if s != declarer]
    amount = whole(value)
    if self_drawn:
        paid = [(declarer, other, value) for other in others]
        return (gettext_noop("{declarer} declared a false win on a self-drawn tile: {others} and "
                             "{last} are paid {amount} each, {which}",
                             declarer=seat_letter(declarer),
                             others=[seat_letter(s) for s in others[:-1]],
                             last=seat_letter(others[-1]), amount=amount, which=which), paid)
    raw = event.get("discarder")
    discarder = (SEATS[(SEATS.index(declarer) - 1) % 4] if raw is None
                 else seat(raw, "discarder"))
    if discarder == declarer:
        raise fail(gettext_noop("the discarder cannot be the player who declared the win; for a "
                                "self-drawn tile set self_drawn."))
    half = value / 2 if value % 2 else value // 2
    paid = [(declarer, other, value if other == discarder else half) for other in others]
    return (gettext_noop("{declarer} declared a false win on {discarder}'s discard: {discarder} "
                         "is paid {amount}, {which}, the others {half} each",
                         declarer=seat_letter(declarer), discarder=seat_letter(discarder),
                         amount=amount, which=which, half=whole(half)), paid)


def shown(value) -> str:
    """A value for a message, short, whatever a request put there (a deep list has no repr)."""
    if value is None or isinstance(value, (str, bool, int, float)):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    return gettext_noop("a list") if isinstance(value, list) else gettext_noop("an object")


def winning_group(filled, winning) -> int | None:
    """The first concealed group holding the winning tile."""
    if winning is None:
        return None
    return next((i for i, f in enumerate(filled) if not f.exposed and winning in f.tiles), None)


@dataclass(frozen=True, slots=True)
class CardHand:
    """An American hand as read: its notation (`parsed`) and its tiles as the card counts them
    (`held`)."""

    parsed: ParsedHand
    held: Held

    def text(self) -> str:
        return format_hand(self.parsed)


@dataclass(frozen=True, slots=True)
class Win:
    """One way the 14 tiles win, as the pipeline weighs it: a line of `card` (`found`, the
    match), or the temporary table's groups (`card` None, its one `pattern`). `value` is the
    line's value (the temporary table's total), `points` what one player owes: the value,
    doubled for a hand without jokers where the line could hold one (`line_points`)."""

    value: int | float
    points: int | float
    filled: tuple[Filled, ...]
    card: Card | None = None
    found: Match | None = None
    pattern: dict | None = None


class NoLine(HandError):
    """`not_a_winning_hand` naming the closest line, what it lacks and what has no place in it."""

    def __init__(self, parsed: ParsedHand, near, checked: bool = False):
        line = near.form.line
        parts = []
        if near.missing:
            parts.append(gettext_noop("it lacks {tiles}",
                                      tiles=[kind_name(k) for k in near.missing]))
        if near.extra:
            parts.append(gettext_noop("these tiles have no place in it: {tiles}",
                                      tiles=[kind_name(k) for k in near.extra]))
        parts += list(near.problems)
        where = gettext_noop(" ({section})", section=section_word(line.section)) \
            if line.section else ""
        names = {"id": line.id, "where": where, "line": line.text, "form": near.form.said()}
        missed = (gettext_noop("do not match {id}{where} {line}, as {form}", **names)
                  if checked else gettext_noop("match no line of the card. Closest: "
                                               "{id}{where} {line}, as {form}", **names))
        super().__init__("not_a_winning_hand", gettext_noop(
            "These 14 tiles {missed}: {parts}.", missed=missed, parts=joined(parts, "; ")))
        self.near = near

    def as_result(self) -> dict:
        result = super().as_result()
        result["error"]["closest"] = self.near.as_dict()
        return result


VARIANT = American()

