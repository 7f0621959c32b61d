"""Settle-up goes back to the page it came from: the edit page or the look-only page, through a
`next` link that must be one of this table's own two pages on this site."""

import pytest
from django.urls import reverse

from scoring.tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def back_link(client, table, next_url=None):
    query = {} if next_url is None else {"next": next_url}
    response = client.get(reverse("table-settle", args=[table.view_token]), query)
    return response.context["back"]


def settle_href(client, page):
    text = client.get(page).content.decode()
    return text.split('class="btn settle-link" href="')[1].split('"')[0].replace("&amp;", "&")


@pytest.mark.parametrize("page", ["table-edit", "table-view"])
def test_the_boards_settle_link_comes_back_to_the_same_page(client, table, page):
    here = reverse(page, args=[table.edit_token if page == "table-edit" else table.view_token])
    settle = settle_href(client, here)
    response = client.get(settle)
    assert response.context["back"] == here
    assert f'<a class="btn" href="{here}">Back to the table</a>' in response.content.decode()


def test_without_next_it_goes_back_to_the_look_only_page(client, table):
    assert back_link(client, table) == reverse("table-view", args=[table.view_token])


@pytest.mark.parametrize("wanted", [
    "https://evil.example/tables/", "//evil.example/", "/\\evil.example", "javascript:alert(1)",
    "/", "/tables/new", "/api/health",
])
def test_a_next_elsewhere_is_ignored(client, table, wanted):
    assert back_link(client, table, wanted) == reverse("table-view", args=[table.view_token])


def test_another_tables_page_is_ignored(client, table):
    other = Table.objects.create(name="Other", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    wanted = reverse("table-edit", args=[other.edit_token])
    assert back_link(client, table, wanted) == reverse("table-view", args=[table.view_token])
