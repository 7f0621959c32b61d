"""What wins, and for how much (contract §6): a hand of 13 tiles, how far it is from ready, the
tiles that complete it, each scored as `score` scores it, or the tiles that bring it closer.

How far from ready is counted in tiles missing: the fewest tiles a player must draw (each with a
discard) to hold a winning hand, over every winning hand the variant allows that keeps the hand's
revealed sets and needs no fifth copy of a tile (the hand's own copies, revealed ones included,
are the only ones known to be gone). `shanten` is that number less one, the tile that wins:
0 is ready. A tile is `useful` when the hand with it (after the best discard) is missing one
tile fewer.

The standard form (sets and the eyes) is counted suit by suit, as `decompose` reads hands: for
each suit, the fewest tiles missing for it to hold exactly g sets and p pairs (a dynamic program
over its nine numbers, cached on its counts), then the suits are combined. A set or pair made of
no tile the hand holds costs 3 (2) wherever it is, so the program only builds groups that touch
a tile of the suit, and such "fresh" groups are added at the end. Seven pairs and 13 terminals,
where the variant allows them, are counts; a variant's own forms (MCR's knitted ones) are its
`Forms.special_missing`.

This is the standard variants' analysis (`Variant.analyse`); American matches the hand against
the card's lines instead (variants/american_analyse.py), with the parts shared here (the
contexts, the hand read, each wait scored, the answer).
"""

from functools import lru_cache

from . import tiles
from .context import WINNING_TILE_FIELDS, HandFacts, field_word, parse_context
from .decompose import SLICES, Forms
from .errors import HandError
from .hand import KONG, count_copies, set_of_group, standard_copies
from .messages import gettext_noop, kong_note, ngettext, tile_named
from .notation import ParsedHand, check_red_fives, joined_text, parse

HAND_TILES = 13
RED_FIVES = (4, 13, 22)  # 5m, 5p, 5s: Riichi's red fives are of these kinds
INF = 99
MAX_SETS = 4


def analyse(variant, text, raw_context, rules) -> dict:
    """The answer of contract §6 for one checked variant and rules, its hand read as sets and
    the eyes; raises HandError."""
    contexts = win_contexts(raw_context)
    result = analyse_standard(variant, text, contexts, rules)
    if result["waits"]:
        result.update(variant.analysis_note(result))  # Riichi: furiten
    return result


def before_the_win(context: dict) -> dict:
    """A won hand's context less what only its winning tile has (how and from whom it was won):
    what an analysis of its 13 tiles takes (win_contexts refuses those fields)."""
    return {name: value for name, value in context.items() if name not in WINNING_TILE_FIELDS}


