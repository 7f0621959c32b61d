"""Shanghai totals beyond single patterns: hands read two ways, the limit, the minimum, who pays
whom, the dealer and discarder defaults, and waits (rules-shanghai.md; contract §2-§3).
"""

import pytest

from scoring.engine import score
from tests.helpers import counted, scored

SEATS = ("E", "S", "W", "N")


def transfers(result):
    return sorted((t["from"], t["to"], t["amount"]) for t in result["payments"]["transfers"])


def net(result):
    return result["payments"]["net"]


# --- Hands that read two ways: the best reading wins, the other is an alternative -------------

def test_three_pungs_or_three_sequences_the_sequences_win():
    # 111222333m [456p] 99s, won on a 3m discard.
    # As 123m x3: 15B 15 (2D gone), four sequences 2A 2 -> 17.
    # As 111m 222m 333m: 7J 7 (the 333m made by the discard: two concealed pungs, no 7H) -> 7.
    result = scored("111222333m [456p] 99s +3m")
    assert result["total"] == 17
    assert counted(result) == {"2A": 1, "15B": 1}
    assert result["decomposition"] == ["123m", "123m", "123m", "99s", "[456p]"]
    [other] = result["alternatives"]
    assert other["total"] == 7
    assert other["patterns"] == ["7J"]
    assert other["decomposition"] == ["111m", "222m", "333m", "99s", "[456p]"]


def test_three_pungs_or_three_sequences_when_the_pungs_are_concealed():
    # Self-drawn, every pung concealed: the pungs give 7H 7 + 7J 7 = 14, the sequences still 17.
    result = scored("111222333m [456p] 99s +3m", {"self_drawn": True})
    assert result["total"] == 17
    assert result["alternatives"][0]["total"] == 14
    assert set(result["alternatives"][0]["patterns"]) == {"7H", "7J"}


def test_a_bridge_five_in_three_sequences_beats_three_pungs():
    # [123m] 444555666p 22s, won on a 5p: as 456p x3 the 5p is the middle of a 4-5-6:
    # 15B 15 (2D gone) + 2K 2 + 2A 2 + 1A 1 = 20. As pungs: 7J 7 + 1A 1 = 8. Waits 5p, 2s.
    result = scored("[123m] 444555666p 22s +5p")
    assert result["total"] == 20
    assert counted(result) == {"1A": 1, "2A": 1, "2K": 1, "15B": 1}
    assert [(a["total"], sorted(a["patterns"])) for a in result["alternatives"]] == [
        (8, ["1A", "7J"])]
    assert result["waits"] == ["5p", "2s"]


def test_a_five_that_fills_a_bridge_or_an_edge_is_read_as_the_bridge():
    # 345p 456p: the winning 5p may have completed 3-4-(5) or 4-(5)-6. Read in 456p it is 2K 2;
    # in 345p nothing. Waits 2p, 5p (no 2F). Total 2, the winning group is 456p.
    result = scored("[123m] [999s] 344556p 11s +5p")
    assert result["total"] == 2
    assert counted(result) == {"2K": 1}
    assert result["decomposition"][result["winning_group"]] == "456p"
    assert result["waits"] == ["2p", "5p"]
    assert result["alternatives"] == []


def test_a_five_read_as_a_bridge_beats_the_decomposition_where_it_is_an_edge():
    # 44556677p + [123m] [999s], won on a 5p. As 456p 456p 77p the 5p is the middle of 4-5-6:
    # 2K 2 + 2D 2 = 4. As 567p 567p 44p it is the low end of 5-6-7: 2D 2 = 2. Waits 5p and 8p
    # (567p 678p 44p), so no 2F.
    result = scored("[123m] [999s] 44556677p +5p")
    assert result["total"] == 4
    assert counted(result) == {"2D": 1, "2K": 1}
    assert result["decomposition"][:3] == ["456p", "456p", "77p"]
    assert result["waits"] == ["5p", "8p"]
    [other] = result["alternatives"]
    assert (other["total"], other["patterns"]) == (2, ["2D"])
    assert other["decomposition"][:3] == ["44p", "567p", "567p"]


