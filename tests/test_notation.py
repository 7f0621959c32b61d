"""The hand notation of the contract (§1): strict parsing, aliases, `+`, brackets, flowers, and the
canonical form; every parser fault names its position (1-based) and the text there.
"""

import pytest

from scoring.engine import score
from scoring.engine.errors import HandError
from scoring.engine.notation import format_hand, format_tiles, parse


def scored(hand, context=None):
    return score({"variant": "shanghai", "hand": hand, "context": context or {}})


# (text, position, the text shown at that position, what is wrong)
FAULTS = [
    pytest.param("123m 45x6p", 8, "x6p", "'x' is not a tile", id="not-a-tile"),
    pytest.param("m123p", 1, "m123p", "suit letter 'm' has no numbers", id="letter-first"),
    pytest.param("123m 45", 6, "45", "numbers '45' have no suit letter", id="numbers-at-the-end"),
    pytest.param("12 3m", 1, "12 3m", "numbers '12' have no suit letter", id="numbers-then-space"),
    pytest.param("1E", 1, "1E", "numbers '1' have no suit letter", id="numbers-before-alias"),
    pytest.param("123m 0z", 6, "0z", "there is no tile 0z", id="no-tile-0z"),
    pytest.param("8z", 1, "8z", "there is no tile 8z", id="no-tile-8z"),
    pytest.param("19f", 2, "9f", "there is no tile 9f", id="no-tile-9f"),
    pytest.param("[123m", 6, "the end", "not closed with ']'", id="group-not-closed"),
    pytest.param("(5555p", 7, "the end", "not closed with ')'", id="kong-not-closed"),
    pytest.param("123m]", 5, "]", "closes a group that was never opened", id="closed-not-opened"),
    pytest.param("[]", 1, "[]", "empty group", id="empty-group"),
    pytest.param("123m +", 6, "+", "'+' must be followed by exactly one tile", id="plus-alone"),
    pytest.param("123m +12m", 6, "+12m", "'+' must be followed by exactly one tile",
                 id="plus-two-tiles"),
    pytest.param("123m +1m [555p]", 10, "[555p]", "nothing may follow the winning tile",
                 id="after-the-winning-tile"),
    pytest.param("[123m] +1m", 8, "+1m", "must be one of the concealed tiles",
                 id="winning-tile-only-in-a-group"),
    # which fault comes first: the one met first, reading left to right
    pytest.param("123m [45x] +1m", 9, "x] +1m", "'x' is not a tile", id="fault-in-a-group"),
    pytest.param("[123m +1m", 7, "+1m", "not closed with ']'", id="group-closed-by-plus"),
    pytest.param("123m +1m2x", 10, "x", "'x' is not a tile", id="fault-after-plus"),
    pytest.param("123m +1m2m [5p]", 6, "+1m2m ", "'+' must be followed by exactly one tile",
                 id="two-tiles-then-a-group"),
]


@pytest.mark.parametrize("text, position, shown, what", FAULTS)
def test_a_parser_fault_names_the_position_and_the_text(text, position, shown, what):
    with pytest.raises(HandError) as raised:
        parse(text)
    assert raised.value.code == "bad_notation"
    if shown == "the end":
        assert raised.value.message.startswith("At the end of the hand: ")
    else:
        assert raised.value.message.startswith(
            f"In “{shown}” (character {position} of the hand): ")
    assert what in raised.value.message


@pytest.mark.parametrize("text, position, shown", [
    pytest.param("234m 567p 22s [EEE] [789p] +2x", 30, "x", id="in-a-request"),
    pytest.param("234m 5 67p 22s [EEE] [789p] +2s", 6, "5 67p ", id="split-numbers"),
])
def test_the_request_carries_the_position_too(text, position, shown):
    result = scored(text)
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_notation"
    assert f"In “{shown}” (character {position} of the hand)" in result["error"]["message"]


