"""Table hands recorded on a phone with no connection, worked out on the phone (pure Python).

A hand recorded offline is kept as its form's POST pairs (static/js/pending-store.js) until the
server has it. Meanwhile the board shows it as pending, with its money and the running totals:
`pending_hands` reads the pairs as the table's forms do (scoring/tables/forms.py: the same field
names and checks) and asks `game` for the money, as the views do when the hand is saved. The
pocket engine (Pyodide in a Web Worker) runs it on the phone; the server never needs it, but its
tests check that it says what the server then stores (tests/tables/test_offline_pending.py).

No Django here: the phone runs the engine, `game` and this module only. Refused hands say why in
English (`error`) and as message data (`message`, scoring.engine.messages.to_data) for the page.
"""

from decimal import Decimal

from scoring.engine.errors import HandError
from scoring.engine.messages import gettext_noop, to_data
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.american import is_card_text
from scoring.tables import game

SELF_DRAWN = "self"  # forms.SELF_DRAWN: the "won from" choice of a self-drawn tile
YAKUMAN = "yakuman"  # forms.YAKUMAN: the han select's "yakuman1", "yakuman2"


class Pairs:
    """A form's POST pairs, read as Django's QueryDict reads them (the last value of a name)."""

    def __init__(self, pairs):
        self.pairs = [(str(name), str(value)) for name, value in pairs]

    def get(self, name, default=""):
        found = [value for key, value in self.pairs if key == name]
        return found[-1] if found else default

    def getlist(self, name):
        return [value for key, value in self.pairs if key == name]

    def players(self, name) -> list[int]:
        return sorted({number(value, name) for value in self.getlist(name) if value != ""})


def number(text, what) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise HandError("bad_request", gettext_noop("{what} is not a number.", what=what)) \
            from None


def table_state(variant: str, rules: dict, players: list[str], dealer_keeps: bool,
                position: game.Position, totals) -> dict:
    """What a board tells the phone about its table, for `pending_hands` (JSON). A pasted
    American card stays on the server (no page of the table carries it: tests/tables/
    test_card.py), so such a table is not `exact`: the phone does not work out its money."""
    pasted = is_card_text(rules.get("card", "")) if isinstance(rules.get("card"), str) else False
    rules = {name: value for name, value in rules.items() if not (name == "card" and pasted)}
    return {"variant": variant, "rules": rules, "players": list(players), "exact": not pasted,
            "dealer_keeps": bool(dealer_keeps), "position": game.position_data(position),
            "totals": [game.show(game.money(t)) for t in totals],
            "stick": game.riichi_stick(variant)}


def pending_hands(args: dict) -> list[dict]:
    """Each pending hand in order, from the table's `position` and `totals` (table_state):
    {"ok": true, number, position (before it), kind, winner, discarder, self_drawn, total,
    detail, net, totals (after it), pot_taken, pot_left}, or {"ok": false, number, error,
    message} for a hand the table would refuse (it moves nothing: the next hand is worked out
    from where the table stood before it)."""
    variant, rules, players = args["variant"], args.get("rules") or {}, list(args["players"])
    keeps = bool(args.get("dealer_keeps"))
    position = game.position_from(args["position"])
    totals = [Decimal(str(t)) for t in args["totals"]]
    stick = game.riichi_stick(variant)
    rows = []
    for hand in args["hands"]:
        try:
            recorded = read(hand.get("form", ""), Pairs(hand.get("pairs", ())), variant, rules,
                            position, players)
        except HandError as error:
            rows.append({"ok": False, "number": position.number, "error": str(error.message),
                         "message": to_data(error.message)})
            continue
        outcome = game.outcome_of(recorded.winner, recorded.detail)
        net = game.net_of(recorded.transfers + game.stick_transfers(position, outcome, stick),
                          len(players))
        totals = [a + b for a, b in zip(totals, net, strict=True)]
        taken, left = game.pot_after(position, outcome)
        rows.append({
            "ok": True, "number": position.number, "position": game.position_data(position),
            "kind": recorded.kind, "winner": recorded.winner, "discarder": recorded.discarder,
            "self_drawn": recorded.self_drawn, "total": recorded.total,
            "detail": recorded.detail, "net": [game.show(x) for x in net],
            "totals": [game.show(x) for x in totals], "pot_taken": taken, "pot_left": left,
        })
        position = game.advance(variant, position, outcome, keeps)
    return rows


