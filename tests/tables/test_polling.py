"""The look-only page keeps itself up to date cheaply: its board asks again every 15 s under htmx,
naming the table's version it shows; while nothing changed the answer is 204 No Content after
one query and no rendering (htmx swaps nothing), and any write (a hand, an undo, a new write
link) changes the version. Like every token page, it is never stored by a cache."""

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def look(client, table, version=None, **extra):
    query = {"version": version} if version is not None else {}
    return client.get(reverse("table-view", args=[table.view_token]), query, **extra)


def shown_version(text):
    return int(text.split("?version=")[1].split('"')[0])


def test_the_look_only_board_polls_itself_every_15_seconds(client, table):
    text = look(client, table).content.decode()
    table.refresh_from_db()
    url = reverse("table-view", args=[table.view_token])
    assert f'hx-get="{url}?version={table.version}"' in text
    assert 'hx-trigger="every 15s"' in text and 'hx-swap="outerHTML"' in text
    fragment = look(client, table, **HTMX).content.decode()
    assert fragment.lstrip().startswith('<div id="board"') and 'hx-trigger="every 15s"' in fragment


def test_the_edit_page_does_not_poll(client, table):
    text = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "every 15s" not in text


def test_nothing_changed_is_a_204_after_one_query(client, table, django_assert_num_queries):
    first = look(client, table, **HTMX)
    assert first.status_code == 200 and "no-store" in first["Cache-Control"]
    with django_assert_num_queries(1):
        again = look(client, table, shown_version(first.content.decode()), **HTMX)
    assert again.status_code == 204 and again.content == b""


def test_a_write_changes_the_version(client, table):
    shown = shown_version(look(client, table, **HTMX).content.decode())
    table.add_hand(game.drawn)
    changed = look(client, table, shown, **HTMX)
    assert changed.status_code == 200 and 'data-hand="1"' in changed.content.decode()
    assert shown_version(changed.content.decode()) != shown
    hand = table.hands.get()
    table.delete_hand(hand.pk, hand.version)
    assert look(client, table, shown_version(changed.content.decode()), **HTMX).status_code == 200


def test_without_htmx_the_whole_page_is_sent(client, table):
    shown = shown_version(look(client, table).content.decode())
    assert look(client, table, shown).status_code == 200


def test_an_unknown_token_is_still_a_404(client):
    assert client.get(reverse("table-view", args=["A" * 24])).status_code == 404
    assert client.get(reverse("table-view", args=["A" * 24]), {"version": 1},
                      HTTP_HX_REQUEST="true").status_code == 404
