"""American cards: the card file's strict parser and the joker-aware matcher (rules-american.md).

A card is text, one hand per line, in sections:

    # Our table's card
    [Evens]
    ev1 25 X : FF 222a 444a 666b 888b
    ev2 30 C shift-even : 22a 444a 66b 888b DDDDc

A line reads `id value X|C [shift|shift-even] [sp] : groups`. A group is a run of symbols with an
optional suit letter: digits 1-9 and `D` (the dragon of the group's suit) need one of `a b c`,
bound to three different suits the same way in the whole line; `0` (white dragon), `F` (flower),
`N E W S` and `R`/`G` (red, green dragon) are suitless. Note that `F` is a flower here, whereas the
hand notation's `F` is the green dragon: the card follows the printed card, the hand the contract,
and an American hand refuses `F` altogether (`variants/american.py`, `refuse_f_alias`).

Every line is expanded once, when the card is parsed, into its forms: one per injective binding of
its letters and allowed shift, each a pair of count vectors over the 34 tile kinds plus one kind
for "a flower" (flowers are all alike): `exact`, the tiles of groups that take no joker, and `cap`,
`exact` plus the size of every pung, kong, quint and sextet (groups of three or more of one
symbol, the only ones jokers may fill). A hand then matches a form when, kind by kind,
exact <= held <= cap, its jokers fill the rest, and each exposure takes one whole jokerable group
of its tile and size. The forms of a line that make the same demand are kept once.
"""

import re
from collections import Counter
from functools import cached_property, lru_cache
from itertools import permutations
from operator import le

from . import tiles
from .errors import HandError
from .frozen import Frozen
from .notation import format_tiles

FLOWER = tiles.FLOWER_BASE  # every flower folds into this one kind: any flower is "a flower"
VECTOR = FLOWER + 1  # count vectors cover the 34 playing kinds and the flower
HAND_SIZE = 14
SUIT_LETTERS = "abc"
DIGITS = "123456789"
# The dragon of each suit: red with characters, green with bamboo, white ("soap") with circles.
SUIT_DRAGON = {"m": tiles.RED, "s": tiles.GREEN, "p": tiles.WHITE}
SUITLESS = {"0": tiles.WHITE, "F": FLOWER, "N": tiles.NORTH, "E": tiles.EAST, "W": tiles.WEST,
            "S": tiles.SOUTH, "R": tiles.RED, "G": tiles.GREEN}
SYMBOLS = set(DIGITS) | set(SUITLESS) | {"D"}
FLAGS = ("shift", "shift-even", "sp")
# A printed card has about 60 lines: these bounds keep a pasted card quick to read and match.
MAX_CARD_LINES = 200
MAX_CARD_CHARS = 20_000
GROUP = re.compile(r"^(?P<symbols>[^abc]+)(?P<suit>[abc])?$")


def copies(kind: int) -> int:
    """How many tiles of one kind the 152-tile set holds (the 8 flowers count as one kind)."""
    return 8 if kind == FLOWER else 4


def fold(tile: int) -> int:
    """A tile's kind for matching: every flower is the same flower."""
    return FLOWER if tiles.is_flower(tile) else tile


def kind_code(kind: int) -> str:
    """A kind in the hand notation; the flower kind is written 1f (any flower does)."""
    return tiles.code(tiles.FLOWER_BASE if kind == FLOWER else kind)


def kind_name(kind: int) -> str:
    """A kind for a message: '5p', 'a flower', 'J'."""
    return "a flower" if kind == FLOWER else tiles.code(kind)


# The card --------------------------------------------------------------------------------------

class CardGroup(Frozen):
    """One group of a card line as written: `222a`, `NEWS`, `DDDDc`, `FF`."""

    text: str
    symbols: str
    suit: str | None

    @cached_property
    def size(self) -> int:
        return len(self.symbols)

    @cached_property
    def jokerable(self) -> bool:
        """A pung, kong, quint or sextet: one symbol repeated three or more times."""
        return self.size >= 3 and len(set(self.symbols)) == 1

    def resolve(self, binding: dict[str, str], shift: int) -> tuple[int, ...]:
        """The tile kinds this group stands for under a suit binding and a shift."""
        suit = binding.get(self.suit) if self.suit else None
        out = []
        for symbol in self.symbols:
            if symbol in DIGITS:
                out.append(tiles.make(int(symbol) + shift, suit))
            elif symbol == "D":
                out.append(SUIT_DRAGON[suit])
            else:
                out.append(SUITLESS[symbol])
        return tuple(out)


