"""The command-line doors of contract §4 and §5, without Django.

    score --json -                  one request on stdin, one result line on stdout
    score --jsonl                   one request per line on stdin, one result per line
    score VARIANT "HAND" [flags]    the short form, printing a readable breakdown
    score american "HAND" --card FILE   the short form with the table's card from a file
    settle --json -                 one deal request on stdin, one ledger result line on stdout
    analyse --json -                one 13-tile request on stdin, its waits (§6) on stdout
    analyse --jsonl                 one 13-tile request per stdin line, one answer per line

Exit code 0 when the result is ok, 2 when it is an error (`--jsonl` exits 0: each
line carries its own result).

These doors need no database, template or setting, so `manage.py` runs them from here before
Django is imported. The management commands `score`, `settle` and `analyse` wrap the same
functions, so
`call_command` and Django's own options (--help, --settings, ...) behave exactly the same.
"""

import json
import os
import select
import stat

from scoring import engine
from scoring.breakdown import format_breakdown, format_error
from scoring.doors import (
    MAX_REQUEST_SIZE,
    bad_request,
    bounded_lines,
    dumps,
    run_json,
    run_stream,
    too_large,
)
from scoring.engine.context import (
    CONTEXT_FIELDS,
    COUNT,
    FLAG,
    SEAT,
    SEATS,
    SUIT,
    TILES,
    WIND,
    YES_NO,
)
from scoring.engine.messages import LOCALE_DIR, gettext_noop, translator

SCORE_HELP = "Score one Mahjong hand (short form), or requests in the contract's JSON shape."
SETTLE_HELP = "Settle a whole deal given as events, in the contract's JSON shape (--json -)."
ANALYSE_HELP = ("What wins a 13-tile hand, and for how much: its waits, each scored self-drawn "
                "and on a discard, or how far it is from ready (--json - or --jsonl).")

# The context's options, made from the engine's table of fields, by the kind of each: the
# switches first, then --dealer/--no-dealer, the options that take a text, the numbers and the
# seats, as --help has always listed them.
OPTION_ORDER = {FLAG: 0, YES_NO: 1, WIND: 2, SEAT: 2, SUIT: 2, TILES: 2, COUNT: 3, SEATS: 4}
CONTEXT_OPTIONS = sorted(CONTEXT_FIELDS, key=lambda spec: OPTION_ORDER[spec.kind])


class UsageError(Exception):
    """A command line that cannot be run as written (the management commands raise it as
    Django's CommandError)."""


# --lang: the languages of the catalogs under locale/, as the command line names them, and as
# the engine's messages name them (the key of a pattern's name in that language).
LANGUAGES = {"en": ("", ""), "fr": ("fr", "fr"), "zh_hans": ("zh_Hans", "zh_hans"),
             "zh_hant": ("zh_Hant", "zh_hant")}


def add_lang_argument(parser):
    parser.add_argument(
        "--lang", default="en", metavar="LANG",
        help="the language of what is written for people: en (default), fr, zh_Hans, zh_Hant; "
             "JSON keeps its English message and adds it in LANG as 'localized'",
    )


def catalog(lang):
    """(translate, language) for --lang: the catalog's gettext, read without Django, and the
    engine's name of the language; English is the templates as they are."""
    key = (lang or "en").lower().replace("-", "_")
    if key not in LANGUAGES:
        raise UsageError(f"--lang {lang!r}: use one of en, fr, zh_Hans, zh_Hant.")
    folder, language = LANGUAGES[key]
    if not folder:
        return None, ""
    path = os.path.join(LOCALE_DIR, folder, "LC_MESSAGES", "django.mo")
    if not os.path.isfile(path):
        raise UsageError(f"--lang {lang}: no compiled catalog at {path}.")
    return translator(language), language


def localized(result, lang):
    """A JSON result with, for --lang other than English, its words also in that language: the
    error's `localized` beside its English `message`, each ledger line's `localized` beside its
    `what` (fields the contract's readers ignore)."""
    translate, language = catalog(lang)
    if translate is None:
        return result
    from scoring.engine.messages import render

    if not result.get("ok") and isinstance(result.get("error"), dict):
        error = result["error"]
        error["localized"] = render(error.get("message", ""), translate, language)
    for entry in result.get("ledger") or []:
        if "what" in entry:
            entry["localized"] = render(entry["what"], translate, language)
    return result


