"""Every Shanghai pattern, shown by a worked hand (rules-shanghai.md, "The patterns, as decided").

Each hand is worked out from the rules document, not from the engine: the comment lists every
pattern that holds, the ones an exclusion removes, and the sum. Context defaults (contract §2):
won on a discard, seat and round wind East (so an East pung is 2H twice), the discarder North.
"Waits" are worked out too, because 2F, 3F and 7G depend on them.
"""

import pytest

from scoring.engine.variants.shanghai import PATTERNS
from tests.helpers import counted, scored


def excluded(result):
    return {e["id"]: e["by"] for e in result["excluded"]}


def worked(shows, hand, patterns, total, gone=None, context=None, rules=None, waits=None):
    """`shows`: the pattern the hand is here for; `patterns`: {id: count} counted; `gone`:
    {id: excluder} removed by an exclusion; `total`: after the limit."""
    return pytest.param(hand, patterns, total, gone or {}, context or {}, rules or {}, waits,
                        id=shows)


SEAT_SOUTH = {"seat_wind": "S", "round_wind": "E"}

WORKED = [
    # 55p eyes -> 1A 1. 78s waited on 6s or 9s (no 2F); revealed chows (no 2E); a pung (no 2A);
    # three suits (no 2B); 1m, 9s (no 2C). Total 1.
    worked("1A", "[123m] [456p] 444s 789s 55p +9s", {"1A": 1}, 1, waits=["6s", "9s"]),
    # Four sequences in three suits -> 2A 2. Eyes 11p (no 1A); waits 6s/9s. Total 2.
    worked("2A", "[123m] [456p] 345s 789s 11p +9s", {"2A": 1}, 2, waits=["6s", "9s"]),
    # Characters and circles only -> 2B 2. 444p is not beside a 4p sequence (no 3G). Total 2.
    worked("2B", "[123m] [456m] 444p 789p 11m +9p", {"2B": 1}, 2, waits=["6p", "9p"]),
    # Only 2..8, no honor -> 2C 2. 555s 67s 33p waited on 3p (333p 55s 567s), 5s (555s 567s) and
    # 8s (no 2F). Total 2.
    worked("2C", "[234m] [456p] 555s 678s 33p +8s", {"2C": 1}, 2, waits=["3p", "5s", "8s"]),
    # 456s twice -> 2D 2. 4556s waited on 3s or 6s. 111m is not beside 999m (no 3A). Total 2.
    worked("2D", "[111m] [789p] 445566s 11p +6s", {"2D": 1}, 2, waits=["3s", "6s"]),
    # Nothing claimed, won on a discard -> 2E 2 (5A needs self-drawn). Total 2.
    worked("2E", "123m 456p 444s 789s 11p +9s", {"2E": 1}, 2, waits=["6s", "9s"]),
    # Waiting on the 1p alone (the eyes) -> 2F 2. Total 2.
    worked("2F", "[123m] [456p] 444s 789s 11p +1p", {"2F": 1}, 2, waits=["1p"]),
    # Self-drawn kong replacement -> 2G 2. The revealed 123p chow rules out 2E and 5A; a kong is
    # one kong (no 3B); eyes 33p. Total 2.
    worked("2G", "[123p] [5555m] 444s 789s 33p +9s", {"2G": 1}, 2,
           context={"self_drawn": True, "kong_replacement": True}),
    # A red dragon pung -> 2H 2 once. No wind (no 7F); 456p holds no terminal (no 7C). Total 2.
    worked("2H", "[123m] [456p] 777z 789s 11p +9s", {"2H": 1}, 2),
    # Four revealed pungs -> 2I 2 + 7L 7; won on the discard that makes the eyes -> 10A 10, which
    # removes 2F; only 2..8 -> 2C 2. 2+7+10+2 = 21.
    worked("2I", "[222m] [444p] [666s] [888m] 33p +3p", {"2C": 1, "2I": 1, "7L": 1, "10A": 1},
           21, gone={"2F": "10A"}, waits=["3p"]),
    # 123m and 789m -> 2J 2 (once: one suit). 45p waited on 3p or 6p. Total 2.
    worked("2J", "[123m] [789m] 444s 456p 11s +6p", {"2J": 1}, 2, waits=["3p", "6p"]),
    # The 5p fills 4_6p: 2K 2, and it is the only wait: 2F 2 (the seed: together 4). Total 4.
    worked("2K", "[123m] [789p] 444s 456p 11s +5p", {"2F": 1, "2K": 1}, 4, waits=["5p"]),
    # 111m and 999m -> 3A 3. Eyes 33p, waits 6s/9s. Total 3.
    worked("3A", "[111m] [999m] 456p 789s 33p +9s", {"3A": 1}, 3),
    # Two kongs -> 3B 3; the only revealed sets are kongs -> 2E 2. 3+2 = 5.
    worked("3B", "[2222m] [6666p] 345s 789s 33p +9s", {"2E": 1, "3B": 1}, 5),
    # Robbing a kong -> 3C 3 (the 9s is the only one in the hand). Total 3.
    worked("3C", "[123m] [456p] 444s 789s 11p +9s", {"3C": 1}, 3, context={"robbing_kong": True}),
    # Self-drawn last tile -> 3D 3 (revealed sets: no 5A). Total 3.
    worked("3D", "[123m] [456p] 444s 789s 11p +9s", {"3D": 1}, 3,
           context={"last_tile": True, "self_drawn": True}),
    # Won on the discard of the last tile -> 3E 3. Total 3.
    worked("3E", "[123m] [456p] 444s 789s 11p +9s", {"3E": 1}, 3, context={"last_tile": True}),
    # One wait (1p) and it was the last 1p -> 3F 3, which removes 2F. Total 3.
    worked("3F", "[123m] [456p] 444s 789s 11p +1p", {"3F": 1}, 3, gone={"2F": "3F"},
           context={"winning_tile_last": True}, waits=["1p"]),
    # Four 4s as 444s and 345s -> 3G 3. 3444 4s waited on 2s or 5s. Total 3.
    worked("3G", "[123m] [456p] 444s 345s 11p +5s", {"3G": 1}, 3, waits=["2s", "5s"]),
    # 33s 444s 555s: two pungs and the eyes on 3-4-5 -> 3H 3. The 555s is made by the discard, so
    # one concealed pung (no 7H). 33s 444s 55s waited on 3s (333s 444s 55s), 4s (345s 345s 44s)
    # and 5s. Total 3.
    worked("3H", "[123m] [456p] 444s 555s 33s +5s", {"3H": 1}, 3, waits=["3s", "4s", "5s"]),
    # Self-drawn, nothing claimed -> 5A 5, which removes 2E. Total 5.
    worked("5A", "123m 456p 444s 789s 11p +9s", {"5A": 1}, 5, gone={"2E": "5A"},
           context={"self_drawn": True}),
    # 123m 456m 789m -> 7A 7, which removes 2J. 12345678m waited on 3m, 6m, 9m. Total 7.
    worked("7A", "123456789m [444s] 11p +9m", {"7A": 1}, 7, gone={"2J": "7A"},
           waits=["3m", "6m", "9m"]),
    # 234 in characters, circles and bamboo -> 7B 7. 23s waited on 1s (123s, 11s eyes) or 4s.
    # Total 7.
    worked("7B", "[234m] [234p] 234s 999m 11s +4s", {"7B": 1}, 7, waits=["1s", "4s"]),
    # 123m 789p 777z 123s 99s: each group has a terminal or honor, a sequence, an honor -> 7C 7;
    # red pung -> 2H 2. No wind (no 7F). 7+2 = 9.
    worked("7C", "[123m] [789p] 777z 123s 99s +1s", {"2H": 1, "7C": 1}, 9, waits=["1s", "4s"]),
    # Four revealed sets, self-drawn -> 7D 7, which removes 2F. Total 7.
    worked("7D", "[123m] [456p] [789s] [444s] 11p +1p", {"7D": 1}, 7, gone={"2F": "7D"},
           context={"self_drawn": True}),
    # Ready hand announced -> 7E 7; nothing claimed -> 2E 2. 7+2 = 9.
    worked("7E", "123m 456p 444s 789s 11p +9s", {"2E": 1, "7E": 1}, 9,
           context={"ready_announced": True}),
    # Three suits, South wind, red dragon -> 7F 7. South is neither seat nor round (no 2H). 7.
    worked("7F", "[123m] [456p] 789s 222z 77z +9s", {"7F": 1}, 7),
    # Two waits (6s, 9s) and the 9s was the last one -> 7G 7. Total 7.
    worked("7G", "[123m] [456p] 444s 789s 11p +9s", {"7G": 1}, 7,
           context={"winning_tile_last": True}, waits=["6s", "9s"]),
    # 444p 666s 888p concealed, the discard fills 23m -> 7H 7; nothing claimed -> 2E 2. 9.
    worked("7H", "123m 444p 666s 888p 99m +1m", {"2E": 1, "7H": 1}, 9, waits=["1m", "4m"]),
    # Characters and a red pung -> 7I 7, 2H 2. 78m waited on 6m (4th copy) or 9m. 7+2 = 9.
    worked("7I", "[234m] [666m] 777z 789m 11m +9m", {"2H": 1, "7I": 1}, 9, waits=["6m", "9m"]),
    # 444m 555m 666m -> 7J 7. One concealed pung (no 7H). Total 7.
    worked("7J", "[444m] [555m] 666m 789s 11p +9s", {"7J": 1}, 7),
    # Four 5p as 345p, 567p and the eyes -> 7K 7; eyes of 5 -> 1A 1. 3455556p waited on 3p
    # (33p 456p 555p), 4p, 6p (345p 555p 66p) and 7p. 7+1 = 8.
    worked("7K", "[123m] [999s] 34555567p +7p", {"1A": 1, "7K": 1}, 8,
           waits=["3p", "4p", "6p", "7p"]),
    # Four pungs -> 7L 7 (the 888s is made by the discard: one concealed pung, no 7H). Total 7.
    worked("7L", "[111m] [444p] 666s 888s 33p +8s", {"7L": 1}, 7, waits=["3p", "8s"]),
    # Four revealed sets, the discard makes the eyes -> 10A 10, which removes 2F. Total 10.
    worked("10A", "[123m] [456p] [789s] [444s] 11p +1p", {"10A": 1}, 10, gone={"2F": "10A"}),
    # Every group holds a 1 or 9, no honor, sequences -> 10B 10. Total 10.
    worked("10B", "[123m] [789p] 111s 789s 99m +9s", {"10B": 1}, 10),
    # Three kongs -> 15A 15 (3B is two kongs exactly); the revealed sets are kongs -> 2E 2. 17.
    worked("15A", "[2222m] [6666p] [4444s] 789s 11p +9s", {"2E": 1, "15A": 1}, 17),
    # 234s three times -> 15B 15, which removes 2D. Total 15.
    worked("15B", "[234s] [234s] 234s 999p 11m +4s", {"15B": 1}, 15, gone={"2D": "15B"}),
    # East, South, West pungs -> 15C 15, which removes 2H for East (seat and round: 2 sets);
    # characters and circles -> 2B 2. 15+2 = 17.
    worked("15C", "[111z] [222z] 333z 234m 99p +4m", {"2B": 1, "15C": 1}, 17, gone={"2H": "15C"}),
    # 123 456 456 789m -> 15D 15, which removes 7A, 2D, 2J; nothing claimed 2E 2; two suits 2B 2;
    # four sequences 2A 2. 15+2+2+2 = 21. 1234455667 8m waited on 3m, 6m, 9m.
    worked("15D", "123445566789m 11p +9m", {"2A": 1, "2B": 1, "2E": 1, "15D": 1}, 21,
           gone={"7A": "15D", "2D": "15D", "2J": "15D"}, waits=["3m", "6m", "9m"]),
    # White and green pungs, red eyes -> 20A 20, which removes 2H for both dragons; characters and
    # honors -> 7I 7. 20+7 = 27.
    worked("20A", "[555z] [666z] 123456m 77z +6m", {"7I": 1, "20A": 1}, 27, gone={"2H": "20A"}),
    # 123/789 in characters and in circles -> 20B 20, which removes 2J (twice); 2A 2. 22.
    worked("20B", "[123m] [789m] 123p 789p 44s +9p", {"2A": 1, "20B": 1}, 22, gone={"2J": "20B"}),
    # Only 1, 2, 3 -> 30A 30; eyes 22m -> 1A 1. 23p waited on 1p or 4p. 30+1 = 31.
    worked("30A", "[123m] [111s] 123p 333s 22m +1p", {"1A": 1, "30A": 1}, 31, waits=["1p", "4p"]),
    # A 3 in every set and in the eyes -> 30B 30. 2344s waited on 2s or 5s. Total 30.
    worked("30B", "[123m] [333p] 234s 345s 33m +5s", {"30B": 1}, 30, waits=["2s", "5s"]),
    # Characters only -> 40A 40. 666m 78m 44m waited on 4m (444m 66m 678m), 6m, 9m. Total 40.
    worked("40A", "[111m] [345m] 666m 789m 44m +9m", {"40A": 1}, 40, waits=["4m", "6m", "9m"]),
    # 234m twice and 567p twice -> 40B 40, which removes 2D; four sequences 2A 2. 42.
    worked("40B", "[234m] [234m] 556677p 99s +7p", {"2A": 1, "40B": 1}, 42, gone={"2D": "40B"}),
    # The four 6p in 456p 456p 567p 678p -> 40G 40, which removes 2D; 2A 2; two suits 2B 2. Waits
    # 4p, 7p and 1s (111s 44p 555p 666p); the 6p is not one: all four are in the hand. 44.
    worked("40G", "[678p] 445556667p 11s +7p", {"2A": 1, "2B": 1, "40G": 1}, 44,
           gone={"2D": "40G"}, waits=["4p", "7p", "1s"]),
    # Four concealed pungs, the discard makes the eyes -> 50A 50, which removes 7L and 2E.
    # 3444p also waits on 2p and 5p (no 2F). Total 50.
    worked("50A", "111m 444p 666s 888s 33p +3p", {"50A": 1}, 50, gone={"7L": "50A", "2E": "50A"},
           waits=["2p", "3p", "5p"]),
    # Terminal and honor pungs -> 50B 50, which removes 7L; only 1, 9 and honors -> 30A 30. 80.
    worked("50B", "[111m] [999p] [999s] 222z 44z +2z", {"30A": 1, "50B": 1}, 80,
           gone={"7L": "50B"}, waits=["2z", "4z"]),
    # Three dragon pungs -> 60A 60, which removes 2H for the three; circles and bamboo 2B 2. 62.
    worked("60A", "[555z] [666z] 777z 234p 99s +4p", {"2B": 1, "60A": 1}, 62, gone={"2H": "60A"}),
    # East South West pungs, North eyes -> 60B 60, which removes 15C, 3H and 2H (East twice);
    # characters and honors 7I 7. 67.
    worked("60B", "[111z] [222z] 333z 234m 44z +4m", {"7I": 1, "60B": 1}, 67,
           gone={"15C": "60B", "3H": "60B", "2H": "60B"}),
    # 234 in each suit, 234s twice, eyes 33m: 60C 60 (removes 30A, 30B); 7B 7; 2A 2; 2C 2; 2D 2.
    # 60+7+2+2+2 = 73.
    worked("60C", "[234m] [234p] 223344s 33m +4s", {"2A": 1, "2C": 1, "2D": 1, "7B": 1, "60C": 1},
           73, gone={"30A": "60C", "30B": "60C"}, waits=["1s", "4s"]),
    # Four wind pungs -> 100A 100, which removes 15C, 2H for East, 7L, and 100I and 30A (honors
    # and 3s only); characters and honors 7I 7. 107, limit 100 -> 100.
    worked("100A", "[111z] [222z] [333z] 444z 33m +4z", {"7I": 1, "100A": 1}, 100,
           gone={"15C": "100A", "2H": "100A", "7L": "100A", "100I": "100A", "30A": "100A"}),
    # 2, 5, 8 pungs and eyes -> 100B 100, which removes 7L, 1A, 2C and 30A (three numbers). 100.
    worked("100B", "[222m] [555p] 888s 222s 55m +2s", {"100B": 1}, 100,
           gone={"7L": "100B", "1A": "100B", "2C": "100B", "30A": "100B"}),
    # Terminal pungs -> 100C 100, which removes 7L, and 100I and 30A (only 1 and 9); 111m and
    # 999m -> 3A 3. 103 -> 100.
    worked("100C", "[111m] [999p] [111s] 999m 11p +9m", {"3A": 1, "100C": 1}, 100,
           gone={"7L": "100C", "100I": "100C", "30A": "100C"}),
    # A 1 in every sequence and the eyes -> 100D 100 (removes 60C, 30A, 30B); 7B 7; 123m twice
    # 2D 2; 2A 2; every group has a terminal, sequences, no honor -> 10B 10. 121 -> 100.
    worked("100D", "[123m] [123p] 123m 123s 11p +1s",
           {"2A": 1, "2D": 1, "7B": 1, "10B": 1, "100D": 1}, 100,
           gone={"60C": "100D", "30A": "100D", "30B": "100D"}),
    # The same with 9s -> 100E 100, 7B 7, 2D 2, 2A 2, 10B 10. 121 -> 100.
    worked("100E", "[789m] [789p] 789m 789s 99p +9s",
           {"2A": 1, "2D": 1, "7B": 1, "10B": 1, "100E": 1}, 100,
           gone={"60C": "100E", "30A": "100E", "30B": "100E"}),
    # All honors -> 100F 100, which removes 7L, and 100I and 30A (one "number"); South and West
    # pungs with North eyes -> 3H 3; two dragon pungs 2H 2x2. 107 -> 100.
    worked("100F", "[222z] [333z] [555z] 666z 44z +6z", {"2H": 2, "3H": 1, "100F": 1},
           100, gone={"7L": "100F", "100I": "100F", "30A": "100F"}),
    # Heavenly, self-drawn, concealed -> 100G 100, 5A 5 (removes 2E). 105 -> 100.
    worked("100G", "123m 456p 444s 789s 11p +9s", {"5A": 1, "100G": 1}, 100, gone={"2E": "5A"},
           context={"self_drawn": True, "heavenly": True}),
    # Earthly (South wins on East's first discard) -> 100H 100; concealed 2E 2. 102 -> 100.
    worked("100H", "123m 456p 444s 789s 11p +9s", {"2E": 1, "100H": 1}, 100,
           context={"earthly": True, **SEAT_SOUTH}),
    # 1s and 5s only -> 100I 100 (removes 7L, 30A). Total 100.
    worked("100I", "[111m] [555p] [111s] 555m 11p +5m", {"100I": 1}, 100,
           gone={"7L": "100I", "30A": "100I"}, waits=["5m", "1p"]),
    # Four revealed kongs -> 100J 100 (removes 7L); 2I 2; 10A 10 (removes 2F); kongs only are
    # revealed 2E 2; 2C 2. 116 -> 100.
    worked("100J", "[2222m] [6666p] [4444s] [8888s] 33m +3m",
           {"2C": 1, "2E": 1, "2I": 1, "10A": 1, "100J": 1}, 100,
           gone={"7L": "100J", "2F": "10A"}),
    # 13 terminals, the 1m doubled: 100K 100 and (how it was won) 2E 2; 13-sided wait. 102 -> 100.
    worked("100K", "119m19p19s1234567z +1m", {"2E": 1, "100K": 1}, 100,
           waits=["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
]


@pytest.mark.parametrize("hand, patterns, total, gone, context, rules, waits", WORKED)
def test_worked_hand(hand, patterns, total, gone, context, rules, waits):
    result = scored(hand, context, rules)
    assert counted(result) == patterns
    assert excluded(result) == gone
    assert result["total"] == total
    if waits is not None:
        assert result["waits"] == waits


def test_every_pattern_of_the_table_has_a_worked_hand_that_counts_it():
    assert len(PATTERNS) == 62
    assert {param.id for param in WORKED} == {p.id for p in PATTERNS}
    for param in WORKED:
        hand, patterns = param.values[0], param.values[1]
        assert param.id in patterns, f"{hand} is listed for {param.id} but does not count it"


# 3A and 2J count once per suit that holds them.
PER_SUIT = [
    # 111m and 999m -> 3A 3 once (as in WORKED): 3.
    pytest.param("[111m] [999m] 456p 789s 33p +9s", "3A", 1, 3, id="3A-once"),
    # 111m 999m and 111p 999p: 3A 3 x 2 = 6; four triplets 7L 7; eyes 55s 1A 1; numbers 1, 9
    # and 5 only: 30A 30. Waits 9p and 5s (no 2F); the 9p discard makes 999p, so no concealed
    # triplet (no 7H); three suits (no 2B). 6+7+1+30 = 44.
    pytest.param("[111m] [999m] [111p] 999p 55s +9p", "3A", 2, 44, id="3A-twice"),
    # 123m 789m -> 2J 2 once; 45p waited on 3p or 6p. See WORKED: 2.
    pytest.param("[123m] [789m] 444s 456p 11s +6p", "2J", 1, 2, id="2J-once"),
]


@pytest.mark.parametrize("hand, pattern_id, count, total", PER_SUIT)
def test_per_suit_patterns_count_once_per_suit(hand, pattern_id, count, total):
    result = scored(hand)
    assert counted(result)[pattern_id] == count
    assert result["total"] == total


# 2H counts each honour pung once for a dragon, once for the round wind, once for the seat wind.
HONOR_PUNGS = [
    # East pung, East seat in the East round: 2H twice = 4.
    pytest.param("[123m] [456p] 111z 789s 11p +9s", {}, 2, 4, id="2H-wind-seat-and-round"),
    # South pung, South seat, East round: once = 2.
    pytest.param("[123m] [456p] 222z 789s 11p +9s", SEAT_SOUTH, 1, 2, id="2H-seat-wind"),
    # East pung, South seat, East round: once = 2.
    pytest.param("[123m] [456p] 111z 789s 11p +9s", SEAT_SOUTH, 1, 2, id="2H-round-wind"),
    # West pung, South seat, East round: not counted.
    pytest.param("[123m] [456p] 333z 789s 11p +9s", SEAT_SOUTH, 0, 0, id="2H-other-wind"),
    # Green dragon pung and an East pung for East: 1 + 2 = 3 sets, 6; circles and bamboo only,
    # 2B 2. 6+2 = 8.
    pytest.param("[666z] [456p] 111z 789s 11p +9s", {}, 3, 8, id="2H-dragon-and-double-wind"),
]


@pytest.mark.parametrize("hand, context, count, total", HONOR_PUNGS)
def test_honor_pungs_count_per_set(hand, context, count, total):
    result = scored(hand, context)
    assert counted(result).get("2H", 0) == count
    assert result["total"] == total


def test_total_dependency_needs_all_four_sets_revealed():
    # 10A is "four revealed sets, not self_drawn, and the winning tile completes the eyes". Three
    # revealed sets and a concealed chow are not four: no 10A. The discard makes the eyes, the
    # only wait -> 2F 2 (which 10A would have removed). Total 2.
    result = scored("123m [456p] [789s] [444s] 11p +1p")
    assert counted(result) == {"2F": 1}
    assert result["total"] == 2
