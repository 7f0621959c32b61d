"""The hand notation of the contract (§1): a strict parser and the canonical formatter, its inverse.

The parser never guesses and never drops a character: anything it cannot read is a `bad_notation`
error naming the position (1-based) and the text at fault.
"""

import re
from collections import namedtuple

from . import tiles
from .errors import HandError
from .messages import SUIT_WORDS, Message, gettext_noop

EXPOSED = "["
# The longest hand text read. The longest real hand, written as loosely as the notation allows
# (four kongs, the pair and eight flowers, every tile with its own suit letter, a space between
# tiles), is 89 characters: the bound is over twice that, and refuses only text that is no hand.
MAX_HAND_CHARS = 200
CLOSERS = {"[": "]", "(": ")"}


class Group(namedtuple("Group", "bracket tiles red", defaults=((),))):
    """A bracketed group as written: `[...]` exposed (claimed) or `(...)` a concealed kong;
    `tiles` sorted; `red`: the red fives among them (a red five is a five in `tiles`).

    A named tuple: one is made per group of every hand read, equal and hashed by value.
    """

    __slots__ = ()

    def text(self) -> str:
        return self.bracket + format_tiles(self.tiles, self.red) + CLOSERS[self.bracket]


class ParsedHand(namedtuple("ParsedHand", "concealed groups winning red winning_red",
                            defaults=((), False))):
    """What the notation says, before any rule looks at it (a named tuple, as Group is).

    `concealed`: sorted, the winning tile included, flowers and jokers too; `groups`: in the order
    written; `winning`: None only when no concealed tile could be the winning tile.
    Red fives (`0m`, `0p`, `0s`, Riichi's aka dora) are fives in `concealed`, `groups` and
    `winning`, so that every rule reads them as fives; `red` lists those among the concealed
    tiles (sorted), each group its own, and `winning_red` says the winning tile is one.
    """

    __slots__ = ()

    @property
    def has_red(self) -> bool:
        """Whether a red five is written anywhere: among the concealed tiles or in a group."""
        if self.red:
            return True
        for group in self.groups:
            if group.red:
                return True
        return False

    @property
    def all_red(self) -> tuple[int, ...]:
        """Every red five written, concealed and in groups (sorted)."""
        return tuple(sorted(self.red + tuple(t for group in self.groups for t in group.red)))


def _bad(text: str, position: int, what: str) -> HandError:
    shown = text[position - 1 : position + 5] or gettext_noop("the end")
    return HandError("bad_notation", gettext_noop("Position {position} ('{shown}'): {what}.",
                                                  position=position, shown=shown, what=what))


class _Reader:
    """Reads tiles from one string; `pos` is a 0-based index into it."""

    def __init__(self, text: str):
        self.text = text
        self.pos = 0
        self.red: list[int] = []  # where the last read_tiles found red fives (0m...), if any

    def error(self, what: Message, at: int | None = None) -> HandError:
        return _bad(self.text, (self.pos if at is None else at) + 1, what)

    def read_tiles(self, stop: str) -> list[int]:
        """Tiles up to one of the `stop` characters (or the end); digits need a suit letter.
        `red` says which of them (their places in the list returned) were written as red fives."""
        text, pos = self.text, self.pos
        found: list[int] = []
        self.red = []
        while pos < len(text) and text[pos] not in stop:
            match = _TILES.match(text, pos)
            if match is None:
                self.pos = pos
                raise self.fault()
            digits, letter, alias = match.groups()
            if digits:
                kinds = _RUN_KINDS[letter]
                if "0" in digits:  # red fives: their places among the tiles read
                    self.red += [len(found) + at for at, digit in enumerate(digits) if digit == "0"]
                try:
                    for digit in digits:
                        found.append(kinds[digit])
                except KeyError:
                    offset = next(at for at, digit in enumerate(digits) if digit not in kinds)
                    raise self.error(gettext_noop("there is no tile {tile}",
                                                  tile=digits[offset] + letter),
                                     at=pos + offset) from None
            elif alias:
                found.append(tiles.ALIASES[alias])
            pos = match.end()
        self.pos = pos
        return found

    def fault(self) -> HandError:
        """What is wrong where no tile, alias or space starts."""
        text, start = self.text, self.pos
        end = start
        while end < len(text) and text[end] in _DIGITS:
            end += 1
        if end > start:  # numbers, then something that is not their suit letter
            after = text[end] if end < len(text) else " "
            if after.isspace() or after in tiles.ALIASES or after in "[()]+":
                return self.error(gettext_noop("numbers '{numbers}' have no suit letter",
                                               numbers=text[start:end]))
            self.pos = end
            return self.fault()
        char = text[start]
        if char in tiles.SUIT_LETTERS:
            return self.error(gettext_noop("suit letter '{char}' has no numbers before it",
                                           char=char))
        return self.error(gettext_noop("'{char}' is not a tile, a suit letter or a bracket",
                                       char=char))


