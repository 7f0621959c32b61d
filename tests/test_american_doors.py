"""The table's American card through the doors a player uses: the scoring page (the card pasted
once, kept on the phone, never in the cookie; a fault shown next to it), its permalink, a table
that keeps its card, and `score american HAND --card FILE`.

Totals are worked out from spec/rules-american.md, not copied from the engine.
"""

import io
import json
from urllib.parse import urlencode

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from scoring.engine.variants.american import demo_card
from scoring.tables.models import Table

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


def seventy_line_card() -> str:
    """A card of 70 hands in sections, as a table types it in (a browser sends CR LF); the last
    section holds the one winds hand the tests play, `w1 35 X : NNNN EEE WWW SSSS`."""
    rows = ["# Our table's card, typed in from this year's card"]
    for section in range(1, 8):
        rows.append(f"[Section {section}]")
        for n in range(1, 11):
            rank = 1 + (section + n) % 7
            rows.append(f"s{section}n{n} {20 + 5 * (n % 4)} X : {rank}{rank}{rank}a "
                        f"{rank + 1}{rank + 1}{rank + 1}{rank + 1}b {rank + 2}{rank + 2}c "
                        f"{rank}{rank}{rank}c FF")
    rows[-1] = "w1 35 X : NNNN EEE WWW SSSS"
    return "\r\n".join(rows)


CARD = seventy_line_card()
WINDS = "NNNN EEE WWW SSSS"
# w1 is worth 35; no joker, not sp: the jokerless bonus doubles it, 70 points. Won on the discard
# of North (the seat before East): North pays 2 x 70 = 140, South and West 70 each; East +280.
WINDS_NET = {"E": 280, "S": -70, "W": -70, "N": -140}


def page(client, hand, card, **extra):
    query = {"variant": "american", "hand": hand, "american-card": card}
    return client.get("/?" + urlencode(query), **extra)


def test_the_test_card_has_70_hands():
    assert sum(":" in row for row in CARD.splitlines()) == 70


# The scoring page ------------------------------------------------------------------------------

def test_the_card_field_is_a_textarea_that_says_it_is_kept_on_this_phone(client):
    html = client.get("/?variant=american").content.decode()
    assert '<textarea name="american-card"' in html and 'rows="8"' in html
    assert "kept on this phone" in html and 'aria-describedby="error-american-card"' in html


def test_a_pasted_card_scores_and_stays_out_of_the_cookie(client):
    response = page(client, WINDS, CARD)
    result = response.context["result"]
    assert (result["patterns"][0]["id"], result["total"], result["points"]) == ("w1", 35, 70)
    assert result["payments"]["net"] == WINDS_NET
    remembered = json.loads(response.cookies["house_rules"].value)
    # The other house rules are remembered; the 3 KB card is not (scorer.js keeps it instead).
    assert remembered["american"] == {"jokerless_bonus": True, "jackpot": 100, "base_value": 25,
                                      "self_drawn_bonus": 20}
    assert len(response.cookies["house_rules"].OutputString()) < 400


def test_a_named_card_is_still_remembered_in_the_cookie(client):
    # The temporary table: a concealed self-drawn hand is the jackpot, 100 in all.
    response = client.get("/?" + urlencode({
        "variant": "american", "hand": "111m 222p 333s 111z 22z", "american-card": "temporary",
        "self_drawn": "on"}))
    assert response.context["result"]["total"] == 100
    remembered = json.loads(response.cookies["house_rules"].value)
    assert remembered["american"]["card"] == "temporary"
    # The next visit without a query opens on the remembered temporary table.
    html = client.get("/?variant=american").content.decode()
    assert ">\ntemporary</textarea>" in html


BAD_CARD = "[Ours]\r\nw1 35 X : NNNN EEE WWW SSSS\r\nw2 30 X : NNNN EEE WWW SSSSm\r\n"


