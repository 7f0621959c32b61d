"""How the hand was won: the request's `context` (contract §2), declared once, checked and frozen,
and the table of contexts that no table could see ("Context that cannot happen"), one row per
rule.

`CONTEXT_FIELDS` declares every field: its kind (what a value is and how a request writes it),
its default, the words of the page's box (marked for the catalogs), the command line's option and
help, the API's description. `WinContext` is made from it, and each door derives its own part:
the page's form fields (scoring/forms.py), the command line's options (scoring/cli.py) and the
OpenAPI schema (scoring/openapi.py). A new field is one entry here, the variants that read it
(their `context_fields`) and the rules that read it; tests/test_context_declaration.py checks that
every door has each field, and no other.
"""

from collections.abc import Callable
from dataclasses import dataclass, field, make_dataclass
from functools import lru_cache, partial

from .errors import HandError
from .messages import Message, gettext_noop, joined, pgettext, seat_letter
from .tiles import PLAYING_KINDS, WINDS, wind_tile

DEALER_SEAT = "E"  # East deals, in every variant that has a dealer
SUITS = ("m", "p", "s")
# Riichi's counts and tiles in the context: the most of each count accepted (honba, riichi
# sticks), and the most dora indicators (one, and one more per kong of the table).
MAX_COUNT, MAX_INDICATORS = 100, 5


def upper_house(seat: str) -> str:
    """The seat that plays just before `seat`: East before South ... North before East."""
    return WINDS[(WINDS.index(seat) - 1) % 4]


def others_of(seat: str) -> tuple[str, ...]:
    """The three other seats, in turn order after `seat`."""
    start = WINDS.index(seat)
    return tuple(WINDS[(start + step) % 4] for step in (1, 2, 3))


def default_discarder(seat: str, opponents: tuple[str, ...], earthly: bool) -> str:
    """Whose discard was won when the request does not say: the dealer's for an earthly hand,
    otherwise the nearest player still in before the winner (the upper house when all are in)."""
    if earthly and seat != DEALER_SEAT:
        return DEALER_SEAT
    start = WINDS.index(seat)
    return next((WINDS[(start - step) % 4] for step in (1, 2, 3)
                 if WINDS[(start - step) % 4] in opponents), upper_house(seat))


SEAT_NAMES = {"east": "E", "south": "S", "west": "W", "north": "N"}


