"""3H (a tail) and 7J (three sisters) read numbers that follow each other in one suit: a run never
wraps from 9 to the next suit's 1, nor from 9 bamboo into the winds (rules-shanghai.md: "three
consecutive numbers of one suit"). Tile kinds are numbered straight through the suits (9m is 8,
1p is 9, 9s is 26, East is 27), so each hand below puts triplets and eyes on three consecutive
kinds that are not consecutive numbers of one suit; the first hands of each list show the pattern
where the run is in one suit."""

import pytest

from tests.helpers import scored


def ids(result):
    """Every pattern the result names, counted or excluded."""
    return {p["id"] for p in result["patterns"]} | {e["id"] for e in result["excluded"]}


@pytest.mark.parametrize("hand", [
    "[222m] [333m] 456p 789s 11m +9s",  # eyes 1, triplets 2 3: the window 1-2-3
    "[111m] [333m] 456p 789s 22m +9s",  # eyes 2 between its triplets
    "[777m] [888m] 456p 123s 99m +3s",  # eyes 9, triplets 7 8: the window 7-8-9
], ids=["eyes-below", "eyes-between", "eyes-above"])
def test_a_tail_in_one_suit_counts(hand):
    assert "3H" in ids(scored(hand))


# Each window of three kinds across the end of the characters, the eyes in each of its places.
@pytest.mark.parametrize("hand", [
    "[999m] [111p] 456s 789p 88m +9p",  # 8m 9m 1p, the eyes first
    "[888m] [111p] 456p 789s 99m +9s",  # 8m 9m 1p, the eyes between
    "[888m] [999m] 456p 789s 11p +9s",  # 8m 9m 1p, the eyes last
    "[111p] [222p] 456m 789s 99m +9s",  # 9m 1p 2p, the eyes first
    "[999m] [222p] 456s 789s 11p +9s",  # 9m 1p 2p, the eyes between
    "[999m] [111p] 456s 789s 22p +9s",  # 9m 1p 2p, the eyes last
    "[888s] EEE 456p 123m 99s +3m",  # 8s 9s East, the eyes between
], ids=["88m-999m-111p", "888m-99m-111p", "888m-999m-11p", "99m-111p-222p", "999m-11p-222p",
        "999m-111p-22p", "888s-99s-EEE"])
def test_a_tail_never_wraps_into_the_next_suit(hand):
    assert "3H" not in ids(scored(hand))


@pytest.mark.parametrize("hand", [
    "[777m] [888m] [999m] 456p 11s +1s",
    "[111s] [222s] 333s 789m 55p +5p",
], ids=["789m", "123s"])
def test_three_sisters_in_one_suit_count(hand):
    assert "7J" in ids(scored(hand))


@pytest.mark.parametrize("hand", [
    "[888m] [999m] [111p] 456s 55p +5p",  # 8m 9m 1p
    "[999m] [111p] [222p] 456s 55s +5s",  # 9m 1p 2p
    "[888s] [999s] [EEE] 456p 55m +5m",  # 8s 9s East
    "[999s] [EEE] [SSS] 456p 55m +5m",  # 9s East South
    "[EEE] [SSS] [WWW] 456p 55m +5m",  # three winds follow each other as kinds, not as numbers
], ids=["8m-9m-1p", "9m-1p-2p", "8s-9s-East", "9s-East-South", "East-South-West"])
def test_three_sisters_never_wrap_into_the_next_suit_or_the_honors(hand):
    assert "7J" not in ids(scored(hand))
