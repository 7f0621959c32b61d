"""The engine's values are frozen dataclasses: none can be changed once made, the ones used as
cache keys hash by value, and a pattern is made by keyword, as variant modules make theirs."""

import dataclasses

import pytest

from scoring.engine import score
from scoring.engine.card import Exposure, parse_card
from scoring.engine.context import HandFacts, WinContext, parse_context
from scoring.engine.hand import PUNG, TileSet, make_set
from scoring.engine.notation import parse
from scoring.engine.patterns import Pattern, PatternTable
from scoring.engine.variants.american import build_held
from scoring.engine.variants.shanghai import VARIANT as SHANGHAI

HAND = "234m567p22s[EEE][789p]+2s"


def readings():
    hand = SHANGHAI.build(HAND, SHANGHAI.default_rules)
    return hand, SHANGHAI.readings(hand, parse_context({}), SHANGHAI.default_rules)[0][0]


def values():
    """One value of each kind a Shanghai score and an American match make."""
    hand, reading = readings()
    evaluation = SHANGHAI.table.evaluate(reading)
    held = build_held(parse("[1111m] 222p 333s 44m NN +N"))
    return {"TileSet": hand.melds[0], "Hand": hand, "Reading": reading,
            "Evaluation": evaluation, "Counted": evaluation.counted[0],
            "Pattern": SHANGHAI.table.patterns[0], "WinContext": reading.ctx,
            "Option": SHANGHAI.options[0], "Held": held, "Exposure": held.exposures[0]}


@pytest.mark.parametrize("name", list(values()))
def test_no_engine_value_can_be_changed(name):
    value = values()[name]
    field = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)


def test_a_slotted_value_takes_no_attribute_beyond_its_fields():
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError, TypeError)):
        object.__setattr__(make_set(PUNG, 0), "extra", 1)


def test_values_used_as_keys_hash_by_value():
    # TileSets are deduplicated and cached; a context, a hand's facts and a held hand key caches.
    assert make_set(PUNG, 4) == TileSet(PUNG, (4, 4, 4))
    assert hash(make_set(PUNG, 4)) == hash(TileSet(PUNG, (4, 4, 4)))
    assert make_set(PUNG, 4, by_discard=True) != make_set(PUNG, 4)
    assert hash(parse_context({"self_drawn": True})) == hash(WinContext(self_drawn=True))
    assert hash(HandFacts(kongs=1, winning="5m")) == hash(HandFacts(kongs=1, winning="5m"))
    held = build_held(parse("[1111m] 222p 333s 44m NN +N"))
    assert hash(held) == hash(build_held(parse("[1111m] 222p 333s 44m NN +N")))
    assert Exposure(0, (0, 0, 0, 0)) in {held.exposures[0]}


def test_a_card_compares_as_itself_whatever_it_holds():
    text = "w1 35 X : NNNN EEE WWW SSSS\n"
    one, two = parse_card(text), parse_card(text + "\n")
    assert one.lines[0].text == two.lines[0].text
    assert one != two and len({one, two, one}) == 2


def test_facts_that_follow_from_the_fields_are_not_compared_or_given():
    hand, reading = readings()
    assert reading == dataclasses.replace(reading)
    with pytest.raises(TypeError):
        TileSet(PUNG, (4, 4, 4), mask=0)
    assert TileSet(PUNG, (4, 4, 4)).text() == "555m"


def test_a_pattern_is_made_by_keyword_and_checked():
    pattern = Pattern(id="T1", name="Test", english="Test", chinese="試", value=3,
                      holds=lambda reading: 0)
    assert (pattern.chinese, pattern.forms, pattern.excludes) == ("試", frozenset({"standard"}),
                                                                  ())
    assert PatternTable([pattern]).by_id["T1"] is pattern
    copy = dataclasses.replace(pattern, value=4)
    assert copy.value == 4 and pattern.value == 3


def test_scoring_twice_gives_the_same_result():
    # Nothing a score makes is changed by the next one (no value is mutated while scoring).
    first = score({"variant": "shanghai", "hand": HAND, "context": {"seat_wind": "E"}})
    assert score({"variant": "shanghai", "hand": HAND, "context": {"seat_wind": "E"}}) == first
