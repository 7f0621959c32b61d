"""Money at a table: each hand paid by the variant's own rules, running totals, the settle-up with
the fewest transfers, and the CSV. Expected amounts are worked out from the rules documents."""

import csv
import io
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.tables import game
from scoring.tables.game import Transfer, WinEntry, net_of, quick_entry, settle_up, start
from scoring.tables.models import Table
from tests.environment import examples

A, B, C, D = range(4)


def nets(recorded, players=4):
    return [int(x) if x == int(x) else float(x) for x in net_of(recorded.transfers, players)]


@pytest.mark.parametrize("variant,rules,winner,discarder,total,expected", [
    # Shanghai, payment 1: the discarder pays the total (10).
    pytest.param("shanghai", {}, B, A, 10, [-10, 10, 0, 0], id="shanghai-discard-pays-total"),
    # Shanghai self-drawn: each of the three others pays the total (8): 3 x 8 = 24.
    pytest.param("shanghai", {}, D, None, 8, [-8, -8, -8, 24], id="shanghai-self-drawn"),
    # Shanghai payment 3: discarder 10, each other player half, 5.
    pytest.param("shanghai", {"payment": 3}, B, A, 10, [-10, 20, -5, -5],
                 id="shanghai-payment-3"),
    # Below the minimum (3 < 5): nobody pays.
    pytest.param("shanghai", {}, B, A, 3, [0, 0, 0, 0], id="shanghai-below-minimum"),
    # Hong Kong half-spicy, 3 faan = 8 a portion; full gun: the discarder pays 2 portions (16).
    pytest.param("hongkong", {}, C, B, 3, [0, -16, 16, 0], id="hongkong-full-gun"),
    # Hong Kong half gun, 4 faan = 16: discarder 16, the two others half of one each (8).
    pytest.param("hongkong", {"payment": "half_gun"}, C, B, 4, [-8, -16, 32, -8],
                 id="hongkong-half-gun"),
    # Sichuan, 2 fans = 4 points, on a discard: the discarder pays 4.
    pytest.param("sichuan", {}, A, D, 2, [4, 0, 0, -4], id="sichuan-discard"),
    # Sichuan self-drawn 1 fan: 2 points + 1 from each of the three others.
    pytest.param("sichuan", {}, A, None, 1, [9, -3, -3, -3], id="sichuan-self-drawn"),
    # American 25-point hand on a discard: the discarder pays double (50), the others 25.
    pytest.param("american", {}, B, C, 25, [-25, 100, -50, -25], id="american-discard"),
    # American self-drawn 30: each pays double, 60.
    pytest.param("american", {}, B, None, 30, [-60, 180, -60, -60], id="american-self-drawn"),
])
def test_quick_entry_pays_by_the_variants_rules(variant, rules, winner, discarder, total,
                                                expected):
    recorded = quick_entry(variant, rules, start(4), WinEntry(
        winner=winner, discarder=discarder, self_drawn=discarder is None, total=total))
    assert nets(recorded) == expected


def test_three_players_the_empty_north_seat_neither_pays_nor_collects():
    # Hong Kong self-drawn 3 faan = 8 from each other player: only two others at three.
    recorded = quick_entry("hongkong", {}, start(3), WinEntry(winner=A, self_drawn=True, total=3))
    assert nets(recorded, 3) == [16, -8, -8]


def test_the_dreamer_cannot_win():
    with pytest.raises(HandError):
        quick_entry("american", {}, start(5), WinEntry(winner=4, self_drawn=True, total=25))


def test_a_hand_from_the_scorer_is_scored_for_the_winners_seat():
    # 234m 567p 22s [EEE] [789p] +2s for South (B) on the first hand, self-drawn: the East pung is
    # the round wind only (2H, 2 fans), eyes of 2s (1A, 1), one way to win (2F, 2): 5 fans, the
    # minimum. Self-drawn: each of the three others pays 5.
    recorded = game.scored("shanghai", {}, start(4), WinEntry(winner=B, self_drawn=True),
                           hand="234m 567p 22s [EEE] [789p] +2s", flags={})
    assert recorded.total == 5
    assert nets(recorded) == [-5, 15, -5, -5]


def test_only_sichuan_pays_during_the_deal():
    # rules-sichuan.md "A whole deal": kongs pay at once, several winners, the wall's end; the
    # other variants pay for the win alone (contract §5).
    assert {v.id for v in VARIANTS.values() if v.pays_during_deal} == {"sichuan"}


@pytest.mark.parametrize("variant, source", [
    ("sichuan", "deal"), ("shanghai", "quick"), ("hongkong", "quick"), ("american", "quick")])
def test_a_quick_entry_goes_through_the_deal_when_the_variant_pays_during_it(variant, source):
    recorded = quick_entry(variant, {}, start(4), WinEntry(winner=A, discarder=B, total=2))
    assert recorded.detail["source"] == source


def test_a_sichuan_deal_is_settled_as_its_events():
    # A concealed kong by E (2 from each other: +6), then S wins 1 fan (2 points) on W's discard.
    events = [{"type": "kong", "seat": "E", "kind": "concealed"},
              {"type": "win", "seat": "S", "self_drawn": False, "discarder": "W", "fans": 1}]
    recorded = game.settled_deal("sichuan", {}, start(4), events)
    assert recorded.kind == "deal" and recorded.winner == B
    assert nets(recorded) == [6, 0, -4, -2]


