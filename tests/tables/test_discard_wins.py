"""Sichuan quick entry: one discard may make several winners, each with its fans, each paid by the
discarder on its own (the engine's deal settles them). Sichuan money: points = 2**fans, fans capped
by fan_cap (3 by default: 8 points at most); a win on a discard is paid by the discarder alone.
Players Ann, Bob, Cy, Di sit East, South, West, North; Ann deals hand 1."""

import pytest

from scoring.engine.errors import HandError
from scoring.tables import game
from scoring.tables.models import Table

pytestmark = pytest.mark.django_db
ANN, BOB, CY, DI = range(4)


@pytest.fixture
def table():
    return Table.objects.create(name="Bloody", variant="sichuan", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def post(client, table, data, **headers):
    return client.post(f"/tables/e/{table.edit_token}/win", data, headers=headers)


def totals(table):
    return [str(x) for x in table.totals()]


def test_two_winners_on_one_discard_each_paid_by_the_discarder(client, table):
    # Bob wins with 2 fans (4 points), Di with 1 fan (2 points), both on Ann's discard.
    response = post(client, table, {"winners": ["1", "3"], "source": "0", "fans_1": "2",
                                    "fans_3": "1"})
    assert response.status_code == 302
    hand = table.hands.get()
    assert totals(table) == ["-6", "4", "0", "2"]
    assert sorted(hand.transfers) == [[ANN, BOB, "4"], [ANN, DI, "2"]]
    assert hand.detail["winners"] == [BOB, DI] and hand.winner == BOB
    assert hand.discarder == ANN and hand.detail["source"] == "quick"


def test_three_winners_and_the_fan_cap(client, table):
    # 5 fans are entered as the cap allows them: 3 fans, 8 points; 0 fans is 1 point.
    response = post(client, table, {"winners": ["0", "1", "2"], "source": "3", "fans_0": "3",
                                    "fans_1": "0", "fans_2": "1"})
    assert response.status_code == 302
    assert totals(table) == ["8", "1", "2", "-11"]


def test_winners_are_taken_in_turn_after_the_discarder_the_first_one_deals_next(table):
    # Cy discards; Ann and Di win on it. After Cy come Di, then Ann: Di is the first winner.
    hand = table.add_hand(lambda pos: game.quick_discard(
        "sichuan", {}, pos, game.DiscardWinsEntry(wins=((ANN, 1), (DI, 2)), discarder=CY),
        table.players))
    assert hand.detail["winners"] == [DI, ANN] and hand.winner == DI
    assert totals(table) == ["2", "0", "-6", "4"]
    assert table.position().dealer == DI


def test_a_discarder_who_has_won_and_left_the_hand_is_refused_by_name(client, table):
    response = post(client, table, {"winners": ["1", "2"], "source": "2", "fans_1": "1",
                                    "fans_2": "1"}, HX_Request="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Cy has already won and left the hand, so Cy cannot have discarded the winning tile" \
        in html
    assert table.hands.count() == 0


def test_tables_refuses_it_too_naming_the_player(table):
    with pytest.raises(HandError, match="Bob has already won and left the hand"):
        game.quick_discard("sichuan", {}, game.start(4),
                           game.DiscardWinsEntry(wins=((BOB, 1), (CY, 1)), discarder=BOB),
                           table.players)


def test_a_self_drawn_tile_has_one_winner(client, table):
    response = post(client, table, {"winners": ["1", "2"], "source": "self", "fans_1": "1",
                                    "fans_2": "1"})
    assert "A self-drawn tile has one winner" in response.content.decode()
    assert table.hands.count() == 0
    # One winner self-drawn: 2 fans, 4 points + 1 (self-drawn) from each of the three others.
    post(client, table, {"winners": ["2"], "source": "self", "fans_2": "2"})
    assert totals(table) == ["-5", "-5", "15", "-5"]


def test_each_winner_needs_its_fans_and_someone_must_win(client, table):
    html = post(client, table, {"winners": ["1", "3"], "source": "0", "fans_1": "2"})
    assert "How many fans for Di?" in html.content.decode()
    html = post(client, table, {"source": "0"})
    assert "Choose who won: type each winner&#x27;s fans." in html.content.decode()
    html = post(client, table, {"winners": ["1"], "source": "0", "fans_1": "4"})
    assert "At most 3 fan at this table" in html.content.decode()
    assert table.hands.count() == 0


def test_the_board_offers_checkboxes_and_names_every_winner(client, table):
    html = client.get(f"/tables/e/{table.edit_token}/").content.decode()
    assert html.count('type="checkbox" name="winners"') == 4
    assert 'name="fans_3"' in html
    post(client, table, {"winners": ["1", "3"], "source": "0", "fans_1": "2", "fans_3": "1"})
    html = " ".join(client.get(f"/tables/{table.view_token}/").content.decode().split())
    assert "<strong>Bob</strong>, <strong>Di</strong> win on Ann's discard" in html
    assert "S wins on E&#x27;s discard: 2 fans (entered), 4 points" in html  # the engine's words


def test_editing_the_hand_shows_its_winners_and_can_change_them(client, table):
    post(client, table, {"winners": ["1", "3"], "source": "0", "fans_1": "2", "fans_3": "1"})
    hand = table.hands.get()
    page = client.get(f"/tables/e/{table.edit_token}/hands/{hand.pk}/").content.decode()
    assert page.count("checked") == 2  # Bob and Di
    assert 'name="fans_1" value="2"' in page
    client.post(f"/tables/e/{table.edit_token}/hands/{hand.pk}/",
                {"winners": ["1", "2", "3"], "source": "0", "fans_1": "2", "fans_2": "3",
                 "fans_3": "1", "version": str(hand.version), "action": "win"})
    assert totals(table) == ["-14", "4", "8", "2"]


def test_other_variants_keep_one_winner(client):
    table = Table.objects.create(variant="hongkong", players=["Ann", "Bob", "Cy", "Di"])
    html = client.get(f"/tables/e/{table.edit_token}/").content.decode()
    assert 'name="winners"' not in html and 'name="winner"' in html
    with pytest.raises(HandError, match="one winner per hand"):
        game.quick_discard("hongkong", {}, game.start(4),
                           game.DiscardWinsEntry(wins=((BOB, 3), (CY, 3)), discarder=ANN))


def test_a_single_winner_posted_as_before_is_the_same_win(client, table):
    # winner/total, as the one-winner form names them (a page loaded before, a script).
    response = post(client, table, {"winner": "1", "source": "0", "total": "2"})
    assert response.status_code == 302
    assert totals(table) == ["-4", "4", "0", "0"]


def test_fans_typed_without_ticking_the_boxes_are_those_players_wins(client, table):
    # Bob 2 fans (4 points), Di 1 fan (2 points) on Ann's discard, no box ticked: the same win
    # as with both boxes ticked.
    response = post(client, table, {"source": "0", "fans_1": "2", "fans_3": "1"})
    assert response.status_code == 302
    assert totals(table) == ["-6", "4", "0", "2"]
    assert table.hands.get().detail["winners"] == [BOB, DI]


def test_a_box_ticked_and_fans_typed_for_another_are_both_winners(client, table):
    post(client, table, {"winners": ["1"], "source": "0", "fans_1": "2", "fans_3": "1"})
    assert totals(table) == ["-6", "4", "0", "2"]


def test_a_refused_entry_keeps_every_fan_typed_and_ticks_their_boxes(client, table):
    # Self-drawn with two winners typed: refused, saying why, everything kept as typed.
    response = post(client, table, {"source": "self", "fans_1": "2", "fans_3": "1"},
                    HX_Request="true")
    html = response.content.decode()
    assert response.status_code == 200 and table.hands.count() == 0
    assert "A self-drawn tile has one winner" in html
    assert 'name="fans_1" value="2"' in html and 'name="fans_3" value="1"' in html
    assert html.count('name="winners" value="1"') == 1
    checked = [part.split('value="')[1][0] for part in html.split('<input type="checkbox"')[1:]
               if "checked" in part.split(">")[0] and 'name="winners"' in part.split(">")[0]]
    assert checked == ["1", "3"]


def test_the_phone_reads_typed_fans_as_the_server_does():
    from scoring.tables.pending import Pairs, read

    entry = read("win", Pairs([("source", "0"), ("fans_1", "2"), ("fans_3", "1")]), "sichuan",
                 game.start(4), ["Ann", "Bob", "Cy", "Di"])
    assert entry == game.DiscardWinsEntry(wins=((BOB, 2), (DI, 1)), discarder=ANN)
    with pytest.raises(HandError, match="Choose who won: type each winner's fans."):
        read("win", Pairs([("source", "0"), ("fans_1", " ")]), "sichuan", game.start(4),
             ["Ann", "Bob", "Cy", "Di"])
