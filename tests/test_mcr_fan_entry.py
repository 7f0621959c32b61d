"""Chinese Official (MCR) entered by its fans (`api.score_fans`, `MCR.fans_entered`): a player who
counted the hand at the table ticks its fans. Worked entries added up by hand from
docs/rules-mcr.md ("Entering a hand by its fans"), the refusals (each exclusion, the counts, the
minimum without the flowers, the fans that say how the hand was won), and a property: the fans the
scorer counts for a random hand, entered by ticks, give the same total and payments."""

import random

import pytest

from scoring.engine.api import score, score_fans
from scoring.engine.mcr_random import random_request
from scoring.engine.messages import english
from scoring.engine.variants.mcr import PATTERNS

DISCARD = {"seat_wind": "S", "self_drawn": False, "discarder": "E"}
SELF = {"seat_wind": "S", "self_drawn": True}


def entered(fans, flowers=0, context=DISCARD, rules=None, variant="mcr"):
    return score_fans({"variant": variant, "fans": fans, "flowers": flowers,
                       "context": context, "rules": rules or {}})


def paid(result) -> dict:
    return {(t["from"], t["to"]): t["amount"] for t in result["payments"]["transfers"]}


WORKED = [
    # All Pungs 6 + Half Flush 6 = 12; on East's discard East pays 8 + 12, the two others 8.
    pytest.param({"48": 1, "49": 1}, 0, DISCARD, 12,
                 {("E", "S"): 20, ("W", "S"): 8, ("N", "S"): 8}, id="all-pungs-half-flush"),
    # The same self-drawn, Self-Drawn 1 ticked too: 13, each of the three pays 8 + 13.
    pytest.param({"48": 1, "49": 1, "80": 1}, 0, SELF, 13,
                 {("E", "S"): 21, ("W", "S"): 21, ("N", "S"): 21}, id="self-drawn"),
    # Mixed Straight 8 + two Pure Double Chows 2 x 1 + 3 flowers = 13: flowers are paid.
    pytest.param({"39": 1, "69": 2}, 3, DISCARD, 13,
                 {("E", "S"): 21, ("W", "S"): 8, ("N", "S"): 8}, id="per-set-and-flowers"),
    # Chicken Hand 8 and 1 flower: 9, the minimum met by the Chicken Hand alone.
    pytest.param({"43": 1}, 1, DISCARD, 9,
                 {("E", "S"): 17, ("W", "S"): 8, ("N", "S"): 8}, id="chicken-hand"),
    # Big Three Winds 12 and Pung of Terminals or Honors 1 (for a pung of 9s, not a wind): a
    # facet exclusion refuses nothing. 13.
    pytest.param({"38": 1, "73": 1}, 0, DISCARD, 13,
                 {("E", "S"): 21, ("W", "S"): 8, ("N", "S"): 8}, id="facet-exclusion"),
]


@pytest.mark.parametrize("fans, flowers, context, total, payments", WORKED)
def test_worked_entries(fans, flowers, context, total, payments):
    result = entered(fans, flowers, context)
    assert result["ok"], result
    assert result["total"] == total
    assert paid(result) == payments
    assert sum(result["payments"]["net"].values()) == 0
    assert result["meets_minimum"] is True
    counted = {p["id"]: p["count"] for p in result["patterns"]}
    assert counted == {**fans, **({"81": flowers} if flowers else {})}


