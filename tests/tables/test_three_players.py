"""A table of three (Shanghai, Hong Kong, American seat three, four or five): North's seat is
empty, and neither pays nor collects, whether the win is entered by its total or sent from the
scorer (rules of the variant: each other player pays; only the seated ones are asked)."""

import pytest

from scoring.tables.game import WinEntry, net_of, quick_entry, scored, start

HAND = "234m567p22s[EEE][789p]+2s"


@pytest.mark.parametrize("variant", ["shanghai", "hongkong"])
def test_a_hand_from_the_scorer_at_three_is_paid_by_the_two_others(variant):
    recorded = scored(variant, {}, start(3), WinEntry(winner=0, self_drawn=True), hand=HAND,
                      flags={})
    quick = quick_entry(variant, {}, start(3),
                        WinEntry(winner=0, self_drawn=True, total=recorded.total))
    assert net_of(recorded.transfers, 3) == net_of(quick.transfers, 3)
    payers = {t.payer for t in recorded.transfers}
    assert payers == {1, 2} and {t.payee for t in recorded.transfers} == {0}


def test_a_discard_at_three_is_paid_as_the_variant_pays_it():
    recorded = scored("shanghai", {}, start(3), WinEntry(winner=0, discarder=2), hand=HAND,
                      flags={})
    assert {t.payer for t in recorded.transfers} <= {1, 2}
    assert sum(net_of(recorded.transfers, 3)) == 0
