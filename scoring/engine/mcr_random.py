"""Random Chinese Official (MCR) requests, for the differential test against the reference engine
and the benchmark: every winning form, claimed sets and concealed kongs, flowers, and every
context flag the variant reads, each only where a table could see it (contract §2).

`random_request(rng)` returns one request (variant, hand, context); a seed reproduces a corpus.
"""

import random

from . import tiles
from .notation import format_tiles, parse

SUITS = (0, 9, 18)
KNITTED_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _kinds(rng: random.Random) -> list[int]:
    """The tiles a hand draws from: often narrowed (one suit, few numbers, honors), so that the
    fans of one suit, of numbers and of honors come up often."""
    roll = rng.random()
    if roll < 0.2:  # one suit, perhaps with honors
        base = rng.choice(SUITS)
        kinds = [base + n for n in range(9)]
        if rng.random() < 0.5:
            kinds += list(tiles.HONORS)
        return kinds
    if roll < 0.35:  # a band of numbers in every suit
        low = rng.choice((0, 3, 5, 6, 1))
        return [base + n for base in SUITS for n in range(low, min(low + 4, 9))]
    if roll < 0.45:  # terminals and honors
        return list(tiles.ORPHANS)
    if roll < 0.5:
        return [t for t in range(tiles.PLAYING_KINDS) if t in _GREEN_OR_REVERSIBLE]
    return list(range(tiles.PLAYING_KINDS))


_GREEN_OR_REVERSIBLE = {19, 20, 21, 23, 25, 22, 26, 9, 10, 11, 12, 13, 16, 17, 27 + 4, 27 + 5}


def _standard(rng: random.Random, used: list[int]):
    kinds = _kinds(rng)
    groups, concealed = [], []
    anchor = rng.choice(range(7))  # a shared number, for chows and pungs that line up
    for _ in range(4):
        if rng.random() < 0.35:  # a set lined up on the anchor in some suit
            base = rng.choice(SUITS)
            start = min(6, max(0, anchor + rng.choice((0, 0, 1, 2, 3, -1))))
            tile = base + start
        else:
            tile = rng.choice(kinds)
        chow = tiles.is_suited(tile) and tile % 9 <= 6 and rng.random() < 0.55
        if chow:
            run = [tile, tile + 1, tile + 2]
            if any(used[t] >= 4 for t in run):
                return None
            for t in run:
                used[t] += 1
            if rng.random() < 0.25:
                groups.append("[" + format_tiles(run) + "]")
            else:
                concealed += run
            continue
        size = 4 if rng.random() < 0.12 else 3
        if used[tile] + size > 4:
            return None
        used[tile] += size
        if size == 4:
            groups.append(("[{}]" if rng.random() < 0.5 else "({})").format(
                format_tiles([tile] * 4)))
        elif rng.random() < 0.3:
            groups.append("[" + format_tiles([tile] * 3) + "]")
        else:
            concealed += [tile] * 3
    return _with_pair(rng, kinds, used, groups, concealed)


def _with_pair(rng: random.Random, kinds, used: list[int], groups, concealed):
    """The sets, and a pair of a kind drawn from `kinds` if copies are left (else None)."""
    pair = rng.choice(kinds)
    if used[pair] + 2 > 4:
        return None
    used[pair] += 2
    return groups, concealed + [pair, pair]


def _themed(rng: random.Random, used: list[int]):
    """Sets chosen to make a rarer fan likely: winds, kongs, terminal chows, shifted chows, even
    or terminal pungs, green tiles."""
    theme = rng.randrange(7)
    base = rng.choice(SUITS)
    if theme == 0:  # winds or dragons
        honors = tiles.WIND_TILES if rng.random() < 0.6 else tiles.DRAGON_TILES
        plan = [("pung", t) for t in rng.sample(honors, rng.choice((2, 3, len(honors))))]
        pair = rng.choice(list(tiles.HONORS) + [base, base + 8])
    elif theme == 1:  # kongs
        plan = [("kong", t) for t in rng.sample(range(tiles.PLAYING_KINDS), rng.choice((3, 4)))]
        pair = rng.randrange(tiles.PLAYING_KINDS)
    elif theme == 2:  # terminal chows and a pair of 5
        suits = [rng.choice(SUITS) for _ in range(4)]
        plan = [("chow", s + first) for s, first in zip(suits, (0, 6, 0, 6), strict=True)]
        pair = rng.choice(SUITS) + 4
    elif theme == 3:  # shifted chows in one suit
        step = rng.choice((1, 2))
        start = rng.randrange(7 - 3 * step) if 7 - 3 * step > 0 else 0
        plan = [("chow", base + start + i * step) for i in range(4)]
        pair = rng.randrange(tiles.PLAYING_KINDS)
    elif theme == 4:  # even pungs
        plan = [("pung", rng.choice(SUITS) + rng.choice((1, 3, 5, 7))) for _ in range(4)]
        pair = rng.choice(SUITS) + rng.choice((1, 3, 5, 7))
    elif theme == 5:  # terminal pungs
        plan = [("pung", rng.choice(SUITS) + rng.choice((0, 8))) for _ in range(4)]
        pair = rng.choice(tiles.ORPHANS)
    else:  # green
        green = [19, 20, 21, 23, 25, tiles.GREEN]
        plan = [("chow", 19) if rng.random() < 0.3 else ("pung", rng.choice(green))
                for _ in range(4)]
        pair = rng.choice(green)
    while len(plan) < 4:
        tile = rng.randrange(tiles.PLAYING_KINDS)
        chow = tiles.is_suited(tile) and tile % 9 <= 6 and rng.random() < 0.5
        plan.append(("chow" if chow else "pung", tile))
    groups, concealed = [], []
    for kind, tile in plan:
        run = [tile, tile + 1, tile + 2] if kind == "chow" else [tile] * (
            4 if kind == "kong" else 3)
        for t in run:
            used[t] += 1
        if max(used) > 4:
            return None
        if kind == "kong":
            groups.append(("[{}]" if rng.random() < 0.5 else "({})").format(format_tiles(run)))
        elif rng.random() < 0.3:
            groups.append("[" + format_tiles(run) + "]")
        else:
            concealed += run
    used[pair] += 2
    if max(used) > 4:
        return None
    return groups, concealed + [pair, pair]


