"""Chinese Official (MCR): worked hands, each total added up by hand from docs/rules-mcr.md (not
read off the reference engine, which tests/test_mcr_oracle.py compares separately), the money,
the minimum and its flowers, the context it refuses, and its exclusions as data."""

import dataclasses
import random
from collections.abc import Mapping

import pytest

from scoring.engine.api import score
from scoring.engine.context import parse_context
from scoring.engine.mcr_fans import FanReading, fan_readings
from scoring.engine.mcr_random import random_request
from scoring.engine.variants.mcr import PATTERNS, VARIANT, FanTable, best_reading

SELF = {"self_drawn": True}


def mcr(hand, context=None, rules=None):
    return score({"variant": "mcr", "hand": hand, "context": context or {}, "rules": rules or {}})


def mcr_corpus(size, seed=4):
    rng = random.Random(seed)
    return [random_request(rng) for _ in range(size)]


def fans(result):
    return {p["english"]: p["count"] for p in result["patterns"]}


WORKED = [
    # Pure Straight 16 (123m 456m 789m) + Mixed Double Chow 1 (123p with 123m, the fourth chow
    # combining once) + All Chows 2 + Concealed Hand 2 + Single Wait 1; No Honors in All Chows.
    pytest.param("123m 456m 789m 123p 55s", {}, 22,
                 {"Pure Straight": 1, "Mixed Double Chow": 1, "All Chows": 1,
                  "Concealed Hand": 1, "Single Wait": 1}, id="pure-straight"),
    # The same self-drawn: Fully Concealed Hand 4 takes in Self-Drawn.
    pytest.param("123m 456m 789m 123p 55s", SELF, 24,
                 {"Pure Straight": 1, "Mixed Double Chow": 1, "All Chows": 1,
                  "Fully Concealed Hand": 1, "Single Wait": 1}, id="fully-concealed"),
    # Seven Pairs 24, and nothing else: three suits and one honor, no wait fan, no concealed hand.
    pytest.param("1199m 2255p 3377s 77z +7z", {}, 24, {"Seven Pairs": 1}, id="seven-pairs"),
    # Big Four Winds 88 (not All Pungs, Pung of Terminals or Honors, Prevalent or Seat Wind) +
    # All Terminals and Honors 32 + Half Flush 6 + Melded Hand 6 (not Single Wait).
    pytest.param("11m [111z] [222z] [333z] [444z]", {}, 132,
                 {"Big Four Winds": 1, "All Terminals and Honors": 1, "Half Flush": 1,
                  "Melded Hand": 1}, id="big-four-winds"),
    # Pure Terminal Chows 64 (not Full Flush, All Chows, No Honors; no Pure Double Chow inside
    # it) + Concealed Hand 2 + Single Wait 1.
    pytest.param("123m 123m 789m 789m 55m", {}, 67,
                 {"Pure Terminal Chows": 1, "Concealed Hand": 1, "Single Wait": 1},
                 id="pure-terminal-chows"),
    # Knitted Straight 12 + Concealed Hand 2 + Single Wait 1 (the set and pair wait on 1z only).
    pytest.param("147m 258p 369s 123m 11z +1z", {}, 15,
                 {"Knitted Straight": 1, "Concealed Hand": 1, "Single Wait": 1},
                 id="knitted-straight"),
    # Lesser Honors and Knitted Tiles 12 alone (eight knitted numbers: no Knitted Straight).
    pytest.param("147m 258p 36s 123456z +6z", {}, 12,
                 {"Lesser Honors and Knitted Tiles": 1}, id="lesser-honors-knitted"),
    pytest.param("147m 28p 36s 1234567z +7z", {}, 24,
                 {"Greater Honors and Knitted Tiles": 1}, id="greater-honors-knitted"),
    # Big Three Winds 12 takes in the three Pungs of Terminals or Honors; Outside Hand 4 (123m,
    # 99p and the winds each hold a terminal or an honor); One Voided Suit 1 (no bamboo); Single
    # Wait 1. North's seat and round: no pung of North.
    pytest.param("123m 99p [111z] [222z] [333z]", {"seat_wind": "N", "round_wind": "N"}, 18,
                 {"Big Three Winds": 1, "Outside Hand": 1, "One Voided Suit": 1,
                  "Single Wait": 1},
                 id="big-three-winds"),
    # Last Tile Draw 8 and Fully Concealed Hand 4 (each takes in Self-Drawn) + Short Straight 1
    # (123m 456m) + Single Wait 1.
    pytest.param("123m 456m 789p 345s 11z +1z", {"self_drawn": True, "last_tile": True}, 14,
                 {"Last Tile Draw": 1, "Fully Concealed Hand": 1, "Short Straight": 1,
                  "Single Wait": 1}, id="last-tile-draw"),
    # Robbing the Kong 8 (takes in Last Tile) + Concealed Hand 2 + Short Straight 1 + Closed
    # Wait 1 (35s waits on 4s only).
    pytest.param("123m 456m 789p 345s 11z +4s", {"robbing_kong": True, "winning_tile_last": True},
                 12, {"Robbing the Kong": 1, "Concealed Hand": 1, "Short Straight": 1,
                      "Closed Wait": 1}, id="robbing-the-kong"),
    # Four Concealed Pungs 64 takes in Fully Concealed Hand, so Self-Drawn 1 counts; Pung of
    # Terminals or Honors 1 (777m? no: 111m), No Honors 1, Single Wait 1.
    pytest.param("111m 333p 555s 777m 99s", SELF, 68,
                 {"Four Concealed Pungs": 1, "Pung of Terminals or Honors": 1, "No Honors": 1,
                  "Single Wait": 1, "Self-Drawn": 1}, id="four-concealed-pungs"),
    # Two chows in each of two suits: Mixed Double Chow twice and Short Straight once (account
    # once), Concealed Hand 2, One Voided Suit 1, Single Wait 1.
    pytest.param("234567s 234567p 11z +1z", {}, 7,
                 {"Mixed Double Chow": 2, "Short Straight": 1, "Concealed Hand": 1,
                  "One Voided Suit": 1, "Single Wait": 1}, id="account-once"),
    # Chicken Hand 8: three revealed chows, a two-sided wait, three suits and an honor pair.
    pytest.param("234m [567p] [789s] [345s] 22z +4m", {"seat_wind": "S", "round_wind": "W"}, 8,
                 {"Chicken Hand": 1}, id="chicken-hand"),
]


