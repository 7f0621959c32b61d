"""A command-line door of scoring.cli as a Django command: the same code manage.py runs directly,
with Django's options, --help and `call_command` around it."""

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring import cli


class DoorCommand(BaseCommand):
    door = ""  # the command's name in cli.COMMANDS
    stealth_options = ("stdin",)
    requires_system_checks = []  # a door, not a deployment step: start fast

    def add_arguments(self, parser):
        add_arguments, _ = cli.COMMANDS[self.door]
        add_arguments(parser)

    def handle(self, *args, **options):
        _, run = cli.COMMANDS[self.door]
        try:
            code = run(options, options.get("stdin") or sys.stdin, self.stdout, self.stderr)
        except cli.UsageError as error:
            raise CommandError(error) from None
        if code:
            sys.exit(code)
