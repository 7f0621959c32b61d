"""Settling a whole Sichuan deal (contract §5), worked by hand from spec/rules-sichuan.md.

Kongs: concealed 2 from each other player still in; exposed 2 from the discarder; added 1 from
each other player still in; added with a held tile, nothing. Wins: the discarder pays the points,
self-drawn each player still in pays points + 1; winners leave. A win on the discard right after
the discarder's kong undoes that kong (kong_shot refund | transfer), once however many win on that
discard; transferred, its money ends with the winner first in turn order after the discarder
(E -> S -> W -> N -> E), in whatever order the wins are entered. Wall's end: the not-ready give
back their kong money, flower pigs pay 2 ** fan_cap to each non-pig still in, the not-ready pay
each ready player its best points over its waits.
"""

import io
import json
from collections import Counter

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import api
from scoring.engine.notation import format_tiles, parse
from tests.environment import examples

SEATS = "ESWN"


def settle(events, **rules):
    return api.settle({"variant": "sichuan", "rules": rules, "events": events})


def ledger_of(events, **rules):
    result = settle(events, **rules)
    assert result["ok"] is True, result
    check_books(result)
    return result


def check_books(result):
    """The shape of contract §5, each entry's transfers, and a net that sums to zero."""
    assert set(result) == {"ok", "net", "ledger"}
    net = dict.fromkeys(SEATS, 0)
    for index, entry in enumerate(result["ledger"]):
        assert set(entry) == {"event", "what", "transfers"}
        assert entry["event"] == index and entry["what"]
        for transfer in entry["transfers"]:
            assert set(transfer) == {"from", "to", "amount"}
            assert transfer["amount"] > 0 and transfer["from"] != transfer["to"]
            net[transfer["from"]] -= transfer["amount"]
            net[transfer["to"]] += transfer["amount"]
    assert result["net"] == net
    assert sum(result["net"].values()) == 0


def moves(entry):
    return [(t["from"], t["to"], t["amount"]) for t in entry["transfers"]]


def net(e=0, s=0, w=0, n=0):
    return {"E": e, "S": s, "W": w, "N": n}


def failure(events, **rules):
    result = settle(events, **rules)
    assert result["ok"] is False, result
    return result["error"]


def kong(seat, kind, **more):
    return {"type": "kong", "seat": seat, "kind": kind, **more}


def win(seat, **more):
    return {"type": "win", "seat": seat, **more}


# Kongs -----------------------------------------------------------------------------------------

def test_the_contract_example_concealed_kong():
    result = ledger_of([kong("E", "concealed")])
    assert result == {"ok": True, "net": net(6, -2, -2, -2), "ledger": [
        {"event": 0, "what": "E: concealed kong", "transfers": [
            {"from": "S", "to": "E", "amount": 2}, {"from": "W", "to": "E", "amount": 2},
            {"from": "N", "to": "E", "amount": 2}]}]}


def test_each_kong_kind_with_a_player_already_out():
    result = ledger_of([
        win("E", discarder="S", fans=1),                # S pays E 2**1 = 2; E leaves
        kong("S", "concealed"),                         # W and N pay S 2 each (E is out)
        kong("W", "exposed", **{"from": "N"}),          # N pays W 2
        kong("N", "added"),                             # S and W pay N 1 each
        kong("S", "added", held=True),                  # nothing
    ])
    assert [moves(entry) for entry in result["ledger"]] == [
        [("S", "E", 2)],
        [("W", "S", 2), ("N", "S", 2)],
        [("N", "W", 2)],
        [("S", "N", 1), ("W", "N", 1)],
        [],
    ]
    # E +2; S -2 +4 -1 = +1; W -2 +2 -1 = -1; N -2 -2 +2 = -2
    assert result["net"] == net(2, 1, -1, -2)


def test_kong_money_is_not_capped():
    # three concealed kongs by E: 3 x (2 from each of three) = 18
    assert ledger_of([kong("E", "concealed")] * 3)["net"] == net(18, -6, -6, -6)


# Wins ------------------------------------------------------------------------------------------

def test_a_self_drawn_win_after_earlier_winners_left():
    result = ledger_of([
        win("E", discarder="N", fans=0),                  # 1 point: N pays E 1
        win("S", discarder="N", fans=2),                  # 4 points: N pays S 4
        win("W", self_drawn=True, hand="123m456m789p123p55p+3p"),  # 0 fans, 1 point: N pays 1 + 1
    ])
    assert moves(result["ledger"][2]) == [("N", "W", 2)]
    assert result["net"] == net(1, 4, 2, -7)


