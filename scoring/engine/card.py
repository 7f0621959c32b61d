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
of its tile and size; the kinds alone, as bits (`uses`, `needs`), rule most forms out first. The
forms of a line that make the same demand are kept once.

A card costs every request that uses it a time bounded by its work: its forms, matched against
each hand, and its groups, read, filled and shown for each line a hand matches. A card whose work
exceeds MAX_WORK is refused (`bad_card`) before any form is made; `parse_card` keeps the last few
cards read, so a table's later hands do not read theirs again. `bench/worst.py` builds the worst
requests and times them against the bound.
"""

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import permutations, repeat
from operator import add, le, sub

from . import tiles
from .errors import HandError
from .messages import SUIT_WORDS, Message, gettext_noop, joined, pgettext, tile_word
from .notation import format_tiles

FLOWER = tiles.FLOWER_BASE  # every flower folds into this one kind: any flower is "a flower"
VECTOR = FLOWER + 1  # count vectors cover the 34 playing kinds and the flower
SUITED = tiles.HONOR_BASE  # kinds 0-26 are numbered: the only ones a shift moves
SUITED_BITS = (1 << SUITED) - 1
HAND_SIZE = 14
SUIT_LETTERS = "abc"
DIGITS = "123456789"
# The dragon of each suit: red with characters, green with bamboo, white ("soap") with circles.
SUIT_DRAGON = {"m": tiles.RED, "s": tiles.GREEN, "p": tiles.WHITE}
SUITLESS = {"0": tiles.WHITE, "F": FLOWER, "N": tiles.NORTH, "E": tiles.EAST, "W": tiles.WEST,
            "S": tiles.SOUTH, "R": tiles.RED, "G": tiles.GREEN}
SYMBOLS = set(DIGITS) | set(SUITLESS) | {"D"}
# The kind of each card symbol under each suit its letter may be bound to (None: no letter),
# before any shift.
KIND = {**{(digit, suit): tiles.make(int(digit), suit) for digit in DIGITS for suit in tiles.SUITS},
        **{("D", suit): dragon for suit, dragon in SUIT_DRAGON.items()},
        **{(symbol, None): kind for symbol, kind in SUITLESS.items()}}
FLAGS = ("shift", "shift-even", "sp")
# A printed card has about 60 lines: these bounds keep a pasted card quick to read.
MAX_CARD_LINES = 200
MAX_CARD_CHARS = 20_000
# What a card may cost each hand: its forms (each line's shifts times its distinct suit bindings)
# plus its groups. Measured, a form and a group cost about alike: a line's groups are read, then
# filled and shown whenever a hand matches the line, and reading a line's bindings and matching
# its forms cost per form. The bound reads a card at the line limit made of ordinary lines, like
# the spec's ev1 (FF 222a 444a 666b 888b: 6 forms, 5 groups), and refuses the same lines moved
# by a shift; the demo card is 464. bench/worst.py times the worst request it builds within it
# (a new card of 200 alike lines, every one matching the hand) against the 50 ms bound.
MAX_WORK = 2200
GROUP = re.compile(r"^(?P<symbols>[^abc]+)(?P<suit>[abc])?$")
# A group without fault: numbers or D (and any suitless symbols) with a suit letter, or suitless
# symbols alone.
WELL_FORMED = re.compile(r"(?P<symbols>[0-9DFNEWSRG]*[1-9D][0-9DFNEWSRG]*(?=[abc]$)|[0FNEWSRG]+$)"
                         r"(?P<suit>[abc])?")


# A matched group's tiles as text. Cached: a hand matching many lines of a card fills the same
# groups from the same tiles, line after line (bounded; a hand has only 14 tiles to group).
group_text = lru_cache(maxsize=1024)(format_tiles)


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
    """A kind for a message, in the players' words: '5 of circles', 'a flower', 'joker' (never
    its code: a player reads the tiles, not the notation)."""
    return gettext_noop("a flower") if kind == FLOWER else tile_word(kind)


def group_said(kinds) -> Message | str:
    """A group's tiles in words: the numbers of one suit together ('2026' of a year: '226 of
    characters + White dragon'), a kind held several times counted ('4 × North wind')."""
    parts, suited = [], {}
    for kind in sorted(kinds):
        if tiles.is_suited(kind):
            suited.setdefault(tiles.suit_of(kind), []).append(str(tiles.rank_of(kind)))
    for suit, ranks in suited.items():
        parts.append(gettext_noop("{ranks} of {suit}", ranks="".join(ranks),
                                  suit=SUIT_WORDS[suit]))
    others = Counter(k for k in kinds if not tiles.is_suited(k))
    for kind, count in sorted(others.items()):
        parts.append(gettext_noop("{count} × {tile}", count=count, tile=kind_name(kind))
                     if count > 1 else kind_name(kind))
    return joined(parts, " + ")


