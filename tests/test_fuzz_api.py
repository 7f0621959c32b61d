"""Fuzzing the API through the Django test client: whatever the body, the answer is a result (200,
`ok` true) or a contract error (400, or 413 for `too_large`) with a known code and a message,
never a server error. The client re-raises any exception a view lets out, so a crash fails here.
"""

import json
import random
import re

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine.context import FLAGS
from scoring.engine.errors import ERROR_CODES
from scoring.engine.randomhands import corpus
from scoring.engine.variants import VARIANTS
from tests.environment import examples

FUZZ = settings(max_examples=examples(250), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CLIENT = Client(enforce_csrf_checks=True)

# Any JSON value, nested a little.
scalars = (st.none() | st.booleans() | st.integers(min_value=-10**6, max_value=10**6)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=5),
                           max_leaves=20)

# Notation: the notation's own characters in any order, real hands cut and spliced, and anything.
NOTATION = "123456789mpszfJESWNCFP[]()+ "
real_hands = st.sampled_from(corpus(7, 300))
notation = st.one_of(
    st.text(alphabet=NOTATION, max_size=40),
    real_hands,
    st.builds(lambda hand, cut, junk: hand[:cut] + junk + hand[cut:],
              real_hands, st.integers(0, 40), st.text(alphabet=NOTATION, max_size=4)),
    st.builds(lambda hand, cut: hand[:cut], real_hands, st.integers(0, 40)),
    st.text(max_size=60),
)
variant_ids = st.sampled_from([*VARIANTS, "Shanghai", "", "nope"]) | json_values
context_keys = st.sampled_from([*FLAGS, "seat_wind", "round_wind", "dealer", "discarder",
                                "void_suit", "opponents", "bogus"])
context_values = (st.sampled_from(["E", "S", "W", "N", "east", "m", "p", "s", "x", "ESW"])
                  | st.lists(st.sampled_from("ESWNx"), max_size=4) | json_values)
contexts = st.dictionaries(context_keys, context_values, max_size=6) | json_values
rule_names = st.sampled_from(sorted({option["name"] for variant in VARIANTS.values()
                                     for option in variant.describe()["options"]} | {"bogus"}))
rules = st.dictionaries(rule_names, json_values | st.integers(-5, 300), max_size=3) | json_values

score_requests = st.fixed_dictionaries(
    {"variant": variant_ids, "hand": notation | json_values},
    optional={"context": contexts, "rules": rules})

SEATS = st.sampled_from(["E", "S", "W", "N", "x"]) | json_values
events = st.one_of(
    st.fixed_dictionaries({"type": st.just("kong"), "seat": SEATS,
                           "kind": st.sampled_from(["concealed", "exposed", "added", "x"])},
                          optional={"from": SEATS, "held": json_values}),
    st.fixed_dictionaries({"type": st.just("win"), "seat": SEATS},
                          optional={"self_drawn": st.booleans(), "discarder": SEATS,
                                    "hand": notation, "fans": st.integers(-3, 20) | json_values,
                                    "context": contexts}),
    st.fixed_dictionaries({"type": st.just("wall_end"),
                           "hands": st.dictionaries(SEATS.filter(lambda s: isinstance(s, str)),
                                                    notation, max_size=4)},
                          optional={"void": st.dictionaries(st.sampled_from("ESWN"),
                                                            st.sampled_from("mpsx"), max_size=4)}),
    json_values,
)
settle_requests = st.fixed_dictionaries(
    {"variant": st.sampled_from(["sichuan", "shanghai", "nope"]) | json_values,
     "events": st.lists(events, max_size=8) | json_values},
    optional={"rules": rules})


def answer(url, body):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    response = CLIENT.post(url, data=data, content_type="application/json")
    assert response["Content-Type"] == "application/json"
    result = response.json()
    if response.status_code == 200:
        assert result["ok"] is True
    else:
        assert response.status_code in (400, 413), response.status_code
        assert result["ok"] is False
        assert result["error"]["code"] in ERROR_CODES, result
        assert isinstance(result["error"]["message"], str) and result["error"]["message"]
        assert (response.status_code == 413) == (result["error"]["code"] == "too_large")
    return result


@FUZZ
@given(score_requests)
def test_any_score_request_gets_a_result_or_a_contract_error(request_):
    answer("/api/score", request_)


@FUZZ
@given(notation, st.sampled_from(list(VARIANTS)))
def test_any_notation_string_gets_a_result_or_a_contract_error(hand, variant):
    answer("/api/score", {"variant": variant, "hand": hand})


@FUZZ
@given(st.randoms(use_true_random=False), st.integers(0, 13), st.sampled_from(list(VARIANTS)))
def test_a_real_hand_with_one_tile_changed_gets_a_result_or_a_contract_error(rng, at, variant):
    hand = corpus(rng.randrange(10**6), 1)[0]
    digits = [i for i, c in enumerate(hand) if c.isdigit()]
    i = digits[at % len(digits)]
    changed = hand[:i] + str(rng.randint(1, 9)) + hand[i + 1:]
    answer("/api/score", {"variant": variant, "hand": changed,
                          "context": {"self_drawn": rng.random() < 0.5,
                                      "seat_wind": random.Random(at).choice("ESWN")}})


