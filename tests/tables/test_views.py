"""The table pages through the pytest-django client: open a table, record hands (quick entry,
from the scorer, drawn, a Sichuan deal), edit and undo, stale pages, tokens, settle-up, CSV."""

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def url(name, table, *args):
    token = table.edit_token if name not in ("table-view", "table-settle", "table-csv") \
        else table.view_token
    return reverse(name, args=[token, *args])


def win(client, table, winner, source, total, **extra):
    return client.post(url("table-win", table),
                       {"winner": winner, "source": source, "total": total}, **extra)


def test_new_table_opens_on_its_edit_link(client):
    response = client.post(reverse("table-new"), {"variant": "hongkong", "name": "Sat", **NAMES})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == url("table-edit", table)
    assert table.players == ["Ann", "Bob", "Cy", "Di"] and table.rules == {
        "limit": 13, "minimum_fan": 3, "scale": "half_spicy", "payment": "full_gun", "stake": 1,
        "no_flowers_bonus": True, "seven_pairs": False}
    assert table.view_token != table.edit_token and len(table.view_token) >= 22


def test_new_table_form_errors_come_back_as_200(client):
    response = client.post(reverse("table-new"), {"variant": "sichuan", "player0": "Ann",
                                                  "player1": "Bob", "player2": "Cy"})
    assert response.status_code == 200
    assert "is played by 4 players" in response.content.decode()
    assert not Table.objects.exists()


def test_new_table_variant_change_under_htmx_is_the_form_fragment(client):
    response = client.get(reverse("table-new"), {"variant": "american", "player0": "Ann"}, **HTMX)
    text = response.content.decode()
    assert 'id="new-table"' in text and "<html" not in text
    assert 'name="american-card"' in text and 'value="Ann"' in text


def test_edit_page_shows_round_hand_dealer_and_sets_the_scorer_cookie(client, table):
    response = client.get(url("table-edit", table))
    text = response.content.decode()
    assert 'data-round="E"' in text and "Hand 1" in text and "dealer" in text
    assert response.cookies["mahjong_table"].value == table.edit_token


def test_quick_entry_adds_a_hand_and_the_totals(client, table):
    assert win(client, table, 1, 0, 10).status_code == 302
    hand = TableHand.objects.get()
    assert (hand.number, hand.winner, hand.discarder, hand.total) == (1, 1, 0, 10)
    # Shanghai payment 1: Ann pays Bob 10.
    assert [str(x) for x in table.totals()] == ["-10", "10", "0", "0"]
    page = client.get(url("table-edit", table)).content.decode()
    assert 'data-total="10"' in page and "Hand 2" in page and "Bob deals" not in page


def test_quick_entry_under_htmx_answers_with_what_changed(client, table):
    response = win(client, table, 1, "self", 6, **HTMX)
    text = response.content.decode()
    # The record forms (the swap's target), the totals and the new row out of band.
    assert response.status_code == 200 and text.lstrip().startswith('<section id="record"')
    assert 'id="board"' not in text
    assert 'data-total="18"' in text  # self-drawn 6: three pay 6


def test_quick_entry_error_is_a_200_and_nothing_is_saved(client, table):
    response = win(client, table, 1, 1, 10, **HTMX)
    assert response.status_code == 200
    assert "cannot have discarded" in response.content.decode()
    assert not TableHand.objects.exists()


def test_drawn_hand_pays_nothing_and_passes_the_shanghai_deal(client, table):
    client.post(url("table-draw", table))
    page = client.get(url("table-edit", table)).content.decode()
    assert "Drawn hand" in page
    assert '<li class="player dealer" data-player="1">' in page