def add_score_arguments(parser):
    parser.add_argument("variant", nargs="?", help="shanghai, hongkong, sichuan, american")
    parser.add_argument("hand", nargs="?", help='the hand, e.g. "234m567p22s[EEE][789p]+2s"')
    parser.add_argument(
        "--json",
        nargs="?",
        const="",
        default=None,
        metavar="-",
        help="'--json -' reads one JSON request on stdin; with VARIANT HAND, print JSON",
    )
    parser.add_argument(
        "--jsonl", action="store_true", help="one JSON request per stdin line, one result each"
    )
    from argparse import BooleanOptionalAction  # imported by the parser given

    how = {FLAG: {"action": "store_true"}, YES_NO: {"action": BooleanOptionalAction},
           COUNT: {"type": int}}
    for spec in CONTEXT_OPTIONS:
        parser.add_argument(spec.cli_option, dest=spec.name, default=None, help=spec.cli,
                            **how.get(spec.kind, {}))
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule; VALUE is read as JSON when it can be (5, true), else as text",
    )
    parser.add_argument(
        "--card", metavar="FILE", default=None,
        help="American: the table's card, read from FILE (the same as --rule card=<its text>)",
    )
    add_lang_argument(parser)


def add_settle_arguments(parser):
    parser.add_argument(
        "--json", metavar="-", required=True, help="'-': read one deal request on stdin"
    )
    add_lang_argument(parser)


def add_analyse_arguments(parser):
    parser.add_argument(
        "--json", metavar="-", default=None, help="'-': read one JSON request on stdin"
    )
    parser.add_argument(
        "--jsonl", action="store_true", help="one JSON request per stdin line, one answer each"
    )
    add_lang_argument(parser)


def run_analyse(options, stdin, stdout, stderr):
    """Run `analyse --json -` or `analyse --jsonl`; the exit code (0 ok, 2 an error result;
    --jsonl 0, each line carrying its own answer)."""
    lang = options.get("lang") or "en"
    catalog(lang)  # an unknown language is a usage error before anything is read
    if options["jsonl"]:
        score_lines(stdin, stdout, engine.analyse, lang)
        return 0
    if options["json"] != "-":
        raise UsageError("Use --json - (one request on standard input) or --jsonl.")
    result = localized(run_stream(stdin, engine.analyse, MAX_REQUEST_SIZE), lang)
    stdout.write(dumps(result) + "\n")
    return exit_code(result)


def run_score(options, stdin, stdout, stderr):
    """Run `score` with parsed `options`; the exit code (0 ok, 2 an error result).
    Raises UsageError, before reading anything, for a command line it cannot run."""
    lang = options.get("lang") or "en"
    translate, language = catalog(lang)
    if options["jsonl"]:
        score_lines(stdin, stdout, None, lang)
        return 0
    json_option = options["json"]
    if json_option == "-":
        result = localized(run_stream(stdin, engine.score, MAX_REQUEST_SIZE), lang)
        stdout.write(dumps(result) + "\n")
        return exit_code(result)
    if json_option and options["hand"] is None:
        # `score --json VARIANT HAND`: argparse took VARIANT as --json's value.
        options = {**options, "variant": json_option, "hand": options["variant"]}
    elif json_option:
        raise UsageError("--json takes '-' (read the request on standard input) or nothing.")
    result = engine.score(short_form_request(options))
    if json_option is not None:
        stdout.write(dumps(localized(result, lang)) + "\n")
    elif result.get("ok"):
        stdout.write(format_breakdown(result, translate, language) + "\n")
    else:
        stderr.write(format_error(result, translate, language) + "\n")
    return exit_code(result)


def run_settle(options, stdin, stdout, stderr):
    """Run `settle --json -`; the exit code (0 ok, 2 an error result)."""
    lang = options.get("lang") or "en"
    catalog(lang)
    if options["json"] != "-":
        raise UsageError("Use --json - and give the deal request on standard input.")
    result = localized(run_stream(stdin, engine.settle, MAX_REQUEST_SIZE), lang)
    stdout.write(dumps(result) + "\n")
    return exit_code(result)


COMMANDS = {
    "score": (add_score_arguments, run_score),
    "settle": (add_settle_arguments, run_settle),
    "analyse": (add_analyse_arguments, run_analyse),
}