def test_the_winning_tile_goes_where_it_keeps_a_pung_concealed():
    # 222234m 555p 777s 99s won on a 2m discard. Read into 234m, the pungs 222m 555p 777s stay
    # concealed: 7H 7 + 2E 2 + 3G 3 (222m and 234m) = 12. Read into 222m: only two concealed
    # pungs, 2E 2 + 3G 3 = 5.
    result = scored("222234m 555p 777s 99s +2m")
    assert result["total"] == 12
    assert counted(result) == {"2E": 1, "3G": 1, "7H": 1}
    assert result["decomposition"][result["winning_group"]] == "234m"


@pytest.mark.parametrize("context, total, patterns, gone", [
    # On a discard the 888s is not concealed: 7H 7 + 7L 7 + 2E 2 = 16.
    pytest.param({}, 16, {"2E": 1, "7H": 1, "7L": 1}, set(), id="discard-7H"),
    # Self-drawn, four concealed pungs: 50A 50 (7L, 2E gone) + 5A 5 = 55.
    pytest.param({"self_drawn": True}, 55, {"5A": 1, "50A": 1}, {"7L", "2E"}, id="self-drawn-50A"),
])
def test_a_pung_made_by_a_discard_is_not_concealed(context, total, patterns, gone):
    result = scored("111m 444p 666s 888s 33p +8s", context)
    assert result["total"] == total
    assert counted(result) == patterns
    assert {e["id"] for e in result["excluded"]} == gone


# --- Limit and minimum -------------------------------------------------------------------------

# 100A 100 (100I and 30A gone) + 7I 7 = 107. (It was 207 when 100I counted beside 100A.)
FOUR_WINDS = "[111z] [222z] [333z] 444z 33m +4z"
# 100A 100 + 100F 100 = 200 (100I, 30A, 7L, 15C, 3H and 2H for East gone)
FOUR_WINDS_ALL_HONORS = "[111z] [222z] [333z] 444z 55z +4z"
JIANG_JIANG = "[222m] [555p] 888s 222s 55m +2s"  # 100B 100 (30A gone) = 100
TWO_NUMBERS = "[111m] [555p] [111s] 555m 11p +5m"  # 100I 100
# Earthly: won on East's discard, nothing claimed: 100I 100 + 100H 100 + 7H 7 (three concealed
# triplets, 555m being claimed) + 2E 2 = 209.
EARTHLY_TWO_NUMBERS = "111m 555p 111s 555m 11p +5m"
EARTHLY = {"earthly": True, "seat_wind": "S"}
MIXED_TERMINALS = "[111m] [999p] [999s] 222z 44z +2z"  # 50B 50 + 30A 30 = 80


@pytest.mark.parametrize("hand, context, limit, total", [
    pytest.param(MIXED_TERMINALS, {}, 100, 80, id="80-under-the-limit"),
    pytest.param(MIXED_TERMINALS, {}, 200, 80, id="80-under-the-limit-200"),
    pytest.param(TWO_NUMBERS, {}, 100, 100, id="100-is-the-limit"),
    pytest.param(TWO_NUMBERS, {}, 200, 100, id="100-with-limit-200"),
    pytest.param(JIANG_JIANG, {}, 100, 100, id="100B-limit-100"),
    pytest.param(JIANG_JIANG, {}, 200, 100, id="100B-limit-200"),
    pytest.param(EARTHLY_TWO_NUMBERS, EARTHLY, 100, 100, id="209-limit-100"),
    pytest.param(EARTHLY_TWO_NUMBERS, EARTHLY, 200, 200, id="209-limit-200"),
    pytest.param(FOUR_WINDS, {}, 100, 100, id="107-limit-100"),
    pytest.param(FOUR_WINDS, {}, 200, 100, id="107-limit-200-is-100"),
    pytest.param(FOUR_WINDS_ALL_HONORS, {}, 100, 100, id="200-limit-100"),
    pytest.param(FOUR_WINDS_ALL_HONORS, {}, 200, 200, id="200-limit-200-is-200"),
])
def test_limit(hand, context, limit, total):
    result = scored(hand, context, {"limit": limit})
    assert result["total"] == total
    assert result["points"] == total
    discarder = result["context"]["discarder"]
    assert transfers(result) == [(discarder, result["context"]["seat_wind"], total)]