class Line(Frozen):
    """One hand of the card."""

    id: str
    value: int
    concealed: bool  # `C`: no exposure before the winning tile
    shift: str | None  # None, 'shift' or 'shift-even'
    sp: bool  # flagged singles-and-pairs on the card: no jokerless bonus
    section: str
    groups: tuple[CardGroup, ...]
    number: int  # its line number in the card text
    index: int  # its position among the card's hands

    # Compared and hashed as themselves: two lines alike are still two hands of the card.
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    @property
    def text(self) -> str:
        return " ".join(g.text for g in self.groups)

    @cached_property
    def takes_jokers(self) -> bool:
        """Whether a joker can stand anywhere in this hand: only a pung, kong, quint or sextet
        takes one (rules-american.md, "The card file"), so a line of singles, pairs and mixed runs
        (yr2 `FF 2026a 2026b NN SS`) is jokerless however it is played and earns no jokerless
        bonus, flagged `sp` or not."""
        return any(g.jokerable for g in self.groups)

    @property
    def header(self) -> str:
        flags = [flag for flag, on in ((self.shift, bool(self.shift)), ("sp", self.sp)) if on]
        return " ".join([self.id, str(self.value), "C" if self.concealed else "X", *flags])

    def describe(self) -> dict:
        """The line as a pattern for the catalogue (GET /api/variants)."""
        kind = "concealed" if self.concealed else "exposures allowed"
        extra = {"shift": ", any number may move by the same amount",
                 "shift-even": ", any number may move by the same even amount"}.get(self.shift, "")
        return {"id": self.id, "name": self.section, "english": self.text, "chinese": "",
                "value": self.value, "per": None, "excludes": [],
                "definition": f"{self.text} ({kind}{extra}{self.no_bonus_note()})."}

    def no_bonus_note(self) -> str:
        if self.sp:
            return "; singles and pairs, no jokerless bonus"
        if not self.takes_jokers:
            return "; takes no joker, no jokerless bonus"
        return ""


class Form(Frozen):
    """A line with its suit letters bound and its numbers shifted: the tiles it demands."""

    line: Line
    binding: tuple[tuple[str, str], ...]  # (('a', 'm'), ('b', 'p'))
    shift: int
    groups: tuple[tuple[int, ...], ...]  # each group's tile kinds, in the line's order
    exact: tuple[int, ...]  # per kind: tiles in groups that take no joker
    cap: tuple[int, ...]  # per kind: exact plus the jokerable groups' sizes
    kinds: frozenset[int]  # the kinds it uses
    sets: tuple[tuple[int, int], ...]  # (kind, size) of each jokerable group

    __eq__ = object.__eq__  # as a Line is
    __hash__ = object.__hash__

    @cached_property
    def set_slots(self) -> Counter:
        return Counter(self.sets)

    @cached_property
    def joker_slots(self) -> int:
        return sum(self.cap) - sum(self.exact)

    def text(self) -> str:
        """The line as these tiles: '222m 444m 666p 888p'."""
        return " ".join(format_tiles(g) for g in self.groups)


class Card(Frozen):
    lines: tuple[Line, ...]
    forms: tuple[Form, ...]  # every line's forms, the lines in card order

    __eq__ = object.__eq__  # a card is itself, whatever it holds
    __hash__ = object.__hash__

    def __post_init__(self):
        # Memo for `column`: a pure function of the immutable forms, filled on first use.
        object.__setattr__(self, "_columns", {})

    @cached_property
    def joker_slots(self) -> tuple[int, ...]:
        return tuple(f.joker_slots for f in self.forms)

    def column(self, kind: int, count: int, exact: bool) -> tuple[int, ...]:
        """For every form, how many of `count` tiles of `kind` it seats: in groups that take no
        joker (`exact`), or anywhere. The closest-line search adds these up, kind by kind."""
        key = (kind, count, exact)
        found = self._columns.get(key)
        if found is None:
            found = tuple(min(count, (f.exact if exact else f.cap)[kind]) for f in self.forms)
            self._columns[key] = found
        return found


