"""What the tables' pages do to a table, apart from HTTP: a form's entry (game.WinEntry,
DrawEntry...) written as a hand, the scorer's hand read and scored for the table, the settle-up.

The views (scoring/tables/views.py) speak HTTP and render; the game is `game` (pure Python, the
engine's amounts); the writes, each in one transaction with its one-time key (`once`, a
models.Once: stored with the write, so a form sent twice writes once) and the later hands placed
again, are the models'. This module puts them together. A write the engine refuses, or a full
table, raises `Refused`, whose message (in the reader's language) the form shows.
"""

from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django.http import QueryDict
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.engine.context import FLAGS, INDICATORS, parse_context
from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.american import is_card_text
from scoring.forms import ScoreForm, query_pairs, rule_text
from scoring.i18n import localize
from scoring.tables import game
from scoring.tables.forms import SELF_DRAWN
from scoring.tables.models import TOKEN, Full, Table, TableHand


class Refused(Exception):
    """A hand not written (the engine's refusal, a full table): `message`, for the form."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def _recording(table, entry):
    """`record(position)` for the models' writes: the hand `entry` says, at that position."""
    options = table.table_options()
    return lambda position: game.record(table.variant, table.rules, position, entry,
                                        table.players, options)


def _refusing(write):
    """Run `write()`; the engine's HandError or Full becomes Refused (nothing was written)."""
    try:
        return write()
    except (HandError, Full) as error:
        raise Refused(localize(error.message)) from None


# Writes (a new table, a new edit link and a hand taken out are the models' own: Table.open,
# Table.new_edit_token, Table.delete_hand) -------------------------------------------------------

def add_hand(table, entry: game.HandEntry, once=None) -> TableHand:
    """The hand `entry` says, after the table's last one (Refused: nothing written)."""
    return _refusing(lambda: table.add_hand(_recording(table, entry), once))


def replace_hand(table, hand_id: int, version: int, entry: game.HandEntry,
                 once=None) -> TableHand:
    """Hand `hand_id` recorded again as `entry` says, if unchanged since `version` (else
    models.Stale); the later hands are placed again."""
    return _refusing(lambda: table.replace_hand(hand_id, version, _recording(table, entry),
                                                once))


# A hand from the scorer -------------------------------------------------------------------------

def table_rules(table) -> dict:
    """Every house option of the table's variant, as the table agreed it."""
    return {option["name"]: table.rules.get(option["name"], option["default"])
            for option in VARIANTS[table.variant].describe_options()}


def scorer_link(table, position, hand=None, context=None) -> str:
    """The scoring page, set up for this table: variant, round wind and house rules; with a hand
    and its context, the link that reproduces the hand as the table scored it. The link goes
    through the table (table-score), which brings its rules: a pasted card is never in it."""
    rules = {name: value for name, value in table_rules(table).items()
             if not (name == "card" and is_card_text(value))}
    if hand is None:
        context = {"round_wind": position.round_wind}
    query = urlencode(query_pairs(table.variant, hand, context, rules))
    return f"{reverse('table-score', args=[table.view_token])}?{query}"


@dataclass(frozen=True)
class ScorerHand:
    """The scoring page's link (`query`) read for a table: the engine's request for its hand,
    or the `problem` with it (the engine's refusal keeps the request, for its seats)."""

    query: str
    request: dict | None = None
    problem: str | None = None
    # Counted by its fans on the scorer (MCR's "Count by fans"): the fans ticked and the
    # flowers; the table records them as quick entry's fans are (game.by_fans)
    fans: dict | None = None
    flowers: int = 0

    @property
    def hand(self) -> str:
        return self.request["hand"] if self.request else ""

    @property
    def with_riichi(self) -> bool:
        """Scored with riichi (or double riichi): its winner declared it."""
        flags = self.request["context"] if self.request else {}
        return bool(flags.get("riichi") or flags.get("double_riichi"))

    @property
    def flags(self) -> dict:
        """What the scorer was told that the table does not know: the flags, Sichuan's void
        suit, Riichi's dora indicators (the honba and the riichi sticks are the table's own)."""
        context = self.request["context"]
        kept = {k: v for k, v in context.items()
                if (k in FLAGS and k != "self_drawn") or k in INDICATORS}
        if context.get("void_suit"):
            kept["void_suit"] = context["void_suit"]
        return kept

    def won_at(self, position) -> dict:
        """Who won and from whom as the scorer said it (its seat wind, its discarder or
        self-drawn, what the engine reads when they are left out), as the table's win form
        takes them at `position`: {"winner", "source"} (and "riichi", the winner, when the hand
        was scored with riichi); {} when the scorer's seats are not in play at this table, or
        the link has no request."""
        if self.request is None:
            return {}
        try:
            context = parse_context(self.request["context"])
        except HandError:
            return {}
        winner = position.player_at(context.seat_wind)
        discarder = None if context.self_drawn else position.player_at(context.discarder)
        if winner is None or (discarder is None and not context.self_drawn):
            return {}
        chosen = {"winner": str(winner), "source": SELF_DRAWN if context.self_drawn
                  else str(discarder)}
        if self.with_riichi:
            chosen["riichi"] = [str(winner)]
        return chosen


def scorer_table(edit_token: str) -> Table | None:
    """The table the scorer's "Add to" writes to: the one whose edit link is `edit_token` (the
    phone's last, views.TABLE_COOKIE), or None (a token of no table, or of no token's shape)."""
    if not edit_token or not TOKEN.fullmatch(edit_token):
        return None
    return Table.objects.filter(edit_token=edit_token).first()