def read(form: str, data: Pairs, variant: str, rules: dict, position: game.Position,
         players: list[str]) -> game.Recorded:
    """The hand a table form's pairs record (the views' _quick, _drawn, false win, deal)."""
    if form == "win":
        if VARIANTS[variant].pays_during_deal:
            return _discard_wins(data, variant, rules, position, players)
        return _win(data, variant, rules, position, players)
    if form == "draw":
        ready, riichi = data.players("draw-ready"), data.players("draw-riichi")
        not_ready = [p for p in riichi if p not in ready]
        if game.noten_payment(variant) and not_ready:
            raise HandError("bad_request", gettext_noop(
                "A player in riichi is ready: tick {who} as ready too, or untick their riichi.",
                who=", ".join(players[p] for p in not_ready)))
        return game.drawn(position, variant, ready, riichi)
    if form == "false-win":
        declarer = _player(data.get("false-declarer"), players, "declarer")
        self_drawn, discarder = _source(data.get("false-source"), players)
        return game.false_win(variant, rules, position, declarer, discarder, self_drawn)
    if form == "deal":
        events = _deal_events(data, position, players)
        if not events:
            raise HandError("bad_request", gettext_noop("Enter at least one event."))
        return game.settled_deal(variant, rules, position, events)
    raise HandError("bad_request", gettext_noop("This form records no hand."))


def _player(text, players, what) -> int:
    if text in (None, ""):
        raise HandError("bad_request", gettext_noop("Choose who won.") if what == "winner"
                        else gettext_noop("Choose the {what}.", what=what))
    player = number(text, what)
    if not 0 <= player < len(players):
        raise HandError("bad_request", gettext_noop("No such player."))
    return player


def _source(text, players) -> tuple[bool, int | None]:
    """(self-drawn, the discarder) from a "won from" choice."""
    if text in (None, ""):
        raise HandError("bad_request", gettext_noop(
            "Choose whose discard it was, or self-drawn."))
    if text == SELF_DRAWN:
        return True, None
    return False, _player(text, players, "discarder")


def _win(data, variant, rules, position, players) -> game.Recorded:
    winner = _player(data.get("winner"), players, "winner")
    self_drawn, discarder = _source(data.get("source"), players)
    if discarder == winner:
        raise HandError("bad_request", gettext_noop(
            "The winner cannot have discarded the winning tile: choose self-drawn or another "
            "player."))
    text, fu, yakuman = data.get("total").strip(), None, 0
    if game.quick_entry_fu(variant):
        if text.startswith(YAKUMAN) and text[len(YAKUMAN):].isdigit():
            yakuman = int(text[len(YAKUMAN):])
            total = 13 * yakuman
        elif text.isdigit():
            total = int(text)
        else:
            raise HandError("bad_request", gettext_noop("Choose how many han."))
        fu = number(data.get("fu"), "fu") if data.get("fu") else None
        VARIANTS[variant].check_han_fu(total, fu, self_drawn, yakuman)
    else:
        total = number(text, "total")
    return game.quick_entry(variant, rules, position, winner, discarder, self_drawn, total, fu,
                            yakuman, data.players("riichi"))


def _discard_wins(data, variant, rules, position, players) -> game.Recorded:
    winners = data.players("winners")
    if not winners:
        raise HandError("bad_request", gettext_noop("Choose who won."))
    self_drawn, discarder = _source(data.get("source"), players)
    wins = []
    for player in winners:
        fans = data.get(f"fans_{player}")
        if fans == "":
            raise HandError("bad_request", gettext_noop("How many fans for {who}?",
                                                        who=players[player]))
        wins.append((player, number(fans, "fans")))
    if self_drawn:
        if len(wins) > 1:
            raise HandError("bad_request", gettext_noop(
                "A self-drawn tile has one winner: choose one, or the discard the winners won "
                "on."))
        (winner, total), = wins
        return game.quick_entry(variant, rules, position, winner, None, True, total)
    return game.quick_discard(variant, rules, position, wins, discarder, players)


def _deal_events(data, position, players) -> list[dict]:
    """The deal page's events (forms.DealEventForm.event, the formset "ev") and its wall's end
    (forms.WallEndForm.event), in the engine's words at `position`."""
    events = []
    count = min(number(data.get("ev-TOTAL_FORMS", "0") or "0", "events"), 20)
    for i in range(count):
        kind = data.get(f"ev-{i}-type")
        if not kind:
            continue
        seat = position.seat_of(_player(data.get(f"ev-{i}-seat"), players, "player"))
        source = data.get(f"ev-{i}-source")
        source = position.seat_of(_player(source, players, "player")) if source else None
        if kind == "kong":
            event = {"type": "kong", "seat": seat, "kind": data.get(f"ev-{i}-kind") or "concealed"}
            if event["kind"] == "exposed":
                event["from"] = source
        else:
            fans = data.get(f"ev-{i}-fans")
            event = {"type": "win", "seat": seat, "self_drawn": source is None,
                     "fans": number(fans, "fans") if fans else 0}
            if source:
                event["discarder"] = source
        events.append(event)
    if data.get("wall_end") in ("on", "true", "1"):
        seated = position.in_seat_order()
        events.append({
            "type": "wall_end",
            "hands": {position.seat_of(p): data.get(f"hand_{p}") for p in seated
                      if data.get(f"hand_{p}")},
            "void": {position.seat_of(p): data.get(f"void_{p}") for p in seated
                     if data.get(f"void_{p}")}})
    return events
