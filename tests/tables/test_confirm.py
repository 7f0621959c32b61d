"""Undo and delete ask first: without JavaScript the undo link opens a small page that asks (its
form posts confirm=1); under htmx the question replaces the row's buttons ("Really undo hand 3?
Yes / No"), and No puts them back. A POST without confirm=1 deletes nothing: it asks."""

import uuid

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    table = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    for _ in range(3):
        table.add_hand(game.drawn)
    return table


def delete_url(table, number):
    hand = table.hands.get(number=number)
    return reverse("table-hand-delete", args=[table.edit_token, hand.pk])


def test_the_undo_button_is_a_link_to_the_question(client, table):
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    link = delete_url(table, 3)
    assert f'<a class="undo" href="{link}"' in page and f'hx-get="{link}"' in page


def test_without_javascript_the_question_is_a_page_and_nothing_is_deleted(client, table):
    response = client.get(delete_url(table, 3))
    text = response.content.decode()
    assert response.status_code == 200 and "<html" in text
    assert "Really undo hand 3?" in text and 'name="confirm" value="1"' in text
    assert "No, back to the table" in text and table.hands.count() == 3


def test_a_hand_before_the_last_asks_to_delete_it(client, table):
    text = client.get(delete_url(table, 2)).content.decode()
    assert "Really delete hand 2?" in text and "later hands move up one number" in text


def test_a_post_without_confirm_asks_instead_of_deleting(client, table):
    hand = table.hands.get(number=3)
    response = client.post(delete_url(table, 3), {"version": hand.version,
                                                  "once": uuid.uuid4().hex})
    assert response.status_code == 200 and "Really undo hand 3?" in response.content.decode()
    assert table.hands.count() == 3


def test_the_confirmed_post_deletes(client, table):
    hand = table.hands.get(number=3)
    response = client.post(delete_url(table, 3), {"version": hand.version, "confirm": "1",
                                                  "once": uuid.uuid4().hex})
    assert response.status_code == 302 and table.hands.count() == 2


def test_under_htmx_the_question_is_inline_and_no_puts_the_buttons_back(client, table):
    text = client.get(delete_url(table, 3), **HTMX).content.decode()
    assert text.startswith('<div class="row-actions confirm"') and "<html" not in text
    assert "Really undo hand 3?" in text and ">Yes</button>" in text and ">No</a>" in text
    assert 'hx-target="#record"' in text  # Yes answers as the undo always did
    back = client.get(delete_url(table, 3) + "?cancel=1", **HTMX).content.decode()
    assert back.startswith('<div class="row-actions">') and "Undo hand 3" in back
    assert TableHand.objects.filter(table=table).count() == 3


def test_no_without_javascript_goes_back_to_the_table(client, table):
    response = client.get(delete_url(table, 3) + "?cancel=1")
    assert response.status_code == 302
    assert response["Location"] == reverse("table-edit", args=[table.edit_token])


def test_the_hand_edit_page_deletes_through_the_question(client, table):
    hand = table.hands.get(number=2)
    text = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content.decode()
    assert f'<a class="undo" href="{delete_url(table, 2)}">Delete hand 2</a>' in text