@pytest.mark.parametrize("hand, context, total, expected", WORKED)
def test_worked_hand(hand, context, total, expected):
    result = mcr(hand, context)
    assert result["ok"], result
    assert fans(result) == expected
    assert result["total"] == total


def test_the_discarder_pays_eight_plus_the_total_and_the_others_eight():
    result = mcr("123m 456m 789m 123p 55s", {"discarder": "S"})
    assert result["payments"]["net"] == {"E": 22 + 8 + 8 + 8, "S": -30, "W": -8, "N": -8}


def test_self_drawn_each_pays_eight_plus_the_total():
    result = mcr("123m 456m 789m 123p 55s", SELF)
    assert result["payments"]["net"] == {"E": 96, "S": -32, "W": -32, "N": -32}


def test_flowers_score_but_do_not_reach_the_minimum():
    # Prevalent Wind 2 + Single Wait 1 = 3, and five flowers: 8 in all, but 3 under the minimum.
    result = mcr("234m567p22s1f2f3f4f5f[EEE][789p]+2s", {"seat_wind": "S"})
    assert result["total"] == 8 and fans(result)["Flower Tiles"] == 5
    assert not result["meets_minimum"] and result["payments"]["transfers"] == []
    assert "under the minimum" in result["explanation"][0]["text"]


def test_the_minimum_is_a_house_option():
    hand = "234m567p22s[EEE][789p]+2s"
    assert not mcr(hand, {"seat_wind": "S"})["meets_minimum"]
    result = mcr(hand, {"seat_wind": "S"}, {"minimum_fan": 3})
    assert result["meets_minimum"] and result["payments"]["net"]["S"] == 3 + 8 + 8 + 8


@pytest.mark.parametrize("context", [{"heavenly": True, "self_drawn": True},
                                     {"kong_replacement": True, "self_drawn": True},
                                     {"ready_announced": True}])
def test_a_context_mcr_cannot_see_is_refused(context):
    result = mcr("123m 456m 789m 123p 55s", context)
    assert result["error"]["code"] == "bad_context"


def test_not_a_winning_hand():
    assert mcr("123m 456m 789m 124p 55s")["error"]["code"] == "not_a_winning_hand"


