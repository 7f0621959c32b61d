"""Every form that writes to a table carries a one-time key: the same form sent twice (a double
tap, a retry after an answer that was lost) stores one hand, one table, one change, and both
sendings get the first answer. The key is kept under a database unique constraint."""

import uuid

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Once, Replayed, Submission
from tests.tables.writes import CARD_QUERY, FORMS, edit_url, new_table, with_hand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize("form", FORMS)
def test_a_double_tap_writes_once_and_both_answers_are_the_same(client, form):
    make, where, fields, stored = FORMS[form]
    table = make()
    url, data = where(table), {**fields(table), "once": uuid.uuid4().hex}
    first = client.post(url, data)
    after_first = stored()
    second = client.post(url, data)
    assert first.status_code == 302, first.content.decode()[:2000]
    assert (second.status_code, second["Location"]) == (302, first["Location"])
    assert stored() == after_first
    assert Submission.objects.count() == 1


def test_without_a_key_each_sending_is_a_new_hand(client):
    # An old page or a script: written as sent, as before the keys.
    table = new_table()
    for _ in range(2):
        client.post(edit_url("table-win", table), {"winner": 1, "source": 0, "total": 10})
    assert table.hands.count() == 2


def test_a_retry_after_a_lost_answer_is_answered_with_the_first_result(client):
    table = new_table()
    lost = {"winner": 1, "source": 0, "total": 10, "once": uuid.uuid4().hex}
    first = client.post(edit_url("table-win", table), lost)
    # Meanwhile another phone adds two hands.
    for winner in (2, 3):
        client.post(edit_url("table-win", table), {"winner": winner, "source": "self",
                                                   "total": 8, "once": uuid.uuid4().hex})
    retry = client.post(edit_url("table-win", table), lost)
    assert (retry.status_code, retry["Location"]) == (302, first["Location"])
    assert list(table.hands.values_list("number", "winner")) == [(1, 1), (2, 2), (3, 3)]


def test_a_retry_under_htmx_goes_where_the_first_answer_went(client):
    table = new_table()
    lost = {"winner": 1, "source": 0, "total": 10, "once": uuid.uuid4().hex}
    first = client.post(edit_url("table-win", table), lost, **HTMX)
    assert first.status_code == 200 and 'id="hand-1"' in first.content.decode()
    client.post(edit_url("table-draw", table), {"once": uuid.uuid4().hex}, **HTMX)
    retry = client.post(edit_url("table-win", table), lost, **HTMX)
    assert retry.status_code == 200
    assert retry["HX-Redirect"] == edit_url("table-edit", table) + "?notice=saved"
    assert table.hands.count() == 2


def test_a_form_error_stores_no_key_so_the_corrected_form_can_be_sent(client):
    table = new_table()
    key = uuid.uuid4().hex
    refused = client.post(edit_url("table-win", table),
                          {"winner": 1, "source": 1, "total": 10, "once": key})
    assert refused.status_code == 200 and not Submission.objects.exists()
    client.post(edit_url("table-win", table), {"winner": 1, "source": 0, "total": 10,
                                               "once": key})
    assert table.hands.count() == 1


def test_every_write_form_on_the_pages_carries_a_fresh_key(client):
    table = with_hand()
    pages = [edit_url("table-edit", table), reverse("table-new"),
             edit_url("table-hand", table, table.hands.get().pk),
             edit_url("table-from-scorer", table) + "?" + CARD_QUERY]
    keys = []
    for page in pages:
        text = client.get(page).content.decode()
        forms = text.count('method="post"') - 1  # less the language switch
        found = [part.split('"')[0] for part in text.split('name="once" value="')[1:]]
        assert len(found) == forms, page
        keys += found
    assert len(set(keys)) == len(keys) and all(uuid.UUID(k) for k in keys)


def test_a_key_sent_to_another_table_is_refused(client):
    table, other = new_table(), new_table()
    key = uuid.uuid4().hex
    client.post(edit_url("table-win", table), {"winner": 1, "source": 0, "total": 10,
                                               "once": key})
    response = client.post(edit_url("table-win", other), {"winner": 1, "source": 0,
                                                          "total": 10, "once": key})
    assert response.status_code == 409 and "already sent from another page" in (
        response.content.decode())
    assert other.hands.count() == 0


def test_the_key_is_unique_in_the_database():
    table = new_table()
    key = uuid.uuid4()
    Submission.objects.create(key=key, table=table, target="/")
    with pytest.raises(IntegrityError), transaction.atomic():
        Submission.objects.create(key=key, table=table, target="/")


def test_two_writes_with_one_key_store_one_hand_the_second_is_a_replay():
    # What two requests racing with one key meet, in order, under the table's lock.
    table = new_table()
    once = Once(uuid.uuid4(), table.edit_token, lambda t: "/first")
    table.add_hand(game.drawn, once)
    with pytest.raises(Replayed) as again:
        table.add_hand(game.drawn, once)
    assert again.value.submission.target == "/first"
    assert again.value.submission.hand == table.hands.get()
