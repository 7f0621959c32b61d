"""`python manage.py analyse --json -` (or `--jsonl`): what wins a 13-tile hand (contract §6), as
a Django command.

The behaviour lives in scoring.cli (Django-free), which manage.py also runs directly.
"""

from scoring import cli
from scoring.management.door import DoorCommand


class Command(DoorCommand):
    door = "analyse"
    help = cli.ANALYSE_HELP