def test_a_self_drawn_win_with_everyone_in_pays_points_plus_one_from_each():
    # pure suit 2 fans -> 4 points, 5 from each of the three others
    result = ledger_of([win("S", self_drawn=True, hand="111m234m567m888m99m+3m")])
    assert result["net"] == net(-5, 15, -5, -5)
    assert "pure_suit" in result["ledger"][0]["what"]


def test_two_winners_on_one_discard_the_discarder_pays_each():
    result = ledger_of([
        win("E", discarder="S", hand="[111m]222m[555p]777p99p+9p"),  # all_pungs + pair_wait: 4
        win("W", discarder="S", fans=3),                            # 3 fans: 8
    ])
    assert [moves(entry) for entry in result["ledger"]] == [[("S", "E", 4)], [("S", "W", 8)]]
    assert result["net"] == net(4, -12, 8, 0)


def test_fans_entered_by_hand_are_capped():
    # 5 fans entered, capped at 3 -> 8; with fan_cap 4 -> 16
    assert ledger_of([win("E", discarder="S", fans=5)])["net"] == net(8, -8)
    assert ledger_of([win("E", discarder="S", fans=5)], fan_cap=4)["net"] == net(16, -16)


def test_the_default_discarder_is_the_nearest_player_still_in_before_the_winner():
    # N won first; E's upper house is N, so W (before N) discarded
    result = ledger_of([win("N", discarder="S", fans=0), win("E", fans=1)])
    assert moves(result["ledger"][1]) == [("W", "E", 2)]


# A win on the discard right after the discarder's kong ----------------------------------------

SHOT = [
    kong("S", "concealed"),  # E, W, N pay S 2 each
    win("N", discarder="S", after_kong_discard=True, hand="123m456m789p123p55p+3p"),
]  # kong_discard 1 fan -> 2 points


def test_kong_shot_refund_gives_the_kong_money_back():
    result = ledger_of(SHOT)
    assert moves(result["ledger"][1]) == [("S", "N", 2), ("S", "E", 2), ("S", "W", 2),
                                          ("S", "N", 2)]
    # S +6 -2 -6 = -2; E -2 +2 = 0; W 0; N -2 +2 +2 = +2
    assert result["net"] == net(0, -2, 0, 2)


def test_kong_shot_transfer_gives_the_kong_money_to_the_winner():
    result = ledger_of(SHOT, kong_shot="transfer")
    assert moves(result["ledger"][1]) == [("S", "N", 2), ("S", "N", 6)]
    # S +6 -2 -6 = -2; E -2; W -2; N -2 +2 +6 = +6
    assert result["net"] == net(-2, -2, -2, 6)


def test_kong_shot_undoes_only_the_discarders_latest_kong():
    result = ledger_of([
        kong("S", "concealed"),                      # E, W, N pay S 2 each (stays)
        kong("S", "exposed", **{"from": "W"}),       # W pays S 2 (undone)
        win("E", discarder="S", after_kong_discard=True, fans=1),   # 2 points
    ])
    assert moves(result["ledger"][2]) == [("S", "E", 2), ("S", "W", 2)]
    # S +6 +2 -2 -2 = 4; E -2 +2 = 0; W -2 -2 +2 = -2; N -2
    assert result["net"] == net(0, 4, -2, -2)


def test_two_winners_after_a_kong_the_kong_money_moves_once():
    result = ledger_of([
        kong("S", "concealed"),
        win("N", discarder="S", after_kong_discard=True, fans=0),  # 1 point + the 6 of the kong
        win("E", discarder="S", after_kong_discard=True, fans=0),  # 1 point, the kong already gone
    ], kong_shot="transfer")
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("S", "N", 1), ("S", "N", 6)], [("S", "E", 1)]]
    # S +6 -7 -1 = -2; N -2 +7 = 5; E -2 +1 = -1; W -2
    assert result["net"] == net(-1, -2, -2, 5)


def test_a_held_added_kong_has_nothing_to_undo():
    result = ledger_of([kong("S", "added", held=True),
                        win("E", discarder="S", after_kong_discard=True, fans=0)])
    assert result["net"] == net(1, -1)


# Several winners on the discard right after a kong ---------------------------------------------
# One discard, several winners: the kong is undone once. Under transfer its money goes to the
# winner first in turn order after the discarder (E -> S -> W -> N -> E), whatever the order the
# wins are entered in: a winner entered later who comes earlier takes it from the one holding it.

def shot_win(seat, by, fans):
    return win(seat, discarder=by, after_kong_discard=True, fans=fans)


