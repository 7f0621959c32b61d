"""Riichi against the reference engine (the `mahjong` package): 2,000 seeded random hands with
random contexts and house options; han, fu, the yaku (each with its han), every transfer and the
riichi sticks equal the reference's on every hand. `make oracle` runs the same over 100,000
(bench/oracle_riichi.py); docs/rules-riichi.md records what the runs found."""

import collections

from bench.riichi_reference import cases, compare
from scoring.engine.variants.riichi import PATTERNS

SEED, COUNT = 20261201, 2000


def test_every_hand_agrees_with_the_reference():
    seen = collections.Counter()
    disagreements = [(request, found) for request in cases(SEED, COUNT)
                     if (found := compare(request, seen)) is not None]
    assert disagreements == []
    # The draw reaches the yaku: all but the rarest (four kongs, ...) in 2,000 hands.
    never = {p.id for p in PATTERNS} - set(seen)
    assert len(never) <= 3, never
    assert seen["(error) no_yaku"] > 0  # and hands with no yaku, which neither pays
