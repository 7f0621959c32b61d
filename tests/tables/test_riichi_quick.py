"""Riichi quick entry by han and fu (docs/rules-riichi.md, "At a table"): players who count their
own hand say "3 han 40 fu, ron from Bob" or "mangan"; the engine pays it (`Riichi.pay_han_fu`:
`basic_points`, then `transfers`) with the table's honba, and the winner takes the pot of riichi
sticks. A count no hand scores is refused, the form kept filled.

The amounts are worked by hand from the rules: basic points = fu x 2^(2 + han), limited; on a
discard 4 x basic (6 x for the dealer) rounded up to 100, + 300 per honba; self-drawn, the dealer
pays 2 x basic and the others 1 x (the dealer's own self-draw: 2 x from each), each rounded up
to 100, + 100 each per honba. Players A=0 (East, the first dealer), B=1 (South), C=2 (West),
D=3 (North)."""

from dataclasses import replace

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import (
    WinEntry,
    advance,
    net_of,
    outcome_of,
    quick_entry,
    quick_entry_fu,
    start,
    stick_transfers,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
SELF = None  # self-drawn: no discarder


def paid(han, fu, winner, discarder, rules=None, yakuman=0, position=None, riichi=()):
    """(each player's change from the payments, the recorded hand)."""
    recorded = quick_entry("riichi", rules or {}, position or start(4), WinEntry(
        winner=winner, discarder=discarder, self_drawn=discarder is SELF, total=han, fu=fu,
        yakuman=yakuman, riichi=riichi))
    return net_of(recorded.transfers, 4), recorded


@pytest.mark.parametrize("han, fu, winner, discarder, rules, net", [
    # 40 x 2^5 = 1,280; x 4 = 5,120 -> 5,200.
    (3, 40, B, A, {}, [-5200, 5200, 0, 0]),
    # Dealer self-drawn: 30 x 2^6 = 1,920; 2 x 1,920 = 3,840 -> 3,900 from each.
    (4, 30, A, SELF, {}, [11700, -3900, -3900, -3900]),
    # ... with kiriage, 4 han 30 fu is a mangan: 2,000 x 2 = 4,000 from each.
    (4, 30, A, SELF, {"kiriage": True}, [12000, -4000, -4000, -4000]),
    # Seven pairs: 25 x 2^4 = 400; on a discard x 4 = 1,600.
    (2, 25, C, D, {}, [0, 0, 1600, -1600]),
    # ... self-drawn: the dealer 800, the others 400.
    (2, 25, C, SELF, {}, [-800, -400, 1600, -400]),
    # Pinfu self-drawn: 20 x 2^4 = 320; the dealer 640 -> 700, the others 320 -> 400.
    (2, 20, D, SELF, {}, [-700, -400, -400, 1500]),
    # 1 han 30 fu on a discard: 30 x 2^3 = 240; x 4 = 960 -> 1,000; the dealer's: x 6 -> 1,500.
    (1, 30, B, C, {}, [0, 1000, -1000, 0]),
    (1, 30, A, C, {}, [1500, 0, -1500, 0]),
    # 3 han 70 fu: 70 x 2^5 = 2,240, above 2,000: a mangan, 8,000 from the discarder.
    (3, 70, B, A, {}, [-8000, 8000, 0, 0]),
    # 5 han, the fu left out: a mangan; the dealer's is 6 x 2,000 = 12,000.
    (5, None, A, B, {}, [12000, -12000, 0, 0]),
    # 6 han haneman self-drawn by a non-dealer: 3,000 x 2 from the dealer, 3,000 from each other.
    (6, None, B, SELF, {}, [-6000, 12000, -3000, -3000]),
    # 8 han baiman on a discard: 4 x 4,000.
    (8, 40, C, B, {}, [0, -16000, 16000, 0]),
    # 11 han sanbaiman on a discard: 4 x 6,000.
    (11, None, D, C, {}, [0, 0, -24000, 24000]),
    # 13 han of yaku and dora: kazoe yakuman, 4 x 8,000; with kazoe sanbaiman, 4 x 6,000.
    (13, None, B, A, {}, [-32000, 32000, 0, 0]),
    (13, None, B, A, {"kazoe": "sanbaiman"}, [-24000, 24000, 0, 0]),
], ids=["3han40fu-ron", "dealer-4han30fu-tsumo", "kiriage-mangan", "chiitoitsu-ron",
        "chiitoitsu-tsumo", "pinfu-tsumo", "1han30fu-ron", "dealer-1han30fu-ron",
        "3han70fu-mangan", "dealer-mangan", "haneman-tsumo", "baiman", "sanbaiman",
        "kazoe-yakuman", "kazoe-sanbaiman"])
def test_a_count_of_han_and_fu_is_paid_as_the_rules_say(han, fu, winner, discarder, rules, net):
    found, recorded = paid(han, fu, winner, discarder, rules)
    assert found == net
    assert recorded.total == han and recorded.detail["fu"] == fu


@pytest.mark.parametrize("times, winner, discarder, net", [
    (1, B, A, [-32000, 32000, 0, 0]),             # 4 x 8,000
    (1, A, SELF, [48000, -16000, -16000, -16000]),  # the dealer's: 2 x 8,000 from each
    (2, C, B, [0, -64000, 64000, 0]),             # a double yakuman: 4 x 16,000
])
def test_a_yakuman_is_paid_8000_basic_points_each_time(times, winner, discarder, net):
    found, recorded = paid(13 * times, None, winner, discarder, yakuman=times)
    assert found == net
    assert recorded.total == 13 * times
    assert recorded.detail["limit"] == ("yakuman" if times == 1 else "2x yakuman")


def test_the_limit_is_named_in_the_hands_detail():
    assert paid(4, 30, A, SELF, {"kiriage": True})[1].detail["limit"] == "kiriage mangan"
    assert paid(3, 40, B, A)[1].detail["limit"] is None


def test_the_tables_honba_are_paid():
    # 2 honba: 1 han 30 fu on a discard is 1,000 + 2 x 300; 2 han 30 fu self-drawn by a
    # non-dealer (30 x 2^4 = 480: the dealer 960 -> 1,000, the others 500), + 2 x 100 from
    # each.
    position = replace(start(4), honba=2)
    assert paid(1, 30, B, A, position=position)[0] == [-1600, 1600, 0, 0]
    assert paid(2, 30, B, SELF, position=position)[0] == [-1200, 2600, -700, -700]


def test_the_winner_takes_the_pot_and_the_sticks_declared_this_hand():
    # 1 honba, 2 sticks left on the table from drawn hands. B and C declare riichi; B wins
    # 3 han 40 fu on A's discard: 5,200 + 300 from A; the pot is 2 + 2 sticks, 4,000, to B, who
    # paid 1,000 into it, as did C.
    position = replace(start(4), honba=1, riichi_sticks=2)
    _net, recorded = paid(3, 40, B, A, position=position, riichi=(C, B))
    assert recorded.detail["riichi"] == [B, C] and recorded.detail["takes_pot"]
    sticks = stick_transfers(position, outcome_of(recorded.winner, recorded.detail), 1000)
    assert net_of(recorded.transfers + sticks, 4) == [-5500, 5500 - 1000 + 4000, -1000, 0]
    after = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
    assert (after.riichi_sticks, after.honba, after.dealer) == (0, 0, B)  # the deal passes


@pytest.mark.parametrize("han, fu, discarder, words", [
    (1, 20, A, "20 fu is a self-drawn hand only"),
    (3, 20, A, "20 fu is a self-drawn hand only"),
    (1, 20, SELF, "1 han 20 fu cannot be"),
    (1, 25, A, "25 fu is seven pairs"),
    (1, 25, SELF, "25 fu is seven pairs"),
    (2, 35, A, "35 fu: a hand's fu are rounded up to ten"),
    (2, 120, A, "120 fu: a hand's fu are rounded up to ten"),
    (2, 10, A, "10 fu: a hand's fu are rounded up to ten"),
    (0, 30, A, "0 han: a winning hand has at least 1 han"),
    (3, None, A, "Below 5 han a hand is paid by its han and fu"),
], ids=["1han20fu-ron", "3han20fu-ron", "1han20fu-tsumo", "25fu-1han-ron", "25fu-1han-tsumo",
        "35fu", "120fu", "10fu", "0han", "no-fu-below-mangan"])
def test_a_count_no_hand_scores_is_refused(han, fu, discarder, words):
    with pytest.raises(HandError, match=words):
        paid(han, fu, B, discarder)


def test_only_riichi_asks_for_the_fu():
    assert quick_entry_fu("riichi") == (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    assert {quick_entry_fu(v) for v in ("shanghai", "hongkong", "sichuan", "mcr",
                                        "american")} == {()}


# The pages -----------------------------------------------------------------------------------

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(db):
    return Table.objects.create(name="Club", variant="riichi", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def edit_page(client, table):
    return client.get(reverse("table-edit", args=[table.edit_token])).content.decode()


def add_win(client, table, winner, source, han, fu="", riichi=(), **extra):
    return client.post(reverse("table-win", args=[table.edit_token]),
                       {"winner": winner, "source": source, "total": han, "fu": fu,
                        "riichi": list(riichi)}, **extra)


def totals(table):
    return [int(x) for x in table.totals()]


@pytest.mark.django_db
def test_the_quick_entry_asks_han_fu_and_riichi_at_a_riichi_table_only(client, table):
    page = edit_page(client, table)
    assert '<select name="total"' in page and '<select name="fu"' in page
    assert '<option value="25">25</option>' in page and '<option value="110">110</option>' in page
    assert "5 han · mangan" in page and "13+ han · kazoe yakuman" in page
    assert '<option value="yakuman1">yakuman</option>' in page
    assert page.count('name="riichi"') == 4 and page.count('name="draw-riichi"') == 4
    assert "the fu do not count" in page
    other = Table.objects.create(name="Other", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    page = edit_page(client, other)
    assert 'name="fu"' not in page and 'name="riichi"' not in page
    assert '<input type="number" name="total"' in page


@pytest.mark.django_db
def test_the_han_labels_follow_the_house_rules(client):
    table = Table.objects.create(name="Club", variant="riichi", rules={"kazoe": "sanbaiman"},
                                 players=["Ann", "Bob", "Cy", "Di"])
    assert "13+ han · sanbaiman" in edit_page(client, table)


@pytest.mark.django_db
@pytest.mark.parametrize("extra", [{}, HTMX], ids=["page", "htmx"])
def test_a_win_by_han_and_fu_with_riichi_is_saved_and_takes_the_pot(client, table, extra):
    # Bob in riichi wins 3 han 40 fu on Ann's discard: 5,200; his stick comes back with the pot.
    response = add_win(client, table, B, A, 3, 40, riichi=[B], **extra)
    assert response.status_code == (200 if extra else 302)
    assert totals(table) == [-5200, 5200, 0, 0]
    page = edit_page(client, table)
    assert "3 han 40 fu" in page
    assert "Bob takes the riichi stick (1,000)." in page or "Bob takes the riichi stick (1000)." \
        in page
    assert table.position().riichi_sticks == 0


@pytest.mark.django_db
def test_a_mangan_is_entered_without_fu(client, table):
    assert add_win(client, table, A, "self", 5).status_code == 302
    assert totals(table) == [12000, -4000, -4000, -4000]
    assert "5 han · mangan" in edit_page(client, table)


@pytest.mark.django_db
def test_a_yakuman_is_its_own_choice(client, table):
    assert add_win(client, table, C, D, "yakuman1").status_code == 302
    assert totals(table) == [0, 0, 32000, -32000]
    hand = table.last_hand()
    assert hand.total == 13 and hand.detail["yakuman"] == 1


@pytest.mark.django_db
@pytest.mark.parametrize("extra", [{}, HTMX], ids=["page", "htmx"])
@pytest.mark.parametrize("han, fu, source, words", [
    ("1", "20", "0", "20 fu is a self-drawn hand only"),
    ("1", "25", "self", "25 fu is seven pairs"),
    ("2", "35", "0", "35 fu: a hand&#x27;s fu are rounded up to ten"),
    ("0", "30", "0", "0 han: a winning hand has at least 1 han"),
    ("3", "", "0", "Below 5 han a hand is paid by its han and fu"),
    ("", "30", "0", "Choose how many han."),
], ids=["1han20fu-ron", "25fu-1han", "35fu", "0han", "no-fu", "no-han"])
def test_a_count_no_hand_scores_comes_back_with_the_form_kept(client, table, han, fu, source,
                                                             words, extra):
    response = add_win(client, table, B, source, han, fu, riichi=[B, C], **extra)
    assert response.status_code == 200
    page = response.content.decode()
    assert words in page
    assert not table.hands.exists()
    assert '<option value="1" selected>S · Bob</option>' in page
    if han in ("1", "2", "3"):
        assert f'<option value="{han}" selected>' in page
    if fu in ("20", "25", "30"):
        assert f'<option value="{fu}" selected>{fu}</option>' in page
    assert page.count("checked") == 2  # Bob's and Cy's riichi boxes, as ticked


@pytest.mark.django_db
def test_a_hand_entered_by_han_and_fu_is_edited_with_its_count(client, table):
    add_win(client, table, B, A, 3, 40, riichi=[B, C])
    hand = table.last_hand()
    url = reverse("table-hand", args=[table.edit_token, hand.pk])
    page = client.get(url).content.decode()
    assert '<option value="3" selected>' in page and '<option value="40" selected>40' in page
    assert page.count("checked") == 2  # one set of riichi boxes: the win's, for a draw too
    assert 'name="draw-riichi"' not in page
    # Made 4 han 40 fu, Cy's riichi untaken: 40 x 2^6 = 2,560 -> a mangan, 8,000; Bob's stick
    # comes back with the pot.
    response = client.post(url, {"action": "win", "version": hand.version, "winner": B,
                                  "source": A, "total": 4, "fu": 40, "riichi": [B]})
    assert response.status_code == 302
    assert totals(table) == [-8000, 8000, 0, 0]
    # Made a drawn hand, Bob in riichi and ready: the page's riichi boxes say who declared.
    hand = table.last_hand()
    response = client.post(url, {"action": "draw", "version": hand.version, "riichi": [B],
                                 "draw-ready": [B]})
    assert response.status_code == 302
    assert table.position().riichi_sticks == 1
    assert totals(table) == [-1000, 3000 - 1000, -1000, -1000]
