"""Finding the tables again: the scorer's home page links to /tables/, which lists the tables
opened on this phone (a signed cookie of at most ten links, the latest first) with their name,
variant, hands and last change."""

import pytest
from django.urls import reverse

from scoring.tables.models import Table
from scoring.tables.views import REMEMBERED, TABLES_COOKIE

pytestmark = pytest.mark.django_db


def open_table(name, variant="shanghai"):
    return Table.objects.create(name=name, variant=variant, rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def listed(client):
    text = client.get(reverse("tables")).content.decode()
    return [line.split(">")[1].split("<")[0] for line in text.splitlines()
            if 'class="tname"' in line]


def test_the_scorers_home_page_links_to_the_tables(client):
    assert f'href="{reverse("tables")}"' in client.get(reverse("index")).content.decode()


def test_an_empty_phone_is_offered_a_new_table(client):
    text = client.get(reverse("tables")).content.decode()
    assert "No table opened on this phone yet." in text and reverse("table-new") in text


def test_tables_opened_are_listed_latest_first_with_variant_hands_and_last_change(client):
    friday, saturday = open_table("Friday"), open_table("Saturday", "hongkong")
    client.get(reverse("table-edit", args=[friday.edit_token]))
    client.post(reverse("table-draw", args=[friday.edit_token]))
    client.get(reverse("table-edit", args=[saturday.edit_token]))
    text = client.get(reverse("tables")).content.decode()
    assert listed(client) == ["Saturday", "Friday"]
    assert "Hong Kong" in text and "Shanghai" in text
    assert "1 hand<" in text and "0 hands" in text and "changed 0" in text
    # Opening Friday again brings it back to the top.
    client.get(reverse("table-edit", args=[friday.edit_token]))
    assert listed(client) == ["Friday", "Saturday"]


def test_a_look_only_table_links_to_its_look_only_page(client):
    table = open_table("Watched")
    client.get(reverse("table-view", args=[table.view_token]))
    text = client.get(reverse("tables")).content.decode()
    assert reverse("table-view", args=[table.view_token]) in text and "look only" in text
    assert table.edit_token not in text


def test_a_table_opened_both_ways_is_listed_once_with_its_write_link(client):
    table = open_table("Both")
    client.get(reverse("table-view", args=[table.view_token]))
    client.get(reverse("table-edit", args=[table.edit_token]))
    client.get(reverse("table-view", args=[table.view_token]))
    text = client.get(reverse("tables")).content.decode()
    assert listed(client) == ["Both"] and reverse("table-edit", args=[table.edit_token]) in text


def test_the_list_keeps_the_last_ten(client):
    tables = [open_table(f"T{i}") for i in range(REMEMBERED + 2)]
    for table in tables:
        client.get(reverse("table-edit", args=[table.edit_token]))
    assert listed(client) == [f"T{i}" for i in range(REMEMBERED + 1, 1, -1)]


def test_a_replaced_write_link_is_dropped_and_the_new_one_kept(client):
    table = open_table("Moved")
    client.get(reverse("table-edit", args=[table.edit_token]))
    old = table.edit_token
    client.post(reverse("table-edit", args=[old]), follow=True)
    table.refresh_from_db()
    response = client.get(reverse("tables"))
    assert listed(client) == ["Moved"] and old not in response.content.decode()
    assert old not in response.cookies[TABLES_COOKIE].value


def test_a_cookie_not_signed_by_us_lists_nothing(client):
    table = open_table("Forged")
    client.cookies[TABLES_COOKIE] = f"e:{table.edit_token}"
    assert listed(client) == []


def test_the_list_page_is_never_cached(client):
    assert "no-store" in client.get(reverse("tables"))["Cache-Control"]