def test_add_from_the_scorer_scores_for_the_winners_seat(client, table):
    query = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"
    confirm = client.get(url("table-from-scorer", table) + "?" + query)
    text = confirm.content.decode()
    # Chosen as the scorer said: South (Bob) on the seat before's discard (East, Ann).
    assert confirm.status_code == 200 and 'value="" selected' not in text
    assert '<option value="1" selected>' in text and '<option value="0" selected>' in text
    response = client.post(url("table-from-scorer", table),
                           {"q": query, "winner": 1, "source": "self"})
    assert response.status_code == 302
    hand = TableHand.objects.get()
    # 1A eyes + 2F one way + 2H the round wind's pung = 5 fans; self-drawn, three pay 5.
    assert hand.total == 5 and hand.detail["source"] == "scorer"
    assert [str(x) for x in table.totals()] == ["-5", "15", "-5", "-5"]
    assert "seat_wind=S" in hand.detail["query"] and "self_drawn=on" in hand.detail["query"]


def test_add_from_the_scorer_refuses_another_variant(client, table):
    query = "variant=hongkong&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s"
    response = client.post(url("table-from-scorer", table),
                           {"q": query, "winner": 1, "source": "self"})
    assert response.status_code == 200 and "the table plays" in response.content.decode()
    assert not TableHand.objects.exists()