def test_transfer_two_winners_entered_in_turn_order():
    # After S come W, N, E. W is first: W keeps the kong money.
    result = ledger_of([
        kong("S", "concealed"),   # E, W, N pay S 2 each
        shot_win("W", "S", 1),    # 2 points; S's kong money, 6, goes to W
        shot_win("N", "S", 0),    # 1 point; the money stays with W
    ], kong_shot="transfer")
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("S", "W", 2), ("S", "W", 6)], [("S", "N", 1)]]
    assert "stays with W" in result["ledger"][2]["what"]
    # E -2; S +6 -2 -6 -1 = -3; W -2 +2 +6 = +6; N -2 +1 = -1
    assert result["net"] == net(-2, -3, 6, -1)


# N kongs, then E and W win on N's next discard. After N come E, S, W: E gets the kong money.
N_SHOT = [kong("N", "concealed"),   # E, S, W pay N 2 each
          shot_win("W", "N", 1),    # 2 points
          shot_win("E", "N", 0)]    # 1 point


def test_transfer_two_winners_entered_out_of_turn_order():
    # W is entered first and takes the money; E, first after N, takes it from W.
    result = ledger_of(N_SHOT, kong_shot="transfer")
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("N", "W", 2), ("N", "W", 6)], [("N", "E", 1), ("W", "E", 6)]]
    assert "W passes N's kong money (event 0, 6) on to E" in result["ledger"][2]["what"]
    # E -2 +1 +6 = +5; S -2; W -2 +2 +6 -6 = 0; N +6 -2 -6 -1 = -3
    assert result["net"] == net(5, -2, 0, -3)


def test_transfer_the_same_deal_entered_in_turn_order_nets_the_same():
    result = ledger_of([N_SHOT[0], N_SHOT[2], N_SHOT[1]], kong_shot="transfer")
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("N", "E", 1), ("N", "E", 6)], [("N", "W", 2)]]
    assert result["net"] == net(5, -2, 0, -3)


def test_transfer_three_winners_entered_against_turn_order():
    # After S come W, N, E; entered E, N, W: the money moves to E, then to N, then to W.
    result = ledger_of([
        kong("S", "concealed"),                      # E, W, N pay S 2 each
        shot_win("E", "S", 0),                       # 1 point; the 6 go to E
        shot_win("N", "S", 1),                       # 2 points; E passes the 6 to N
        win("W", discarder="S", after_kong_discard=True,
            hand="123m456m789p123p55p+3p"),          # kong_discard 1 fan, 2 points; N passes to W
    ], kong_shot="transfer")
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("S", "E", 1), ("S", "E", 6)], [("S", "N", 2), ("E", "N", 6)],
        [("S", "W", 2), ("N", "W", 6)]]
    assert "kong_discard" in result["ledger"][3]["what"]
    # E -2 +1 +6 -6 = -1; S +6 -1 -6 -2 -2 = -5; W -2 +2 +6 = +6; N -2 +2 +6 -6 = 0
    assert result["net"] == net(-1, -5, 6, 0)


def test_refund_two_winners_gives_the_kong_money_back_once():
    result = ledger_of([
        kong("S", "concealed"),   # E, W, N pay S 2 each
        shot_win("E", "S", 1),    # 2 points; the kong's 2 go back to E, W and N
        shot_win("N", "S", 0),    # 1 point; nothing more to give back
    ])
    assert [moves(entry) for entry in result["ledger"][1:]] == [
        [("S", "E", 2), ("S", "E", 2), ("S", "W", 2), ("S", "N", 2)], [("S", "N", 1)]]
    assert "given back at event 1" in result["ledger"][2]["what"]
    # E -2 +2 +2 = +2; S +6 -2 -6 -1 = -3; W -2 +2 = 0; N -2 +2 +1 = +1
    assert result["net"] == net(2, -3, 0, 1)


# S kongs; W (1 fan, 2 points), N (0 fans, 1 point) and E (2 fans, 4 points) win its next discard.
# transfer: W, first after S, ends with the 6: E -2 +4 = 2; S +6 -6 -7 = -7; W -2 +2 +6 = 6;
#           N -2 +1 = -1.
# refund:   each payer gets its 2 back: E +4; S -7; W +2; N +1.
THREE = {"W": 1, "N": 0, "E": 2}


@pytest.mark.parametrize("order", ["WNE", "WEN", "NWE", "NEW", "EWN", "ENW"])
@pytest.mark.parametrize("option, expected", [
    ("transfer", net(2, -7, 6, -1)), ("refund", net(4, -7, 2, 1))])