def _fault(number: int, raw: str, what: str) -> HandError:
    return HandError("bad_card", f"Card line {number}: {what} (the line reads '{raw.strip()}').")


def _parse_group(text: str, fault) -> CardGroup:
    match = GROUP.match(text)
    if not match:
        where = next(i for i, ch in enumerate(text) if ch in SUIT_LETTERS)
        raise fault(f"in the group '{text}' the suit letter '{text[where]}' must come last, once")
    symbols, suit = match["symbols"], match["suit"]
    for symbol in symbols:
        if symbol not in SYMBOLS:
            hint = (" (suit letters on a card are a, b, c)" if symbol in "mps" else "")
            raise fault(f"'{symbol}' in the group '{text}' is not a card symbol{hint}; symbols are "
                        "1-9, D, 0, F, N, E, W, S, R, G")
    suited = any(s in DIGITS or s == "D" for s in symbols)
    if suited and not suit:
        raise fault(f"the group '{text}' has numbers or D and needs a suit letter a, b or c")
    if suit and not suited:
        raise fault(f"the group '{text}' has a suit letter but no number or D to take it")
    return CardGroup(text, symbols, suit)


def _parse_line(raw: str, body: str, number: int, section: str, index: int) -> Line:
    def fault(what):
        return _fault(number, raw, what)

    head, colon, rest = body.partition(":")
    if not colon:
        raise fault("no ':' between 'id value X|C [shift|shift-even] [sp]' and the groups")
    words = head.split()
    if len(words) < 3:
        raise fault("before ':' a line needs its id, its value and X or C")
    line_id, value, kind, *flags = words
    if not value.isdigit() or int(value) <= 0:
        raise fault(f"the value '{value}' is not a whole number of points above 0")
    if kind not in ("X", "C"):
        raise fault(f"'{kind}' must be X (exposures allowed) or C (concealed)")
    for flag in flags:
        if flag not in FLAGS:
            raise fault(f"'{flag}' is not a flag; after X or C come only shift or shift-even, "
                        "and sp")
    if len(set(flags)) != len(flags) or ("shift" in flags and "shift-even" in flags):
        raise fault("each flag may appear once, and only one of shift and shift-even")
    texts = rest.split()
    if not texts:
        raise fault("no groups after ':'")
    groups = tuple(_parse_group(text, fault) for text in texts)
    size = sum(g.size for g in groups)
    if size != HAND_SIZE:
        raise fault(f"its groups hold {size} tiles; a hand is {HAND_SIZE}")
    shift = next((f for f in flags if f.startswith("shift")), None)
    if shift and not any(s in DIGITS for g in groups for s in g.symbols):
        raise fault(f"'{shift}' moves numbers, but the line has none")
    return Line(line_id, int(value), kind == "C", shift, "sp" in flags, section, groups, number,
                index)


def _shifts(line: Line) -> list[int]:
    digits = [int(s) for g in line.groups for s in g.symbols if s in DIGITS]
    if not line.shift or not digits:
        return [0]
    low, high = 1 - min(digits), 9 - max(digits)
    steps = [d for d in range(low, high + 1) if line.shift == "shift" or d % 2 == 0]
    return sorted(steps, key=lambda d: (abs(d), d))  # the line as printed first


