"""Settling a whole Sichuan deal (contract §5, spec/rules-sichuan.md "A whole deal").

The deal is a list of events, in order: kongs (paid at once), wins (a winner leaves the deal; one
discard may make several winners: consecutive win events with the same discarder) and the wall's
end (its checks). Every event gives one ledger entry: what happened, in words, and its transfers.
Each transfer is one payer and one payee, so `net` always sums to zero.

One discard: consecutive win events on the same discarder, none self-drawn, are the winners of one
discard, unless their hands show different winning tiles (one tile cannot be two; a win entered
as fans shows none, so it joins the discard before it). Its winners agree on after_kong_discard,
or the deal is `bad_context`. A win on the discard right after the discarder's kong undoes that
kong (the discarder's latest), once for the discard however many win on it: `kong_shot` refund
gives the money back to its payers at the first winner entered; transfer gives it to the winner
who comes first in turn order after the discarder. Wins may be entered in any order, so a winner
entered later who comes earlier in turn takes the money from the winner who held it, in its own
ledger entry (earlier entries never change).

The tiles the deal shows (winning hands, the hands at the wall's end) come from one set of 108, so
together they hold at most 4 copies of a tile: a fifth is `too_many_copies`, naming the tile and
where it was shown. Only tiles actually written are counted (a kong event does not say its tile, a
win entered as fans shows none), and one discard won by several winners is one tile.

The deal code reads the variant only through its interface (`result`, `forms`, `check_tiles`,
`void_problem`, `points`, `settle_total`), so it does not import the variant module.
"""

from dataclasses import dataclass, field

from . import tiles
from .context import KNOWN as CONTEXT_FIELDS
from .context import WinContext, parse_context, seat_of
from .errors import DealError, HandError
from .hand import set_of_group
from .messages import (
    EVENT_WORDS,
    count_of,
    gettext_noop,
    joined,
    seat_letter,
    tile_named,
    tile_word,
)
from .notation import ParsedHand, format_hand, parse
from .tiles import WINDS as SEATS

KONG_KINDS = ("concealed", "exposed", "added")
KONG_KEYS = {"type", "seat", "kind", "from", "held"}
WIN_KEYS = {"type", "seat", "hand", "fans", "context", "void"} | CONTEXT_FIELDS
WALL_KEYS = {"type", "hands", "void"}


@dataclass
class Kong:
    """A kong's payments, kept so that they can be undone (kong_shot, wall's end)."""

    seat: str
    event: int
    paid: list[tuple[str, str, int]]
    undone: bool = False

    @property
    def money(self) -> int:
        return sum(amount for _, _, amount in self.paid)

    def undo(self, to: str | None = None) -> list[tuple[str, str, int]]:
        """Give the money back to its payers, or all of it to `to`; a kong is undone once."""
        if self.undone:
            return []
        self.undone = True
        if to is None:
            return [(self.seat, payer, amount) for payer, _, amount in self.paid]
        return [(self.seat, to, self.money)]


def turn_after(discarder: str, seat: str) -> int:
    """How many turns after the discarder `seat` plays (E -> S -> W -> N -> E): 1 to 3."""
    return (SEATS.index(seat) - SEATS.index(discarder)) % 4


@dataclass
class Discard:
    """One discard and the wins on it (see the module's docstring)."""

    discarder: str
    tile: int | None  # the winning tile, once a winner's hand has shown it
    after_kong: bool  # made right after the discarder's kong: every winner on it says so
    winners: list[tuple[str, int]]  # (seat, event), in the order entered
    shot: Kong | None = None  # the discarder's kong this discard undid
    shot_event: int | None = None  # the event that undid it
    holder: str | None = None  # kong_shot transfer: the winner now holding that kong's money


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
        found = [gettext_noop("{n} in {place}", n=n, place=place)
                 for place, held in self.places if (n := held[tile])]
        return gettext_noop("{tile} is shown {count} times in this deal, but the set has only 4: "
                            "{found}.", tile=tile_named(tile), count=self.totals[tile],
                            found=found)


def counts_of(parsed: ParsedHand) -> list[int]:
    """How many of each playing kind a hand holds, its groups' tiles included."""
    counts = [0] * tiles.PLAYING_KINDS
    for tile in parsed.concealed + tuple(t for group in parsed.groups for t in group.tiles):
        counts[tile] += 1
    return counts