def win_contexts(raw) -> tuple:
    """(self-drawn, on a discard): the request's context won both ways."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise HandError("bad_context", gettext_noop(
            "context must be an object of flags and winds."))
    named = [name for name in WINNING_TILE_FIELDS if name in raw]
    if named:
        raise HandError("bad_context", gettext_noop(
            "analyse scores every winning tile both self-drawn and on a discard from the upper "
            "house: leave out {field}.", field=field_word(named[0])),
            tuple(f"context.{name}" for name in named))
    return parse_context({**raw, "self_drawn": True}), parse_context(raw)


def read_hand(text) -> ParsedHand:
    if text is None:
        raise HandError("bad_notation", gettext_noop("The request has no hand."))
    parsed = parse(text)
    if "+" in text:
        raise HandError("bad_notation", gettext_noop(
            "A hand to analyse has 13 tiles and no winning tile: leave out the '+' and the tile "
            "after it."))
    return parsed


def wrong_count(found: int, kongs: int, what: str) -> HandError:
    return HandError("wrong_tile_count", ngettext(
        "Found {found} tile{kong_note}; a hand to analyse has {size}, {what}.",
        "Found {found} tiles{kong_note}; a hand to analyse has {size}, {what}.", found,
        found=found, kong_note=kong_note(kongs), size=HAND_TILES, what=what))


def scored_waits(variant, parsed: ParsedHand, candidates, contexts, rules, code=tiles.code):
    """Each candidate tile that `score` accepts, with what §6 repeats of both results (self-drawn
    and on a discard: `Variant.summaries`); the 14-tile hand is the 13 tiles with the candidate
    among the concealed ones, marked as the winning tile."""
    groups = [group.text() for group in parsed.groups]
    found = []
    for tile in candidates:
        concealed = tuple(sorted(parsed.concealed + (tile,)))
        text = joined_text(concealed, groups, tile, parsed.red)
        try:
            drawn, discard = variant.summaries(text, contexts, rules)
        except HandError as error:
            if error.code != "too_many_copies" or tile not in RED_FIVES:
                continue
            # Riichi: every plain five of the kind is held, the red one is left to win on
            text = joined_text(concealed, groups, tile, parsed.red + (tile,), True)
            try:
                drawn, discard = variant.summaries(text, contexts, rules)
            except HandError:
                continue
        found.append({"tile": code(tile), "self_drawn": drawn, "discard": discard})
    return found


def answer(variant, parsed, missing: int, waits: list, useful, extra=None) -> dict:
    shanten = 0 if waits else max(1, missing - 1)
    text = joined_text(parsed.concealed, [group.text() for group in parsed.groups], None,
                       parsed.red)
    useful = [w["tile"] for w in waits] if waits else useful
    result = {"ok": True, "variant": variant.id, "hand": text,
              "unit": variant.unit, "shanten": shanten, "waits": waits,
              "useful": useful, "unseen": unseen_copies(variant, parsed, useful)}
    if extra:
        result.update(extra)
    return result


def unseen_copies(variant, parsed: ParsedHand, codes) -> dict[str, int]:
    """{tile: copies of it this hand does not hold} for each tile of `codes`: the set's copies
    (`Variant.copies`) less the hand's own, its revealed sets included; flowers that are all
    alike (American) count together, jokers are no copy of the tile they stand for."""
    def kind(tile: int) -> int:
        alike = tiles.is_flower(tile) and variant.copies(tile) > 1
        return tiles.FLOWER_BASE if alike else tile

    held: dict[int, int] = {}
    for tile in parsed.concealed + tuple(t for group in parsed.groups for t in group.tiles):
        held[kind(tile)] = held.get(kind(tile), 0) + 1
    found = {}
    for code in codes:
        tile = kind(parse(code).concealed[0])
        found[code] = max(0, variant.copies(tile) - held.get(tile, 0))
    return found


# Sets and the eyes (Shanghai, Hong Kong, Sichuan) ------------------------------------------------

def analyse_standard(variant, text, contexts, rules) -> dict:
    parsed = read_hand(text)
    check_red_fives(parsed, variant.red_fives(rules))
    variant.check_tiles(parsed)  # Sichuan: its tiles, no claimed chow
    written = parsed.concealed + tuple(t for g in parsed.groups for t in g.tiles)
    for tile in written:
        if tile not in variant.kinds:
            raise HandError("tile_not_in_variant", gettext_noop(
                "{tile} is not played in this variant.", tile=tile_named(tile)))
    melds = tuple(set_of_group(group) for group in parsed.groups)
    concealed = [0] * tiles.PLAYING_KINDS
    held = [0] * tiles.PLAYING_KINDS
    for tile in written:
        if tile < tiles.PLAYING_KINDS:
            held[tile] += 1
    for tile in parsed.concealed:
        if tile < tiles.PLAYING_KINDS:
            concealed[tile] += 1
    bonus = [t for t in parsed.concealed if t >= tiles.PLAYING_KINDS]
    if max(held) > 4 or len(set(bonus)) < len(bonus):
        count_copies(parsed, standard_copies)
    found = sum(concealed) + 3 * len(melds)
    kongs = sum(m.kind == KONG for m in melds)
    if found != HAND_TILES:
        raise wrong_count(found, kongs, gettext_noop(
            "plus one for each kong (flowers and seasons not counted)"))
    for ctx in contexts:
        variant.check_context(ctx, HandFacts(kongs=kongs, claimed_set=any(m.exposed for m in melds),
                                             winning_copies=1))
    shape = Shape(variant, rules, melds, tuple(held), contexts[1].void_suit)
    counts = tuple(concealed)
    missing = shape.missing(counts)
    forms = shape.forms
    candidates = [t for t in shape.kinds if held[t] < 4
                  and forms.is_complete(grown(counts, t), bool(melds))] if missing == 1 else []
    waits = scored_waits(variant, parsed, candidates, contexts, rules)
    useful = [] if waits else [tiles.code(t) for t, n in shape.missing_with_each(counts).items()
                               if n < missing]
    return answer(variant, parsed, missing, waits, useful)


def grown(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    return counts[:tile] + (counts[tile] + 1,) + counts[tile + 1:]


class Shape:
    """The fixed parts of a hand for counting tiles missing: its revealed sets, the copies of
    each kind it holds, the forms and tiles the variant allows."""

    def __init__(self, variant, rules, melds, held, void_suit):
        self.forms: Forms = variant.forms(rules)
        self.sets = MAX_SETS - len(melds)
        self.closed = not melds
        melded = [0] * tiles.PLAYING_KINDS
        for meld in melds:
            for tile in meld.tiles:
                melded[tile] += 1
        self.room = tuple(4 - n for n in melded)
        self.held = held
        playing = [t for t in sorted(variant.kinds) if t < tiles.PLAYING_KINDS]
        # The suits a winning hand may use: all the variant's, or (Sichuan) all but a void suit,
        # which holds no revealed set (it cannot be discarded).
        slices = [s for s in SLICES if any(s[0] <= t < s[1] for t in playing)]
        if "void_suit" in variant.context_fields:
            voids = [void_suit] if void_suit else list(tiles.SUITS)
            revealed = {tiles.suit_of(m.first) for m in melds}
            self.choices = [tuple(s for s in slices if tiles.SUITS[s[0] // 9] != v)
                            for v in voids if v not in revealed]
        else:
            self.choices = [tuple(slices)]
        allowed = set().union(*self.choices) if self.choices else set()
        self.kinds = [t for t in playing if any(lo <= t < hi for lo, hi, _ in allowed)]

    def missing(self, counts: tuple[int, ...]) -> int:
        """The fewest tiles to draw for these concealed counts (with the revealed sets) to win."""
        best = INF
        for slices in self.choices:
            best = min(best, self.standard(counts, slices)[self.sets][1])
            if self.closed and self.forms.seven_pairs:
                best = min(best, self.seven_pairs(counts, slices))
        if self.closed and self.forms.thirteen_orphans:
            best = min(best, thirteen_orphans(counts))
        return self.special_missing(counts, best)

    def special_missing(self, counts: tuple[int, ...], best: int) -> int:
        """The fewer of `best` and the tiles missing for the variant's own forms (MCR's knitted
        ones), if it has any."""
        return self.forms.special_missing(counts, MAX_SETS - self.sets, self.room,
                                          self.sets_and_pair, best)

    def sets_and_pair(self, counts: tuple[int, ...], sets: int) -> int:
        """The fewest tiles to draw for these counts to hold `sets` sets and the pair."""
        return min(self.standard(counts, slices, sets)[sets][1] for slices in self.choices)

    def missing_with_each(self, counts: tuple[int, ...]) -> dict[int, int]:
        """missing() of the counts with one more tile, for each kind that may still be drawn.
        One more tile changes one suit: the other suits are combined once per suit."""
        best = {t: INF for t in self.kinds if self.held[t] < 4}
        for slices in self.choices:
            for low, high, chows in slices:
                others = self.standard(counts, [s for s in slices if s[0] != low])
                for tile in range(low, high):
                    if tile not in best:
                        continue
                    part = counts[low:high]
                    part = part[:tile - low] + (part[tile - low] + 1,) + part[tile - low + 1:]
                    costs = suit_costs(part, self.room[low:high], chows)
                    sets = self.sets
                    found = min(others[sets - g][1 - p] + costs[g][p]
                                for g in range(sets + 1) for p in (0, 1))
                    if self.closed and self.forms.seven_pairs:
                        found = min(found, self.seven_pairs(grown(counts, tile), slices))
                    best[tile] = min(best[tile], found)
        for tile in best:
            if self.closed and self.forms.thirteen_orphans:
                best[tile] = min(best[tile], thirteen_orphans(grown(counts, tile)))
            best[tile] = self.special_missing(grown(counts, tile), best[tile])
        return best

    def standard(self, counts, slices, sets=None) -> list[list[int]]:
        """table[g][p]: the fewest tiles missing for the suits of `slices` (and fresh groups)
        to hold g sets and p pairs, g up to `sets` (all the hand still needs)."""
        if sets is None:
            sets = self.sets
        # Fresh sets and pairs, made of tiles the hand does not hold: 3 and 2 tiles missing.
        table = [[3 * g + 2 * p for p in (0, 1)] for g in range(sets + 1)]
        for low, high, chows in slices:
            part = counts[low:high]
            if not any(part):
                continue
            costs = suit_costs(part, self.room[low:high], chows)
            table = [[min(table[g - g1][p - p1] + costs[g1][p1]
                          for g1 in range(g + 1) for p1 in range(p + 1))
                      for p in (0, 1)] for g in range(sets + 1)]
        return table

    def seven_pairs(self, counts, slices) -> int:
        """Seven pairs: each pair held is free, a single needs its copy, a fresh pair 2 tiles.
        Four alike are two pairs only where the variant says so (Sichuan)."""
        quads = self.forms.quads_are_two_pairs
        pairs = singles = 0
        for low, high, _ in slices:
            for n in counts[low:high]:
                if quads:
                    pairs += n // 2
                    singles += n % 2
                elif n:
                    pairs += n >= 2
                    singles += n == 1
        short = max(0, 7 - pairs)
        return min(singles, short) + 2 * max(0, short - singles)


def thirteen_orphans(counts) -> int:
    kinds = sum(1 for t in tiles.ORPHANS if counts[t])
    doubled = any(counts[t] >= 2 for t in tiles.ORPHANS)
    return 14 - kinds - doubled


@lru_cache(maxsize=1 << 16)
def suit_costs(held: tuple[int, ...], room: tuple[int, ...], chows: bool):
    """costs[g][p]: the fewest tiles missing for one suit's counts to become exactly g sets and
    p pairs (p 0 or 1), no kind above its `room` (4 less its revealed copies); INF when not
    worth it. Only groups that touch a held tile are built: a group of fresh tiles costs as
    much anywhere (3 for a set, 2 for a pair), and the caller adds those.

    A dynamic program over the numbers. The state is the chows started one and two numbers back;
    its value, the fewest tiles missing for each (sets, pair) so far, as a list indexed 2g + p.
    Each number takes its chows, a pung, the pair."""
    size = len(held)
    states = {(0, 0): [0] + [INF] * 9}
    for k in range(size):
        have, fits = held[k], room[k]
        # A chow starting here that holds no tile the hand has is a fresh set.
        top = max(held[k:k + 3]) if chows and k <= size - 3 else 0
        out: dict = {}
        for (a, b), costs in states.items():
            carried = a + b
            for c in range(min(top, MAX_SETS) + 1):
                row = out.get((c, a))
                if row is None:
                    row = out[(c, a)] = [INF] * 10
                for pung in (0, 1) if have else (0,):
                    for pair in (0, 1) if have else (0,):
                        need = carried + c + 3 * pung + 2 * pair
                        if need > fits:
                            continue
                        add = need - have if need > have else 0
                        step = 2 * (c + pung) + pair
                        for index in range(10 - step):
                            cost = costs[index]
                            if cost == INF or (pair and index & 1):
                                continue
                            to = index + step
                            total = cost + add
                            # Fresh groups do as well: 3 a set, 2 the pair.
                            if total < row[to] and total <= 3 * (to >> 1) + 2 * (to & 1):
                                row[to] = total
        states = out
    final = states.get((0, 0), [INF] * 10)
    return tuple((final[2 * g], final[2 * g + 1]) for g in range(MAX_SETS + 1))