def _forms(line: Line, raw: str) -> list[Form]:
    letters = sorted({g.suit for g in line.groups if g.suit})
    found: dict[tuple, Form] = {}
    for shift in _shifts(line):
        for suits in permutations(tiles.SUITS, len(letters)):
            binding = dict(zip(letters, suits, strict=True))
            groups = tuple(g.resolve(binding, shift) for g in line.groups)
            exact, cap = [0] * VECTOR, [0] * VECTOR
            sets = []
            for group, kinds in zip(line.groups, groups, strict=True):
                for kind in kinds:
                    cap[kind] += 1
                if group.jokerable:
                    sets.append((kinds[0], group.size))
                else:
                    for kind in kinds:
                        exact[kind] += 1
            for kind in {k for g, kinds in zip(line.groups, groups, strict=True)
                         if not g.jokerable for k in kinds}:
                if exact[kind] > copies(kind):
                    raise _fault(line.number, raw, f"it needs {exact[kind]} of {kind_name(kind)} "
                                 "in groups that take no joker, but the set has only "
                                 f"{copies(kind)}")
            key = (tuple(exact), tuple(cap), tuple(sorted(sets)))
            if key not in found:
                found[key] = Form(line, tuple(binding.items()), shift, groups, tuple(exact),
                                  tuple(cap), frozenset(k for k, n in enumerate(cap) if n),
                                  tuple(sets))
    return list(found.values())


@lru_cache(maxsize=32)
def parse_card(text: str) -> Card:
    """Read a card; the first fault is a `bad_card` error naming its line and what is wrong.

    Cached on the text (a pure function of it): a table pastes its card once and scores many hands.
    """
    if not isinstance(text, str):
        raise HandError("bad_card", "The card must be text, one hand per line.")
    if len(text) > MAX_CARD_CHARS or len(text.splitlines()) > MAX_CARD_LINES:
        raise HandError("bad_card", f"The card is {len(text)} characters on "
                        f"{len(text.splitlines())} lines; a card may have at most "
                        f"{MAX_CARD_LINES} lines and {MAX_CARD_CHARS} characters.")
    lines: list[Line] = []
    forms: list[Form] = []
    seen: dict[str, int] = {}
    section = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if body.startswith("["):
            if not body.endswith("]") or not body[1:-1].strip():
                raise _fault(number, raw, "a section is written [Name], on a line of its own")
            section = body[1:-1].strip()
            continue
        line = _parse_line(raw, body, number, section, len(lines))
        if line.id in seen:
            raise _fault(number, raw, f"the id '{line.id}' is already used on line {seen[line.id]}")
        seen[line.id] = number
        lines.append(line)
        forms += _forms(line, raw)
    if not lines:
        raise HandError("bad_card", "The card has no hands: write one hand per line, like "
                        "'ev1 25 X : FF 222a 444a 666b 888b'.")
    return Card(tuple(lines), tuple(forms))


# The hand as the matcher sees it ---------------------------------------------------------------

class Exposure(Frozen):
    """An exposed group `[...]`: 3 to 6 tiles of one kind, jokers allowed."""

    kind: int  # folded (any flower is FLOWER)
    tiles: tuple[int, ...]  # as written, sorted

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def jokers(self) -> int:
        return self.tiles.count(tiles.JOKER)

    def text(self) -> str:
        return f"[{format_tiles(self.tiles)}]"


class Held(Frozen):
    """A hand's tiles for matching: concealed naturals per kind, concealed jokers, exposures."""

    counts: tuple[int, ...]  # VECTOR long, flowers folded
    jokers: int
    exposures: tuple[Exposure, ...]
    flowers: tuple[int, ...] = ()  # the concealed flowers as written, to show which fill a group

    @cached_property
    def kinds(self) -> frozenset[int]:
        """Every natural kind in the hand, exposed ones included."""
        return frozenset([k for k, n in enumerate(self.counts) if n]
                         + [e.kind for e in self.exposures])

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
        """Naturals per kind, exposed ones included."""
        totals = list(self.counts)
        for e in self.exposures:
            totals[e.kind] += e.size - e.jokers
        return tuple(totals)

    @cached_property
    def all_jokers(self) -> int:
        return self.jokers + sum(e.jokers for e in self.exposures)

    def without(self, tile: int) -> "Held":
        """The same hand less one concealed tile (for waits)."""
        if tile == tiles.JOKER:
            return Held(self.counts, self.jokers - 1, self.exposures, self.flowers)
        counts = list(self.counts)
        counts[fold(tile)] -= 1
        flowers = list(self.flowers)
        if tiles.is_flower(tile):
            flowers.remove(tile)
        return Held(tuple(counts), self.jokers, self.exposures, tuple(flowers))


