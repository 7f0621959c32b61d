"""Abuse limits on the tables: tables opened and saves made per client address (django-ratelimit
on Django's cache, rates from the settings) answered 429 with a page that says why, or under htmx
a message in the board's notice slot; and a cap on the hands one table keeps."""

import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def table():
    return Table.objects.create(variant="shanghai", players=["Ann", "Bob", "Cy", "Di"])


def save(client, table, **extra):
    return client.post(reverse("table-win", args=[table.edit_token]),
                       {"winner": 1, "source": 0, "total": 10, "once": uuid.uuid4().hex},
                       **extra)


def test_the_default_limits_are_generous_for_a_real_table(settings):
    assert (settings.TABLES_NEW_RATE, settings.TABLES_WRITE_RATE) == ("20/h", "120/m")
    assert settings.TABLES_MAX_HANDS == 2000
    # Counted in the database's cache: shared by every worker (tests/test_serving.py).
    assert settings.CACHES["default"]["BACKEND"] == "mahjong_site.cache.DatabaseCache"


def test_saves_over_the_rate_are_answered_429_and_not_stored(client, settings, table):
    settings.TABLES_WRITE_RATE = "3/h"
    assert [save(client, table).status_code for _ in range(3)] == [302] * 3
    refused = save(client, table)
    text = refused.content.decode()
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "<html" in text and "More than 3 saves per hour came from this address" in text
    assert "Nothing was saved" in text
    assert table.hands.count() == 3


def test_under_htmx_the_limit_is_a_message_in_the_notice_slot(client, settings, table):
    settings.TABLES_WRITE_RATE = "1/h"
    save(client, table, **HTMX)
    refused = save(client, table, **HTMX)
    text = refused.content.decode()
    # htmx 2 swaps no 4xx answer: a 200 that says the same, in the board's notice slot.
    assert refused.status_code == 200 and refused["HX-Retarget"] == "#notice"
    assert refused["HX-Reswap"] == "outerHTML" and refused["Retry-After"] == "60"
    assert text.startswith('<div id="notice"') and "Nothing was saved" in text
    assert "<html" not in text
    assert table.hands.count() == 1


def test_every_write_counts_and_reading_does_not(client, settings, table):
    settings.TABLES_WRITE_RATE = "2/h"
    edit = reverse("table-edit", args=[table.edit_token])
    for _ in range(5):
        assert client.get(edit).status_code == 200
    client.post(reverse("table-draw", args=[table.edit_token]))
    save(client, table)
    assert client.post(reverse("table-draw", args=[table.edit_token])).status_code == 429
    assert client.get(edit).status_code == 200


def test_the_count_is_per_client_address(client, settings, table):
    settings.TABLES_WRITE_RATE = "1/h"
    assert save(client, table).status_code == 302
    assert save(client, table).status_code == 429
    assert save(client, table, REMOTE_ADDR="192.0.2.7").status_code == 302


def test_opening_tables_over_the_rate_is_answered_429(client, settings):
    settings.TABLES_NEW_RATE = "2/h"
    opened = [client.post(reverse("table-new"), {"variant": "shanghai", **NAMES}).status_code
              for _ in range(3)]
    assert opened == [302, 302, 429] and Table.objects.count() == 2
    assert client.get(reverse("table-new")).status_code == 200  # the form itself still opens


def test_a_table_keeps_at_most_the_settings_hands(client, settings, table):
    settings.TABLES_MAX_HANDS = 2
    save(client, table)
    client.post(reverse("table-draw", args=[table.edit_token]))
    refused = save(client, table)
    assert refused.status_code == 200
    assert "This table has 2 hands, the most one table keeps" in refused.content.decode()
    drawn = client.post(reverse("table-draw", args=[table.edit_token]), **HTMX)
    assert drawn.status_code == 200 and "open a new table" in drawn.content.decode()
    assert table.hands.count() == 2