def plural(n: int, word: str) -> str:
    return count_of(n, word)


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
    # The discard of the latest win, if that win was on a discard; the next win on the same
    # discarder may be on it too.
    discard: Discard | None = None
    index: int = 0
    label: str = ""

    # --- errors and small readers -------------------------------------------------------------

    def fail(self, message: str, code: str = "bad_event") -> DealError:
        return DealError(code, gettext_noop("Event {index}{label}: {message}", index=self.index,
                                            label=self.label, message=message), self.index)

    def seat(self, value, what: str) -> str:
        seat = seat_of(value)
        if seat is None:
            raise self.fail(gettext_noop("{field} must be a seat: E, S, W or N (got {got}).",
                                         field=what, got=repr(value)))
        return seat

    def player_in(self, value, what: str) -> str:
        seat = self.seat(value, what)
        if seat not in self.in_play:
            raise self.fail(gettext_noop("{seat} has already won and left the deal.",
                                         seat=seat_letter(seat)))
        return seat

    def flag(self, event: dict, name: str) -> bool:
        value = event.get(name, False)
        if value is None:
            return False
        if not isinstance(value, bool):
            raise self.fail(gettext_noop("{field} must be true or false (got {got}).",
                                         field=name, got=repr(value)))
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
            raise self.fail(gettext_noop("an event must be an object with a 'type'."))
        kind = event.get("type")
        handlers = {"kong": self.kong, "win": self.win, "wall_end": self.wall_end}
        handler = handlers.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise self.fail(gettext_noop("unknown event type {kind}; events are kong, win and "
                                         "wall_end.", kind=repr(kind)))
        seat = event.get("seat")
        word = EVENT_WORDS.get(kind, kind)
        self.label = gettext_noop(" ({kind} by {seat})", kind=word, seat=seat_letter(seat)) \
            if isinstance(seat, str) and kind != "wall_end" else gettext_noop(" ({kind})",
                                                                              kind=word)
        if self.ended:
            raise self.fail(gettext_noop("the deal already ended ({ended}); no event can follow.",
                                         ended=self.ended))
        known = {"kong": KONG_KEYS, "win": WIN_KEYS, "wall_end": WALL_KEYS}[kind]
        unknown = sorted(set(event) - known)
        if unknown:
            raise self.fail(gettext_noop("a {kind} event has no field {field}; its fields are "
                                         "{fields}.", kind=kind, field=repr(unknown[0]),
                                         fields=", ".join(sorted(known))))
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
            raise self.fail(gettext_noop("kind must be concealed, exposed or added (got {got}).",
                                         got=repr(kind)))
        held = self.flag(event, "held")
        if held and kind != "added":
            raise self.fail(gettext_noop(
                "held is for an added kong, made with a tile held since earlier."))
        discarder = event.get("from")
        if kind == "exposed":
            if discarder is None:
                raise self.fail(gettext_noop(
                    "an exposed kong needs 'from': the seat whose discard made it."))
            discarder = self.player_in(discarder, "from")
            if discarder == seat:
                raise self.fail(gettext_noop("an exposed kong is made on another player's "
                                             "discard."))
        elif discarder is not None:
            raise self.fail(gettext_noop("'from' is only for an exposed kong, made on a discard."))
        who = seat_letter(seat)
        if kind == "concealed":
            paid = [(other, seat, 2) for other in self.others_in(seat)]
            what = gettext_noop("{seat}: concealed kong", seat=who)
        elif kind == "exposed":
            paid = [(discarder, seat, 2)]
            what = gettext_noop("{seat}: exposed kong on {discarder}'s discard", seat=who,
                                discarder=seat_letter(discarder))
        elif held:
            paid = []
            what = gettext_noop("{seat}: added kong with a tile held since earlier (pays "
                                "nothing)", seat=who)
        else:
            paid = [(other, seat, 1) for other in self.others_in(seat)]
            what = gettext_noop("{seat}: added kong", seat=who)
        self.kongs.append(Kong(seat, self.index, paid))
        self.record(what, paid)

    def win_context(self, event: dict, seat: str) -> WinContext:
        raw = event.get("context")
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise self.fail(gettext_noop("context must be an object of flags."), "bad_context")
        merged = dict(raw)
        if "void" in event:  # the wall_end's word for it, accepted on a win too
            if event.get("void_suit", event["void"]) != event["void"]:
                raise self.fail(gettext_noop("void and void_suit differ."))
            event = {**event, "void_suit": event["void"]}
        for name in CONTEXT_FIELDS & set(event):
            if name in raw and raw[name] != event[name]:
                raise self.fail(gettext_noop("{field} is {event} in the event but {context} in "
                                             "its context.", field=name, event=repr(event[name]),
                                             context=repr(raw[name])))
            merged[name] = event[name]
        if merged.get("seat_wind") not in (None, seat) and (
                self.seat(merged["seat_wind"], "context.seat_wind") != seat):
            raise self.fail(gettext_noop("the winner sits at {seat}, not {other}.",
                                         seat=seat_letter(seat), other=merged["seat_wind"]))
        merged["seat_wind"] = seat
        opponents = self.others_in(seat)
        given = merged.get("opponents")
        if given is not None:
            if not isinstance(given, (list, str)) or sorted(
                    self.seat(s, "opponents") for s in given) != sorted(opponents):
                raise self.fail(gettext_noop("opponents must be the players still in: {seats}.",
                                             seats=", ".join(opponents)))
        merged["opponents"] = opponents
        if not merged.get("self_drawn"):
            discarder = merged.get("discarder")
            if discarder is None:  # the nearest player still in before the winner discarded
                start = SEATS.index(seat)
                discarder = next(SEATS[(start - step) % 4] for step in (1, 2, 3)
                                 if SEATS[(start - step) % 4] in self.in_play)
            discarder = self.player_in(discarder, "discarder")
            if discarder == seat:
                raise self.fail(gettext_noop("the winner cannot win on their own discard; for a "
                                             "self-drawn win set self_drawn."))
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
            raise self.fail(gettext_noop(
                "a win gives either its 'hand' or its 'fans', not both, not neither."))
        if has_hand:
            try:
                result = self.variant.result(event["hand"], ctx, self.rules)
            except HandError as error:
                raise self.fail(error.message, error.code) from None
            fans, points = result.total, result.points
            counted = ", ".join(p["id"] if p["count"] == 1 else f"{p['id']} x{p['count']}"
                                for p in result.patterns)
            detail = gettext_noop(" ({counted})", counted=counted) if counted else ""
        else:
            raw = event["fans"]
            if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
                raise self.fail(gettext_noop("fans must be a whole number, 0 or more (got {got}).",
                                             got=repr(raw)))
            try:
                self.variant.check_context(ctx, None)
            except HandError as error:
                raise self.fail(error.message, error.code) from None
            fans, _ = self.variant.settle_total(raw, self.rules)
            points, detail = self.variant.points(fans, self.rules), gettext_noop(" (entered)")
        parsed = parse(event["hand"]) if has_hand else None  # already scored, so well formed
        if ctx.self_drawn:
            self.discard = None
            if parsed is not None:
                self.show(gettext_noop("{seat}'s winning hand (event {event})",
                                       seat=seat_letter(seat), event=self.index),
                          counts_of(parsed))
            paid = [(other, seat, points + 1) for other in self.others_in(seat)]
            what = gettext_noop("{seat} wins self-drawn: {fans}{detail}, {points} + 1 from each "
                                "player still in", seat=seat_letter(seat),
                                fans=plural(fans, "fan"), detail=detail, points=points)
        else:
            discard = self.on_discard(seat, ctx, parsed)
            paid = [(ctx.discarder, seat, points)]
            what = gettext_noop("{seat} wins on {discarder}'s discard: {fans}{detail}, {points}",
                                seat=seat_letter(seat), discarder=seat_letter(ctx.discarder),
                                fans=plural(fans, "fan"), detail=detail,
                                points=plural(points, "point"))
            if discard.after_kong:
                moved, how = self.kong_shot(discard, seat)
                paid, what = paid + moved, joined([what, how], "")
        self.in_play.remove(seat)
        self.winners.append(seat)
        if len(self.winners) == 3:
            self.ended = gettext_noop("three players have won")
        self.record(what, paid)

    def on_discard(self, seat: str, ctx: WinContext, parsed: ParsedHand | None) -> Discard:
        """The discard this win is on: the latest win's, if it is the same (see the module's
        docstring), else a new one. Counts the hand's tiles, the discard's tile once."""
        winning = parsed.winning if parsed else None
        last = self.discard
        if last is None or last.discarder != ctx.discarder or (
                None not in (winning, last.tile) and winning != last.tile):
            last = self.discard = Discard(ctx.discarder, winning, ctx.after_kong_discard, [])
        elif ctx.after_kong_discard != last.after_kong:
            first, event = last.winners[0]
            marked = first if last.after_kong else seat
            raise self.fail(gettext_noop(
                "{seat} and {first} (event {event}) won on the same discard of {discarder}, but "
                "only {marked}'s win is marked after_kong_discard: mark both or neither "
                "(consecutive wins on one discarder are one discard, unless their hands show "
                "different winning tiles).", seat=seat_letter(seat), first=seat_letter(first),
                event=event, discarder=seat_letter(ctx.discarder), marked=seat_letter(marked)),
                "bad_context")
        shared = winning is not None and winning == last.tile and bool(last.winners)
        last.tile = winning if last.tile is None else last.tile
        last.winners.append((seat, self.index))
        if parsed is not None:
            counts = counts_of(parsed)
            where = gettext_noop("{seat}'s winning hand (event {event})", seat=seat_letter(seat),
                                 event=self.index)
            if shared:
                counts[winning] -= 1
                where = gettext_noop("{seat}'s winning hand (event {event}, its winning {tile} "
                                     "being the discard counted before)", seat=seat_letter(seat),
                                     event=self.index, tile=tile_word(winning))
            self.show(where, counts)
        return last

    def kong_shot(self, discard: Discard, winner: str) -> tuple[list, str]:
        """The transfers and words of a win on the discard right after the discarder's kong: its
        first winner undoes that kong (refund: to its payers; transfer: to this winner); a later
        one takes the money, under transfer, if it comes earlier in turn after the discarder."""
        by = discard.discarder
        kong = discard.shot
        if kong is None:  # nobody on this discard has undone a kong yet
            kong = next((k for k in reversed(self.kongs) if k.seat == by), None)
            if kong is None or kong.undone or not kong.money:
                return [], ""
            discard.shot, discard.shot_event = kong, self.index
            money = gettext_noop("{seat}'s kong money (event {event}, {money})",
                                 seat=seat_letter(by), event=kong.event, money=kong.money)
            if self.rules["kong_shot"] == "refund":
                return kong.undo(), gettext_noop("; {money} is given back to its payers",
                                                 money=money)
            discard.holder = winner
            return kong.undo(to=winner), gettext_noop("; {money} goes to {winner}", money=money,
                                                      winner=seat_letter(winner))
        money = gettext_noop("{seat}'s kong money (event {event}, {money})",
                             seat=seat_letter(by), event=kong.event, money=kong.money)
        if self.rules["kong_shot"] == "refund":
            return [], gettext_noop("; {money} was given back at event {event}", money=money,
                                    event=discard.shot_event)
        holder = discard.holder
        if turn_after(by, winner) > turn_after(by, holder):
            return [], gettext_noop("; {money} stays with {holder}, who plays before {winner} in "
                                    "turn after {by}", money=money, holder=seat_letter(holder),
                                    winner=seat_letter(winner), by=seat_letter(by))
        discard.holder = winner
        return [(holder, winner, kong.money)], gettext_noop(
            "; {winner} plays before {holder} in turn after {by}, so {holder} passes {money} on "
            "to {winner}", winner=seat_letter(winner), holder=seat_letter(holder),
            by=seat_letter(by), money=money)

    def wall_end(self, event: dict) -> None:
        self.ended = gettext_noop("the wall ran out")
        if not self.rules["end_checks"]:
            self.record(gettext_noop("wall end: no checks (the house rules turn them off)"), [])
            return
        hands, voids = event.get("hands"), event.get("void")
        voids = {} if voids is None else voids
        if not isinstance(hands, dict) or not isinstance(voids, dict):
            raise self.fail(gettext_noop("a wall_end gives 'hands' (and 'void'): objects by seat, "
                                         "like {example}.", example='{"S": "1112345678999m"}'))
        hands = {self.seat(s, gettext_noop("a seat of hands")): text for s, text in hands.items()}
        voids = {self.seat(s, gettext_noop("a seat of void")): suit for s, suit in voids.items()}
        for seat in hands:
            if seat not in self.in_play:
                raise self.fail(gettext_noop("{seat} has already won and left the deal; the "
                                             "wall's end takes the hands of the players still "
                                             "in.", seat=seat_letter(seat)))
        missing = [seat for seat in self.in_play if seat not in hands]
        if missing:
            raise self.fail(gettext_noop("the wall's end needs the hand of every player still in; "
                                         "missing: {seats}.", seats=", ".join(missing)))
        for seat, suit in voids.items():
            if suit is not None and suit not in tuple(tiles.SUITS):
                raise self.fail(gettext_noop("the void suit of {seat} must be m, p or s (got "
                                             "{got}).", seat=seat_letter(seat), got=repr(suit)),
                                "bad_context")
        read = {seat: self.read_hand(seat, hands[seat]) for seat in self.in_play}
        for seat, parsed in read.items():  # each hand's own faults first, then the copies across
            self.show(gettext_noop("{seat}'s hand at the wall's end (event {event})",
                                   seat=seat_letter(seat), event=self.index), counts_of(parsed))
        shown = {seat: self.waiting(seat, read[seat], voids.get(seat)) for seat in self.in_play}
        transfers, notes = [], []
        for seat, held in shown.items():  # 1. the not-ready give back their kong money
            if not held.ready:
                moved = [t for k in self.kongs if k.seat == seat for t in k.undo()]
                if moved:
                    notes.append(gettext_noop("{seat} is not ready and gives back its kong money",
                                              seat=seat_letter(seat)))
                transfers += moved
        fine = 2 ** self.rules["fan_cap"]
        for seat, held in shown.items():  # 2. flower pigs pay the others still in who are not
            if held.pig:
                clean = [s for s, h in shown.items() if not h.pig]
                notes.append(gettext_noop("{seat} holds its void suit (flower pig) and pays "
                                          "{fine} to each of {others}", seat=seat_letter(seat),
                                          fine=fine, others=", ".join(clean)
                                          or gettext_noop("nobody")))
                transfers += [(seat, other, fine) for other in clean]
        ready = [h for h in shown.values() if h.ready]
        for held in ready:
            notes.append(gettext_noop("{seat} is ready: best wait {tile} for {points}",
                                      seat=seat_letter(held.seat),
                                      tile=tile_word(held.best_wait),
                                      points=plural(held.best_points, "point")))
        not_ready = [seat for seat, held in shown.items() if not held.ready]
        for seat in not_ready:  # 3. the not-ready pay the ready their best points
            transfers += [(seat, r.seat, r.best_points) for r in ready]
        if ready and not_ready:
            notes.append(gettext_noop("{seats} (not ready) pay each ready player its best",
                                      seats=", ".join(not_ready)))
        if not ready:
            notes.append(gettext_noop("nobody is ready"))
        self.record(gettext_noop("wall end: {notes}", notes=joined(notes, "; ")), transfers)

    def read_hand(self, seat: str, text) -> ParsedHand:
        """A 13-tile hand shown at the wall's end, checked by the variant's tile rules."""
        try:
            parsed = parse(text) if text is not None else None
            if parsed is None:
                raise HandError("bad_notation", gettext_noop("The hand is missing."))
            self.variant.check_tiles(parsed)
            melds = [set_of_group(group) for group in parsed.groups]
            found = len(parsed.concealed) + 3 * len(melds)
            if found != 13:
                raise HandError("wrong_tile_count", gettext_noop(
                    "Found {found} tiles; a hand at the wall's end has 13, plus one for each "
                    "kong.", found=found))
        except HandError as error:
            raise self.fail(gettext_noop("the hand of {seat}: {message}", seat=seat_letter(seat),
                                         message=error.message), error.code) from None
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
                points = self.variant.result(format_hand(hand), ctx, self.rules).points
            except HandError:  # a wait that would hold the void suit is no wait
                continue
            if best.best_wait is None or points > best.best_points:
                best.best_points, best.best_wait = points, tile
        return best


def settle(variant, rules, events) -> dict:
    """The ledger of a deal: one entry per event, the net per seat (summing to zero)."""
    if not isinstance(events, list):
        raise HandError("bad_request", gettext_noop(
            "The deal needs 'events': a list of kong, win and wall_end events, in the order they "
            "happened."))
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
