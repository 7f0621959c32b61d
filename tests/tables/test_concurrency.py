"""Two phones adding hands to one table at the same moment, against PostgreSQL: every hand is
kept, the numbers run 1..n without gaps, the totals are right. (SQLite serialises whole-database
writes, so the race this guards against needs a server: skipped without DATABASE_URL=postgres.)"""

import os
import threading

import pytest
from django.db import connection

from scoring.tables import game
from scoring.tables.models import Table

pytestmark = [
    pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith(("postgres", "pgsql")),
                       reason="needs DATABASE_URL pointing at PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]

ANN, BOB, CY, DI = range(4)
EACH = 12


def test_two_writers_keep_every_hand_numbered_without_gaps():
    table = Table.objects.create(variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    start = threading.Barrier(2)
    errors = []

    def writer(winner, discarder, fans):
        try:
            start.wait()
            for _ in range(EACH):
                Table.objects.get(pk=table.pk).add_hand(lambda pos: game.quick_entry(
                    "shanghai", {}, pos, game.WinEntry(winner=winner, discarder=discarder,
                                                       self_drawn=discarder is None, total=fans)))
        except Exception as error:  # reported below, in the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(BOB, ANN, 10)),   # Ann pays Bob 10
               threading.Thread(target=writer, args=(DI, None, 5))]     # self-drawn: 3 pay 5
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    numbers = list(table.hands.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, 2 * EACH + 1))
    # 12 x (Ann -10, Bob +10) and 12 x (Ann, Bob, Cy -5 each; Di +15):
    # Ann -120 - 60 = -180; Bob 120 - 60 = 60; Cy -60; Di 180.
    assert [int(x) for x in table.totals()] == [-180, 60, -60, 180]
    assert Table.objects.get(pk=table.pk).version == 1 + 2 * EACH