def test_the_default_limit_is_100():
    assert scored(FOUR_WINDS)["total"] == 100


@pytest.mark.parametrize("rules", [
    pytest.param({"minimum_fan": 101}, id="101-over-limit-100"),
    pytest.param({"limit": 200, "minimum_fan": 201}, id="201-over-limit-200"),
    pytest.param({"limit": 100, "minimum_fan": 150}, id="150-over-limit-100"),
])
def test_a_minimum_above_the_limit_is_bad_context(rules):
    # As in Hong Kong: no hand could meet it, so the table is refused, not every hand.
    result = score({"variant": "shanghai", "hand": FOUR_WINDS, "rules": rules})
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_context"
    assert "minimum fan" in result["error"]["message"]
    assert "limit" in result["error"]["message"]


@pytest.mark.parametrize("rules, hand, meets", [
    # A minimum at the limit: a 100 hand (107 -> 100) meets it.
    pytest.param({"minimum_fan": 100}, FOUR_WINDS, True, id="100-at-limit-100"),
    # Limit 200, minimum 150: only a hand of 200 or more (200) meets it; 107 -> 100 does not.
    pytest.param({"limit": 200, "minimum_fan": 150}, FOUR_WINDS_ALL_HONORS, True,
                 id="150-under-limit-200-met-by-200"),
    pytest.param({"limit": 200, "minimum_fan": 150}, FOUR_WINDS, False,
                 id="150-under-limit-200-not-met-by-100"),
])
def test_a_minimum_up_to_the_limit_is_a_table(rules, hand, meets):
    assert scored(hand, rules=rules)["meets_minimum"] is meets


@pytest.mark.parametrize("hand, context, rules, total, meets", [
    # 1A 1, default minimum 5.
    pytest.param("[123m] [456p] 444s 789s 55p +9s", {}, {}, 1, False, id="1-below-5"),
    # 2A 2 on the beginners' table (minimum 3).
    pytest.param("[123m] [456p] 345s 789s 11p +9s", {}, {"minimum_fan": 3}, 2, False,
                 id="2-below-3"),
    # 3A 3: below 5, enough for 3.
    pytest.param("[111m] [999m] 456p 789s 33p +9s", {}, {}, 3, False, id="3-below-5"),
    pytest.param("[111m] [999m] 456p 789s 33p +9s", {}, {"minimum_fan": 3}, 3, True,
                 id="3-meets-3"),
    # 5A 5 exactly meets 5.
    pytest.param("123m 456p 444s 789s 11p +9s", {"self_drawn": True}, {}, 5, True,
                 id="5-meets-5"),
])
def test_minimum(hand, context, rules, total, meets):
    result = scored(hand, context, rules)
    assert result["total"] == total
    assert result["minimum"] == rules.get("minimum_fan", 5)
    assert result["meets_minimum"] is meets
    if meets:
        assert transfers(result)
    else:
        assert transfers(result) == []
        assert net(result) == {seat: 0 for seat in SEATS}


# --- Payments ----------------------------------------------------------------------------------

SEVEN = "[123m] [456p] 789s 222z 77z +9s"  # 7F 7 (South is not seat or round for E, W, N)


