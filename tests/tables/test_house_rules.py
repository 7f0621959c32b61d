"""A house rule set to "no" or 0 on the new-table form is the table's rule, not read as the
default: the table keeps it, its money follows it, and its link to the scorer carries it."""

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from scoring.engine.variants import VARIANTS
from scoring.tables.models import Table
from tests.tables.writes import NAMES, edit_url

pytestmark = pytest.mark.django_db


def opened(client, variant, **rules):
    response = client.post(reverse("table-new"), {
        "variant": variant, **NAMES, **{f"{variant}-{name}": v for name, v in rules.items()}})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Table.objects.get()


@pytest.mark.parametrize("variant, name, sent, kept", [
    ("shanghai", "minimum_fan", "0", 0),
    ("hongkong", "minimum_fan", "0", 0),
    ("hongkong", "no_flowers_bonus", "0", False),
    ("sichuan", "end_checks", "0", False),
    ("american", "jokerless_bonus", "0", False),
], ids=lambda v: str(v))
def test_a_rule_set_to_no_or_zero_is_kept(client, variant, name, sent, kept):
    assert VARIANTS[variant].default_rules[name] != kept  # else the test shows nothing
    table = opened(client, variant, **{name: sent})
    assert table.rules[name] == kept and type(table.rules[name]) is type(kept)


def test_a_minimum_of_zero_pays_a_hand_of_zero_faan(client):
    # Hong Kong's minimum is 3 faan by default: a 0-faan hand would not be paid.
    table = opened(client, "hongkong", minimum_fan="0")
    client.post(edit_url("table-win", table), {"winner": 1, "source": "self", "total": 0})
    hand = table.hands.get()
    assert hand.total == 0 and hand.detail["meets_minimum"] is True
    assert hand.transfers and all(payee == 1 for _payer, payee, _amount in hand.transfers)


def test_the_tables_scorer_link_carries_a_rule_set_to_no(client):
    table = opened(client, "hongkong", no_flowers_bonus="0", minimum_fan="0")
    page = client.get(edit_url("table-edit", table)).content.decode()
    link = reverse("table-score", args=[table.view_token])
    start = page.index(f'href="{link}?') + len('href="')
    query = parse_qs(urlsplit(page[start:page.index('"', start)].replace("&amp;", "&")).query)
    assert query["hongkong-no_flowers_bonus"] == ["0"] and query["hongkong-minimum_fan"] == ["0"]
