"""A pattern's `needs` is a speed hint only: skipping the patterns whose needed facts a reading
lacks never changes an evaluation, and each fact of a reading's shape means what its name says."""

import random

import pytest

from scoring.engine import tiles as T
from scoring.engine.context import FLAGS, WinContext
from scoring.engine.patterns import CONTEXT_FACTS, FACT_BIT, FACTS
from scoring.engine.randomhands import (
    corpus,
    random_multi_reading_hand,
    random_thirteen_orphans,
    random_winning_hand,
)
from scoring.engine.variants.shanghai import VARIANT as SHANGHAI
from scoring.examples.shanghai import EXAMPLES

RULES = SHANGHAI.check_rules({})


def random_context(rng: random.Random) -> WinContext:
    """Any flags at all: readings are built without the hand/context checks."""
    flags = {flag: rng.random() < 0.3 for flag in FLAGS}
    return WinContext(seat_wind=rng.choice("ESWN"), round_wind=rng.choice("ESWN"), **flags)


def random_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return random_thirteen_orphans(rng)
    if roll < 0.15:
        return random_multi_reading_hand(rng)
    if roll < 0.3:  # one suit, or honors only: pure hands, all honors, the winds' patterns
        return random_winning_hand(rng, suits=rng.choice(("m", "p", "s", "")), kongs=0.2)
    if roll < 0.45:  # revealed and kongs everywhere: four revealed sets, two to four kongs
        return random_winning_hand(rng, exposed=0.9, kongs=0.5)
    if roll < 0.6:  # all chows or nearly
        return random_winning_hand(rng, honors=False)
    return random_winning_hand(rng)


def readings(seed: int, size: int):
    rng = random.Random(seed)
    texts = corpus(seed, size // 2) + [random_text(rng) for _ in range(size // 2)]
    texts += [example[0] for example in EXAMPLES.values()]
    for text in texts:
        hand = SHANGHAI.build(text, RULES)
        for placements in SHANGHAI.readings(hand, random_context(rng), RULES):
            yield from placements


def facts_by_definition(r) -> set[str]:
    chows, triplets = len(r.chows), len(r.triplets)
    found = {name for name, n in (("chow", 1), ("two_chows", 2), ("three_chows", 3),
                                  ("four_chows", 4)) if chows >= n}
    found |= {name for name, n in (("triplet", 1), ("two_triplets", 2), ("three_triplets", 3),
                                   ("four_triplets", 4)) if triplets >= n}
    if r.kongs >= 2:
        found.add("two_kongs")
    if any(T.is_honor(t.first) for t in r.triplets):
        found.add("honor_triplet")
    honor = any(T.is_honor(t) for t in r.kinds)
    found.add("honor" if honor else "no_honor")
    suited = [t for t in r.kinds if not T.is_honor(t)]
    if any(T.rank_of(t) in (1, 9) for t in suited):
        found.add("terminal")
    suits = {T.suit_of(t) for t in suited}
    if len(suits) == 1:
        found.add("one_suit")
    if len(suits) == 3:
        found.add("three_suits")
    if len({T.rank_of(t) for t in suited}) + honor <= 3:  # the honors count as one number
        found.add("three_numbers")
    if len(r.hand.melds) == 4:
        found.add("four_melds")
    if len(r.waits) == 1:
        found.add("single_wait")
    return found | {flag for flag in CONTEXT_FACTS if getattr(r.ctx, flag)}


@pytest.mark.parametrize("seed", range(3))
def test_gated_and_ungated_evaluations_agree(seed):
    held = set()
    count = 0
    for reading in readings(seed, 1600):
        count += 1
        assert {name for name in FACTS if reading.shape & FACT_BIT[name]} == (
            facts_by_definition(reading))
        gated = SHANGHAI.table.evaluate(reading)
        full = SHANGHAI.table.evaluate(reading, gated=False)
        assert gated.counted == full.counted
        assert gated.excluded == full.excluded
        held |= {c.pattern.id for c in full.counted} | {e.pattern.id for e in full.excluded}
    assert count > 1600
    # The check can fail: every gated pattern held somewhere in the readings tried.
    assert {p.id for p in SHANGHAI.table if p.needs} <= held


def test_a_needed_fact_must_be_known():
    base = SHANGHAI.table.by_id["2A"]
    from dataclasses import replace
    with pytest.raises(ValueError, match="unknown facts"):
        replace(base, needs=frozenset({"four_sequences"}))
