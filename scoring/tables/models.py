"""Tables that keep a whole game: the table (variant, house rules, players) and its hands.

No accounts: a table is found by one of two unguessable tokens, one to look, one to edit. Every
write locks the table row (select_for_update) inside a transaction; hand numbers are unique per
table under a database constraint; each hand carries a version so that an edit made on a stale page
is refused instead of overwriting someone else's change.

Each hand also keeps the position before it and the running totals after it, so that adding a hand
reads only the last one (a save costs the same at hand 500 as at hand 1) and the board pages its
history. An edit or a delete before the last hand can move every later hand (its number, its
position, its totals): the write itself touches only the hand (its own money and the totals after
it) and marks the table `stale_from` that hand's successor; the later hands are placed again
(`Table.place`) after the answer is sent, by a thread of the worker that answered (which
takes the next request meanwhile: the thread waits while its worker answers one), in short
transactions of PLACE_BATCH hands each (so no write, on this table or, on SQLite, on any other,
waits long behind it; on SQLite the thread also copies the log it wrote back into the database,
`_checkpoint`), or first by whoever reads or writes the table before that is done. A hand's
own facts (its transfers, its detail) never depend on the hands before it, so placing again never
changes what was recorded.

Every form that writes carries a one-time key (a uuid4 made when the form is shown): the write and
its `Submission` are stored in one transaction, under a unique constraint on the key, so a form
sent twice (a double tap, a retry after a lost answer) stores one hand and is answered with the
first answer.
"""

import json
import logging
import re
import secrets
import threading
import time
from contextlib import contextmanager
from decimal import Decimal

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.db import IntegrityError, connection, models, transaction
from django.db.models import F
from django.utils import timezone

from scoring.engine.messages import gettext_noop
from scoring.tables import game

LOG = logging.getLogger(__name__)
PLACE_BATCH = 50  # hands placed again in one transaction (Table.place), on SQLite
PLACE_BATCH_ROW_LOCK = 100  # on PostgreSQL, whose lock holds this table's row only (a write
#                             to this table waits for one batch at most)
PLACING_SEEN = 2  # seconds: a table whose hands were placed (or an edit marked) this recently is
#                   being placed by someone (Table.being_placed); a reader under htmx waits
PLACE_AFTER_ANSWER = 30  # seconds a worker's thread places hands after an answer, at most; the
#                          rest is placed by the next reader or writer


def new_token() -> str:
    """128+ bits from the OS's generator, URL-safe (24 characters)."""
    return secrets.token_urlsafe(18)


TOKEN = re.compile(r"[A-Za-z0-9_-]{16,43}")  # a token's shape (new_token's, and older lengths)


class Stale(Exception):
    """The hand changed (or went away) since the page that edits it was loaded."""


class Full(Exception):
    """The table has as many hands as a table keeps (settings.TABLES_MAX_HANDS)."""

    def __init__(self, limit: int):
        self.message = gettext_noop("This table has {limit} hands, the most one table keeps: "
                                    "nothing was saved. Settle up, and open a new table to play "
                                    "on.", limit=limit)
        super().__init__(self.message)


class Replayed(Exception):
    """The form was sent before (its one-time key is stored): `submission` holds the answer."""

    def __init__(self, submission: "Submission"):
        super().__init__(submission.key)
        self.submission = submission


class Once:
    """A write's one-time key, the link it was posted to (its token, '' for a new table), and
    `answer(table)`: where the answer sends the phone (kept, to answer a second sending)."""

    def __init__(self, key, posted_to: str, answer):
        self.key, self.posted_to, self.answer = key, posted_to, answer

    def check(self) -> None:
        """Raise Replayed if this key was used already (before the write: views.once_only)."""
        prior = Submission.objects.filter(key=self.key).first()
        if prior is not None:
            raise Replayed(prior)

    def claim(self, table, hand=None) -> None:
        """Store the key with the write (in its transaction, `_writing`): the same key stored
        meanwhile (the same form sent twice at once, to one table or two) meets the unique
        constraint, and the whole write is a replay."""
        Submission.objects.create(key=self.key, table=table, hand=hand,
                                  posted_to=self.posted_to, target=self.answer(table))


