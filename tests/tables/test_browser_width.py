"""Every table page fits a 360 px phone: no page scrolls sideways (document.documentElement.
scrollWidth <= 360) on the new-table form, the edit and look-only boards, settle-up, the Sichuan
deal form, a hand's edit page, its delete question, the scorer's "add to table" and the phone's
list of tables. Screenshots: /tmp/shots/tables-width-*.png."""

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table
from tests.browser import MARKS, PHONE_WIDTH, shot

pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
QUERY = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"


def pages():
    shanghai = Table.objects.create(name="Friday night at the club", variant="shanghai",
                                    rules={}, players=["Annabelle", "Bartholomew", "Cyril",
                                                       "Dionysia"])
    shanghai.add_hand(lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=1, discarder=0, total=12)))
    sichuan = Table.objects.create(name="Bloody", variant="sichuan", rules={},
                                   players=["Annabelle", "Bartholomew", "Cyril", "Dionysia"])
    hand = shanghai.hands.get()
    edit, view = shanghai.edit_token, shanghai.view_token
    return {
        "new": reverse("table-new"),
        "new-sichuan": reverse("table-new") + "?variant=sichuan",
        "edit": reverse("table-edit", args=[edit]),
        "view": reverse("table-view", args=[view]),
        "settle": reverse("table-settle", args=[view]),
        "deal": reverse("table-deal", args=[sichuan.edit_token]),
        "hand": reverse("table-hand", args=[edit, hand.pk]),
        "delete": reverse("table-hand-delete", args=[edit, hand.pk]),
        "from-scorer": reverse("table-from-scorer", args=[edit]) + "?" + QUERY,
        "yours": reverse("tables"),
    }


def test_every_table_page_fits_a_360_px_phone(page):
    wide = {}
    for name, path in pages().items():
        page.goto(page.base + path)
        shot(page, f"tables-width-{name}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE_WIDTH:
            wide[name] = width
    assert wide == {}