_DIGITS = "0123456789"
# A run of numbers with its suit letter, one honor alias (or the joker), or spaces.
_TILES = re.compile(r"([0-9]+)([mpszf])|([ESWNPFCJ])|\s+")
# Per suit letter, the tile kind of each digit written before it; 0 is the red five of m, p, s.
_RUN_KINDS = {letter: {**{str(number): base + number - 1 for number in range(1, size + 1)},
                       **({"0": base + 4} if letter in tiles.SUITS else {})}
              for letter, (base, size) in tiles.SUIT_LETTERS.items()}


def parse(text: str) -> ParsedHand:
    """Read a hand written in the contract's notation.

    >>> parse("234m 567p 22s [EEE] [789p] +2s").groups[0].text()
    '[111z]'
    """
    if not isinstance(text, str):
        raise HandError("bad_notation", gettext_noop(
            "The hand must be a string of tiles, like '123m 456p ...'."))
    if len(text) > MAX_HAND_CHARS:
        raise HandError("bad_notation", gettext_noop(
            "The hand is {length} characters long; a hand is written in at most {most}.",
            length=len(text), most=MAX_HAND_CHARS))
    return _read(text)


def _read(text: str) -> ParsedHand:
    """Character by character, so that a fault is found and named where it stands."""
    reader = _Reader(text)
    concealed: list[int] = []
    groups: list[Group] = []
    winning = None
    red: list[int] = []  # the red fives among the concealed tiles
    red_at: set[int] = set()  # their places among the concealed tiles, as written
    winning_red = False
    while True:
        found = reader.read_tiles(stop="[()]+")
        for at in reader.red:  # usually none
            red.append(found[at])
            red_at.add(len(concealed) + at)
        concealed += found
        if reader.pos == len(text):
            break
        char, start = text[reader.pos], reader.pos
        if char in CLOSERS:
            reader.pos += 1
            inside = reader.read_tiles(stop="[()]+")
            if reader.pos == len(text) or text[reader.pos] != CLOSERS[char]:
                raise reader.error(gettext_noop(
                    "the group opened at position {start} is not closed with '{closer}'",
                    start=start + 1, closer=CLOSERS[char]))
            if not inside:
                raise reader.error(gettext_noop("empty group"), at=start)
            reader.pos += 1
            red_inside = tuple(sorted([inside[at] for at in reader.red])) if reader.red else ()
            groups.append(Group(char, tuple(sorted(inside)), red_inside))
        elif char == "+":
            reader.pos += 1
            after = reader.read_tiles(stop="[()]+")  # spaces before it are read past
            if len(after) != 1:
                raise reader.error(gettext_noop(
                    "'+' must be followed by exactly one tile, the winning tile"), at=start)
            if reader.pos != len(text):
                raise reader.error(gettext_noop("nothing may follow the winning tile"))
            winning, winning_red = after[0], bool(reader.red)
            if winning not in concealed:
                raise reader.error(gettext_noop(
                    "the winning tile {tile} must be one of the concealed tiles (written outside "
                    "brackets)", tile=tiles.code(winning)), at=start)
            plain = concealed.count(winning) - red.count(winning)  # its copies not red
            if (red.count(winning) if winning_red else plain) < 1:
                shown = red_code(winning) if winning_red else tiles.code(winning)
                raise reader.error(gettext_noop(
                    "the winning tile {tile} must be one of the concealed tiles (a red five is "
                    "written 0, as in 0p)", tile=shown), at=start)
        else:
            raise reader.error(gettext_noop("'{char}' closes a group that was never opened",
                                            char=char))
    if winning is None:  # the last concealed playing tile written
        at = next((at for at in range(len(concealed) - 1, -1, -1)
                   if concealed[at] < tiles.PLAYING_KINDS), None)
        winning = None if at is None else concealed[at]
        winning_red = at in red_at
    if red or winning_red:
        return ParsedHand(tuple(sorted(concealed)), tuple(groups), winning, tuple(sorted(red)),
                          winning_red)
    return ParsedHand(tuple(sorted(concealed)), tuple(groups), winning)


