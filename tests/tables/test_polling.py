"""The look-only page keeps itself up to date cheaply (issue 30 item 3, issue 31 item 2): its
board asks again every 2 s under htmx, sending the ETag of the board it shows (If-None-Match);
while nothing changed the answer is 304 Not Modified after one query and no rendering (htmx
swaps nothing), and any write (a hand, an undo, a new write link) changes the ETag. A page of an
older build, which asks with ?version=, is answered 204 as before. Like every token page, it is
never stored by a cache."""

import json
import re
from pathlib import Path

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


def poll_headers(text) -> dict:
    """The headers the board's poll sends (its hx-headers, as htmx reads the attribute)."""
    found = re.search(r'<div id="board"[^>]* hx-headers="([^"]*)"', text)
    return json.loads(found.group(1).replace("&quot;", '"'))


def poll(client, table, text, **extra):
    """The board's poll, as htmx sends it: the board's URL with its If-None-Match."""
    sent = poll_headers(text)["If-None-Match"]
    return look(client, table, HTTP_IF_NONE_MATCH=sent, **HTMX, **extra)


def test_the_look_only_board_polls_itself_every_2_seconds_with_its_etag(client, table):
    text = look(client, table).content.decode()
    url = reverse("table-view", args=[table.view_token])
    assert f'hx-get="{url}"' in text
    assert 'hx-trigger="every 2s"' in text and 'hx-swap="outerHTML"' in text
    fragment = look(client, table, **HTMX)
    assert fragment.content.decode().lstrip().startswith('<div id="board"')
    # The ETag the poll sends is the one the fragment is answered with.
    assert poll_headers(text)["If-None-Match"] == fragment["ETag"]


def test_a_304_from_the_htmx_answer_is_not_swapped():
    """The page's htmx configuration (base.html): a 304 swaps nothing (htmx's default swaps
    every 2xx and 3xx answer, an empty board)."""
    config = (Path(__file__).resolve().parents[2] / "templates" / "base.html").read_text()
    handling = json.loads(re.search(r"name=\"htmx-config\" content='([^']*)'", config).group(1))
    rules = handling["responseHandling"]
    first = next(rule for rule in rules if re.fullmatch(rule["code"], "304"))
    assert first == {"code": "304", "swap": False}


def test_the_edit_page_does_not_poll(client, table):
    text = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "every 2s" not in text and "hx-headers=\"{" not in text


def test_nothing_changed_is_a_304_after_one_query(client, table, django_assert_num_queries):
    first = look(client, table)
    assert first.status_code == 200 and "no-store" in first["Cache-Control"]
    with django_assert_num_queries(1):
        again = poll(client, table, first.content.decode())
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == poll_headers(first.content.decode())["If-None-Match"]


def test_a_write_changes_the_etag(client, table):
    text = look(client, table).content.decode()
    table.add_hand(game.drawn)
    changed = poll(client, table, text)
    assert changed.status_code == 200 and 'data-hand="1"' in changed.content.decode()
    assert poll(client, table, changed.content.decode()).status_code == 304
    hand = table.hands.get()
    table.delete_hand(hand.pk, hand.version)
    assert poll(client, table, changed.content.decode()).status_code == 200
    table.new_edit_token()
    assert poll(client, table, text).status_code == 200


def test_the_etag_names_the_language_and_the_shape(client, table):
    page = look(client, table)
    fragment = look(client, table, **HTMX)
    french = look(client, table, HTTP_ACCEPT_LANGUAGE="fr", **HTMX)
    assert len({page["ETag"], fragment["ETag"], french["ETag"]}) == 3
    # The whole page's ETag does not answer the fragment's question, nor the other language's.
    assert look(client, table, HTTP_IF_NONE_MATCH=page["ETag"], **HTMX).status_code == 200
    assert look(client, table, HTTP_IF_NONE_MATCH=fragment["ETag"], HTTP_ACCEPT_LANGUAGE="fr",
                **HTMX).status_code == 200
    assert look(client, table, HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 304


def test_an_older_page_asking_with_its_version_is_answered_204(client, table,
                                                               django_assert_num_queries):
    table.refresh_from_db()
    with django_assert_num_queries(1):
        again = look(client, table, table.version, **HTMX)
    assert again.status_code == 204 and again.content == b""


def test_without_htmx_the_whole_page_is_sent(client, table):
    table.refresh_from_db()
    assert look(client, table, table.version).status_code == 200


def test_an_unknown_token_is_still_a_404(client):
    assert client.get(reverse("table-view", args=["A" * 24])).status_code == 404
    assert client.get(reverse("table-view", args=["A" * 24]), {"version": 1},
                      HTTP_HX_REQUEST="true").status_code == 404
    assert client.get(reverse("table-view", args=["A" * 24]), HTTP_IF_NONE_MATCH='W/"x"',
                      HTTP_HX_REQUEST="true").status_code == 404
