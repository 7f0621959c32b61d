"""`python manage.py settle --json -`: settle a whole deal (contract §5), as a Django command.

The behaviour lives in scoring.cli (Django-free), which manage.py also runs directly.
"""

from scoring import cli
from scoring.management.door import DoorCommand


class Command(DoorCommand):
    door = "settle"
    help = cli.SETTLE_HELP
