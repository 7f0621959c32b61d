"""Sichuan hand scoring, worked by hand from spec/rules-sichuan.md.

Fans: root 1 per four-of-a-kind, all_pungs 1, pair_wait 1, pure_suit 2, seven_pairs 2,
kong_self_draw 1, kong_discard 1, robbing_kong 1, last_tile 1; capped at fan_cap (3);
points = 1 for 0 fans, else 2 ** fans. Discard: the discarder pays points; self-drawn: each
opponent still in pays points + 1. The seat is East unless said, so the default discarder is North.
"""

import pytest

from scoring.engine import api


def score(hand, rules=None, **context):
    return api.score({"variant": "sichuan", "hand": hand, "context": context,
                      "rules": rules or {}})


def ok(hand, rules=None, **context):
    result = score(hand, rules, **context)
    assert result["ok"] is True, result
    return result


def patterns(result):
    return {p["id"]: p["count"] for p in result["patterns"]}


def error(hand, rules=None, **context):
    result = score(hand, rules, **context)
    assert result["ok"] is False, result
    return result["error"]


# (hand, context, expected patterns, total, points)
WORKED = [
    pytest.param("123m456m789m234p55p+4p", {}, {}, 0, 1,
                 id="no_fan"),  # 4p completes 234p, not the eyes: 0 fans -> 1 point
    pytest.param("111m123m456p789p55p+6p", {}, {"root": 1}, 1, 2,
                 id="root-triplet_and_sequence"),  # four 1m as 111m + 123m: 1 -> 2**1
    pytest.param("[1111m]234m456p789p55p+4p", {}, {"root": 1}, 1, 2,
                 id="root-exposed_kong"),  # 1 -> 2
    pytest.param("(1111m)234m456p789p55p+4p", {}, {"root": 1}, 1, 2,
                 id="root-concealed_kong"),  # 1 -> 2
    pytest.param("1111m33m55m22p44p66p+6p", {}, {"root": 1, "seven_pairs": 1}, 3, 8,
                 id="root-in_seven_pairs"),  # 1111m is two pairs: root 1 + seven pairs 2 = 3 -> 8
    pytest.param("(1111m)(2222p)345m55p678p+3m", {}, {"root": 2}, 2, 4,
                 id="root-two_kongs"),  # two roots: 2 -> 4
    pytest.param("111m222m555p777p99p+7p", {}, {"all_pungs": 1}, 1, 2,
                 id="all_pungs"),  # 7p completes 777p: 1 -> 2
    pytest.param("[111m]222m[555p]777p99p+9p", {}, {"all_pungs": 1, "pair_wait": 1}, 2, 4,
                 id="all_pungs-with_pair_wait"),  # 1 + 1 = 2 -> 4
    pytest.param("123m456m789p123p55p+5p", {}, {"pair_wait": 1}, 1, 2,
                 id="pair_wait"),  # only the eyes hold 5p: 1 -> 2
    pytest.param("111m234m567m888m99m+3m", {}, {"pure_suit": 1}, 2, 4,
                 id="pure_suit"),  # 2 -> 4
    pytest.param("11m33m55m77m22p44p66p+6p", {}, {"seven_pairs": 1}, 2, 4,
                 id="seven_pairs"),  # 2 -> 4
    pytest.param("[2222m]345m678p99p456p+4p", {"self_drawn": True, "kong_replacement": True},
                 {"root": 1, "kong_self_draw": 1}, 2, 4,
                 id="kong_self_draw"),  # root 1 + 1 = 2 -> 4
    pytest.param("123m456m789p123p55p+3p", {"after_kong_discard": True}, {"kong_discard": 1}, 1, 2,
                 id="kong_discard"),  # 3p completes 123p: 1 -> 2
    pytest.param("123m456m789p123p55p+3p", {"robbing_kong": True}, {"robbing_kong": 1}, 1, 2,
                 id="robbing_kong"),  # the only 3p: 1 -> 2
    pytest.param("123m456m789p123p55p+3p", {"last_tile": True, "self_drawn": True},
                 {"last_tile": 1}, 1, 2, id="last_tile-self_drawn"),  # 1 -> 2
    pytest.param("123m456m789p123p55p+3p", {"last_tile": True}, {"last_tile": 1}, 1, 2,
                 id="last_tile-discard"),  # 1 -> 2
    pytest.param("111m222m333m444m55m+5m", {}, {"all_pungs": 1, "pair_wait": 1, "pure_suit": 1},
                 3, 8, id="cap-exactly_reached"),  # 1 + 1 + 2 = 4 fans, capped at 3 -> 8
    pytest.param("11112222333344m+4m", {}, {"root": 3, "pure_suit": 1, "seven_pairs": 1}, 3, 8,
                 id="cap-seven_pairs_with_three_roots"),  # 3 + 2 + 2 = 7, capped at 3 -> 8
]