def seat_of(value) -> str | None:
    """A seat as a request may name it: E, S, W or N, or east .. north, in any case; else None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) == 1 and text.upper() in WINDS:
        return text.upper()
    return SEAT_NAMES.get(text.lower())


# Reading a request's value, one function per kind: (value, field name, the fields read before)
# -> the value, or `bad_context`.

def _flag(value, name: str, earlier: dict) -> bool:
    if not isinstance(value, bool):
        raise HandError("bad_context", gettext_noop(
            "{field} must be true or false (got {got}).", field=field_word(name),
            got=repr(value)), (f"context.{name}",))
    return value


def _wind(value, name: str, earlier: dict | None = None) -> str:
    seat = seat_of(value)
    if seat is None:
        raise HandError("bad_context", gettext_noop(
            "{field} must be a wind: E, S, W or N (got {got})", field=field_word(name),
            got=repr(value)), (f"context.{name}",))
    return seat


def _suit(value, name: str, earlier: dict) -> str:
    # The message names void_suit, the one field of its kind (its words are in the catalogs).
    if value not in SUITS:
        raise HandError("bad_context", gettext_noop(
            "{field} must be m, p or s (got {got}).", field=field_word("void_suit"),
            got=repr(value)))
    return value


def _seats(value, name: str, earlier: dict) -> tuple[str, ...]:
    # The messages name opponents, the one field of its kind.
    if isinstance(value, str):
        value = list(value)
    if not isinstance(value, list) or not value:
        raise HandError("bad_context", gettext_noop(
            "{field} must list the seats still playing, like {example}.",
            field=field_word("opponents"),
            example='["S", "W"]'))
    seats = tuple(_wind(seat_name, name) for seat_name in value)
    seat = earlier["seat_wind"]
    if seat in seats or len(set(seats)) != len(seats):
        raise HandError("bad_context", gettext_noop(
            "{field} must name other seats, each once; the winner sits at {seat}.",
            field=field_word("opponents"),
            seat=seat_letter(seat)))
    return seats


def _count(value, name: str, earlier: dict) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise HandError("bad_context", gettext_noop(
            "{field} must be a whole number from 0 to {most} (got {got}).",
            field=field_word(name), most=MAX_COUNT, got=repr(value)), (f"context.{name}",))
    return value


def _tiles(value, name: str, earlier: dict) -> tuple[int, ...]:
    """Dora indicators: a list of tiles ("5m", "0p" a red five, "E"...), or one string of them."""
    from .notation import parse  # here: only Riichi's contexts have indicators

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(t, str) for t in value):
        raise HandError("bad_context", gettext_noop(
            "{field} must list tiles, like {example} (got {got}).",
            field=field_word(name), example='["3m", "E"]', got=repr(value)), (f"context.{name}",))
    found = []
    for text in value:
        try:
            parsed = parse(text)
        except HandError:
            parsed = None
        kinds = parsed.concealed if parsed and not parsed.groups else ()
        if not kinds or any(tile >= PLAYING_KINDS for tile in kinds):
            raise HandError("bad_context", gettext_noop(
                "{field}: {text} is not a tile (write 3m, 0p, E, 7z...).",
                field=field_word(name), text=repr(text)), (f"context.{name}",))
        found += kinds
    if len(found) > MAX_INDICATORS:
        raise HandError("bad_context", gettext_noop(
            "{field} lists {count} tiles; a table turns at most {most} (one, and one per "
            "kong).", field=field_word(name), count=len(found), most=MAX_INDICATORS),
            (f"context.{name}",))
    return tuple(found)


@dataclass(frozen=True, slots=True, eq=False)  # each kind is one value: compared by identity
class Kind:
    """What a context field's value is: its Python type, how a request's value is read, whether
    null means left out (`optional`), whether the order of its items counts (`unordered`: no).
    The doors key their own part on the kind: the page's box, the command line's option, the
    OpenAPI schema."""

    name: str
    type: object
    read: Callable[[object, str, dict], object]
    optional: bool = False
    unordered: bool = False


FLAG = Kind("flag", bool, _flag)  # true or false, false when left out
WIND = Kind("wind", str, _wind)  # a wind: E, S, W or N
YES_NO = Kind("yes_no", bool, _flag)  # true or false, its default implied by other fields
SUIT = Kind("suit", str | None, _suit, optional=True)  # m, p or s
SEATS = Kind("seats", tuple[str, ...], _seats, optional=True, unordered=True)  # other seats
SEAT = Kind("seat", str | None, _wind, optional=True)  # one seat
COUNT = Kind("count", int, _count)  # a whole number from 0 to MAX_COUNT
TILES = Kind("tiles", tuple[int, ...], _tiles)  # tiles of the notation, at most MAX_INDICATORS
# The order a request is read in: a field's implied default reads only fields of the kinds
# before its own (dealer and opponents the seat wind; discarder the opponents and earthly); the
# tiles, which need the notation's parser, last.
KINDS = (FLAG, WIND, YES_NO, SUIT, SEATS, SEAT, COUNT, TILES)


@dataclass(frozen=True, slots=True)
class ContextField:
    """One field of the request's context.

    `label`, `help`, `blank`: the page's box (its words are how every message names the
    field: `field_word`), its words under it, its choice for leaving the field out. `cli`: the
    command line's help, and `option` its option where it is not the name with dashes.
    `description`: the OpenAPI schema's words. `implied`: the default of a field left out,
    worked out from the fields read before it (`get(name)`). `quick`: the page shows it beside
    the keyboard. `winning_tile`: it is about the winning tile, so analyse, which tries every
    tile, refuses it (contract §6)."""

    name: str
    kind: Kind
    label: Message
    cli: str
    default: object = False
    implied: Callable[[Callable[[str], object]], object] | None = None
    help: Message | None = None
    blank: Message | None = None
    option: str = ""
    description: str = ""
    quick: bool = False
    winning_tile: bool = False

    @property
    def cli_option(self) -> str:
        return self.option or "--" + self.name.replace("_", "-")


# Every field, in the order errors name them (the first of several unread fields, below).
CONTEXT_FIELDS = (
    ContextField("self_drawn", FLAG, gettext_noop("Self-drawn"),
                 "won on a self-drawn tile", quick=True, winning_tile=True),
    ContextField("seat_wind", WIND, gettext_noop("Seat wind"),
                 "the winner's seat wind: E, S, W or N", default="E", quick=True),
    ContextField("round_wind", WIND, gettext_noop("Round wind"),
                 "the round wind: E, S, W or N", default="E"),
    ContextField("dealer", YES_NO, gettext_noop("Dealer"),
                 "winner dealt", default=True,
                 implied=lambda get: get("seat_wind") == DEALER_SEAT,
                 blank=gettext_noop("if seat is East")),
    ContextField("discarder", SEAT, gettext_noop("Discarder"),
                 "the seat whose discard was won", default="N",
                 implied=lambda get: default_discarder(get("seat_wind"), get("opponents"),
                                                       get("earthly")),
                 blank=gettext_noop("the one before me"), quick=True, winning_tile=True),
    ContextField("last_tile", FLAG, gettext_noop("Last tile of the wall"),
                 "won on (or with the discard of) the last tile of the wall", winning_tile=True),
    ContextField("kong_replacement", FLAG, gettext_noop("Kong replacement tile"),
                 "won on a kong replacement tile",
                 winning_tile=True),
    ContextField("double_kong_replacement", FLAG, gettext_noop("Second kong replacement"),
                 "kong on kong replacement",
                 winning_tile=True),
    ContextField("after_kong_discard", FLAG, gettext_noop("Discard right after a kong"),
                 "won on a discard made right after a kong", winning_tile=True),
    ContextField("robbing_kong", FLAG, gettext_noop("Robbing a kong"),
                 "won on a tile added to make a kong",
                 winning_tile=True),
    ContextField("heavenly", FLAG, gettext_noop("Heavenly hand (dealer, first draw)"),
                 "dealer won on the initial deal", winning_tile=True),
    ContextField("earthly", FLAG, gettext_noop("Earthly hand (dealer's first discard)"),
                 "won on the dealer's first discard", winning_tile=True),
    ContextField("ready_announced", FLAG, gettext_noop("Ready hand announced"),
                 "ready hand announced"),
    ContextField("winning_tile_last", FLAG, gettext_noop("Winning tile was the last one left"),
                 "the winning tile was the last one left", winning_tile=True),
    ContextField("joker_exchange", FLAG, gettext_noop("Won by a joker exchange"),
                 "American: won by exchanging for an exposed joker", winning_tile=True),
    ContextField("void_suit", SUIT, gettext_noop("Void suit"),
                 "Sichuan's declared void suit: m, p or s", default=None,
                 blank=gettext_noop("not declared")),
    ContextField("opponents", SEATS, gettext_noop("Still playing"),
                 "Sichuan: the seats still in the hand, e.g. ESW", default=others_of("E"),
                 implied=lambda get: others_of(get("seat_wind"))),
    ContextField("exchanger", SEAT, gettext_noop("Joker exchange by"),
                 "American temporary table: the seat whose joker exchange gave the winner the "
                 "tile (pays for all three)", default=None, blank=gettext_noop("nobody"),
                 help=gettext_noop("temporary table: the player whose joker exchange gave you "
                                   "the tile pays for all three"),
                 description="American temporary table: the player whose joker exchange gave "
                             "the winner the tile (pays for all three)", winning_tile=True),
    ContextField("riichi", FLAG, gettext_noop("Riichi declared"),
                 "Riichi: the winner declared riichi",
                 description="Riichi: the winner declared riichi (a concealed hand; "
                             "riichi_sticks then counts the winner's own stick)"),
    ContextField("double_riichi", FLAG, gettext_noop("Double riichi (declared on the first turn)"),
                 "Riichi: riichi declared on the first discard",
                 description="Riichi: riichi declared on the first discard, before any call (2 "
                             "han, replaces riichi)"),
    ContextField("ippatsu", FLAG, gettext_noop("Ippatsu (won within one turn of riichi)"),
                 "Riichi: won within one turn of declaring riichi",
                 description="Riichi: won within one turn of declaring riichi, no call in "
                             "between (needs riichi or double_riichi)"),
    ContextField("chiihou", FLAG, gettext_noop("Chiihou (non-dealer wins on the first draw)"),
                 "Riichi: a non-dealer won on their first draw",
                 description="Riichi: a non-dealer wins self-drawn on their first draw, before "
                             "any call (yakuman); the dealer's is heavenly (tenhou)",
                 winning_tile=True),
    ContextField("renhou", FLAG, gettext_noop("Renhou (non-dealer wins before their first draw)"),
                 "Riichi: a non-dealer won on a discard before their first draw",
                 description="Riichi: a non-dealer wins on a discard before their first draw, "
                             "no call made (none, a mangan or a yakuman: house option renhou)",
                 winning_tile=True),
    ContextField("dora_indicators", TILES, gettext_noop("Dora indicators"),
                 'Riichi: the dora indicators, e.g. "3m E"',
                 default=(), option="--dora",
                 help=gettext_noop("the tiles turned over, like 3m E"),
                 description="Riichi: the dora indicators turned over, as tiles of the notation "
                             "(['3m', 'E'], or one text '3m E'; at most 5); each points at the "
                             "next tile of its suit, wind or dragon, a dora"),
    ContextField("ura_dora_indicators", TILES, gettext_noop("Ura dora indicators"),
                 'Riichi: the ura dora indicators, e.g. "9p"',
                 default=(), option="--ura-dora", help=gettext_noop("riichi only"),
                 description="Riichi: the ura dora indicators, for a hand in riichi only"),
    ContextField("honba", COUNT, gettext_noop("Honba"),
                 "Riichi: the honba (repeat counters) on the table", default=0,
                 description="Riichi: the honba (repeat counters): 300 more on a discard, 100 "
                             "from each player on a self-draw, per honba"),
    ContextField("riichi_sticks", COUNT, gettext_noop("Riichi sticks on the table"),
                 "Riichi: the riichi sticks on the table, the winner's own included "
                 "(default: 1 with --riichi or --double-riichi, else 0)", default=0,
                 # Left out, it is the winner's own stick alone when they declared riichi.
                 implied=lambda get: int(get("riichi") or get("double_riichi")),
                 help=gettext_noop("the winner's own included"),
                 description="Riichi: the 1,000-point riichi sticks on the table, the winner's "
                             "own included; the winner takes them (the result's deposits). "
                             "Left out: 1 (the winner's own) when riichi or double_riichi is "
                             "set, else 0"),
)
FIELDS_BY_NAME = {f.name: f for f in CONTEXT_FIELDS}
# What other modules read of the table.
DEFAULTS = {f.name: f.default for f in CONTEXT_FIELDS}
KNOWN = set(DEFAULTS)
FLAGS = tuple(f.name for f in CONTEXT_FIELDS if f.kind is FLAG)
INDICATORS = tuple(f.name for f in CONTEXT_FIELDS if f.kind is TILES)
WINNING_TILE_FIELDS = tuple(f.name for f in CONTEXT_FIELDS if f.winning_tile)
# Read in the order of their kinds, each kind's fields in the table's order.
READ_ORDER = tuple(f for kind in KINDS for f in CONTEXT_FIELDS if f.kind is kind)


# A field's box named in a message, between the language's quotation marks.
QUOTED_FIELD = pgettext("a field named in a message", "“{label}”")


def field_word(name: str) -> Message | str:
    """A context field as a player's messages name it: the words of its box on the page, quoted
    (“Kong replacement tile”); the request's name of the field travels in `error.fields`."""
    found = FIELDS_BY_NAME.get(name)
    return Message(QUOTED_FIELD, {"label": found.label}, QUOTED_FIELD.context) if found else name