def test_the_net_does_not_depend_on_the_order_the_winners_are_entered(order, option, expected):
    events = [kong("S", "concealed")] + [shot_win(seat, "S", THREE[seat]) for seat in order]
    assert ledger_of(events, kong_shot=option)["net"] == expected


@pytest.mark.parametrize("flags", [(True, False), (False, True)], ids=["second_unmarked",
                                                                      "first_unmarked"])
def test_winners_of_one_discard_disagreeing_on_after_kong_discard_are_refused(flags):
    problem = failure([kong("S", "concealed"),
                       win("N", discarder="S", after_kong_discard=flags[0], fans=0),
                       win("E", discarder="S", after_kong_discard=flags[1], fans=0)])
    assert (problem["code"], problem["event"]) == ("bad_context", 2)
    assert problem["message"].startswith("Event 2 (win by E): E and N (event 1) won on the same "
                                         "discard of S")
    assert "after_kong_discard" in problem["message"]


def test_winning_tiles_that_differ_are_two_discards_that_may_disagree():
    # N wins S's discard right after the kong on 3p; E then wins a later discard of S, on 2p.
    result = ledger_of([kong("S", "concealed"),
                        win("N", discarder="S", after_kong_discard=True,
                            hand="123m456m789p123p55p+3p"),   # kong_discard: 2 points
                        win("E", discarder="S", hand="123m456m789m234p55p+2p")])  # 1 point
    assert moves(result["ledger"][2]) == [("S", "E", 1)]
    # E -2 +2 +1 = 1; S +6 -2 -6 -1 = -3; W -2 +2 = 0; N -2 +2 +2 = 2
    assert result["net"] == net(1, -3, 0, 2)


# The wall's end ------------------------------------------------------------------------------

WALL_DEAL = [
    kong("S", "concealed"),                     # E, W, N pay S 2 each
    win("E", discarder="N", fans=1),            # N pays E 2; E leaves
    {"type": "wall_end",
     "hands": {"S": "(9999m)2468m136799p",      # not ready
               "W": "123m456p789p123p5p",       # void m: a flower pig
               "N": "1112m456m789s333s"},       # ready: waits 2m and 3m
     "void": {"S": "s", "W": "m", "N": "p"}},
]


def test_wall_end_with_a_flower_pig_a_not_ready_and_a_ready_player():
    # N's waits: 2m -> 111m 22m 456m 789s 333s, pair_wait 1 fan -> 2 points;
    #            3m -> 11m 123m 456m 789s 333s, 0 fans -> 1 point. Best: 2 points.
    # 1. S is not ready: gives back its kong's 2 to E, W and N (E had paid it too).
    # 2. W, the flower pig, pays 2**3 = 8 to S and to N.
    # 3. S and W (not ready) each pay N its best, 2.
    result = ledger_of(WALL_DEAL)
    assert moves(result["ledger"][2]) == [
        ("S", "E", 2), ("S", "W", 2), ("S", "N", 2),
        ("W", "S", 8), ("W", "N", 8),
        ("S", "N", 2), ("W", "N", 2)]
    # E -2 +2 +2 = 2; S +6 -6 +8 -2 = 6; W -2 +2 -16 -2 = -18; N -2 -2 +2 +8 +4 = 10
    assert result["net"] == net(2, 6, -18, 10)
    assert "best wait 2 of characters" in result["ledger"][2]["what"]  # a tile in words


def test_the_flower_pig_fine_follows_the_fan_cap():
    result = ledger_of(WALL_DEAL, fan_cap=4)
    # the pig pays 2**4 = 16 to S and to N; N's best wait is still 2 points
    assert ("W", "S", 16) in moves(result["ledger"][2])
    assert result["net"] == net(2, 14, -34, 18)


def test_without_end_checks_the_wall_end_moves_no_money():
    result = ledger_of(WALL_DEAL, end_checks=False)
    assert result["ledger"][2]["transfers"] == []
    assert result["net"] == net(0, 6, -2, -4)  # E -2 +2; S +6; W -2; N -2 -2


def test_without_a_declared_void_three_suits_make_a_flower_pig():
    result = ledger_of([{"type": "wall_end", "hands": {
        "E": "123m789s123p6699p",            # three suits: pig, not ready
        "S": "123m456m789m23p55p",           # ready on 1p and 4p: 0 fans each -> 1 point
        "W": "123m456m789m23p55p",           # the same
        "N": "1357m2468p13579s"}}])          # three suits: pig
    # pigs E and N pay 8 to S and W; E and N pay S and W 1 each
    assert result["net"] == net(-18, 18, 18, -18)


