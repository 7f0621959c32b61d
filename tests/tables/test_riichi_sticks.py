"""Riichi sticks and tenpai at a Riichi table (docs/rules-riichi.md, "At a table").

Each riichi declared puts a 1,000-point stick on the table (the pot, `Position.riichi_sticks`);
the next winner takes the whole pot, the sticks before the hand and the hand's own; a drawn hand
leaves them there; the sticks left at the end go to the first. At an exhaustive draw the players
not ready (noten) pay 3,000 in all, shared equally, to the ready (tenpai) ones; a ready dealer
keeps the deal, one not ready passes it, and the honba go up one either way.

Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North; A deals first. Every amount
below is worked out by hand from those rules and the scoring rules' tables."""

from decimal import Decimal

import pytest

from scoring.engine.errors import HandError
from scoring.engine.variants import VARIANTS
from scoring.tables.game import (
    POT,
    DrawEntry,
    Outcome,
    Transfer,
    WinEntry,
    advance,
    drawn,
    final_net,
    net_of,
    outcome_of,
    positions,
    scored,
    start,
    stick_transfers,
)

A, B, C, D = range(4)
PINFU = "234m 567p 345s 678s 11m +3s"   # closed, two-sided wait, eyes of no fu: pinfu (1 han)
NO_YAKU = "[234m] 567p 345s 678s 11m +3s"  # the same, a chow claimed: no yaku at all


def money_of(recorded, position, stick=1000):
    """A hand's change per player: its transfers and its riichi sticks."""
    outcome = outcome_of(recorded.winner, recorded.detail)
    return net_of(recorded.transfers + stick_transfers(position, outcome, stick), 4)


# Noten payments --------------------------------------------------------------------------------

@pytest.mark.parametrize("ready, net", [
    pytest.param([A], [3000, -1000, -1000, -1000], id="one-ready-1000-from-each-of-three"),
    pytest.param([A, C], [1500, -1500, 1500, -1500], id="two-ready-1500-from-each-noten"),
    pytest.param([A, B, C], [1000, 1000, 1000, -3000], id="three-ready-3000-from-the-noten"),
    pytest.param([], [0, 0, 0, 0], id="nobody-ready-nothing"),
    pytest.param([A, B, C, D], [0, 0, 0, 0], id="all-ready-nothing"),
])
def test_noten_payments_are_3000_shared_equally(ready, net):
    recorded = drawn(start(4), "riichi", DrawEntry(ready=ready))
    assert net_of(recorded.transfers, 4) == net
    assert recorded.kind == "draw" and recorded.detail["ready"] == ready


def test_two_ready_each_noten_player_pays_each_ready_one_750():
    recorded = drawn(start(4), "riichi", DrawEntry(ready=[A, C]))
    assert sorted((t.payer, t.payee, t.amount) for t in recorded.transfers) == [
        (B, A, 750), (B, C, 750), (D, A, 750), (D, C, 750)]


def test_other_variants_are_not_told_who_was_ready():
    recorded = drawn(start(4), "hongkong", DrawEntry(ready=[A]))
    assert recorded.transfers == [] and "ready" not in recorded.detail


# The deal and the honba at a draw -------------------------------------------------------------

def test_a_ready_dealer_keeps_the_deal_and_one_not_ready_passes_it():
    # A deals. A draw with A ready: A keeps the deal (1 honba). A draw with A and B ready: A
    # again (2 honba). A draw with only B ready: the deal passes to B (3 honba: a draw adds one
    # either way). B wins as dealer: B keeps it (4). C wins: C deals, no honba.
    found = positions("riichi", 4, [Outcome(ready=(A,)), Outcome(ready=(A, B)),
                                    Outcome(ready=(B,)), B, C])
    assert [(p.dealer, p.honba, p.round_wind) for p in found] == [
        (A, 0, "E"), (A, 1, "E"), (A, 2, "E"), (B, 3, "E"), (B, 4, "E"), (C, 0, "E")]
    # A draw with nobody said ready passes the deal, as before.
    assert [p.dealer for p in positions("riichi", 4, [None])] == [A, B]


