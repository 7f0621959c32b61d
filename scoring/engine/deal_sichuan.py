"""Settling a whole Sichuan deal (contract §5, spec/rules-sichuan.md "A whole deal").

The deal is a list of events, in order: kongs (paid at once), wins (a winner leaves the deal; one
discard may make several winners: consecutive win events with the same discarder) and the wall's
end (its checks). Every event gives one ledger entry: what happened, in words, and its transfers.
Each transfer is one payer and one payee, so `net` always sums to zero.

The tiles the deal shows (winning hands, the hands at the wall's end) come from one set of 108, so
together they hold at most 4 copies of a tile: a fifth is `too_many_copies`, naming the tile and
where it was shown. Only tiles actually written are counted (a kong event does not say its tile, a
win entered as fans shows none), and one discard won by consecutive winners is one tile.

The deal code reads the variant only through its interface (`score`, `forms`, `check_tiles`,
`void_problem`, `points`, `settle_total`), so it does not import the variant module.
"""

from dataclasses import dataclass, field

from . import tiles
from .context import KNOWN as CONTEXT_FIELDS
from .context import WinContext, parse_context
from .errors import HandError
from .hand import set_of_group
from .notation import ParsedHand, format_hand, parse
from .tiles import WINDS as SEATS

KONG_KINDS = ("concealed", "exposed", "added")
KONG_KEYS = {"type", "seat", "kind", "from", "held"}
WIN_KEYS = {"type", "seat", "hand", "fans", "context", "void"} | CONTEXT_FIELDS
WALL_KEYS = {"type", "hands", "void"}
SEAT_NAMES = {"east": "E", "south": "S", "west": "W", "north": "N"}


class DealError(HandError):
    """An event the deal cannot take: the error names the event's index (also as `event`)."""

    def __init__(self, code: str, message: str, event: int):
        super().__init__(code, message)
        self.event = event

    def as_result(self) -> dict:
        result = super().as_result()
        result["error"]["event"] = self.event
        return result


@dataclass
class Kong:
    """A kong's payments, kept so that they can be undone (kong_shot, wall's end)."""

    seat: str
    event: int
    paid: list[tuple[str, str, int]]
    undone: bool = False

    def undo(self, to: str | None = None) -> list[tuple[str, str, int]]:
        """Give the money back to its payers, or all of it to `to`; a kong is undone once."""
        if self.undone:
            return []
        self.undone = True
        if to is None:
            return [(self.seat, payer, amount) for payer, _, amount in self.paid]
        return [(self.seat, to, sum(amount for _, _, amount in self.paid))]


@dataclass
class Waiting:
    """A hand shown at the wall's end: is it a flower pig, is it ready, its best wait."""

    seat: str
    pig: bool
    best_points: int = 0
    best_wait: int | None = None

    @property
    def ready(self) -> bool:
        return not self.pig and self.best_wait is not None


@dataclass
class Shown:
    """The tiles shown so far in the deal, place by place, to refuse a fifth copy of a tile."""

    places: list[tuple[str, list[int]]] = field(default_factory=list)  # (where, counts by kind)
    totals: list[int] = field(default_factory=lambda: [0] * tiles.PLAYING_KINDS)

    def add(self, where: str, counts: list[int]) -> str | None:
        """Count a place's tiles; what is wrong if the deal now holds a fifth copy, else None."""
        self.places.append((where, counts))
        for tile, n in enumerate(counts):
            self.totals[tile] += n
        tile = next((t for t, n in enumerate(self.totals) if n > 4), None)
        if tile is None:
            return None
        found = ", ".join(f"{n} in {place}" for place, held in self.places if (n := held[tile]))
        return (f"{tiles.code(tile)} ({tiles.name(tile)}) is shown {self.totals[tile]} times in "
                f"this deal, but the set has only 4: {found}.")