def test_ready_players_keep_their_kong_money_and_collect_their_best_wait():
    # S 1112345678999m (void p): every wait is pure suit 2 fans or more; 1m makes 1111m, root 1 +
    #   pure_suit 2 = 3 -> 8 points, the cap: best 8.
    # W (5555p) 123p 678p 7899s (void m): waits 6s -> 678s 99s: root 1 -> 2 points;
    #   9s -> 789s 99s with 9s completing the eyes: root 1 + pair_wait 1 = 2 fans -> 4 points;
    #   7s (77s 899s?) and 8s (88s 799s?) do not complete. Best 4.
    # E 13579m 2468m 1379p (void s): not ready, not a pig. N 2468m 2468p 13579s (void s): a pig.
    result = ledger_of([
        kong("W", "concealed"),  # E, S, N pay W 2 each
        {"type": "wall_end",
         "hands": {"E": "13579m2468m1379p", "S": "1112345678999m", "W": "(5555p)123p678p7899s",
                   "N": "2468m2468p13579s"},
         "void": {"E": "s", "S": "p", "W": "m", "N": "s"}},
    ])
    # 1. W is ready and keeps its kong money; E and N have none to give back.
    # 2. The pig N pays 8 to E, S and W.  3. E and N pay S 8 and W 4 each.
    assert moves(result["ledger"][1]) == [("N", "E", 8), ("N", "S", 8), ("N", "W", 8),
                                          ("E", "S", 8), ("E", "W", 4),
                                          ("N", "S", 8), ("N", "W", 4)]
    # E -2 +8 -12 = -6; S -2 +24 = 22; W +6 +16 = 22; N -2 -24 -12 = -38
    assert result["net"] == net(-6, 22, 22, -38)


# Impossible events -----------------------------------------------------------------------------

@pytest.mark.parametrize("events, index, words", [
    ([win("E", discarder="S", fans=0), win("E", discarder="W", fans=0)], 1, "already won"),
    ([win("E", discarder="S", fans=0), kong("E", "concealed")], 1, "already won"),
    ([win("E", discarder="S", fans=0), kong("W", "exposed", **{"from": "E"})], 1, "already won"),
    ([win("E", discarder="S", fans=0), win("W", discarder="E", fans=0)], 1, "already won"),
    ([win("E", discarder="S", fans=0), win("W", context={"discarder": "E"}, fans=0)], 1,
     "already won"),
    ([win("E", discarder="S", fans=0), win("E", fans=0)], 1, "already won"),
    ([win("E", discarder="S", fans=0), win("S", discarder="W", fans=0),
      win("W", discarder="N", fans=0), {"type": "wall_end", "hands": {"N": "1112345678999m"}}],
     3, "ended"),
    ([{"type": "wall_end", "hands": {"E": "123m456m789m23p55p", "S": "123m456m789m23p66p",
                                     "W": "123m456m789m34p77p", "N": "123m456m789m11p99p"}},
      kong("E", "concealed")], 1, "ended"),
    ([kong("X", "concealed")], 0, "seat"),
    ([{"type": "pung", "seat": "E"}], 0, "type"),
    (["kong"], 0, "object"),
    ([kong("E", "hidden")], 0, "kind"),
    ([kong("E", "exposed")], 0, "from"),
    ([kong("E", "exposed", **{"from": "E"})], 0, "another player"),
    ([kong("E", "concealed", held=True)], 0, "held"),
    ([kong("E", "concealed", tile="5m")], 0, "tile"),
    ([win("E", discarder="S")], 0, "fans"),
    ([win("E", discarder="S", fans=1, hand="123m456m789p123p55p+3p")], 0, "fans"),
    ([win("E", discarder="S", fans=-1)], 0, "fans"),
    ([win("E", discarder="E", fans=1)], 0, "own discard"),
    ([{"type": "wall_end", "hands": {"E": "1112345678999m"}}], 0, "missing"),
], ids=["win_twice", "kong_after_winning", "kong_from_a_seat_that_left",
        "discard_from_a_seat_that_left", "context_discarder_that_left",
        "winner_twice_on_the_default_discarder", "wall_end_after_three_winners",
        "event_after_the_wall_end", "unknown_seat", "unknown_type", "not_an_object",
        "unknown_kong_kind", "exposed_kong_without_from", "exposed_kong_from_itself",
        "held_on_a_concealed_kong", "unknown_field", "win_without_hand_or_fans",
        "win_with_hand_and_fans", "negative_fans", "win_on_own_discard",
        "wall_end_missing_a_hand"])
def test_an_impossible_event_is_a_bad_event_naming_it(events, index, words):
    problem = failure(events)
    assert problem["code"] == "bad_event"
    assert problem["event"] == index
    assert f"Event {index}" in problem["message"]
    assert words in problem["message"]