def test_scorer_result_offers_add_to_table_once_a_table_is_open(client, table):
    query = {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"}
    before = client.get(reverse("index"), query, **HTMX).content.decode()
    assert "Add to table" not in before
    client.get(url("table-edit", table))
    after = client.get(reverse("index"), query, **HTMX).content.decode()
    assert url("table-from-scorer", table) in after


def test_edit_a_hand_recomputes_the_totals(client, table):
    win(client, table, 1, 0, 10)
    hand = TableHand.objects.get()
    response = client.post(url("table-hand", table, hand.pk),
                           {"winner": 2, "source": "self", "total": 6, "version": hand.version,
                            "action": "win"})
    assert response.status_code == 302
    assert [str(x) for x in table.totals()] == ["-6", "-6", "18", "-6"]
    assert TableHand.objects.get().version == 2


def test_an_edit_from_a_stale_page_is_refused_with_a_message(client, table):
    win(client, table, 1, 0, 10)
    hand = TableHand.objects.get()
    stale = hand.version
    client.post(url("table-hand", table, hand.pk),
                {"winner": 2, "source": "self", "total": 6, "version": stale, "action": "win"})
    response = client.post(url("table-hand", table, hand.pk),
                           {"winner": 3, "source": "0", "total": 50, "version": stale,
                            "action": "win"}, follow=True)
    assert "changed this hand on another phone" in response.content.decode()
    assert TableHand.objects.get().winner == 2  # the first change stands
    refused = client.post(url("table-hand-delete", table, hand.pk),
                          {"version": stale, "confirm": 1}, **HTMX)
    assert "changed this hand on another phone" in refused.content.decode()
    assert TableHand.objects.count() == 1


def test_undo_and_delete_keep_the_numbers_without_gaps(client, table):
    for total in (10, 20, 30):
        win(client, table, 1, 0, total)
    second = TableHand.objects.get(number=2)
    client.post(url("table-hand-delete", table, second.pk),
                {"version": second.version, "confirm": 1})
    assert list(TableHand.objects.values_list("number", "total")) == [(1, 10), (2, 30)]
    assert [str(x) for x in table.totals()] == ["-40", "40", "0", "0"]


def test_the_view_link_shows_the_game_but_cannot_edit(client, table):
    win(client, table, 1, 0, 10)
    page = client.get(url("table-view", table)).content.decode()
    assert 'data-total="10"' in page
    assert "Quick entry" not in page and table.edit_token not in page and "Undo" not in page
    hand = TableHand.objects.get()
    for name, args in (("table-win", ()), ("table-draw", ()), ("table-hand-delete", (hand.pk,)),
                       ("table-hand", (hand.pk,)), ("table-from-scorer", ()),
                       ("table-deal", ())):
        assert client.post(reverse(name, args=[table.view_token, *args]),
                           {"winner": 1, "source": "self", "total": 8,
                            "version": hand.version}).status_code == 404
    assert TableHand.objects.count() == 1


def test_a_guessed_token_finds_nothing_never_another_table(client, table):
    other = Table.objects.create(variant="shanghai", players=["P", "Q", "R", "S"])
    guesses = ["x" * 24, table.view_token[:-1] + "A", other.view_token.upper(), "1", str(table.pk)]
    for guess in guesses:
        for name in ("table-view", "table-edit", "table-settle", "table-csv"):
            assert client.get(reverse(name, args=[guess])).status_code == 404
    response = client.post(reverse("table-win", args=[other.edit_token]),
                           {"winner": 1, "source": "self", "total": 8})
    assert response.status_code == 302 and table.hands.count() == 0


def test_settle_up_and_csv(client, table):
    win(client, table, 1, 0, 10)   # Ann -10, Bob +10
    win(client, table, 3, 2, 20)   # Cy -20, Di +20
    page = client.get(url("table-settle", table)).content.decode()
    assert ('<strong>Cy</strong> pays <strong>Di</strong> <span class="value">20 points</span>'
            in page)
    assert "2 transfers" in page
    csv = client.get(url("table-csv", table))
    assert csv["Content-Type"].startswith("text/csv")
    assert ",Cy,Di,20" in csv.content.decode() and ",Ann,Bob,10" in csv.content.decode()


def test_a_sichuan_deal_from_its_events(client):
    table = Table.objects.create(variant="sichuan", players=["Ann", "Bob", "Cy", "Di"])
    data = {"ev-TOTAL_FORMS": 3, "ev-INITIAL_FORMS": 0,
            "ev-0-type": "kong", "ev-0-seat": 0, "ev-0-kind": "concealed",
            "ev-1-type": "win", "ev-1-seat": 2, "ev-1-source": 1, "ev-1-fans": 2,
            "ev-2-type": ""}
    response = client.post(url("table-deal", table), data)
    assert response.status_code == 302, response.content.decode()
    # Ann's concealed kong: 2 from each other (+6); Cy wins 2 fans (4) on Bob's discard.
    assert [str(x) for x in table.totals()] == ["6", "-6", "2", "-2"]
    page = client.get(url("table-edit", table)).content.decode()
    assert "Cy deals" not in page and '<li class="player dealer" data-player="2">' in page


@pytest.mark.parametrize("variant, shown", [("sichuan", True), ("shanghai", False),
                                            ("american", False)])
def test_the_whole_deal_link_is_for_variants_that_pay_during_the_deal(client, variant, shown):
    table = Table.objects.create(variant=variant, players=["Ann", "Bob", "Cy", "Di"])
    page = client.get(url("table-edit", table)).content.decode()
    assert (url("table-deal", table) in page) is shown


def test_a_deal_at_a_table_whose_variant_pays_only_for_the_win_is_refused(client):
    table = Table.objects.create(variant="shanghai", players=["Ann", "Bob", "Cy", "Di"])
    data = {"ev-TOTAL_FORMS": 1, "ev-INITIAL_FORMS": 0,
            "ev-0-type": "kong", "ev-0-seat": 0, "ev-0-kind": "concealed"}
    response = client.post(url("table-deal", table), data)
    assert response.status_code == 200 and "settles each hand on its own" in (
        response.content.decode())
    assert not TableHand.objects.exists()


def test_a_sichuan_deal_with_an_impossible_event_names_it(client):
    table = Table.objects.create(variant="sichuan", players=["Ann", "Bob", "Cy", "Di"])
    data = {"ev-TOTAL_FORMS": 2, "ev-INITIAL_FORMS": 0,
            "ev-0-type": "win", "ev-0-seat": 2, "ev-0-fans": 1,
            "ev-1-type": "win", "ev-1-seat": 2, "ev-1-fans": 1}
    response = client.post(url("table-deal", table), data)
    assert response.status_code == 200 and "(event 2)" in response.content.decode()
    assert not TableHand.objects.exists()
