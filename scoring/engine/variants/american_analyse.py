"""What wins a 13-tile American hand, and for how much (contract §6): the hand matched against
the card's lines (`card.placed`), not read as sets and the eyes.

How far from ready is the fewest tiles missing from any line the hand's exposures fit, less one
(the tile that wins); each tile that completes a line is scored as `score` scores it (both ways,
`analyse.scored_waits`). The temporary table has no lines: its groups of one kind are counted
(`temporary_missing`). The hand arrives read and checked (`American.analyse`), so this module
needs nothing of the variant's but its interface.
"""

from .. import tiles
from ..analyse import INF, answer, scored_waits
from ..card import FLOWER, kind_code, naturals_seated, seated
from ..card import waits as card_waits


def analyse(variant, parsed, held, contexts, rules) -> dict:
    """The answer for a hand of 13 tiles (`parsed`, and `held` as the card counts it), in the
    two contexts of `analyse.win_contexts`, already checked against the hand."""
    kinds = list(range(tiles.PLAYING_KINDS)) + [FLOWER, tiles.JOKER]
    if rules["card"] == "temporary":
        waits = scored_waits(variant, parsed, kinds, contexts, rules, code=kind_code)
        missing = temporary_missing(held.all_counts, held.all_jokers)
        useful = [] if waits else [kind_code(k) for k in kinds if in_stock(held, k)
                                   and temporary_missing(*plus(held, k)) < missing]
        return answer(variant, parsed, missing, waits, useful, {"missing": missing})
    card = variant.card(rules)
    counts, jokers = held.all_counts, held.all_jokers
    # The forms the hand's exposures fit, each with the naturals it seats.
    rows = [row for row in zip(card.forms, *naturals_seated(card, counts), strict=True)
            if takes_exposures(row[0], held)]
    missing = min((14 - seated(n, e, form.joker_slots, jokers) for form, n, e in rows),
                  default=INF)
    waits = scored_waits(variant, parsed, card_waits(card, held), contexts, rules, code=kind_code)
    useful = [] if waits else [kind_code(k) for k in card_useful(
        rows, counts, jokers, [k for k in kinds if in_stock(held, k)], missing)]
    return answer(variant, parsed, missing, waits, useful, {"missing": missing})


def in_stock(held, kind: int) -> bool:
    if kind == tiles.JOKER:
        return held.all_jokers < 8
    return held.all_counts[kind] < (8 if kind == FLOWER else 4)


def plus(held, kind: int) -> tuple[tuple[int, ...], int]:
    """(naturals per kind, jokers) of the hand with one more tile."""
    if kind == tiles.JOKER:
        return held.all_counts, held.all_jokers + 1
    return held.all_counts[:kind] + (held.all_counts[kind] + 1,) + held.all_counts[kind + 1:], \
        held.all_jokers


def takes_exposures(form, held) -> bool:
    """Whether every exposure of the hand fills a whole set of the form (a concealed line takes
    none)."""
    if not held.exposures:
        return True
    if form.line.concealed:
        return False
    free = dict(form.set_slots)
    for exposure in held.exposures:
        key = (exposure.kind, exposure.size)
        if not free.get(key):
            return False
        free[key] -= 1
    return True


def card_useful(rows, counts, jokers: int, kinds, missing: int) -> list[int]:
    """The kinds of `kinds` one more of which leaves the hand fewer than `missing` tiles from a
    form: `rows` are (form, naturals, exact) as `card.naturals_seated` counts them. One more
    natural of kind k is seated when the hand holds fewer than the form's cap (and takes a
    joker's place when it goes in a set). One tile seats at most one more, so only the forms the
    hand is `missing` from can gain (the others lack more and stay at `missing` at best), and each
    is worked out for its own kinds only (a card at the bound has some 1,400 forms of at most 14
    kinds each, against 37 kinds to try)."""
    wanted = 0
    for kind in kinds:
        wanted |= 1 << kind
    found = 0  # the kinds found useful, as bits
    for form, naturals, fixed in rows:
        slots = form.joker_slots
        if 14 - seated(naturals, fixed, slots, jokers) > missing:
            continue
        if wanted >> tiles.JOKER & 1 and 14 - seated(naturals, fixed, slots, jokers + 1) < missing:
            found |= 1 << tiles.JOKER
        cap, exact = form.cap, form.exact
        placeable = form.uses & wanted & ~found
        while placeable:
            kind = (placeable & -placeable).bit_length() - 1
            placeable &= placeable - 1
            n = counts[kind]
            if 14 - seated(naturals + (n < cap[kind]), fixed + (n < exact[kind]), slots,
                           jokers) < missing:
                found |= 1 << kind
    return [kind for kind in kinds if found >> kind & 1]


def temporary_missing(counts, jokers: int) -> int:
    """The temporary table: pairs, pungs, kongs, quints and sextets of one kind, jokers only in
    groups of three or more. A kind of two or more naturals is a group already; a single natural
    needs its copy, or two jokers (a pung). Of the u singles left, the hand keeps those its
    draws can pair and throws the others away: with n tiles held, ceil((u + 14 - n) / 2) draws."""
    singles = sum(1 for n in counts if n == 1)
    lonely = singles - min(singles, jokers // 2)
    held = sum(counts) + jokers
    return -(-(lonely + 14 - held) // 2)