# The sections of the project's demo card, in the page's language (a pasted card's own sections
# stay as its table wrote them).
SECTION_WORDS = {
    "Years": pgettext("card section", "Years"),
    "Evens": pgettext("card section", "Evens"),
    "Odds": pgettext("card section", "Odds"),
    "Like numbers": pgettext("card section", "Like numbers"),
    "Consecutive runs": pgettext("card section", "Consecutive runs"),
    "Winds and dragons": pgettext("card section", "Winds and dragons"),
    "Quints": pgettext("card section", "Quints"),
    "Singles and pairs": pgettext("card section", "Singles and pairs"),
}


def section_word(section: str):
    return SECTION_WORDS.get(section, section)


# The card --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class CardGroup:
    """One group of a card line as written: `222a`, `NEWS`, `DDDDc`, `FF`.

    With the two facts every expansion of the line reads: `size`, and `jokerable`, a pung, kong,
    quint or sextet (one symbol repeated three or more times)."""

    text: str
    symbols: str
    suit: str | None
    size: int = field(init=False, repr=False, compare=False)
    jokerable: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "size", len(self.symbols))
        object.__setattr__(self, "jokerable",
                           len(self.symbols) >= 3 and len(set(self.symbols)) == 1)

    def resolve(self, binding: dict[str, str], shift: int) -> tuple[int, ...]:
        """The tile kinds this group stands for under a suit binding and a shift."""
        suit = binding.get(self.suit)
        return tuple(SUITLESS[symbol] if symbol in SUITLESS
                     else KIND[symbol, suit] + (shift if symbol != "D" else 0)
                     for symbol in self.symbols)


# Line, Form, Card and Held cache facts on first use (functools.cached_property, which keeps them
# in the instance's __dict__), so they have no slots. A line, a form and a card compare and hash
# as themselves (eq=False): two lines alike are still two hands of the card.
@dataclass(frozen=True, eq=False)
class Line:
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
    letters: tuple[str, ...]  # its suit letters, sorted
    shifts: tuple[int, ...]  # the amounts its numbers may move by, the line as printed (0) first

    @cached_property
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
        kind = pgettext("card line", "concealed") if self.concealed \
            else gettext_noop("exposures allowed")
        extra = {"shift": gettext_noop(", any number may move by the same amount"),
                 "shift-even": gettext_noop(", any number may move by the same even amount")
                 }.get(self.shift, "")
        return {"id": self.id, "name": section_word(self.section), "english": self.text,
                "chinese": "", "value": self.value, "per": None, "excludes": [],
                "definition": gettext_noop("{line} ({kind}{extra}{note}).", line=self.text,
                                           kind=kind, extra=extra, note=self.no_bonus_note())}

    def no_bonus_note(self) -> str:
        if self.sp:
            return gettext_noop("; singles and pairs, no jokerless bonus")
        if not self.takes_jokers:
            return gettext_noop("; takes no joker, no jokerless bonus")
        return ""


