"""Table hands recorded on a phone with no connection, worked out on the phone (pure Python).

A hand recorded offline is kept as its form's POST pairs (static/js/pending-store.js) until the
server has it. Meanwhile the board shows it as pending, with its money and the running totals:
`pending_hands` reads the pairs into the entry the table's form would hand over
(scoring/tables/forms.py: the same field names and checks, the rules they share in `game`) and
`game.record` works out its money under the table's options, as services.add_hand does when the
hand is saved. The pocket engine (Pyodide in a Web Worker) runs it on the phone; the server never
needs it, but its tests check that it says what the server then stores
(tests/tables/test_offline_pending.py).

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


# What a form's box asks, as a message names it (`what`: the box's name in the form).
WHATS = {"total": gettext_noop("The total"), "fans": gettext_noop("The fans"),
         "fu": gettext_noop("The fu"), "events": gettext_noop("The number of events")}
# A player to choose, by the box that asks for one.
CHOOSE = {"winner": gettext_noop("Choose who won."),
          "declarer": gettext_noop("Choose who declared the win."),
          "discarder": gettext_noop("Choose whose discard it was, or self-drawn.")}


def number(text, what) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise HandError("bad_request", gettext_noop(
            "{what}: “{text}” is not a number.", what=WHATS.get(what, gettext_noop("A box")),
            text=str(text).strip())) from None


def optional(text, what) -> int | None:
    """A number the form may leave empty (None)."""
    return number(text, what) if str(text).strip() else None


def table_state(variant: str, rules: dict, players: list[str], position: game.Position, totals,
                *, dealer_keeps: bool = False, options: dict | None = None) -> dict:
    """What a board tells the phone about its table, for `pending_hands` (JSON): with its own
    options (`game.table_options`: how the deal moves, MCR's false-win penalty). A pasted
    American card stays on the server (no page of the table carries it: tests/tables/
    test_card.py), so such a table is not `exact`: the phone does not work out its money."""
    pasted = is_card_text(rules.get("card", "")) if isinstance(rules.get("card"), str) else False
    rules = {name: value for name, value in rules.items() if not (name == "card" and pasted)}
    return {"variant": variant, "rules": rules, "players": list(players), "exact": not pasted,
            "dealer_keeps": bool(dealer_keeps), "options": game.table_options(variant, options),
            "position": game.position_data(position),
            "totals": [game.show(game.money(t)) for t in totals],
            "stick": game.riichi_stick(variant)}


def pending_hands(args: dict) -> list[dict]:
    """Each pending hand in order, from the table's `position` and `totals` (table_state):
    {"ok": true, number, position (before it), kind, winner, discarder, self_drawn, total,
    detail, net, totals (after it), pot_taken, pot_left, said (`said`), over and end (where the
    game stands after it, `game.game_end`: over, and the board's words or None)}, or {"ok":
    false, number, error, message} for a hand the table would refuse (it moves nothing: the next
    hand is worked out from where the table stood before it). The words are Messages: the
    pocket's entry says them in the page's language (scoring/pocket/entry.py)."""
    variant, rules, players = args["variant"], args.get("rules") or {}, list(args["players"])
    options = game.table_options(variant, args.get("options"))
    turns = {"dealer_keeps": bool(args.get("dealer_keeps")),
             "east_only": bool(options.get("east_only"))}  # models.Table.turns
    position = game.position_from(args["position"])
    totals = [Decimal(str(t)) for t in args["totals"]]
    stick = game.riichi_stick(variant)
    rows = []
    for hand in args["hands"]:
        try:
            entry = read(hand.get("form", ""), Pairs(hand.get("pairs", ())), variant, position,
                         players, options)
            recorded = game.record(variant, rules, position, entry, players, options)
        except HandError as error:
            rows.append({"ok": False, "number": position.number, "error": str(error.message),
                         "message": to_data(error.message)})
            continue
        outcome = game.outcome_of(recorded.winner, recorded.detail)
        net = game.net_of(recorded.transfers + game.stick_transfers(position, outcome, stick),
                          len(players))
        totals = [a + b for a, b in zip(totals, net, strict=True)]
        taken, left = game.pot_after(position, outcome)
        after = game.advance(variant, position, outcome, **turns)
        end = game.game_end(variant, rules, options, after, totals, (position, outcome),
                            turns["east_only"], players)
        rows.append({
            "ok": True, "number": position.number, "position": game.position_data(position),
            "kind": recorded.kind, "winner": recorded.winner, "discarder": recorded.discarder,
            "self_drawn": recorded.self_drawn, "total": recorded.total,
            "detail": recorded.detail, "net": [game.show(x) for x in net],
            "totals": [game.show(x) for x in totals], "pot_taken": taken, "pot_left": left,
            "said": said(recorded, players), "over": end["over"],
            "end": game.end_said(variant, end, after, **turns),
        })
        position = after
    return rows


def said(recorded: game.Recorded, players: list[str]) -> list | None:
    """A hand's line where the board's row says it in words of the game code (a false win or a
    chombo: `game.false_win_said`, after the declarer's name), as its parts; None where the phone
    says it from the hand's own fields (static/js/tables-offline.js)."""
    if recorded.kind != "false_win":
        return None
    discarder = None if recorded.discarder is None else players[recorded.discarder]
    return [players[recorded.detail["declarer"]],
            *game.false_win_said(recorded.detail, recorded.self_drawn, discarder)]


def read(form: str, data: Pairs, variant: str, position: game.Position,
         players: list[str], options: dict | None = None) -> game.HandEntry:
    """The entry a table form's pairs say, as the form's `entry` hands it over (forms.WinForm or
    DiscardWinsForm, DrawForm, FalseWinForm, DealForms); `options`: the table's
    (game.table_options), which say whether a Riichi win form asks for other winners."""
    if form == "win":
        if VARIANTS[variant].pays_during_deal:
            return _discard_wins(data, players)
        return _win(data, variant, players, game.table_options(variant, options))
    if form == "draw":
        return _draw(data, variant, players)
    if form == "false-win":
        declarer = _player(data.get("false-declarer"), players, "declarer")
        if variant in game.CHOMBO_VARIANTS:  # forms.FalseWinForm's chombo: who, and why
            reason = data.get("false-reason") or "false_win"
            return game.FalseWinEntry(declarer=declarer, reason=reason)
        self_drawn, discarder = _source(data.get("false-source"), players)
        return game.FalseWinEntry(declarer=declarer, discarder=discarder, self_drawn=self_drawn)
    if form == "deal":
        events = _deal_events(data, position, players)
        if not events:
            raise HandError("bad_request", gettext_noop("Enter at least one event."))
        return game.DealEntry(events=tuple(events))
    raise HandError("bad_request", gettext_noop("This form records no hand."))


def _player(text, players, what) -> int:
    if text in (None, ""):
        raise HandError("bad_request", CHOOSE.get(what, gettext_noop("Choose the player.")))
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


def _win(data, variant, players, options) -> game.WinEntry | game.DiscardWinsEntry:
    winner = _player(data.get("winner"), players, "winner")
    self_drawn, discarder = _source(data.get("source"), players)
    if discarder == winner:
        raise HandError("bad_request", gettext_noop(
            "The winner cannot have discarded the winning tile: choose self-drawn or another "
            "player."))
    fu, yakuman = None, 0
    if game.quick_entry_fu(variant):
        read_han = game.read_han(data.get("total"))
        if read_han is None:
            raise HandError("bad_request", gettext_noop("Choose how many han."))
        (total, yakuman), fu = read_han, optional(data.get("fu"), "fu")
    else:
        total = number(data.get("total"), "total")
    riichi = tuple(data.players("riichi")) if game.riichi_stick(variant) else ()
    others = _other_wins(data, variant, players, options, winner, self_drawn, discarder)
    liable = None
    if game.keeps_pao(variant) and data.get("liable"):  # Riichi's pao (forms.WinForm)
        liable = _player(data.get("liable"), players, "liable player")
    part = optional(data.get("liable_yakuman"), "liable_yakuman") \
        if game.keeps_pao(variant) else None  # forms.WinForm's "Liable for"
    if part is not None and liable is None:
        raise HandError("bad_request", gettext_noop(
            "Choose the liable player, or leave “Liable for” at the whole hand."))
    if others:
        if liable is not None:
            raise HandError("bad_request", gettext_noop(
                "Pao is kept for a single winner: enter the double ron without it."))
        wins = [(winner, total, fu, yakuman), *others]
        return game.DiscardWinsEntry(
            wins=tuple((who, han) for who, han, _fu, _yakuman in wins), discarder=discarder,
            fu=tuple(fu for _who, _han, fu, _yakuman in wins),
            yakuman=tuple(yakuman for *_win, yakuman in wins), riichi=riichi)
    return game.WinEntry(winner=winner, discarder=discarder, self_drawn=self_drawn, total=total,
                         fu=fu, yakuman=yakuman, riichi=riichi, liable=liable,
                         liable_yakuman=part)


def _other_wins(data, variant, players, options, winner, self_drawn, discarder) -> list:
    """The other winners on the discard (double ron; a triple ron where the table pays it) that
    a Riichi table's win form asks for without head-bump (forms.WinForm.others): (winner, han,
    fu, yakuman) each, checked as the form checks them (check_other_winners)."""
    if not game.quick_entry_fu(variant) or options.get("head_bump", True):
        return []
    asked = [2, 3] if options.get("triple_ron") == game.TRIPLE_RON_PAID else [2]
    found, seen = [], {winner}
    for k in asked:
        who, counted = data.get(f"winner{k}"), game.read_han(data.get(f"total{k}"))
        if who == "":
            if counted is not None:
                raise HandError("bad_request", gettext_noop(
                    "Choose who won with this han, or leave the han empty."))
            continue
        who = _player(who, players, "winner")
        if self_drawn:
            raise HandError("bad_request", gettext_noop(
                "A self-drawn tile has one winner: several win on one discard only."))
        if who == discarder:
            raise HandError("bad_request", gettext_noop(
                "{who} discarded the winning tile and cannot win on it.", who=players[who]))
        if who in seen:
            raise HandError("bad_request", gettext_noop(
                "{who} is already a winner of this discard: choose another player.",
                who=players[who]))
        if counted is None:
            raise HandError("bad_request", gettext_noop("Choose how many han for {who}.",
                                                        who=players[who]))
        (han, yakuman), fu = counted, optional(data.get(f"fu{k}"), "fu")
        VARIANTS[variant].check_han_fu(han, fu, False, yakuman)
        found.append((who, han, fu, yakuman))
        seen.add(who)
    return found


def _discard_wins(data, players) -> game.WinEntry | game.DiscardWinsEntry:
    winners = sorted(game.winners_entered(data.players("winners"), {
        player: data.get(f"fans_{player}") for player in range(len(players))}))
    if not winners:
        raise HandError("bad_request", gettext_noop("Choose who won: type each winner's fans."))
    self_drawn, discarder = _source(data.get("source"), players)
    if self_drawn and len(winners) > 1:
        raise HandError("bad_request", gettext_noop(
            "A self-drawn tile has one winner: choose one, or the discard the winners won on."))
    wins = []
    for player in winners:
        fans = optional(data.get(f"fans_{player}"), "fans")
        if fans is None:
            raise HandError("bad_request", gettext_noop("How many fans for {who}?",
                                                        who=players[player]))
        wins.append((player, fans))
    return game.discard_wins_entry(wins, discarder)


def _draw(data, variant, players) -> game.DrawEntry:
    """Only what the variant's draw form asks: who was ready, who declared riichi, an abortive
    draw's kind."""
    entry = game.DrawEntry(
        ready=tuple(data.players("draw-ready")) if game.noten_payment(variant) else (),
        riichi=tuple(data.players("draw-riichi")) if game.riichi_stick(variant) else (),
        abortive=data.get("draw-abortive") if game.abortive_draws(variant) else "",
        nagashi=tuple(data.players("draw-nagashi")) if game.abortive_draws(variant) else ())
    not_ready = game.riichi_not_ready(variant, entry)
    if not_ready:
        raise HandError("bad_request", gettext_noop(
            "A player in riichi is ready: tick {who} as ready too, or untick their riichi.",
            who=", ".join(players[p] for p in not_ready)))
    return entry


def _deal_events(data, position, players) -> list[dict]:
    """The deal page's events (forms.DealEventForm, the formset "ev") and its wall's end
    (forms.WallEndForm), players named (game.DealEntry)."""
    events = []
    count = min(number(data.get("ev-TOTAL_FORMS", "0") or "0", "events"), 20)
    for i in range(count):
        kind = data.get(f"ev-{i}-type")
        if not kind:
            continue
        if kind not in ("kong", "win"):
            raise HandError("bad_request", gettext_noop("No such event."))
        player = _player(data.get(f"ev-{i}-seat"), players, "player")
        source = data.get(f"ev-{i}-source")
        source = _player(source, players, "player") if source else None
        events.append(game.deal_event(kind, player, source, data.get(f"ev-{i}-kind"),
                                      optional(data.get(f"ev-{i}-fans"), "fans")))
    if data.get("wall_end").lower() not in ("", "false"):  # as Django's CheckboxInput reads it
        seated = position.in_seat_order()
        events.append({"type": "wall_end",
                       "hands": {p: data.get(f"hand_{p}") for p in seated if data.get(f"hand_{p}")},
                       "void": {p: data.get(f"void_{p}") for p in seated if data.get(f"void_{p}")}})
    return events