UNREAD = object()  # the last hand, not read yet


@contextmanager
def _writing(once):
    """A write's transaction. With `once`, its one-time key stored already (a form sent twice at
    once: both passed once_only's check) meets the unique constraint at `_claim`: nothing of this
    write is kept, and it is Replayed, answered as the first. (No check with the row locked and
    no savepoint around the key: three round trips fewer while the table's row is locked.)"""
    try:
        with transaction.atomic():
            yield
    except IntegrityError:
        prior = None if once is None else Submission.objects.filter(key=once.key).first()
        if prior is None:
            raise
        raise Replayed(prior) from None


def _claim(once, table, hand=None):
    if once is not None:
        once.claim(table, hand)


class Table(models.Model):
    name = models.CharField(max_length=80, blank=True)
    variant = models.CharField(max_length=20)
    rules = models.JSONField(default=dict, blank=True)
    players = models.JSONField(default=list)  # names; the order they sat down
    # Hong Kong house option: a dealer who wins keeps the deal (game.rotation_of).
    dealer_keeps_deal_on_win = models.BooleanField(default=False)
    # The table's own options besides the house rules (game.TABLE_OPTIONS: Riichi's East round
    # only, MCR's false-win penalty), as checked when the table was opened.
    options = models.JSONField(default=dict, blank=True)
    view_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    edit_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # The first hand whose stored number, position and totals may be out of date after an edit or
    # a delete before the last hand (None: every hand's are right); `place` brings them up to date.
    stale_from = models.PositiveIntegerField(null=True, blank=True, editable=False)
    # When the last batch of hands was placed again, or an edit left some to place (who places
    # them starts at once): readers under htmx wait while this is recent (`being_placed`).
    placing_seen = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self):
        return self.name or "Table"

    @classmethod
    def open(cls, once=None, **fields) -> "Table":
        """A new table; with `once`, a form sent twice opens one table (Replayed the second
        time)."""
        with _writing(once):
            table = cls.objects.create(**fields)
            _claim(once, table)
        return table

    def new_edit_token(self, once=None) -> str:
        """Replace the edit link: the old one finds nothing from now on."""
        with _writing(once):
            table = Table.objects.select_for_update().get(pk=self.pk)
            table.edit_token = new_token()
            Table.objects.filter(pk=table.pk).update(edit_token=table.edit_token,
                                                     version=F("version") + 1,
                                                     updated=timezone.now())
            _claim(once, table)
        self.edit_token = table.edit_token
        return table.edit_token

    def changed(self) -> None:
        """A write happened: one version more (the look-only page's ETag) and its time."""
        Table.objects.filter(pk=self.pk).update(version=F("version") + 1, updated=timezone.now())

    # The game -----------------------------------------------------------------------------------
    def table_options(self) -> dict:
        """Every option of this table (game.table_options), its own or the default; an option
        kept that the variant's tables no longer have is left out."""
        known = {option.name for option in game.options_for(self.variant)}
        return game.table_options(self.variant, {name: value for name, value in
                                                 (self.options or {}).items() if name in known})

    def turns(self) -> dict:
        """The table's options that move the deal and end the game (game.rotation_of)."""
        return {"dealer_keeps": self.dealer_keeps_deal_on_win,
                "east_only": bool(self.table_options().get("east_only"))}

    def last_hands(self, count=1) -> list["TableHand"]:
        """The last `count` hands, the latest first."""
        self.place()
        return list(self.hands.order_by("-number")[:count])

    def last_hand(self) -> "TableHand | None":
        self.place()
        return self.hands.order_by("-number").first()

    def ordered_hands(self) -> list["TableHand"]:
        """Every hand, in order, placed."""
        self.place()
        return list(self.hands.order_by("number"))

    def position(self, last=UNREAD) -> game.Position:
        """Where the table stands now: after the last hand (`last`, if already read: a TableHand
        or None for none yet)."""
        last = self.last_hand() if last is UNREAD else last
        if last is None:
            return game.start(len(self.players))
        return game.advance(self.variant, last.position_before(), last.outcome(),
                            **self.turns())

    def totals(self, last=UNREAD) -> list[Decimal]:
        """Each player's running total: every hand's money, the riichi sticks each paid in and
        took included (so while sticks lie on the table the totals sum to minus their value)."""
        last = self.last_hand() if last is UNREAD else last
        if last is None:
            return [Decimal(0)] * len(self.players)
        return last.totals_after()

    def stick(self) -> int:
        """What one riichi stick is worth at this table (0: its variant has none)."""
        return game.riichi_stick(self.variant)

    def final_net(self) -> tuple[list[Decimal], int, int | None]:
        """(the nets the game settles on, the riichi sticks left on the table, who takes them):
        the totals, with the sticks left at the end given to the first (game.final_net)."""
        last = self.last_hand()
        left = self.position(last).riichi_sticks
        net, first = game.final_net(self.totals(last), left, self.stick())
        return net, left, first

    def games(self) -> list[dict]:
        """The games played at a table that plays them one after another (game.games: MCR's
        16-hand games, each with its scores and table points); [] at any other table. Read off
        what the hands keep, counted by the database (`_games_sql`): per game (each
        hand's indexed game_index) its last hand's totals and how many of its hands went on (no
        hand is read whole: the CSV of 2,000 hands asks this)."""
        if not game.plays_games(self.variant):
            return []
        self.place()
        with connection.cursor() as cursor:  # (building it in the ORM took longer than it runs)
            cursor.execute(_games_sql(), [self.pk, self.pk])
            ends = cursor.fetchall()
        # The totals of every game as one JSON text: a json.loads per game cost as much again.
        totals = json.loads("[" + ",".join(after for _index, after, _hands, _on in ends) + "]")
        return game.games([(index, [Decimal(x) for x in after], hands - went_on)
                           for (index, _after, hands, went_on), after in zip(ends, totals,
                                                                              strict=True)],
                          len(self.players))

    def deducted(self) -> list[int]:
        """The points each player's final score loses to chombo (Riichi's house option chombo
        "deduction", game.chombo), after the uma."""
        off = [0] * len(self.players)
        for detail in self.hands.filter(kind="false_win").values_list("detail", flat=True):
            if detail.get("deducted"):
                off[detail["declarer"]] += detail["deducted"]
        return off

    def sticks_paid(self) -> list[int]:
        """How many riichi sticks each player put on the table over the game."""
        paid = [0] * len(self.players)
        for detail in self.hands.values_list("detail", flat=True):
            for player in detail.get("riichi", ()):
                paid[player] += 1
        return paid

    def rows(self, hands=None) -> list[dict]:
        """One row per hand (all of them, or `hands`, which need not start at hand 1): the hand,
        its position, its change per player, the totals after; read off what each hand keeps."""
        hands = self.ordered_hands() if hands is None else hands
        name = self.players.__getitem__
        stick = self.stick()
        rows = []
        for hand in hands:
            position = hand.position_before()
            outcome = hand.outcome()
            taken, left = game.pot_after(position, outcome)
            rows.append({
                "hand": hand, "number": hand.number, "position": position,
                "round_wind": position.round_wind, "dealer": name(position.dealer),
                "kind": hand.kind, "winner": None if hand.winner is None else name(hand.winner),
                "discarder": None if hand.discarder is None else name(hand.discarder),
                "self_drawn": hand.self_drawn, "total": hand.total,
                "declarer": None if hand.detail.get("declarer") is None
                else name(hand.detail["declarer"]),
                "winners": [name(w) for w in hand.detail.get("winners", [])],
                "liable": None if hand.detail.get("liable") is None  # Riichi's pao
                else name(hand.detail["liable"]),
                "liable_yakuman": hand.detail.get("liable_yakuman"),
                "false_win_said": None if hand.kind != "false_win" else game.false_win_said(
                    hand.detail, hand.self_drawn,
                    None if hand.discarder is None else name(hand.discarder)),
                "wins": [{**win, "name": name(win["winner"])}  # Riichi's double ron: each count
                         for win in hand.detail.get("wins", [])],
                "riichi": [name(p) for p in outcome.riichi],
                "ready": None if "ready" not in hand.detail else [name(p) for p in outcome.ready],
                "abortive": game.ABORTIVE_DRAWS.get(hand.detail.get("abortive")),
                "nagashi": [name(p) for p in hand.detail.get("nagashi", [])],
                "game": position.game + 1,
                "game_hand": None if outcome.goes_on else game.hand_of_game(self.variant,
                                                                            position),
                "stick": stick, "pot_taken": taken, "pot_left": left,
                "pot_amount": game.money(stick * taken),
                "net": game.net_of(hand.money(stick), len(self.players)),
                "totals": hand.totals_after(),
            })
        return rows

    def csv_lines(self) -> list[str]:
        """Each hand's kept CSV line (game.csv_cells), in order: one column read, no row decoded
        (the hands kept before they kept their line were given it by migration 0011, and lines
        kept as three texts made one by 0013)."""
        self.place()
        meta = TableHand._meta
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:  # (the ORM's converters took as long as the rest)
            cursor.execute(f"SELECT {quote(meta.get_field('csv_cells').column)} FROM "
                           f"{quote(meta.db_table)} WHERE {quote(meta.get_field('table').column)}"
                           f" = %s ORDER BY {quote(meta.get_field('number').column)}", [self.pk])
            return [line for line, in cursor.fetchall()]

    # Writes ---------------------------------------------------------------------------------------
    def add_hand(self, record, once=None) -> "TableHand":
        """Append a hand. `record(position)` builds it from the position before it (it may raise
        HandError: nothing is written then). The table row is locked, so two phones adding at
        once get consecutive numbers and neither hand is lost. Only the last hand is read."""
        self.place()
        with _writing(once):
            table = Table.objects.select_for_update().get(pk=self.pk)
            table._place()  # an edit came in between (rare): the hands after it, in the lock
            last = table.hands.order_by("-number").first()
            number = last.number + 1 if last else 1
            if number > settings.TABLES_MAX_HANDS:
                raise Full(settings.TABLES_MAX_HANDS)
            position = table.position(last)
            hand = TableHand(table=table, number=number)
            hand.take(record(position))
            hand.place(position, table.totals(last), table.stick(), table.players)
            hand.save()
            _claim(once, table, hand)
            table.changed()
        return hand

    def replace_hand(self, hand_id: int, version: int, record, once=None) -> "TableHand":
        """Record hand `hand_id` again, if nobody changed it since `version`. Only this hand is
        written (from the position before it and the totals of the hand before); the hands after
        it, which a new winner can move, are placed again later (`place`)."""
        with _writing(once):
            table = Table.objects.select_for_update().get(pk=self.pk)
            hand = table.hands.filter(pk=hand_id).first()
            if hand is None or hand.version != version:
                raise Stale()
            if table.stale_from is not None and hand.number >= table.stale_from:
                table._place(hand.number - table.stale_from + 1)  # up to this hand (rare)
                hand.refresh_from_db()
            before = table.hands.filter(number__lt=hand.number).order_by("-number").first()
            position = hand.position_before()
            hand.take(record(position))
            hand.version += 1
            hand.place(position, table.totals(before), table.stick(), table.players)
            hand.save()
            if table.hands.filter(number__gt=hand.number).exists():
                table._stale(hand.number + 1)
            _claim(once, table, hand)
            table.changed()
        self._later(table)
        return hand

    def delete_hand(self, hand_id: int, version: int, once=None) -> None:
        """Delete hand `hand_id` (if unchanged since `version`); the later hands move up one
        number, so the numbers stay without gaps, and are placed again (`place`, later)."""
        with _writing(once):
            table = Table.objects.select_for_update().get(pk=self.pk)
            hand = table.hands.filter(pk=hand_id).first()
            if hand is None or hand.version != version:
                raise Stale()
            number = hand.number
            hand.delete()
            if table.hands.filter(number__gt=number).exists():
                table._stale(number)
            _claim(once, table)
            table.changed()
        self._later(table)

    def _stale(self, number: int) -> None:
        """Hands from `number` on are to be placed again (with the table row locked), which
        starts after the answer (`placing_seen`: now)."""
        self.stale_from = min(number, self.stale_from or number)
        self.placing_seen = timezone.now()
        Table.objects.filter(pk=self.pk).update(stale_from=self.stale_from,
                                                placing_seen=self.placing_seen)

    def being_placed(self) -> bool:
        """Hands left out of date whose placing someone did (or an edit asked for) in the last
        PLACING_SEEN seconds, as this object was read: a reader can wait for it."""
        return (self.stale_from is not None and self.placing_seen is not None
                and (timezone.now() - self.placing_seen).total_seconds() < PLACING_SEEN)

    def _later(self, table) -> None:
        """After a write that left hands to place: this object knows it, and they are placed
        once the answer is sent (place_after_answer), if a request is being answered."""
        self.stale_from = table.stale_from
        if table.stale_from is not None:
            _UNPLACED.tables = {*getattr(_UNPLACED, "tables", ()), self.pk}

    def place(self, seconds: float | None = None, through: int | None = None,
              pause: float = 0) -> None:
        """Place again the hands an edit or a delete left out of date (`stale_from` on), PLACE_BATCH
        at a time, each batch in a short transaction that locks the table row, so a phone saving
        meanwhile waits for one batch at most. On SQLite, whose write lock is the whole
        database's, a batch is worked out before the transaction and written in it only if
        nothing was written meanwhile (else worked out again): a save at another table waits for
        a batch's writes only. `seconds`: stop after about that long (what is left is placed by
        the next reader or writer); `through`: stop once the hands up to that number (as stored:
        a stored number is never below the hand's own) are placed; `pause`: after each batch, wait
        that many times as long as it took, then while this process answers a request (the
        placing after an answer leaves the processor and the database to the phones saving
        meanwhile)."""
        if self.stale_from is None or (through is not None and self.stale_from > through):
            return
        until = None if seconds is None else time.monotonic() + seconds
        row_locks = connection.features.has_select_for_update  # PostgreSQL: this row only
        while until is None or time.monotonic() < until:
            began = time.monotonic()
            table = None if row_locks else Table.objects.filter(pk=self.pk).first()
            if not row_locks and (table is None or table.stale_from is None):
                break
            placing = None if row_locks else table._placing(PLACE_BATCH)
            with transaction.atomic():
                locked = Table.objects.select_for_update().filter(pk=self.pk).first()
                if locked is None or locked.stale_from is None:
                    break
                if row_locks:
                    locked._place(PLACE_BATCH_ROW_LOCK)
                elif (locked.version, locked.stale_from) == (table.version, table.stale_from):
                    locked._placed(*placing)
            if through is not None and (locked.stale_from is None or locked.stale_from > through):
                self.stale_from = locked.stale_from
                return
            if pause and locked.stale_from is not None:
                time.sleep(pause * (time.monotonic() - began))
                _ANSWERING.idle(PLACE_AFTER_ANSWER if until is None else until - time.monotonic())
        else:
            return  # out of time: still out of date
        self.stale_from = None

    def _place(self, limit: int | None = None) -> None:
        """Place `limit` hands (None: all) from `stale_from` again, with the table row locked."""
        if self.stale_from is not None:
            self._placed(*self._placing(limit))

    def _placing(self, limit: int | None) -> tuple[list[list], int | None]:
        """(the hands that change, as `_write_placed` sends them: `_placed_row`; the new
        `stale_from`): `limit` hands (None: all) from `stale_from` placed again, each one's
        number (its rank), position before and totals after worked out from the hand before,
        which is right; nothing written (on SQLite, before the write's transaction). Only what
        placing reads is read (no model instances: this runs over every later hand)."""
        start = self.stale_from
        before = self.hands.filter(number__lt=start).order_by("-number").first()
        turns, stick = self.turns(), self.stick()
        position = self.position(before)
        totals = self.totals(before)
        later = self.hands.filter(number__gte=start).order_by("number").values_list(
            "pk", "number", "kind", "winner", "discarder", "self_drawn", "total", "detail",
            "transfers", "position", "totals", "csv_cells", "game_index")
        rows = list(later if limit is None else later[:limit + 1])
        more = limit is not None and len(rows) > limit
        number = before.number if before else 0
        changed = []
        for (pk, was_number, kind, winner, discarder, self_drawn, total, detail, transfers,
             was_position, was_totals, was_cells, was_game) in rows[:limit]:
            number += 1
            data = game.position_data(position)
            after, cells = placed(self.players, number, position, totals, stick, kind, winner,
                                  discarder, self_drawn, total, detail, transfers)
            if (number, data, after, cells, position.game) != (
                    was_number, was_position, was_totals, was_cells, was_game):
                changed.append(_placed_row(pk, number, data, after, cells, position.game))
            totals = [Decimal(x) for x in after]
            position = game.advance(self.variant, position, game.outcome_of(winner, detail),
                                    **turns)
        return changed, number + 1 if more else None

    def _placed(self, changed, after: int | None) -> None:
        """Write what `_placing` worked out (with the table row locked)."""
        _write_placed(changed)
        self.stale_from, self.placing_seen = after, timezone.now()
        Table.objects.filter(pk=self.pk).update(stale_from=after, placing_seen=self.placing_seen)


