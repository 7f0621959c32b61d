"""Every error code Shanghai can produce (contract §3), through every door: `scoring.engine.score`,
`POST /api/score` (400 with the error shape) and `python manage.py score --json -` (exit code 2).

One table of bad requests; each names the code expected and words the message must contain.
"""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.engine import score

ROOT = Path(__file__).resolve().parent.parent
GOOD = "[123m] [456p] 444s 789s 11p +9s"  # scores 0 fans: legal, not winning anything


def shanghai(hand=GOOD, **fields):
    return {"variant": "shanghai", "hand": hand, **fields}


def bad(body, code, words, id_):
    return pytest.param(body, code, words, id=id_)


BAD_REQUESTS = [
    # bad_notation: the parser's faults, a group that is no set, no hand, a hand that is no text.
    bad(shanghai("123m 45x6p 789s 11z 22z"), "bad_notation",
        "In “x6p 78” (character 8 of the hand)", "not-a-tile"),
    bad(shanghai("123m 456p 789s 11z 22"), "bad_notation", "'22' have no suit", "no-suit-letter"),
    bad(shanghai("[123m 456p 789s 11z 22z"), "bad_notation", "not closed", "unclosed-group"),
    bad(shanghai("[124m] 456p 789s 111z 22z"), "bad_notation", "[124m]", "group-not-a-set"),
    bad(shanghai("123m 456p 789s 111z 22z +5z"), "bad_notation", "5z", "plus-not-in-hand"),
    bad({"variant": "shanghai"}, "bad_notation", "no hand", "no-hand"),
    bad(shanghai(123), "bad_notation", "string", "hand-not-text"),
    # too_many_copies names the tile, how often it is written and how many the set has.
    bad(shanghai("11111m 234p 567s 99s [789p]"), "too_many_copies", "1m", "five-1m"),
    bad(shanghai("[1111m] 11m 234p 567s 99s"), "too_many_copies", "6 times", "kong-and-pair"),
    # wrong_tile_count says how many were found and how many a hand needs.
    bad(shanghai("123m 456p 789s 11z"), "wrong_tile_count", "Found 11 tiles", "eleven"),
    bad(shanghai("[5555s] 123m 456p 789s 1z"), "wrong_tile_count", "Found 13 tiles",
        "kong-counts-three"),
    bad(shanghai("123m 456p 789s 11z 222z 3z"), "wrong_tile_count", "Found 15 tiles", "fifteen"),
    # not_a_winning_hand.
    bad(shanghai("1245m 456p 789s 11z 55z"), "not_a_winning_hand", "do not form", "no-form"),
    bad(shanghai("1199m 1199p 1199s 11z +1z"), "not_a_winning_hand", "do not form",
        "seven-pairs-is-not-a-form"),
    # tile_not_in_variant: Shanghai has no jokers.
    bad(shanghai("123m 456p 789s 11z J22z"), "tile_not_in_variant", "joker", "joker"),
    # bad_context: unknown flag, bad winds, impossible combinations, wrong types.
    bad(shanghai(context={"flying": True}), "bad_context", "flying", "unknown-flag"),
    bad(shanghai(context={"seat_wind": "X"}), "bad_context", "“Seat wind”", "bad-seat-wind"),
    bad(shanghai(context={"round_wind": 5}), "bad_context", "“Round wind”", "bad-round-wind"),
    bad(shanghai(context={"discarder": "Up"}), "bad_context", "“Discarder”", "bad-discarder"),
    bad(shanghai("[123m] [456p] 444s 789s 11p +1p", context={"robbing_kong": True}),
        "bad_context", "no other 1 of circles", "robbing-a-kong-holding-another-copy"),
    bad(shanghai(context={"kong_replacement": True}), "bad_context", "kong",
        "kong-replacement-without-a-kong"),
    bad(shanghai(context={"self_drawn": "yes"}), "bad_context", "“Self-drawn”", "flag-not-bool"),
    bad(shanghai(context={"seat_wind": "S", "discarder": "S"}), "bad_context", "“Discarder”",
        "discarder-is-the-winner"),
    bad(shanghai(context={"seat_wind": "S", "heavenly": True}), "bad_context", "dealer",
        "heavenly-not-dealer"),
    bad(shanghai(context=["self_drawn"]), "bad_context", "context", "context-not-an-object"),
    # unknown_rule names the option and lists the real ones; a bad value is refused too.
    bad(shanghai(rules={"fan_limit": 200}), "unknown_rule", "fan_limit", "unknown-rule"),
    bad(shanghai(rules={"limit": 150}), "bad_context", "limit", "bad-rule-value"),
    # unknown_variant.
    bad({"variant": "solitaire", "hand": GOOD}, "unknown_variant", "solitaire", "unknown-variant"),
    bad({"hand": GOOD}, "unknown_variant", "shanghai", "no-variant"),
    bad({"variant": ["shanghai"], "hand": GOOD}, "unknown_variant", "['shanghai']",
        "variant-a-list"),
    bad({"variant": {"id": "shanghai"}, "hand": GOOD}, "unknown_variant", "shanghai",
        "variant-an-object"),
    bad({"variant": 1, "hand": GOOD}, "unknown_variant", "Unknown variant 1", "variant-a-number"),
    # bad_request: not a JSON object.
    bad([shanghai()], "bad_request", "JSON object", "a-list"),
    bad("just some words", "bad_request", "", "not-json"),
]


def text_of(body):
    return body if isinstance(body, str) else json.dumps(body)


def assert_error(result, code, words):
    assert result["ok"] is False
    assert set(result["error"]) >= {"code", "message"}
    assert result["error"]["code"] == code, result
    assert result["error"]["message"]
    assert words in result["error"]["message"]


@pytest.mark.parametrize("body, code, words", BAD_REQUESTS)
def test_engine(body, code, words):
    assert_error(score(body), code, "" if isinstance(body, str) else words)


@pytest.mark.parametrize("body, code, words", BAD_REQUESTS)
def test_api(client, body, code, words):
    response = client.post("/api/score", data=text_of(body), content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert_error(response.json(), code, words)


@pytest.mark.parametrize("body, code, words", BAD_REQUESTS)
def test_command_line(body, code, words):
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("score", "--json", "-", stdin=io.StringIO(text_of(body)), stdout=out)
    assert exited.value.code == 2
    [line] = out.getvalue().splitlines()
    assert_error(json.loads(line), code, words)


def test_the_real_process_exits_2_with_the_error_on_stdout():
    body = shanghai("123m 456p 789s 11z")
    done = subprocess.run([sys.executable, "manage.py", "score", "--json", "-"], cwd=ROOT,
                          input=json.dumps(body), capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert_error(json.loads(done.stdout), "wrong_tile_count", "Found 11 tiles")


def test_the_good_request_of_the_table_scores():
    # The table's errors come from the one field changed, not from the base request.
    result = score(shanghai())
    assert result["ok"] is True
    assert result["total"] == 0