@dataclass(frozen=True, eq=False)
class Form:
    """A line with its suit letters bound and its numbers shifted: the tiles it demands."""

    line: Line
    binding: tuple[tuple[str, str], ...]  # (('a', 'm'), ('b', 'p'))
    shift: int
    exact: tuple[int, ...]  # per kind: tiles in groups that take no joker
    cap: tuple[int, ...]  # per kind: exact plus the jokerable groups' sizes
    uses: int  # bit k set when the form has a place for kind k (cap[k] > 0)
    needs: int  # bit k set when a group that takes no joker holds kind k (exact[k] > 0)
    unshifted_sets: tuple[tuple[int, int], ...]  # `sets` before the shift, shared by the binding

    @cached_property
    def sets(self) -> tuple[tuple[int, int], ...]:
        """(kind, size) of each jokerable group, in the line's order."""
        shift = self.shift
        return tuple((k + shift if k < SUITED else k, n) for k, n in self.unshifted_sets)

    @cached_property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """Each group's tile kinds, in the line's order (made when a match or a message shows
        them, not for every form of the card)."""
        binding = dict(self.binding)
        return tuple(g.resolve(binding, self.shift) for g in self.line.groups)

    @cached_property
    def kinds(self) -> frozenset[int]:
        """The kinds it uses."""
        return frozenset(k for k, n in enumerate(self.cap) if n)

    @cached_property
    def set_slots(self) -> Counter:
        return Counter(self.sets)

    @cached_property
    def joker_slots(self) -> int:
        return sum(self.cap) - sum(self.exact)

    def text(self) -> str:
        """The line as these tiles: '222m 444m 666p 888p'."""
        return " ".join(format_tiles(g) for g in self.groups)

    def said(self) -> Message | str:
        """The line as these tiles, in the players' words: '222 of characters · 444 of
        characters · 666 of circles · 888 of circles' (a message names tiles, not codes)."""
        return joined([group_said(g) for g in self.groups], " · ")


@dataclass(frozen=True, eq=False)
class Card:
    lines: tuple[Line, ...]
    forms: tuple[Form, ...]  # every line's forms, the lines in card order

    @cached_property
    def joker_slots(self) -> tuple[int, ...]:
        return tuple(f.joker_slots for f in self.forms)

    @cached_property
    def cap_columns(self) -> tuple[tuple[int, ...], ...]:
        """Per kind, every form's cap of it (the forms' caps as columns), for `placed`."""
        return tuple(zip(*(f.cap for f in self.forms), strict=True))

    @cached_property
    def exact_columns(self) -> tuple[tuple[int, ...], ...]:
        """Per kind, every form's exact count of it."""
        return tuple(zip(*(f.exact for f in self.forms), strict=True))

    def only(self, line_id) -> "Card":
        """The card cut down to one of its hands, to check a hand against that line alone."""
        line = next((line for line in self.lines if line.id == line_id), None)
        if line is None:
            listed = ", ".join(line.id for line in self.lines[:12])
            more = ", ..." if len(self.lines) > 12 else ""
            raise HandError("bad_request", gettext_noop(
                "The card has no line {line}; its lines are {listed}{more}.", line=repr(line_id),
                listed=listed, more=more), ("line",))
        return Card(lines=(line,), forms=tuple(f for f in self.forms if f.line is line))


def _fault(number: int, raw: str, what: str) -> HandError:
    return HandError("bad_card", gettext_noop("Card line {number}: {what} (the line reads "
                                              "'{raw}').", number=number, what=what,
                                              raw=raw.strip()))