@FUZZ
@given(settle_requests)
def test_any_settle_request_gets_a_ledger_or_a_contract_error(request_):
    result = answer("/api/settle", request_)
    if result["ok"]:
        assert sum(result["net"].values()) == 0


@FUZZ
@given(json_values)
def test_any_json_value_as_the_body_gets_a_contract_error_or_a_result(body):
    for url in ("/api/score", "/api/settle"):
        answer(url, body)


@FUZZ
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_bytes_as_the_body_get_a_contract_error(body):
    for url in ("/api/score", "/api/settle"):
        answer(url, body)


page_queries = st.dictionaries(
    st.sampled_from(["variant", "hand", *FLAGS, "seat_wind", "round_wind", "dealer", "discarder",
                     "void_suit", "opponents", "card", "minimum_fan", "bogus"]),
    st.lists(notation | st.text(max_size=20), min_size=1, max_size=3), max_size=6)


@FUZZ
@given(page_queries, st.booleans())
def test_the_scoring_page_answers_any_query_without_a_server_error(query, htmx):
    # The same request as a GET query string (contract section 4): the page or its fragment.
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = CLIENT.get("/", query, **headers)
    assert response.status_code == 200


@pytest.mark.parametrize("depth", [100, 900, 5000])
@pytest.mark.parametrize("key", ["variant", "hand", "context", "rules", "events"])
def test_deeply_nested_json_anywhere_is_a_contract_error(key, depth):
    # Near and past Python's recursion limit: json and every repr in a message must hold.
    nested = "[" * depth + "1" + "]" * depth
    for url in ("/api/score", "/api/settle"):
        body = f'{{"variant": "sichuan", "hand": "11m", "{key}": {nested}}}'
        assert answer(url, body)["ok"] is False


# Words only Python says: an answer that carries one has let an exception's text through.
PYTHON_WORDS = re.compile(r"recursion|sys\.|set_int_max_str_digits|Exceeds the limit|decod|"
                          r"codec|Expecting|delimiter|char \d|Traceback|Error\b")


def assert_in_our_words(result):
    assert not PYTHON_WORDS.search(result["error"]["message"]), result


@pytest.mark.parametrize("depth", [5000, 30_000])  # 30,000: 60 KB, within the size limit
@pytest.mark.parametrize("url", ["/api/score", "/api/analyse", "/api/settle"])
def test_json_nested_past_what_can_be_read_is_refused_in_our_words(url, depth):
    body = '{"variant": "shanghai", "hand": ' + "[" * depth + "]" * depth + "}"
    result = answer(url, body)
    assert result["error"] == {"code": "bad_request", "message": (
        "The request is not valid JSON (its arrays or objects are nested too deeply).")}


@pytest.mark.parametrize("key", ["hand", "context", "rules", "events", "fans"])
@pytest.mark.parametrize("url", ["/api/score", "/api/analyse", "/api/settle"])
def test_an_integer_too_long_to_read_is_refused_in_our_words(url, key):
    body = f'{{"variant": "sichuan", "hand": "11m", "{key}": {"9" * 5000}}}'
    result = answer(url, body)
    assert result["error"] == {"code": "bad_request", "message": (
        "The request is not valid JSON (a number in it has more than 4300 digits).")}


HUGE = [10**4299, -(10**4299), 2**63, 1e308, -1e308]


@pytest.mark.parametrize("number", HUGE, ids=["4300-digits", "minus-4300-digits", "2^63",
                                              "1e308", "minus-1e308"])
@pytest.mark.parametrize("where", ["variant", "hand", "seat_wind", "dealer", "rule", "opponents"])
def test_the_largest_readable_numbers_anywhere_in_a_score_are_a_contract_error(where, number):
    request_ = {"variant": "sichuan", "hand": "123m456m789m123p55p", "context": {}, "rules": {}}
    if where in ("variant", "hand"):
        request_[where] = number
    elif where == "rule":
        request_["rules"] = {"minimum_fan": number, "fan_limit": number}
    else:
        request_["context"][where] = number
    result = answer("/api/score", request_)
    assert result["ok"] is False
    assert_in_our_words(result)


@pytest.mark.parametrize("number", HUGE, ids=["4300-digits", "minus-4300-digits", "2^63",
                                              "1e308", "minus-1e308"])
def test_the_largest_readable_numbers_as_a_deals_fans_pay_the_limit_or_are_refused(number):
    def settled(fans):
        return answer("/api/settle", {"variant": "sichuan", "events": [
            {"type": "win", "seat": "E", "self_drawn": True, "fans": fans}]})

    result = settled(number)
    if result["ok"]:  # a whole number of fans past the limit is paid as the limit
        assert result["net"] == settled(100)["net"]
    else:
        assert result["error"]["code"] == "bad_event"
        assert_in_our_words(result)


@FUZZ
@given(st.text(max_size=80) | st.binary(max_size=80))
def test_no_unreadable_body_is_answered_in_pythons_words(body):
    result = answer("/api/score", body)
    if not result["ok"]:
        assert_in_our_words(result)