def test_a_ready_dealer_keeps_the_deal_only_where_the_variant_is_told_who_was_ready():
    # Hong Kong with its dealer-keeps option: a draw passes the deal whoever was ready.
    after = advance("hongkong", start(4), Outcome(ready=(A,)), dealer_keeps=True)
    assert after.dealer == B


# The pot -------------------------------------------------------------------------------------

def test_sticks_stay_on_the_table_after_a_draw_and_go_to_the_next_winner():
    # A draw with B and C in riichi: 2 sticks on the table. A draw with D in riichi: 3. B wins
    # with nobody in riichi this hand: B takes the 3, the pot is empty again.
    found = positions("riichi", 4, [Outcome(riichi=(B, C), ready=(B, C)),
                                    Outcome(riichi=(D,), ready=(D,)), Outcome(winner=B)])
    assert [p.riichi_sticks for p in found] == [0, 2, 3, 0]
    moved = stick_transfers(found[2], Outcome(winner=B), 1000)
    assert moved == [Transfer(POT, B, Decimal(3000))]


def test_a_win_with_no_yaku_leaves_the_pot():
    # Nobody pays a hand with no yaku, and its "winner" takes no stick either.
    position = positions("riichi", 4, [Outcome(riichi=(C,), ready=(C,))])[1]
    recorded = scored("riichi", {}, position, WinEntry(winner=B, discarder=D), hand=NO_YAKU,
                      flags={})
    assert recorded.detail["takes_pot"] is False
    assert money_of(recorded, position) == [0, 0, 0, 0]
    after = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
    assert after.riichi_sticks == 1


def test_the_winner_in_riichi_is_scored_with_riichi_and_the_tables_pot():
    # Before the hand (after a draw): 1 honba, 1 stick on the table. B and D declare riichi; B
    # wins on D's discard. Riichi and pinfu: 2 han 30 fu, 30 x 2^4 = 480 basic points,
    # 4 x 480 = 1,920, 2,000, and 300 for the honba: 2,300 from D. The pot: 1 + 2 = 3 sticks,
    # 3,000 to B. B: +2,300 + 3,000 - 1,000; D: -2,300 - 1,000.
    position = positions("riichi", 4, [Outcome(riichi=(A,), ready=(A,))])[1]
    assert (position.dealer, position.honba, position.riichi_sticks) == (A, 1, 1)
    recorded = scored("riichi", {}, position, WinEntry(winner=B, discarder=D, riichi=(D, B)),
                      hand=PINFU, flags={"riichi_sticks": 9})
    assert recorded.total == 2
    assert [p["id"] for p in recorded.detail["patterns"]] == ["riichi", "pinfu"]
    assert recorded.detail["context"]["riichi_sticks"] == 3  # the table's, not the scorer's 9
    assert recorded.detail["riichi"] == [B, D]
    assert net_of(recorded.transfers, 4) == [0, 2300, 0, -2300]  # the engine's transfers
    assert money_of(recorded, position) == [0, 4300, 0, -3300]  # and the sticks: 1 was there


def test_a_winner_not_in_riichi_takes_the_pot_without_riichi():
    # C declared riichi, B wins pinfu (1 han 30 fu: 1,000) on A's discard and takes C's stick.
    recorded = scored("riichi", {}, start(4), WinEntry(winner=B, discarder=A, riichi=(C,)),
                      hand=PINFU, flags={})
    assert recorded.total == 1
    assert money_of(recorded, start(4)) == [-1000, 2000, -1000, 0]


def test_double_riichi_stays_double():
    recorded = scored("riichi", {}, start(4), WinEntry(winner=B, discarder=A, riichi=(B,)),
                      hand=PINFU, flags={"double_riichi": True})
    assert recorded.total == 3  # double riichi 2 + pinfu 1
    assert "riichi" not in [p["id"] for p in recorded.detail["patterns"]]


def test_a_player_not_seated_cannot_declare():
    with pytest.raises(HandError, match="seated"):
        scored("riichi", {}, start(4), WinEntry(winner=B, discarder=A, riichi=(7,)), hand=PINFU,
               flags={})


# A hanchan, by hand ------------------------------------------------------------------------------

