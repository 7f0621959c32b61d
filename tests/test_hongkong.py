"""Hong Kong Old Style, as spec/rules-hongkong.md says: every pattern, limit hand, winning
condition and flower rule on a worked hand, the stacking and limit cases, and hands read two ways.

A limit is a floor: a hand where a limit hand holds is also read as an ordinary hand (every hand
pattern, no limit hand), and the higher total after the limit counts; a tie goes to the limit
reading. Each such case works out both readings.

Unless a case says otherwise: seat East, round East, won on North's discard, house options at their
defaults. `2f` is South's flower: shown on an East hand it scores nothing and removes `no_flowers`,
which keeps a case about one pattern. The arithmetic is in each case's comment.
"""

import random

import pytest

from scoring.engine import score
from scoring.engine.context import parse_context
from scoring.engine.patterns import PatternTable
from scoring.engine.variants import hongkong
from tests.helpers import counted, play

VARIANT = hongkong.VARIANT


def case(hand, total, patterns, rules=None, id=None, **context):
    return pytest.param(hand, context, rules or {}, total, patterns, id=id)


SEVEN = {"seven_pairs": True}

CASES = [
    # --- hand patterns -------------------------------------------------------------------------
    # all_chows 1
    case("123m456m234s55s[789p]2f+5s", 1, {"all_chows": 1}, id="all_chows"),
    # all_pungs 3
    case("111m555p222s88m[999s]2f+8m", 3, {"all_pungs": 1}, id="all_pungs"),
    # mixed_one_suit 3 (a pung of 2m keeps it from all_chows)
    case("123m222m456m22z[789m]2f+2z", 3, {"mixed_one_suit": 1}, id="mixed_one_suit"),
    # pure_one_suit 7
    case("123m222m456m99m[789m]2f+9m", 7, {"pure_one_suit": 1}, id="pure_one_suit"),
    # mixed_orphans 1 + all_pungs 3 = 4 (the South pung is neither seat nor round wind)
    case("111m999p222z55z[111s]2f+5z", 4, {"mixed_orphans": 1, "all_pungs": 1},
         id="mixed_orphans_with_all_pungs_is_4"),
    # dragon_pung 1
    case("123m456p789s22s[555z]2f+2s", 1, {"dragon_pung": 1}, id="dragon_pung_one"),
    # dragon_pung 1 x 2 = 2
    case("123m456p22s[555z][666z]2f+2s", 2, {"dragon_pung": 2}, id="dragon_pung_two"),
    # seat South: the South pung is seat_wind 1 (3f is West's flower)
    case("123m456p789s33s[222z]3f+3s", 1, {"seat_wind": 1}, id="seat_wind", seat_wind="S"),
    # round South, seat East: round_wind 1
    case("123m456p789s33s[222z]2f+3s", 1, {"round_wind": 1}, id="round_wind", round_wind="S"),
    # East pung, seat and round East: seat_wind 1 + round_wind 1 = 2
    case("123m456p789s33s[111z]2f+3s", 2, {"seat_wind": 1, "round_wind": 1},
         id="seat_and_round_wind_on_one_pung"),
    # small_three_dragons 3 + dragon_pung 1 x 2 = 5
    case("123m456p77z[555z][666z]2f+7z", 5, {"small_three_dragons": 1, "dragon_pung": 2},
         id="small_three_dragons_with_its_dragon_pungs_is_5"),
    # great_three_dragons 5 + dragon_pung 1 x 3 = 8
    case("123m99p[555z][666z][777z]2f+9p", 8, {"great_three_dragons": 1, "dragon_pung": 3},
         id="great_three_dragons_is_8"),
    # seat South, round West (1f is East's): small_four_winds 6 + seat_wind 1 + round_wind 1
    # + mixed_one_suit 3 = 11
    case("123m44z[111z][222z][333z]1f+4z", 11,
         {"small_four_winds": 1, "seat_wind": 1, "round_wind": 1, "mixed_one_suit": 1},
         id="small_four_winds_with_seat_round_and_mixed_one_suit", seat_wind="S",
         round_wind="W"),
    # seven_pairs 4 + no_flowers 1 = 5; concealed is not also counted
    case("22m55m66m88p99p33s77s+7s", 5, {"seven_pairs": 1, "no_flowers": 1}, SEVEN,
         id="seven_pairs"),
    # seven_pairs 4 + mixed_orphans 1 = 5
    case("11m99m11p99p11s22z33z2f+3z", 5, {"seven_pairs": 1, "mixed_orphans": 1}, SEVEN,
         id="seven_pairs_with_mixed_orphans"),
    # --- limit hands: the limit reading (the limit, the winning conditions, nothing else) ------
    # --- against the ordinary reading of the same tiles (every other pattern, no limit) --------
    # limit: all_honors 10 (the revealed pung: not concealed). Ordinary: all_pungs 3 + dragon_pung
    # 1 (555z) + seat_wind 1 + round_wind 1 (East pung) + own_flower 1 (1f, East's) = 7. 10 > 7.
    case("222z333z555z66z[111z]1f+6z", 10, {"all_honors": 1}, id="all_honors_limit"),
    # limit: all_honors 10 + concealed 1 = 11: the 5z discard completed a pung, so this is not four
    # concealed pungs and the concealed faan stays. Ordinary: all_pungs 3 + dragon_pung 1 +
    # seat_wind 1 + round_wind 1 + concealed 1 + no_flowers 1 = 8. 11 > 8.
    case("111z222z333z555z66z+5z", 11, {"all_honors": 1, "concealed": 1},
         id="all_honors_concealed_won_on_a_pung"),
    # limit: orphans 10. Ordinary: all_pungs 3 (no honor: not mixed_orphans). 10 > 3.
    case("111m999m111p99s[999p]2f+9s", 10, {"orphans": 1}, id="orphans_limit"),
    # limit: four_concealed_pungs 10 + self_drawn 1 = 11 (no concealed beside it). Ordinary:
    # all_pungs 3 + concealed 1 + self_drawn 1 + no_flowers 1 = 6. 11 > 6.
    case("222m444p666s888s55m+5m", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="four_concealed_pungs_self_drawn", self_drawn=True),
    # limit: four_concealed_pungs 10, won on a discard that completes the eyes. Ordinary:
    # all_pungs 3 + concealed 1 + no_flowers 1 = 5. 10 > 5.
    case("222m444p666s888s55m+5m", 10, {"four_concealed_pungs": 1},
         id="four_concealed_pungs_discard_completes_the_eyes"),
    # a discard completing a pung, no limit hand: all_pungs 3 + concealed 1 + no_flowers 1 = 5
    case("222m444p666s888s55m+8s", 5, {"all_pungs": 1, "concealed": 1, "no_flowers": 1},
         id="not_four_concealed_pungs_when_a_discard_completes_a_pung"),
    # The 13 tiles held before the 5p: 1112345678999p, the nine-way wait. limit: nine_gates 10
    # (no concealed beside it). Ordinary, 111 234 55 678 999: pure_one_suit 7 + concealed 1 +
    # no_flowers 1 = 9. 10 > 9.
    case("11123455678999p+5p", 10, {"nine_gates": 1}, id="nine_gates_limit"),
    # Held before the 1m: 1112345678999m again. limit: nine_gates 10. Ordinary, 111 123 456 789
    # 99: pure_one_suit 7 + concealed 1 + no_flowers 1 = 9. 10 > 9.
    case("11112345678999m+1m", 10, {"nine_gates": 1}, id="nine_gates_won_on_a_fourth_1"),
    # The same 14 tiles as nine_gates_limit, won on a 1p: held before, 1123455678999p (it waited
    # on 1p and 5p only), not nine gates. Ordinary only: pure_one_suit 7 + concealed 1 +
    # no_flowers 1 = 9.
    case("11123455678999p+1p", 9, {"pure_one_suit": 1, "concealed": 1, "no_flowers": 1},
         id="not_nine_gates_when_the_winning_tile_leaves_another_wait"),
    # The same 14 tiles as nine_gates_won_on_a_fourth_1, won on a 9m: held before,
    # 1111234567899m (waits 3m, 6m, 9m), not nine gates. pure_one_suit 7 + concealed 1 +
    # no_flowers 1 = 9.
    case("11112345678999m+9m", 9, {"pure_one_suit": 1, "concealed": 1, "no_flowers": 1},
         id="not_nine_gates_won_on_a_9"),
    # limit: great_four_winds 13. Ordinary: all_pungs 3 + seat_wind 1 + round_wind 1 +
    # mixed_one_suit 3 + no_flowers 1 = 9. 13 > 9.
    case("55m[111z][222z][333z][444z]+5m", 13, {"great_four_winds": 1},
         id="great_four_winds_limit"),
    # limit: four_kongs 13. Ordinary: all_pungs 3 + no_flowers 1 = 4. 13 > 4.
    case("55z[1111m][2222p](3333s)[4444s]+5z", 13, {"four_kongs": 1}, id="four_kongs_limit"),
    # limit: thirteen_orphans 13 (no concealed beside it, no no_flowers). Thirteen orphans is no
    # ordinary winning form: there is no ordinary reading.
    case("19m19p19s12345677z+7z", 13, {"thirteen_orphans": 1}, id="thirteen_orphans_limit"),
    # limit: heavenly 13 + self_drawn 1 + concealed 1 = 15, capped at 13. Ordinary: all_chows 1
    # + concealed 1 + self_drawn 1 + no_flowers 1 = 4. 13 > 4.
    case("123m456m789p234s55s+5s", 13, {"heavenly": 1, "self_drawn": 1, "concealed": 1},
         id="heavenly_limit_capped", heavenly=True, self_drawn=True),
    # limit: earthly 13 + concealed 1 = 14, capped at 13. Ordinary: all_chows 1 + concealed 1 +
    # no_flowers 1 = 3. 13 > 3.
    case("123m456m789p234s55s+5s", 13, {"earthly": 1, "concealed": 1},
         id="earthly_limit_capped", earthly=True, seat_wind="S", discarder="E"),
    # --- winning conditions ---------------------------------------------------------------------
    # self_drawn 1
    case("123m222m456s55s[789p]2f+5s", 1, {"self_drawn": 1}, id="self_drawn", self_drawn=True),
    # concealed 1, won on a discard
    case("123m222m456s789p55s2f+5s", 1, {"concealed": 1}, id="concealed_on_a_discard"),
    # concealed 1: a concealed kong is not a revealed set
    case("123m456s789p55s(2222p)2f+5s", 1, {"concealed": 1}, id="concealed_with_concealed_kong"),
    # a revealed kong is a revealed set: 0
    case("123m456s789p55s[2222p]2f+5s", 0, {}, id="revealed_kong_is_not_concealed"),
    # all_chows 1 + robbing_kong 1 = 2
    case("123m456m234s55s[789p]2f+4s", 2, {"all_chows": 1, "robbing_kong": 1},
         id="robbing_kong", robbing_kong=True),
    # last_tile 1 on the discard of the last tile
    case("123m222m456s55s[789p]2f+5s", 1, {"last_tile": 1}, id="last_tile_discard",
         last_tile=True),
    # self_drawn 1 + last_tile 1 = 2
    case("123m222m456s55s[789p]2f+5s", 2, {"self_drawn": 1, "last_tile": 1},
         id="last_tile_self_drawn", last_tile=True, self_drawn=True),
    # concealed 1 + self_drawn 1 + kong_replacement 1 = 3
    case("123m456s789p55s(2222p)2f+5s", 3,
         {"concealed": 1, "self_drawn": 1, "kong_replacement": 1}, id="kong_replacement",
         kong_replacement=True, self_drawn=True),
    # double_kong_replacement 8 + self_drawn 1 + concealed 1 = 10; kong_replacement replaced
    case("456s789p55s(2222p)(3333m)2f+5s", 10,
         {"double_kong_replacement": 1, "self_drawn": 1, "concealed": 1},
         id="double_kong_replacement_replaces_kong_replacement", kong_replacement=True,
         double_kong_replacement=True, self_drawn=True),
    case("456s789p55s(2222p)(3333m)2f+5s", 10,
         {"double_kong_replacement": 1, "self_drawn": 1, "concealed": 1},
         id="double_kong_replacement_alone", double_kong_replacement=True, self_drawn=True),
    # --- flowers --------------------------------------------------------------------------------
    # no_flowers 1
    case("123m222m456s55s[789p]+5s", 1, {"no_flowers": 1}, id="no_flowers"),
    # the house option off: 0
    case("123m222m456s55s[789p]+5s", 0, {}, {"no_flowers_bonus": False},
         id="no_flowers_bonus_off"),
    # East's flower 1f: own_flower 1
    case("123m222m456s55s[789p]1f+5s", 1, {"own_flower": 1}, id="own_flower"),
    # East's flower 1f and season 5f: own_flower 1 x 2 = 2
    case("123m222m456s55s[789p]1f5f+5s", 2, {"own_flower": 2}, id="own_flower_and_season"),
    # West's 3f and 7f on a West seat: 2
    case("123m222m456s55s[789p]3f7f+5s", 2, {"own_flower": 2}, id="own_flowers_west_seat",
         seat_wind="W"),
    # East's 1f and South's 2f on a West seat: nothing
    case("123m222m456s55s[789p]1f2f+5s", 0, {}, id="other_seats_flowers_score_nothing",
         seat_wind="W"),
    # flower_set 2; 1f, East's own, is part of the set and not also own_flower
    case("123m222m456s55s[789p]1f2f3f4f+5s", 2, {"flower_set": 1},
         id="flower_set_own_flower_inside_not_counted"),
    # flower_set 2 + own season 5f 1 = 3
    case("123m222m456s55s[789p]1f2f3f4f5f+5s", 3, {"flower_set": 1, "own_flower": 1},
         id="flower_set_and_own_season"),
    # flower_set 2 x 2 = 4
    case("123m222m456s55s[789p]1f2f3f4f5f6f7f8f+5s", 4, {"flower_set": 2},
         id="two_flower_sets"),
    # limit: orphans 10, no flower faan. Ordinary: all_pungs 3 + flower_set 2 + own_flower 1
    # (5f, East's season) = 6. 10 > 6.
    case("111m999m111p99s[999p]1f2f3f4f5f+9s", 10, {"orphans": 1},
         id="limit_hand_takes_no_flowers"),
    # --- the best reading ------------------------------------------------------------------------
    # 111222333p read as three chows: all_chows 1 + concealed 1 + self_drawn 1 = 3, beats three
    # pungs and a chow: concealed 1 + self_drawn 1 = 2
    case("111222333p456s77m2f+7m", 3, {"all_chows": 1, "concealed": 1, "self_drawn": 1},
         id="two_ways_three_chows_beat_three_pungs", self_drawn=True),
    # 111222333m read as pungs: pure_one_suit 7 + all_pungs 3 = 10, beats chows: 7
    case("111222333m55m[999m]2f+5m", 10, {"pure_one_suit": 1, "all_pungs": 1},
         id="two_ways_pungs_beat_chows"),
    # seven pairs: seven_pairs 4 + pure_one_suit 7 + no_flowers 1 = 12, beats the standard
    # 123 123 789 789 55: pure 7 + all_chows 1 + concealed 1 + no_flowers 1 = 10
    case("11223355778899m+9m", 12, {"seven_pairs": 1, "pure_one_suit": 1, "no_flowers": 1},
         SEVEN, id="two_ways_seven_pairs_beat_four_chows"),
    # Three readings. Pungs, ordinary: pure_one_suit 7 + all_pungs 3 + concealed 1 + self_drawn 1
    # + no_flowers 1 = 13. Pungs, limit: four_concealed_pungs 10 + self_drawn 1 = 11. Chows
    # (123 123 123 999 55), ordinary: pure 7 + concealed 1 + self_drawn 1 + no_flowers 1 = 10.
    # 13 counts: the limit is a floor, not a ceiling. (This case used to expect 11, when a limit
    # hand replaced the ordinary patterns whatever they were worth.)
    case("111222333999m55m+5m", 13,
         {"pure_one_suit": 1, "all_pungs": 1, "concealed": 1, "self_drawn": 1, "no_flowers": 1},
         id="two_ways_pure_one_suit_pungs_beat_four_concealed_pungs", self_drawn=True),
    # Three readings. Pungs, limit: four_concealed_pungs 10 + self_drawn 1 = 11. Pungs, ordinary:
    # all_pungs 3 + concealed 1 + self_drawn 1 + no_flowers 1 = 6. Chows (123 123 123 999s 55):
    # concealed 1 + self_drawn 1 + no_flowers 1 = 3. 11 counts.
    case("111222333m999s55m+5m", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="two_ways_four_concealed_pungs_beat_both_ordinary_readings", self_drawn=True),
    # --- two limit hands: only the higher ---------------------------------------------------------
    # great_four_winds 13 and all_honors 10 both hold: 13 alone. Ordinary: all_pungs 3 +
    # seat_wind 1 + round_wind 1 + no_flowers 1 = 6
    case("[111z][222z][333z][444z]55z+5z", 13, {"great_four_winds": 1},
         id="two_limits_great_four_winds_over_all_honors"),
    # all_honors and four_concealed_pungs, both 10: one 10 + self_drawn 1 = 11 (no concealed:
    # the hand is four concealed pungs). Ordinary: all_pungs 3 + dragon_pung 1 + seat_wind 1 +
    # round_wind 1 + concealed 1 + self_drawn 1 + no_flowers 1 = 9
    case("111z222z333z555z66z+6z", 11, {"all_honors": 1, "self_drawn": 1},
         id="two_equal_limits_count_once", self_drawn=True),
    # orphans 10 + self_drawn 1 = 11. Ordinary: all_pungs 3 + self_drawn 1 = 4
    case("111m999m111p99s[999p]2f+9s", 11, {"orphans": 1, "self_drawn": 1},
         id="limit_hand_plus_self_drawn", self_drawn=True),
    # great_four_winds 13 over four_kongs 13: one 13. Ordinary: all_pungs 3 + mixed_one_suit 3 +
    # seat_wind 1 + round_wind 1 + no_flowers 1 = 9
    case("55m[1111z][2222z][3333z](4444z)+5m", 13, {"great_four_winds": 1},
         id="two_limits_great_four_winds_names_four_kongs_excluded"),
    # heavenly 13 + self_drawn 1 = 14 -> 13; great_four_winds, four_concealed_pungs not beside it.
    # Ordinary: all_pungs 3 + mixed_one_suit 3 + seat_wind 1 + round_wind 1 + concealed 1 +
    # self_drawn 1 + no_flowers 1 = 11
    case("111z222z333z444z55m+5m", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_great_four_winds", heavenly=True, self_drawn=True),
    # heavenly 13 + self_drawn 1 = 14 -> 13; thirteen_orphans not beside it
    case("19m19p19s12345677z+7z", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_thirteen_orphans", heavenly=True, self_drawn=True),
    # earthly 13 alone (thirteen_orphans excluded, and with it concealed)
    case("19m19p19s12345677z+7z", 13, {"earthly": 1},
         id="two_limits_earthly_thirteen_orphans", earthly=True, seat_wind="S", discarder="E"),
    # heavenly 13 + self_drawn 1 = 14 -> 13; nine_gates (and its concealed) not beside it.
    # Ordinary: pure_one_suit 7 + concealed 1 + self_drawn 1 + no_flowers 1 = 10
    case("11123455678999p+5p", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_nine_gates", heavenly=True, self_drawn=True),
    # heavenly 13 + self_drawn 1 = 14 -> 13; orphans and four_concealed_pungs not beside it.
    # Ordinary: all_pungs 3 + concealed 1 + self_drawn 1 + no_flowers 1 = 6
    case("111m999m111p999p11s+1s", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_orphans", heavenly=True, self_drawn=True),
    # --- a limit is a floor: the ordinary reading counts when it is higher ---------------------
    # These three all-honors hands used to score 10 (the limit replaced every hand pattern).
    # Limit: all_honors 10. Ordinary: small_three_dragons 3 + dragon_pung 1 x 2 + all_pungs 3 +
    # seat_wind 1 + round_wind 1 (East pung) = 10. A tie: the limit reading counts, 10.
    case("111z555z666z77z[222z]2f+7z", 10, {"all_honors": 1},
         id="all_honors_ties_small_three_dragons_the_tie_goes_to_the_limit"),
    # Limit: all_honors 10. Ordinary: great_three_dragons 5 + dragon_pung 1 x 3 + all_pungs 3 = 11
    # (the South pung is neither seat nor round wind; 2f is South's). 11 > 10.
    case("555z666z777z11z[222z]2f+1z", 11,
         {"great_three_dragons": 1, "dragon_pung": 3, "all_pungs": 1},
         id="great_three_dragons_beat_all_honors"),
    # Limit: all_honors 10. Ordinary: small_four_winds 6 + seat_wind 1 + round_wind 1 (East) +
    # dragon_pung 1 + all_pungs 3 = 12. 12 > 10.
    case("111z222z333z44z[555z]2f+4z", 12,
         {"small_four_winds": 1, "seat_wind": 1, "round_wind": 1, "dragon_pung": 1,
          "all_pungs": 1}, id="small_four_winds_beat_all_honors"),
    # Limit: all_honors 10. Ordinary: great_three_dragons 5 + dragon_pung 1 x 3 + all_pungs 3 +
    # seat_wind 1 + round_wind 1 + no_flowers 1 = 14, capped at 13. 13 > 10.
    case("[555z][666z][777z]111z22z+2z", 13,
         {"great_three_dragons": 1, "dragon_pung": 3, "all_pungs": 1, "seat_wind": 1,
          "round_wind": 1, "no_flowers": 1}, id="capped_ordinary_13_beats_all_honors"),
    # House limit 8. Limit: all_honors 10 -> 8. Ordinary: 5 + 3 + 3 = 11 -> 8. A tie after the
    # limit: the limit reading counts, 8.
    case("555z666z777z11z[222z]2f+1z", 8, {"all_honors": 1}, {"limit": 8},
         id="limit_8_both_readings_capped_the_tie_goes_to_the_limit"),
    # Limit: heavenly 13 + self_drawn 1 + concealed 1 = 15 -> 13. Ordinary: great_three_dragons 5
    # + dragon_pung 1 x 3 + mixed_one_suit 3 + concealed 1 + self_drawn 1 + no_flowers 1 = 14 ->
    # 13. A tie at the limit: heavenly counts.
    case("555z666z777z123m11m+1m", 13, {"heavenly": 1, "self_drawn": 1, "concealed": 1},
         id="heavenly_ties_capped_great_three_dragons", heavenly=True, self_drawn=True),
    # Limit: all_honors 10 on seven pairs (no concealed beside seven pairs). Ordinary:
    # seven_pairs 4 + no_flowers 1 = 5 (no concealed). 10 > 5.
    case("11223344556677z+7z", 10, {"all_honors": 1}, SEVEN, id="all_honors_seven_pairs"),
    # Limit: four_concealed_pungs 10 + self_drawn 1 = 11. Ordinary: mixed_orphans 1 + all_pungs 3
    # + dragon_pung 1 + seat_wind 1 + round_wind 1 + concealed 1 + self_drawn 1 + no_flowers 1 =
    # 10. 11 > 10.
    case("111m999p111z555z99s+9s", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="four_concealed_pungs_beat_mixed_orphans_by_one", self_drawn=True),
]


@pytest.mark.parametrize("hand, context, rules, total, patterns", CASES)
def test_worked_hand(hand, context, rules, total, patterns):
    result = play(hand, rules, **context)
    assert counted(result) == patterns
    assert result["total"] == total


def test_every_pattern_has_a_worked_hand_where_it_counts():
    shown = {pattern_id for param in CASES for pattern_id in param.values[4]}
    assert shown == {p.id for p in VARIANT.table}


# Only heavenly ranks above earthly, and a hand cannot be both (one is the dealer's, one not).
NEVER_BOTH = {"earthly"}


def test_every_exclusion_target_is_shown_excluded_by_a_worked_hand():
    excluded = set()
    for param in CASES:
        hand, context, rules, _, _ = param.values
        excluded |= {e["id"] for e in play(hand, rules, **context)["excluded"]}
    targets = {t.partition(":")[0] for p in VARIANT.table for t in p.excludes}
    assert targets - NEVER_BOTH <= excluded


def test_every_pattern_carries_its_three_names():
    for p in VARIANT.table:
        assert p.name and p.english and p.definition
        assert p.chinese and all("\u4e00" <= ch <= "\u9fff" for ch in p.chinese), p.id


# --- limits ----------------------------------------------------------------------------------


def test_only_the_higher_limit_counts_and_the_lower_says_why():
    result = play("[111z][222z][333z][444z]55z+5z")
    # 13 alone, not 13 + 10 for all_honors; the ordinary reading (all_pungs 3 + seat_wind 1 +
    # round_wind 1 + no_flowers 1 = 6) is lower
    assert result["raw_total"] == 13
    excluded = {e["id"]: (e["by"], e["reason"]) for e in result["excluded"]}
    assert excluded["all_honors"] == (
        "great_four_winds", "only one limit hand counts, the highest: great_four_winds Great "
        "four winds")
    ordinary = ("great_four_winds", "the limit reading, 13, is higher than the ordinary reading, 6")
    assert {i: excluded[i] for i in ("all_pungs", "seat_wind", "round_wind", "no_flowers")} == (
        dict.fromkeys(("all_pungs", "seat_wind", "round_wind", "no_flowers"), ordinary))


def floor(hand, reading, reason, lost, alternative, rules=None, id=None, **context):
    """`reading` counts; `lost` {id: by} are the other reading's patterns, excluded for `reason`;
    `alternative` is the other reading's total (after the limit)."""
    return pytest.param(hand, context, rules or {}, reading, reason, lost, alternative, id=id)


FLOOR = [
    # The rules document's own words. Limit: four_concealed_pungs 10 + self_drawn 1 = 11.
    # Ordinary: all_pungs 3 + concealed 1 + self_drawn 1 + no_flowers 1 = 6. (concealed is
    # excluded by four_concealed_pungs inside the limit reading, self_drawn counts in both.)
    floor("222m444p666s888s55m+5m", "limit",
          "the limit reading, 11, is higher than the ordinary reading, 6",
          {"all_pungs": "four_concealed_pungs", "no_flowers": "four_concealed_pungs"}, 6,
          id="limit_11_over_ordinary_6", self_drawn=True),
    # Ordinary: great_three_dragons 5 + dragon_pung 3 + all_pungs 3 = 11; limit: all_honors 10.
    # The limit hand is named excluded, by the highest counted pattern.
    floor("555z666z777z11z[222z]2f+1z", "ordinary",
          "the ordinary reading, 11, is higher than the limit reading, 10",
          {"all_honors": "great_three_dragons"}, 10, id="ordinary_11_over_all_honors_10"),
    # Ordinary (pungs): 7 + 3 + 1 + 1 + 1 = 13; limit: four_concealed_pungs 10 + self_drawn 1 = 11.
    floor("111222333999m55m+5m", "ordinary",
          "the ordinary reading, 13, is higher than the limit reading, 11",
          {"four_concealed_pungs": "pure_one_suit"}, 11,
          id="ordinary_13_over_four_concealed_pungs_11", self_drawn=True),
    # Ordinary: 14 -> 13 (capped_ordinary_13_beats_all_honors above); limit: all_honors 10.
    floor("[555z][666z][777z]111z22z+2z", "ordinary",
          "the ordinary reading, 13 (14 before the limit), is higher than the limit reading, 10",
          {"all_honors": "great_three_dragons"}, 10, id="capped_ordinary_13_over_10"),
    # Both 10 (all_honors_ties_small_three_dragons... above): the tie goes to the limit reading.
    floor("111z555z666z77z[222z]2f+7z", "limit",
          "the limit reading, 10, is as high as the ordinary reading, 10, and a tie goes to the "
          "limit reading",
          dict.fromkeys(("small_three_dragons", "all_pungs", "dragon_pung", "seat_wind",
                         "round_wind"), "all_honors"), 10, id="tie_at_10"),
    # House limit 8: limit 10 -> 8, ordinary 11 -> 8; a tie, the limit reading counts.
    floor("555z666z777z11z[222z]2f+1z", "limit",
          "the limit reading, 8 (10 before the limit), is as high as the ordinary reading, 8 "
          "(11 before the limit), and a tie goes to the limit reading",
          dict.fromkeys(("great_three_dragons", "all_pungs", "dragon_pung"), "all_honors"), 8,
          {"limit": 8}, id="tie_after_a_limit_of_8"),
    # Limit: all_honors 10 on seven pairs; ordinary: seven_pairs 4 + no_flowers 1 = 5. Seven
    # pairs' own exclusion of concealed still holds in the limit reading.
    floor("11223344556677z+7z", "limit",
          "the limit reading, 10, is higher than the ordinary reading, 5",
          {"seven_pairs": "all_honors", "no_flowers": "all_honors"}, 5, SEVEN,
          id="all_honors_seven_pairs_over_5"),
    # Limit: nine_gates 10; ordinary: pure_one_suit 7 + concealed 1 + no_flowers 1 = 9.
    floor("11123455678999p+5p", "limit",
          "the limit reading, 10, is higher than the ordinary reading, 9",
          {"pure_one_suit": "nine_gates", "no_flowers": "nine_gates"}, 9,
          id="nine_gates_10_over_9"),
]


@pytest.mark.parametrize("hand, context, rules, reading, reason, lost, alternative", FLOOR)
def test_a_limit_is_a_floor_and_the_lower_reading_says_why(hand, context, rules, reading, reason,
                                                          lost, alternative):
    result = play(hand, rules, **context)
    assert result["reading"] == reading
    assert {e["id"]: e["by"] for e in result["excluded"] if e["reason"] == reason} == lost
    assert not any("includes" in e["reason"] for e in result["excluded"] if e["id"] in lost)
    other = "ordinary" if reading == "limit" else "limit"
    assert [a["total"] for a in result["alternatives"] if a["reading"] == other][0] == alternative


def test_nine_gates_waits_on_nine_tiles_and_the_false_one_on_fewer():
    # 1112345678999p held: any p completes it. 1123455678999p held: 111 234 55 678 999 (1p) or
    # 11 234 555 678 999 (5p).
    assert play("11123455678999p+5p")["waits"] == [f"{n}p" for n in range(1, 10)]
    assert play("11123455678999p+1p")["waits"] == ["1p", "5p"]


def test_the_two_readings_share_only_the_winning_conditions():
    limit = {p.id for p in VARIANT.limit_table}
    ordinary = {p.id for p in VARIANT.ordinary_table}
    conditions = {p.id for p in hongkong.WINNING_CONDITIONS}
    # seven_pairs sits in the limit table only for its exclusion of concealed; every limit hand
    # removes it there
    assert limit & ordinary == conditions | {"seven_pairs"}
    assert limit - ordinary == hongkong.LIMIT_IDS
    assert limit | ordinary == {p.id for p in VARIANT.table}


@pytest.mark.parametrize("limit, total", [(8, 8), (10, 10), (13, 10)],
                         ids=["limit_8_caps_orphans", "limit_10_reached", "limit_13_not_reached"])
def test_a_limit_hand_is_capped_at_the_table_limit(limit, total):
    # orphans 10
    result = play("111m999m111p99s[999p]2f+9s", {"limit": limit})
    assert result["total"] == total
    assert result["raw_total"] == 10
    assert result["limit"] == (limit if 10 >= limit else None)


def test_an_ordinary_hand_is_capped_at_the_limit():
    # great_three_dragons 5 + dragon_pung 3 + mixed_one_suit 3 + all_pungs 3 = 14 -> 13
    result = play("111m666z777z55m[555z]2f+5m")
    assert result["raw_total"] == 14
    assert result["total"] == 13
    assert result["limit"] == 13


def test_below_the_limit_reports_no_limit():
    # pure_one_suit 7 + all_pungs 3 + no_flowers 1 = 11, limit 10 -> 10; limit 13 -> 11
    assert play("111222333m55m[999m]+5m", {"limit": 10})["total"] == 10
    result = play("111222333m55m[999m]+5m")
    assert (result["total"], result["limit"]) == (11, None)


# --- the minimum -----------------------------------------------------------------------------


def test_a_hand_below_the_minimum_pays_nothing_and_says_so():
    # all_chows 1 + no_flowers 1 = 2 < 3
    result = play("123m456m234s55s[789p]+5s")
    assert result["total"] == 2
    assert result["meets_minimum"] is False
    assert result["minimum"] == 3
    assert result["payments"] == {"transfers": [], "net": {"E": 0, "S": 0, "W": 0, "N": 0}}


def test_flower_faan_count_toward_the_minimum():
    # all_chows 1 + own_flower 1 x 2 = 3: meets the minimum of 3
    result = play("123m456m234s55s[789p]1f5f+5s")
    assert result["total"] == 3
    assert result["meets_minimum"] is True
    assert result["payments"]["transfers"]


# --- the best reading ------------------------------------------------------------------------


def test_the_better_reading_wins_and_the_other_is_an_alternative():
    # chows: all_chows 1 + concealed 1 + self_drawn 1 = 3; pungs: concealed 1 + self_drawn 1 = 2
    result = play("111222333p456s77m2f+7m", self_drawn=True)
    assert result["decomposition"].count("123p") == 3
    assert [alt["total"] for alt in result["alternatives"]] == [2]


# --- hands the rules refuse ----------------------------------------------------------------


@pytest.mark.parametrize("hand, rules, context, code", [
    ("22m55m66m88p99p33s77s+7s", {}, {}, "not_a_winning_hand"),
    ("123m456m234s55s[789p]+5s", {}, {"robbing_kong": True, "self_drawn": True}, "bad_context"),
    ("123m456m444s55s[789p]+4s", {}, {"robbing_kong": True}, "bad_context"),
    ("123m456s789p55s(2222p)+5s", {}, {"double_kong_replacement": True}, "bad_context"),
    ("123m456s789p55s2222p+5s", {}, {}, "wrong_tile_count"),
    ("123m456m234s55s[789p]1f1f+5s", {}, {}, "too_many_copies"),
], ids=["seven_pairs_off_by_default", "robbing_kong_self_drawn", "robbing_kong_tile_held",
        "double_kong_replacement_one_kong", "kong_needs_brackets", "one_copy_of_each_flower"])
def test_impossible_hands_are_errors(hand, rules, context, code):
    result = score({"variant": "hongkong", "hand": hand, "context": context, "rules": rules})
    assert result["ok"] is False
    assert result["error"]["code"] == code
    assert result["error"]["message"]


# --- exclusions are data, applied in no order ----------------------------------------------

ORDER_HANDS = [
    ("[111z][222z][333z][444z]55z+5z", {}, {}),
    ("111z222z333z555z66z+6z", {"self_drawn": True}, {}),
    ("111z222z333z555z66z+5z", {}, {}),
    ("19m19p19s12345677z+7z", {"heavenly": True, "self_drawn": True}, {}),
    ("123m44z[111z][222z][333z]1f+4z", {"seat_wind": "S", "round_wind": "W"}, {}),
    ("11223355778899m+9m", {}, SEVEN),
    ("11223344556677z+7z", {}, SEVEN),
    ("456s789p55s(2222p)(3333m)1f2f3f4f5f+5s",
     {"kong_replacement": True, "double_kong_replacement": True, "self_drawn": True}, {}),
    ("55z[1111m][2222p](3333s)[4444s]+5z", {"self_drawn": True}, {}),
    ("111m999m111p999p11s+1s", {"self_drawn": True}, {}),
]


def outcome(variant, hand, context, rules):
    """The comparable part of a result: the total, the reading, what counts and what does not."""
    result = variant.score(hand, parse_context(context), variant.check_rules(rules))
    return (result["total"], result["reading"], sorted(counted(result).items()),
            sorted((e["id"], e["count"], e["by"], e["reason"]) for e in result["excluded"]),
            [(a["total"], a["reading"], a["decomposition"]) for a in result["alternatives"]])


@pytest.mark.parametrize("hand, context, rules", ORDER_HANDS + [
    (p.values[0], p.values[1], p.values[2]) for p in FLOOR])
def test_exclusions_do_not_depend_on_pattern_order(hand, context, rules):
    expected = outcome(VARIANT, hand, context, rules)
    shuffler = random.Random(hand)
    for _ in range(20):
        tables = {}
        for name, patterns in (("limit_table", hongkong.LIMIT_PATTERNS),
                               ("ordinary_table", hongkong.ORDINARY_PATTERNS)):
            patterns = list(patterns)
            shuffler.shuffle(patterns)
            tables[name] = PatternTable(patterns)
        shuffled = type("ShuffledHongKong", (hongkong.HongKong,), tables)()
        assert outcome(shuffled, hand, context, rules) == expected
