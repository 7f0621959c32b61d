"""The scorer's "Count by fans" (MCR): a hand counted at the table entered by ticking its fans,
scored by the engine (engine.score_fans through query.fans_score), on the server's form and in
the phone's reading of the same query, shown in the same result fragment.

Totals and money worked out by hand from docs/rules-mcr.md: each fan's value times its count,
flowers 1 each but not toward the minimum of 8; the discarder pays 8 + the total, the two others
8 each; a self-draw is 8 + the total from each of the three.
"""

from urllib.parse import parse_qsl, urlencode

import pytest

from scoring.pocket import reading
from scoring.pocket.server import django_lang

HTMX = {"HTTP_HX_REQUEST": "true"}
# All Pungs (48, 6) + Half Flush (49, 6) + Pung of Terminals or Honors twice (73, 1 x 2) = 14,
# and two flowers: 16 fan.
TICKS = {"fan_48": "on", "fan_49": "on", "fan_73": "2", "flowers": "2"}


def page(**fields):
    return "/?" + urlencode({"variant": "mcr", "seat_wind": "S", **fields})


def test_the_page_offers_the_fans_by_value_for_mcr_only(client):
    html = client.get("/?variant=mcr").content.decode()
    assert "Count by fans" in html and 'name="fan_48"' in html and 'name="flowers"' in html
    assert html.index("Worth 88 fan") < html.index("Worth 6 fan") < html.index("Worth 1 fan")
    assert 'name="fan_81"' not in html  # the flowers are a count, not a tick
    assert "Count by fans" not in client.get("/?variant=riichi").content.decode()


def test_ticked_fans_self_drawn_are_16_fan_24_from_each(client):
    response = client.get(page(self_drawn="on", **TICKS), **HTMX)
    result = response.context["form"].result
    assert result["total"] == 16 and result["minimum"] == 8 and result["meets_minimum"]
    assert {t["from"]: t["amount"] for t in result["payments"]["transfers"]} == {
        "W": 24, "N": 24, "E": 24}
    html = response.content.decode()
    assert 'class="big">16<' in html and "Minimum 8 fans: met" in html
    assert "Flower Tiles" in html and "Reading" not in html
    # The link reproduces the ticks; the compare page and a table take the fans too
    # (tests/tables/test_scorer_fans_to_table.py); no table on this phone: none offered.
    assert "Compare with the other variants" in html and "Add to table" not in html
    replaced = dict(parse_qsl(response["HX-Replace-Url"].split("?", 1)[1]))
    assert {k: replaced[k] for k in TICKS} == TICKS


def test_ticked_fans_on_a_discard_are_paid_by_the_discarder(client):
    result = client.get(page(discarder="W", **TICKS), **HTMX).context["form"].result
    assert {t["from"]: t["amount"] for t in result["payments"]["transfers"]} == {
        "W": 24, "N": 8, "E": 8}
    assert result["payments"]["net"]["S"] == 40


@pytest.mark.parametrize("ticks, words", [
    # No Honors (1) and two flowers: 1 fan without them, under the 8.
    ({"fan_76": "on", "flowers": "2"}, "1 fan without the flowers is under the minimum of 8"),
    # Big Four Winds counts All Pungs already: both ticked is refused, naming both.
    ({"fan_1": "on", "fan_48": "on"}, "Big Four Winds already counts All Pungs"),
    ({"flowers": "3"}, "The flowers are counted with the ticked fans"),
])
def test_a_count_the_engine_refuses_says_why_beside_the_hand(client, ticks, words):
    response = client.get(page(**ticks), **HTMX)
    assert response.context["form"].result is None
    html = response.content.decode()
    assert words in html and "No score" in html


def test_tiles_and_ticks_together_are_refused(client):
    html = client.get(page(hand="234m 567p 22s [EEE] [789p] +2s", **TICKS),
                      **HTMX).content.decode()
    assert "Score the tiles or the ticked fans, not both" in html


def test_a_french_page_names_the_fans_in_french(client):
    client.cookies["django_language"] = "fr"
    html = client.get(page(self_drawn="on", **TICKS), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Compter par fans" in html and "Tout pungs" in html and 'class="big">16<' in html


@pytest.mark.parametrize("fields", [
    {"self_drawn": "on", **TICKS},
    {"discarder": "W", **TICKS},
    {"fan_76": "on", "flowers": "2"},
    {"fan_1": "on", "fan_48": "on"},
    {"flowers": "3"},
    {"hand": "234m 567p 22s [EEE] [789p] +2s", **TICKS},
    {"fan_73": "0", "fan_48": "false"},  # nothing ticked: no score, no message
])
def test_the_phone_reads_the_ticks_as_the_server_does(client, fields):
    query = page(**fields)
    response = client.get(query, **HTMX)
    form = response.context["form"]
    phone = reading.read(parse_qsl(query.split("?", 1)[1]), django_lang())
    assert phone is not None
    assert phone.result == form.result
    assert bool(phone.hand_errors) == bool(form.errors.get("hand"))
    served = response.get("HX-Replace-Url", "")
    assert (f"/?{phone.permalink}" if phone.permalink else "") == served


def test_a_count_the_phone_cannot_read_goes_to_the_server():
    assert reading.read([("variant", "mcr"), ("fan_73", "9")], django_lang()) is None
    assert reading.read([("variant", "mcr"), ("flowers", "x")], django_lang()) is None
