"""A Riichi table's pages: the drawn-hand form asks who was ready and who declared riichi, the
scorer's hand asks who declared riichi; the board shows the sticks on the table and each hand's;
the settle-up shows the sticks each paid in and gives the sticks left to the first. Bad input
comes back as the form's error, the boxes as they were ticked, and nothing is saved.

Ann, Bob, Cy and Di sit down East, South, West and North; Ann deals first."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
ANN, BOB, CY, DI = range(4)
PINFU = "234m 567p 345s 678s 11m +3s"


@pytest.fixture
def table():
    return Table.objects.create(name="Club", variant="riichi", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def board(client, table):
    return client.get(reverse("table-edit", args=[table.edit_token])).content.decode()


def draw(client, table, ready=(), riichi=(), **extra):
    return client.post(reverse("table-draw", args=[table.edit_token]),
                       {"draw-ready": list(ready), "draw-riichi": list(riichi)}, **extra)


def scorer_query(hand=PINFU, **context):
    return urlencode({"variant": "riichi", "hand": hand, **context})


def from_scorer(client, table, winner, source, riichi=(), query=None, action="add", **extra):
    return client.post(reverse("table-from-scorer", args=[table.edit_token]),
                       {"q": query or scorer_query(), "winner": winner, "source": source,
                        "riichi": list(riichi), "action": action}, **extra)


def totals(table):
    return [int(x) for x in table.totals()]


def test_the_drawn_hand_form_asks_who_was_ready_and_who_declared_riichi(client, table):
    page = board(client, table)
    assert 'data-boxes="ready"' in page and 'data-boxes="riichi"' in page
    assert page.count('name="draw-ready"') == 4 and page.count('name="draw-riichi"') == 4
    assert 'data-sticks="0"' in page and "0 riichi sticks on the table" in page


def test_a_draw_with_a_ready_dealer_in_riichi(client, table):
    # Ann (dealer) in riichi and alone ready: Bob, Cy, Di pay her 1,000 each; her stick goes on
    # the table. Ann +2,000, the others -1,000. She keeps the deal, 1 honba, 1 stick.
    response = draw(client, table, ready=[ANN], riichi=[ANN])
    assert response.status_code == 302
    assert totals(table) == [2000, -1000, -1000, -1000]
    position = table.position()
    assert (position.dealer, position.honba, position.riichi_sticks) == (ANN, 1, 1)
    page = board(client, table)
    assert "Drawn hand. Ready (tenpai): Ann." in page
    assert "Riichi: Ann, a stick each on the table." in page
    assert "1 riichi stick stays on the table." in page
    assert 'data-sticks="1"' in page and "1 riichi stick on the table" in page


def test_nobody_ready_passes_the_deal(client, table):
    draw(client, table)
    assert totals(table) == [0, 0, 0, 0]
    assert (table.position().dealer, table.position().honba) == (BOB, 1)
    assert "Drawn hand: nobody was ready, nobody pays." in board(client, table)


@pytest.mark.parametrize("extra", [{}, HTMX], ids=["page", "htmx"])
def test_a_player_in_riichi_not_ticked_ready_is_refused_with_the_boxes_kept(client, table,
                                                                              extra):
    response = draw(client, table, ready=[ANN], riichi=[ANN, CY], **extra)
    text = response.content.decode()
    assert response.status_code == 200 and not TableHand.objects.exists()
    assert "A player in riichi is ready: tick Cy as ready too" in text
    assert text.count("checked") == 3  # Ann ready; Ann and Cy in riichi
    if extra:
        assert text.startswith('<section id="record"')


def test_a_player_out_of_range_is_refused_in_words(client, table):
    response = draw(client, table, ready=[9])
    assert response.status_code == 200 and not TableHand.objects.exists()
    assert "Select a valid choice" in response.content.decode()


def test_the_scorers_hand_asks_who_declared_riichi_and_previews_the_sticks(client, table):
    draw(client, table, ready=[ANN], riichi=[ANN])  # 1 stick on the table, 1 honba
    address = reverse("table-from-scorer", args=[table.edit_token]) + "?" + scorer_query()
    page = client.get(address).content.decode()
    assert page.count('name="riichi"') == 4 and 'data-boxes="riichi"' in page
    # Bob and Di in riichi, Bob wins on Di's discard: riichi and pinfu, 2,000 + 300 (1 honba)
    # from Di; their two sticks in, the three on the table to Bob.
    text = from_scorer(client, table, BOB, DI, riichi=[BOB, DI], action="preview",
                       **HTMX).content.decode()
    assert "Di → Bob <strong>2300 points</strong>" in text
    assert "480 points" in text  # the basic points, written out (not 4.8E+2)
    assert "Bob → riichi sticks on the table <strong>1000 points</strong>" in text
    assert "Di → riichi sticks on the table <strong>1000 points</strong>" in text
    assert "riichi sticks on the table → Bob <strong>3000 points</strong>" in text
    assert "1 riichi stick was on the table before this hand." in text
    assert not TableHand.objects.filter(kind="win").exists()
    assert from_scorer(client, table, BOB, DI, riichi=[BOB, DI]).status_code == 302
    # Ann +2,000 from the draw; Bob -1,000 + 4,300; Di -1,000 - 3,300.
    assert totals(table) == [2000, 3300, -1000, -4300]
    assert table.position().riichi_sticks == 0
    win = table.last_hand()
    assert win.total == 2 and win.detail["riichi"] == [BOB, DI]
    assert "Bob takes the 3 riichi sticks (3000)." in board(client, table)


def test_a_hand_scored_with_riichi_needs_the_winners_box(client, table):
    query = scorer_query(riichi="on", riichi_sticks=1)
    response = from_scorer(client, table, BOB, DI, riichi=[DI], query=query)
    text = response.content.decode()
    assert response.status_code == 200 and not TableHand.objects.exists()
    assert "The hand was scored with riichi, so Bob declared it: tick Bob too." in text
    assert text.count("checked") == 1  # Di's box, as ticked
    assert from_scorer(client, table, BOB, DI, riichi=[BOB, DI], query=query).status_code == 302
    # Riichi and pinfu, 2,000 from Di; both sticks to Bob: Bob +2,000 - 1,000 + 2,000.
    assert totals(table) == [0, 3000, 0, -3000]


def test_the_scorers_dora_indicators_reach_the_table(client, table):
    # Indicator 1m: the dora is 2m, one in the hand. Pinfu and dora: 2 han 30 fu, 2,000.
    query = scorer_query(dora_indicators="1m")
    assert from_scorer(client, table, BOB, ANN, query=query).status_code == 302
    hand = table.last_hand()
    assert hand.total == 2 and [p["id"] for p in hand.detail["patterns"]] == ["pinfu", "dora"]
    assert totals(table) == [-2000, 2000, 0, 0]


def test_an_earlier_hand_edited_moves_the_sticks_of_the_later_ones(client, table):
    # Hand 1: a draw, Ann in riichi and ready. Hand 2: Bob wins pinfu on Ann's discard (1 honba:
    # 1,000 + 300) and takes Ann's stick.
    draw(client, table, ready=[ANN], riichi=[ANN])
    from_scorer(client, table, BOB, ANN)
    assert totals(table) == [2000 - 1300, -1000 + 1300 + 1000, -1000, -1000]
    # Hand 1 edited: Cy was in riichi too (and ready): 1,500 from Bob and Di to each of Ann and
    # Cy, two sticks; Bob's win now takes both.
    first = table.hands.get(number=1)
    response = client.post(reverse("table-hand", args=[table.edit_token, first.pk]), {
        "action": "draw", "version": first.version, "draw-ready": [ANN, CY],
        "draw-riichi": [ANN, CY]})
    assert response.status_code == 302
    assert totals(table) == [1500 - 1000 - 1300, -1500 + 1300 + 2000, 1500 - 1000, -1500]
    assert table.position().riichi_sticks == 0


def test_the_edit_page_shows_a_draws_boxes_as_they_were(client, table):
    draw(client, table, ready=[ANN, CY], riichi=[CY])
    hand = table.last_hand()
    page = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content.decode()
    assert page.count("checked") == 3 and 'name="draw-ready"' in page


def test_the_settle_up_shows_the_sticks_paid_and_gives_the_sticks_left_to_the_first(client,
                                                                                      table):
    # Hand 1: a draw, Ann in riichi and alone ready: Ann +2,000, the others -1,000 (1 stick).
    # Hand 2: Bob wins pinfu on Ann's discard, 1,000 + 300 for the honba, and takes the stick:
    # Ann +700, Bob +1,300, Cy and Di -1,000. Hand 3 (Bob deals): a draw, Cy and Di in riichi
    # and ready: Ann and Bob pay 1,500 each, Cy and Di get 1,500 each less their stick.
    # Totals: Ann -800, Bob -200, Cy -500, Di -500: -2,000, the two sticks left on the table.
    draw(client, table, ready=[ANN], riichi=[ANN])
    from_scorer(client, table, BOB, ANN)
    draw(client, table, ready=[CY, DI], riichi=[CY, DI])
    assert totals(table) == [-800, -200, -500, -500]
    assert table.position().riichi_sticks == 2
    # The two sticks go to the first, Bob: the nets settled are -800, +1,800, -500, -500.
    page = client.get(reverse("table-settle", args=[table.view_token])).content.decode()
    assert "2 riichi sticks were left on the table at the end: their 2000 goes to Bob" in page
    assert "Riichi sticks paid in" in page
    paid = page.split("Riichi sticks paid in")[1]
    assert [paid.count(f'data-sticks="{n}"') for n in (0, 1)] == [1, 3]
    net = page.split('class="net settle-net"')[1].split("</table>")[0]
    assert [x in net for x in (">-800<", ">+1800<", ">-500<")] == [True] * 3
    # Final points 24,200, 26,800, 24,500, 24,500: Bob first (-3.2 + 20 + 20 = 36.8), Cy and Di
    # tie (Cy sat down first: -5.5 + 10 = 4.5; Di -5.5 - 10 = -15.5), Ann last (-5.8 - 20).
    standings = page.split('settle-net hanchan-end"')[1]
    assert [x in standings for x in ("36.8", "4.5", "-15.5", "-25.8")] == [True] * 4
    csv = client.get(reverse("table-csv", args=[table.view_token])).content.decode()
    assert ",riichi sticks left,Bob,2000" in csv


def test_other_variants_draw_as_before(client):
    table = Table.objects.create(name="HK", variant="hongkong", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    page = board(client, table)
    assert "draw-ready" not in page and "riichi stick" not in page
    assert draw(client, table).status_code == 302
    assert totals(table) == [0, 0, 0, 0] and "Drawn hand: nobody pays." in board(client, table)


def test_riichi_ticked_for_an_open_hands_winner_is_the_engines_refusal_in_words(client, table):
    query = scorer_query(hand="[234m] 567p 345s 678s 11m +3s")
    response = from_scorer(client, table, BOB, DI, riichi=[BOB], query=query)
    text = response.content.decode()
    assert response.status_code == 200 and not TableHand.objects.exists()
    assert "riichi is declared on a concealed hand" in text and text.count("checked") == 1
