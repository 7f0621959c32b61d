"""Quick entry pays a total as the engine pays a scored hand of that total (Variant.payout, one
pipeline): for the example hands of the pattern library, the hand scored from the scorer and its
total entered by hand move the same money between the same players."""

from dataclasses import replace

import pytest

from scoring.examples import examples_for
from scoring.tables.game import WinEntry, quick_entry, scored, start

A, B = 0, 1  # Ann deals (East); Bob (South) wins


def plain_examples(variant):
    return [(pattern, example[0]) for pattern, example in examples_for(variant).items()
            if not example[1] and len(example) == 2]


CASES = [pytest.param(variant, hand, self_drawn, id=f"{variant}-{pattern}-"
                      + ("self-drawn" if self_drawn else "discard"))
         for variant in ("shanghai", "hongkong")
         for pattern, hand in plain_examples(variant)[:12]
         for self_drawn in (True, False)]


@pytest.mark.parametrize("variant, hand, self_drawn", CASES)
def test_a_total_entered_by_hand_pays_what_the_scored_hand_pays(variant, hand, self_drawn):
    discarder = None if self_drawn else A
    win = WinEntry(winner=B, discarder=discarder, self_drawn=self_drawn)
    from_scorer = scored(variant, {}, start(4), win, hand=hand, flags={})
    by_hand = quick_entry(variant, {}, start(4), replace(win, total=from_scorer.total))
    assert by_hand.transfers == from_scorer.transfers
    assert by_hand.detail["points"] == from_scorer.detail["points"]
    assert by_hand.detail["meets_minimum"] == from_scorer.detail["meets_minimum"]