def test_a_hanchan_with_riichi_draws_and_the_sticks_left_at_the_end():
    """Four hands, each worked out by hand:

    1. A deals, pot 0, 0 honba. Exhaustive draw; A in riichi, A alone ready: B, C, D pay A 1,000
       each; A's stick to the pot. A +2,000, B C D -1,000. A ready: A keeps the deal; 1 honba,
       1 stick.
    2. A deals, 1 honba, 1 stick. Draw; C in riichi; A and C ready: B and D pay 1,500 each, A
       and C get 1,500 each; C's stick. A +1,500, B -1,500, C +500, D -1,500. A keeps the deal;
       2 honba, 2 sticks.
    3. A deals, 2 honba, 2 sticks. B and D declare riichi; B wins pinfu on D's discard: riichi
       and pinfu, 2 han 30 fu, 2,000, and 2 x 300 for the honba: 2,600 from D. The pot: 2 + 2
       sticks, 4,000 to B. B +2,600 + 4,000 - 1,000 = +5,600; D -2,600 - 1,000 = -3,600. The
       deal passes to B; no honba, no stick.
    4. B deals. Draw; C in riichi and the only one ready: A, B, D pay C 1,000 each. C +2,000;
       A, B, D -1,000. B not ready: the deal passes to C; 1 honba, 1 stick left.

    Totals: A +2,500, B +2,100, C +1,500, D -7,100: they sum to -1,000, the stick on the table.
    At the end it goes to the first, A: the nets settled are +3,500, +2,100, +1,500, -7,100.
    Final points (25,000 start) 28,500, 27,100, 26,500, 17,900; score from 30,000 with uma 10-20
    and oka 20 to the first: -1.5 + 20 + 20 = 38.5; -2.9 + 10 = 7.1; -3.5 - 10 = -13.5;
    -12.1 - 20 = -32.1 (sum 0)."""
    position = start(4)
    totals = [Decimal(0)] * 4
    nets = []

    def play(recorded):
        nonlocal position, totals
        net = money_of(recorded, position)
        nets.append(net)
        totals = [a + b for a, b in zip(totals, net, strict=True)]
        position = advance("riichi", position, outcome_of(recorded.winner, recorded.detail))
        return position

    assert (play(drawn(position, "riichi", DrawEntry(ready=[A], riichi=[A]))).dealer,
            position.honba, position.riichi_sticks) == (A, 1, 1)
    assert (play(drawn(position, "riichi", DrawEntry(ready=[A, C], riichi=[C]))).dealer,
            position.honba, position.riichi_sticks) == (A, 2, 2)
    third = scored("riichi", {}, position, WinEntry(winner=B, discarder=D, riichi=(B, D)),
                   hand=PINFU, flags={})
    assert net_of(third.transfers, 4) == [0, 2600, 0, -2600]
    assert (play(third).dealer, position.honba, position.riichi_sticks) == (B, 0, 0)
    assert (play(drawn(position, "riichi", DrawEntry(ready=[C], riichi=[C]))).dealer,
            position.honba, position.riichi_sticks) == (C, 1, 1)
    assert nets == [[2000, -1000, -1000, -1000], [1500, -1500, 500, -1500],
                    [0, 5600, 0, -3600], [-1000, -1000, 2000, -1000]]
    assert totals == [2500, 2100, 1500, -7100]
    net, first = final_net(totals, position.riichi_sticks, 1000)
    assert (net, first) == ([3500, 2100, 1500, -7100], A)
    variant = VARIANTS["riichi"]
    rows = variant.standings(net, variant.check_rules({}))
    assert [(r["final"], r["rank"], r["score"]) for r in rows] == [
        (28500, 1, Decimal("38.5")), (27100, 2, Decimal("7.1")), (26500, 3, Decimal("-13.5")),
        (17900, 4, Decimal("-32.1"))]


def test_sticks_left_go_to_the_first_a_tie_to_who_sat_down_first():
    assert final_net([1000, 1000, -2000, -1000], 1, 1000) == ([2000, 1000, -2000, -1000], A)
    assert final_net([0, 0, 0, 0], 0, 1000) == ([0, 0, 0, 0], None)
