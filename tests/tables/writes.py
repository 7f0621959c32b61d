"""Every form that writes to a table, for the tests that go through all of them: (the table it
starts from, its URL, its fields, what it stored). A test module imports `FORMS`."""

from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table, TableHand

NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}
CARD_QUERY = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"


def edit_url(name, table, *args):
    return reverse(name, args=[table.edit_token, *args])


def new_table(variant="shanghai"):
    return Table.objects.create(name="Friday", variant=variant, players=["Ann", "Bob", "Cy", "Di"])


def with_hand(variant="shanghai"):
    table = new_table(variant)
    table.add_hand(lambda pos: game.quick_entry(
        variant, {}, pos, game.WinEntry(winner=1, discarder=0, total=10)))
    return table


FORMS = {
    "new-table": (lambda: None, lambda t: reverse("table-new"),
                  lambda t: {"variant": "shanghai", **NAMES}, lambda: Table.objects.count()),
    "quick-win": (new_table, lambda t: edit_url("table-win", t),
                  lambda t: {"winner": 1, "source": 0, "total": 10},
                  lambda: TableHand.objects.count()),
    "draw": (new_table, lambda t: edit_url("table-draw", t), lambda t: {},
             lambda: TableHand.objects.count()),
    "false-win": (lambda: new_table("american"), lambda t: edit_url("table-false-win", t),
                  lambda t: {"false-declarer": 1, "false-source": 0},
                  lambda: TableHand.objects.count()),
    "from-scorer": (new_table, lambda t: edit_url("table-from-scorer", t),
                    lambda t: {"q": CARD_QUERY, "winner": 1, "source": "self"},
                    lambda: TableHand.objects.count()),
    "deal": (lambda: new_table("sichuan"), lambda t: edit_url("table-deal", t),
             lambda t: {"ev-TOTAL_FORMS": 1, "ev-INITIAL_FORMS": 0, "ev-0-type": "kong",
                        "ev-0-seat": 0, "ev-0-kind": "concealed"},
             lambda: TableHand.objects.count()),
    "edit-hand": (with_hand, lambda t: edit_url("table-hand", t, t.hands.get().pk),
                  lambda t: {"winner": 2, "source": "self", "total": 6, "action": "win",
                             "version": 1},
                  lambda: TableHand.objects.get().version),
    "delete-hand": (with_hand, lambda t: edit_url("table-hand-delete", t, t.hands.get().pk),
                    lambda t: {"version": 1, "confirm": 1}, lambda: TableHand.objects.count()),
    "new-edit-link": (new_table, lambda t: edit_url("table-edit", t), lambda t: {},
                      lambda: Table.objects.get().version),
}