REFUSED = [
    pytest.param({"1": 1, "48": 1}, 0, DISCARD, "bad_request",
                 "Big Four Winds already counts All Pungs: untick All Pungs.",
                 ["fans.1", "fans.48"], id="big-four-winds-all-pungs"),
    pytest.param({"56": 1, "80": 1}, 0, SELF, "bad_request",
                 "Fully Concealed Hand already counts Self-Drawn: untick Self-Drawn.",
                 ["fans.56", "fans.80"], id="fully-concealed-self-drawn"),
    # 7 fan + 2 flowers: 9, but 7 without the flowers is under the minimum of 8.
    pytest.param({"49": 1, "69": 1}, 2, DISCARD, "bad_request",
                 "7 fan without the flowers is under the minimum of 8", ["fans"],
                 id="under-minimum-flowers"),
    pytest.param({"43": 1, "69": 1}, 0, DISCARD, "bad_request",
                 "Chicken Hand is a hand with no other fan", ["fans.43", "fans.69"],
                 id="chicken-with-another"),
    pytest.param({"48": 2}, 0, DISCARD, "bad_request", "All Pungs counts from 0 to 1 times",
                 ["fans.48"], id="once-fan-twice"),
    pytest.param({"59": 5}, 0, DISCARD, "bad_request",
                 "Dragon Pung counts from 0 to 4 times", ["fans.59"], id="per-set-five"),
    pytest.param({"48": True}, 0, DISCARD, "bad_request", "counts from 0 to 1", ["fans.48"],
                 id="bool-count"),
    pytest.param({"99": 1}, 0, DISCARD, "bad_request", "'99' is not a fan", ["fans"],
                 id="unknown-fan"),
    pytest.param({"81": 2, "48": 1}, 0, DISCARD, "bad_request", "are a count of their own",
                 ["fans"], id="flowers-as-fan"),
    pytest.param({"48": 1, "49": 1}, 9, DISCARD, "bad_request",
                 "The flowers are a count from 0 to 8", ["flowers"], id="nine-flowers"),
    pytest.param({}, 3, DISCARD, "bad_request", "Tick the fans", ["fans"], id="nothing-ticked"),
    pytest.param([48], 0, DISCARD, "bad_request", "'fans' must be an object", ["fans"],
                 id="fans-a-list"),
    pytest.param({"39": 1, "62": 1}, 0, SELF, "bad_context", "Concealed Hand is won on a discard",
                 ["fans.62", "context.self_drawn"], id="concealed-hand-self-drawn"),
    pytest.param({"39": 1, "44": 1}, 0, DISCARD, "bad_context",
                 "Last Tile Draw is won on a self-drawn tile", ["fans.44", "context.self_drawn"],
                 id="last-tile-draw-on-discard"),
]


@pytest.mark.parametrize("fans, flowers, context, code, message, fields", REFUSED)
def test_refused(fans, flowers, context, code, message, fields):
    result = entered(fans, flowers, context)
    assert result["ok"] is False
    assert result["error"]["code"] == code
    assert message in result["error"]["message"]
    assert result["error"]["fields"] == fields


def test_every_whole_exclusion_is_refused_naming_both():
    """For each fan and each fan it excludes whole, ticking both is refused with both named."""
    for pattern in PATTERNS:
        for target in pattern.excludes:
            if ":" in target:
                continue
            excluded = next(p for p in PATTERNS if p.id == target)
            result = entered({pattern.id: 1, target: 1}, context=SELF)
            assert result["error"]["code"] == "bad_request", (pattern.id, target)
            assert result["error"]["message"] == (
                f"{english(pattern.word)} already counts {english(excluded.word)}: untick "
                f"{english(excluded.word)}.")


def test_house_minimum_is_read():
    assert entered({"49": 1, "69": 1}, rules={"minimum_fan": 6})["total"] == 7
    assert entered({"48": 1, "49": 1}, rules={"minimum_fan": 13})["ok"] is False


def test_other_variants_refuse_entry_by_fans():
    result = entered({"1": 1}, variant="riichi", context={"seat_wind": "S"})
    assert result["error"]["code"] == "bad_request"
    assert "has no entry by fans" in result["error"]["message"]


def test_bad_requests_are_errors_not_crashes():
    for request in (None, [], {"variant": "mcr"}, {"variant": "mcr", "fans": {"48": "1"}},
                    {"variant": "mcr", "fans": {48: 1}}, {"variant": "mcr", "fans": {"48": 1.0}},
                    {"variant": "mcr", "fans": {"48": 1, "49": 1}, "flowers": None}):
        result = score_fans(request)
        assert result["ok"] is False and result["error"]["code"] in {"bad_request",
                                                                     "bad_context"}


def test_scored_fans_entered_by_ticks_pay_the_same():
    """Property: for random MCR hands, the fans the scorer counts, ticked, and its flowers as a
    count, give the same total, fans, explanation and payments as the scored hand; a hand under
    the minimum is refused."""
    rng = random.Random(29)
    checked = refused = 0
    for _ in range(1500):
        request = random_request(rng)
        scored = score(request)
        if not scored["ok"]:
            continue
        ticks = {p["id"]: p["count"] for p in scored["patterns"] if p["id"] != "81"}
        flowers = sum(p["count"] for p in scored["patterns"] if p["id"] == "81")
        result = score_fans({"variant": "mcr", "fans": ticks, "flowers": flowers,
                             "context": request["context"]})
        if not scored["meets_minimum"]:
            assert result["error"]["code"] == "bad_request"
            refused += 1
            continue
        assert result["ok"], (request, result)
        for key in ("total", "points", "patterns", "explanation", "payments",
                    "payment_reasons", "meets_minimum", "minimum"):
            assert result[key] == scored[key], (request, key)
        checked += 1
    assert checked > 1000 and refused > 0