def field_list(names) -> Message | str:
    """Several fields, as '“Kong replacement tile”, “Self-drawn”' says them."""
    return joined([field_word(name) for name in names])


class _WinContextMethods:
    __slots__ = ()

    def __post_init__(self):
        object.__setattr__(self, "seat_wind_tile", wind_tile(self.seat_wind))
        object.__setattr__(self, "round_wind_tile", wind_tile(self.round_wind))

    def summary(self) -> dict:
        """What a result repeats of how the hand was won (contract §3)."""
        return {"seat_wind": self.seat_wind, "round_wind": self.round_wind,
                "dealer": self.dealer, "self_drawn": self.self_drawn,
                "discarder": None if self.self_drawn else self.discarder}

    @property
    def others(self) -> tuple[str, ...]:
        """The three other seats, in turn order after the winner."""
        return others_of(self.seat_wind)


# A checked context: one attribute per field of the table, and the winds' tiles, read by every
# reading.
WinContext = make_dataclass(
    "WinContext",
    [(f.name, f.kind.type, field(default=f.default)) for f in CONTEXT_FIELDS]
    + [(name, int, field(init=False, repr=False, compare=False))
       for name in ("seat_wind_tile", "round_wind_tile")],
    bases=(_WinContextMethods,), namespace={"__module__": __name__}, frozen=True, slots=True)