def counts_of(parsed: ParsedHand) -> list[int]:
    """How many of each playing kind a hand holds, its groups' tiles included."""
    counts = [0] * tiles.PLAYING_KINDS
    for tile in parsed.concealed + tuple(t for group in parsed.groups for t in group.tiles):
        counts[tile] += 1
    return counts


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class Deal:
    variant: object
    rules: object
    in_play: list[str] = field(default_factory=lambda: list(SEATS))
    winners: list[str] = field(default_factory=list)
    kongs: list[Kong] = field(default_factory=list)
    ended: str | None = None
    ledger: list[dict] = field(default_factory=list)
    shown: Shown = field(default_factory=Shown)
    # The discard of the latest win, if that win was on a discard: (discarder, tile or None when
    # the win gave no hand). The next winner on the same discarder may be winning on that tile.
    discard: tuple[str, int | None] | None = None
    index: int = 0
    label: str = ""

    # --- errors and small readers -------------------------------------------------------------

    def fail(self, message: str, code: str = "bad_event") -> DealError:
        return DealError(code, f"Event {self.index}{self.label}: {message}", self.index)

    def seat(self, value, what: str) -> str:
        if isinstance(value, str):
            text = value.strip()
            if text.upper() in SEATS and len(text) == 1:
                return text.upper()
            if text.lower() in SEAT_NAMES:
                return SEAT_NAMES[text.lower()]
        raise self.fail(f"{what} must be a seat: E, S, W or N (got {value!r}).")

    def player_in(self, value, what: str) -> str:
        seat = self.seat(value, what)
        if seat not in self.in_play:
            raise self.fail(f"{seat} has already won and left the deal.")
        return seat

    def flag(self, event: dict, name: str) -> bool:
        value = event.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(f"{name} must be true or false (got {value!r}).")
        return value

    def others_in(self, seat: str) -> list[str]:
        return [s for s in self.in_play if s != seat]

    def record(self, what: str, transfers: list[tuple[str, str, int]]) -> None:
        self.ledger.append({"event": self.index, "what": what, "transfers": [
            {"from": payer, "to": payee, "amount": amount}
            for payer, payee, amount in transfers if amount > 0]})

    # --- the events -----------------------------------------------------------------------------

    def take(self, event) -> None:
        if not isinstance(event, dict):
            raise self.fail("an event must be an object with a 'type'.")
        kind = event.get("type")
        handlers = {"kong": self.kong, "win": self.win, "wall_end": self.wall_end}
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise self.fail(f"unknown event type {kind!r}; events are kong, win and wall_end.")
        seat = event.get("seat")
        self.label = f" ({kind} by {seat})" if isinstance(seat, str) and kind != "wall_end" else (
            f" ({kind})")
        if self.ended:
            raise self.fail(f"the deal already ended ({self.ended}); no event can follow.")
        known = {"kong": KONG_KEYS, "win": WIN_KEYS, "wall_end": WALL_KEYS}[kind]
        unknown = sorted(set(event) - known)
        if unknown:
            raise self.fail(f"a {kind} event has no field {unknown[0]!r}; its fields are "
                            + ", ".join(sorted(known)) + ".")
        if kind != "win":
            self.discard = None  # only consecutive wins may share a discard
        handler(event)

    def show(self, where: str, counts: list[int]) -> None:
        problem = self.shown.add(where, counts)
        if problem:
            raise self.fail(problem, "too_many_copies")

    def kong(self, event: dict) -> None:
        seat = self.player_in(event.get("seat"), "seat")
        kind = event.get("kind")
        if kind not in KONG_KINDS:
            raise self.fail(f"kind must be concealed, exposed or added (got {kind!r}).")
        held = self.flag(event, "held")
        if held and kind != "added":
            raise self.fail("held is for an added kong, made with a tile held since earlier.")
        discarder = event.get("from")
        if kind == "exposed":
            if discarder is None:
                raise self.fail("an exposed kong needs 'from': the seat whose discard made it.")
            discarder = self.player_in(discarder, "from")
            if discarder == seat:
                raise self.fail("an exposed kong is made on another player's discard.")
        elif discarder is not None:
            raise self.fail("'from' is only for an exposed kong, made on a discard.")
        if kind == "concealed":
            paid = [(other, seat, 2) for other in self.others_in(seat)]
            what = f"{seat}: concealed kong"
        elif kind == "exposed":
            paid = [(discarder, seat, 2)]
            what = f"{seat}: exposed kong on {discarder}'s discard"
        elif held:
            paid = []
            what = f"{seat}: added kong with a tile held since earlier (pays nothing)"
        else:
            paid = [(other, seat, 1) for other in self.others_in(seat)]
            what = f"{seat}: added kong"
        self.kongs.append(Kong(seat, self.index, paid))
        self.record(what, paid)

    def win_context(self, event: dict, seat: str) -> WinContext:
        raw = event.get("context")
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise self.fail("context must be an object of flags.", "bad_context")
        merged = dict(raw)
        if "void" in event:  # the wall_end's word for it, accepted on a win too
            if event.get("void_suit", event["void"]) != event["void"]:
                raise self.fail("void and void_suit differ.")
            event = {**event, "void_suit": event["void"]}
        for name in CONTEXT_FIELDS & set(event):
            if name in raw and raw[name] != event[name]:
                raise self.fail(f"{name} is {event[name]!r} in the event but {raw[name]!r} in its "
                                "context.")
            merged[name] = event[name]
        if merged.get("seat_wind") not in (None, seat) and (
                self.seat(merged["seat_wind"], "context.seat_wind") != seat):
            raise self.fail(f"the winner sits at {seat}, not {merged['seat_wind']}.")
        merged["seat_wind"] = seat
        opponents = self.others_in(seat)
        given = merged.get("opponents")
        if given is not None:
            if not isinstance(given, (list, str)) or sorted(
                    self.seat(s, "opponents") for s in given) != sorted(opponents):
                raise self.fail("opponents must be the players still in: "
                                + ", ".join(opponents) + ".")
        merged["opponents"] = opponents
        if not merged.get("self_drawn"):
            discarder = merged.get("discarder")
            if discarder is None:  # the nearest player still in before the winner discarded
                start = SEATS.index(seat)
                discarder = next(SEATS[(start - step) % 4] for step in (1, 2, 3)
                                 if SEATS[(start - step) % 4] in self.in_play)
            discarder = self.player_in(discarder, "discarder")
            if discarder == seat:
                raise self.fail("the winner cannot win on their own discard; for a self-drawn "
                                "win set self_drawn.")
            merged["discarder"] = discarder
        try:
            return parse_context(merged)
        except HandError as error:
            raise self.fail(error.message, error.code) from None

    def win(self, event: dict) -> None:
        seat = self.player_in(event.get("seat"), "seat")
        ctx = self.win_context(event, seat)
        has_hand, has_fans = event.get("hand") is not None, event.get("fans") is not None
        if has_hand == has_fans:
            raise self.fail("a win gives either its 'hand' or its 'fans', not both, not neither.")
        if has_hand:
            try:
                result = self.variant.score(event["hand"], ctx, self.rules)
            except HandError as error:
                raise self.fail(error.message, error.code) from None
            fans, points = result["total"], result["points"]
            counted = ", ".join(p["id"] if p["count"] == 1 else f"{p['id']} x{p['count']}"
                                for p in result["patterns"])
            detail = f" ({counted})" if counted else ""
        else:
            raw = event["fans"]
            if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
                raise self.fail(f"fans must be a whole number, 0 or more (got {raw!r}).")
            try:
                self.variant.check_context(ctx, None)
            except HandError as error:
                raise self.fail(error.message, error.code) from None
            fans, _ = self.variant.settle_total(raw, self.rules)
            points, detail = self.variant.points(fans, self.rules), " (entered)"
        self.show_win(seat, event.get("hand") if has_hand else None, ctx)
        if ctx.self_drawn:
            paid = [(other, seat, points + 1) for other in self.others_in(seat)]
            what = (f"{seat} wins self-drawn: {plural(fans, 'fan')}{detail}, {points} + 1 from "
                    "each player still in")
        else:
            paid = [(ctx.discarder, seat, points)]
            what = (f"{seat} wins on {ctx.discarder}'s discard: {plural(fans, 'fan')}{detail}, "
                    f"{plural(points, 'point')}")
            if ctx.after_kong_discard:
                paid, what = self.kong_shot(ctx.discarder, seat, paid, what)
        self.in_play.remove(seat)
        self.winners.append(seat)
        if len(self.winners) == 3:
            self.ended = "three players have won"
        self.record(what, paid)

    def show_win(self, seat: str, text: str | None, ctx: WinContext) -> None:
        """Count a winning hand's tiles. Consecutive winners on one discarder with the same
        winning tile may have won on the same discard (or robbed the same kong): that tile is
        counted once, so that only a deal that cannot be is refused."""
        parsed = parse(text) if text is not None else None  # already scored, so well formed
        winning = parsed.winning if parsed else None
        if ctx.self_drawn:
            self.discard = None
        else:
            discard = self.discard
            shared = discard[1] if discard and discard[0] == ctx.discarder else None
            self.discard = (ctx.discarder, shared if winning is None else winning)
            if winning is not None and winning == shared:
                counts = counts_of(parsed)
                counts[winning] -= 1
                self.show(f"{seat}'s winning hand (event {self.index}, its winning "
                          f"{tiles.code(winning)} being the discard counted before)", counts)
                return
        if parsed is not None:
            self.show(f"{seat}'s winning hand (event {self.index})", counts_of(parsed))

    def kong_shot(self, discarder: str, winner: str, paid, what):
        """A win on the discard after the discarder's kong undoes that kong's payments."""
        latest = next((k for k in reversed(self.kongs) if k.seat == discarder), None)
        if latest is None or latest.undone:
            return paid, what
        if self.rules["kong_shot"] == "transfer":
            moved, how = latest.undo(to=winner), f"goes to {winner}"
        else:
            moved, how = latest.undo(), "is given back"
        return paid + moved, f"{what}; {discarder}'s kong money (event {latest.event}) {how}"

    def wall_end(self, event: dict) -> None:
        self.ended = "the wall ran out"
        if not self.rules["end_checks"]:
            self.record("wall end: no checks (house option end_checks is off)", [])
            return
        hands, voids = event.get("hands"), event.get("void")
        voids = {} if voids is None else voids
        if not isinstance(hands, dict) or not isinstance(voids, dict):
            raise self.fail("a wall_end gives 'hands' (and 'void'): objects by seat, like "
                            "{\"S\": \"1112345678999m\"}.")
        hands = {self.seat(s, "a seat of hands"): text for s, text in hands.items()}
        voids = {self.seat(s, "a seat of void"): suit for s, suit in voids.items()}
        for seat in hands:
            if seat not in self.in_play:
                raise self.fail(f"{seat} has already won and left the deal; the wall's end takes "
                                "the hands of the players still in.")
        missing = [seat for seat in self.in_play if seat not in hands]
        if missing:
            raise self.fail("the wall's end needs the hand of every player still in; missing: "
                            + ", ".join(missing) + ".")
        for seat, suit in voids.items():
            if suit is not None and suit not in tuple(tiles.SUITS):
                raise self.fail(f"the void suit of {seat} must be m, p or s (got {suit!r}).",
                                "bad_context")
        read = {seat: self.read_hand(seat, hands[seat]) for seat in self.in_play}
        for seat, parsed in read.items():  # each hand's own faults first, then the copies across
            self.show(f"{seat}'s hand at the wall's end (event {self.index})", counts_of(parsed))
        shown = {seat: self.waiting(seat, read[seat], voids.get(seat)) for seat in self.in_play}
        transfers, notes = [], []
        for seat, held in shown.items():  # 1. the not-ready give back their kong money
            if not held.ready:
                moved = [t for k in self.kongs if k.seat == seat for t in k.undo()]
                if moved:
                    notes.append(f"{seat} is not ready and gives back its kong money")
                transfers += moved
        fine = 2 ** self.rules["fan_cap"]
        for seat, held in shown.items():  # 2. flower pigs pay the others still in who are not
            if held.pig:
                clean = [s for s, h in shown.items() if not h.pig]
                notes.append(f"{seat} holds its void suit (flower pig) and pays {fine} to each of "
                             + (", ".join(clean) or "nobody"))
                transfers += [(seat, other, fine) for other in clean]
        ready = [h for h in shown.values() if h.ready]
        for held in ready:
            notes.append(f"{held.seat} is ready: best wait {tiles.code(held.best_wait)} for "
                         f"{plural(held.best_points, 'point')}")
        not_ready = [seat for seat, held in shown.items() if not held.ready]
        for seat in not_ready:  # 3. the not-ready pay the ready their best points
            transfers += [(seat, r.seat, r.best_points) for r in ready]
        if ready and not_ready:
            notes.append(", ".join(not_ready) + " (not ready) pay each ready player its best")
        if not ready:
            notes.append("nobody is ready")
        self.record("wall end: " + "; ".join(notes), transfers)

    def read_hand(self, seat: str, text) -> ParsedHand:
        """A 13-tile hand shown at the wall's end, checked by the variant's tile rules."""
        try:
            parsed = parse(text) if text is not None else None
            if parsed is None:
                raise HandError("bad_notation", "The hand is missing.")
            self.variant.check_tiles(parsed)
            melds = [set_of_group(group) for group in parsed.groups]
            found = len(parsed.concealed) + 3 * len(melds)
            if found != 13:
                raise HandError("wrong_tile_count", f"Found {found} tiles; a hand at the wall's "
                                "end has 13, plus one for each kong.")
        except HandError as error:
            raise self.fail(f"the hand of {seat}: {error.message}", error.code) from None
        return parsed

    def waiting(self, seat: str, parsed: ParsedHand, void) -> Waiting:
        """A hand read at the wall's end: a flower pig, or the best points over every wait (won
        on a plain discard: no self-draw, kong or last-tile fans)."""
        melds = [set_of_group(group) for group in parsed.groups]
        counts = [0] * tiles.PLAYING_KINDS
        for tile in parsed.concealed:
            counts[tile] += 1
        held = counts_of(parsed)
        if self.variant.void_problem(held, void):
            return Waiting(seat, pig=True)
        best = Waiting(seat, pig=False)
        forms = self.variant.forms(self.rules)
        ctx = WinContext(seat_wind=seat, dealer=seat == "E", void_suit=void,
                         discarder=self.others_in(seat)[0], opponents=tuple(self.others_in(seat)))
        for tile in sorted(forms.kinds):
            if held[tile] >= 4:
                continue
            counts[tile] += 1
            complete = forms.is_complete(tuple(counts), bool(melds))
            counts[tile] -= 1
            if not complete:
                continue
            hand = ParsedHand(tuple(sorted(parsed.concealed + (tile,))), parsed.groups, tile)
            try:
                result = self.variant.score(format_hand(hand), ctx, self.rules)
            except HandError:  # a wait that would hold the void suit is no wait
                continue
            if best.best_wait is None or result["points"] > best.best_points:
                best.best_points, best.best_wait = result["points"], tile
        return best


def settle(variant, rules, events) -> dict:
    """The ledger of a deal: one entry per event, the net per seat (summing to zero)."""
    if not isinstance(events, list):
        raise HandError("bad_request", "The deal needs 'events': a list of kong, win and wall_end "
                        "events, in the order they happened.")
    deal = Deal(variant, rules)
    for index, event in enumerate(events):
        deal.index, deal.label = index, ""
        deal.take(event)
    net = {seat: 0 for seat in SEATS}
    for entry in deal.ledger:
        for transfer in entry["transfers"]:
            net[transfer["from"]] -= transfer["amount"]
            net[transfer["to"]] += transfer["amount"]
    return {"ok": True, "net": net, "ledger": deal.ledger}
