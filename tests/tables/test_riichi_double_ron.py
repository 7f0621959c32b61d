"""Several winners on one discard at a Riichi table (docs/rules-riichi.md, "Double ron"): each
winner is paid by the discarder for their own hand; the honba and the riichi sticks on the table
go to the first winner in turn order from the discarder; a dealer among the winners keeps the
deal. Head-bump (atamahane) and triple ron are table options.

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first. Turn order
goes East, South, West, North: after D (North) comes A. Every amount is worked by hand from the
scoring rules: a non-dealer's ron is 4 x the basic points, a dealer's 6 x, rounded up to 100;
the basic points are fu x 2^(2 + han); each honba adds 300 on a discard."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import (
    DiscardWinsEntry,
    DrawEntry,
    Position,
    advance,
    net_of,
    outcome_of,
    record,
    stick_transfers,
    table_options,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]


def hand_net(recorded, position):
    outcome = outcome_of(recorded.winner, recorded.detail)
    return [int(x) for x in net_of(recorded.transfers
                                   + stick_transfers(position, outcome, 1000), 4)]


def test_double_ron_the_first_in_turn_order_takes_the_honba_and_the_sticks():
    """A deals, 1 honba, 1 stick on the table; C declares riichi; D discards, B and C win.
    From D the turn goes A, B, C: B is first. B, 3 han 40 fu: 40 x 32 = 1,280, x 4 = 5,120,
    5,200, + 300 for the honba: 5,500. C, 2 han 30 fu: 30 x 16 = 480, x 4 = 1,920, 2,000, no
    honba. The pot, the stick before and C's, 2,000 to B. A 0, B +7,500, C +2,000 - 1,000 =
    +1,000, D -7,500. The dealer did not win: the deal passes to B, no honba, no stick left."""
    position = Position(honba=1, riichi_sticks=1)
    entry = DiscardWinsEntry(wins=((C, 2), (B, 3)), discarder=D, fu=(30, 40), yakuman=(0, 0),
                             riichi=(C,))
    recorded = record("riichi", {}, position, entry, NAMES)
    assert recorded.winner == B and recorded.discarder == D
    assert recorded.detail["winners"] == [B, C]
    assert [(w["winner"], w["han"], w["fu"]) for w in recorded.detail["wins"]] == [
        (B, 3, 40), (C, 2, 30)]
    assert [int(t.amount) for t in recorded.transfers] == [5500, 2000]
    assert hand_net(recorded, position) == [0, 7500, 1000, -7500]
    after = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
    assert (after.dealer, after.honba, after.riichi_sticks) == (B, 0, 0)


def test_a_dealer_among_the_winners_keeps_the_deal_though_not_first():
    """A deals, 2 honba; B discards, D and A win: from B the turn goes C, D, A, so D is first.
    D, 1 han 30 fu: 30 x 8 = 240, x 4 = 960, 1,000, + 600 for the 2 honba: 1,600. A (the dealer),
    2 han 30 fu: 480 x 6 = 2,880, 2,900. B pays 4,500. A keeps the deal, 3 honba."""
    position = Position(honba=2)
    entry = DiscardWinsEntry(wins=((A, 2), (D, 1)), discarder=B, fu=(30, 30))
    recorded = record("riichi", {}, position, entry, NAMES)
    assert recorded.winner == D and recorded.detail["winners"] == [D, A]
    assert hand_net(recorded, position) == [2900, -4500, 0, 1600]
    after = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
    assert (after.dealer, after.honba, after.number) == (A, 3, 2)


def test_a_double_ron_of_yakuman_and_mangan():
    """C deals (A, B passed the deal); A discards: from A the turn goes B, C: B first. B's
    yakuman, 4 x 8,000 = 32,000; C the dealer's 5 han, a mangan, 6 x 2,000 = 12,000."""
    position = Position(dealer_chair=2, deal=2, number=3)
    entry = DiscardWinsEntry(wins=((B, 13), (C, 5)), discarder=A, fu=(None, None),
                             yakuman=(1, 0))
    recorded = record("riichi", {}, position, entry, NAMES)
    assert hand_net(recorded, position) == [-44000, 32000, 12000, 0]
    assert advance("riichi", position, outcome_of(B, recorded.detail)).dealer == C


def test_head_bump_refuses_a_second_winner_naming_the_first():
    options = table_options("riichi", {"head_bump": True})
    entry = DiscardWinsEntry(wins=((C, 2), (B, 3)), discarder=D, fu=(30, 40))
    with pytest.raises(HandError) as refused:
        record("riichi", {}, Position(), entry, NAMES, options)
    assert str(refused.value.message) == (
        "This table plays head-bump (atamahane): only the first in turn order from the "
        "discarder wins, Bob. Enter Bob's win alone.")


