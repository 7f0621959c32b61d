"""Shanghai's exclusions (rules-shanghai.md, "Exclusions"): a hand for every row of the table.

In each hand both patterns hold; only the excluder counts, and the excluded one is reported under
`excluded` with `by` naming the excluder. Totals are worked out from the rules document.
"""

import random

import pytest

from scoring.engine.context import parse_context
from scoring.engine.patterns import Pattern, PatternTable
from scoring.engine.variants.shanghai import PATTERNS, Shanghai
from tests.helpers import counted, scored

# The table of the rules document, row by row: (counted, not counted). "2H:dragon" is "2H for its
# dragon triplets", "2H:wind" is "2H for its wind triplets".
EXCLUSION_ROWS = [
    ("5A", "2E"), ("3F", "2F"), ("7D", "2F"), ("10A", "2F"), ("7A", "2J"), ("40G", "2D"),
    ("15A", "3B"), ("100J", "15A"), ("100J", "3B"), ("100J", "7L"),
    ("50A", "7H"), ("50A", "7L"), ("50A", "2E"), ("15B", "2D"), ("40B", "2D"),
    ("15D", "7A"), ("15D", "2D"), ("15D", "2J"), ("20B", "2J"),
    ("20A", "2H:dragon"), ("60A", "2H:dragon"), ("15C", "2H:wind"),
    ("60B", "15C"), ("60B", "3H"), ("60B", "2H:wind"),
    ("100A", "15C"), ("100A", "3H"), ("100A", "2H:wind"), ("100A", "7L"), ("100A", "100I"),
    ("100A", "30A"),
    ("50B", "7L"), ("60C", "30A"), ("60C", "30B"),
    ("100B", "7L"), ("100B", "1A"), ("100B", "2C"), ("100B", "30A"),
    ("100C", "7L"), ("100C", "100I"), ("100C", "30A"),
    ("100D", "60C"), ("100D", "30A"), ("100D", "30B"),
    ("100E", "60C"), ("100E", "30A"), ("100E", "30B"),
    ("100F", "7L"), ("100F", "100I"), ("100F", "30A"), ("100I", "7L"), ("100I", "30A"),
]

SEAT_SOUTH = {"seat_wind": "S", "round_wind": "E"}


def row(counted, gone, hand, total, context=None, raw=None):
    """`total` after the limit (100); `raw`, when given, the sum before it."""
    return pytest.param(counted, gone, hand, total, context or {}, raw,
                        id=f"{counted}-removes-{gone}")


