"""The look-only page keeps itself up to date cheaply: its board asks again every 15 s under htmx,
with the ETag of the table's version; while nothing changed the answer is a 304 after one query
and no rendering, and any write (a hand, an undo, a new write link) changes it."""

import pytest
from django.urls import reverse

from scoring import tables
from scoring.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def look(client, table, etag=None, **extra):
    headers = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    return client.get(reverse("table-view", args=[table.view_token]), **headers, **extra)


def test_the_look_only_board_polls_itself_every_15_seconds(client, table):
    text = look(client, table).content.decode()
    assert f'hx-get="{reverse("table-view", args=[table.view_token])}"' in text
    assert 'hx-trigger="every 15s"' in text and 'hx-swap="outerHTML"' in text
    fragment = look(client, table, **HTMX).content.decode()
    assert fragment.lstrip().startswith('<div id="board"') and 'hx-trigger="every 15s"' in fragment


def test_the_edit_page_does_not_poll(client, table):
    text = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "every 15s" not in text


def test_nothing_changed_is_a_304_after_one_query(client, table, django_assert_num_queries):
    first = look(client, table, **HTMX)
    assert first.status_code == 200 and first["ETag"]
    assert "HX-Request" in first["Vary"]
    with django_assert_num_queries(1):
        again = look(client, table, first["ETag"], **HTMX)
    assert again.status_code == 304 and again.content == b""


def test_a_write_changes_the_etag(client, table):
    etag = look(client, table, **HTMX)["ETag"]
    table.add_hand(tables.drawn)
    changed = look(client, table, etag, **HTMX)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert 'data-hand="1"' in changed.content.decode()
    hand = table.hands.get()
    table.delete_hand(hand.pk, hand.version)
    assert look(client, table, changed["ETag"], **HTMX).status_code == 200


def test_the_page_and_the_fragment_have_their_own_etags(client, table):
    page, fragment = look(client, table), look(client, table, **HTMX)
    assert page["ETag"] != fragment["ETag"]
    assert look(client, table, fragment["ETag"]).status_code == 200  # the whole page, sent


def test_an_unknown_token_is_still_a_404(client):
    assert client.get(reverse("table-view", args=["A" * 24])).status_code == 404