def reading_holding(raw):
    """A reading that holds exactly the fans of `raw` (a form that never counts Chicken Hand)."""
    return FanReading("knitted_straight", (), None, (), raw)


EXCLUSIONS = [(p, target) for p in PATTERNS for target in p.excludes]


@pytest.mark.parametrize("excluder, target", EXCLUSIONS,
                         ids=[f"{p.id}-{t}" for p, t in EXCLUSIONS])
def test_each_exclusion_counts_the_excluder_only(excluder, target):
    target_id, _, facet = target.partition(":")
    held = {facet: 1} if facet else 1
    raw = {int(target_id): held, int(excluder.id): 1}
    evaluation = VARIANT.table.evaluate(reading_holding(raw))
    assert [c.pattern.id for c in evaluation.counted] == [excluder.id]
    assert [(e.pattern.id, e.by.id) for e in evaluation.excluded] == [(target_id, excluder.id)]


def test_a_removed_fan_removes_nothing():
    # Four Concealed Pungs removes Fully Concealed Hand, which would have removed Self-Drawn.
    raw = {80: 1, 56: 1, 12: 1}
    evaluation = VARIANT.table.evaluate(reading_holding(dict(reversed(raw.items()))))
    assert sorted(c.pattern.id for c in evaluation.counted) == ["12", "80"]
    assert VARIANT.table.evaluate(reading_holding(raw)).counted == evaluation.counted


def analyse(hand, context=None):
    from scoring.engine.api import analyse as run
    return run({"variant": "mcr", "hand": hand, "context": context or {}})


def test_what_wins_a_knitted_straight_and_for_how_much():
    # Knitted Straight 12 + Concealed Hand 2 + Single Wait 1 on a discard; self-drawn Fully
    # Concealed Hand 4 in place of Concealed Hand.
    result = analyse("147m 258p 369s 123m 1z")
    assert result["shanten"] == 0
    assert [(w["tile"], w["discard"]["total"], w["self_drawn"]["total"])
            for w in result["waits"]] == [("1z", 15, 17)]


def test_what_wins_honors_and_knitted_tiles():
    # 9s makes nine knitted numbers: Lesser Honors and Knitted Tiles 12 + Knitted Straight 12;
    # 6z or 7z: Lesser Honors and Knitted Tiles alone.
    result = analyse("147m 258p 36s 12345z")
    assert [(w["tile"], w["discard"]["total"]) for w in result["waits"]] == [
        ("9s", 24), ("6z", 12), ("7z", 12)]