# One hand per row. Where another counted pattern could also remove the same one, the hand is
# chosen so that the row's excluder is the one named (highest value, then smallest id).
CASES = [
    # 5A 5 (2E gone). 5.
    row("5A", "2E", "123m 456p 444s 789s 11p +9s", 5, {"self_drawn": True}),
    # One wait, the last 1p: 3F 3 (2F gone). 3.
    row("3F", "2F", "[123m] [456p] 444s 789s 11p +1p", 3, {"winning_tile_last": True}),
    # Four revealed sets, self-drawn: 7D 7 (2F gone). 7.
    row("7D", "2F", "[123m] [456p] [789s] [444s] 11p +1p", 7, {"self_drawn": True}),
    # Four revealed sets, the discard makes the eyes: 10A 10 (2F gone). 10.
    row("10A", "2F", "[123m] [456p] [789s] [444s] 11p +1p", 10),
    # 7A 7 (2J gone). 7.
    row("7A", "2J", "123456789m [444s] 11p +9m", 7),
    # 40G 40 (2D gone) + 2A 2 + 2B 2. 44.
    row("40G", "2D", "[678p] 445556667p 11s +7p", 44),
    # Four revealed kongs: 100J 100 (7L gone) + 2I 2 + 10A 10 + 2E 2 + 2C 2 = 116 -> 100.
    row("100J", "7L", "[2222m] [6666p] [4444s] [8888s] 33m +3m", 100),
    # Four concealed pungs, won on the eyes: 50A 50 (7L, 2E gone). 50.
    row("50A", "7L", "111m 444p 666s 888s 33p +3p", 50),
    row("50A", "2E", "111m 444p 666s 888s 33p +3p", 50),
    # 15B 15 (2D gone). 15.
    row("15B", "2D", "[234s] [234s] 234s 999p 11m +4s", 15),
    # 40B 40 (2D gone) + 2A 2. 42.
    row("40B", "2D", "[234m] [234m] 556677p 99s +7p", 42),
    # 15D 15 (7A, 2D, 2J gone) + 2A 2 + 2B 2 + 2E 2 = 21.
    row("15D", "7A", "123445566789m 11p +9m", 21),
    row("15D", "2D", "123445566789m 11p +9m", 21),
    row("15D", "2J", "123445566789m 11p +9m", 21),
    # 20B 20 (2J twice gone) + 2A 2. 22.
    row("20B", "2J", "[123m] [789m] 123p 789p 44s +9p", 22),
    # 20A 20 (2H for two dragons gone) + 7I 7. 27.
    row("20A", "2H:dragon", "[555z] [666z] 123456m 77z +6m", 27),
    # 60A 60 (2H for three dragons gone) + 2B 2. 62.
    row("60A", "2H:dragon", "[555z] [666z] 777z 234p 99s +4p", 62),
    # 15C 15 (2H for East, seat and round, gone) + 2B 2. 17.
    row("15C", "2H:wind", "[111z] [222z] 333z 234m 99p +4m", 17),
    # 60B 60 (15C, 3H, 2H for East gone) + 7I 7. 67.
    row("60B", "15C", "[111z] [222z] 333z 234m 44z +4m", 67),
    row("60B", "3H", "[111z] [222z] 333z 234m 44z +4m", 67),
    row("60B", "2H:wind", "[111z] [222z] 333z 234m 44z +4m", 67),
    # Four wind triplets and 33m eyes: 100A 100 (15C, 2H for East, 7L gone; and 100I, which holds
    # on honors and 3s only, and 30A) + 7I 7 = 107 -> 100. (Before 100A removed 100I and 30A, this
    # hand was 207, and 200 at limit 200.)
    row("100A", "15C", "[111z] [222z] [333z] 444z 33m +4z", 100, raw=107),
    row("100A", "2H:wind", "[111z] [222z] [333z] 444z 33m +4z", 100, raw=107),
    row("100A", "7L", "[111z] [222z] [333z] 444z 33m +4z", 100, raw=107),
    row("100A", "100I", "[111z] [222z] [333z] 444z 33m +4z", 100, raw=107),
    row("100A", "30A", "[111z] [222z] [333z] 444z 33m +4z", 100, raw=107),
    # 50B 50 (7L gone) + 30A 30. 80.
    row("50B", "7L", "[111m] [999p] [999s] 222z 44z +2z", 80),
    # 60C 60 (30A, 30B gone) + 7B 7 + 2A 2 + 2C 2 + 2D 2 = 73.
    row("60C", "30A", "[234m] [234p] 223344s 33m +4s", 73),
    row("60C", "30B", "[234m] [234p] 223344s 33m +4s", 73),
    # 100B 100 (7L, 1A, 2C gone; 30A, three numbers 2 5 8, gone). 100. (It was 130.)
    row("100B", "7L", "[222m] [555p] 888s 222s 55m +2s", 100, raw=100),
    row("100B", "1A", "[222m] [555p] 888s 222s 55m +2s", 100, raw=100),
    row("100B", "2C", "[222m] [555p] 888s 222s 55m +2s", 100, raw=100),
    row("100B", "30A", "[222m] [555p] 888s 222s 55m +2s", 100, raw=100),
    # 100C 100 (7L gone; 100I, only 1s and 9s, gone; 30A gone) + 3A 3 (111m and 999m) = 103
    # -> 100. (It was 203.)
    row("100C", "7L", "[111m] [999p] [111s] 999m 11p +9m", 100, raw=103),
    row("100C", "100I", "[111m] [999p] [111s] 999m 11p +9m", 100, raw=103),
    row("100C", "30A", "[111m] [999p] [111s] 999m 11p +9m", 100, raw=103),
    # 100D 100 (60C, 30A, 30B gone) + 7B 7 + 2D 2 + 2A 2 + 10B 10 = 121 -> 100.
    row("100D", "60C", "[123m] [123p] 123m 123s 11p +1s", 100),
    row("100D", "30A", "[123m] [123p] 123m 123s 11p +1s", 100),
    row("100D", "30B", "[123m] [123p] 123m 123s 11p +1s", 100),
    row("100E", "60C", "[789m] [789p] 789m 789s 99p +9s", 100),
    row("100E", "30A", "[789m] [789p] 789m 789s 99p +9s", 100),
    row("100E", "30B", "[789m] [789p] 789m 789s 99p +9s", 100),
    # 100F 100 (7L gone; 100I, honors only, gone; 30A gone) + 3H 3 (South and West triplets,
    # North eyes) + 2H 2 x 2 (white and green dragons) = 107 -> 100. (It was 207.)
    row("100F", "7L", "[222z] [333z] [555z] 666z 44z +6z", 100, raw=107),
    row("100F", "100I", "[222z] [333z] [555z] 666z 44z +6z", 100, raw=107),
    row("100F", "30A", "[222z] [333z] [555z] 666z 44z +6z", 100, raw=107),
    # 100I 100 (7L, 30A gone). 100.
    row("100I", "7L", "[111m] [555p] [111s] 555m 11p +5m", 100, raw=100),
    row("100I", "30A", "[111m] [555p] [111s] 555m 11p +5m", 100, raw=100),
]

