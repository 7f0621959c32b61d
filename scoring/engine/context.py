"""How the hand was won: the request's `context`, checked and frozen (contract §2), and the table
of contexts that no table could see ("Context that cannot happen"), one row per rule."""

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from functools import lru_cache

from .errors import HandError
from .messages import Message, field_list, field_word, gettext_noop, seat_letter
from .tiles import PLAYING_KINDS, WINDS, wind_tile

FLAGS = ("self_drawn", "last_tile", "kong_replacement", "double_kong_replacement",
         "after_kong_discard", "robbing_kong", "heavenly", "earthly", "ready_announced",
         "winning_tile_last", "joker_exchange", "riichi", "double_riichi", "ippatsu", "chiihou")
# Riichi's counts and tiles in the context: how many of each (honba, riichi sticks), the most
# accepted, and the most dora indicators (one, and one more per kong of the table).
COUNTS, MAX_COUNT = ("honba", "riichi_sticks"), 100
INDICATORS, MAX_INDICATORS = ("dora_indicators", "ura_dora_indicators"), 5


@dataclass(frozen=True, slots=True)
class WinContext:
    self_drawn: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    dealer: bool = True
    discarder: str = "N"
    last_tile: bool = False
    kong_replacement: bool = False
    double_kong_replacement: bool = False
    after_kong_discard: bool = False
    robbing_kong: bool = False
    heavenly: bool = False
    earthly: bool = False
    ready_announced: bool = False
    winning_tile_last: bool = False
    joker_exchange: bool = False
    void_suit: str | None = None
    opponents: tuple[str, ...] = ("S", "W", "N")
    exchanger: str | None = None
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    chiihou: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_dora_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    # The winds' tiles, read by every reading.
    seat_wind_tile: int = field(init=False, repr=False, compare=False)
    round_wind_tile: int = field(init=False, repr=False, compare=False)

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
        start = WINDS.index(self.seat_wind)
        return tuple(WINDS[(start + step) % 4] for step in (1, 2, 3))


# The request's fields, in order, and their defaults.
DEFAULTS = {f.name: f.default for f in fields(WinContext) if f.init}
KNOWN = set(DEFAULTS)
DEALER_SEAT = "E"  # East deals, in every variant that has a dealer


def upper_house(seat: str) -> str:
    """The seat that plays just before `seat`: East before South ... North before East."""
    return WINDS[(WINDS.index(seat) - 1) % 4]


SEAT_NAMES = {"east": "E", "south": "S", "west": "W", "north": "N"}