# Per tile kind: the digit (or 'J') and the suit letter written after a run.
_DIGIT = tuple("J" if t == tiles.JOKER else str(tiles.rank_of(t)) for t in range(tiles.KINDS))
_SUIT = tuple(tiles.suit_of(t) for t in range(tiles.KINDS))


def check_red_fives(parsed: ParsedHand, allowed) -> None:
    """Red fives (`0m`, `0p`, `0s`): only where the variant plays them (`allowed`: the set's red
    fives, one of each suit or two 0p, or none), and no more of each than the set holds
    (`too_many_copies` naming it)."""
    red = parsed.all_red
    if not red:
        return
    if not allowed:
        raise HandError("tile_not_in_variant", gettext_noop(
            "{red} (red five of {suit}) is not played in this variant: write it {tile}.",
            red=red_code(red[0]), suit=SUIT_WORDS[tiles.suit_of(red[0])],
            tile=tiles.code(red[0])))
    for tile in red:
        if red.count(tile) > allowed.count(tile):
            raise HandError("too_many_copies", gettext_noop(
                "{red} (red five of {suit}) is written {count} times, but the set has only "
                "{most}.", red=red_code(tile), suit=SUIT_WORDS[tiles.suit_of(tile)],
                count=red.count(tile), most=allowed.count(tile)))


def red_code(tile: int) -> str:
    """A red five's text: '0m', '0p', '0s'."""
    return "0" + _SUIT[tile]


def format_tiles(kinds, red=()) -> str:
    """Sorted tiles, each run of one suit written once: (0, 1, 2, 27) -> '123m1z'. `red`: the
    fives among `kinds` written as red fives, '0' in the place of the first fives of their suit:
    (3, 4, 4, 5) with red (4,) -> '4056m'."""
    out, run_suit = [], None
    red = list(red)
    for tile in sorted(kinds):
        suit = _SUIT[tile]
        if suit != run_suit:
            if run_suit is not None and run_suit != "J":
                out.append(run_suit)
            run_suit = suit
        if red and tile in red:
            red.remove(tile)
            out.append("0")
            continue
        out.append(_DIGIT[tile])
    if run_suit is not None and run_suit != "J":
        out.append(run_suit)
    return "".join(out)


def format_hand(hand: ParsedHand) -> str:
    """The canonical text: concealed tiles, each group as written, then '+' the winning tile."""
    return joined_text(hand.concealed, [group.text() for group in hand.groups], hand.winning,
                       hand.red, hand.winning_red)


def joined_text(concealed: tuple[int, ...], group_texts: list[str], winning: int | None,
                red: tuple[int, ...] = (), winning_red: bool = False) -> str:
    """format_hand from its parts, for a caller that already holds each group's text."""
    parts = [format_tiles(concealed, red)] if concealed else []
    parts += group_texts
    if winning is not None:
        parts.append("+" + (red_code(winning) if winning_red else tiles.code(winning)))
    return " ".join(parts)
