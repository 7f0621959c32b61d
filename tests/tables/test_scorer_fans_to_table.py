"""A hand counted by its fans on the scorer (MCR's "Count by fans") goes to a table ("Add to
<table>", and the add page) and to the compare page, as a hand of tiles does. The table records
the fans as quick entry's fans are recorded (game.by_fans): the engine checks them again for the
winner and the discard the table says (exclusions, the fans a self-draw or a discard needs, the
minimum of 8 without the flowers) and pays them.

Worked by hand from docs/rules-mcr.md: All Pungs (6) + Half Flush (6) + Pung of Terminals or
Honors twice (1 x 2) = 14, and two flowers: 16 fan. On a discard the discarder pays 8 + 16 = 24,
the two others 8 each (the winner +40); self-drawn, each of the three pays 24 (+72). Players
Ann, Bob, Cy, Di sit East, South, West, North at hand 1."""

import json
import re
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
TICKS = {"fan_48": "on", "fan_49": "on", "fan_73": "2", "flowers": "2"}


@pytest.fixture
def table():
    return Table.objects.create(name="Club", variant="mcr", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def scored(client, **fields):
    """The scorer's htmx answer for the ticks `fields` (South won): its html."""
    query = urlencode({"variant": "mcr", "seat_wind": "S", **fields})
    return client.get("/?" + query, **HTMX).content.decode()


def button(html):
    found = re.search(r'<a class="add-here" href="[^"]*" hx-post="([^"]*)"[^>]*'
                      r"hx-vals='([^']*)'>([^<]*)</a>", html)
    assert found, html
    return found.group(1), json.loads(found.group(2)), found.group(3)


def test_the_fans_result_offers_the_table_and_the_compare_page(client, table):
    client.cookies["mahjong_table"] = table.edit_token
    html = scored(client, discarder="W", **TICKS)
    path, values, label = button(html)
    assert label == "Add to Club" and values["action"] == "tap"
    assert "fan_48=on" in values["q"] and "fan_73=2" in values["q"] and "flowers=2" in values["q"]
    assert "Compare with the other variants" in html


def test_one_tap_records_the_fans_for_the_scorers_seats(client, table):
    """South won on West's discard: Bob on Cy's, 16 fan: Ann -8, Bob +40, Cy -24, Di -8."""
    client.cookies["mahjong_table"] = table.edit_token
    path, values, _ = button(scored(client, discarder="W", **TICKS))
    response = client.post(path, values, **HTMX)
    hand = TableHand.objects.get()
    assert (hand.winner, hand.discarder, hand.self_drawn, hand.total) == (1, 2, False, 16)
    assert hand.detail["fans"] == {"48": 1, "49": 1, "73": 2} and hand.detail["flowers"] == 2
    assert "Bob wins on Cy's discard" in response.content.decode()
    table.refresh_from_db()
    assert [int(x) for x in table.totals()] == [-8, 40, -24, -8]
    board = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    row = board[board.index('id="hand-1"'):]
    row = row[:row.index("</article>")]
    assert "Counted by its fans" in row and "Peng Peng He" in row and "Hun Yi Se" in row


def test_the_add_page_shows_who_pays_and_rechecks_the_fans_for_the_tables_choice(client, table):
    """Self-drawn, 16 fan: 24 from each. The same ticks with Self-Drawn (80, 1) and Mixed
    Straight (39, 8) = 9, self-drawn on the scorer: chosen on Cy's discard at the table, the
    engine refuses Self-Drawn, and nothing is stored."""
    query = urlencode({"variant": "mcr", "seat_wind": "S", "self_drawn": "on", **TICKS})
    address = reverse("table-from-scorer", args=[table.edit_token])
    text = client.get(address + "?" + query).content.decode()
    assert "Counted by its fans" in text and text.count("→ Bob <strong>24 points</strong>") == 3
    client.post(address, {"q": query, "action": "add", "winner": 1, "source": "self"})
    assert [int(x) for x in Table.objects.get().totals()] == [-24, 72, -24, -24]
    TableHand.objects.all().delete()
    other = urlencode({"variant": "mcr", "seat_wind": "S", "self_drawn": "on", "fan_39": "on",
                       "fan_80": "on"})
    text = client.post(address, {"q": other, "action": "add", "winner": 1,
                                 "source": 2}).content.decode()
    assert "is won on a self-drawn tile, and this hand was won on a discard" in text
    assert not TableHand.objects.exists()


def test_a_fans_hand_of_another_variant_is_refused_in_words(client):
    riichi = Table.objects.create(name="R", variant="riichi", rules={},
                                  players=["Ann", "Bob", "Cy", "Di"])
    query = urlencode({"variant": "mcr", "seat_wind": "S", "discarder": "W", **TICKS})
    text = client.get(reverse("table-from-scorer", args=[riichi.edit_token]) + "?"
                      + query).content.decode()
    assert "This hand was scored as Chinese Official" in text


def test_the_compare_page_scores_the_fans_where_a_variant_takes_them(client):
    """MCR by the fans (16, Cy pays 24); every other variant says it scores tiles."""
    query = urlencode({"variant": "mcr", "seat_wind": "S", "discarder": "W", **TICKS})
    text = client.get("/compare?" + query).content.decode()
    assert "Counted by its fans, without its tiles." in text
    mcr = text[text.index('data-variant="mcr"'):]
    mcr = mcr[:mcr.index("</li>")]
    assert "16" in mcr and "W→S 24" in mcr
    riichi = text[text.index('data-variant="riichi"'):]
    assert "this variant scores the tiles" in riichi[:riichi.index("</li>")]
    assert "Not a winning hand here" not in text


def test_the_phone_renders_the_same_compare_page(client):
    """The pocket's compare (scoring.pocket.entry.compare) for the same query: the same rows."""
    from scoring.pocket.entry import render
    urls = {"index": "/", "compare": "/compare", "table_new": "/t/", "table_from_scorer": "/"}
    pairs = [("variant", "mcr"), ("seat_wind", "S"), ("discarder", "W"),
             *TICKS.items()]
    html = render("/compare", pairs, "en", urls)["html"]
    assert "Counted by its fans, without its tiles." in html and "W→S 24" in html
    assert html.count("this variant scores the tiles") == 5


def test_the_phone_offers_the_table_for_the_fans_as_the_server_does(client, table):
    """The pocket's scorer fragment (scoring.pocket.entry.render) for the same ticks, with the
    phone's table: its "Add to Club" and its compare link, the server's own."""
    from scoring.pocket.entry import render
    urls = {"index": "/", "compare": "/compare", "table_new": "/t/",
            "table_from_scorer": "/tables/e/TOKEN/scorer"}
    pairs = [("variant", "mcr"), ("seat_wind", "S"), ("discarder", "W"), *TICKS.items()]
    html = render("/", pairs, "en", urls, table={"token": table.edit_token, "name": "Club"})[
        "html"]
    _path, values, label = button(html)
    assert label == "Add to Club" and "fan_49=on" in values["q"]
    assert "Compare with the other variants" in html
    client.cookies["mahjong_table"] = table.edit_token
    assert button(scored(client, discarder="W", **TICKS))[1]["q"] == values["q"]


def test_fans_under_the_tables_minimum_say_so_and_keep_the_form(client):
    """The scorer's 16 fan (14 without the flowers) on West's discard, at a table whose house
    rules set the minimum at 20: the add page says what the scorer page says with those rules,
    the engine's "14 fan without the flowers is under the minimum of 20", not that the link has
    no hand; the scorer's choices (Bob on Cy's discard) stay chosen, a post keeps them and
    stores nothing, and the one tap answers with the same words."""
    strict = Table.objects.create(name="Strict", variant="mcr", rules={"minimum_fan": 20},
                                  players=["Ann", "Bob", "Cy", "Di"])
    under = "14 fan without the flowers is under the minimum of 20: nobody pays"
    query = urlencode({"variant": "mcr", "seat_wind": "S", "discarder": "W", **TICKS})
    assert under in scored(client, discarder="W", **TICKS, **{"mcr-minimum_fan": "20"})
    address = reverse("table-from-scorer", args=[strict.edit_token])
    page = client.get(address + "?" + query).content.decode()
    assert under in page and "no valid hand" not in page
    assert re.search(r'<option value="1" selected>[^<]*Bob', page)
    assert re.search(r'<option value="2" selected>[^<]*Cy', page)
    assert "Add to the table" not in page  # nothing to add
    posted = client.post(address, {"q": query, "action": "add", "winner": 1,
                                   "source": 2}).content.decode()
    assert under in posted and re.search(r'<option value="2" selected>[^<]*Cy', posted)
    tap = client.post(address, {"q": query, "action": "tap"}, **HTMX).content.decode()
    assert under in tap
    assert not TableHand.objects.exists()


def test_fans_under_the_minimum_of_eight_name_it(client, table):
    """Half Flush (6) alone and two flowers: 6 without the flowers, under 8."""
    query = urlencode({"variant": "mcr", "seat_wind": "S", "discarder": "W", "fan_49": "on",
                       "flowers": "2"})
    page = client.get(reverse("table-from-scorer", args=[table.edit_token]) + "?"
                      + query).content.decode()
    assert "6 fan without the flowers is under the minimum of 8: nobody pays" in page
    assert "no valid hand" not in page
