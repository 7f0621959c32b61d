"""Bounded input: bodies, hands, cards, deals and command-line lines over their limits get a clear
error in the contract's shape, so no request makes the server work for long."""

import io
import json

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from scoring.engine import score, settle
from scoring.engine.api import MAX_EVENTS
from scoring.engine.card import MAX_CARD_CHARS, MAX_CARD_LINES
from scoring.engine.notation import MAX_HAND_CHARS
from tests.helpers import post

BODY_LIMIT = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
HAND = "234m567p22s[EEE][789p]+2s"
CARD_LINE = "ev{} 25 X : 222a 444a 666b 888b FF\n"


@pytest.fixture
def client():
    return Client(enforce_csrf_checks=True)


def error_of(result):
    assert result["ok"] is False
    return result["error"]["code"], result["error"]["message"]


def test_the_limits_are_the_documented_ones():
    assert (BODY_LIMIT, MAX_HAND_CHARS, MAX_CARD_LINES, MAX_CARD_CHARS, MAX_EVENTS) == (
        64 * 1024, 200, 200, 20_000, 200)


# Request bodies -----------------------------------------------------------------------------------

def padded(size):
    """A valid score request of exactly `size` bytes (spaces after the object are still JSON)."""
    text = json.dumps({"variant": "shanghai", "hand": HAND})
    return text + " " * (size - len(text))


@pytest.mark.parametrize("url", ["/api/score", "/api/settle"])
def test_a_body_over_the_limit_is_a_413_too_large_naming_the_limit(client, url):
    response = post(client, url, padded(BODY_LIMIT + 1))
    assert response.status_code == 413
    code, message = error_of(response.json())
    assert code == "too_large"
    assert f"{BODY_LIMIT + 1} bytes" in message and f"at most {BODY_LIMIT} bytes" in message


def test_a_body_at_the_limit_is_read_and_scored(client):
    response = post(client, "/api/score", padded(BODY_LIMIT))
    assert response.status_code == 200
    assert response.json()["ok"] is True


def test_an_announced_length_over_the_limit_is_refused_before_the_body_is_read(client):
    # The header alone decides: the body sent is tiny, the Content-Length claims more.
    response = client.generic("POST", "/api/score", data=b"{}", content_type="application/json",
                              CONTENT_LENGTH=str(10 * BODY_LIMIT))
    assert response.status_code == 413
    assert error_of(response.json())[0] == "too_large"


# Hands ------------------------------------------------------------------------------------------

def test_a_hand_of_200_characters_is_read():
    # 199 ones and an 'm': 199 tiles of 1m, read in full, then too many copies.
    assert error_of(score({"variant": "shanghai", "hand": "1" * 199 + "m"}))[0] == (
        "too_many_copies")


def test_a_hand_of_201_characters_is_bad_notation_naming_the_limit():
    code, message = error_of(score({"variant": "shanghai", "hand": "1" * 200 + "m"}))
    assert code == "bad_notation"
    assert "201 characters" in message and "at most 200" in message


def test_a_long_hand_in_a_deal_is_refused_the_same_way():
    deal = {"variant": "sichuan", "events": [
        {"type": "win", "seat": "E", "self_drawn": True, "hand": " " * 300 + "11m"}]}
    code, message = error_of(settle(deal))
    assert code == "bad_notation" and "at most 200" in message


# American cards ---------------------------------------------------------------------------------

def american(card):
    return score({"variant": "american", "hand": "222m444m666p888p1f2f",
                  "rules": {"card": card}})


def test_a_card_of_200_lines_is_read():
    card = "".join(CARD_LINE.format(n) for n in range(MAX_CARD_LINES))
    assert len(card) <= MAX_CARD_CHARS
    assert american(card)["ok"] is True  # 222m 444m 666p 888p + two flowers is ev0, a=m, b=p


def test_a_card_of_201_lines_is_bad_card_naming_the_limit():
    card = "".join(CARD_LINE.format(n) for n in range(MAX_CARD_LINES + 1))
    code, message = error_of(american(card))
    assert code == "bad_card"
    assert "201 lines" in message and "at most 200 lines" in message


