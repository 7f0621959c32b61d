"""Quick entry takes totals in the variant's range only: 0 up to the table's limit (Shanghai's and
Hong Kong's `limit`, Sichuan's `fan_cap`, read from the variant's checked house options); a total
outside it is refused in words and nothing is saved."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables import game
from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("variant, rules, highest", [
    ("shanghai", {}, 100),
    ("shanghai", {"limit": 200}, 200),
    ("hongkong", {}, 13),
    ("hongkong", {"limit": 10}, 10),
    ("sichuan", {}, 3),
    ("sichuan", {"fan_cap": 5}, 5),
    ("american", {}, None),
], ids=lambda v: str(v))
def test_the_highest_total_is_the_variants_limit(variant, rules, highest):
    assert game.highest_total(variant, rules) == highest


def test_the_engine_side_refuses_a_total_over_the_limit():
    with pytest.raises(HandError, match="outside this table's range"):
        game.quick_entry("hongkong", {}, game.start(4),
                         game.WinEntry(winner=1, discarder=0, total=14))
    with pytest.raises(HandError, match="outside this table's range"):
        game.quick_entry("shanghai", {}, game.start(4),
                         game.WinEntry(winner=1, discarder=0, total=-1))


def table_of(variant, rules=None):
    return Table.objects.create(name="T", variant=variant, rules=rules or {},
                                players=["Ann", "Bob", "Cy", "Di"])


@pytest.mark.parametrize("variant, rules, over, message", [
    ("shanghai", {}, 101, "At most 100 fan at this table"),
    ("hongkong", {}, 14, "At most 13 faan at this table"),
    ("sichuan", {"fan_cap": 4}, 5, "At most 4 fan at this table"),
], ids=["shanghai", "hongkong", "sichuan"])
def test_quick_entry_over_the_limit_is_refused_in_words(client, variant, rules, over, message):
    table = table_of(variant, rules)
    response = client.post(reverse("table-win", args=[table.edit_token]),
                           {"winner": 1, "source": 0, "total": over})
    assert response.status_code == 200 and message in response.content.decode()
    assert not TableHand.objects.exists()
    ok = client.post(reverse("table-win", args=[table.edit_token]),
                     {"winner": 1, "source": 0, "total": over - 1})
    assert ok.status_code == 302 and TableHand.objects.count() == 1


def test_a_negative_total_is_refused(client):
    table = table_of("shanghai")
    response = client.post(reverse("table-win", args=[table.edit_token]),
                           {"winner": 1, "source": 0, "total": -3})
    assert "greater than or equal to 0" in response.content.decode()
    assert not TableHand.objects.exists()


def test_the_field_tells_the_phone_its_bounds(client):
    table = table_of("hongkong")
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert 'name="total"' in page and 'max="13"' in page and 'min="0"' in page


def test_editing_a_hand_keeps_the_range(client):
    table = table_of("hongkong")
    client.post(reverse("table-win", args=[table.edit_token]),
                {"winner": 1, "source": 0, "total": 8})
    hand = TableHand.objects.get()
    response = client.post(reverse("table-hand", args=[table.edit_token, hand.pk]),
                           {"winner": 1, "source": 0, "total": 20, "version": hand.version,
                            "action": "win"})
    assert "At most 13 faan" in response.content.decode()
    assert TableHand.objects.get().total == 8
