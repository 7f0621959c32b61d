"""`manage.py score` and `settle` run scoring.cli without Django; the management commands wrap the
same code. Both paths give the same bytes and exit codes, and anything the fast path does not run
alone (--help, Django's options, a usage error) is left to Django, untouched."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError

from scoring import cli
from scoring.doors import MAX_REQUEST_SIZE
from scoring.engine.errors import ERROR_CODES
from tests.helpers import run_command

ROOT = Path(__file__).resolve().parent.parent

GOOD = "234m567p22s[EEE][789p]+2s"
WINDS = "NNNN EEE WWW SSSS"
CARD = "w1 35 X : NNNN EEE WWW SSSS\n"
DEAL = {"variant": "sichuan", "rules": {}, "events": [
    {"type": "kong", "seat": "E", "kind": "concealed"}]}


def request(variant, hand, **fields):
    return {"variant": variant, "hand": hand, **fields}


# One request per variant that scores, and one for every error code a score request can give.
SCORE_REQUESTS = [
    pytest.param(request("shanghai", GOOD), id="shanghai"),
    pytest.param(request("hongkong", "1112345678999m 5m"), id="hongkong"),
    pytest.param(request("sichuan", "11234444567999m +4m"), id="sichuan"),
    pytest.param(request("american", "11122233334444m", rules={"card": "demo"}), id="american"),
    pytest.param([request("shanghai", GOOD)], id="bad_request"),
    pytest.param(request("shanghai", "12x"), id="bad_notation"),
    pytest.param(request("shanghai", "11111m 234p 567s 99s [789p]"), id="too_many_copies"),
    pytest.param(request("shanghai", "11m"), id="wrong_tile_count"),
    pytest.param(request("shanghai", "1245m 456p 789s 11z 55z"), id="not_a_winning_hand"),
    pytest.param(request("sichuan", "123m456m789m123p55z"), id="tile_not_in_variant"),
    pytest.param(request("sichuan", "44789m778899p567s +4m"), id="void_suit_present"),
    pytest.param(request("sichuan", "[123m]456m789m123p55p +5p"), id="meld_not_allowed"),
    pytest.param(request("shanghai", GOOD, context={"flying": True}), id="bad_context"),
    pytest.param(request("shanghai", GOOD, rules={"fan_limit": 200}), id="unknown_rule"),
    pytest.param(request("solitaire", GOOD), id="unknown_variant"),
    pytest.param(request("american", WINDS, rules={"card": "x 25 Q : " + WINDS}), id="bad_card"),
]
SCORE_BODIES = [json.dumps(param.values[0]) for param in SCORE_REQUESTS]
TOO_LONG = "x" * (MAX_REQUEST_SIZE + 1)

# (command, arguments, stdin) that the fast path runs itself.
LINES = [
    pytest.param("score", ["--json", "-"], body, id=f"json-{param.id}")
    for param, body in zip(SCORE_REQUESTS, SCORE_BODIES, strict=True)
] + [
    pytest.param("score", ["--json", "-"], "{oops", id="json-not-json"),
    pytest.param("score", ["--json", "-"], "", id="json-empty"),
    pytest.param("score", ["--json", "-"], TOO_LONG, id="json-too_large"),
    pytest.param("score", ["--jsonl"], "\n".join(SCORE_BODIES) + "\n", id="jsonl-every-request"),
    pytest.param("score", ["--jsonl"], "{oops\n\n   \n" + TOO_LONG + "\n" + SCORE_BODIES[0],
                 id="jsonl-bad-empty-too-long-and-no-final-newline"),
    pytest.param("score", ["--jsonl"], "", id="jsonl-no-input"),
    pytest.param("score", ["shanghai", GOOD], "", id="short-breakdown"),
    pytest.param("score", ["shanghai", GOOD, "--self-drawn", "--seat-wind", "S", "--round-wind",
                           "W", "--no-dealer", "--last-tile", "--rule", "minimum_fan=0"], "",
                 id="short-flags"),
    pytest.param("score", ["shanghai", GOOD, "--json", "--dealer", "--discarder", "N"], "",
                 id="short-json"),
    pytest.param("score", ["--json", "shanghai", GOOD], "", id="short-json-first"),
    pytest.param("score", ["sichuan", "11234444567999m +4m", "--void-suit", "p", "--opponents",
                           "E, S,W", "--rule", "fan_cap=3"], "", id="short-sichuan"),
    pytest.param("score", ["shanghai", "11m"], "", id="short-error-result"),
    pytest.param("score", ["shanghai", GOOD, "--rule", "nope=1", "--json"], "",
                 id="short-json-error-result"),
    pytest.param("settle", ["--json", "-"], json.dumps(DEAL), id="settle"),
    pytest.param("settle", ["--json", "-"], json.dumps({**DEAL, "events": [{"type": "nope"}]}),
                 id="settle-bad_event"),
    pytest.param("settle", ["--json", "-"], json.dumps({"variant": "shanghai", "events": []}),
                 id="settle-unknown_variant"),
    pytest.param("settle", ["--json", "-"], "[1, 2", id="settle-not-json"),
    pytest.param("settle", ["--json", "-"], TOO_LONG, id="settle-too_large"),
]


def fast(command, args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = cli.run_alone(command, list(args), io.StringIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def through_django(command, args, stdin=""):
    return run_command(command, *args, stdin=stdin)


@pytest.mark.parametrize("command, args, stdin", LINES)
def test_the_fast_path_and_the_django_command_give_the_same_bytes(command, args, stdin):
    assert fast(command, args, stdin) == through_django(command, args, stdin)


def test_the_table_shows_every_error_code():
    codes = set()
    for command, args, stdin in (param.values for param in LINES):
        _, out, err = fast(command, args, stdin)
        for line in out.splitlines() + err.splitlines():
            if line.startswith("{"):
                result = json.loads(line)
                if not result["ok"]:
                    codes.add(result["error"]["code"])
            elif line.startswith("error ["):
                codes.add(line[len("error ["):line.index("]")])
    assert codes == set(ERROR_CODES)


def test_the_card_file_is_read_the_same_way(tmp_path):
    card = tmp_path / "our.card"
    card.write_text(CARD, encoding="utf-8")
    for args in (["american", WINDS, "--card", str(card)],
                 ["american", WINDS, "--card", str(card), "--json"]):
        code, out, err = fast("score", args)
        assert (code, out, err) == through_django("score", args)
        assert code == 0 and "w1" in out


# Usage errors: the fast path leaves them to Django (reading and writing nothing), which refuses
# them as before.
USAGE_ERRORS = [
    pytest.param("score", ["shanghai"], id="no-hand"),
    pytest.param("score", ["--json", "shanghai"], id="json-with-a-variant-and-no-hand"),
    pytest.param("score", ["shanghai", GOOD, "--json", "x", "y"], id="json-value-and-a-hand"),
    pytest.param("score", ["shanghai", GOOD, "--rule", "minimum"], id="rule-without-a-value"),
    pytest.param("score", ["american", WINDS, "--card", "/nonexistent/our.card"],
                 id="card-not-found"),
    pytest.param("score", ["--bogus"], id="unknown-option"),
    pytest.param("settle", [], id="settle-without-json"),
    pytest.param("settle", ["--json", "x"], id="settle-json-not-dash"),
]
# Django's own options (and abbreviations of them, which Django accepts): Django's path.
DJANGO_OPTIONS = [
    ["--settings", "mahjong_site.settings"], ["--pythonpath", "."], ["--traceback"],
    ["--verbosity", "2"], ["-v", "2"], ["-v2"], ["--no-color"], ["--force-color"],
    ["--skip-checks"], ["--help"], ["-h"], ["--version"], ["--trace"], ["--verb", "2"],
    ["--no-col"], ["--settings=mahjong_site.settings"],
]


def left_to_django(command, args):
    stdin = io.StringIO(json.dumps(request("shanghai", GOOD)))
    out, err = io.StringIO(), io.StringIO()
    code = cli.run_alone(command, list(args), stdin, out, err)
    return code is None and stdin.tell() == 0 and out.getvalue() == err.getvalue() == ""


@pytest.mark.parametrize("command, args", USAGE_ERRORS)
def test_a_usage_error_is_left_to_django_which_refuses_it(command, args):
    assert left_to_django(command, args)
    with pytest.raises(CommandError):
        through_django(command, args)


@pytest.mark.parametrize("options", DJANGO_OPTIONS, ids=" ".join)
@pytest.mark.parametrize("command, args", [
    ("score", ["--jsonl"]), ("score", ["--json", "-"]), ("score", ["shanghai", GOOD]),
    ("settle", ["--json", "-"])], ids=["jsonl", "json", "short", "settle"])
def test_django_options_and_help_are_left_to_django(command, args, options):
    assert left_to_django(command, args + options)


def test_an_abbreviated_option_is_left_to_django_which_reads_it_as_before():
    args = ["shanghai", GOOD, "--self", "--json"]
    assert left_to_django("score", args)
    code, out, _ = through_django("score", args)
    assert code == 0 and json.loads(out)["context"]["self_drawn"] is True


# Real processes -------------------------------------------------------------------------------

def manage(*args, stdin=""):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, stdin", [
    (["score", "--jsonl"], "\n".join(SCORE_BODIES) + "\n{oops\n\n"),
    (["score", "shanghai", GOOD, "--self-drawn"], ""),
    (["score", "nope", "11m"], ""),
    (["settle", "--json", "-"], json.dumps(DEAL)),
], ids=["jsonl", "short", "short-error", "settle"])
def test_a_real_process_gives_what_django_gives(args, stdin):
    fast_run = manage(*args, stdin=stdin)
    django_run = manage(*args, "--no-color", stdin=stdin)  # an option of Django's: its path
    assert (fast_run.returncode, fast_run.stdout, fast_run.stderr) == (
        django_run.returncode, django_run.stdout, django_run.stderr)


def test_score_help_is_still_djangos_full_help():
    run = manage("score", "--help")
    assert run.returncode == 0, run.stderr
    assert cli.SCORE_HELP in run.stdout
    assert "--self-drawn" in run.stdout and "--settings" in run.stdout


def test_a_usage_error_in_a_real_process_is_djangos_as_before():
    missing = manage("score", "shanghai")
    assert missing.returncode == 1
    assert missing.stderr.startswith('CommandError: Give VARIANT and "HAND"')
    unknown = manage("score", "--bogus")
    assert unknown.returncode == 2
    assert "--settings SETTINGS" in unknown.stderr and "unrecognized arguments: --bogus" in (
        unknown.stderr)


@pytest.mark.parametrize("args, stdin", [
    (["score", "--jsonl"], SCORE_BODIES[0] + "\n"),
    (["score", "--json", "-"], SCORE_BODIES[0]),
    (["score", "shanghai", GOOD, "--seat-wind", "E"], ""),
    (["settle", "--json", "-"], json.dumps(DEAL)),
], ids=["jsonl", "json", "short", "settle"])
def test_the_fast_path_imports_no_django(args, stdin):
    # -X importtime lists on stderr every module the process imports.
    run = subprocess.run([sys.executable, "-X", "importtime", "manage.py", *args], cwd=ROOT,
                         input=stdin, capture_output=True, text=True, timeout=120)
    imported = [line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines()
                if line.startswith("import time:")]
    assert "scoring.cli" in imported
    assert [name for name in imported if name == "django" or name.startswith("django.")] == []
    assert run.returncode == 0
    assert run.stdout