@pytest.mark.parametrize("hand, group", [
    pytest.param("[124m] 456p 789s 111z 22z", "[124m]", id="not-a-chow"),
    pytest.param("[PFC] 456p 789s 123m 22z", "[567z]", id="honours-never-chow"),
    pytest.param("[55p] 456p 789s 123m 111z 2z", "[55p]", id="two-tiles"),
    pytest.param("(555p) 456p 789s 123m 22z", "(555p)", id="concealed-pung-in-round-brackets"),
    pytest.param("(5556p) 456p 789s 123m 22z", "(5556p)", id="round-brackets-not-a-kong"),
])
def test_a_bracketed_group_that_is_no_set_is_named(hand, group):
    result = scored(hand)
    assert result["error"]["code"] == "bad_notation"
    assert group in result["error"]["message"]


@pytest.mark.parametrize("alias, canonical", [
    ("E", "1z"), ("S", "2z"), ("W", "3z"), ("N", "4z"), ("P", "5z"), ("F", "6z"), ("C", "7z")])
def test_honour_aliases(alias, canonical):
    assert format_tiles(parse(alias).concealed) == canonical
    assert format_tiles(parse(f"[{alias * 3}]").groups[0].tiles) == canonical[0] * 3 + "z"


@pytest.mark.parametrize("written, canonical", [
    # The contract's own example: aliases become digits and z, groups keep their order.
    ("234m 567p 22s [EEE] [789p] +2s", "234m567p22s [111z] [789p] +2s"),
    # Sorted within each group, whitespace optional, the winning tile always written with '+'.
    ("22s432m765p[987p] [ E E E ]", "234m567p22s [789p] [111z] +5p"),
    # Concealed kongs in round brackets; flowers after the honours, one run like any suit.
    ("5f 1f 234m 22s 567p (5555s) [CCC] +4m", "234m567p22s15f (5555s) [777z] +4m"),
])
def test_the_canonical_form(written, canonical):
    assert format_hand(parse(written)) == canonical
    assert format_hand(parse(canonical)) == canonical
    assert scored(written)["hand"] == canonical


@pytest.mark.parametrize("written, winning", [
    # Without '+', the last concealed tile written, even when groups follow it.
    pytest.param("234m 22s 567p [EEE] [789p]", "7p", id="last-concealed"),
    pytest.param("22s 567p 234m [EEE] [789p]", "4m", id="order-as-written"),
    # Flowers and seasons are never the winning tile.
    pytest.param("234m 567p 22s 1f 8f [EEE] [789p]", "2s", id="flowers-skipped"),
    # '+' names it; spaces after '+' are allowed, an alias too.
    pytest.param("234m 567p 22s [EEE] [789p] +5p", "5p", id="plus"),
    pytest.param("234m 567p 11z [SSS] [789p] + E", "1z", id="plus-space-alias"),
])
def test_the_winning_tile(written, winning):
    result = scored(written)
    assert result["ok"], result
    assert result["hand"].endswith(f"+{winning}")


def test_exposed_and_concealed_kongs_keep_their_brackets():
    exposed = scored("[5555p] 234m 567s 789s 11z +9s")
    concealed = scored("(5555p) 234m 567s 789s 11z +9s")
    assert "[5555p]" in exposed["decomposition"]
    assert "(5555p)" in concealed["decomposition"]


SEVEN = "[123m] [456p] 789s 222z 77z +9s"  # 7F 7


@pytest.mark.parametrize("with_flowers", [
    "[123m] [456p] 789s 222z 77z 1f5f +9s",
    "1f [123m] [456p] 789s 2f 222z 3f 77z 4f 5f 6f 7f 8f +9s",
])
def test_flowers_are_accepted_and_no_pattern_reads_them(with_flowers):
    plain, flowered = scored(SEVEN), scored(with_flowers)
    assert flowered["ok"], flowered
    assert flowered["total"] == plain["total"] == 7
    assert flowered["patterns"] == plain["patterns"]
    assert flowered["waits"] == plain["waits"]
    assert "f" in flowered["hand"]


def test_a_flower_twice_is_too_many_copies():
    result = scored("[123m] [456p] 789s 222z 77z 1f1f +9s")
    assert result["error"]["code"] == "too_many_copies"
    assert "1f" in result["error"]["message"]