def refusing_parser():
    """A parser that raises UsageError instead of printing usage and exiting. It never prints
    help either, so its formatter gets a fixed width: argparse would otherwise import shutil
    (and bz2, lzma) to measure the terminal."""
    import argparse  # here, not at the top: `score --jsonl` never needs it (see run_alone)

    class RefusingParser(argparse.ArgumentParser):
        def error(self, message):
            raise UsageError(message)

    return RefusingParser(
        add_help=False,
        allow_abbrev=False,
        formatter_class=lambda prog: argparse.HelpFormatter(prog, width=80),
    )


def run_alone(command, args, stdin, stdout, stderr):
    """Run `score`, `settle` or `analyse` with the arguments after the command's name, without
    Django:
    the exit code, or None (having read and written nothing) when the line is not one this
    door runs alone: --help, Django's own options (--settings, --verbosity, ...; abbreviations
    too), or a usage error, all of which the management command answers in Django's words."""
    if command == "score" and args == ["--jsonl"]:
        # The batch door's usual line, run without a parser (argparse, with gettext and locale,
        # is a large part of the start that every hand of the batch shares).
        return run_score({"jsonl": True}, stdin, stdout, stderr)
    add_arguments, run = COMMANDS[command]
    parser = refusing_parser()
    add_arguments(parser)
    try:
        options = vars(parser.parse_args(args))
        return run(options, stdin, stdout, stderr)
    except UsageError:
        return None


# Results wait in memory at most this many characters before they are written.
PENDING_LIMIT = 64 * 1024


def score_lines(stdin, stdout, run=None, lang="en"):
    """One result line per input line, in order (each request through `run`, by default
    engine.score); a bad line gets its error result, and so
    does a line longer than the API's body limit (read on, never held whole).

    Results are written, and flushed, whenever no more input is waiting (so a program that
    sends one line and waits gets its answer at once) and at least every PENDING_LIMIT
    characters; a batch read from a file is written in a few large pieces, not line by line."""
    score = run or engine.score
    pending, size = [], 0
    never_waits = reading_never_waits(stdin)  # then asking before each line is only a cost
    for line in bounded_lines(stdin, MAX_REQUEST_SIZE):
        if line is None:
            result = dumps(localized(too_large(MAX_REQUEST_SIZE, unit="characters"), lang))
        elif line.strip():
            result = dumps(localized(run_json(line, score), lang))
        else:
            result = dumps(localized(bad_request(gettext_noop(
                "The line is empty; expected one JSON request.")), lang))
        pending.append(result + "\n")
        size += len(result) + 1
        if size >= PENDING_LIMIT or not (never_waits or input_waiting(stdin)):
            stdout.write("".join(pending))
            stdout.flush()
            pending, size = [], 0
    if pending:
        stdout.write("".join(pending))
        stdout.flush()


def reading_never_waits(stream) -> bool:
    """Whether reading on from `stream` can never wait for a writer: a regular file, or a stream
    with no file descriptor (in memory)."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is an OSError
        return True


def input_waiting(stream) -> bool:
    """Whether reading on from `stream` (a pipe, a terminal) would not wait: data is there."""
    return bool(select.select([stream.fileno()], [], [], 0)[0])


def short_form_request(options):
    if not options["variant"] or options["hand"] is None:
        raise UsageError(
            'Give VARIANT and "HAND" (e.g. score shanghai "234m567p22s[EEE][789p]+2s"), '
            "or --json - / --jsonl to read JSON requests on standard input."
        )
    context = {}
    for spec in CONTEXT_OPTIONS:
        value = options[spec.name]
        if value is not None:  # seats are written "ESW" or "E, S"
            context[spec.name] = ([seat for seat in value if seat not in ", "]
                                  if spec.kind is SEATS else value)
    rules = dict(parse_rule(text) for text in options["rule"])
    if options["card"] is not None:
        rules["card"] = read_card(options["card"])
    return {
        "variant": options["variant"],
        "hand": options["hand"],
        "context": context,
        "rules": rules,
    }


def exit_code(result):
    return 0 if result.get("ok") else 2


def read_card(path):
    """The text of a card file; a file that cannot be read is a plain error, not a traceback."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise UsageError(f"--card {path}: cannot read the card file ({reason}).") from None


def parse_rule(text):
    """`name=value` with the value read as JSON when it can be, else kept as text."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise UsageError(f"--rule {text!r}: write it as NAME=VALUE, e.g. --rule minimum=3.")
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested too deeply to read: its text
        value = raw
    return name.strip(), value
