"""The scorer's result, recorded at the table in one tap (issue 30 item 1): "Add to <table>"
stands beside the result's summary line when the phone has a table in play (its write link's
cookie, or the scorer opened from that table); the winner, the discarder and the context come
from the scorer; the tap answers in the button's place with the hand recorded and its Undo,
which takes the hand back out and puts the button back. The tap's one-time key makes a double
tap store one hand."""

import json
import re
import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Shanghai: 2-4 chow... with a pung of East: 5 fans for any seat in the East round.
HAND = "234m567p22s[EEE][789p]+2s"


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def scored(client, **context):
    """The scorer's htmx answer for HAND with `context`: its html."""
    data = {"variant": "shanghai", "hand": HAND, **context}
    return client.post(reverse("index"), data, **HTMX).content.decode()


def button(html):
    """The "Add to" of an answer: its hx-post and hx-vals (as htmx reads them)."""
    found = re.search(r'<a class="add-here" href="[^"]*" hx-post="([^"]*)"[^>]*'
                      r"hx-vals='([^']*)'>([^<]*)</a>", html)
    assert found, html
    return found.group(1), json.loads(found.group(2)), found.group(3)


def tap(client, html):
    path, values, _label = button(html)
    return client.post(path, values, **HTMX)


def test_add_to_the_table_stands_beside_the_summary_line(client, table):
    assert "add-here" not in scored(client, seat_wind="S")  # no table on this phone
    client.cookies["mahjong_table"] = table.edit_token
    html = scored(client, seat_wind="S")
    summary = html[html.index('<p class="summary">'):]
    summary = summary[:summary.index("</p>")]
    path, values, label = button(summary)
    assert label == "Add to Friday"
    assert path == reverse("table-from-scorer", args=[table.edit_token])
    assert values["action"] == "tap" and uuid.UUID(values["once"])
    assert "seat_wind=S" in values["q"] and "hand=234m567p22s" in values["q"]
    # A new key each time the button is drawn.
    assert button(scored(client, seat_wind="S"))[1]["once"] != values["once"]


def test_a_cookie_of_no_table_offers_no_button(client):
    client.cookies["mahjong_table"] = "A" * 24
    assert "add-here" not in scored(client)
    client.cookies["mahjong_table"] = "not a token'\""
    assert "add-here" not in scored(client)