def _parse_group(text: str, fault) -> CardGroup:
    well_formed = WELL_FORMED.fullmatch(text)
    if well_formed:  # the common case, in one step; any other group is one of the faults below
        return CardGroup(text, *well_formed.group("symbols", "suit"))
    match = GROUP.match(text)
    if not match:
        where = next(i for i, ch in enumerate(text) if ch in SUIT_LETTERS)
        raise fault(gettext_noop("in the group '{group}' the suit letter '{letter}' must come "
                                 "last, once", group=text, letter=text[where]))
    symbols, suit = match["symbols"], match["suit"]
    for symbol in symbols:
        if symbol not in SYMBOLS:
            hint = (gettext_noop(" (suit letters on a card are a, b, c)") if symbol in "mps"
                    else "")
            raise fault(gettext_noop("'{symbol}' in the group '{group}' is not a card "
                                     "symbol{hint}; symbols are 1-9, D, 0, F, N, E, W, S, R, G",
                                     symbol=symbol, group=text, hint=hint))
    suited = any(s in DIGITS or s == "D" for s in symbols)
    if suited and not suit:
        raise fault(gettext_noop("the group '{group}' has numbers or D and needs a suit letter "
                                 "a, b or c", group=text))
    if suit and not suited:
        raise fault(gettext_noop("the group '{group}' has a suit letter but no number or D to "
                                 "take it", group=text))
    return CardGroup(text, symbols, suit)


def _parse_line(raw: str, body: str, number: int, section: str, index: int) -> Line:
    def fault(what):
        return _fault(number, raw, what)

    head, colon, rest = body.partition(":")
    if not colon:
        raise fault(gettext_noop(
            "no ':' between 'id value X|C [shift|shift-even] [sp]' and the groups"))
    words = head.split()
    if len(words) < 3:
        raise fault(gettext_noop("before ':' a line needs its id, its value and X or C"))
    line_id, value, kind, *flags = words
    if not value.isdigit() or int(value) <= 0:
        raise fault(gettext_noop("the value '{value}' is not a whole number of points above 0",
                                 value=value))
    if kind not in ("X", "C"):
        raise fault(gettext_noop("'{kind}' must be X (exposures allowed) or C (concealed)",
                                 kind=kind))
    for flag in flags:
        if flag not in FLAGS:
            raise fault(gettext_noop("'{flag}' is not a flag; after X or C come only shift or "
                                     "shift-even, and sp", flag=flag))
    if len(set(flags)) != len(flags) or ("shift" in flags and "shift-even" in flags):
        raise fault(gettext_noop("each flag may appear once, and only one of shift and "
                                 "shift-even"))
    texts = rest.split()
    if not texts:
        raise fault(gettext_noop("no groups after ':'"))
    groups = tuple(_parse_group(text, fault) for text in texts)
    size = sum(g.size for g in groups)
    if size != HAND_SIZE:
        raise fault(gettext_noop("its groups hold {size} tiles; a hand is {most}", size=size,
                                 most=HAND_SIZE))
    shift = next((f for f in flags if f.startswith("shift")), None)
    digits = [int(s) for g in groups if g.suit for s in g.symbols if s in DIGITS]
    if shift and not digits:
        raise fault(gettext_noop("'{shift}' moves numbers, but the line has none", shift=shift))
    letters = tuple(sorted({g.suit for g in groups if g.suit}))
    return Line(line_id, int(value), kind == "C", shift, "sp" in flags, section, groups, number,
                index, letters, _shifts(shift, digits))


def _shifts(flag: str | None, digits: list[int]) -> tuple[int, ...]:
    """The amounts a line's numbers may move by (`shift`: any; `shift-even`: even) so that all
    stay within 1..9, the line as printed (0) first."""
    if not flag:
        return (0,)
    low, high = 1 - min(digits), 9 - max(digits)
    steps = [d for d in range(low, high + 1) if flag == "shift" or d % 2 == 0]
    return tuple(sorted(steps, key=abs))


def _moved(vector: tuple[int, ...], shift: int) -> tuple[int, ...]:
    """A count vector with every numbered kind moved `shift` ranks up (down when negative).

    The 27 numbered counts move as one block: a line's shifts keep every number within 1..9, so
    the ranks that a move would carry past a suit's 9 (or below its 1) hold nothing, and nothing
    crosses from one suit into the next."""
    if shift > 0:
        return (0,) * shift + vector[:SUITED - shift] + vector[SUITED:]
    if shift < 0:
        return vector[-shift:SUITED] + (0,) * -shift + vector[SUITED:]
    return vector