@pytest.mark.parametrize("event, code", [
    (win("E", discarder="S", hand="123m456m789p124p55p+5p"), "not_a_winning_hand"),
    (win("E", discarder="S", hand="123m456m789p123p55z"), "tile_not_in_variant"),
    (win("E", discarder="S", hand="[123m]456m789p123p55p+5p"), "meld_not_allowed"),
    (win("E", discarder="S", hand="123m456m789s123p55p+5p"), "void_suit_present"),
    (win("E", discarder="S", hand="123m456m789m123p55p+5p", context={"void_suit": "p"}),
     "void_suit_present"),
    (win("E", discarder="S", hand="123m456m789m123p55p+5p", void="p"), "void_suit_present"),
    (win("E", self_drawn=True, robbing_kong=True, fans=1), "bad_context"),
    (win("E", discarder="S", kong_replacement=True, fans=1), "bad_context"),
    (win("E", self_drawn=True, after_kong_discard=True, fans=1), "bad_context"),
    (win("E", discarder="S", robbing_kong=True, after_kong_discard=True, fans=1), "bad_context"),
    (win("E", self_drawn=True, kong_replacement=True, hand="123m456m789p123p55p+3p"),
     "bad_context"),
    (win("E", discarder="S", fans=1, context={"flying": True}), "bad_context"),
    ({"type": "wall_end", "hands": {s: "123m456m789m23p55p" for s in "ESW"} | {"N": "1m"}},
     "wrong_tile_count"),
    ({"type": "wall_end", "hands": {s: "123m456m789m23p55p" for s in "ESWN"}, "void": {"N": "z"}},
     "bad_context"),
], ids=["not_a_winning_hand", "tile_not_in_variant", "meld_not_allowed", "three_suits",
        "declared_void", "declared_void_on_the_event", "robbing_self_drawn",
        "kong_replacement_on_a_discard", "after_kong_discard_self_drawn",
        "robbing_after_kong_discard", "kong_replacement_without_a_kong",
        "unknown_context_flag", "wall_end_hand_count", "wall_end_bad_void"])
def test_a_bad_hand_or_context_inside_an_event_keeps_its_code_and_names_the_event(event, code):
    problem = failure([kong("N", "concealed"), event])
    assert problem["code"] == code
    assert problem["event"] == 1 and problem["message"].startswith("Event 1")


def test_deal_errors_outside_the_events():
    assert api.settle({"variant": "sichuan"})["error"]["code"] == "bad_request"
    assert failure([], bonus=True)["code"] == "unknown_rule"
    assert failure([], kong_shot="keep")["code"] == "bad_context"


def test_an_empty_deal_moves_no_money():
    assert ledger_of([]) == {"ok": True, "net": net(), "ledger": []}


# The doors -------------------------------------------------------------------------------------

def test_the_api_settles_a_deal():
    response = Client().post("/api/settle", data=json.dumps(
        {"variant": "sichuan", "events": SHOT, "rules": {"kong_shot": "transfer"}}),
        content_type="application/json")
    assert response.status_code == 200
    assert response.json()["net"] == net(-2, -2, -2, 6)