def parse_context(raw) -> WinContext:
    """Check every field of a request's context; unknown names and bad values are `bad_context`."""
    if raw is None or raw == {}:
        return _cached_context(())
    if not isinstance(raw, dict):
        raise HandError("bad_context", gettext_noop(
            "context must be an object of flags and winds."))
    try:
        # The type is part of the key: 1 == True, but only true is a flag.
        key = tuple(sorted((name, type(value).__name__, value) for name, value in raw.items()))
        hash(key)
    except TypeError:  # a list (opponents) or a bad value: check it afresh
        return _parse_context(raw)
    return _cached_context(key)


@lru_cache(maxsize=4096)
def _cached_context(items: tuple) -> WinContext:
    return _parse_context({name: value for name, _, value in items})


LEFT_OUT = object()


def _parse_context(raw: dict) -> WinContext:
    unknown = sorted(set(raw) - KNOWN)
    if unknown:
        raise HandError("bad_context", gettext_noop(
            "Unknown context field {field}; known fields are {known}.", field=repr(unknown[0]),
            known=", ".join(sorted(KNOWN))))
    values = {}
    for spec in READ_ORDER:
        value = raw.get(spec.name, LEFT_OUT)
        if value is None and spec.kind.optional:
            value = LEFT_OUT
        if value is not LEFT_OUT:
            values[spec.name] = spec.kind.read(value, spec.name, values)
        elif spec.implied is not None:
            values[spec.name] = spec.implied(values.__getitem__)
        else:
            values[spec.name] = spec.default
    return WinContext(**values)