def _moved_bits(bits: int, shift: int) -> int:
    """A set of kinds (as bits) with its numbered kinds moved as `_moved` moves them (as one block,
    for the same reason)."""
    if not shift:
        return bits
    suited = bits & SUITED_BITS
    return (bits & ~SUITED_BITS) | (suited << shift if shift >= 0 else suited >> -shift)


def _bits(vector) -> int:
    """The kinds a count vector holds, as bits (bit k: vector[k] > 0)."""
    return _bits_of(k for k, n in enumerate(vector) if n)


def _bits_of(kinds) -> int:
    return sum(1 << k for k in kinds)


def _bindings(line: Line, raw: str) -> list[tuple]:
    """Each binding of the line's letters to different suits, resolved at shift 0: (binding,
    exact, cap, uses, needs, sets). A binding that needs more copies of a tile than the set has,
    in groups that take no joker, is the line's fault (a shift moves counts, never changes them).
    A binding that demands what an earlier one does is left out: so would all its shifts be (two
    forms alike come from one shift, since a shift moves every number of the line)."""
    letters = line.letters
    slot = {letter: i for i, letter in enumerate(letters)}  # a letter's place in `suits` below
    slot[None] = len(letters)  # a suitless symbol's: None
    # The line's tile places, counted by what decides their kind and whether a joker may fill them.
    places = Counter((slot[None if symbol in SUITLESS else g.suit], symbol, g.jokerable)
                     for g in line.groups for symbol in g.symbols).items()
    heads = [(slot[g.suit], g.symbols[0], g.size) for g in line.groups if g.jokerable]
    bound: dict[tuple, tuple] = {}
    for suits in permutations(tiles.SUITS, len(letters)):
        slots = (*suits, None)  # the suit at each slot
        exact, cap = [0] * VECTOR, [0] * VECTOR
        uses = needs = 0
        for (at, symbol, jokerable), n in places:
            kind = KIND[symbol, slots[at]]
            cap[kind] += n
            uses |= 1 << kind
            if not jokerable:
                exact[kind] += n
                needs |= 1 << kind
        sets = [(KIND[symbol, slots[at]], size) for at, symbol, size in heads]
        key = (tuple(exact), tuple(cap), *sorted(sets))
        if key in bound:
            continue
        if max(exact) > 4 and (max(exact[:FLOWER]) > 4 or exact[FLOWER] > copies(FLOWER)):
            over = next(k for k, n in enumerate(exact) if n > copies(k))
            raise _fault(line.number, raw, gettext_noop(
                "it needs {count} of {kind} in groups that take no joker, but the set has only "
                "{most}", count=exact[over], kind=kind_name(over), most=copies(over)))
        bound[key] = (tuple(zip(letters, suits, strict=True)), key[0], key[1], uses, needs,
                      tuple(sets))
    return list(bound.values())


def _forms(line: Line, bound: list[tuple]) -> list[Form]:
    """The line's forms: each binding moved by each shift, shifts outermost (the line as printed
    first)."""
    return [Form(line, binding, shift, _moved(exact, shift), _moved(cap, shift),
                 _moved_bits(uses, shift), _moved_bits(needs, shift), sets)
            for shift in line.shifts for binding, exact, cap, uses, needs, sets in bound]


def _too_much_work(lines: list[Line], forms: list[int]) -> HandError:
    """`bad_card` for a card over MAX_WORK, naming the lines that cost most."""
    work = [n + len(line.groups) for line, n in zip(lines, forms, strict=True)]
    heaviest = sorted(range(len(lines)), key=lambda i: (-work[i], i))[:3]
    named = [gettext_noop("{id} (line {number}) {forms} forms and {groups} groups",
                          id=lines[i].id, number=lines[i].number, forms=forms[i],
                          groups=len(lines[i].groups)) for i in heaviest]
    return HandError("bad_card", gettext_noop(
        "The card is too much to match per hand: its lines expand to {forms} forms (shifts x suit "
        "bindings) and hold {groups} groups, {work} in all; a card may have at most {most}: "
        "remove shifts or lines. The most: {named}.", forms=sum(forms),
        groups=sum(work) - sum(forms), work=sum(work), most=MAX_WORK, named=named))