def test_the_api_answers_an_impossible_event_with_400():
    response = Client().post("/api/settle", data=json.dumps(
        {"variant": "sichuan", "events": [win("E", discarder="S", fans=0)] * 2}),
        content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["event"] == 1


def test_the_api_scores_a_sichuan_hand():
    response = Client().post("/api/score", data=json.dumps(
        {"variant": "sichuan", "hand": "111m234m567m888m99m+3m"}), content_type="application/json")
    assert response.status_code == 200
    assert (response.json()["total"], response.json()["points"]) == (2, 4)


def run_settle(request):
    out = io.StringIO()
    try:
        call_command("settle", "--json", "-", stdin=io.StringIO(json.dumps(request)), stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, json.loads(out.getvalue())


def test_the_settle_command_prints_the_ledger():
    code, result = run_settle({"variant": "sichuan", "events": WALL_DEAL})
    assert code == 0
    assert result["net"] == net(2, 6, -18, 10)


def test_the_settle_command_exits_2_on_an_impossible_event():
    code, result = run_settle({"variant": "sichuan", "events": [kong("E", "sideways")]})
    assert code == 2
    assert result["error"]["code"] == "bad_event"


# Copies across the deal ------------------------------------------------------------------------
# Every tile of a deal comes from one set of 108, four of each (spec "The tiles and the hand",
# contract §1): the hands shown together cannot hold a fifth copy (too_many_copies). Only tiles
# written are counted; a discard won by consecutive winners is one tile.

FIVE_5P = [
    win("E", discarder="N", hand="123m456m789m555p99p+9p"),   # 5p x3
    win("W", self_drawn=True, hand="234m567m888m123p55p+2m"),  # 5p x2: five in all
]


def test_two_winning_hands_holding_five_5p_are_refused():
    problem = failure(FIVE_5P)
    assert problem["code"] == "too_many_copies"
    assert problem["event"] == 1 and problem["message"].startswith("Event 1")
    assert "5p" in problem["message"]
    assert "3 in E's winning hand (event 0)" in problem["message"]
    assert "2 in W's winning hand (event 1)" in problem["message"]


def test_a_wall_end_hand_is_counted_with_the_winning_hands():
    problem = failure([
        win("E", discarder="N", hand="123m456m789m555p99p+9p"),  # 5p x3
        {"type": "wall_end", "hands": {"S": "234m567m234s567s9s", "W": "345m678m345s678s9s",
                                       "N": "123s456s789s11s55p"}}])  # 5p x2: five in all
    assert (problem["code"], problem["event"]) == ("too_many_copies", 1)
    assert "3 in E's winning hand (event 0)" in problem["message"]
    assert "2 in N's hand at the wall's end (event 1)" in problem["message"]


def test_a_hands_own_fault_comes_before_the_copies_across_the_deal():
    # S's hand is one tile short: that is said first, though W and N together hold five 5p.
    problem = failure([{"type": "wall_end", "hands": {
        "E": "123m456m789m23s99s", "S": "123m456m789m2p", "W": "123s555p789s11s99p",
        "N": "123s456s789s55p22s"}}])
    assert (problem["code"], problem["event"]) == ("wrong_tile_count", 0)


# S discards 5p: E wins it for a pung (555p, the discard among them), W wins the same 5p for the
# eyes (55p): 3 + 2 - 1 = 4 copies, the whole set. Won on different discards, it would be five.
SHARED = [win("E", discarder="S", hand="123m456m789m555p99p+5p"),
          win("W", discarder="S", hand="123s456s789s999s55p+5p")]


@pytest.mark.parametrize("events", [
    SHARED,
    [SHARED[0], win("N", discarder="S", fans=1), SHARED[1]],
], ids=["two_winners", "three_winners_one_entered_as_fans"])
def test_winners_on_one_discard_share_its_tile(events):
    result = ledger_of(events)
    # E: 555p 99p, the pung completed: 0 fans -> 1 point. W: 789s + 999s hold four 9s, root 1,
    # and the 5p completes the eyes, pair_wait 1: 2 fans -> 4 points.
    assert moves(result["ledger"][0]) == [("S", "E", 1)]
    assert moves(result["ledger"][-1]) == [("S", "W", 4)]


@pytest.mark.parametrize("events", [
    [SHARED[0], win("W", discarder="N", hand="123s456s789s999s55p+5p")],
    [SHARED[0], kong("N", "concealed"), SHARED[1]],
    [SHARED[0], win("N", self_drawn=True, fans=1), SHARED[1]],
], ids=["another_discarder", "a_kong_between", "a_self_drawn_win_between"])
def test_winners_on_different_discards_do_not_share_a_tile(events):
    problem = failure(events)
    assert (problem["code"], problem["event"]) == ("too_many_copies", len(events) - 1)
    assert "5p" in problem["message"]


def test_a_win_entered_as_fans_and_a_kong_show_no_tiles():
    # Only written tiles count: a kong event does not name its tile, fans give no hand.
    result = ledger_of([kong("E", "concealed"), win("E", discarder="N", fans=1),
                        win("S", discarder="N", hand="123m456m789m555p99p+9p")])
    assert result["ok"]


def test_the_api_refuses_five_copies_with_400():
    response = Client().post("/api/settle", data=json.dumps(
        {"variant": "sichuan", "events": FIVE_5P}), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "too_many_copies"
    assert response.json()["error"]["event"] == 1


def test_the_settle_command_refuses_five_copies_with_exit_2():
    code, result = run_settle({"variant": "sichuan", "events": FIVE_5P})
    assert code == 2
    assert result["error"]["code"] == "too_many_copies"


# Property: random legal deals ----------------------------------------------------------------

WINNING = [  # concealed winning hands, each lacking one suit
    "123m456m789p123p55p", "11223344556677m", "111m222m555p777p99p", "123m456m789m234p55p",
    "111m234m567m888m99m", "11123456788999m", "11m33m55m77m22p44p66p", "234p234p555p678p88p+5p",
]


def tiles_of(text: str) -> Counter:
    parsed = parse(text)
    return Counter(parsed.concealed + tuple(t for group in parsed.groups for t in group.tiles))


def fits(text: str, used: Counter) -> bool:
    """The hand's tiles are still in the set (4 of each) after those the deal has shown."""
    return all(used[tile] + n <= 4 for tile, n in tiles_of(text).items())


def ready_hand(draw, used: Counter) -> str | None:
    """A winning hand that fits with one tile taken out: ready by construction."""
    fitting = [text for text in WINNING if fits(text, used)]
    if not fitting:
        return None
    text = draw(st.sampled_from(fitting)).split("+")[0]
    held = list(parse(text).concealed)
    held.pop(draw(st.integers(0, len(held) - 1)))
    return format_tiles(held)


def random_hand(draw, used: Counter) -> str:
    """13 tiles from what is left of the set."""
    left = [tile for tile in range(27) for _ in range(4 - used[tile])]
    picked = draw(st.lists(st.integers(0, len(left) - 1), unique=True, min_size=13, max_size=13))
    return format_tiles(sorted(left[i] for i in picked))


@st.composite
def deals(draw):
    """Legal deals: the hands shown together never hold more than the set's 4 copies of a tile,
    and consecutive winners on one discarder (one discard) agree on after_kong_discard."""
    in_play, events, used = list(SEATS), [], Counter()
    for _ in range(draw(st.integers(0, 10))):
        seat = draw(st.sampled_from(in_play))
        others = [s for s in in_play if s != seat]
        if draw(st.booleans()):
            kind = draw(st.sampled_from(["concealed", "exposed", "added"]))
            event = kong(seat, kind)
            if kind == "exposed":
                event["from"] = draw(st.sampled_from(others))
            elif kind == "added":
                event["held"] = draw(st.booleans())
            events.append(event)
            continue
        event = win(seat)
        if draw(st.booleans()):
            event["self_drawn"] = True
        else:
            event["discarder"] = draw(st.sampled_from(others))
            last = events[-1] if events else {}
            if last.get("type") == "win" and last.get("discarder") == event["discarder"]:
                event["after_kong_discard"] = last["after_kong_discard"]
            else:
                event["after_kong_discard"] = draw(st.booleans())
        fitting = [text for text in WINNING if fits(text, used)]
        if not fitting or draw(st.booleans()):
            event["fans"] = draw(st.integers(0, 9))
        else:
            event["hand"] = draw(st.sampled_from(fitting))
            event["last_tile"] = draw(st.booleans())
            used += tiles_of(event["hand"])
        events.append(event)
        in_play.remove(seat)
        if len(in_play) == 1:
            return events, {}
    if draw(st.booleans()):
        hands = {}
        for s in in_play:
            hand = ready_hand(draw, used) if draw(st.booleans()) else None
            hands[s] = hand or random_hand(draw, used)
            used += tiles_of(hands[s])
        voids = {s: draw(st.sampled_from(["m", "p", "s"])) for s in in_play
                 if draw(st.booleans())}
        events.append({"type": "wall_end", "hands": hands, "void": voids})
    rules = draw(st.fixed_dictionaries({}, optional={
        "kong_shot": st.sampled_from(["refund", "transfer"]), "end_checks": st.booleans(),
        "fan_cap": st.integers(1, 6)}))
    return events, rules


@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deals())
def test_random_legal_deals_always_give_a_zero_sum_ledger(deal):
    events, rules = deal
    result = settle(events, **rules)
    assert result["ok"] is True, result
    check_books(result)
    assert len(result["ledger"]) == len(events)


SCALAR = st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(
    ["E", "S", "x", "m", "concealed", "exposed", "added", "123m456m789p123p55p+3p", "1m"])
JUNK = SCALAR | st.lists(SCALAR, max_size=3) | st.dictionaries(
    st.sampled_from(["E", "S", "W", "N", "void_suit"]), SCALAR, max_size=3)
EVENT_KEYS = ["type", "seat", "kind", "from", "held", "self_drawn", "discarder", "hand", "fans",
              "context", "hands", "void", "after_kong_discard", "opponents", "seat_wind"]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.fixed_dictionaries(
    {"type": st.sampled_from(["kong", "win", "wall_end", "pung"]) | JUNK},
    optional={key: JUNK for key in EVENT_KEYS[1:]}), max_size=5))
def test_any_json_events_give_a_result_never_an_exception(events):
    result = settle(events)
    if result["ok"]:
        check_books(result)
    else:
        assert set(result["error"]) >= {"code", "message"}
