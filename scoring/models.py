"""Tables that keep a whole game: the table (variant, house rules, players) and its hands.

No accounts: a table is found by one of two unguessable tokens, one to look, one to edit. Every
write locks the table row (select_for_update) inside a transaction; hand numbers are unique per
table under a database constraint; each hand carries a version so that an edit made on a stale page
is refused instead of overwriting someone else's change.
"""

import secrets
from decimal import Decimal

from django.db import models, transaction
from django.db.models import F

from scoring import tables


def new_token() -> str:
    """128+ bits from the OS's generator, URL-safe (24 characters)."""
    return secrets.token_urlsafe(18)


class Stale(Exception):
    """The hand changed (or went away) since the page that edits it was loaded."""


class Table(models.Model):
    name = models.CharField(max_length=80, blank=True)
    variant = models.CharField(max_length=20)
    rules = models.JSONField(default=dict, blank=True)
    players = models.JSONField(default=list)  # names; the order they sat down
    view_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    edit_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self):
        return self.name or f"Table {self.pk}"

    # The game, replayed from its hands ---------------------------------------------------------
    def game(self, hands=None):
        """(hands in order, the position before each hand and after the last)."""
        hands = list(self.hands.order_by("number")) if hands is None else hands
        found = tables.positions(self.variant, len(self.players), [h.winner for h in hands])
        return hands, found

    def rows(self, hands=None) -> list[dict]:
        """One row per hand: the hand, its position, its change per player, the totals after."""
        hands, found = self.game(hands)
        totals = tables.running_totals([h.transfer_list() for h in hands], len(self.players))
        rows = []
        for hand, position, after in zip(hands, found, totals, strict=False):
            name = self.players.__getitem__
            rows.append({
                "hand": hand, "number": hand.number, "position": position,
                "round_wind": position.round_wind, "dealer": name(position.dealer),
                "kind": hand.kind, "winner": None if hand.winner is None else name(hand.winner),
                "discarder": None if hand.discarder is None else name(hand.discarder),
                "self_drawn": hand.self_drawn, "total": hand.total,
                "declarer": None if hand.detail.get("declarer") is None
                else name(hand.detail["declarer"]),
                "net": tables.net_of(hand.transfer_list(), len(self.players)), "totals": after,
            })
        return rows

    def totals(self, hands=None) -> list[Decimal]:
        hands = list(self.hands.order_by("number")) if hands is None else hands
        rows = tables.running_totals([h.transfer_list() for h in hands], len(self.players))
        return rows[-1] if rows else [Decimal(0)] * len(self.players)

    # Writes ---------------------------------------------------------------------------------------
    def add_hand(self, record) -> "Hand":
        """Append a hand. `record(position)` builds it from the position before it (it may raise
        HandError: nothing is written then). The table row is locked, so two phones adding at
        once get consecutive numbers and neither hand is lost."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            hands, found = table.game()
            recorded = record(found[-1])
            hand = Hand(table=table, number=len(hands) + 1)
            hand.take(recorded)
            hand.save()
            Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
        return hand

    def replace_hand(self, hand_id: int, version: int, record) -> "Hand":
        """Record hand `hand_id` again, if nobody changed it since `version`."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            hands, found = table.game()
            index = next((i for i, h in enumerate(hands) if h.pk == hand_id), None)
            if index is None or hands[index].version != version:
                raise Stale()
            hand = hands[index]
            hand.take(record(found[index]))
            hand.version += 1
            hand.save()
            Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
        return hand

    def delete_hand(self, hand_id: int, version: int) -> None:
        """Delete hand `hand_id` (if unchanged since `version`); later hands move up one number,
        so the numbers stay without gaps."""
        with transaction.atomic():
            table = Table.objects.select_for_update().get(pk=self.pk)
            hand = table.hands.filter(pk=hand_id).first()
            if hand is None or hand.version != version:
                raise Stale()
            number = hand.number
            hand.delete()
            for later in table.hands.filter(number__gt=number).order_by("number"):
                later.number -= 1
                later.save(update_fields=["number"])
            Table.objects.filter(pk=table.pk).update(version=F("version") + 1)


class Hand(models.Model):
    KINDS = [("win", "win"), ("draw", "drawn hand"), ("deal", "deal"),
             ("false_win", "false win")]  # American: a declared win that was not one

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

    def take(self, recorded: tables.Recorded) -> None:
        self.kind = recorded.kind
        self.winner = recorded.winner
        self.discarder = recorded.discarder
        self.self_drawn = recorded.self_drawn
        self.total = recorded.total
        self.transfers = [[t.payer, t.payee, tables.show(t.amount)] for t in recorded.transfers]
        self.detail = recorded.detail

    def transfer_list(self) -> list[tables.Transfer]:
        return [tables.Transfer(a, b, Decimal(amount)) for a, b, amount in self.transfers]