@pytest.mark.django_db
def test_running_totals_after_each_hand():
    # Each hand keeps the totals after it (TableHand.place), which the board, the CSV and the
    # settle-up read: A pays B 10; a drawn hand moves nothing; C pays A 2.5.
    table = Table.objects.create(variant="shanghai", players=["Ann", "Bob", "Cy", "Di"])
    for transfers in ([Transfer(A, B, Decimal(10))], [], [Transfer(C, A, Decimal("2.5"))]):
        table.add_hand(lambda _position, t=transfers: game.Recorded("win", transfers=t))
    after = [[-10, 10, 0, 0], [-10, 10, 0, 0], [Decimal("-7.5"), 10, Decimal("-2.5"), 0]]
    assert [row["totals"] for row in table.rows()] == after
    assert table.totals() == after[-1]
    # Taking the first hand out places the later ones again: C's 2.5 alone.
    first = table.hands.get(number=1)
    table.delete_hand(first.pk, first.version)
    assert [row["totals"] for row in table.rows()] == [[0, 0, 0, 0],
                                                       [Decimal("2.5"), 0, Decimal("-2.5"), 0]]


@pytest.mark.parametrize("net,expected", [
    # Two pairs that cancel: two transfers, not three.
    pytest.param([5, 3, -5, -3], 2, id="two-pairs"),
    pytest.param([0, 0, 0, 0], 0, id="all-square"),
    # One winner, three losers: three transfers.
    pytest.param([30, -10, -10, -10], 3, id="one-winner"),
    # Five players, {7, -7} and {2, 3, -5}: 1 + 2 transfers.
    pytest.param([7, 2, -7, 3, -5], 3, id="five-players-two-groups"),
])
def test_settle_up_uses_the_fewest_transfers(net, expected):
    net = [Decimal(x) for x in net]
    transfers = settle_up(net)
    assert len(transfers) == expected
    # The transfers move exactly the table's result: each player pays or collects their net.
    assert net_of(transfers, len(net)) == net


@settings(max_examples=examples(250), deadline=None)
@given(st.lists(st.integers(-400, 400).map(lambda x: Decimal(x) / 2), min_size=2, max_size=4))
def test_settle_up_squares_the_table_in_at_most_players_minus_one(amounts):
    net = amounts + [-sum(amounts)]  # 3 to 5 players, nets summing to zero
    transfers = settle_up(net)
    assert len(transfers) <= len(net) - 1
    assert all(t.amount > 0 and t.payer != t.payee for t in transfers)
    # The transfers move exactly the table's result: what each player is up or down is what
    # they collect or pay, so after paying everyone is square.
    paid = net_of(transfers, len(net))
    assert [a - b for a, b in zip(net, paid, strict=True)] == [0] * len(net)


def test_settle_up_refuses_nets_that_do_not_sum_to_zero():
    with pytest.raises(ValueError):
        settle_up([Decimal(1), Decimal(0)])


def test_csv_lists_every_hand_and_the_settlement():
    # Hand 1, Ann dealing in the East round: Bob wins 10 on Ann's discard.
    line = game.csv_cells(["Ann", "Bob"], 1, game.start(3), "win", winner=1, discarder=0,
                          self_drawn=False, total=10, declarer=None,
                          net=[Decimal(-10), Decimal(10)], totals=["-10", "10"])
    text = game.csv_text(["Ann", "Bob"], [line], [Transfer(0, 1, Decimal(10))])
    lines = text.splitlines()
    assert lines[0].startswith("hand,round,dealer,kind,winner,discarder,self_drawn,total,"
                               "declarer,")
    # The empty cell after the total is the declarer column (American false wins), added after
    # this test was written; a win leaves it empty.
    assert lines[1] == "1,E,Ann,win,Bob,Ann,,10,,-10,10,-10,10"
    assert lines[-1] == ",Ann,Bob,10"


def test_a_csv_line_quotes_what_it_must_as_one_writer_would():
    """The line kept with its two words marked is the line csv.writer writes whole once they
    are put in: a name with a comma or a quote is quoted, a formula's first character made
    inert, the reader's words quoted where they must be; a control character a name kept (the
    mark's) is a space."""
    names = ['Ann, "the first"', "=Bob\x1f"]
    kept = [game.csv_cells(names, 7, game.start(3), "false_win", winner=None, discarder=None,
                           self_drawn=True, total=None, declarer=1,
                           net=[Decimal(0), Decimal("-0.5")], totals=["2.5", "-2.5"]),
            game.csv_cells(names, 8, game.start(3), "draw", winner=None, discarder=None,
                           self_drawn=False, total=None, declarer=None,
                           net=[Decimal(0), Decimal(0)], totals=["2.5", "-2.5"])]
    text = game.csv_text(names, kept, [], said=lambda word: f"{word}, ok")
    out = io.StringIO()
    csv.writer(out).writerow([7, "E", 'Ann, "the first"', "false_win, ok", "", "", "yes, ok",
                              "", "'=Bob ", "0", "-0.5", "2.5", "-2.5"])
    csv.writer(out).writerow([8, "E", 'Ann, "the first"', "draw, ok", "", "", "", "", "", "0",
                              "0", "2.5", "-2.5"])
    assert text.splitlines(keepends=True)[1:3] == out.getvalue().splitlines(keepends=True)
