"""Properties over random hands: notation round trip, every legal hand scores, decompositions agree
with the `mahjong` package (an outside oracle), waits agree with brute force, garbage never crashes,
and exclusions do not depend on the order patterns are listed."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld

from scoring.engine import score
from scoring.engine import tiles as T
from scoring.engine.decompose import decompositions
from scoring.engine.errors import HandError
from scoring.engine.hand import Hand
from scoring.engine.notation import Group, ParsedHand, format_hand, parse
from scoring.engine.patterns import PatternTable
from scoring.engine.randomhands import corpus, random_thirteen_orphans, random_winning_hand
from scoring.engine.variants import VARIANTS
from scoring.engine.variants.shanghai import VARIANT as SHANGHAI
from tests.environment import examples

CONTRACT_CODES = {"bad_notation", "too_many_copies", "wrong_tile_count", "not_a_winning_hand",
                  "tile_not_in_variant", "void_suit_present", "bad_context", "unknown_rule",
                  "unknown_variant", "bad_request", "meld_not_allowed"}
RULES = SHANGHAI.check_rules({})
FORMS = SHANGHAI.forms(RULES)
# Random hands come from the project's generator, seeded by hypothesis.
seeds = st.integers(min_value=0, max_value=2**32).map(random.Random)
PROPERTY = settings(max_examples=examples(250), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# Notation ---------------------------------------------------------------------------------------

tile_kinds = st.integers(min_value=0, max_value=T.JOKER)
groups = st.builds(lambda bracket, kinds: Group(bracket, tuple(sorted(kinds))),
                   st.sampled_from("[("), st.lists(tile_kinds, min_size=1, max_size=6))


@st.composite
def parsed_hands(draw):
    concealed = draw(st.lists(tile_kinds, min_size=1, max_size=16))
    winning = draw(st.sampled_from(concealed))
    return ParsedHand(tuple(sorted(concealed)), tuple(draw(st.lists(groups, max_size=4))),
                      winning)


@PROPERTY
@given(parsed_hands())
def test_parse_is_the_exact_inverse_of_format(hand):
    text = format_hand(hand)
    assert parse(text) == hand
    assert format_hand(parse(text)) == text


@PROPERTY
@given(seeds)
def test_canonical_form_is_a_fixed_point(rng):
    text = random_winning_hand(rng)
    canonical = format_hand(parse(text))
    assert format_hand(parse(canonical)) == canonical
    assert parse(canonical) == parse(text)
    assert SHANGHAI.build(text, RULES).text() == canonical  # groups' text read off their sets


notation_chars = st.sampled_from(list("0123456789mpszfESWNCFPJ[]()+ x-\né"))


@PROPERTY
@given(st.one_of(st.text(notation_chars, max_size=40), st.text(max_size=30)))
def test_garbage_is_a_contract_error_never_an_exception(text):
    for variant in VARIANTS:
        result = score({"variant": variant, "hand": text})
        assert result["ok"] or result["error"]["code"] in CONTRACT_CODES
        if not result["ok"]:
            assert result["error"]["message"]


@PROPERTY
@given(st.one_of(st.none(), st.integers(), st.lists(st.integers()), st.text(max_size=5),
                 st.dictionaries(st.text(max_size=8), st.one_of(st.booleans(), st.integers(),
                                                                st.text(max_size=3)))))
def test_garbage_requests_are_errors(request_value):
    result = score(request_value)
    assert result["ok"] is False and result["error"]["code"] in CONTRACT_CODES


# Every legal hand scores --------------------------------------------------------------------------

contexts = st.fixed_dictionaries({}, optional={
    "self_drawn": st.booleans(), "seat_wind": st.sampled_from("ESWN"),
    "round_wind": st.sampled_from("ESWN"), "last_tile": st.booleans(),
    "winning_tile_last": st.booleans(), "ready_announced": st.booleans()})


@PROPERTY
@given(seeds, contexts, st.sampled_from([1, 2, 3]))
def test_random_legal_hands_always_score(rng, context, payment):
    hand = random_winning_hand(rng) if rng.random() < 0.95 else random_thirteen_orphans(rng)
    result = score({"variant": "shanghai", "hand": hand, "context": context,
                    "rules": {"payment": payment}})
    assert result["ok"], result
    assert 0 <= result["total"] <= 100
    assert sum(result["payments"]["net"].values()) == 0
    counted = sum(p["value"] * p["count"] for p in result["patterns"])
    assert result["total"] == min(counted, 100)
    for other in result["alternatives"]:
        assert other["raw_total"] <= result["raw_total"]


# The mahjong package as an oracle for decompositions --------------------------------------------

def reference_count(hand: Hand) -> int:
    """Standard decompositions by HandDivider.divide_hand, without its seven-pairs reading."""
    melds = [Meld(meld_type={"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN}[m.kind],
                  tiles=[t * 4 + i for i, t in enumerate(m.tiles)]) for m in hand.melds]
    divisions = HandDivider.divide_hand(list(hand.counts), melds)
    return sum(1 for d in divisions if not (len(d) == 7 and all(len(b) == 2 for b in d)))


def our_count(hand: Hand) -> int:
    return sum(form == "standard" for form, _ in decompositions(hand, FORMS))


def test_decomposition_counts_agree_with_the_mahjong_package_on_2000_hands():
    hands = corpus(seed=2026, size=2400)
    disagreements = []
    for text in hands:
        hand = SHANGHAI.build(text, RULES)
        if our_count(hand) != reference_count(hand):
            disagreements.append(text)
    assert not disagreements, disagreements[:5]
    # The corpus must exercise several readings, not only the easy single-reading case.
    assert sum(our_count(SHANGHAI.build(h, RULES)) > 1 for h in hands) > 100


@PROPERTY
@given(seeds)
def test_one_suit_hands_agree_with_the_mahjong_package(rng):
    # One suit, no honors: the hands with the most readings.
    text = random_winning_hand(rng, suits=rng.choice("mps"), honors=False, exposed=0.1)
    hand = SHANGHAI.build(text, RULES)
    assert our_count(hand) == reference_count(hand) >= 1


# Waits against brute force -----------------------------------------------------------------------

def brute_force_waits(hand: Hand) -> tuple[int, ...]:
    before = list(hand.parsed.concealed)
    before.remove(hand.winning)
    found = []
    for tile in range(T.PLAYING_KINDS):
        if hand.counts[tile] - (tile == hand.winning) >= 4:
            continue
        trial = ParsedHand(tuple(sorted(before + [tile])), hand.parsed.groups, tile)
        if decompositions(Hand(trial), FORMS):
            found.append(tile)
    return tuple(found)


@PROPERTY
@given(seeds)
def test_waits_are_exactly_the_tiles_that_complete_the_hand(rng):
    text = (random_winning_hand(rng, suits=rng.choice(["m", "mp", "mps"]), exposed=0.1)
            if rng.random() < 0.9 else random_thirteen_orphans(rng))
    hand = SHANGHAI.build(text, RULES)
    assert FORMS.waits(hand) == brute_force_waits(hand)


# Exclusions do not depend on the order patterns are listed --------------------------------------

@pytest.mark.parametrize("seed", range(3))
def test_exclusions_are_independent_of_pattern_order(seed):
    rng = random.Random(seed)
    shuffled = list(SHANGHAI.table.patterns)
    rng.shuffle(shuffled)
    table = PatternTable(shuffled)
    ctx_rng = random.Random(seed + 100)
    for text in corpus(seed, 300):
        context = {"self_drawn": ctx_rng.random() < 0.5, "seat_wind": ctx_rng.choice("ESWN")}
        from scoring.engine.context import parse_context
        ctx = parse_context(context)
        for placements in SHANGHAI.readings(SHANGHAI.build(text, RULES), ctx, RULES):
            for reading in placements:
                ours = SHANGHAI.table.evaluate(reading)
                theirs = table.evaluate(reading)
                assert {(c.pattern.id, c.count) for c in ours.counted} == {
                    (c.pattern.id, c.count) for c in theirs.counted}
                assert {(e.pattern.id, e.by.id, e.count) for e in ours.excluded} == {
                    (e.pattern.id, e.by.id, e.count) for e in theirs.excluded}


def test_exclusion_tables_reject_unknown_ids_and_cycles():
    base = SHANGHAI.table.by_id["1A"]
    from dataclasses import replace
    with pytest.raises(ValueError, match="unknown"):
        PatternTable([replace(base, excludes=("ZZ",))])
    a = replace(base, id="A", excludes=("B",))
    b = replace(base, id="B", excludes=("A",))
    with pytest.raises(ValueError, match="cycle"):
        PatternTable([a, b])


def test_engine_errors_carry_a_contract_code():
    with pytest.raises(HandError) as caught:
        parse("12x")
    assert caught.value.code == "bad_notation"
    assert "(character 3 of the hand)" in caught.value.message


# A suit's counts as a hand holds them (at most 14 tiles: the precomputed shapes), or any counts
# (past 14 tiles the engine searches instead).
suit_of_a_hand = st.lists(st.integers(min_value=0, max_value=8), max_size=14).map(
    lambda numbers: [numbers.count(n) for n in range(9)]).filter(lambda counts: max(counts) <= 4)
any_suit = st.lists(st.integers(min_value=0, max_value=4), min_size=9, max_size=9)


@PROPERTY
@given(suit_of_a_hand | any_suit, st.booleans())
def test_the_quick_suit_check_agrees_with_listing_every_reading(counts, chows):
    from scoring.engine.decompose import suit_completes
    from scoring.engine.suit_shapes import search_readings
    part = tuple(counts if chows else counts[:7])
    assert suit_completes(part, chows) == bool(search_readings(part, chows))


@PROPERTY
@given(suit_of_a_hand | any_suit, st.booleans())
def test_a_suits_readings_looked_up_are_the_ones_a_search_finds(counts, chows):
    from scoring.engine.decompose import suit_readings
    from scoring.engine.suit_shapes import decode, search_readings
    part = tuple(counts if chows else counts[:7])
    assert tuple(map(decode, suit_readings(part, chows))) == search_readings(part, chows)


@PROPERTY
@given(suit_of_a_hand | any_suit, st.booleans())
def test_a_suits_completions_are_the_tiles_whose_one_more_copy_completes_it(counts, chows):
    from scoring.engine.decompose import suit_completes, suit_completions
    part = tuple(counts if chows else counts[:7])
    grown = [part[:offset] + (count + 1,) + part[offset + 1:]
             for offset, count in enumerate(part)]
    assert suit_completions(part, chows) == tuple(
        offset for offset, count in enumerate(part)
        if count < 4 and sum(part) % 3 != 0 and suit_completes(grown[offset], chows))


def test_the_precomputed_suit_shapes_are_the_ones_a_search_finds():
    from scoring.engine.suit_shapes import complete_shapes, search_readings
    for kinds, chows, expected in ((9, True, 21743), (7, False, 498)):
        shapes = complete_shapes(kinds, chows)
        assert len(shapes) == expected
        assert all(search_readings(shape, chows) for shape in shapes)
    # Every suit of up to 8 tiles, complete or not, against the search.
    shapes = complete_shapes(9, True)
    small = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= 8]
    assert len(small) > 20000
    for counts in small:
        assert (counts in shapes) == bool(search_readings(counts, True))


def test_the_suit_shapes_file_is_the_one_the_search_makes():
    from scoring.engine.suit_shapes import ShapeTable, load
    stored = [table.sections() for table in load()]
    assert stored == [ShapeTable.make(9, True).sections(), ShapeTable.make(7, False).sections()], (
        "suit_shapes.bin is stale: run python -m scoring.engine.suit_shapes")


def test_every_complete_suit_reads_from_the_tables_as_the_search_reads_it():
    from scoring.engine.decompose import HONOR_SHAPES, SUITED_SHAPES
    from scoring.engine.suit_shapes import complete_shapes, decode, search_readings, shape_index
    readings = 0
    for table, kinds, chows in ((SUITED_SHAPES, 9, True), (HONOR_SHAPES, 7, False)):
        for shape in complete_shapes(kinds, chows):
            found = tuple(map(decode, table.readings(shape_index(shape))))
            assert found == search_readings(shape, chows), shape
            readings += len(found)
    assert readings == 23533 + 498  # each honor shape reads one way