def test_a_card_over_20000_characters_is_bad_card_naming_the_limit():
    card = CARD_LINE.format(0) + "#" * MAX_CARD_CHARS + "\n"
    code, message = error_of(american(card))
    assert code == "bad_card"
    assert f"{MAX_CARD_CHARS} characters" in message


# Deals ------------------------------------------------------------------------------------------

def kongs(n):
    kong = {"type": "kong", "seat": "E", "kind": "concealed"}
    return {"variant": "sichuan", "events": [kong] * n}


def test_a_deal_of_200_events_is_settled():
    result = settle(kongs(MAX_EVENTS))
    # 200 concealed kongs by E, each paid 2 by S, W and N: E +1200, the others -400 each.
    assert result["net"] == {"E": 1200, "S": -400, "W": -400, "N": -400}


def test_a_deal_of_201_events_is_an_error_naming_the_limit(client):
    response = post(client, "/api/settle", json.dumps(kongs(MAX_EVENTS + 1)))
    assert response.status_code == 400
    code, message = error_of(response.json())
    assert code == "bad_request"
    assert "201 events" in message and "at most 200" in message


# The command line ---------------------------------------------------------------------------------

def jsonl(text):
    out = io.StringIO()
    call_command("score", "--jsonl", stdin=io.StringIO(text), stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_jsonl_answers_a_line_over_the_limit_with_too_large_and_goes_on():
    good = json.dumps({"variant": "shanghai", "hand": HAND})
    results = jsonl(f"{good}\n{padded(BODY_LIMIT + 1)}\n{good}\n")
    assert [r["ok"] for r in results] == [True, False, True]
    code, message = error_of(results[1])
    assert code == "too_large" and f"at most {BODY_LIMIT} characters" in message


def test_jsonl_reads_a_line_of_exactly_the_limit():
    assert jsonl(padded(BODY_LIMIT) + "\n")[0]["ok"] is True


def test_jsonl_answers_a_last_line_over_the_limit_without_a_newline():
    results = jsonl(padded(BODY_LIMIT + 1))
    assert len(results) == 1 and error_of(results[0])[0] == "too_large"


@pytest.mark.parametrize("command", ["score", "settle"])
def test_json_stdin_over_the_limit_is_too_large_with_exit_code_2(command):
    out = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command(command, "--json", "-", stdin=io.StringIO(padded(BODY_LIMIT + 1)), stdout=out)
    assert stop.value.code == 2
    assert error_of(json.loads(out.getvalue()))[0] == "too_large"


@pytest.mark.parametrize("variant, rules", [
    ("hongkong", {"stake": 10**9 + 1}),
    ("american", {"card": "temporary", "jackpot": 1e12}),
    ("american", {"card": "temporary", "base_value": 2**60}),
    ("sichuan", {"fan_cap": 31}),
], ids=["hk-stake", "jackpot", "base-value", "fan-cap"])
def test_money_options_are_bounded_so_amounts_always_fit(variant, rules):
    hand = {"hongkong": "234m567p22s[EEE][789p]+2s", "american": "111m 2222p 3333sJ NN",
            "sichuan": "111m234m567m888m99m+3m"}[variant]
    result = score({"variant": variant, "hand": hand, "rules": rules})
    assert result["error"]["code"] == "bad_context"
    name = next(iter(k for k in rules if k != "card"))
    assert result["error"]["fields"] == [f"rules.{name}"]


def test_the_largest_money_options_give_finite_json():
    for variant, hand, rules in [
            ("hongkong", "234m567p22s[EEE][789p]+2s", {"stake": 10**9, "scale": "full_spicy"}),
            ("sichuan", "111m234m567m888m99m+3m", {"fan_cap": 30})]:
        result = score({"variant": variant, "hand": hand, "rules": rules,
                        "context": {"self_drawn": True}})
        assert result["ok"], result
        assert "Infinity" not in json.dumps(result)
        assert all(abs(t["amount"]) < 2**53 for t in result["payments"]["transfers"])