def seat_of(value) -> str | None:
    """A seat as a request may name it: E, S, W or N, or east .. north, in any case; else None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    if len(text) == 1 and text.upper() in WINDS:
        return text.upper()
    return SEAT_NAMES.get(text.lower())


def _wind(value, name: str) -> str:
    seat = seat_of(value)
    if seat is None:
        raise HandError("bad_context", gettext_noop(
            "context.{field} must be a wind: E, S, W or N (got {got})", field=field_word(name),
            got=repr(value)))
    return seat


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


def _parse_context(raw: dict) -> WinContext:
    unknown = sorted(set(raw) - KNOWN)
    if unknown:
        raise HandError("bad_context", gettext_noop(
            "Unknown context field {field}; known fields are {known}.", field=repr(unknown[0]),
            known=", ".join(sorted(KNOWN))))
    values = {}
    for flag in FLAGS:
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise HandError("bad_context", gettext_noop(
                "context.{field} must be true or false (got {got}).", field=field_word(flag),
                got=repr(value)))
        values[flag] = value
    seat = _wind(raw.get("seat_wind", "E"), "seat_wind")
    values["seat_wind"] = seat
    values["round_wind"] = _wind(raw.get("round_wind", "E"), "round_wind")
    dealer = raw.get("dealer", seat == "E")
    if not isinstance(dealer, bool):
        raise HandError("bad_context", gettext_noop(
            "context.{field} must be true or false (got {got}).", field=field_word("dealer"),
            got=repr(dealer)))
    values["dealer"] = dealer
    void = raw.get("void_suit")
    if void is not None and void not in ("m", "p", "s"):
        raise HandError("bad_context", gettext_noop(
            "context.void_suit must be m, p or s (got {got}).", got=repr(void)))
    values["void_suit"] = void
    opponents = raw.get("opponents")
    if opponents is None:
        values["opponents"] = WinContext(seat_wind=seat).others
    else:
        if isinstance(opponents, str):
            opponents = list(opponents)
        if not isinstance(opponents, list) or not opponents:
            raise HandError("bad_context", gettext_noop(
                "context.opponents must list the seats still playing, like {example}.",
                example='["S", "W"]'))
        seats = tuple(_wind(seat_name, "opponents") for seat_name in opponents)
        if seat in seats or len(set(seats)) != len(seats):
            raise HandError("bad_context", gettext_noop(
                "context.opponents must name other seats, each once; the winner sits at {seat}.",
                seat=seat_letter(seat)))
        values["opponents"] = seats
    discarder = raw.get("discarder")
    values["discarder"] = (default_discarder(seat, values["opponents"], values["earthly"])
                           if discarder is None else _wind(discarder, "discarder"))
    exchanger = raw.get("exchanger")
    values["exchanger"] = None if exchanger is None else _wind(exchanger, "exchanger")
    for name in COUNTS:
        value = raw.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
            raise HandError("bad_context", gettext_noop(
                "context.{field} must be a whole number from 0 to {most} (got {got}).",
                field=field_word(name), most=MAX_COUNT, got=repr(value)), (f"context.{name}",))
        values[name] = value
    for name in INDICATORS:
        values[name] = _indicators(raw.get(name, ()), name)
    return WinContext(**values)


def _indicators(value, name: str) -> tuple[int, ...]:
    """Dora indicators: a list of tiles ("5m", "0p" a red five, "E"...), or one string of them."""
    from .notation import parse  # here: only Riichi's contexts have indicators

    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(t, str) for t in value):
        raise HandError("bad_context", gettext_noop(
            "context.{field} must list tiles, like {example} (got {got}).",
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
                "context.{field}: {text} is not a tile (write 3m, 0p, E, 7z...).",
                field=field_word(name), text=repr(text)), (f"context.{name}",))
        found += kinds
    if len(found) > MAX_INDICATORS:
        raise HandError("bad_context", gettext_noop(
            "context.{field} lists {count} tiles; a table turns at most {most} (one, and one per "
            "kong).", field=field_word(name), count=len(found), most=MAX_INDICATORS),
            (f"context.{name}",))
    return tuple(found)


def default_discarder(seat: str, opponents: tuple[str, ...], earthly: bool) -> str:
    """Whose discard was won when the request does not say: the dealer's for an earthly hand,
    otherwise the nearest player still in before the winner (the upper house when all are in)."""
    if earthly and seat != DEALER_SEAT:
        return DEALER_SEAT
    start = WINDS.index(seat)
    return next((WINDS[(start - step) % 4] for step in (1, 2, 3)
                 if WINDS[(start - step) % 4] in opponents), upper_house(seat))


# Context that cannot happen (contract §2) --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the rules below need to know of the hand: its kongs, whether it shows a claimed set,
    its jokers, and how many copies of the winning tile it holds."""

    kongs: int = 0
    claimed_set: bool = False
    jokers: int = 0
    winning_copies: int = 1
    winning: str = "the winning tile"  # its code, for the messages


# A hand that breaks no rule about the hand: for a win entered by its total alone.
UNKNOWN_HAND = HandFacts(kongs=4, jokers=8)


@dataclass(frozen=True, slots=True)
class Impossible:
    """One rule: `broken` says whether a context (and the hand's facts) breaks it. The rule is
    checked only where the variant reads every one of its `fields`; `fix` says what would make
    the context possible."""

    fields: tuple[str, ...]
    broken: Callable[[WinContext, HandFacts], bool]
    fix: str


