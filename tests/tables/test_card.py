"""A table keeps its American card (a pasted one too), so its links carry the table, not the
card: the board's link to the scorer, a hand's "score" link and the scorer's "add to table" link
name no card, and each scores with the table's card."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
CARD = "# Our card\r\nw1 35 X : NNNN EEE WWW SSSS\r\nl2 25 X : 111a 2222b 33c 111c FF"
WINDS = "NNNN EEE WWW SSSS"


@pytest.fixture
def table():
    return Table.objects.create(name="Tuesday", variant="american", rules={"card": CARD},
                                players=["Ann", "Bob", "Cy", "Di"])


def test_the_boards_links_carry_no_card(client, table):
    page = client.get(reverse("table-edit", args=[table.edit_token]))
    text = page.content.decode()
    assert "NNNN" not in text and "american-card" not in text
    scorer = page.context["scorer"]
    assert scorer.startswith(reverse("table-score", args=[table.view_token]) + "?")


def test_the_tables_scorer_link_scores_with_the_tables_card(client, table):
    scorer = client.get(reverse("table-edit", args=[table.edit_token])).context["scorer"]
    response = client.get(scorer + "&" + urlencode({"hand": WINDS}))
    result = response.context["result"]
    assert (result["patterns"][0]["id"], result["points"]) == ("w1", 70)
    # The page holds the card in its form (which posts it), for the next hand.
    assert "w1 35 X : NNNN EEE WWW SSSS" in response.content.decode()
    assert response["Cache-Control"] == "no-store"


def test_the_scorer_link_takes_the_tables_rules_over_the_links(client, table):
    query = urlencode({"variant": "american", "hand": WINDS, "american-card": "demo"})
    response = client.get(reverse("table-score", args=[table.view_token]) + "?" + query)
    assert response.context["result"]["points"] == 70  # not the demo card's refusal


def test_a_hand_added_from_a_link_without_the_card_is_scored_with_the_tables_card(client, table):
    # The scorer's permalink leaves a pasted card out; the table brings its own.
    query = urlencode({"variant": "american", "hand": WINDS})
    confirm = client.get(reverse("table-from-scorer", args=[table.edit_token]) + "?" + query)
    assert confirm.status_code == 200 and "has no valid hand" not in confirm.content.decode()
    added = client.post(reverse("table-from-scorer", args=[table.edit_token]),
                        {"q": query, "winner": 0, "source": 3})
    assert added.status_code == 302
    # w1 35, jokerless x2 = 70; won on North's discard: North pays 140, the others 70.
    assert [str(x) for x in table.totals()] == ["280", "-70", "-70", "-140"]
    hand = TableHand.objects.get()
    assert "american-card" not in hand.detail["query"]
    board = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    link = reverse("table-score", args=[table.view_token]) + "?" + hand.detail["query"]
    assert f'href="{link.replace("&", "&amp;")}"' in board
    assert client.get(link).context["result"]["points"] == 70


def test_the_scorers_add_to_table_link_carries_no_card(client, table):
    client.get(reverse("table-edit", args=[table.edit_token]))  # the table's cookie
    response = client.post(reverse("index"), {"variant": "american", "hand": WINDS,
                                              "american-card": CARD}, **HTMX)
    text = response.content.decode()
    assert reverse("table-from-scorer", args=[table.edit_token]) in text
    assert "american-card" not in text.split("add-to-table")[-1]