@lru_cache(maxsize=16)
def parse_card(text: str) -> Card:
    """Read a card; the first fault is a `bad_card` error naming its line and what is wrong, then
    a card over MAX_WORK is `bad_card` saying why, before any form is made.

    Cached on the text (a pure function of it): a table pastes its card once and scores many hands.
    16 cards: a card at the bound holds thousands of objects, which the garbage collector walks in
    every full collection (bench/worst.py times requests with the cache full of such cards).
    """
    if not isinstance(text, str):
        raise HandError("bad_card", gettext_noop("The card must be text, one hand per line."))
    if len(text) > MAX_CARD_CHARS or len(text.splitlines()) > MAX_CARD_LINES:
        raise HandError("bad_card", gettext_noop(
            "The card is {length} characters on {lines} lines; a card may have at most "
            "{most_lines} lines and {most_chars} characters.", length=len(text),
            lines=len(text.splitlines()), most_lines=MAX_CARD_LINES, most_chars=MAX_CARD_CHARS))
    lines: list[Line] = []
    bindings: list[list[tuple]] = []  # each line's suit bindings, resolved
    # Lines of the same groups (their ids, values and shifts aside) have the same bindings.
    bound_by_groups: dict[tuple[CardGroup, ...], list[tuple]] = {}
    seen: dict[str, int] = {}
    section = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if body.startswith("["):
            if not body.endswith("]") or not body[1:-1].strip():
                raise _fault(number, raw, gettext_noop(
                    "a section is written [Name], on a line of its own"))
            section = body[1:-1].strip()
            continue
        line = _parse_line(raw, body, number, section, len(lines))
        if line.id in seen:
            raise _fault(number, raw, gettext_noop("the id '{id}' is already used on line {other}",
                                                   id=line.id, other=seen[line.id]))
        seen[line.id] = number
        lines.append(line)
        if line.groups not in bound_by_groups:
            bound_by_groups[line.groups] = _bindings(line, raw)
        bindings.append(bound_by_groups[line.groups])
    if not lines:
        raise HandError("bad_card", gettext_noop(
            "The card has no hands: write one hand per line, like "
            "'ev1 25 X : FF 222a 444a 666b 888b'."))
    forms = [len(line.shifts) * len(bound) for line, bound in zip(lines, bindings, strict=True)]
    if sum(forms) + sum(len(line.groups) for line in lines) > MAX_WORK:
        raise _too_much_work(lines, forms)
    return Card(tuple(lines), tuple(form for line, bound in zip(lines, bindings, strict=True)
                                    for form in _forms(line, bound)))


# The hand as the matcher sees it ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Exposure:
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


@dataclass(frozen=True)
class Held:
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
    def shows(self) -> int:
        """`kinds` as bits (bit k: the hand holds kind k), to test against a form's `uses`."""
        return _bits_of(self.kinds)

    @cached_property
    def concealed_bits(self) -> int:
        """The kinds among the concealed tiles, as bits, to test against a form's `needs`."""
        return _bits(self.counts)

    @cached_property
    def exposure_slots(self) -> tuple[tuple[tuple[int, int], int], ...]:
        """Each (kind, size) of the exposures, with how many exposures have it."""
        return tuple(Counter((e.kind, e.size) for e in self.exposures).items())

    @cached_property
    def exposed(self) -> tuple[int, ...]:
        """Per kind, the tiles of the exposures of that kind, jokers included: the places they
        take in a form's groups."""
        totals = [0] * VECTOR
        for e in self.exposures:
            totals[e.kind] += e.size
        return tuple(totals)

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

@dataclass(frozen=True, slots=True)
class Filled:
    """One group of the matched line and the tiles that fill it."""

    card: str  # the group as the card writes it: '222a'
    tiles: tuple[int, ...]  # the hand's tiles in it, jokers as tiles.JOKER
    exposed: bool
    stands_for: int | None  # the tile its jokers stand for (None: no joker, or any tile)

    def text(self) -> str:
        body = group_text(self.tiles)
        return f"[{body}]" if self.exposed else body

    def as_dict(self) -> dict:
        jokers = self.tiles.count(tiles.JOKER)
        return {"group": self.card, "tiles": [tiles.code(t) for t in self.tiles],
                "exposed": self.exposed,
                "jokers": [kind_code(self.stands_for) if self.stands_for is not None else "any"]
                * jokers}


