"""How the hand was won: the request's `context`, checked and frozen (contract §2)."""

from functools import lru_cache

from .errors import HandError
from .frozen import Frozen
from .hand import cached_property
from .tiles import WINDS, wind_tile

FLAGS = ("self_drawn", "last_tile", "kong_replacement", "double_kong_replacement",
         "after_kong_discard", "robbing_kong", "heavenly", "earthly", "ready_announced",
         "winning_tile_last", "joker_exchange")


class WinContext(Frozen):
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

    @cached_property
    def seat_wind_tile(self) -> int:
        return wind_tile(self.seat_wind)

    @cached_property
    def round_wind_tile(self) -> int:
        return wind_tile(self.round_wind)

    @cached_property
    def true_flags(self) -> tuple[str, ...]:
        """The FLAGS that are set (usually none)."""
        return tuple(flag for flag in FLAGS if getattr(self, flag))

    def summary(self) -> dict:
        """What a result repeats of how the hand was won (contract §3)."""
        return self._summary.copy()  # a new dict each time: callers may change theirs

    @cached_property
    def _summary(self) -> dict:
        return {"seat_wind": self.seat_wind, "round_wind": self.round_wind,
                "dealer": self.dealer, "self_drawn": self.self_drawn,
                "discarder": None if self.self_drawn else self.discarder}

    @property
    def others(self) -> tuple[str, ...]:
        """The three other seats, in turn order after the winner."""
        start = WINDS.index(self.seat_wind)
        return tuple(WINDS[(start + step) % 4] for step in (1, 2, 3))


KNOWN = set(WinContext._fields)


def upper_house(seat: str) -> str:
    """The seat that plays just before `seat`: East before South ... North before East."""
    return WINDS[(WINDS.index(seat) - 1) % 4]


def _wind(value, name: str) -> str:
    if isinstance(value, str) and value.strip().upper()[:1] in WINDS and (
            len(value.strip()) == 1 or value.strip().lower() in ("east", "south", "west", "north")):
        return value.strip().upper()[0]
    raise HandError("bad_context", f"context.{name} must be a wind: E, S, W or N (got {value!r}).")


def parse_context(raw) -> WinContext:
    """Check every field of a request's context; unknown names and bad values are `bad_context`."""
    if raw is None or raw == {}:
        return _cached_context(())
    if not isinstance(raw, dict):
        raise HandError("bad_context", "context must be an object of flags and winds.")
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
        raise HandError("bad_context", f"Unknown context field {unknown[0]!r}; known fields are "
                        + ", ".join(sorted(KNOWN)) + ".")
    values = {}
    for flag in FLAGS:
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise HandError("bad_context", f"context.{flag} must be true or false (got {value!r}).")
        values[flag] = value
    seat = _wind(raw.get("seat_wind", "E"), "seat_wind")
    values["seat_wind"] = seat
    values["round_wind"] = _wind(raw.get("round_wind", "E"), "round_wind")
    dealer = raw.get("dealer", seat == "E")
    if not isinstance(dealer, bool):
        raise HandError("bad_context", f"context.dealer must be true or false (got {dealer!r}).")
    values["dealer"] = dealer
    discarder = raw.get("discarder")
    discarder = upper_house(seat) if discarder is None else _wind(discarder, "discarder")
    if discarder == seat and not values["self_drawn"]:
        raise HandError("bad_context", f"The discarder ({discarder}) cannot be the winner's own "
                        "seat; for a self-drawn win set self_drawn.")
    values["discarder"] = discarder
    void = raw.get("void_suit")
    if void is not None and void not in ("m", "p", "s"):
        raise HandError("bad_context", f"context.void_suit must be m, p or s (got {void!r}).")
    values["void_suit"] = void
    opponents = raw.get("opponents")
    if opponents is None:
        values["opponents"] = WinContext(seat_wind=seat).others
    else:
        if isinstance(opponents, str):
            opponents = list(opponents)
        if not isinstance(opponents, list) or not opponents:
            raise HandError("bad_context", "context.opponents must list the seats still playing, "
                            "like [\"S\", \"W\"].")
        seats = tuple(_wind(seat_name, "opponents") for seat_name in opponents)
        if seat in seats or len(set(seats)) != len(seats):
            raise HandError("bad_context", "context.opponents must name other seats, each once; "
                            f"the winner sits at {seat}.")
        values["opponents"] = seats
    return WinContext(**values)
