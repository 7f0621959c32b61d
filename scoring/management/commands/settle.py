"""`python manage.py settle --json -`: settle a whole deal (contract §5).

One deal request on stdin, one ledger result line on stdout; exit 0 when ok, 2 when not.
"""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring import engine
from scoring.doors import dumps, run_stream


class Command(BaseCommand):
    help = "Settle a whole deal given as events, in the contract's JSON shape (--json -)."
    stealth_options = ("stdin",)
    requires_system_checks = []  # a door, not a deployment step: start fast

    def add_arguments(self, parser):
        parser.add_argument(
            "--json", metavar="-", required=True, help="'-': read one deal request on stdin"
        )

    def handle(self, *args, **options):
        if options["json"] != "-":
            raise CommandError("Use --json - and give the deal request on standard input.")
        result = run_stream(options.get("stdin") or sys.stdin, engine.settle,
                            settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        self.stdout.write(dumps(result))
        if not result.get("ok"):
            sys.exit(2)