# Context that cannot happen (contract §2) --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the rules below need to know of the hand: its kongs, whether it shows a claimed set,
    its jokers, and how many copies of the winning tile it holds, in all and among its
    concealed tiles (the winning tile included in both)."""

    kongs: int = 0
    claimed_set: bool = False
    jokers: int = 0
    winning_copies: int = 1
    concealed_copies: int = 1
    winning: str = "the winning tile"  # its name in the players' words, for the messages


@dataclass(frozen=True, slots=True)
class Impossible:
    """One rule: `broken` says whether a context (and the hand's facts) breaks it. The rule is
    checked only where the variant reads every one of its `fields` (and, with `only`, in those
    variants alone: their ids, for a rule of their own reading of a field); `fix` says what
    would make the context possible. `about_hand`: the rule reads the hand's facts, so a win
    entered by its total alone, whose hand is not known, is not checked against it."""

    fields: tuple[str, ...]
    broken: Callable[[WinContext, HandFacts], bool]
    fix: str
    about_hand: bool = False
    only: tuple[str, ...] = ()


IMPOSSIBLE = (
    Impossible(("dealer", "seat_wind"), lambda c, h: c.dealer != (c.seat_wind == DEALER_SEAT),
               gettext_noop("East deals: the winner is the dealer exactly when the seat wind is "
                            "East")),
    Impossible(("kong_replacement", "self_drawn"), lambda c, h: c.kong_replacement
               and not c.self_drawn,
               gettext_noop("a kong replacement tile is drawn: mark the hand self-drawn")),
    Impossible(("kong_replacement",), lambda c, h: c.kong_replacement and h.kongs < 1,
               gettext_noop("a kong replacement follows the winner's own kong: the hand must "
                            "hold a kong"), about_hand=True),
    Impossible(("double_kong_replacement", "self_drawn"), lambda c, h: c.double_kong_replacement
               and not c.self_drawn,
               gettext_noop("a kong replacement tile is drawn: mark the hand self-drawn")),
    Impossible(("double_kong_replacement",), lambda c, h: c.double_kong_replacement and h.kongs < 2,
               gettext_noop("a second kong replacement needs two kongs in the hand"),
               about_hand=True),
    Impossible(("heavenly", "earthly"), lambda c, h: c.heavenly and c.earthly,
               gettext_noop("a hand is heavenly (the dealer's deal) or earthly (the dealer's "
                            "first discard), not both")),
    Impossible(("heavenly", "dealer"), lambda c, h: c.heavenly and not c.dealer,
               gettext_noop("only the dealer (East) can win a heavenly hand")),
    Impossible(("heavenly", "self_drawn"), lambda c, h: c.heavenly and not c.self_drawn,
               gettext_noop("a heavenly hand is the dealer's own deal: mark it self-drawn")),
    # A kong, concealed too, draws a replacement tile: the hand is no longer the deal.
    Impossible(("heavenly",), lambda c, h: c.heavenly and (h.claimed_set or h.kongs > 0),
               gettext_noop("a heavenly hand is won on the deal, before any call or kong: no set "
                            "in [ ] or ( )"), about_hand=True),
    Impossible(("earthly", "dealer"), lambda c, h: c.earthly and c.dealer,
               gettext_noop("an earthly hand is won on the dealer's discard, so the winner is "
                            "not the dealer")),
    Impossible(("earthly", "self_drawn"), lambda c, h: c.earthly and c.self_drawn,
               gettext_noop("an earthly hand is won on the dealer's first discard: not self-"
                            "drawn")),
    Impossible(("earthly", "discarder"), lambda c, h: c.earthly
               and not c.self_drawn and c.discarder != DEALER_SEAT,
               gettext_noop("an earthly hand is won on the dealer's discard: the discarder is E")),
    Impossible(("earthly",), lambda c, h: c.earthly and h.claimed_set,
               gettext_noop("an earthly hand is won before any tile is claimed: no set in [ ]"),
               about_hand=True),
    Impossible(("heavenly", "robbing_kong"), lambda c, h: c.heavenly and c.robbing_kong,
               gettext_noop("a heavenly hand is won on the deal, before any kong: mark one of "
                            "the two")),
    Impossible(("heavenly", "after_kong_discard"), lambda c, h: c.heavenly and c.after_kong_discard,
               gettext_noop("a heavenly hand is won on the deal, before any kong: mark one of "
                            "the two")),
    Impossible(("heavenly", "last_tile"), lambda c, h: c.heavenly and c.last_tile,
               gettext_noop("a heavenly hand is won on the deal, not on the last tile: mark one "
                            "of the two")),
    Impossible(("earthly", "robbing_kong"), lambda c, h: c.earthly and c.robbing_kong,
               gettext_noop("an earthly hand is won on the dealer's first discard, before any "
                            "kong: mark one of the two")),
    Impossible(("earthly", "after_kong_discard"), lambda c, h: c.earthly and c.after_kong_discard,
               gettext_noop("an earthly hand is won on the dealer's first discard, before any "
                            "kong: mark one of the two")),
    Impossible(("earthly", "last_tile"), lambda c, h: c.earthly and c.last_tile,
               gettext_noop("an earthly hand is won on the dealer's first discard, not on the "
                            "last tile: mark one of the two")),
    Impossible(("robbing_kong", "self_drawn"), lambda c, h: c.robbing_kong and c.self_drawn,
               gettext_noop("robbing a kong is a win on another player's tile: not self-drawn")),
    Impossible(("robbing_kong", "after_kong_discard"), lambda c, h: c.robbing_kong
               and c.after_kong_discard,
               gettext_noop("a robbed kong is never made, so no discard follows it: mark one of "
                            "the two")),
    Impossible(("robbing_kong", "last_tile"), lambda c, h: c.robbing_kong and c.last_tile,
               gettext_noop("a kong is never added after the last tile of the wall: mark one of "
                            "the two")),
    Impossible(("robbing_kong", "kong_replacement"), lambda c, h: c.robbing_kong
               and c.kong_replacement,
               gettext_noop("a robbed tile is another player's, a replacement tile the winner's "
                            "own draw: mark one of the two")),
    Impossible(("robbing_kong",), lambda c, h: c.robbing_kong and h.winning_copies > 1,
               gettext_noop("the robbed tile {winning} is the fourth copy another player was "
                            "adding to a pung: the hand can hold no other {winning}"),
               about_hand=True),
    Impossible(("after_kong_discard", "self_drawn"), lambda c, h: c.after_kong_discard
               and c.self_drawn,
               gettext_noop("a discard after a kong is another player's tile: not self-drawn")),
    Impossible(("discarder", "seat_wind"), lambda c, h: not c.self_drawn
               and c.discarder == c.seat_wind,
               gettext_noop("the winner cannot win on their own discard: name another seat, or "
                            "mark the hand self-drawn")),
    Impossible(("discarder", "opponents"), lambda c, h: not c.self_drawn
               and c.discarder not in c.opponents,
               gettext_noop("a player who has won has left the hand and cannot discard: the "
                            "discarder must be one of opponents")),
    Impossible(("joker_exchange",), lambda c, h: c.joker_exchange and h.jokers == 0,
               gettext_noop("a joker exchange gives the winner a joker: the hand must hold one"),
               about_hand=True),
    Impossible(("exchanger", "seat_wind"), lambda c, h: c.exchanger == c.seat_wind,
               gettext_noop("the exchanger is the player whose exchange gave the winner the "
                            "tile, not the winner")),
    Impossible(("exchanger", "self_drawn"), lambda c, h: c.exchanger is not None and c.self_drawn,
               gettext_noop("a tile given by another player's joker exchange is not self-drawn: "
                            "mark one of the two")),
    Impossible(("exchanger", "joker_exchange"), lambda c, h: c.exchanger is not None
               and c.joker_exchange,
               gettext_noop("a win by a joker exchange is the winner's own exchange, a joker "
                            "exchange by another player is theirs: mark one of the two")),
    # Riichi (the fields only it reads).
    Impossible(("riichi",), lambda c, h: c.riichi and h.claimed_set,
               gettext_noop("riichi is declared on a concealed hand: no set in [ ] (a concealed "
                            "kong in ( ) is fine)"), about_hand=True),
    Impossible(("double_riichi",), lambda c, h: c.double_riichi and h.claimed_set,
               gettext_noop("double riichi is declared on a concealed hand: no set in [ ] (a "
                            "concealed kong in ( ) is fine)"), about_hand=True),
    Impossible(("ippatsu", "riichi", "double_riichi"), lambda c, h: c.ippatsu
               and not (c.riichi or c.double_riichi),
               gettext_noop("ippatsu is a win within one turn of declaring riichi: mark riichi "
                            "or double riichi")),
    Impossible(("ura_dora_indicators", "riichi", "double_riichi"), lambda c, h:
               bool(c.ura_dora_indicators) and not (c.riichi or c.double_riichi),
               gettext_noop("ura dora are turned only for a hand in riichi: mark riichi, or "
                            "leave the ura dora indicators out")),
    Impossible(("riichi_sticks", "riichi", "double_riichi"), lambda c, h: c.riichi_sticks < 1
               and (c.riichi or c.double_riichi),
               gettext_noop("the winner's own riichi stick is on the table: the riichi sticks "
                            "count it (at least 1)")),
    Impossible(("heavenly", "riichi", "double_riichi"), lambda c, h: c.heavenly
               and (c.riichi or c.double_riichi),
               gettext_noop("tenhou is won on the deal, before any riichi: mark one of the two")),
    Impossible(("heavenly", "chiihou"), lambda c, h: c.heavenly and c.chiihou,
               gettext_noop("tenhou is the dealer's, chiihou a non-dealer's: mark one of the "
                            "two")),
    Impossible(("chiihou", "riichi", "double_riichi"), lambda c, h: c.chiihou
               and (c.riichi or c.double_riichi),
               gettext_noop("chiihou is won on the first draw, before any riichi: mark one of "
                            "the two")),
    Impossible(("chiihou", "dealer"), lambda c, h: c.chiihou and c.dealer,
               gettext_noop("chiihou is a non-dealer's win on their first draw; the dealer's is "
                            "tenhou (heavenly)")),
    Impossible(("chiihou", "self_drawn"), lambda c, h: c.chiihou and not c.self_drawn,
               gettext_noop("chiihou is won on the player's own first draw: mark it "
                            "self-drawn")),
    Impossible(("chiihou", "last_tile"), lambda c, h: c.chiihou and c.last_tile,
               gettext_noop("chiihou is won on the first draw, not on the last tile: mark one "
                            "of the two")),
    Impossible(("chiihou", "kong_replacement"), lambda c, h: c.chiihou and c.kong_replacement,
               gettext_noop("chiihou is won on the first draw, before any kong: mark one of "
                            "the two")),
    Impossible(("chiihou",), lambda c, h: c.chiihou and (h.claimed_set or h.kongs > 0),
               gettext_noop("chiihou is won on the first draw, before any call or kong: no set "
                            "in [ ] or ( )"), about_hand=True),
    Impossible(("renhou", "dealer"), lambda c, h: c.renhou and c.dealer,
               gettext_noop("renhou is a non-dealer's win before their first draw; the dealer "
                            "has drawn first")),
    Impossible(("renhou", "self_drawn"), lambda c, h: c.renhou and c.self_drawn,
               gettext_noop("renhou is won on a discard, before the player's own first draw: "
                            "mark one of the two")),
    Impossible(("renhou", "riichi", "double_riichi"), lambda c, h: c.renhou
               and (c.riichi or c.double_riichi),
               gettext_noop("renhou is won before the player's first draw, before any riichi: "
                            "mark one of the two")),
    Impossible(("renhou", "robbing_kong"), lambda c, h: c.renhou and c.robbing_kong,
               gettext_noop("renhou is won before any call, and a kong to rob follows a call: "
                            "mark one of the two")),
    Impossible(("renhou",), lambda c, h: c.renhou and (h.claimed_set or h.kongs > 0),
               gettext_noop("renhou is won before the player's first draw, before any call or "
                            "kong: no set in [ ] or ( )"), about_hand=True),
    # Any kong ends ippatsu, the winner's own included (a robbed kong is never made: chankan
    # keeps it).
    Impossible(("ippatsu", "kong_replacement"), lambda c, h: c.ippatsu and c.kong_replacement,
               gettext_noop("any kong ends ippatsu, the winner's own too: a win on its "
                            "replacement tile has no ippatsu; mark one of the two")),
    # Chinese Official: 和绝张 is won on the fourth copy, the other three shown on the table
    # (discarded or in revealed sets, the winner's own too): none hidden among the winner's
    # concealed tiles (docs/rules-mcr.md). Shanghai's reading counts the winner's own copies
    # as seen.
    Impossible(("winning_tile_last",), lambda c, h: c.winning_tile_last
               and h.concealed_copies > 1,
               gettext_noop("Last Tile (和绝张) is won on the fourth {winning}, the other three "
                            "shown on the table: the concealed tiles can hold no other "
                            "{winning}"),
               about_hand=True, only=("mcr",)),
)


# What the rules about the context alone are given for the hand's facts (they read none).
NO_FACTS = HandFacts()


def unread_value(ctx: WinContext, name: str) -> bool:
    """Whether field `name` holds something other than its default (contract §2): the one its
    entry implies from the other fields, where it has one."""
    spec = FIELDS_BY_NAME[name]
    value = getattr(ctx, name)
    default = spec.default if spec.implied is None else spec.implied(partial(getattr, ctx))
    if spec.kind.unordered:
        return set(value) != set(default)
    return value != default


@lru_cache(maxsize=4096)  # immutable values: the same contexts and hand facts recur
def check_possible(ctx: WinContext, reads: frozenset[str], facts: HandFacts | None,
                   variant_name: str, variant_id: str = "") -> None:
    """Refuse a context no table could see, as `bad_context` naming the fields at fault: a field
    the variant does not read, set to anything but its default, or a broken rule of IMPOSSIBLE
    among the fields the variant reads (with `facts` None, for a win entered by its total alone,
    only the rules about the context; a rule `only` some variants' where `variant_id` is one)."""
    for name in DEFAULTS:  # the table's order
        if name not in reads and unread_value(ctx, name):
            raise HandError("bad_context", gettext_noop(
                "{variant} does not use {field}: leave it out (got {got}).",
                variant=variant_name, field=field_word(name), got=repr(getattr(ctx, name))),
                (f"context.{name}",))
    for rule in IMPOSSIBLE:
        if (reads.issuperset(rule.fields) and (variant_id in rule.only or not rule.only)
                and (facts is not None or not rule.about_hand)
                and rule.broken(ctx, facts or NO_FACTS)):
            fix = Message(rule.fix, {"winning": facts.winning}
                          if "{winning}" in rule.fix else None)
            raise HandError("bad_context", gettext_noop(
                "This cannot happen ({fields}): {fix}.", fields=field_list(rule.fields), fix=fix),
                tuple(f"context.{name}" for name in rule.fields))



def implied_self_drawn(flag: str) -> bool | None:
    """Whether ticking `flag` makes the win self-drawn (True), a discard (False), or neither
    (None), read off the table's (flag, self_drawn) rule: the page ticks self-drawn to match."""
    rule = next((r for r in IMPOSSIBLE if r.fields == (flag, "self_drawn")), None)
    if rule is None:
        return None
    return rule.broken(WinContext(**{flag: True, "self_drawn": False}), NO_FACTS)