def _games_sql() -> str:
    """Table.games' query: per game of the table (its hands' game_index), its last hand's totals
    (JSON text), how many hands it has and how many of them went on (a false win whose detail
    says goes_on: the kind, first, spares the database every other hand's detail). The last
    hand's totals come in the same statement as the counts (a second read could miss that hand,
    deleted meanwhile by an Undo on another phone): a subquery per game, by the game's last
    number, under the (table, number) index. Not a join: on a PostgreSQL table not yet analysed
    a join ran the counting once per hand; a subquery per counted game cannot."""
    meta = TableHand._meta
    quote = connection.ops.quote_name
    table, number, index, kind, detail, totals = (
        quote(meta.get_field(name).column)
        for name in ("table", "number", "game_index", "kind", "detail", "totals"))
    goes_on = {"sqlite": f"JSON_EXTRACT({detail}, '$.goes_on') = 1",
               "postgresql": f"({detail} -> 'goes_on') = 'true'::jsonb"}[connection.vendor]
    hands = quote(meta.db_table)
    return (f"SELECT games.game, (SELECT CAST(hand.{totals} AS TEXT) FROM {hands} AS hand "
            f"WHERE hand.{table} = %s AND hand.{number} = games.last), games.counted, "
            f"games.went_on FROM (SELECT {index} AS game, MAX({number}) AS last, COUNT(*) AS "
            f"counted, COUNT(CASE WHEN {kind} = 'false_win' AND {goes_on} THEN 1 END) AS "
            f"went_on FROM {hands} WHERE {table} = %s GROUP BY {index}) AS games")