def test_one_tap_records_the_scorers_winner_and_discarder(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    # South won on West's discard: at hand 1 (Ann deals, East), Bob on Cy's discard.
    response = tap(client, scored(client, seat_wind="S", discarder="W"))
    hand = TableHand.objects.get()
    assert (hand.number, hand.winner, hand.discarder, hand.self_drawn) == (1, 1, 2, False)
    assert hand.total == 5 and hand.detail["source"] == "scorer"
    text = response.content.decode()
    assert response.status_code == 200 and "<html" not in text
    assert text.lstrip().startswith('<span class="added" role="status">')
    assert "Hand 1 added to Friday:" in text and "Bob wins on Cy's discard" in text
    assert "✓ #1 Bob</a>" in text
    table.refresh_from_db()
    assert table.totals() == [0, 5, -5, 0]


def test_self_drawn_at_a_later_hand_follows_the_seats_as_they_are_then(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    tap(client, scored(client, seat_wind="S", discarder="W"))  # Bob wins: the deal passes to Bob
    response = tap(client, scored(client, seat_wind="E", self_drawn="on"))
    second = TableHand.objects.get(number=2)
    # Hand 2: Bob is East now; he wins self-drawn and each of the three others pays.
    assert (second.winner, second.discarder, second.self_drawn) == (1, None, True)
    assert "Bob wins self-drawn" in response.content.decode()


def test_a_double_tap_stores_one_hand_and_answers_the_same(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    html = scored(client, seat_wind="S")
    first, again = tap(client, html), tap(client, html)
    assert TableHand.objects.count() == 1
    assert again.status_code == 200 and "✓ #1 Bob</a>" in again.content.decode()
    # The same answer but for the Undo's own one-time key.
    keys = re.compile(r"&quot;once&quot;: &quot;[0-9a-f]{32}&quot;")
    assert keys.sub("", again.content.decode()) == keys.sub("", first.content.decode())
    assert "HX-Redirect" not in again


def undo(client, added_html):
    found = re.search(r'<a class="undo-here"[^>]* hx-post="([^"]*)"[^>]*hx-vals="([^"]*)"',
                      added_html, re.S)
    values = json.loads(found.group(2).replace("&quot;", '"').replace("&amp;", "&"))
    return client.post(found.group(1), values, **HTMX)


def test_one_tap_undoes_it_and_the_button_comes_back(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    html = scored(client, seat_wind="S")
    added = tap(client, html).content.decode()
    undone = undo(client, added)
    assert undone.status_code == 200 and not TableHand.objects.exists()
    path, values, label = button(undone.content.decode())
    assert label == "Add to Friday" and values["once"] != button(html)[1]["once"]
    # The undo sent twice takes out nothing more, and answers the button again.
    assert "add-here" in undo(client, added).content.decode()
    # The button back adds the hand again.
    assert "✓ #1 Bob" in client.post(path, values, **HTMX).content.decode()
    assert TableHand.objects.count() == 1


def test_an_undo_after_another_phone_changed_the_table_says_so(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    added = tap(client, scored(client, seat_wind="S")).content.decode()
    TableHand.objects.update(version=2)  # edited on another phone meanwhile
    text = undo(client, added).content.decode()
    assert "Not undone" in text and TableHand.objects.count() == 1 and "add-here" in text


def test_a_seat_not_in_play_is_refused_with_the_reason_and_nothing_stored(client):
    three = Table.objects.create(name="Three", variant="shanghai", players=["Ann", "Bob", "Cy"])
    client.cookies["mahjong_table"] = three.edit_token
    text = tap(client, scored(client, seat_wind="N")).content.decode()
    assert "not in play at this table" in text and not TableHand.objects.exists()
    assert reverse("table-from-scorer", args=[three.edit_token]) in text  # choose there


def test_a_hand_of_another_variant_is_refused_in_words(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    html = client.post(reverse("index"), {"variant": "hongkong", "hand": HAND}, **HTMX)
    text = tap(client, html.content.decode()).content.decode()
    assert "This hand was scored as" in text and not TableHand.objects.exists()


def test_the_scorer_opened_from_a_table_adds_to_that_table(client, table):
    other = Table.objects.create(name="Other", variant="shanghai", players=["W", "X", "Y", "Z"])
    client.get(reverse("table-edit", args=[table.edit_token]))  # this phone writes at both
    client.get(reverse("table-edit", args=[other.edit_token]))  # ... Other the last opened
    page = client.get(reverse("table-score", args=[table.view_token]),
                      {"hand": HAND, "seat_wind": "S"})
    text = page.content.decode()
    assert f'data-table="{table.edit_token}"' in text and 'data-table-name="Friday"' in text
    assert button(text)[2] == "Add to Friday"
    assert page.cookies["mahjong_table"].value == table.edit_token  # the next results too
    # A look-only phone (no write link) is offered no button.
    looker = client.__class__()
    looker.get(reverse("table-view", args=[table.view_token]))
    text = looker.get(reverse("table-score", args=[table.view_token]),
                      {"hand": HAND, "seat_wind": "S"}).content.decode()
    assert "add-here" not in text and "data-table=" not in text


def test_riichi_scored_in_the_scorer_is_the_winners_riichi_at_the_table(client):
    riichi = Table.objects.create(name="R", variant="riichi", players=["Ann", "Bob", "Cy", "Di"])
    client.cookies["mahjong_table"] = riichi.edit_token
    html = client.post(reverse("index"), {"variant": "riichi", "hand": "234m567p22s345s789p+2s",
                                          "seat_wind": "S", "riichi": "on"}, **HTMX)
    tap(client, html.content.decode())
    hand = TableHand.objects.get()
    assert hand.winner == 1 and hand.detail["riichi"] == [1]


def test_a_tap_over_the_save_rate_says_why_in_its_place_and_can_be_tapped_again(
        client, settings, table):
    """django-ratelimit's refusal of the tap (429 elsewhere) is answered in the button's place:
    the scorer page has no notice slot. Nothing is stored, and the button is there again for
    the same hand, to tap once the minute has passed."""
    cache.clear()
    settings.TABLES_WRITE_RATE = "1/h"
    client.cookies["mahjong_table"] = table.edit_token
    client.post(reverse("table-win", args=[table.edit_token]),  # the hour's one save
                {"winner": 0, "source": "self", "total": 8, "once": uuid.uuid4().hex})
    refused = tap(client, scored(client, seat_wind="S"))
    text = refused.content.decode()
    assert refused.status_code == 200 and refused["Retry-After"] == "60"
    assert "HX-Retarget" not in refused  # in the button's place, not the board's notice slot
    assert text.startswith('<span class="not-added"><span class="error" role="alert">')
    assert "Too many at once. More than 1 save per hour came from this address." in text
    assert "Nothing was saved: wait a little, then send it again." in text
    assert table.hands.count() == 1
    path, values, label = button(text)
    assert label == "Add to Friday" and values["action"] == "tap"
    assert "hand=234m567p22s" in values["q"] and "seat_wind=S" in values["q"]
    cache.clear()  # the hour has passed
    assert "✓ #2 Bob" in client.post(path, values, **HTMX).content.decode()
    assert table.hands.get(number=2).detail["hand"].startswith("234m567p22s")
    cache.clear()


def test_an_undo_over_the_save_rate_says_why_and_keeps_the_hand_and_its_undo(
        client, settings, table):
    """The rate (2 saves an hour) spent by the tap and one other save: the scorer's Undo is
    refused in its place, over the hand still recorded and its Undo; the hour passed, that Undo
    takes the hand out."""
    cache.clear()
    settings.TABLES_WRITE_RATE = "2/h"
    client.cookies["mahjong_table"] = table.edit_token
    added = tap(client, scored(client, seat_wind="S")).content.decode()
    client.post(reverse("table-win", args=[table.edit_token]),
                {"winner": 0, "source": "self", "total": 8, "once": uuid.uuid4().hex})
    refused = undo(client, added)
    text = refused.content.decode()
    assert refused.status_code == 200 and refused["Retry-After"] == "60"
    assert "HX-Retarget" not in refused
    assert text.startswith('<span class="added not-undone" role="status">')
    assert "Too many at once. More than 2 saves per hour came from this address." in text
    assert "✓ #1 Bob" in text and table.hands.count() == 2
    cache.clear()  # the hour has passed
    assert "add-here" in undo(client, text).content.decode()
    assert list(table.hands.values_list("number", flat=True)) == [1]
    cache.clear()


def test_the_rate_is_said_in_the_readers_language(settings):
    """The refusal's rate in words: the count's plural form, the span, each language's order."""
    from django.utils import translation

    from scoring.tables.views import _rate_text
    settings.TABLES_WRITE_RATE, settings.TABLES_NEW_RATE = "1/m", "20/10s"
    assert _rate_text("TABLES_WRITE_RATE") == "1 save per minute"
    assert _rate_text("TABLES_NEW_RATE") == "20 new tables per 10 seconds"
    with translation.override("fr"):
        assert _rate_text("TABLES_WRITE_RATE") == "1 enregistrement par minute"
        assert _rate_text("TABLES_NEW_RATE") == "20 nouvelles tables par 10 secondes"
    with translation.override("zh-hans"):
        assert _rate_text("TABLES_WRITE_RATE") == "每分钟 1 次保存"
    with translation.override("zh-hant"):
        assert _rate_text("TABLES_NEW_RATE") == "每 10 秒 20 張新牌桌"
