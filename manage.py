#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

# The command-line doors need no database, template or setting: run them straight from
# scoring.cli, without importing and setting up Django. A line they do not run
# alone (--help, Django's own options, a usage error) goes on to Django, which answers it as before.
FAST_COMMANDS = ("score", "settle", "analyse")


def main():
    if len(sys.argv) > 1 and sys.argv[1] in FAST_COMMANDS:
        from scoring.cli import run_alone

        try:
            code = run_alone(sys.argv[1], sys.argv[2:], sys.stdin, sys.stdout, sys.stderr)
            if code is not None:
                sys.stdout.flush()
                sys.stderr.flush()
        except BrokenPipeError:  # the reader stopped reading (`| head`): no one to tell
            code = 1
        if code is not None:
            sys.exit(code)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