def _placed_row(pk, number, position, totals, csv_cells, game_index) -> list:
    """A hand placed again as `_write_placed` sends it: its number, position, totals, CSV line and
    game as the database driver takes them (JSON encoded), then its pk; made before the write's
    transaction, which then only sends it."""
    fields = [TableHand._meta.get_field(name) for name in _PLACED_FIELDS]
    return [field.get_db_prep_value(value, connection) for field, value in
            zip(fields, (number, position, totals, csv_cells, game_index), strict=True)] + [pk]


_PLACED_FIELDS = ("number", "position", "totals", "csv_cells", "game_index")


def placed(names, number, position, totals_before, stick: int, kind, winner, discarder,
           self_drawn, total, detail, transfers) -> tuple[list[str], str]:
    """(the totals after a hand, as kept: game.show's text; its CSV line, game.csv_cells) at
    `number`, from `position` (the one before it) and the totals before it: everything it moved,
    its transfers as kept ([payer, payee, "amount"]) and, worth `stick` each, its riichi sticks
    from `position` (game.stick_transfers)."""
    money = [game.Transfer(a, b, Decimal(amount)) for a, b, amount in transfers]
    outcome = game.outcome_of(winner, detail)
    net = game.net_of(money + game.stick_transfers(position, outcome, stick), len(names))
    totals = [game.show(a + b) for a, b in zip(totals_before, net, strict=True)]
    return totals, game.csv_cells(names, number, position, kind, winner, discarder, self_drawn,
                                  total, detail.get("declarer"), net, totals)


