"""A player's name is text, never markup: every page that shows the names (the scorekeeper's
board, the look-only board, the settle-up, a hand's edit page) escapes them, whatever the
name holds."""

import uuid

import pytest
from django.urls import reverse

from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
MARKUP = '<b id="x">Ann</b>'
ESCAPED = "&lt;b id=&quot;x&quot;&gt;Ann&lt;/b&gt;"


@pytest.fixture
def table(client):
    table = Table.objects.create(name="Friday", variant="shanghai",
                                 players=[MARKUP, "Bob", "Cy", "Di"])
    edit = reverse("table-win", args=[table.edit_token])
    # Ann wins a discard from Bob, so her name is in the board's history and in the settle-up.
    client.post(edit, {"winner": 0, "source": 1, "total": 10, "once": uuid.uuid4().hex})
    assert table.hands.count() == 1
    return table


@pytest.mark.parametrize("page", ["table-edit", "table-view", "table-settle"])
def test_a_name_that_looks_like_markup_is_shown_as_text(client, table, page):
    token = table.edit_token if page == "table-edit" else table.view_token
    text = client.get(reverse(page, args=[token])).content.decode()
    assert ESCAPED in text
    assert MARKUP not in text


def test_the_edit_page_of_a_hand_escapes_the_names(client, table):
    hand = table.hands.get()
    text = client.get(reverse("table-hand", args=[table.edit_token, hand.id])).content.decode()
    assert ESCAPED in text
    assert MARKUP not in text