@pytest.mark.parametrize("hand, context, expected, total, points", WORKED)
def test_worked_hand(hand, context, expected, total, points):
    result = ok(hand, **context)
    assert patterns(result) == expected
    assert result["total"] == total
    assert result["points"] == points
    assert result["limit"] == 3


def test_pattern_names_are_romanized_english_and_chinese():
    result = ok("1111m33m55m22p44p66p+6p")
    root = next(p for p in result["patterns"] if p["id"] == "root")
    assert (root["name"], root["english"], root["chinese"], root["value"]) == (
        "Gen", "Root", "根", 1)


@pytest.mark.parametrize("cap, total, points", [(3, 3, 8), (5, 5, 32), (10, 7, 128), (1, 1, 2)],
                         ids=["default", "five", "above_the_hand", "one"])
def test_the_fan_cap(cap, total, points):
    # root 3 + pure_suit 2 + seven_pairs 2 = 7 fans before the cap
    result = ok("11112222333344m+4m", {"fan_cap": cap})
    assert result["raw_total"] == 7
    assert (result["total"], result["points"], result["limit"]) == (total, points, cap)


def test_seven_pairs_beats_the_four_sets_reading():
    # Seven pairs: root 3 + pure_suit 2 + seven_pairs 2 = 7. Four sets: 123m x4 + 44m and
    # 111m 222m 333m 123m 44m: root 3 + pure_suit 2 + pair_wait 1 = 6 each; 11m 123m 123m 234m
    # 234m (4m completes a 234m, not the eyes): root 3 + pure_suit 2 = 5.
    result = ok("11112222333344m+4m", {"fan_cap": 10})
    assert result["form"] == "seven_pairs"
    assert result["total"] == 7
    assert [a["raw_total"] for a in result["alternatives"]] == [6, 6, 5]


def test_four_sets_read_as_seven_pairs_too_keep_the_better():
    # 112233m 445566m 77p: seven pairs 2 fans; as 123m 123m 456m 456m 77p, pair_wait 1 fan.
    result = ok("112233445566m77p+7p")
    assert result["form"] == "seven_pairs"
    assert patterns(result) == {"seven_pairs": 1}
    assert [a["raw_total"] for a in result["alternatives"]] == [1]


def test_all_pungs_reading_beats_three_sequences():
    # 111m 222m 333m 555p 77p: all_pungs 1; as 123m x3 + 555p + 77p: nothing.
    result = ok("111m222m333m555p77p+3m")
    assert result["decomposition"] == ["111m", "222m", "333m", "555p", "77p"]
    assert patterns(result) == {"all_pungs": 1}
    assert [a["raw_total"] for a in result["alternatives"]] == [0]


def test_the_best_reading_is_chosen_before_the_cap():
    # fan_cap 1: both readings of 111m 222m 333m 444m 55m cap at 1, but the best raw total
    # (all_pungs 1 + pair_wait 1 + pure_suit 2 = 4) is the reading shown.
    result = ok("111m222m333m444m55m+5m", {"fan_cap": 1})
    assert (result["raw_total"], result["total"], result["points"]) == (4, 1, 2)


# Payments --------------------------------------------------------------------------------------

def test_discard_win_the_discarder_pays_the_points():
    result = ok("111m234m567m888m99m+3m", seat_wind="S", discarder="W")  # pure suit: 2 -> 4
    assert result["payments"]["transfers"] == [{"from": "W", "to": "S", "amount": 4}]
    assert result["payment_reasons"] == ["discarder pays the 4 points"]
    assert result["payments"]["net"] == {"E": 0, "S": 4, "W": -4, "N": 0}


def test_self_drawn_each_opponent_pays_points_plus_one():
    result = ok("111m234m567m888m99m+3m", self_drawn=True)  # 4 points, 4 + 1 from each
    assert result["payments"]["net"] == {"E": 15, "S": -5, "W": -5, "N": -5}