def _checkpoint() -> None:
    """SQLite: the write-ahead log copied back into the database file now (PASSIVE: no reader or
    writer waits for it). The thread placing hands does it before and after its batches, so that
    the pages they add (about 350 at 2,000 hands) do not carry the log past SQLite's 1,000 pages
    in a phone's save, whose commit would then copy the whole log back and sync the file before
    that save is answered (a hundred milliseconds or more)."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")


class _Answering:
    """The requests this process is answering now. A thread placing hands waits between its
    batches while there is one (`idle`): in one process only one thread runs Python at a time
    (the GIL), so a save answered here meanwhile would share the processor with the placing."""

    def __init__(self):
        self.count = 0
        self.changed = threading.Condition()

    def started(self, **_kwargs) -> None:
        with self.changed:
            self.count += 1

    def finished(self, **_kwargs) -> None:
        with self.changed:
            self.count = max(0, self.count - 1)
            self.changed.notify_all()

    def idle(self, seconds: float) -> None:
        """Return once no request is being answered here, or after `seconds`."""
        with self.changed:
            self.changed.wait_for(lambda: self.count == 0, timeout=max(0, seconds))


_ANSWERING = _Answering()
request_started.connect(_ANSWERING.started, dispatch_uid="scoring.tables.answering_started")
request_finished.connect(_ANSWERING.finished, dispatch_uid="scoring.tables.answering_finished")


_UNPLACED = threading.local()  # the tables this request's writes left to place (Table._later)


def _write_placed(rows) -> None:
    """Write the hands' number, position, totals, CSV line and game (`_placed_row`), one UPDATE
    each in the hands' order (so a number moved up one after a delete is free when it is taken:
    the unique constraint holds)."""
    if not rows:
        return
    meta = TableHand._meta
    quote = connection.ops.quote_name
    sql = (f"UPDATE {quote(meta.db_table)} SET "
           + ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in _PLACED_FIELDS)
           + f" WHERE {quote(meta.pk.column)} = %s")
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def place_after_answer(**_kwargs) -> None:
    """request_finished: place the hands this request's edit or delete left out of date, now that
    the answer is sent, in a thread of this process (`_placer`), so that the worker takes the next
    request meanwhile; inside a transaction that is not ours (a test's), which a thread would not
    see, here and now. A failure leaves them to the next reader or writer, who places them."""
    tables = getattr(_UNPLACED, "tables", ())
    _UNPLACED.tables = set()
    if not tables:
        return
    if connection.in_atomic_block:
        for pk in tables:
            _place_now(pk)
        return
    for pk in tables:
        with _PLACERS_LOCK:
            if pk in _PLACERS:
                _PLACERS[pk] = True  # placing already: once more when it is done
                continue
            _PLACERS[pk] = False
        threading.Thread(target=_placer, args=(pk,), daemon=True,
                         name=f"place-table-{pk}").start()


_PLACERS = {}  # table pk -> placed again once more when done (a write came meanwhile)
_PLACERS_LOCK = threading.Lock()


def _place_now(pk, pause: float = 0) -> None:
    try:
        _checkpoint()
        Table(pk=pk, stale_from=0).place(seconds=PLACE_AFTER_ANSWER, pause=pause)
        _checkpoint()
    except Exception:  # noqa: BLE001 - never the answer's problem; the next reader places
        LOG.warning("hands of table %s left to place", pk, exc_info=True)


def _placer(pk) -> None:
    """A thread's work: table `pk`'s hands placed (again, while writes asked for it meanwhile),
    on the thread's own connection, closed at the end. A worker that stops meanwhile (a restart)
    loses nothing: each batch is its own transaction, and the next reader places the rest."""
    try:
        while True:
            _place_now(pk, pause=1)  # half the time: the phones saving meanwhile go first
            with _PLACERS_LOCK:
                if not _PLACERS.get(pk):
                    _PLACERS.pop(pk, None)
                    return
                _PLACERS[pk] = False
    finally:
        connection.close()


request_finished.connect(place_after_answer, dispatch_uid="scoring.tables.place_after_answer")


class TableHand(models.Model):
    """One hand played at a table (the engine's hand is scoring.engine.hand.Hand)."""

    KINDS = [("win", "win"), ("draw", "drawn hand"), ("deal", "deal"),
             ("false_win", "false win")]  # a declared win that was not one (American, MCR)

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=KINDS)
    winner = models.SmallIntegerField(null=True, blank=True)  # the (first) winner, a player
    # A false win has no winner: its declarer (a player) is detail["declarer"].
    discarder = models.SmallIntegerField(null=True, blank=True)
    self_drawn = models.BooleanField(default=False)
    total = models.IntegerField(null=True, blank=True)  # fans, faan or points
    transfers = models.JSONField(default=list)  # [[payer, payee, "amount"], ...] by player
    detail = models.JSONField(default=dict, blank=True)
    # Where the table stood before this hand (game.Position as a dict) and each player's total
    # after it (["-10", ...]): kept so that the board and the next hand need not replay the game.
    position = models.JSONField(default=dict)
    totals = models.JSONField(default=list)
    # Its line of the table's CSV but for two words in the reader's language, marked
    # (game.csv_cells), kept with its totals, so that the CSV reads the hands (migration 0011
    # wrote it for the hands kept before, 0013 made the lines kept as three texts one).
    csv_cells = models.TextField(default="", blank=True, editable=False)
    # Its game, 0 the first (position["game"], kept beside it): Table.games counts a table's games
    # by it, under an index (the CSV of an MCR table closes with them); migration 0012 wrote it
    # for the hands kept before.
    game_index = models.PositiveIntegerField(default=0, editable=False)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"],
                                    name="hand_number_unique_per_table"),
        ]
        indexes = [models.Index(fields=["table", "game_index"], name="hand_game_per_table")]

    def __str__(self):
        return f"Hand {self.number} of {self.table}"

    def take(self, recorded: game.Recorded) -> None:
        self.kind = recorded.kind
        self.winner = recorded.winner
        self.discarder = recorded.discarder
        self.self_drawn = recorded.self_drawn
        self.total = recorded.total
        self.transfers = [[t.payer, t.payee, game.show(t.amount)] for t in recorded.transfers]
        self.detail = recorded.detail

    def transfer_list(self) -> list[game.Transfer]:
        return [game.Transfer(a, b, Decimal(amount)) for a, b, amount in self.transfers]

    def outcome(self) -> game.Outcome:
        return game.outcome_of(self.winner, self.detail)

    def money(self, stick: int) -> list[game.Transfer]:
        """Everything this hand moved: its transfers between players and, worth `stick` each,
        its riichi sticks (game.stick_transfers, from the position before it)."""
        return self.transfer_list() + game.stick_transfers(self.position_before(),
                                                            self.outcome(), stick)

    def place(self, position: game.Position, totals_before, stick: int, names) -> None:
        """Keep the position before this hand (and its game), the totals after it (its riichi
        sticks, worth `stick` each, included) and its CSV line (`names`: the players)."""
        self.position = game.position_data(position)
        self.game_index = position.game
        self.totals, self.csv_cells = placed(names, self.number, position, totals_before, stick,
                                             self.kind, self.winner, self.discarder,
                                             self.self_drawn, self.total, self.detail,
                                             self.transfers)

    def position_before(self) -> game.Position:
        return game.position_from(self.position)

    def totals_after(self) -> list[Decimal]:
        return [Decimal(x) for x in self.totals]


class Submission(models.Model):
    """A write that was made, under its form's one-time key: the answer it was given (`target`,
    the page the phone was sent to) is the answer to the same form sent again."""

    key = models.UUIDField(unique=True)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    hand = models.ForeignKey(TableHand, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")
    posted_to = models.CharField(max_length=43, blank=True)  # the token in the form's URL
    target = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Submission {self.key}"
