"""The command-line doors: `score --json -`, `score --jsonl`, the short form, `settle --json -`."""

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.core.management import CommandError
from hypothesis import given
from hypothesis import strategies as st

from scoring import engine
from scoring.doors import dumps
from tests.helpers import run_command as run  # in this process, through Django

ROOT = Path(__file__).resolve().parent.parent

VALID = {"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"}
UNKNOWN_VARIANT = {"variant": "nope", "hand": "11m"}
BAD_NOTATION = {"variant": "shanghai", "hand": "12x"}



def results(stdout):
    return [json.loads(line) for line in stdout.splitlines()]


def test_json_stdin_scores_one_request_with_exit_0():
    code, out, _ = run("score", "--json", "-", stdin=json.dumps(VALID))
    assert code == 0
    [result] = results(out)
    assert result["ok"] is True


@pytest.mark.parametrize(
    "request_, expected",
    [(UNKNOWN_VARIANT, "unknown_variant"), (BAD_NOTATION, "bad_notation")],
    ids=["unknown_variant", "bad_notation"],
)
def test_json_stdin_error_prints_the_error_result_with_exit_2(request_, expected):
    code, out, _ = run("score", "--json", "-", stdin=json.dumps(request_))
    assert code == 2
    [result] = results(out)
    assert result["ok"] is False
    assert result["error"]["code"] == expected


def test_json_stdin_that_is_not_json_is_a_bad_request_with_exit_2():
    code, out, _ = run("score", "--json", "-", stdin="{oops")
    assert code == 2
    [result] = results(out)
    assert result["ok"] is False
    assert result["error"]["code"] == "bad_request"
    assert "not valid JSON" in result["error"]["message"]


def test_jsonl_keeps_going_past_a_bad_line_and_keeps_the_order():
    lines = [
        json.dumps(VALID),
        "this is not json",
        json.dumps(UNKNOWN_VARIANT),
        "",
        json.dumps(BAD_NOTATION),
        json.dumps(VALID),
    ]
    code, out, _ = run("score", "--jsonl", stdin="\n".join(lines) + "\n")
    assert code == 0
    got = [r["ok"] or r["error"]["code"] for r in results(out)]
    assert got == [True, "bad_request", "unknown_variant", "bad_request", "bad_notation", True]


def test_jsonl_without_a_final_newline_still_scores_the_last_line():
    code, out, _ = run("score", "--jsonl", stdin=json.dumps(VALID) + "\n" + json.dumps(VALID))
    assert code == 0
    assert [r["ok"] for r in results(out)] == [True, True]


def test_jsonl_with_no_input_writes_nothing():
    assert run("score", "--jsonl", stdin="") == (0, "", "")


def test_short_form_prints_a_readable_breakdown():
    code, out, err = run("score", "shanghai", VALID["hand"])
    assert code == 0, err
    assert out.startswith("Hand: ")
    assert "Total: " in out
    assert "Patterns:" in out
    assert "Payments:" in out


def test_short_form_with_json_prints_the_result_shape():
    code, out, _ = run("score", "shanghai", VALID["hand"], "--json")
    assert code == 0
    [result] = results(out)
    assert result["ok"] is True


def test_short_form_error_goes_to_stderr_with_its_code_and_exit_2():
    code, out, err = run("score", "nope", "11m")
    assert code == 2
    assert out == ""
    assert err.startswith("error [unknown_variant]: ")


def test_short_form_puts_only_the_given_flags_in_the_request(monkeypatch):
    seen = []
    monkeypatch.setattr(
        "scoring.engine.score", lambda request: seen.append(request) or {"ok": True}
    )
    run(
        "score", "sichuan", "11m", "--self-drawn", "--seat-wind", "S", "--no-dealer",
        "--void-suit", "p", "--opponents", "ESW", "--rule", "minimum=3", "--rule", "pay=table",
    )  # fmt: skip
    assert seen == [
        {
            "variant": "sichuan",
            "hand": "11m",
            "context": {
                "self_drawn": True,
                "seat_wind": "S",
                "dealer": False,
                "void_suit": "p",
                "opponents": ["E", "S", "W"],
            },
            "rules": {"minimum": 3, "pay": "table"},
        }
    ]


def test_a_rule_without_a_value_is_refused():
    with pytest.raises(CommandError, match="NAME=VALUE"):
        run("score", "shanghai", VALID["hand"], "--rule", "minimum")


@pytest.mark.parametrize("value", ["abc", "[" * 50_000], ids=["text", "nested-too-deeply"])
def test_a_rule_that_is_not_a_value_of_the_option_is_refused_by_the_engine(value):
    code, out, err = run("score", "shanghai", VALID["hand"], "--rule", f"minimum_fan={value}")
    assert (code, out) == (2, "")
    assert err.startswith("error [bad_context]: House option 'minimum fan' cannot be "), err[:200]
    assert "recursion" not in err


def test_short_form_needs_a_variant_and_a_hand():
    with pytest.raises(CommandError, match="VARIANT"):
        run("score", "shanghai")