IMPOSSIBLE = (
    Impossible(("dealer", "seat_wind"), lambda c, h: c.dealer != (c.seat_wind == DEALER_SEAT),
               gettext_noop("East deals: dealer is true exactly when seat_wind is E")),
    Impossible(("kong_replacement", "self_drawn"), lambda c, h: c.kong_replacement
               and not c.self_drawn,
               gettext_noop("a kong replacement tile is drawn: mark the hand self-drawn")),
    Impossible(("kong_replacement",), lambda c, h: c.kong_replacement and h.kongs < 1,
               gettext_noop("a kong replacement follows the winner's own kong: the hand must "
                            "hold a kong")),
    Impossible(("double_kong_replacement", "self_drawn"), lambda c, h: c.double_kong_replacement
               and not c.self_drawn,
               gettext_noop("a kong replacement tile is drawn: mark the hand self-drawn")),
    Impossible(("double_kong_replacement",), lambda c, h: c.double_kong_replacement and h.kongs < 2,
               gettext_noop("a second kong replacement needs two kongs in the hand")),
    Impossible(("heavenly", "earthly"), lambda c, h: c.heavenly and c.earthly,
               gettext_noop("a hand is heavenly (the dealer's deal) or earthly (the dealer's "
                            "first discard), not both")),
    Impossible(("heavenly", "dealer"), lambda c, h: c.heavenly and not c.dealer,
               gettext_noop("only the dealer (East) can win a heavenly hand")),
    Impossible(("heavenly", "self_drawn"), lambda c, h: c.heavenly and not c.self_drawn,
               gettext_noop("a heavenly hand is the dealer's own deal: mark it self-drawn")),
    Impossible(("heavenly",), lambda c, h: c.heavenly and h.claimed_set,
               gettext_noop("a heavenly hand is won before any tile is claimed: no set in [ ]")),
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
               gettext_noop("an earthly hand is won before any tile is claimed: no set in [ ]")),
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
                            "adding to a pung: the hand can hold no other {winning}")),
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
               gettext_noop("a joker exchange gives the winner a joker: the hand must hold one")),
    Impossible(("exchanger", "seat_wind"), lambda c, h: c.exchanger == c.seat_wind,
               gettext_noop("the exchanger is the player whose exchange gave the winner the "
                            "tile, not the winner")),
    Impossible(("exchanger", "self_drawn"), lambda c, h: c.exchanger is not None and c.self_drawn,
               gettext_noop("a tile given by another player's joker exchange is not self-drawn: "
                            "mark one of the two")),
    Impossible(("exchanger", "joker_exchange"), lambda c, h: c.exchanger is not None
               and c.joker_exchange,
               gettext_noop("joker_exchange is the winner's own exchange, exchanger another "
                            "player's: mark one of the two")),
    # Riichi (the fields only it reads).
    Impossible(("riichi",), lambda c, h: c.riichi and h.claimed_set,
               gettext_noop("riichi is declared on a concealed hand: no set in [ ] (a concealed "
                            "kong in ( ) is fine)")),
    Impossible(("double_riichi",), lambda c, h: c.double_riichi and h.claimed_set,
               gettext_noop("double riichi is declared on a concealed hand: no set in [ ] (a "
                            "concealed kong in ( ) is fine)")),
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
               gettext_noop("the winner's own riichi stick is on the table: riichi_sticks "
                            "counts it (at least 1)")),
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
                            "in [ ] or ( )")),
)


def unread_value(ctx: WinContext, name: str) -> bool:
    """Whether field `name` holds something other than its default (contract §2)."""
    value = getattr(ctx, name)
    if name == "dealer":
        return value != (ctx.seat_wind == DEALER_SEAT)
    if name == "discarder":
        return value != default_discarder(ctx.seat_wind, ctx.opponents, ctx.earthly)
    if name == "opponents":
        return set(value) != set(ctx.others)
    return value != DEFAULTS[name]


@lru_cache(maxsize=4096)  # immutable values: the same contexts and hand facts recur
def check_possible(ctx: WinContext, reads: frozenset[str], facts: HandFacts | None,
                   variant_name: str) -> None:
    """Refuse a context no table could see, as `bad_context` naming the fields at fault: a field
    the variant does not read, set to anything but its default, or a broken rule of IMPOSSIBLE
    among the fields the variant reads (with `facts` None, for a win entered by its total alone,
    only the rules about the context)."""
    for name in DEFAULTS:
        if name not in reads and unread_value(ctx, name):
            raise HandError("bad_context", gettext_noop(
                "{variant} does not use context.{field}: leave it out (got {got}).",
                variant=variant_name, field=field_word(name), got=repr(getattr(ctx, name))),
                (f"context.{name}",))
    for rule in IMPOSSIBLE:
        if reads.issuperset(rule.fields) and rule.broken(ctx, facts or UNKNOWN_HAND):
            fix = Message(rule.fix, {"winning": (facts or UNKNOWN_HAND).winning}
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
    return rule.broken(WinContext(**{flag: True, "self_drawn": False}), UNKNOWN_HAND)
