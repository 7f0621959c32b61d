"""The scoring page's hand, added to a table: who won and whose discard it was come chosen from
the scorer (its seat wind and discarder; issue 30), the players may change them, and who pays
whom follows each change of those choices: a preview
fragment under htmx, the whole page without JavaScript. A discarder who is the winner is refused
in words."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
QUERY = "variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S"


@pytest.fixture
def table():
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def address(table):
    return reverse("table-from-scorer", args=[table.edit_token])


def preview(client, table, **choices):
    return client.post(address(table), {"q": QUERY, "action": "preview", **choices}, **HTMX)


def test_the_page_comes_with_the_scorers_choices_and_who_pays(client, table):
    # The scorer said South won on the discard of the seat before (East, the engine's default):
    # at hand 1 of this table, Bob on Ann's discard.
    text = client.get(address(table) + "?" + QUERY).content.decode()
    assert text.count(" selected") == 2
    assert '<option value="1" selected>' in text and '<option value="0" selected>' in text
    assert "Ann → Bob <strong>5 points</strong>" in text and not TableHand.objects.exists()


def test_the_page_chooses_nobody_where_the_scorers_seat_is_not_in_play(client):
    three = Table.objects.create(name="Three", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy"])
    query = QUERY.replace("seat_wind=S", "seat_wind=N")
    text = client.get(address(three) + "?" + query).content.decode()
    assert text.count('value="" selected') == 2
    assert "Choose who won and whose discard it was" in text


def test_adding_without_a_choice_is_refused_with_words(client, table):
    response = client.post(address(table), {"q": QUERY, "action": "add"})
    text = response.content.decode()
    assert response.status_code == 200 and not TableHand.objects.exists()
    assert "Choose who won." in text and "Choose whose discard it was, or self-drawn." in text


def test_the_preview_under_htmx_is_the_money_for_the_choices(client, table):
    # Bob (South) on Ann's (East's) discard: 5 fans, Ann pays 5.
    text = preview(client, table, winner=1, source=0).content.decode()
    assert text.startswith('<div id="preview"') and "<html" not in text
    assert "Ann → Bob <strong>5 points</strong>" in text
    # Self-drawn instead: each other player pays 5.
    text = preview(client, table, winner=1, source="self").content.decode()
    assert text.count("→ Bob <strong>5 points</strong>") == 3
    # Di (North) on Cy's discard: the East round's pung counts for every seat, 5 again.
    text = preview(client, table, winner=3, source=2).content.decode()
    assert "Cy → Di <strong>5 points</strong>" in text and "Bob" not in text
    assert not TableHand.objects.exists()


def test_the_preview_waits_for_both_choices(client, table):
    text = preview(client, table, winner=1).content.decode()
    assert "Choose who won and whose discard it was" in text and "→" not in text


def test_a_discarder_who_is_the_winner_is_refused(client, table):
    text = preview(client, table, winner=1, source=1).content.decode()
    assert "The winner cannot have discarded the winning tile" in text and "→" not in text
    response = client.post(address(table), {"q": QUERY, "winner": 1, "source": 1,
                                             "action": "add"})
    assert "The winner cannot have discarded the winning tile" in response.content.decode()
    assert not TableHand.objects.exists()


def test_without_javascript_the_preview_is_the_whole_page_with_the_choices_kept(client, table):
    response = client.post(address(table), {"q": QUERY, "winner": 1, "source": 0,
                                             "action": "preview"})
    text = response.content.decode()
    assert "<html" in text and "Ann → Bob <strong>5 points</strong>" in text
    assert '<option value="1" selected>' in text and '<option value="0" selected>' in text
    assert not TableHand.objects.exists()


def test_the_form_sends_its_choices_at_each_change(client, table):
    text = client.get(address(table) + "?" + QUERY).content.decode()
    assert 'hx-trigger="change"' in text and '"action": "preview"' in text
    assert 'name="action" value="preview" formnovalidate' in text  # the button without JS


def test_adding_saves_the_hand_as_chosen(client, table):
    response = client.post(address(table), {"q": QUERY, "winner": 1, "source": 0,
                                             "action": "add"})
    assert response.status_code == 302
    assert [str(x) for x in table.totals()] == ["-5", "5", "0", "0"]


def test_a_hand_the_table_refuses_comes_back_with_its_tiles_and_choices(client):
    """A red five at a Riichi table that plays none: the engine's words name the tile, and the
    page keeps what the scorer sent (its tiles drawn, its link in the form, South on East's
    discard chosen), before and after a post; there is nothing to add."""
    plain = Table.objects.create(name="Plain", variant="riichi", rules={"aka_dora": 0},
                                 players=["Ann", "Bob", "Cy", "Di"])
    query = "variant=riichi&hand=234m506p22s%5B345s%5D%5B789p%5D%2B2s&seat_wind=S"
    refused = "0p (red five of circles) is not played in this variant: write it 5p."
    for response in (client.get(address(plain) + "?" + query),
                     client.post(address(plain), {"q": query, "winner": 1, "source": 0,
                                                  "action": "add"})):
        text = response.content.decode()
        assert response.status_code == 200 and refused in text
        assert '<div class="hand decomposition">' in text
        assert text.count('title="5p"') == 2  # 506p drawn, its red five among them
        assert f'<input type="hidden" name="q" value="{escape(query)}">' in text
        assert '<option value="1" selected>' in text and '<option value="0" selected>' in text
        assert "Add to the table" not in text
    assert not TableHand.objects.exists()