def test_settle_json_stdin_that_is_not_json_is_a_bad_request_with_exit_2():
    code, out, _ = run("settle", "--json", "-", stdin="[1, 2")
    assert code == 2
    assert results(out)[0]["error"]["code"] == "bad_request"


def test_settle_json_stdin_error_exits_2():
    code, out, _ = run("settle", "--json", "-", stdin=json.dumps({"variant": "nope", "events": []}))
    assert code == 2
    assert results(out)[0]["ok"] is False


@pytest.mark.parametrize(
    "request_, exit_code", [(VALID, 0), (BAD_NOTATION, 2)], ids=["ok", "bad_notation"]
)
def test_score_json_stdin_in_a_real_process(request_, exit_code):
    process = subprocess.run(
        [sys.executable, "manage.py", "score", "--json", "-"],
        cwd=ROOT,
        input=json.dumps(request_),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert process.returncode == exit_code, process.stderr
    [line] = process.stdout.splitlines()
    assert json.loads(line)["ok"] is (exit_code == 0)


def test_json_may_come_before_the_variant_and_hand():
    code, out, _ = run("score", "--json", "shanghai", VALID["hand"])
    assert code == 0
    assert results(out)[0]["ok"] is True


def test_jsonl_answers_each_line_as_soon_as_it_is_sent():
    """A program may drive `score --jsonl` line by line: each answer comes before the next
    request is written (results wait in memory only while more input is already there)."""
    door = subprocess.Popen([sys.executable, "manage.py", "score", "--jsonl"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    guard = threading.Timer(30, door.kill)  # a held answer fails the test instead of hanging it
    guard.start()
    try:
        for request in (VALID, BAD_NOTATION, VALID):
            door.stdin.write(json.dumps(request) + "\n")
            door.stdin.flush()
            answer = json.loads(door.stdout.readline())  # would hang if the answer were held
            assert answer["ok"] is (request is VALID)
        door.stdin.close()
        assert door.wait(timeout=30) == 0
        assert door.stdout.read() == ""
    finally:
        guard.cancel()
        door.kill()


def test_jsonl_from_a_file_gives_one_line_per_request_in_order(tmp_path):
    requests = [VALID, BAD_NOTATION, UNKNOWN_VARIANT] * 200  # results longer than one write
    source = tmp_path / "requests.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in requests), encoding="utf-8")
    with source.open("rb") as stdin:
        done = subprocess.run([sys.executable, "manage.py", "score", "--jsonl"], cwd=ROOT,
                              stdin=stdin, capture_output=True, text=True, check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a.get("error", {}).get("code") for a in answers] == [
        None, "bad_notation", "unknown_variant"] * 200


def test_jsonl_stops_quietly_when_its_reader_stops_reading(tmp_path):
    """`score --jsonl < many | head -1`: the closed pipe ends the run with exit code 1 and no
    traceback."""
    source = tmp_path / "requests.jsonl"
    source.write_text((json.dumps(VALID) + "\n") * 2000)
    with source.open("rb") as stdin:
        door = subprocess.Popen([sys.executable, "manage.py", "score", "--jsonl"], cwd=ROOT,
                                stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert json.loads(door.stdout.readline())["ok"] is True
        door.stdout.close()  # more than a pipe holds is still to come
        assert door.wait(timeout=60) == 1
        assert door.stderr.read() == b""
        door.stderr.close()


# JSON as the command-line doors write it (scoring.doors.dumps, with ujson).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_dumps_writes_what_json_dumps_writes_compact_and_in_ascii(value):
    text = dumps(value)
    # One difference: DEL, an ASCII character JSON allows as it is, which json.dumps escapes.
    assert text.replace("\x7f", "\\u007f") == json.dumps(value, separators=(",", ":"))
    assert text.isascii()
    assert json.loads(text) == value


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_dumps_writes_a_float_that_reads_back_the_same(number):
    # The text may differ from json.dumps's (1e-7 for 1e-07), never the number.
    assert json.loads(dumps({"amount": number})) == {"amount": number}


@pytest.mark.parametrize("value", [
    {"quote": 'a "b" \\ c', "newline": "x\ny", "nul": "\0"},
    {"chinese": "門前清", "french": "révélés", "emoji": "\U0001f004 mahjong"},
    {"lone surrogate": "\ud800"},
    {"big": 2**64, "small": -(2**70)},  # past 64 bits
    {"slash": "a/b", "tuple": (1, 2), 3: "an int key"},
], ids=["escapes", "non-ascii", "surrogate", "big-ints", "slash-tuple-int-key"])
def test_dumps_matches_json_dumps_on_awkward_values(value):
    assert dumps(value) == json.dumps(value, separators=(",", ":"))


def test_a_result_line_is_ascii_and_reads_back_as_the_engine_result():
    result = engine.score(VALID)
    line = dumps(result)
    assert line.isascii() and "\\u" in line  # the Chinese names, escaped
    assert json.loads(line) == result
