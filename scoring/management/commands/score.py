"""`python manage.py score`: the command-line door of contract §4, as a Django command.

The behaviour lives in scoring.cli (Django-free), which manage.py also runs directly; this
wrapper gives it Django's options, --help and `call_command`.
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring import cli


class Command(BaseCommand):
    help = cli.SCORE_HELP
    stealth_options = ("stdin",)
    requires_system_checks = []  # a door, not a deployment step: start fast

    def add_arguments(self, parser):
        cli.add_score_arguments(parser)

    def handle(self, *args, **options):
        stdin = options.get("stdin") or sys.stdin
        try:
            code = cli.run_score(options, stdin, self.stdout, self.stderr)
        except cli.UsageError as error:
            raise CommandError(error) from None
        if code:
            sys.exit(code)