def test_what_a_hand_two_from_a_knitted_form_lacks():
    # 147m 25p 369s: eight of the knitted straight 147m 258p 369s; E S W; 99m. Honors and
    # knitted tiles: 8 + 3 = 11 different of the 14 it needs, 3 missing. Knitted straight: 8p,
    # then a set and the pair from 99m E S W, 2 more (9m for 999m and a copy of a wind, or a
    # wind twice): 3 missing. So 2 from ready. Useful: 8p (both forms), N and the dragons (a
    # twelfth different honor or knitted tile), 9m and E S W (the set or the pair beside the
    # straight).
    result = analyse("147m 25p 369s ESW 99m")
    assert result["shanten"] == 2
    assert result["useful"] == ["9m", "8p", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


# Exclusions and the choice between readings: neither depends on the order anything was found --

def readings_of(request):
    hand = VARIANT.build(request["hand"], VARIANT.default_rules)
    return fan_readings(hand, parse_context(request["context"]), ())


SAMPLE = [reading for request in mcr_corpus(400) for reading in readings_of(request)]


def shuffled(reading, rng):
    """The same reading, its fans (and their facets) found in another order."""
    items = [(n, dict(rng.sample(list(c.items()), len(c))) if isinstance(c, Mapping) else c)
             for n, c in reading.fans.items()]
    return dataclasses.replace(reading, fans=dict(rng.sample(items, len(items))))


def test_the_fans_counted_do_not_depend_on_the_order_they_were_found():
    rng = random.Random(5)
    for reading in SAMPLE:
        evaluation = VARIANT.table.evaluate(reading)
        again = VARIANT.table.evaluate(shuffled(reading, rng))
        assert (again.counted, again.excluded) == (evaluation.counted, evaluation.excluded)


def test_a_fan_counts_exactly_when_no_counted_fan_excludes_it():
    # The rule read as a definition, checked on every reading of the sample: a fan held is
    # excluded (whole, or a facet) if and only if a counted fan lists it, and the fan named as
    # the excluder is the highest such.
    by_id, rank = VARIANT.table.by_id, VARIANT.table.rank
    for reading in SAMPLE:
        evaluation = VARIANT.table.evaluate(reading)
        counted = {c.pattern.id: c.count for c in evaluation.counted}
        excluded = {(e.pattern.id, e.facet): (e.count, e.by.id) for e in evaluation.excluded}

        def excluders(target, counted=counted):
            return sorted((p for p in counted if target in by_id[p].excludes), key=rank.get)

        for number, count in reading.fans.items():
            pid = str(number)
            whole = excluders(pid)
            if whole:
                assert pid not in counted
                assert excluded[pid, None][1] == whole[0]
                continue
            facets = count if isinstance(count, Mapping) else {None: count}
            kept = 0
            for facet, n in facets.items():
                by = excluders(f"{pid}:{facet}") if facet else []
                if by:
                    assert excluded[pid, facet] == (n, by[0])
                else:
                    kept += n
            assert counted.get(pid, 0) == kept


def test_the_reading_chosen_does_not_depend_on_the_order_of_the_readings():
    rng = random.Random(6)
    for request in mcr_corpus(400, seed=8):
        evaluations = VARIANT.fan_counts(VARIANT.build(request["hand"], VARIANT.default_rules),
                                         parse_context(request["context"]))
        best = best_reading(evaluations)
        for _ in range(3):
            assert best_reading(rng.sample(evaluations, len(evaluations))) is best


def test_an_exclusion_must_point_to_a_lower_fan():
    high = dataclasses.replace(PATTERNS[0], excludes=())  # Big Four Winds, 88
    low = PATTERNS[-2]  # Flower Tiles, 1
    FanTable([dataclasses.replace(high, excludes=(low.id,)), low])
    with pytest.raises(ValueError, match="not below"):
        FanTable([high, dataclasses.replace(low, excludes=(high.id,))])


TIES = [
    # 222p 345p 55p and 234p 555p 22p are both worth Last Tile 4 + All Simples 2: the reading
    # the reference meets first is kept (its search takes the pung of 2p before the chow 234p).
    pytest.param("22234555p [888m] [678s] +3p",
                 {"winning_tile_last": True, "seat_wind": "W", "round_wind": "S"}, 6,
                 ["222p", "345p", "55p", "[888m]", "[678s]"], id="first-met"),
    # 777m 888m 999m: Pure Shifted Pungs 24 + Two Concealed Pungs 2 (888m completed by the
    # discard) + Pung of Terminals or Honors 1; 789m three times: Pure Triple Chow 24 + All
    # Chows 2 + Mixed Double Chow 1 (with 789s). Upper Four 12, Concealed Hand 2 and One Voided
    # Suit 1 each: 42 both, and the reading holding Pure Triple Chow is kept.
    pytest.param("66777888999m 789s +8m", {}, 42,
                 ["789m", "789m", "789m", "789s", "66m"], id="pure-triple-chow"),
]


@pytest.mark.parametrize("hand, context, total, decomposition", TIES)
def test_between_readings_of_equal_value(hand, context, total, decomposition):
    result = mcr(hand, context)
    assert result["total"] == total and result["decomposition"] == decomposition


def test_a_knitted_straight_with_a_claimed_kong_lists_each_set_once():
    # 147m 258p 369s knitted, 22z the eyes, [1111z] claimed: Knitted Straight (35) 12, the East
    # kong as Prevalent Wind (60) 2 and Seat Wind (61) 2, Melded Kong (74) 1, the eyes waited on
    # alone: Single Wait (79) 1. 12 + 2 + 2 + 1 + 1 = 18. The claimed kong is one set, not also a
    # concealed pair of East.
    result = score({"variant": "mcr", "hand": "147m258p369s22z[1111z]+2z", "context": {},
                    "rules": {}})
    assert result["decomposition"] == ["147m", "258p", "369s", "22z", "[1111z]"]
    assert result["winning_group"] == 3
    assert result["total"] == 18
    assert [p["id"] for p in result["patterns"]] == ["35", "60", "61", "74", "79"]