# Matching --------------------------------------------------------------------------------------

class Filled(Frozen):
    """One group of the matched line and the tiles that fill it."""

    card: str  # the group as the card writes it: '222a'
    tiles: tuple[int, ...]  # the hand's tiles in it, jokers as tiles.JOKER
    exposed: bool
    stands_for: int | None  # the tile its jokers stand for (None: no joker, or any tile)

    def text(self) -> str:
        body = format_tiles(self.tiles)
        return f"[{body}]" if self.exposed else body

    def as_dict(self) -> dict:
        jokers = self.tiles.count(tiles.JOKER)
        return {"group": self.card, "tiles": [tiles.code(t) for t in self.tiles],
                "exposed": self.exposed,
                "jokers": [kind_code(self.stands_for) if self.stands_for is not None else "any"]
                * jokers}


class Match(Frozen):
    form: Form
    filled: tuple[Filled, ...]

    @property
    def line(self) -> Line:
        return self.form.line


def _exposure_caps(form: Form, held: Held) -> list[int] | None:
    """The form's caps left for concealed tiles once each exposure took a whole group, or None
    when an exposure has no group of its tile and size left (a pung never fills a kong)."""
    cap = list(form.cap)
    free = Counter(form.set_slots)
    for exposure in held.exposures:
        key = (exposure.kind, exposure.size)
        if not free[key]:
            return None
        free[key] -= 1
        cap[exposure.kind] -= exposure.size
    return cap


def fits(form: Form, held: Held) -> bool:
    """Whether the hand matches this form exactly."""
    if held.exposures and form.line.concealed:
        return False
    if not held.kinds <= form.kinds:
        return False
    if not all(map(le, form.exact, held.counts)):
        return False
    cap = form.cap
    if held.exposures:
        cap = _exposure_caps(form, held)
        if cap is None:
            return False
    if not all(map(le, held.counts, cap)):
        return False
    return held.jokers == sum(cap) - sum(held.counts)


def fill(form: Form, held: Held) -> tuple[Filled, ...]:
    """Which of the hand's tiles fill each group of a form it fits."""
    pool = list(held.counts)
    flowers = list(held.flowers)
    jokers = held.jokers
    exposures = list(held.exposures)
    out: list[Filled | None] = [None] * len(form.groups)

    def take(kind: int) -> int:
        pool[kind] -= 1
        return flowers.pop(0) if kind == FLOWER else kind

    for i, (group, kinds) in enumerate(zip(form.line.groups, form.groups, strict=True)):
        if group.jokerable:
            exposure = next((e for e in exposures if (e.kind, e.size) == (kinds[0], group.size)),
                            None)
            if exposure:
                exposures.remove(exposure)
                out[i] = Filled(group.text, exposure.tiles, True,
                                kinds[0] if exposure.jokers else None)
        else:
            out[i] = Filled(group.text, tuple(take(k) for k in kinds), False, None)
    for i, (group, kinds) in enumerate(zip(form.line.groups, form.groups, strict=True)):
        if out[i] is None:
            naturals = min(pool[kinds[0]], group.size)
            held_tiles = tuple(take(kinds[0]) for _ in range(naturals))
            wild = group.size - naturals
            jokers -= wild
            out[i] = Filled(group.text, held_tiles + (tiles.JOKER,) * wild, False,
                            kinds[0] if wild else None)
    return tuple(out)


def matches(card: Card, held: Held) -> list[Match]:
    """Every line the hand matches (its first fitting form), in card order."""
    found: list[Match] = []
    done: set[int] = set()
    for form in card.forms:
        if form.line.index not in done and fits(form, held):
            done.add(form.line.index)
            found.append(Match(form, fill(form, held)))
    return found


