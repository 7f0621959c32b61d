"""Tables that keep a whole game: the table (variant, house rules, players) and its hands.

No accounts: a table is found by one of two unguessable tokens, one to look, one to edit. Every
write locks the table row (select_for_update) inside a transaction; hand numbers are unique per
table under a database constraint; each hand carries a version so that an edit made on a stale page
is refused instead of overwriting someone else's change.

Each hand also keeps the position before it and the running totals after it, so that adding a hand
reads only the last one (a save costs the same at hand 500 as at hand 1) and the board pages its
history; an edit or a delete, which can move every later hand, works them out again from there.

Every form that writes carries a one-time key (a uuid4 made when the form is shown): the write and
its `Submission` are stored in one transaction, under a unique constraint on the key, so a form
sent twice (a double tap, a retry after a lost answer) stores one hand and is answered with the
first answer.
"""

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils import timezone

from scoring.engine.messages import gettext_noop
from scoring.tables import game


def new_token() -> str:
    """128+ bits from the OS's generator, URL-safe (24 characters)."""
    return secrets.token_urlsafe(18)


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
        """Raise Replayed if this key was used already (call it with the table row locked)."""
        prior = Submission.objects.filter(key=self.key).first()
        if prior is not None:
            raise Replayed(prior)

    def claim(self, table, hand=None) -> None:
        """Store the key with the write (same transaction). Two writers with one key on two
        tables, which no lock orders, meet the unique constraint: the second is a replay."""
        try:
            with transaction.atomic():
                Submission.objects.create(key=self.key, table=table, hand=hand,
                                          posted_to=self.posted_to, target=self.answer(table))
        except IntegrityError:
            raise Replayed(Submission.objects.get(key=self.key)) from None


UNREAD = object()  # the last hand, not read yet


def _check(once):
    if once is not None:
        once.check()


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

    def __str__(self):
        return self.name or "Table"

    @classmethod
    def open(cls, once=None, **fields) -> "Table":
        """A new table; with `once`, a form sent twice opens one table (Replayed the second
        time)."""
        with transaction.atomic():
            if once is not None:
                once.check()
            table = cls.objects.create(**fields)
            _claim(once, table)
        return table

    def new_edit_token(self, once=None) -> str:
        """Replace the edit link: the old one finds nothing from now on."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            _check(once)
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
        return list(self.hands.order_by("-number")[:count])

    def last_hand(self) -> "TableHand | None":
        return self.hands.order_by("-number").first()

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
        16-hand games, each with its scores and table points); [] at any other table."""
        if not game.plays_games(self.variant):
            return []
        stick = self.stick()
        return game.games([(hand.position_before().game,
                            game.net_of(hand.money(stick), len(self.players)),
                            not hand.outcome().goes_on)
                           for hand in self.hands.order_by("number")], len(self.players))

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

    def game(self, hands=None):
        """(hands in order, the position before each hand and after the last), replayed."""
        hands = list(self.hands.order_by("number")) if hands is None else hands
        found = game.positions(self.variant, len(self.players), [h.outcome() for h in hands],
                               **self.turns())
        return hands, found

    def rows(self, hands=None) -> list[dict]:
        """One row per hand (all of them, or `hands`, which need not start at hand 1): the hand,
        its position, its change per player, the totals after; read off what each hand keeps."""
        hands = list(self.hands.order_by("number")) if hands is None else hands
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

    # Writes ---------------------------------------------------------------------------------------
    def add_hand(self, record, once=None) -> "TableHand":
        """Append a hand. `record(position)` builds it from the position before it (it may raise
        HandError: nothing is written then). The table row is locked, so two phones adding at
        once get consecutive numbers and neither hand is lost. Only the last hand is read."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            _check(once)
            last = table.last_hand()
            number = last.number + 1 if last else 1
            if number > settings.TABLES_MAX_HANDS:
                raise Full(settings.TABLES_MAX_HANDS)
            position = table.position(last)
            hand = TableHand(table=table, number=number)
            hand.take(record(position))
            hand.place(position, table.totals(last), table.stick())
            hand.save()
            _claim(once, table, hand)
            table.changed()
        return hand

    def replace_hand(self, hand_id: int, version: int, record, once=None) -> "TableHand":
        """Record hand `hand_id` again, if nobody changed it since `version`; the hands after it
        are placed again (a new winner can move the deal)."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            _check(once)
            hands, found = table.game()
            index = next((i for i, h in enumerate(hands) if h.pk == hand_id), None)
            if index is None or hands[index].version != version:
                raise Stale()
            hand = hands[index]
            hand.take(record(found[index]))
            hand.version += 1
            hand.save()
            table.restate(hands, index)
            _claim(once, table, hand)
            table.changed()
        return hand

    def delete_hand(self, hand_id: int, version: int, once=None) -> None:
        """Delete hand `hand_id` (if unchanged since `version`); later hands move up one number,
        so the numbers stay without gaps, and are placed again."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            _check(once)
            hand = table.hands.filter(pk=hand_id).first()
            if hand is None or hand.version != version:
                raise Stale()
            number = hand.number
            hand.delete()
            hands = list(table.hands.order_by("number"))
            for later in hands[number - 1:]:
                later.number -= 1
                later.save(update_fields=["number"])  # in order: no two share a number
            table.restate(hands, number - 1)
            _claim(once, table)
            table.changed()

    def restate(self, hands, index: int) -> None:
        """Place hands[index:] again (position before, totals after) from the hands before."""
        found = game.positions(self.variant, len(self.players), [h.outcome() for h in hands],
                               **self.turns())
        totals = hands[index - 1].totals_after() if index > 0 else None
        changed = []
        stick = self.stick()
        for hand, position in zip(hands[index:], found[index:], strict=False):
            before = (hand.position, hand.totals)
            hand.place(position, totals or [Decimal(0)] * len(self.players), stick)
            totals = hand.totals_after()
            if (hand.position, hand.totals) != before:
                changed.append(hand)
        TableHand.objects.bulk_update(changed, ["position", "totals"])


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
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"],
                                    name="hand_number_unique_per_table"),
        ]

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

    def place(self, position: game.Position, totals_before, stick: int = 0) -> None:
        """Keep the position before this hand and the totals after it (its riichi sticks, worth
        `stick` each, included)."""
        self.position = game.position_data(position)
        net = game.net_of(self.money(stick), len(totals_before))
        self.totals = [game.show(a + b) for a, b in zip(totals_before, net, strict=True)]

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