# Rows that can never fire as the rules are decided: the two patterns cannot hold together.
VACUOUS = [
    # 3B is exactly two kongs, 15A exactly three, 100J four.
    pytest.param("15A", "3B", "[2222m] [6666p] [4444s] 789s 11p +9s", id="15A-removes-3B"),
    pytest.param("100J", "15A", "[2222m] [6666p] [4444s] [8888s] 33m +3m", id="100J-removes-15A"),
    pytest.param("100J", "3B", "[2222m] [6666p] [4444s] [8888s] 33m +3m", id="100J-removes-3B"),
    # 7H is exactly three concealed triplets, 50A four.
    pytest.param("50A", "7H", "111m 444p 666s 888s 33p +3p", id="50A-removes-7H"),
    # 3H needs wind eyes or two suited pungs; four wind pungs leave room for neither.
    pytest.param("100A", "3H", "[111z] [222z] [333z] 444z 33m +4z", id="100A-removes-3H"),
]


@pytest.mark.parametrize("excluder, gone, hand, total, context, raw", CASES)
def test_only_the_excluder_counts(excluder, gone, hand, total, context, raw):
    result = scored(hand, context)
    gone_id, facet = gone.partition(":")[::2]
    assert excluder in counted(result)
    if not facet:
        assert gone_id not in counted(result)
    removed = [e for e in result["excluded"] if e["id"] == gone_id]
    assert [e["by"] for e in removed] == [excluder]
    assert removed[0]["reason"]
    assert result["total"] == total
    if raw is not None:
        assert result["raw_total"] == raw


# Above the limit, what an exclusion removes still matters at limit 200: 200 or more is 200,
# 101 to 199 is 100.
@pytest.mark.parametrize("hand, raw", [
    # 100A 100 + 7I 7 (100I and 30A gone)
    pytest.param("[111z] [222z] [333z] 444z 33m +4z", 107, id="100A-without-100I-is-107"),
    # 100C 100 + 3A 3 (100I and 30A gone)
    pytest.param("[111m] [999p] [111s] 999m 11p +9m", 103, id="100C-without-100I-is-103"),
    # 100F 100 + 3H 3 + 2H 4 (100I and 30A gone)
    pytest.param("[222z] [333z] [555z] 666z 44z +6z", 107, id="100F-without-100I-is-107"),
])
def test_a_100_hand_that_used_to_count_100I_is_100_at_limit_200(hand, raw):
    result = scored(hand, rules={"limit": 200})
    assert (result["raw_total"], result["total"]) == (raw, 100)


@pytest.mark.parametrize("excluder, gone, hand", VACUOUS)
def test_rows_that_cannot_fire_leave_the_pattern_absent(excluder, gone, hand):
    result = scored(hand)
    assert excluder in counted(result)
    assert gone not in counted(result)
    assert gone not in {e["id"] for e in result["excluded"]}