def test_a_bad_card_is_a_200_fragment_next_to_the_card_field(client):
    response = page(client, WINDS, BAD_CARD, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert response.context["result"] is None
    card_error = html.split('id="error-american-card"')[1].split("</span>")[0]
    assert 'hx-swap-oob="true"' in card_error and 'data-code="bad_card"' in card_error
    assert "Card line 3" in card_error  # the line that reads 'w2 30 X : ... SSSSm'
    hand_error = html.split('id="hand-error"')[1].split("</div>")[0]
    assert "bad_card" not in hand_error


def test_a_bad_card_on_the_full_page_keeps_everything_entered_and_opens_the_rules(client):
    response = client.get("/?" + urlencode({
        "variant": "american", "hand": WINDS, "american-card": BAD_CARD, "self_drawn": "on",
        "american-jackpot": "90"}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Card line 3" in html and '<details class="rules" data-variant="american" open>' in html
    assert f'value="{WINDS}"' in html
    assert 'name="self_drawn" aria-describedby="context-error" id="id_self_drawn" checked' in html
    assert "w2 30 X : NNNN EEE WWW SSSSm\r\n</textarea>" in html and 'value="90"' in html
    assert "see the message in the house rules" in html
    assert "house_rules" not in response.cookies


def test_a_pasted_card_never_travels_in_the_permalink(client):
    # A card can be 20,000 characters: links would break (414) and leak it. The phone keeps it
    # (scorer.js); the link carries everything else.
    first = page(client, WINDS, CARD)
    permalink = first.context["permalink"]
    assert "american-card=" not in permalink and "w1+35" not in permalink
    assert "hand=NNNN+EEE+WWW+SSSS" in permalink


def test_the_form_posts_the_card_and_htmx_shows_the_permalink_without_it(client):
    body = {"variant": "american", "hand": WINDS, "american-card": CARD}
    response = client.post("/", body, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.context["result"]["patterns"][0]["id"] == "w1"
    shown = response["HX-Replace-Url"]
    assert shown.startswith("/?variant=american&hand=") and "card" not in shown


@pytest.mark.parametrize("lines, code", [
    (190, None),  # long but within the card's limits: scores
    (700, "bad_card"),  # over the limits: the card is refused, not the page
], ids=["long-card", "too-long-card"])
def test_a_very_long_query_is_answered_not_a_500(client, lines, code):
    card = "\n".join(f"l{i} 25 X : NNNN EEE WWW SSSS" for i in range(lines))
    response = page(client, WINDS, card, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    if code:
        assert f'data-code="{code}"' in html and "at most 200 lines" in html
    else:
        assert response.context["result"]["total"] == 25  # l0, and the 189 lines like it


def test_the_pattern_librarys_links_name_the_demo_card_they_come_from(client):
    # Without it, a card kept on the phone would take the demo's place and the example would miss.
    html = client.get("/patterns/american/").content.decode()
    assert html.count("american-card=demo") == len(demo_card().lines)  # one link per line


# Tables ---------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_a_table_opened_with_a_pasted_card_keeps_it_and_scores_with_it(client):
    response = client.post(reverse("table-new"), {
        "variant": "american", "name": "Tuesday", **NAMES, "american-card": CARD,
        "american-jokerless_bonus": "1", "american-jackpot": "100", "american-base_value": "25",
        "american-self_drawn_bonus": "20"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.rules["card"] == CARD
    # The table's scorer link carries the card; a hand scored from it matches the card's w1.
    edit = client.get(reverse("table-edit", args=[table.edit_token]))
    scorer = edit.context["scorer"]
    result = client.get(scorer + "&" + urlencode({"hand": WINDS})).context["result"]
    assert (result["patterns"][0]["id"], result["points"]) == ("w1", 70)
    # Added to the table: scored again with the table's own card, East wins 280 from the three.
    query = urlencode({"variant": "american", "hand": WINDS, "american-card": CARD})
    added = client.post(reverse("table-from-scorer", args=[table.edit_token]),
                        {"q": query, "winner": 0, "source": 3})
    assert added.status_code == 302
    assert [str(x) for x in table.totals()] == ["280", "-70", "-70", "-140"]


@pytest.mark.django_db
def test_a_table_with_a_bad_card_is_refused_naming_the_line(client):
    response = client.post(reverse("table-new"), {"variant": "american", **NAMES,
                                                  "american-card": BAD_CARD})
    assert response.status_code == 200
    assert "Card line 3" in response.content.decode()
    assert not Table.objects.exists()


# The command line ------------------------------------------------------------------------------

def test_the_command_line_reads_the_card_from_a_file(tmp_path):
    path = tmp_path / "our.card"
    path.write_text(CARD, encoding="utf-8")
    out = io.StringIO()
    call_command("score", "american", WINDS, "--card", str(path), "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert (result["patterns"][0]["id"], result["total"], result["points"]) == ("w1", 35, 70)
    assert result["card"] == {"name": "table", "lines": 70}
    assert result["payments"]["net"] == WINDS_NET


def test_the_command_line_breakdown_names_the_cards_line(tmp_path):
    path = tmp_path / "our.card"
    path.write_text(CARD, encoding="utf-8")
    out = io.StringIO()
    call_command("score", "american", WINDS, "--card", str(path), stdout=out)
    assert "w1" in out.getvalue() and "N pays E 140" in out.getvalue()


def test_a_missing_card_file_is_a_plain_command_error(tmp_path):
    with pytest.raises(CommandError, match="cannot read the card file"):
        call_command("score", "american", WINDS, "--card", str(tmp_path / "none.card"))


@pytest.mark.parametrize("door", ["score", "analyse"])
def test_a_red_five_is_refused_naming_it_not_matched_against_the_card(door):
    # An American set has no red fives: 0p is refused as Shanghai refuses it, not read as 5p and
    # then reported as "no line of the card".
    from scoring.engine import api
    hand = "0p0p0p 222m 444m 666s 88s +8s" if door == "score" else "0p0p0p 222m 444m 666s 8s"
    result = getattr(api, door)({"variant": "american", "hand": hand})
    assert result["error"]["code"] == "tile_not_in_variant"
    assert "0p (red five of circles)" in result["error"]["message"]
    assert "write it 5p" in result["error"]["message"]
