"""`python manage.py score`: the command-line door of contract §4, as a Django command.

The behaviour lives in scoring.cli (Django-free), which manage.py also runs directly.
"""

from scoring import cli
from scoring.management.door import DoorCommand


class Command(DoorCommand):
    door = "score"
    help = cli.SCORE_HELP