@dataclass(frozen=True, eq=False)
class Match:
    """A form the hand fits. Which tiles fill each group is worked out when asked: ranking the
    matches needs only their lines, and analyse, which scores every wait, shows none of them."""

    form: Form
    held: Held

    @property
    def line(self) -> Line:
        return self.form.line

    @cached_property
    def filled(self) -> tuple[Filled, ...]:
        return fill(self.form, self.held)


def _exposures_fit(form: Form, held: Held) -> bool:
    """Whether each exposure can take a whole group of the form, of its tile and size (a pung
    never fills a kong), each group taken once."""
    sets = form.sets
    return all(sets.count(slot) >= n for slot, n in held.exposure_slots)


def _exposure_caps(form: Form, held: Held) -> list[int] | None:
    """The form's caps left for concealed tiles once each exposure took a whole group, or None
    when the exposures do not fit its groups."""
    if not _exposures_fit(form, held):
        return None
    return list(map(sub, form.cap, held.exposed))


def fits(form: Form, held: Held) -> bool:
    """Whether the hand matches this form exactly."""
    if held.exposures and form.line.concealed:
        return False
    # First the kinds alone, as bits: a tile the form has no place for, or a place of a group
    # that takes no joker whose kind the hand does not hold, rules most forms out at once.
    if held.shows & ~form.uses or form.needs & ~held.concealed_bits:
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
    """Which of the hand's tiles fill each group of a form it fits: first the exposures and the
    groups that take no joker, then the concealed sets from what is left, jokers completing them.
    The concealed flowers are handed out as written, in that order."""
    pool = list(held.counts)
    flowers = iter(held.flowers)
    exposures = list(held.exposures)
    out: list[Filled | None] = []
    for group, kinds in zip(form.line.groups, form.groups, strict=True):
        if not group.jokerable:
            for kind in kinds:
                pool[kind] -= 1
            if FLOWER in kinds:
                kinds = tuple(next(flowers) if kind == FLOWER else kind for kind in kinds)
            out.append(Filled(group.text, kinds, False, None))
            continue
        exposure = exposures and next(
            (e for e in exposures if (e.kind, e.size) == (kinds[0], group.size)), None)
        if exposure:
            exposures.remove(exposure)
            out.append(Filled(group.text, exposure.tiles, True,
                              kinds[0] if exposure.jokers else None))
        else:
            out.append(None)  # a concealed set, filled below
    for i, (group, kinds) in enumerate(zip(form.line.groups, form.groups, strict=True)):
        if out[i] is None:
            kind = kinds[0]
            naturals = min(pool[kind], group.size)
            pool[kind] -= naturals
            held_tiles = (tuple(next(flowers) for _ in range(naturals)) if kind == FLOWER
                          else (kind,) * naturals)
            wild = group.size - naturals
            out[i] = Filled(group.text, held_tiles + (tiles.JOKER,) * wild, False,
                            kind if wild else None)
    return tuple(out)


# A hand is matched against its card once: scoring the same tiles again with another context
# (analyse scores each wait self-drawn and on a discard) reuses the matches and the waits. A card
# hashes as itself (the cache of parse_card keeps one object per text), a hand by its tiles.
@lru_cache(maxsize=64)
def matches(card: Card, held: Held) -> tuple[Match, ...]:
    """Every line the hand matches (its first fitting form), in card order."""
    found: list[Match] = []
    done: set[int] = set()
    for form in card.forms:
        if form.line.index not in done and fits(form, held):
            done.add(form.line.index)
            found.append(Match(form, held))
    return tuple(found)


