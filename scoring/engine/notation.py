"""The hand notation of the contract (§1): a strict parser and the canonical formatter, its inverse.

The parser never guesses and never drops a character: anything it cannot read is a `bad_notation`
error naming the position (1-based) and the text at fault.
"""

from collections import namedtuple

from . import tiles
from .errors import HandError
from .messages import SUIT_WORDS, gettext_noop

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


def _bad(text: str, at: int, what: str) -> HandError:
    """The fault at index `at`: the hand as typed from there, and the character's number."""
    shown = text[at : at + 6]
    if not shown:
        return HandError("bad_notation", gettext_noop("At the end of the hand: {what}.",
                                                      what=what))
    return HandError("bad_notation", gettext_noop(
        "In “{shown}” (character {position} of the hand): {what}.", position=at + 1,
        shown=shown, what=what))


def _fault(text: str, start: int) -> HandError:
    """What is wrong where no tile, alias, bracket or space starts."""
    end = start
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    if end > start:  # numbers, then something that is not their suit letter
        after = text[end] if end < len(text) else " "
        if after.isspace() or after in tiles.ALIASES or after in _MARKS:
            return _bad(text, start, gettext_noop("numbers '{numbers}' have no suit letter",
                                                  numbers=text[start:end]))
        return _fault(text, end)
    char = text[start]
    if char in tiles.SUIT_LETTERS:
        return _bad(text, start, gettext_noop("suit letter '{char}' has no numbers before it",
                                              char=char))
    return _bad(text, start, gettext_noop("'{char}' is not a tile, a suit letter or a bracket",
                                          char=char))


def _not_closed(text: str, at: int, opened: tuple[str, int]) -> HandError:
    bracket, start = opened
    return _bad(text, at, gettext_noop(
        "the group opened at character {start} is not closed with '{closer}'",
        start=start + 1, closer=CLOSERS[bracket]))


def _not_one_tile(text: str, plus: int) -> HandError:
    return _bad(text, plus, gettext_noop(
        "'+' must be followed by exactly one tile, the winning tile"))


_DIGITS = "0123456789"
_MARKS = "[()]+"
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
    """Character by character, in one pass, so that the first fault is found and named where it
    stands. (A regular expression costs more per token matched than this loop per character.)

    Tiles go to the part being read, `found`: the concealed tiles, a group (from its bracket to
    its closer), or the winning tile (after '+'); `red`: their places in it written as red fives.
    A mark (a bracket or '+') ends the part before it, as the end of the text does."""
    concealed: list[int] = []
    concealed_red: list[int] = []  # places among the concealed tiles, as written
    groups: list[Group] = []
    found, red = concealed, concealed_red
    numbers = None  # where the numbers being read start, until their suit letter
    opened = None  # the group being read: its bracket and where it stands
    plus = None  # where '+' stands, once read
    for at, char in enumerate(text):
        if char in _DIGITS:
            if numbers is None:
                numbers = at
        elif numbers is not None:  # the numbers end: their suit letter must stand here
            kinds = _RUN_KINDS.get(char)
            if kinds is None:
                raise _fault(text, numbers)
            digits, numbers = text[numbers:at], None
            if "0" in digits:  # red fives: their places in the part
                red += [len(found) + place for place, digit in enumerate(digits) if digit == "0"]
            try:
                for digit in digits:
                    found.append(kinds[digit])
            except KeyError:
                place = next(place for place, digit in enumerate(digits) if digit not in kinds)
                raise _bad(text, at - len(digits) + place, gettext_noop(
                    "there is no tile {tile}", tile=digits[place] + char)) from None
        elif char in tiles.ALIASES:
            found.append(tiles.ALIASES[char])
        elif char.isspace():
            pass
        elif char not in _MARKS:
            raise _fault(text, at)
        elif opened:
            if char != CLOSERS[opened[0]]:
                raise _not_closed(text, at, opened)
            if not found:
                raise _bad(text, opened[1], gettext_noop("empty group"))
            groups.append(Group(opened[0], tuple(sorted(found)),
                                tuple(sorted([found[place] for place in red])) if red else ()))
            found, red, opened = concealed, concealed_red, None
        elif plus is not None:  # spaces before the winning tile are read past
            if len(found) != 1:
                raise _not_one_tile(text, plus)
            raise _bad(text, at, gettext_noop("nothing may follow the winning tile"))
        elif char in CLOSERS:
            found, red, opened = [], [], (char, at)
        elif char == "+":
            found, red, plus = [], [], at
        else:
            raise _bad(text, at, gettext_noop(
                "'{char}' closes a group that was never opened", char=char))
    if numbers is not None:
        raise _fault(text, numbers)
    if opened:
        raise _not_closed(text, len(text), opened)
    reds = [concealed[at] for at in concealed_red] if concealed_red else []  # usually none
    if plus is None:  # the last concealed playing tile written
        at = next((at for at in range(len(concealed) - 1, -1, -1)
                   if concealed[at] < tiles.PLAYING_KINDS), None)
        winning = None if at is None else concealed[at]
        winning_red = at in concealed_red
    else:
        if len(found) != 1:
            raise _not_one_tile(text, plus)
        winning, winning_red = found[0], bool(red)
        if winning not in concealed:
            raise _bad(text, plus, gettext_noop(
                "the winning tile {tile} must be one of the concealed tiles (written outside "
                "brackets)", tile=tiles.code(winning)))
        plain = concealed.count(winning) - reds.count(winning)  # its copies not red
        if (reds.count(winning) if winning_red else plain) < 1:
            shown = red_code(winning) if winning_red else tiles.code(winning)
            raise _bad(text, plus, gettext_noop(
                "the winning tile {tile} must be one of the concealed tiles (a red five is "
                "written 0, as in 0p)", tile=shown))
    if reds or winning_red:
        return ParsedHand(tuple(sorted(concealed)), tuple(groups), winning, tuple(sorted(reds)),
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
