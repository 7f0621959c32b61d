"""Hong Kong Old Style money and house options: faan -> points by the scale, who pays, and every
option checked (spec/rules-hongkong.md, "From faan to points, and who pays").

Half spicy, 0..13 faan: 1 2 4 8 16 24 32 48 64 96 128 192 256 384. Full spicy: 2**faan.
A portion = stake x multiplier. Self-drawn: the three others pay 1 portion each. On a discard,
full_gun: the discarder pays 2 portions; half_gun: the discarder 1, the other two half of one.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import score
from tests.environment import examples
from tests.helpers import paid, play

# Worked totals (seat East, round East, discard from North unless said):
# seat_wind 1 + round_wind 1 + no_flowers 1 = 3; self-drawn adds 1: 4
THREE = "234m567p22s[111z][789p]+2s"
# small_three_dragons 3 + dragon_pung 2 = 5; self-drawn: 6 (2f is South's flower)
FIVE = "123m456p77z[555z][666z]2f+7z"
# orphans 10; self-drawn: 11
TEN = "111m999m111p99s[999p]2f+9s"
# great_four_winds 13; self-drawn 14, capped: 13
THIRTEEN = "55m[111z][222z][333z][444z]+5m"
# nothing at all: 0 (needs minimum_fan 0)
ZERO = "123m222m[789p]456s55s2f+5s"


MONEY = [
    # hand, rules, self_drawn, total, points, transfers
    pytest.param(THREE, {}, False, 3, 8, {("N", "E"): 16}, id="half_spicy_3_full_gun"),
    pytest.param(THREE, {"payment": "half_gun"}, False, 3, 8,
                 {("N", "E"): 8, ("S", "E"): 4, ("W", "E"): 4}, id="half_spicy_3_half_gun"),
    pytest.param(THREE, {}, True, 4, 16, {("S", "E"): 16, ("W", "E"): 16, ("N", "E"): 16},
                 id="half_spicy_4_self_drawn"),
    pytest.param(FIVE, {}, False, 5, 24, {("N", "E"): 48}, id="half_spicy_5_full_gun"),
    pytest.param(FIVE, {"payment": "half_gun"}, False, 5, 24,
                 {("N", "E"): 24, ("S", "E"): 12, ("W", "E"): 12}, id="half_spicy_5_half_gun"),
    pytest.param(FIVE, {}, True, 6, 32, {("S", "E"): 32, ("W", "E"): 32, ("N", "E"): 32},
                 id="half_spicy_6_self_drawn"),
    pytest.param(TEN, {}, False, 10, 128, {("N", "E"): 256}, id="half_spicy_10_full_gun"),
    pytest.param(TEN, {"payment": "half_gun"}, False, 10, 128,
                 {("N", "E"): 128, ("S", "E"): 64, ("W", "E"): 64}, id="half_spicy_10_half_gun"),
    pytest.param(TEN, {}, True, 11, 192, {("S", "E"): 192, ("W", "E"): 192, ("N", "E"): 192},
                 id="half_spicy_11_self_drawn"),
    pytest.param(THIRTEEN, {}, False, 13, 384, {("N", "E"): 768}, id="half_spicy_13_full_gun"),
    pytest.param(THIRTEEN, {}, True, 13, 384,
                 {("S", "E"): 384, ("W", "E"): 384, ("N", "E"): 384},
                 id="half_spicy_13_self_drawn_capped"),
    pytest.param(THREE, {"scale": "full_spicy"}, False, 3, 8, {("N", "E"): 16},
                 id="full_spicy_3_full_gun"),
    pytest.param(FIVE, {"scale": "full_spicy"}, False, 5, 32, {("N", "E"): 64},
                 id="full_spicy_5_full_gun"),
    pytest.param(FIVE, {"scale": "full_spicy", "payment": "half_gun"}, False, 5, 32,
                 {("N", "E"): 32, ("S", "E"): 16, ("W", "E"): 16}, id="full_spicy_5_half_gun"),
    pytest.param(TEN, {"scale": "full_spicy"}, True, 11, 2048,
                 {("S", "E"): 2048, ("W", "E"): 2048, ("N", "E"): 2048},
                 id="full_spicy_11_self_drawn"),
    pytest.param(THIRTEEN, {"scale": "full_spicy", "payment": "half_gun"}, False, 13, 8192,
                 {("N", "E"): 8192, ("S", "E"): 4096, ("W", "E"): 4096},
                 id="full_spicy_13_half_gun"),
    # stake 0.5 (二五雞): 0.5 x 8 = 4; half gun 4, 2, 2
    pytest.param(THREE, {"stake": 0.5, "payment": "half_gun"}, False, 3, 4,
                 {("N", "E"): 4, ("S", "E"): 2, ("W", "E"): 2}, id="stake_half_3_half_gun"),
    # stake 2 (一二蚊), full spicy: 2 x 32 = 64; full gun 128
    pytest.param(FIVE, {"stake": 2, "scale": "full_spicy"}, False, 5, 64, {("N", "E"): 128},
                 id="stake_2_full_spicy_5_full_gun"),
    # a chicken hand at stake 0.5: 0.5 x 1; half gun 0.5, 0.25, 0.25
    pytest.param(ZERO, {"stake": 0.5, "payment": "half_gun", "minimum_fan": 0}, False, 0, 0.5,
                 {("N", "E"): 0.5, ("S", "E"): 0.25, ("W", "E"): 0.25},
                 id="stake_half_0_half_gun"),
    # self-drawn 1 at stake 0.5, minimum 0: 0.5 x 2 = 1 each
    pytest.param(ZERO, {"stake": 0.5, "minimum_fan": 0}, True, 1, 1,
                 {("S", "E"): 1, ("W", "E"): 1, ("N", "E"): 1}, id="stake_half_1_self_drawn"),
]


@pytest.mark.parametrize("hand, rules, self_drawn, total, points, transfers", MONEY)
def test_points_and_payments(hand, rules, self_drawn, total, points, transfers):
    result = play(hand, rules, self_drawn=self_drawn)
    assert result["total"] == total
    assert result["points"] == points
    assert paid(result) == transfers
    net = result["payments"]["net"]
    assert sum(net.values()) == 0
    assert net["E"] == sum(transfers.values())


@pytest.mark.parametrize("payment, transfers", [
    ("full_gun", {("S", "W"): 48}),
    ("half_gun", {("S", "W"): 24, ("N", "W"): 12, ("E", "W"): 12}),
], ids=["full_gun", "half_gun"])
def test_the_discarder_is_whoever_the_context_names(payment, transfers):
    # FIVE on a West seat (2f is South's, not West's): 5 faan, 24 a portion
    result = play(FIVE, {"payment": payment}, seat_wind="W", discarder="S")
    assert result["total"] == 5
    assert paid(result) == transfers
    assert result["payments"]["net"]["W"] == 48


def test_self_drawn_by_a_non_dealer_has_no_dealer_multiplier():
    # FIVE self-drawn on a North seat (2f is South's): 6 faan, 32 from each, dealer East too
    result = play(FIVE, seat_wind="N", self_drawn=True)
    assert result["total"] == 6
    assert paid(result) == {("E", "N"): 32, ("S", "N"): 32, ("W", "N"): 32}


def test_below_the_minimum_nobody_pays():
    # all_chows 1 + no_flowers 1 = 2: under 3; with minimum 2 it pays 4 x 2 = 8
    hand = "123m456m234s55s[789p]+5s"
    result = play(hand)
    assert (result["total"], result["meets_minimum"]) == (2, False)
    assert result["payments"]["transfers"] == []
    assert set(result["payments"]["net"].values()) == {0}
    assert paid(play(hand, {"minimum_fan": 2})) == {("N", "E"): 8}


def test_the_scale_stops_at_the_limit():
    # orphans 10 at limit 8: half spicy 64; full spicy 256
    assert play(TEN, {"limit": 8})["points"] == 64
    assert play(TEN, {"limit": 8, "scale": "full_spicy"})["points"] == 256


# --- house options -----------------------------------------------------------------------------

DEFAULTS = {"limit": 13, "minimum_fan": 3, "scale": "half_spicy", "payment": "full_gun",
            "stake": 1, "no_flowers_bonus": True, "seven_pairs": False}


def test_the_defaults_are_the_rules_document_s():
    assert play(THREE)["rules"] == DEFAULTS


@pytest.mark.parametrize("name, value", [
    ("limit", 8), ("limit", 10), ("limit", 6), ("limit", 1), ("minimum_fan", 0),
    ("minimum_fan", 13), ("scale", "full_spicy"), ("payment", "half_gun"), ("stake", 0.5),
    ("stake", 2), ("stake", 0.25), ("stake", 5), ("no_flowers_bonus", False),
    ("seven_pairs", True),
], ids=lambda v: str(v))
def test_accepted_options(name, value):
    rules = {name: value}
    if name == "limit":
        rules["minimum_fan"] = 0
    assert play(THREE, rules)["rules"][name] == value


@pytest.mark.parametrize("name, value", [
    ("limit", 0), ("limit", 14), ("limit", 100), ("limit", "13"), ("limit", 10.5),
    ("limit", True), ("limit", None),
    ("minimum_fan", -1), ("minimum_fan", 2.5), ("minimum_fan", "3"), ("minimum_fan", False),
    ("scale", "spicy"), ("scale", "HALF_SPICY"), ("scale", 1),
    ("payment", "full"), ("payment", "discarder"), ("payment", None),
    ("stake", 0), ("stake", -1), ("stake", "1"), ("stake", True), ("stake", float("inf")),
    ("stake", float("nan")), ("stake", 10**400),  # past float range: it used to crash
    ("no_flowers_bonus", 1), ("no_flowers_bonus", "true"), ("no_flowers_bonus", None),
    ("seven_pairs", 1), ("seven_pairs", "yes"),
], ids=lambda v: repr(v))
def test_bad_option_values_are_bad_context(name, value):
    result = score({"variant": "hongkong", "hand": THREE, "rules": {name: value}})
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_context"
    assert name.replace("_", " ") in result["error"]["message"]  # the page's words for it
    assert result["error"]["fields"] == [f"rules.{name}"]  # its request name, for programs


def test_a_minimum_above_the_limit_is_bad_context():
    result = score({"variant": "hongkong", "hand": THREE,
                    "rules": {"limit": 8, "minimum_fan": 9}})
    assert result["error"]["code"] == "bad_context"
    assert "minimum fan" in result["error"]["message"]
    assert result["error"]["fields"] == ["rules.minimum_fan", "rules.limit"]


@pytest.mark.parametrize("name", ["limits", "min_fan", "flowers", "payments", "dealer_pays"])
def test_an_unknown_option_is_unknown_rule(name):
    result = score({"variant": "hongkong", "hand": THREE, "rules": {name: 1}})
    assert result["error"]["code"] == "unknown_rule"
    assert name in result["error"]["message"]
    assert "minimum_fan" in result["error"]["message"]  # the known options are listed


def test_rules_must_be_an_object():
    result = score({"variant": "hongkong", "hand": THREE, "rules": ["limit", 8]})
    assert result["error"]["code"] == "bad_context"


# --- the ledger, whatever the table plays ---------------------------------------------------

HANDS = [THREE, FIVE, TEN, THIRTEEN, ZERO, "123m456m234s55s[789p]1f5f+5s",
         "123m222m456s55s[789p]1f2f3f4f5f6f7f8f+5s"]


@settings(max_examples=examples(200), deadline=None)
@given(hand=st.sampled_from(HANDS), seat=st.sampled_from("ESWN"), other=st.integers(1, 3),
       self_drawn=st.booleans(), limit=st.integers(1, 13), minimum=st.integers(0, 13),
       scale=st.sampled_from(["half_spicy", "full_spicy"]),
       payment=st.sampled_from(["full_gun", "half_gun"]),
       stake=st.sampled_from([0.5, 1, 2, 0.25, 3]))
def test_the_ledger_always_balances(hand, seat, other, self_drawn, limit, minimum, scale,
                                    payment, stake):
    minimum = min(minimum, limit)
    discarder = "ESWN"[("ESWN".index(seat) + other) % 4]
    rules = {"limit": limit, "minimum_fan": minimum, "scale": scale, "payment": payment,
             "stake": stake}
    result = play(hand, rules, seat_wind=seat, discarder=discarder, self_drawn=self_drawn)
    net, portion = result["payments"]["net"], result["points"]
    assert result["total"] <= limit
    assert sum(net.values()) == pytest.approx(0)
    if not result["meets_minimum"]:
        assert set(net.values()) == {0}
        return
    # self-drawn: 3 portions; on a discard: 2 portions, whichever way it is paid
    assert net[seat] == pytest.approx(portion * (3 if self_drawn else 2))
    if not self_drawn and payment == "full_gun":
        assert net[discarder] == pytest.approx(-2 * portion)