def test_self_drawn_only_the_opponents_still_in_pay():
    result = ok("123m456m789p123p55p+3p", self_drawn=True, seat_wind="W", opponents=["N"])
    # 0 fans -> 1 point; N alone pays 1 + 1
    assert result["payments"]["transfers"] == [{"from": "N", "to": "W", "amount": 2}]
    assert result["payment_reasons"] == ["self-drawn: 1 point + 1 from each player still in"]


# Errors ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, tile", [
    ("123m456m789p123p55z", "5z"),
    ("123m456m789p123p55p1f", "1f"),
    ("123m456m789p123pJ5p+5p", "J"),
    ("123m456m789p123p[EEE]55p", "1z"),
], ids=["honor", "flower", "joker", "exposed_honor_pung"])
def test_tiles_outside_the_108_are_not_in_the_variant(hand, tile):
    problem = error(hand)
    assert problem["code"] == "tile_not_in_variant"
    assert tile in problem["message"]


def test_a_tile_of_the_declared_void_suit_is_present():
    problem = error("123m456m789m123p55s+5s", void_suit="s")
    assert problem["code"] == "void_suit_present"
    assert "5s" in problem["message"]


def test_three_suits_without_a_declared_void():
    problem = error("123m456p789s123p55p+5p")
    assert problem["code"] == "void_suit_present"


def test_a_declared_void_that_the_hand_lacks_is_fine():
    assert ok("123m456m789m234p55p+4p", void_suit="s")["total"] == 0


@pytest.mark.parametrize("hand, group", [
    ("[123m]456m789p123p55p+5p", "[123m]"),
    ("[345p](1111m)789p55p[234p]+5p", "[345p]"),
], ids=["exposed_chow", "exposed_chow_beside_a_kong"])
def test_a_claimed_chow_is_not_allowed(hand, group):
    problem = error(hand)
    assert problem["code"] == "meld_not_allowed"
    assert group in problem["message"]


@pytest.mark.parametrize("hand, rules, context, code", [
    ("123m456m789p124p55p+5p", {}, {}, "not_a_winning_hand"),
    ("123m456m789p123p5p", {}, {}, "wrong_tile_count"),
    ("11111m456m789p55p+5p", {}, {}, "too_many_copies"),
    ("12x", {}, {}, "bad_notation"),
    ("123m456m789p123p55p+3p", {}, {"kong_replacement": True, "self_drawn": True},
     "bad_context"),
    ("123m456m789p123p33p+3p", {}, {"robbing_kong": True}, "bad_context"),
    ("123m456m789p123p55p+3p", {}, {"void_suit": "z"}, "bad_context"),
    ("123m456m789p123p55p+3p", {"minimum_fan": 3}, {}, "unknown_rule"),
    ("123m456m789p123p55p+3p", {"fan_cap": 0}, {}, "bad_context"),
    ("123m456m789p123p55p+3p", {"fan_cap": True}, {}, "bad_context"),
    ("123m456m789p123p55p+3p", {"fan_cap": "3"}, {}, "bad_context"),
    ("123m456m789p123p55p+3p", {"table": "tencent"}, {}, "bad_context"),
    ("123m456m789p123p55p+3p", {"kong_shot": "keep"}, {}, "bad_context"),
    ("123m456m789p123p55p+3p", {"end_checks": 1}, {}, "bad_context"),
], ids=["not_a_winning_hand", "wrong_tile_count", "too_many_copies", "bad_notation",
        "kong_replacement_without_kong", "robbing_kong_holding_another_copy", "bad_void_suit",
        "unknown_rule", "fan_cap_zero", "fan_cap_bool", "fan_cap_text", "unknown_table",
        "unknown_kong_shot", "end_checks_not_bool"])
def test_error_codes(hand, rules, context, code):
    assert error(hand, rules, **context)["code"] == code


def test_the_options_in_use_are_reported():
    result = ok("123m456m789p123p55p+3p", {"kong_shot": "transfer"})
    assert result["rules"] == {"fan_cap": 3, "table": "mahjongo", "kong_shot": "transfer",
                               "end_checks": True}


def test_the_catalog_lists_sichuan_with_its_patterns_and_options():
    [sichuan] = [v for v in api.catalog()["variants"] if v["id"] == "sichuan"]
    assert [p["id"] for p in sichuan["patterns"]] == [
        "root", "all_pungs", "pair_wait", "pure_suit", "seven_pairs", "kong_self_draw",
        "kong_discard", "robbing_kong", "last_tile"]
    assert {o["name"]: o["default"] for o in sichuan["options"]} == {
        "fan_cap": 3, "table": "mahjongo", "kong_shot": "refund", "end_checks": True}