# 20A/60A remove 2H only for their dragon pungs, 15C/60B/100A only for their wind pungs: the
# other kind of honour pung keeps its 2H. (hand, context, excluder, 2H kept, 2H removed, total)
FACETS = [
    # South seat, East round: 20A 20 (2H x2 dragons gone), 2H x1 for the South pung (seat wind)
    # counted 2, 7I 7, 7C 7 (every group has a 1 or an honour, with a sequence). 20+2+7+7 = 36.
    pytest.param("[555z] [666z] 222z 123m 77z +1m", SEAT_SOUTH, "20A", 1, 2, 36,
                 id="20A-keeps-2H-for-a-seat-wind"),
    # 60A 60 (2H x3 dragons gone), 2H x2 for East (seat and round) counted 4, 100I 100 (7L,
    # 30A gone), 1A 1, 7I 7. 172 -> 100.
    pytest.param("[555z] [666z] [777z] 111z 22m +1z", {}, "60A", 2, 3, 100,
                 id="60A-keeps-2H-for-a-wind"),
    # 15C 15 (2H x2 for East gone), 2H x1 red dragon counted 2, 100I 100 (7L, 30A gone), 1A 1,
    # 7I 7. 125 -> 100.
    pytest.param("[111z] [222z] [333z] 777z 55m +7z", {}, "15C", 1, 2, 100,
                 id="15C-keeps-2H-for-a-dragon"),
    # 60B 60 (15C, 3H, 2H x2 for East gone), 2H x1 red dragon counted 2, 100F 100 (7L, 100I,
    # 30A gone). 162 -> 100.
    pytest.param("[111z] [222z] [333z] 777z 44z +7z", {}, "60B", 1, 2, 100,
                 id="60B-keeps-2H-for-a-dragon"),
]


@pytest.mark.parametrize("hand, context, excluder, kept, removed, total", FACETS)
def test_facet_exclusions_keep_the_other_honours(hand, context, excluder, kept, removed, total):
    result = scored(hand, context)
    assert counted(result)["2H"] == kept
    [gone] = [e for e in result["excluded"] if e["id"] == "2H"]
    assert (gone["by"], gone["count"]) == (excluder, removed)
    assert result["total"] == total


def test_the_engine_table_is_the_rules_document_table():
    declared = {(p.id, target) for p in PATTERNS for target in p.excludes}
    assert declared == set(EXCLUSION_ROWS)


def test_every_exclusion_row_has_a_test():
    tested = {tuple(c.values[:2]) for c in CASES} | {tuple(v.values[:2]) for v in VACUOUS}
    assert tested == set(EXCLUSION_ROWS)


def evaluate_with(table, hand, context):
    """Score with a Shanghai whose pattern table is `table`; the comparable part of the result."""
    variant = type("ShuffledShanghai", (Shanghai,), {"table": table})()
    result = variant.score(hand, parse_context(context), variant.check_rules({}))
    return (result["total"], sorted((p["id"], p["count"]) for p in result["patterns"]),
            sorted((e["id"], e["by"], e["count"]) for e in result["excluded"]))


HANDS = sorted({(c.values[2], tuple(sorted(c.values[4].items()))) for c in CASES}
               | {(f.values[0], tuple(sorted(f.values[1].items()))) for f in FACETS})


@pytest.mark.parametrize("seed", range(5))
def test_the_outcome_does_not_depend_on_pattern_order(seed):
    shuffled = list(PATTERNS)
    random.Random(seed).shuffle(shuffled)
    reference, other = Shanghai.table, PatternTable(shuffled)
    for hand, context in HANDS:
        assert (evaluate_with(other, hand, dict(context))
                == evaluate_with(reference, hand, dict(context))), hand


def _never(reading):
    return 0


def test_exclusions_are_checked_when_the_table_is_built():
    a = Pattern("A", "a", "a", "a", 1, _never, excludes=("B",))
    b = Pattern("B", "b", "b", "b", 1, _never, excludes=("A",))
    with pytest.raises(ValueError, match="cycle"):
        PatternTable([a, b])
    with pytest.raises(ValueError, match="unknown"):
        PatternTable([Pattern("A", "a", "a", "a", 1, _never, excludes=("Z",))])
