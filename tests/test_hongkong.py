"""Hong Kong Old Style, as spec/rules-hongkong.md says: every pattern, limit hand, winning
condition and flower rule on a worked hand, the stacking and limit cases, and hands read two ways.

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
    # --- limit hands: no hand, wind, dragon or flower pattern beside them ----------------------
    # all_honors 10 (1f is East's own flower: not counted; the revealed pung: not concealed)
    case("222z333z555z66z[111z]1f+6z", 10, {"all_honors": 1}, id="all_honors_limit"),
    # all_honors 10 + concealed 1 = 11: the 5z discard completed a pung, so this is not four
    # concealed pungs and the concealed faan stays
    case("111z222z333z555z66z+5z", 11, {"all_honors": 1, "concealed": 1},
         id="all_honors_concealed_won_on_a_pung"),
    # orphans 10
    case("111m999m111p99s[999p]2f+9s", 10, {"orphans": 1}, id="orphans_limit"),
    # four_concealed_pungs 10 + self_drawn 1 = 11 (no concealed, no all_pungs, no no_flowers)
    case("222m444p666s888s55m+5m", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="four_concealed_pungs_self_drawn", self_drawn=True),
    # four_concealed_pungs 10: won on a discard that completes the eyes
    case("222m444p666s888s55m+5m", 10, {"four_concealed_pungs": 1},
         id="four_concealed_pungs_discard_completes_the_eyes"),
    # a discard completing a pung: all_pungs 3 + concealed 1 + no_flowers 1 = 5
    case("222m444p666s888s55m+8s", 5, {"all_pungs": 1, "concealed": 1, "no_flowers": 1},
         id="not_four_concealed_pungs_when_a_discard_completes_a_pung"),
    # nine_gates 10 (pure_one_suit, concealed and no_flowers not counted)
    case("11123455678999p+5p", 10, {"nine_gates": 1}, id="nine_gates_limit"),
    # great_four_winds 13
    case("55m[111z][222z][333z][444z]+5m", 13, {"great_four_winds": 1},
         id="great_four_winds_limit"),
    # four_kongs 13
    case("55z[1111m][2222p](3333s)[4444s]+5z", 13, {"four_kongs": 1}, id="four_kongs_limit"),
    # thirteen_orphans 13 (no concealed, no no_flowers)
    case("19m19p19s12345677z+7z", 13, {"thirteen_orphans": 1}, id="thirteen_orphans_limit"),
    # heavenly 13 + self_drawn 1 + concealed 1 = 15, capped at 13 (all_chows, no_flowers go)
    case("123m456m789p234s55s+5s", 13, {"heavenly": 1, "self_drawn": 1, "concealed": 1},
         id="heavenly_limit_capped", heavenly=True, self_drawn=True),
    # earthly 13 + concealed 1 = 14, capped at 13
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
    # orphans 10: a limit hand takes no flower faan
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
    # four pungs: four_concealed_pungs 10 + self_drawn 1 = 11, beats 123 123 123 999 55:
    # pure 7 + concealed 1 + self_drawn 1 + no_flowers 1 = 10
    case("111222333999m55m+5m", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="two_ways_limit_hand_beats_pure_one_suit_chows", self_drawn=True),
    # --- two limit hands: only the higher ---------------------------------------------------------
    # great_four_winds 13 and all_honors 10 both hold: 13 alone
    case("[111z][222z][333z][444z]55z+5z", 13, {"great_four_winds": 1},
         id="two_limits_great_four_winds_over_all_honors"),
    # all_honors and four_concealed_pungs, both 10: one 10 + self_drawn 1 = 11 (no concealed:
    # the hand is four concealed pungs)
    case("111z222z333z555z66z+6z", 11, {"all_honors": 1, "self_drawn": 1},
         id="two_equal_limits_count_once", self_drawn=True),
    # orphans 10 + self_drawn 1 = 11
    case("111m999m111p99s[999p]2f+9s", 11, {"orphans": 1, "self_drawn": 1},
         id="limit_hand_plus_self_drawn", self_drawn=True),
    # great_four_winds 13 over four_kongs 13: one 13
    case("55m[1111z][2222z][3333z](4444z)+5m", 13, {"great_four_winds": 1},
         id="two_limits_great_four_winds_names_four_kongs_excluded"),
    # heavenly 13 + self_drawn 1 = 14 -> 13; great_four_winds, four_concealed_pungs not beside it
    case("111z222z333z444z55m+5m", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_great_four_winds", heavenly=True, self_drawn=True),
    # heavenly 13 + self_drawn 1 = 14 -> 13; thirteen_orphans not beside it
    case("19m19p19s12345677z+7z", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_thirteen_orphans", heavenly=True, self_drawn=True),
    # earthly 13 alone (thirteen_orphans excluded, and with it concealed)
    case("19m19p19s12345677z+7z", 13, {"earthly": 1},
         id="two_limits_earthly_thirteen_orphans", earthly=True, seat_wind="S", discarder="E"),
    # heavenly 13 + self_drawn 1 = 14 -> 13; nine_gates (and its concealed) not beside it
    case("11123455678999p+5p", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_nine_gates", heavenly=True, self_drawn=True),
    # heavenly 13 + self_drawn 1 = 14 -> 13; orphans and four_concealed_pungs not beside it
    case("111m999m111p999p11s+1s", 13, {"heavenly": 1, "self_drawn": 1},
         id="two_limits_heavenly_orphans", heavenly=True, self_drawn=True),
    # --- a limit hand takes none of the hand patterns that also hold -----------------------------
    # all_honors 10: small_three_dragons, dragon_pung x 2, all_pungs, seat/round wind not beside it
    case("111z555z666z77z[222z]2f+7z", 10, {"all_honors": 1},
         id="all_honors_takes_no_small_three_dragons"),
    # all_honors 10: no great_three_dragons, dragon_pung x 3, all_pungs
    case("555z666z777z11z[222z]2f+1z", 10, {"all_honors": 1},
         id="all_honors_takes_no_great_three_dragons"),
    # all_honors 10: no small_four_winds, seat_wind, round_wind, dragon_pung, all_pungs
    case("111z222z333z44z[555z]2f+4z", 10, {"all_honors": 1},
         id="all_honors_takes_no_small_four_winds"),
    # all_honors 10 on seven pairs: no seven_pairs 4, and no concealed beside seven pairs
    case("11223344556677z+7z", 10, {"all_honors": 1}, SEVEN, id="all_honors_seven_pairs"),
    # four_concealed_pungs 10 + self_drawn 1 = 11: no mixed_orphans, all_pungs, winds, dragon
    case("111m999p111z555z99s+9s", 11, {"four_concealed_pungs": 1, "self_drawn": 1},
         id="four_concealed_pungs_takes_no_mixed_orphans", self_drawn=True),
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
    # 13 alone, not 13 + 10 for all_honors, nor the pungs and winds beneath
    assert result["raw_total"] == 13
    excluded = {e["id"]: e["by"] for e in result["excluded"]}
    assert excluded["all_honors"] == "great_four_winds"
    assert {"all_pungs", "seat_wind", "round_wind", "no_flowers"} <= set(excluded)


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


def evaluations(table, hand, context, rules):
    checked = VARIANT.check_rules(rules)
    ctx = parse_context(context)
    built = VARIANT.build(hand, checked)
    found = []
    for placements in VARIANT.readings(built, ctx, checked):
        for reading in placements:
            ev = table.evaluate(reading)
            found.append((sorted((c.pattern.id, c.count) for c in ev.counted),
                          sorted((e.pattern.id, e.count, e.by.id, e.facet or "")
                                 for e in ev.excluded)))
    return found


@pytest.mark.parametrize("hand, context, rules", ORDER_HANDS)
def test_exclusions_do_not_depend_on_pattern_order(hand, context, rules):
    expected = evaluations(VARIANT.table, hand, context, rules)
    shuffler = random.Random(hand)
    for _ in range(20):
        patterns = list(hongkong.PATTERNS)
        shuffler.shuffle(patterns)
        assert evaluations(PatternTable(patterns), hand, context, rules) == expected