def test_triple_ron_is_an_abortive_draw_by_default_or_paid_as_the_table_says():
    """D discards; A, B, C win, each 1 han 30 fu. Paid (the option): A first (after D), the
    dealer, 240 x 6 = 1,440, 1,500 + 300 for the honba; B and C 1,000 each: D pays 3,800.
    By default three winners are refused: the hand is an abortive draw, which keeps the deal
    and raises the honba; at a table that pays it, the abortive draw is refused."""
    entry = DiscardWinsEntry(wins=((C, 1), (A, 1), (B, 1)), discarder=D, fu=(30, 30, 30))
    position = Position(honba=1)
    with pytest.raises(HandError) as refused:
        record("riichi", {}, position, entry, NAMES)
    assert "abortive draw (triple ron)" in str(refused.value.message)
    paid = table_options("riichi", {"triple_ron": "paid"})
    recorded = record("riichi", {}, position, entry, NAMES, paid)
    assert recorded.detail["winners"] == [A, B, C]
    assert hand_net(recorded, position) == [1800, 1000, 1000, -3800]
    draw = DrawEntry(abortive="triple_ron")
    drawn = record("riichi", {}, position, draw, NAMES)
    after = advance("riichi", position, outcome_of(None, drawn.detail))
    assert drawn.transfers == [] and (after.dealer, after.honba) == (A, 2)
    with pytest.raises(HandError) as refused:
        record("riichi", {}, position, draw, NAMES, paid)
    assert "enter the three wins" in str(refused.value.message)


@pytest.mark.parametrize(("given", "message"), [
    ({"head_bump": "yes"}, "Head-bump (atamahane) is on or off."),
    ({"triple_ron": "double"}, "Triple ron: double is not one of its choices."),
])
def test_the_options_refuse_what_they_cannot_be(given, message):
    with pytest.raises(HandError) as refused:
        table_options("riichi", given)
    assert str(refused.value.message) == message
    assert table_options("riichi")["head_bump"] is False
    assert table_options("riichi")["triple_ron"] == "abortive"


def test_a_winner_twice_or_the_discarder_winning_is_refused():
    for wins in (((B, 2), (B, 3)), ((D, 2), (B, 3))):
        with pytest.raises(HandError):
            record("riichi", {}, Position(), DiscardWinsEntry(wins=wins, discarder=D,
                                                              fu=(30, 40)), NAMES)


# The pages ------------------------------------------------------------------------------------

def open_table(client, **fields):
    response = client.post(reverse("table-new"), {
        "variant": "riichi", "name": "Club", **{f"player{i}": n for i, n in enumerate(NAMES)},
        **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def post_win(client, table, **fields):
    return client.post(reverse("table-win", args=[table.edit_token]), fields)


@pytest.mark.django_db
def test_a_double_ron_through_the_quick_entry_form(client):
    """As the first test, on the page: no honba, no stick before; C in riichi. D discards, B 3
    han 40 fu (5,200) and C 2 han 30 fu (2,000); B takes C's stick: B +6,200, C +1,000, D
    -7,200. The line names both winners and their counts; the edit page shows them."""
    table = open_table(client)
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "Second winner (double ron)" in page and "Third winner" not in page
    post_win(client, table, winner=B, source=D, total="3", fu="40", winner2=C, total2="2",
             fu2="30", riichi=[C])
    assert [int(x) for x in table.totals()] == [0, 6200, 1000, -7200]
    hand = table.hands.get()
    assert hand.detail["winners"] == [B, C] and table.position().dealer == B
    view = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "<strong>Bob</strong>, <strong>Cy</strong>" in view
    assert "Cy 2 han 30 fu" in view
    edit = client.get(reverse("table-hand", args=[table.edit_token, hand.pk])).content.decode()
    assert 'name="winner2"' in edit and '<option value="2" selected>' in edit


@pytest.mark.django_db
@pytest.mark.parametrize(("fields", "message"), [
    ({"winner2": D}, "Di discarded the winning tile and cannot win on it."),
    ({"winner2": B}, "Bob is already a winner of this discard"),
    ({"winner2": C}, "Choose how many han for Cy."),
    ({"total2": "2", "fu2": "30"}, "Choose who won with this han, or leave the han empty."),
    ({"winner2": C, "total2": "1", "fu2": "20"}, "20 fu is a self-drawn hand only"),
])
def test_the_form_refuses_a_second_winner_that_cannot_be(client, fields, message):
    table = open_table(client)
    response = post_win(client, table, winner=B, source=D, total="3", fu="40", **fields)
    assert message in response.content.decode()
    assert not table.hands.exists()


@pytest.mark.django_db
def test_head_bump_and_triple_ron_on_the_pages(client):
    """Head-bump: no second winner asked. Triple ron paid: a third winner asked; D discards, A
    (the dealer, 1 han 30 fu, 1,500), B and C (1 han 30 fu, 1,000 each): D -3,500; A keeps."""
    table = open_table(client, head_bump="on")
    page = client.get(reverse("table-edit", args=[table.edit_token])).content.decode()
    assert "Second winner" not in page
    Table.objects.all().delete()
    table = open_table(client, triple_ron="paid")
    post_win(client, table, winner=C, source=D, total="1", fu="30", winner2=A, total2="1",
             fu2="30", winner3=B, total3="1", fu3="30")
    assert [int(x) for x in table.totals()] == [1500, 1000, 1000, -3500]
    assert table.position().dealer == A and table.position().honba == 1