def scorer_hand(table, query: str) -> ScorerHand:
    """The scorer's link `query`, read with the table's house rules; a hand of another variant
    is refused as it is."""
    scorer = ScoreForm(_with_table_rules(table, query))
    by_fans = scorer.is_valid() and scorer.by_fans  # counted by its fans (MCR), no tiles
    if scorer.refusal and scorer.variant_id == table.variant:
        # The engine's words, as the scorer page says them (fans under the table's minimum,
        # naming it), with the hand refused and the link's seats (won_at)
        return ScorerHand(query, request=scorer.sent, problem=scorer.refusal)
    if not scorer.is_valid() or not (scorer.cleaned_data.get("hand") or by_fans):
        return ScorerHand(query, problem=_("The scorer's link has no valid hand."))
    if scorer.variant_id != table.variant:
        return ScorerHand(query, problem=_(
            "This hand was scored as %(scored)s; the table plays %(plays)s.") % {
            "scored": localize(scorer.variant.name),
            "plays": localize(VARIANTS[table.variant].name)})
    if by_fans:
        return ScorerHand(query, request=scorer.engine_request(), fans=scorer.ticked_fans(),
                          flowers=scorer.cleaned_data.get("flowers") or 0)
    return ScorerHand(query, request=scorer.engine_request())


def _with_table_rules(table, query: str) -> QueryDict:
    """The scorer's query with the table's house rules in place of the link's (a link of the
    table's own variant only)."""
    data = QueryDict(query, mutable=True)
    if data.get("variant") == table.variant:
        for name, value in table_rules(table).items():
            data[f"{table.variant}-{name}"] = rule_text(value)
    return data


def _scored(table, position, entry: game.WinEntry, scorer: ScorerHand) -> game.Recorded:
    """The scorer's hand as `entry`'s winner won it at `position`; the link it keeps is the
    table's own (scorer_link), which reproduces it as the table scored it. A hand counted by
    its fans is recorded by them (game.by_fans: the engine checks the exclusions and the
    minimum), with the scorer's link."""
    if scorer.fans:
        recorded = game.record(table.variant, table.rules, position, replace(
            entry, fans=tuple(scorer.fans.items()), flowers=scorer.flowers), table.players,
            table.table_options())
        recorded.detail.update({"from_scorer": True, "query": scorer.query})
        return recorded
    recorded = game.scored(table.variant, table.rules, position, entry, hand=scorer.hand,
                           flags=scorer.flags, query=scorer.query)
    context = recorded.detail.pop("context", None)
    if context is not None:
        recorded.detail["query"] = scorer_link(table, position, recorded.detail["hand"],
                                               context).partition("?")[2]
    return recorded


def preview_scored(table, position, entry: game.WinEntry, scorer: ScorerHand) -> game.Recorded:
    """The scorer's hand as it would be written now, written nowhere (Refused: the engine's
    refusal)."""
    return _refusing(lambda: _scored(table, position, entry, scorer))


def add_scored(table, entry: game.WinEntry, scorer: ScorerHand, once=None) -> TableHand:
    """The scorer's hand, won as `entry` says, after the table's last one."""
    return _refusing(lambda: table.add_hand(
        lambda position: _scored(table, position, entry, scorer), once))


def preview_money(table, position, preview) -> list:
    """Who pays whom in the preview: the hand's transfers, then its riichi sticks (a declarer's
    into the pot, the pot to the winner), `payer` or `payee` None for the pot."""
    if preview is None:
        return []
    outcome = game.outcome_of(preview.winner, preview.detail)
    return preview.transfers + game.stick_transfers(position, outcome, table.stick())


# The end ----------------------------------------------------------------------------------------

def settlement(table) -> dict:
    """The settle-up page's facts: each player's net (Riichi: the sticks left on the table to
    the first, and the standings with uma and oka), and the fewest transfers that square it."""
    net, left, first = table.final_net()
    names = table.players
    standings = getattr(VARIANTS[table.variant], "standings", None)  # Riichi: uma and oka
    if standings is not None:
        rules = VARIANTS[table.variant].check_rules(table.rules)
        standings = list(zip(names, standings(net, rules, table.deducted()), strict=True))
    stick = table.stick()
    games = table.games()
    return {
        "table": table, "net": list(zip(names, net, strict=True)),
        "points": _points(table, net), "east_only": table.turns()["east_only"],
        "games": [{**g, "rows": list(zip(names, g["scores"], g["table_points"], strict=True))}
                  for g in games],
        "table_points": list(zip(names, game.total_table_points(games), strict=True))
        if games else None,
        "hands_per_game": game.hands_per_game(table.variant),
        "unit": VARIANTS[table.variant].unit, "standings": standings, "stick": stick,
        "sticks_paid": list(zip(names, table.sticks_paid(), strict=True)) if stick else None,
        "left": left, "left_amount": left * stick,
        "first": None if first is None else names[first],
        "transfers": [{"from": names[t.payer], "to": names[t.payee], "amount": t.amount}
                      for t in game.settle_up(net)]}


def _points(table, totals) -> list | None:
    """Each player's points counted from the start (Riichi's `start_points`, 25,000 unless the
    table agreed otherwise) and their totals; None where the variant counts from zero."""
    start = game.start_points(table.variant, table.rules)
    if start is None:
        return None
    return list(zip(table.players, [start + total for total in totals], strict=True))


def csv_export(table) -> str:
    """The table's CSV: every hand, then the settle-up, in the reader's language."""
    net, left, first = table.final_net()
    return game.csv_text(table.players, table.csv_lines(), game.settle_up(net), said=localize,
                         left=None if first is None else (first, left * table.stick()),
                         games_played=table.games())