def _seven_pairs(rng: random.Random, used: list[int]):
    if rng.random() < 0.2:  # seven shifted pairs
        base, start = rng.choice(SUITS), rng.choice((0, 1, 2))
        pairs = [base + start + i for i in range(7)]
    else:
        kinds = _kinds(rng)
        pairs = [rng.choice(kinds) for _ in range(7)]
    for t in pairs:
        used[t] += 2
    if max(used) > 4:
        return None
    return [], [t for t in pairs for _ in range(2)]


def _thirteen_orphans(rng: random.Random, used: list[int]):
    held = list(tiles.ORPHANS) + [rng.choice(tiles.ORPHANS)]
    return [], held


def _knitted(rng: random.Random, used: list[int]):
    order = rng.choice(KNITTED_ORDERS)
    straight = [SUITS[suit] + first + 3 * i for first, suit in enumerate(order) for i in range(3)]
    if rng.random() < 0.45:  # honors and knitted tiles: 14 singles
        honors = list(tiles.HONORS)
        numbers = rng.sample(straight, 14 - (7 if rng.random() < 0.3 else rng.choice((5, 6))))
        held = numbers + rng.sample(honors, 14 - len(numbers))
        return [], held
    for t in straight:
        used[t] += 1
    rest = _standard_rest(rng, used)
    if rest is None:
        return None
    groups, concealed = rest
    return groups, straight + concealed


def _standard_rest(rng, used):
    """One set and the pair, for a knitted straight."""
    kinds = list(range(tiles.PLAYING_KINDS))
    tile = rng.choice(kinds)
    groups, concealed = [], []
    if tiles.is_suited(tile) and tile % 9 <= 6 and rng.random() < 0.5:
        run = [tile, tile + 1, tile + 2]
        if any(used[t] >= 4 for t in run):
            return None
        for t in run:
            used[t] += 1
        if rng.random() < 0.3:
            groups.append("[" + format_tiles(run) + "]")
        else:
            concealed += run
    else:
        size = 4 if rng.random() < 0.15 else 3
        if used[tile] + size > 4:
            return None
        used[tile] += size
        text = format_tiles([tile] * size)
        if size == 4:
            groups.append(f"[{text}]" if rng.random() < 0.5 else f"({text})")
        elif rng.random() < 0.3:
            groups.append(f"[{text}]")
        else:
            concealed += [tile] * 3
    return _with_pair(rng, kinds, used, groups, concealed)


def _nine_gates(rng: random.Random, used: list[int]):
    base = rng.choice(SUITS)
    held = [base] * 3 + [base + n for n in range(1, 8)] + [base + 8] * 3
    return [], held + [base + rng.randrange(9)]


FORMS = ((_standard, 0.6), (_themed, 0.1), (_seven_pairs, 0.1), (_knitted, 0.1),
         (_thirteen_orphans, 0.03), (_nine_gates, 0.04))


def random_request(rng: random.Random) -> dict:
    """One MCR request: a winning hand and a context a table could see."""
    while True:
        used = [0] * tiles.PLAYING_KINDS
        make = rng.choices([f for f, _ in FORMS], [w for _, w in FORMS])[0]
        made = make(rng, used)
        if made is None:
            continue
        groups, concealed = made
        counts = [0] * tiles.PLAYING_KINDS
        for t in concealed:
            counts[t] += 1
        for text in groups:
            for t in _tiles_of(text):
                counts[t] += 1
        if max(counts) > 4:
            continue
        winning = rng.choice(concealed)
        flowers = sorted(rng.sample(tiles.FLOWERS, rng.choice((0, 0, 0, 1, 1, 2, 3, 8))))
        hand = " ".join([format_tiles(sorted(concealed) + flowers), *groups,
                         f"+{tiles.code(winning)}"])
        return {"variant": "mcr", "hand": hand,
                "context": _context(rng, groups, counts[winning], concealed.count(winning))}


def _tiles_of(text: str) -> tuple[int, ...]:
    """The tiles of one bracketed group, as the notation's parser reads them."""
    return parse(text).groups[0].tiles


def _context(rng: random.Random, groups: list[str], copies: int, held: int) -> dict:
    """A context a table could see for a hand holding `copies` of its winning tile, `held` of
    them concealed (the winning tile included)."""
    self_drawn = rng.random() < 0.45
    kong = any(len(_tiles_of(g)) == 4 for g in groups)
    ctx = {"self_drawn": self_drawn, "seat_wind": rng.choice(tiles.WINDS),
           "round_wind": rng.choice(tiles.WINDS)}
    ctx["dealer"] = ctx["seat_wind"] == "E"
    if rng.random() < 0.15:
        ctx["last_tile"] = True
    if rng.random() < 0.2 and held == 1:  # 和绝张: the other three copies are in sight
        ctx["winning_tile_last"] = True
    if self_drawn and kong and rng.random() < 0.3:
        ctx["kong_replacement"] = True
    if not self_drawn and copies == 1 and not ctx.get("last_tile") and rng.random() < 0.2:
        ctx["robbing_kong"] = True
    if not self_drawn and rng.random() < 0.5:
        ctx["discarder"] = rng.choice([s for s in tiles.WINDS if s != ctx["seat_wind"]])
    return ctx
