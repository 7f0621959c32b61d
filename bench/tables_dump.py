"""A dump of 12 tables played with random adds, edits and deletes (some made while later hands
were still out of date), to prove that a change to how hands are kept or placed alters nothing a
reader sees: every row (number, round, dealer, winner, change, totals), the position, the
settle-up, and the CSV in English and in French. Not part of `make bench`.

    .venv/bin/python bench/tables_dump.py > after.txt   # then the same at the commit before
    diff before.txt after.txt                            # nothing

SQLite in a temporary file, or the database DATABASE_URL names (its tables are left there).
"""

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "mahjong_site.settings"
os.environ["DJANGO_DEBUG"] = "1"
os.environ.setdefault("DATABASE_URL",
                      f"sqlite:///{Path(tempfile.mkdtemp(prefix='dump-')) / 'db.sqlite3'}")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.utils import translation  # noqa: E402

from scoring.engine.errors import HandError  # noqa: E402
from scoring.tables import services  # noqa: E402
from scoring.tables.models import Table  # noqa: E402
from tests.tables.test_early_edit import entry_of  # noqa: E402 (the same random hands)

PLAYERS = ["Ann", "Bob, \"B\"", "=Cy", "Di"]
TABLES = [("shanghai", False), ("hongkong", True), ("riichi", False), ("mcr", False)] * 3


def play(k, variant, keeps):
    rng = random.Random(k)
    table = Table.objects.create(name=f"t{k}", variant=variant, players=PLAYERS,
                                 dealer_keeps_deal_on_win=keeps)
    for _ in range(rng.randint(20, 40)):
        try:
            move = rng.random()
            hands = list(table.hands.order_by("number"))
            if move < 0.2 and hands:
                hand = rng.choice(hands)
                table.replace_hand(hand.pk, hand.version, entry_of(variant, rng))
            elif move < 0.3 and hands:
                hand = rng.choice(hands)
                table.delete_hand(hand.pk, hand.version)
            else:
                table.add_hand(entry_of(variant, rng))
        except HandError:
            pass
    return Table.objects.get(pk=table.pk)


def dump(table):
    print(f"== table {table.name} {table.variant}")
    for row in table.rows():
        print(row["number"], row["position"], row["dealer"], row["kind"], row["winner"],
              row["discarder"], row["total"], row["net"], row["totals"], row["pot_taken"],
              row["pot_left"])
    print("position", table.position())
    settled = services.settlement(table)
    print("settle", {k: v for k, v in settled.items() if k != "table"})
    for language in ("en", "fr"):
        with translation.override(language):
            print(services.csv_export(table))


def main():
    call_command("migrate", verbosity=0)
    for k, (variant, keeps) in enumerate(TABLES):
        dump(play(k, variant, keeps))


if __name__ == "__main__":
    main()
