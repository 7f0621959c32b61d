"""What every variant shares: house options, the scoring pipeline, the ledger.

A variant module defines a subclass with its pattern table, tile set, options and money rules.
The pipeline (`Variant.result`) is the same for every variant: read the hand, refuse what cannot
be, evaluate every reading, keep the best by an explicit max, pay it, and fill one `Result`. Each
step is a hook declared here with the standard variant's default (sets and the eyes, a pattern
table, a total paid by `payout`); a variant overrides only the steps where its rules differ
(Riichi's han and fu, MCR's choice of the reading, the American card). The optional behaviours
(analyse and its notes, red fives, a variant's own tile checks, settling a whole deal) are
declared here too, each with its default, so nothing probes a variant for what it has.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import MappingProxyType

from . import tiles
from .analyse import analyse as analyse_standard
from .context import HandFacts, WinContext, check_possible
from .decompose import Forms, decompositions, winning_placements
from .errors import HandError
from .hand import Hand, build_hand, standard_copies
from .messages import Message, english, gettext_noop, tile_word, unit_word
from .notation import ParsedHand, parse
from .patterns import Evaluation, PatternTable, Reading
from .result import Result, keys_with, serialiser

SEATS = tiles.WINDS

# How the deal moves at a table, after each hand: it passes to the next seat whatever happened;
# it stays with a dealer who wins (and passes otherwise); it goes to the first winner of the deal
# (and stays with its dealer when nobody wins).
EVERY_HAND = "every_hand"
KEEP_ON_DEALER_WIN = "keep_on_dealer_win"
FIRST_WINNER = "first_winner"


@dataclass(frozen=True, slots=True)
class Rotation:
    """How a table plays the variant, for the tables (scoring/tables/game.py moves the deal).

    `deal`: one of the three rules above; `swap_after`: every so many rounds the players swap
    seats (East with South, West with North) and the last winner deals; `game_rounds`: the rounds
    of a full game (None: open-ended); `players`: how many a table may seat (a fifth sits out as
    the dreamer); `dealer_may_keep`: a table may agree that a dealer who wins keeps the deal;
    `game_over`: what the board says once a full game is played; `seat_changes`: after round
    k the players move, chair i taking the player of chair `seat_changes[k % n][i]` (MCR's
    changes of place), and the first chair deals; `honba`: the table counts Riichi's honba (one
    more after a dealer's win or a drawn hand, none after another player's win)."""

    deal: str = EVERY_HAND
    swap_after: int | None = None
    game_rounds: int | None = None
    players: tuple[int, ...] = (3, 4, 5)
    dealer_may_keep: bool = False
    game_over: str = gettext_noop("A full game is played. Settle up, or play on.")
    seat_changes: tuple[tuple[int, ...], ...] = ()
    honba: bool = False


@dataclass(slots=True)
class Payout:
    """A total made into money (`Variant.payout`): the total before and after the limit or cap,
    the limit to report, the minimum and whether the total meets it, the points one player owes,
    and each payment (payer, payee, amount, reason); none under the minimum. A value, never
    changed once made (not frozen: a frozen dataclass is built through object.__setattr__, a
    cost every scored hand paid)."""

    raw_total: int | float
    total: int
    limit: int | None
    minimum: int
    meets: bool
    points: int | float
    payments: list


@dataclass(frozen=True, slots=True)
class Option:
    """A house option, declared once on its variant: its word, `pgettext("house option", "fan
    cap")` (marked for the catalogs: messages and the page's box say it; the request's name is
    the word's English with '_' for its spaces, `fan_cap`), its default, and
    the values it accepts (`choices`, or `accepts`), which `help` says in words. The API's
    catalog, the page's form and the command line's --rule read it from here."""

    word: Message
    default: object
    help: str
    choices: tuple = ()
    accepts: Callable[[object], bool] | None = None
    name: str = field(init=False)  # the word's English, snake_case: what a request writes

    def __post_init__(self):
        object.__setattr__(self, "name", english(self.word).replace(" ", "_"))

    def check(self, value):
        ok = value in self.choices if self.choices else self.accepts(value)
        if isinstance(value, bool) and not isinstance(self.default, bool):
            ok = False
        if not ok:
            allowed = ", ".join(map(repr, self.choices)) if self.choices else self.help
            raise HandError("bad_context", gettext_noop(
                "House option '{option}' cannot be {value}; allowed: {allowed}.",
                option=self.word, value=repr(value), allowed=allowed),
                (f"rules.{self.name}",))
        return value

    def describe(self) -> dict:
        return {"name": self.name, "default": self.default, "help": self.help,
                "choices": list(self.choices) or None}


# The largest number a house option takes: money worked out from it (a Hong Kong stake times 384
# times 2, from three players) stays exact in a float and in a phone's JavaScript, never Infinity.
MAX_OPTION = 10**9


def number_at_least(low: float) -> Callable[[object], bool]:
    """A number (not a bool) from `low` to MAX_OPTION: not NaN or infinite (JSON has no infinity
    to echo back), not an integer past float range (money is worked out in floats)."""
    return lambda v: (isinstance(v, (int, float)) and not isinstance(v, bool) and _finite(v)
                      and low <= v <= MAX_OPTION)


def whole_number(low: int, high: int) -> Callable[[object], bool]:
    """A whole number (not a bool, though True == 1) from `low` to `high`."""
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


# JSON's scalar values: an option set of these alone is kept once checked (`check_rules`), at most
# KEPT_RULES of them per variant.
SCALARS = frozenset({str, int, float, bool, type(None)})
KEPT_RULES = 256


def _finite(number: int | float) -> bool:
    try:
        return math.isfinite(number)
    except OverflowError:  # an integer too large for a float
        return False


def whole(amount: float) -> int | float:
    """Money as an int when it is whole, so JSON shows 5 rather than 5.0."""
    if amount.__class__ is int:  # the usual case
        return amount
    return int(amount) if float(amount).is_integer() else amount


def ledger(transfers: list[tuple]) -> dict:
    """The contract's payments shape; `net` always sums to zero because each transfer is a pair.
    A transfer is (payer, payee, amount) or (payer, payee, amount, reason); the reasons go beside
    the payments (`reasons_of`), so that each transfer keeps the contract's three fields."""
    net = dict.fromkeys(SEATS, 0)
    rows = []
    fractions = False  # whether any amount is a float (the nets then need `whole`)
    for payer, payee, amount, *_ in transfers:
        if amount <= 0:
            continue
        if amount.__class__ is not int:
            fractions = True
        rows.append({"from": payer, "to": payee, "amount": whole(amount)})
        net[payer] -= amount
        net[payee] += amount
    if fractions:
        net = {seat: whole(v) for seat, v in net.items()}
    return {"transfers": rows, "net": net}


def reasons_of(transfers: list[tuple]) -> list[str]:
    """Why each transfer of `ledger(transfers)` is paid, in the same order, in words."""
    return [why[0] if why else "" for _, _, amount, *why in transfers if amount > 0]


@cache  # at most 5 x 2 x 4 x 4 x 34 values, each made once: its tile's name is a Message
def hand_facts(kongs: int, claimed_set: bool, winning_copies: int, concealed_copies: int,
               winning: int) -> HandFacts:
    """What the table of impossible contexts reads of a hand (`check_hand`)."""
    return HandFacts(kongs=kongs, claimed_set=claimed_set, winning_copies=winning_copies,
                     concealed_copies=concealed_copies, winning=tile_word(winning))


def best_of(evaluations, key):
    """The best evaluation by `key`; a tie goes to the decomposition whose text sorts first, so
    the choice never depends on enumeration order."""
    if len(evaluations) == 1:  # the usual hand: one reading, nothing to compare
        return evaluations[0]
    keys = [key(e) for e in evaluations]
    top = max(keys)
    tied = [e for e, k in zip(evaluations, keys, strict=True) if k == top]
    return tied[0] if len(tied) == 1 else min(tied, key=lambda e: e.decomposition)


class Variant:
    """A variant: its facts, and the one scoring pipeline (`result`) with its hooks, whose
    defaults are those of the variants whose hands are sets and the eyes."""

    id = ""
    name = ""
    unit = "fan"
    table: PatternTable
    options: tuple[Option, ...] = ()
    kinds: frozenset[int] = frozenset(range(tiles.FLOWER_BASE))
    claimed_chows = True  # a chow may be claimed from a discard (shown as a revealed chow)
    pays_during_deal = False  # True: money moves during the deal too, see `settle_deal` (§5)
    # Whether players know the patterns by their ids (Shanghai's printed 1A..100K): pages show
    # ids only then, names always.
    printed_ids = False
    card_lines = False  # True: hands match the lines of a card, and a request may name one
    # The context fields the variant's rules document names; any other is refused (contract §2).
    context_fields: frozenset[str] = frozenset()
    # The page's tile keyboard (each variant sets only what differs from the standard set).
    jokers = False  # jokers are tiles of the hand: a joker count per set, quints and sextets
    concealed_kongs = True  # a concealed kong is written as a group of its own
    every_tile_counts = False  # toward 14 tiles every tile counts: flowers, a kong's fourth tile
    refused_aliases = ""  # the notation's letter aliases this variant refuses to read
    # The tables: how the deal moves and how long a game is; whether a false win is paid.
    rotation = Rotation()
    false_wins = False  # True: a declared win that was not one is paid (a false_win event, §5)
    # Riichi's table money (docs/rules-riichi.md, "At a table"); 0: the variant has none.
    riichi_stick = 0  # what a riichi declared puts in the pot, which the next winner takes
    noten_payment = 0  # what the players not ready at a drawn hand pay the ready ones, in all
    quick_entry_fu: tuple[int, ...] = ()  # a table's win entered by hand: its han and these fu
    # The optional fields of `Result` this variant fills (`extra_fields`).
    result_extras: tuple[str, ...] = ()

    @cached_property
    def result_keys(self) -> tuple[str, ...]:
        """The result's keys, in order: the standard ones and this variant's extras."""
        return keys_with(self.result_extras)

    @cached_property
    def serialise(self) -> Callable[[Result], dict]:
        """`Result.as_dict` for this variant's keys, looked up once."""
        return serialiser(self.result_keys)

    def check_rules(self, raw) -> MappingProxyType:
        """Each house option checked on its own, then together: a minimum above the limit, in
        a variant that has both, is refused (no hand could win)."""
        if not raw and (raw is None or isinstance(raw, dict)):
            return self.default_rules
        if not isinstance(raw, dict):
            raise HandError("bad_context", gettext_noop(
                "rules must be an object of house options."))
        # The same few option sets come again and again (a table's, a page's): each is checked
        # once, kept by its names, values and their types (True is not 1 here), JSON's scalars
        # only. What is refused raises, and is never kept.
        key = tuple([(name, value.__class__, value) for name, value in raw.items()])
        keep = all(kind in SCALARS for _, kind, _ in key)
        kept = self.checked_rules.get(key) if keep else None
        if kept is None:
            kept = self._checked(raw)
            if keep and len(self.checked_rules) < KEPT_RULES:
                self.checked_rules[key] = kept
        return kept

    @cached_property
    def checked_rules(self) -> dict[tuple, MappingProxyType]:
        """The option sets checked (`check_rules`), this variant's own."""
        return {}

    def _checked(self, raw: dict) -> MappingProxyType:
        known = self.options_by_name
        for name in raw:
            if name not in known:
                listed = ", ".join(known) or "none"
                raise HandError("unknown_rule", gettext_noop(
                    "{variant} has no house option {option}; its options are: {listed}.",
                    variant=self.name, option=repr(name), listed=listed))
        # The defaults, then the options given, each checked in the declared order (the first
        # at fault is named); a request names a few of a variant's options, so only those.
        rules = self.default_rules.copy()
        for name in sorted(raw, key=list(known).index):
            rules[name] = known[name].check(raw[name])
        rules = MappingProxyType(rules)
        if "minimum_fan" in rules and "limit" in rules and rules["minimum_fan"] > rules["limit"]:
            raise HandError("bad_context", gettext_noop(
                "House option '{option}' ({minimum}) cannot be above the limit ({limit}): no hand "
                "could win.", option=known["minimum_fan"].word, minimum=rules["minimum_fan"],
                limit=rules["limit"]),
                            ("rules.minimum_fan", "rules.limit"))
        return rules

    @cached_property
    def options_by_name(self) -> dict[str, Option]:
        """The house options by the name a request writes, in the declared order."""
        return {option.name: option for option in self.options}

    @cached_property
    def default_rules(self) -> MappingProxyType:
        """Every house option at its default (read-only, so one value serves every request)."""
        return MappingProxyType({option.name: option.default for option in self.options})

    def forms(self, rules) -> Forms:
        raise NotImplementedError

    # The scoring pipeline ---------------------------------------------------------------------

    def score(self, text, ctx: WinContext, rules, line=None) -> dict:
        """The contract's result (§3) of one hand: `result`, serialised."""
        return self.serialise(self.result(text, ctx, rules, line))

    def result(self, text, ctx: WinContext, rules, line=None) -> Result:
        """The one pipeline: read the hand (`build`), refuse what cannot be (`check_hand`),
        evaluate every reading (`evaluations`), keep the best (`choose`), pay it (`money`), and
        fill the result from the best (the hooks below). `line`: American's, a line of the card
        to check the hand against (the other variants never receive one)."""
        hand = self.build(text, rules)
        self.check_hand(hand, ctx, rules)
        best, others = self.choose(self.evaluations(hand, ctx, rules, line))
        money = self.money(best, ctx, rules)
        form, decomposition, winning_group = self.shape_of(hand, best)
        paid = money.payments
        result = Result(
            variant=self.id, hand=hand.text(), total=money.total, raw_total=money.raw_total,
            unit=self.unit, points=whole(money.points),
            explanation=self.explanation(best, money, ctx, rules),
            patterns=self.counted_rows(best), excluded=self.excluded_rows(best), form=form,
            decomposition=decomposition, winning_group=winning_group,
            alternatives=[self.alternative_row(e, rules) for e in others],
            waits=self.waits_of(hand, best), meets_minimum=money.meets, minimum=money.minimum,
            limit=money.limit, payments=ledger(paid), payment_reasons=reasons_of(paid),
            context=self.context_summary(ctx),
            rules=rules.copy())  # the view's dict, copied (dict(view) reads it key by key)
        if self.result_extras:  # the variant's own fields, set by name (a call with **extras
            # would cost every hand a dict of all the keywords, where most variants have none)
            for name, value in self.extra_fields(hand, best, money, ctx, rules).items():
                setattr(result, name, value)
        return result

    def build(self, text, rules) -> Hand:
        """The hand as written: parsed, the variant's own tile rules checked, its tiles counted."""
        if text is None:
            raise HandError("bad_notation", gettext_noop("The request has no hand."))
        parsed = parse(text)
        self.check_tiles(parsed)
        return build_hand(parsed, self.kinds, red_fives=self.red_fives(rules))

    def check_hand(self, hand: Hand, ctx: WinContext, rules) -> None:
        """Refuse a context the hand contradicts or no table could see (contract §2)."""
        self.check_context(ctx, hand_facts(hand.kongs, hand.has_revealed_set,
                                           hand.counts[hand.winning],
                                           hand.concealed[hand.winning], hand.winning))

    def check_context(self, ctx: WinContext, facts: HandFacts | None) -> None:
        """The contract's table of impossible contexts, over the fields this variant reads."""
        check_possible(ctx, self.context_fields, facts, self.name, self.id)

    def readings(self, hand: Hand, ctx: WinContext, rules) -> list[list[Reading]]:
        """For each decomposition, its readings (one per group the winning tile may complete)."""
        forms = self.forms(rules)
        found = decompositions(hand, forms)
        if not found:
            raise HandError("not_a_winning_hand", self.not_winning_message(hand, forms))
        waits = forms.waits(hand)
        return [[Reading(hand, ctx, form, placed, index, waits, rules)
                 for index, placed in winning_placements(groups, hand.winning, ctx.self_drawn)]
                for form, groups in found]

    def not_winning_message(self, hand: Hand, forms: Forms) -> str:
        others = [name for name, allowed in ((gettext_noop("seven pairs"), forms.seven_pairs),
                                             (gettext_noop("13 terminals"),
                                              forms.thirteen_orphans)) if allowed]
        if len(others) == 2:
            return gettext_noop("These tiles do not form four sets and the eyes, nor "
                                "{special} or {other}.", special=others[0],
                                other=others[1])
        if others:
            return gettext_noop("These tiles do not form four sets and the eyes, nor "
                                "{special}.", special=others[0])
        return gettext_noop("These tiles do not form four sets and the eyes.")

    def evaluations(self, hand: Hand, ctx: WinContext, rules, line=None) -> list:
        """The readings to weigh, evaluated: each decomposition at its best placement of the
        winning tile."""
        evaluate, rank = self.table.evaluate, self.rank
        return [best_of(list(map(evaluate, placements)), rank)
                for placements in self.readings(hand, ctx, rules)]

    def rank(self, evaluation: Evaluation):
        """What the best reading maximises; the default is the sum of its patterns."""
        return evaluation.total

    def choose(self, found: list) -> tuple:
        """The best reading by `rank` (`best_of`'s tie-break), and the others, best first."""
        if len(found) == 1:  # the usual hand: one reading, nothing to compare
            return found[0], []
        best = best_of(found, self.rank)
        return best, self.others_by_rank(found, best)

    def others_by_rank(self, found: list, best) -> list:
        """The readings other than `best`, by `rank`, best first; equal ones by their text."""
        others = [e for e in found if e is not best]
        if len(others) > 1:
            others.sort(key=lambda e: e.decomposition)
            others.sort(key=self.rank, reverse=True)  # stable: ties keep the order by text
        return others

    def money(self, best, ctx: WinContext, rules) -> Payout:
        """What the best reading is paid: its total made into money."""
        return self.payout(best.total, ctx, rules)

    def counted_rows(self, best) -> list[dict]:
        """The result's patterns: those the best reading counts."""
        return [c.as_dict() for c in best.counted]

    def excluded_rows(self, best) -> list[dict]:
        """The result's excluded: the patterns that hold but are not counted, and why."""
        return [e.as_dict() for e in best.excluded]

    def shape_of(self, hand: Hand, best) -> tuple[str, list[str], int | None]:
        """The best reading's form, its groups, and the index of the group the winning tile
        completed."""
        reading = best.reading
        return reading.form, best.decomposition, reading.winning_index

    def alternative_row(self, evaluation, rules) -> dict:
        """One other reading, as the result's alternatives list it."""
        return {"total": self.settle_total(evaluation.total, rules)[0],
                "raw_total": evaluation.total, "decomposition": evaluation.decomposition,
                "patterns": [c.pattern.id for c in evaluation.counted],
                "names": [c.pattern.name for c in evaluation.counted]}

    def waits_of(self, hand: Hand, best) -> list[str]:
        """The tiles that would have completed the hand before its winning tile."""
        return [tiles.CODES[t] for t in best.reading.waits]

    def extra_fields(self, hand, best, money: Payout, ctx: WinContext, rules) -> dict:
        """The variant's own fields of the result (`result_extras` names them); none here."""
        return {}

    def settle_total(self, raw_total: int, rules) -> tuple[int, int | None]:
        """(total after the limit, the limit to report)."""
        return raw_total, None

    def minimum(self, rules) -> int:
        return 0

    def points(self, total: int, rules) -> int | float:
        return total

    def payments(self, points, ctx: WinContext, rules) -> list[tuple[str, str, float, str]]:
        """(payer, payee, amount, reason) for each payment of a win worth `points`."""
        raise NotImplementedError

    def payout(self, raw_total: int, ctx: WinContext, rules) -> Payout:
        """A total made into money, the one way: the limit or cap, the minimum, the points, the
        payments. A scored hand's result and a total entered at a table both come here."""
        total, limit = self.settle_total(raw_total, rules)
        minimum = self.minimum(rules)
        meets = total >= minimum
        points = self.points(total, rules)
        return Payout(raw_total, total, limit, minimum, meets, points,
                      self.payments(points, ctx, rules) if meets else [])

    def copies(self, kind: int) -> int:
        """How many of a tile kind the set holds (contract §1): the keyboard disables a key once
        they are all in the hand."""
        return standard_copies(kind)

    # Every number explained ---------------------------------------------------------------------

    def context_summary(self, ctx: WinContext) -> dict:
        """What a result repeats of how the hand was won: the fields this variant reads."""
        summary = ctx.summary()
        if summary.keys() <= self.context_fields:  # the usual variant reads them all
            return summary
        return {k: v for k, v in summary.items() if k in self.context_fields}

    def capped_text(self, raw_total, total, rules) -> str:
        """Why the total is not the sum of the patterns (the limit or cap took it down)."""
        return gettext_noop("{raw_total} {unit}, capped at {total}", raw_total=raw_total,
                            unit=unit_word(self.unit), total=total)

    def points_text(self, total, points, rules) -> str | None:
        """How the total became the points one player owes, where they differ."""
        return None

    def explanation(self, best, money: Payout, ctx: WinContext, rules) -> list[dict]:
        """The steps from the patterns' sum to the money, each {"code", its numbers, "text"}."""
        notes = []
        raw_total, total, points = money.raw_total, money.total, money.points
        if total != raw_total:
            notes.append({"code": "capped", "raw_total": raw_total, "total": total,
                          "text": self.capped_text(raw_total, total, rules)})
        said = self.points_text(total, points, rules)
        if said:
            notes.append({"code": "points", "total": total, "points": whole(points),
                          "text": said})
        if not money.meets:
            minimum = money.minimum
            notes.append({"code": "under_minimum", "total": total, "minimum": minimum,
                          "text": gettext_noop(
                              "{total} {unit} is under the minimum of {minimum}: nobody pays",
                              total=total, unit=unit_word(self.unit), minimum=minimum)})
        return notes

    # Optional behaviours, each with its default ---------------------------------------------

    def red_fives(self, rules) -> tuple[int, ...]:
        """The red fives of the set, each a five's kind (Riichi, by its house option): none."""
        return ()

    def check_tiles(self, parsed: ParsedHand) -> None:
        """The variant's own rules of the tiles, beyond its tile set (Sichuan: no claimed chow),
        for a winning hand and a hand shown during a deal; none here."""

    def analyse(self, text, raw_context, rules) -> dict:
        """What wins a 13-tile hand, and for how much (contract §6); raises HandError."""
        return analyse_standard(self, text, raw_context, rules)

    def summaries(self, text, contexts, rules) -> list[dict]:
        """What analyse repeats of the hand's result in each context (contract §6): its total,
        points, minimum met, pattern ids and net."""
        return [self.result(text, ctx, rules).summary() for ctx in contexts]

    def analysis_note(self, answer: dict) -> dict:
        """The fields analyse adds for a ready hand (Riichi: furiten); none here."""
        return {}

    def entry_fans(self) -> tuple:
        """The patterns a player may tick to enter a hand by its fans (`fans_entered`), in the
        table's order; none here: the variant takes no entry by fans."""
        return ()

    def fans_entered(self, fans, flowers, ctx: WinContext, rules) -> Evaluation:
        """A hand entered by the patterns a player counted at the table (`fans`: {id: count},
        `flowers`: how many), checked as the variant's scorer counts them, as the evaluation
        of no reading (MCR). The variants without entry by fans refuse it."""
        raise HandError("bad_request", gettext_noop(
            "{variant} has no entry by fans: enter the tiles, or the total.",
            variant=self.name), ("fans",))

    def pay_entered(self, fans, flowers, ctx: WinContext, rules) -> tuple[Evaluation, Payout]:
        """A hand entered by its fans (`fans_entered`), paid as a scored hand is (`money`).
        Entered fans under the minimum are refused, not paid nothing: the player ticked a hand
        that is no win, and says so by recording a drawn hand."""
        self.check_context(ctx, None)
        best = self.fans_entered(fans, flowers, ctx, rules)
        paid = self.money(best, ctx, rules)
        if not paid.meets:
            why = next(n["text"] for n in self.explanation(best, paid, ctx, rules)
                       if n["code"] == "under_minimum")
            raise HandError("bad_request", gettext_noop(
                "{why}. A hand under the minimum is no win: tick every fan it holds, or record "
                "a drawn hand.", why=why), ("fans",))
        return best, paid

    def score_fans(self, fans, flowers, ctx: WinContext, rules) -> dict:
        """A hand entered by its fans, as a result of the contract without the tiles: the
        fans counted, the total, the explanation and the payments (`pay_entered`)."""
        best, paid = self.pay_entered(fans, flowers, ctx, rules)
        return {"ok": True, "variant": self.id, "total": paid.total,
                "raw_total": paid.raw_total, "unit": self.unit, "points": whole(paid.points),
                "explanation": self.explanation(best, paid, ctx, rules),
                "patterns": self.counted_rows(best), "meets_minimum": paid.meets,
                "minimum": paid.minimum, "limit": paid.limit,
                "payments": ledger(paid.payments), "payment_reasons": reasons_of(paid.payments),
                "context": self.context_summary(ctx), "rules": dict(rules)}

    def settle_deal(self, request) -> dict:
        """A whole deal settled (contract §5), for the variants with events to settle: those
        that pay during the deal (Sichuan) and American (its false wins). The others settle each
        hand on its own."""
        raise HandError("unknown_variant", gettext_noop(
            "{variant} settles each hand on its own; whole-deal settlement is for variants "
            "that pay during the deal.", variant=self.name))

    def describe(self) -> dict:
        return {"id": self.id, "name": self.name, "unit": self.unit,
                "claimed_chows": self.claimed_chows,
                "patterns": [p.describe() for p in self.table],
                "options": self.describe_options()}

    def describe_options(self) -> list[dict]:
        """`describe()`'s options (the house rules) alone, without describing every pattern:
        what the scorer's form reads on each question."""
        return [o.describe() for o in self.options]