def waits(card: Card, held: Held) -> list[int]:
    """The tiles (kinds, the flower folded, tiles.JOKER) that would complete a 13-tile hand.

    A form is one tile short when every natural fits under its caps and at most one place of a
    group that takes no joker is empty: then that tile is the only wait; otherwise the empty place
    is in a set, which a joker or any natural its set still lacks fills. A tile of which the hand
    already holds every copy of the set is no wait."""
    found: set[int] = set()
    kinds, counts = held.kinds, held.counts
    for form in card.forms:
        if not kinds <= form.kinds or (held.exposures and form.line.concealed):
            continue
        cap = _exposure_caps(form, held) if held.exposures else form.cap
        if cap is None or not all(map(le, counts, cap)):
            continue
        short = [k for k in form.kinds if counts[k] < form.exact[k]]
        if len(short) > 1 or (short and form.exact[short[0]] - counts[short[0]] > 1):
            continue
        if short:
            found.add(short[0])
        elif form.sets:
            found.add(tiles.JOKER)
            found.update(k for k in form.kinds if counts[k] < cap[k])
    every = held.all_counts
    return sorted(k for k in found if (held.all_jokers if k == tiles.JOKER else every[k])
                  < (8 if k == tiles.JOKER else copies(k)))


# The closest line, for a hand that matches none -------------------------------------------------

class Near(Frozen):
    form: Form
    placed: int  # how many of the hand's 14 tiles this form can seat
    missing: tuple[int, ...]  # kinds of the empty places (tiles.JOKER never: a natural is named)
    extra: tuple[int, ...]  # the hand's tiles with no place (tiles.JOKER for a joker)
    problems: tuple[str, ...]  # exposures the line cannot take

    def as_dict(self) -> dict:
        line = self.form.line
        return {"id": line.id, "value": line.value, "name": line.section, "line": line.text,
                "as": self.form.text(), "missing": [kind_code(k) for k in self.missing],
                "extra": [kind_code(k) for k in self.extra],
                "problems": list(self.problems)}


def _add(columns) -> list[int]:
    return [sum(seated) for seated in zip(*columns, strict=True)]


def placed(card: Card, counts: tuple[int, ...], jokers: int) -> list[int]:
    """For every form, how many of the hand's tiles it can seat, exposures aside: naturals up to
    its count of their kind, jokers in the places of its sets that naturals left open."""
    held = [(k, n) for k, n in enumerate(counts) if n]
    naturals = _add(card.column(k, n, False) for k, n in held)
    exact = _add(card.column(k, n, True) for k, n in held)
    return [n + min(jokers, slots - (n - e))
            for n, e, slots in zip(naturals, exact, card.joker_slots, strict=True)]


def _exposure_problems(form: Form, held: Held) -> tuple[str, ...]:
    if not held.exposures:
        return ()
    if form.line.concealed:
        return (f"{form.line.id} is a concealed (C) hand: it takes no exposure",)
    free = Counter(form.set_slots)
    problems = []
    for exposure in held.exposures:
        key = (exposure.kind, exposure.size)
        if free[key]:
            free[key] -= 1
        else:
            problems.append(f"the exposure {exposure.text()} fills no group of {exposure.size} "
                            f"{kind_name(exposure.kind)} in it")
    return tuple(problems)


def closest(card: Card, held: Held) -> Near:
    """The form that seats most of the hand's tiles (ties: exposures fitting, then card order)."""
    seated = placed(card, held.all_counts, held.all_jokers)
    most = max(seated)
    tied = [form for form, n in zip(card.forms, seated, strict=True) if n == most]
    best = next((form for form in tied if not _exposure_problems(form, held)), tied[0])
    return _near(best, held)


def _near(form: Form, held: Held) -> Near:
    counts, jokers = held.all_counts, held.all_jokers
    missing, extra = [], []
    for kind in range(VECTOR):
        have, exact, cap = counts[kind], form.exact[kind], form.cap[kind]
        missing += [kind] * max(0, exact - have)
        extra += [kind] * max(0, have - cap)
    spare = jokers
    for kind in range(VECTOR):
        open_slots = form.cap[kind] - max(form.exact[kind], counts[kind])
        if open_slots > 0:
            used = min(spare, open_slots)
            spare -= used
            missing += [kind] * (open_slots - used)
    extra += [tiles.JOKER] * spare
    placed = HAND_SIZE - len(missing)
    return Near(form, placed, tuple(missing), tuple(extra), _exposure_problems(form, held))
