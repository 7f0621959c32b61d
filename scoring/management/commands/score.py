"""`python manage.py score`: the command-line door of contract §4.

    score --json -                  one request on stdin, one result line on stdout
    score --jsonl                   one request per line on stdin, one result per line
    score VARIANT "HAND" [flags]    the short form, printing a readable breakdown
    score american "HAND" --card FILE   the short form with the table's card from a file

Exit code 0 when the result is ok, 2 when it is an error (`--jsonl` exits 0: each
line carries its own result).
"""

import argparse
import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring import engine
from scoring.breakdown import format_breakdown, format_error
from scoring.doors import bad_request, bounded_lines, dumps, run_json, run_stream, too_large

# (option, context key, help) for the flags that are true when given.
CONTEXT_FLAGS = [
    ("--self-drawn", "self_drawn", "won on a self-drawn tile"),
    ("--last-tile", "last_tile", "won on (or with the discard of) the last tile of the wall"),
    ("--kong-replacement", "kong_replacement", "won on a kong replacement tile"),
    ("--double-kong-replacement", "double_kong_replacement", "kong on kong replacement"),
    ("--after-kong-discard", "after_kong_discard", "won on a discard made right after a kong"),
    ("--robbing-kong", "robbing_kong", "won on a tile added to make a kong"),
    ("--heavenly", "heavenly", "dealer won on the initial deal"),
    ("--earthly", "earthly", "won on the dealer's first discard"),
    ("--ready-announced", "ready_announced", "ready hand announced"),
    ("--winning-tile-last", "winning_tile_last", "the winning tile was the last one left"),
    ("--joker-exchange", "joker_exchange", "American: won by exchanging for an exposed joker"),
]
# (option, context key, help) for the options that take a value.
CONTEXT_VALUES = [
    ("--seat-wind", "seat_wind", "the winner's seat wind: E, S, W or N"),
    ("--round-wind", "round_wind", "the round wind: E, S, W or N"),
    ("--discarder", "discarder", "the seat whose discard was won"),
    ("--void-suit", "void_suit", "Sichuan's declared void suit: m, p or s"),
]


class Command(BaseCommand):
    help = "Score one Mahjong hand (short form), or requests in the contract's JSON shape."
    stealth_options = ("stdin",)
    requires_system_checks = []  # a door, not a deployment step: start fast

    def add_arguments(self, parser):
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
        for option, key, text in CONTEXT_FLAGS:
            parser.add_argument(option, dest=key, action="store_true", default=None, help=text)
        parser.add_argument(
            "--dealer", action=argparse.BooleanOptionalAction, default=None, help="winner dealt"
        )
        for option, key, text in CONTEXT_VALUES:
            parser.add_argument(option, dest=key, default=None, help=text)
        parser.add_argument(
            "--opponents", default=None, help="Sichuan: the seats still in the hand, e.g. ESW"
        )
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

    def handle(self, *args, **options):
        stdin = options.get("stdin") or sys.stdin
        if options["jsonl"]:
            self.score_lines(stdin)
            return
        json_option = options["json"]
        if json_option == "-":
            result = run_stream(stdin, engine.score, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
            self.stdout.write(dumps(result))
            self.exit_for(result)
            return
        if json_option and options["hand"] is None:
            # `score --json VARIANT HAND`: argparse took VARIANT as --json's value.
            options["variant"], options["hand"] = json_option, options["variant"]
        elif json_option:
            raise CommandError("--json takes '-' (read the request on standard input) or nothing.")
        result = engine.score(self.short_form_request(options))
        if json_option is not None:
            self.stdout.write(dumps(result))
        elif result.get("ok"):
            self.stdout.write(format_breakdown(result))
        else:
            self.stderr.write(format_error(result))
        self.exit_for(result)

    def score_lines(self, stdin):
        """One result line per input line, in order; a bad line gets its error result, and so
        does a line longer than the API's body limit (read on, never held whole)."""
        write = self.stdout.write
        flush = self.stdout.flush
        score = engine.score
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        for line in bounded_lines(stdin, limit):
            if line is None:
                write(dumps(too_large(limit, unit="characters")))
            elif line.strip():
                write(dumps(run_json(line, score)))
            else:
                write(dumps(bad_request("The line is empty; expected one JSON request.")))
            flush()

    def short_form_request(self, options):
        if not options["variant"] or options["hand"] is None:
            raise CommandError(
                'Give VARIANT and "HAND" (e.g. score shanghai "234m567p22s[EEE][789p]+2s"), '
                "or --json - / --jsonl to read JSON requests on standard input."
            )
        context = {}
        for _, key, _ in CONTEXT_FLAGS + CONTEXT_VALUES:
            if options[key] is not None:
                context[key] = options[key]
        if options["dealer"] is not None:
            context["dealer"] = options["dealer"]
        if options["opponents"] is not None:
            context["opponents"] = [seat for seat in options["opponents"] if seat not in ", "]
        rules = dict(parse_rule(text) for text in options["rule"])
        if options["card"] is not None:
            rules["card"] = read_card(options["card"])
        return {
            "variant": options["variant"],
            "hand": options["hand"],
            "context": context,
            "rules": rules,
        }

    def exit_for(self, result):
        if not result.get("ok"):
            sys.exit(2)


def read_card(path):
    """The text of a card file; a file that cannot be read is a plain error, not a traceback."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or error
        raise CommandError(f"--card {path}: cannot read the card file ({reason}).") from None


def parse_rule(text):
    """`name=value` with the value read as JSON when it can be, else kept as text."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise CommandError(f"--rule {text!r}: write it as NAME=VALUE, e.g. --rule minimum=3.")
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return name.strip(), value
