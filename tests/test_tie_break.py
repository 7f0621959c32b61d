"""The best reading is an explicit max with a documented tie-break (variant.best_of): between
readings worth the same, the one whose decomposition's text sorts first, whatever order the
decompositions were found in."""

import pytest

from scoring.engine import variant
from tests.helpers import scored

# 555s 666s 777s or 567s three times, beside 456m and 88s: 24 fans either way (a third reading,
# 55s 567s 678s 678s, is worth less).
HAND = "456m55566677788s +4m"
TRIPLETS = ["456m", "555s", "666s", "777s", "88s"]
SEQUENCES = ["456m", "567s", "567s", "567s", "88s"]


@pytest.fixture(params=["as-found", "reversed"])
def enumeration(request, monkeypatch):
    """Score with the decompositions in the order they are found, then in the reverse order."""
    if request.param == "reversed":
        found = variant.decompositions
        monkeypatch.setattr(variant, "decompositions",
                            lambda hand, forms: list(reversed(found(hand, forms))))
    return request.param


def test_the_hand_has_two_best_readings_worth_the_same():
    result = scored(HAND)
    best = [a["decomposition"] for a in result["alternatives"]
            if a["raw_total"] == result["raw_total"]] + [result["decomposition"]]
    assert sorted(best) == [TRIPLETS, SEQUENCES]


def test_a_tie_goes_to_the_decomposition_whose_text_sorts_first(enumeration):
    result = scored(HAND)
    assert result["decomposition"] == min(TRIPLETS, SEQUENCES) == TRIPLETS
    assert result["alternatives"][0]["decomposition"] == SEQUENCES  # best first, ties by text