@lru_cache(maxsize=64)
def waits(card: Card, held: Held) -> tuple[int, ...]:
    """The tiles (kinds, the flower folded, tiles.JOKER) that would complete a 13-tile hand.

    A form is one tile short when every natural fits under its caps and at most one place of a
    group that takes no joker is empty: then that tile is the only wait; otherwise the empty place
    is in a set, which a joker or any natural its set still lacks fills. A tile of which the hand
    already holds every copy of the set is no wait."""
    found: set[int] = set()
    shows, counts = held.shows, held.counts
    for form in card.forms:
        if shows & ~form.uses or (held.exposures and form.line.concealed):
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
    return tuple(sorted(k for k in found if (held.all_jokers if k == tiles.JOKER else every[k])
                        < (8 if k == tiles.JOKER else copies(k))))


# The closest line, for a hand that matches none -------------------------------------------------

@dataclass(frozen=True, slots=True)
class Near:
    form: Form
    placed: int  # how many of the hand's 14 tiles this form can seat
    missing: tuple[int, ...]  # kinds of the empty places (tiles.JOKER never: a natural is named)
    extra: tuple[int, ...]  # the hand's tiles with no place (tiles.JOKER for a joker)
    problems: tuple[str, ...]  # exposures the line cannot take

    def as_dict(self) -> dict:
        line = self.form.line
        return {"id": line.id, "value": line.value, "name": section_word(line.section),
                "line": line.text,
                "as": self.form.text(), "missing": [kind_code(k) for k in self.missing],
                "extra": [kind_code(k) for k in self.extra],
                "problems": list(self.problems)}


def _add(columns, size: int) -> list[int]:
    """Per form, the sum of the columns (each a number per form, `size` forms)."""
    total = repeat(0, size)
    for column in columns:
        total = map(add, total, column)
    return list(total)


def naturals_seated(card: Card, counts: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """For every form, how many of the hand's naturals it seats (up to its cap of each kind), and
    how many of those in places that take no joker (up to its exact count of the kind)."""
    held = [(k, n) for k, n in enumerate(counts) if n]
    size = len(card.forms)
    return (_add((map(min, repeat(n), card.cap_columns[k]) for k, n in held), size),
            _add((map(min, repeat(n), card.exact_columns[k]) for k, n in held), size))


def seated(naturals: int, exact: int, joker_slots: int, jokers: int) -> int:
    """How many of the hand's tiles a form seats: its naturals (`naturals_seated`), and jokers in
    the places of its sets that naturals left open."""
    return naturals + min(jokers, joker_slots - (naturals - exact))


def placed(card: Card, counts: tuple[int, ...], jokers: int) -> list[int]:
    """For every form, how many of the hand's tiles it can seat, exposures aside."""
    naturals, exact = naturals_seated(card, counts)
    return [seated(n, e, slots, jokers)
            for n, e, slots in zip(naturals, exact, card.joker_slots, strict=True)]


def _exposure_problems(form: Form, held: Held) -> tuple[str, ...]:
    if not held.exposures:
        return ()
    if form.line.concealed:
        return (gettext_noop("{id} is a concealed (C) hand: it takes no exposure",
                             id=form.line.id),)
    free = Counter(form.set_slots)
    problems = []
    for exposure in held.exposures:
        key = (exposure.kind, exposure.size)
        if free[key]:
            free[key] -= 1
        else:
            problems.append(gettext_noop("the exposure {exposure} fills no group of {size} "
                                         "tiles ({kind}) in it", exposure=exposure.text(),
                                         size=exposure.size, kind=kind_name(exposure.kind)))
    return tuple(problems)


def closest(card: Card, held: Held) -> Near:
    """The form that seats most of the hand's tiles (ties: exposures fitting, then card order)."""
    seated = placed(card, held.all_counts, held.all_jokers)
    most = max(seated)
    tied = [form for form, n in zip(card.forms, seated, strict=True) if n == most]
    fitting = (form for form in tied
               if not held.exposures or (not form.line.concealed and _exposures_fit(form, held)))
    best = next(fitting, tied[0])
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