@pytest.mark.parametrize("context, rules, paid, winner_gets", [
    # Way 1: the discarder (default: North, East's upper house) pays the total.
    pytest.param({}, {}, [("N", "E", 7)], 7, id="way-1-discarder-pays-7"),
    # Way 2: the discarder pays twice the total.
    pytest.param({}, {"payment": 2}, [("N", "E", 14)], 14, id="way-2-discarder-pays-14"),
    # Way 3: the discarder pays 7, the two others half of it each: 7 + 3.5 + 3.5 = 14.
    pytest.param({}, {"payment": 3}, [("N", "E", 7), ("S", "E", 3.5), ("W", "E", 3.5)], 14,
                 id="way-3-half-payments"),
    # Self-drawn: each of the three others pays the total, 21, whatever the way.
    pytest.param({"self_drawn": True}, {}, [("N", "E", 7), ("S", "E", 7), ("W", "E", 7)], 21,
                 id="self-drawn"),
    pytest.param({"self_drawn": True}, {"payment": 2},
                 [("N", "E", 7), ("S", "E", 7), ("W", "E", 7)], 21, id="self-drawn-way-2"),
    pytest.param({"self_drawn": True}, {"payment": 3},
                 [("N", "E", 7), ("S", "E", 7), ("W", "E", 7)], 21, id="self-drawn-way-3"),
    # West wins: the default discarder is South, West's upper house.
    pytest.param({"seat_wind": "W"}, {}, [("S", "W", 7)], 7, id="default-discarder-upper-house"),
    # North wins on East's discard.
    pytest.param({"seat_wind": "N", "discarder": "E"}, {}, [("E", "N", 7)], 7,
                 id="named-discarder"),
    # Way 3 for North on West's discard: W 7, E and S 3.5 each.
    pytest.param({"seat_wind": "N", "discarder": "W"}, {"payment": 3},
                 [("E", "N", 3.5), ("S", "N", 3.5), ("W", "N", 7)], 14, id="way-3-for-north"),
    # No dealer bonus: the dealer (East) winning on North's discard is paid the same 7.
    pytest.param({"seat_wind": "E", "dealer": True, "discarder": "N"}, {}, [("N", "E", 7)], 7,
                 id="no-dealer-bonus"),
])
def test_payments(context, rules, paid, winner_gets):
    result = scored(SEVEN, context, rules)
    assert result["total"] == 7
    assert transfers(result) == sorted(paid)
    winner = context.get("seat_wind", "E")
    assert net(result)[winner] == winner_gets
    assert sum(net(result).values()) == 0
    for payer, _, amount in paid:
        assert net(result)[payer] == -amount


@pytest.mark.parametrize("seat, dealer, discarder", [
    ("E", True, "N"), ("S", False, "E"), ("W", False, "S"), ("N", False, "W")])
def test_dealer_and_discarder_defaults(seat, dealer, discarder):
    result = scored(SEVEN, {"seat_wind": seat})
    assert result["context"]["dealer"] is dealer
    assert result["context"]["discarder"] == discarder


def test_a_self_drawn_win_has_no_discarder():
    assert scored(SEVEN, {"self_drawn": True})["context"]["discarder"] is None


# --- Waits -------------------------------------------------------------------------------------

ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


def test_thirteen_terminals_with_a_pair_wait_on_all_thirteen():
    # One of each of the 13 held: any of them makes the pair. 100K 100 + 2E 2 = 102 -> 100.
    result = scored("119m19p19s1234567z +1m")
    assert result["waits"] == ORPHANS
    assert "2F" not in counted(result)


@pytest.mark.parametrize("context, patterns", [
    # Holding the 1m pair and twelve others, only the red dragon wins: 2F 2 + 2E 2 + 100K.
    pytest.param({}, {"2E": 1, "2F": 1, "100K": 1}, id="one-wait-2F"),
    # ... and it was the last red dragon: 3F 3 (2F gone).
    pytest.param({"winning_tile_last": True}, {"2E": 1, "3F": 1, "100K": 1}, id="last-one-3F"),
])
def test_thirteen_terminals_waiting_on_the_missing_one(context, patterns):
    result = scored("119m19p19s1234567z +7z", context)
    assert result["waits"] == ["7z"]
    assert counted(result) == patterns
    assert result["total"] == 100


@pytest.mark.parametrize("hand, waits, patterns, total", [
    # 23m waits on 1m or 4m, but all four 1m are in the kong: 4m only -> 2F 2 + 1A 1 = 3.
    pytest.param("[1111m] [456p] [789s] 55s 234m +4m", ["4m"], {"1A": 1, "2F": 1}, 3,
                 id="four-in-a-kong-not-a-wait"),
    # With a pung of 1m the fourth 1m is still out there: 1m and 4m, no 2F: 1A 1.
    pytest.param("[111m] [456p] [789s] 55s 234m +4m", ["1m", "4m"], {"1A": 1}, 1,
                 id="three-in-a-pung-still-a-wait"),
])
def test_a_kind_with_all_four_copies_in_the_hand_is_not_a_wait(hand, waits, patterns, total):
    result = scored(hand)
    assert result["waits"] == waits
    assert counted(result) == patterns
    assert result["total"] == total
