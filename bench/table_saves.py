"""`make bench`: the server-side time of one save at a table, at hand 1 and at hand 500.

In process, through Django's test client (the whole request: middleware, view, database, the
answer's template) on SQLite in a temporary file, with the development settings and no rate limit.
Each run posts a quick-entry win with its one-time key, as the board's form does, timed from the
request to the answer, then takes the hand back out (not timed), so every run saves the same hand
number. Runs at hand 1 and hand 500 alternate, so the machine's swings fall on both; the figures
are medians. The goal: a save at hand 500 within 1.5x of one at hand 1.
"""

import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "mahjong_site.settings"
os.environ["DJANGO_DEBUG"] = "1"
DATABASE = Path(tempfile.mkdtemp(prefix="table-saves-")) / "bench.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DATABASE}"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from scoring.tables import game  # noqa: E402
from scoring.tables.models import Table  # noqa: E402

RUNS, WARMUP, LONG = 41, 5, 500
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def table_at(hand: int, variant: str = "shanghai") -> Table:
    """A table (Shanghai, or `variant`) whose next hand is `hand`: wins and drawn hands in turn
    before it; at an MCR table a false win now and then (a hand that goes on, in its game)."""
    table = Table.objects.create(name=f"at {hand}", variant=variant, players=PLAYERS)
    total = {"mcr": 8}.get(variant, 6)
    for n in range(1, hand):
        winner = n % 4
        if n % 3 == 0:
            table.add_hand(game.drawn)
        elif variant == "mcr" and n % 7 == 0:
            table.add_hand(lambda pos, w=winner: game.false_win(
                variant, {}, pos, game.FalseWinEntry(declarer=w, self_drawn=True),
                table.table_options()))
        else:
            table.add_hand(lambda pos, w=winner: game.quick_entry(
                variant, {}, pos, game.WinEntry(winner=w, self_drawn=True, total=total)))
    return table


def timed_save(client: Client, table: Table, htmx: bool) -> float:
    """Milliseconds for one save (then the hand is taken back out, untimed)."""
    data = {"winner": 1, "source": 0, "total": 10, "once": uuid.uuid4().hex}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    start = time.perf_counter()
    response = client.post(reverse("table-win", args=[table.edit_token]), data, **headers)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == (200 if htmx else 302), response.status_code
    table.hands.order_by("-number").first().delete()
    return elapsed


def measure(htmx: bool, short: Table, long: Table) -> tuple[float, float]:
    client = Client()
    for _ in range(WARMUP):
        timed_save(client, short, htmx)
        timed_save(client, long, htmx)
    at_1, at_long = [], []
    for _ in range(RUNS):
        at_1.append(timed_save(client, short, htmx))
        at_long.append(timed_save(client, long, htmx))
    return statistics.median(at_1), statistics.median(at_long)


def main():
    settings.RATELIMIT_ENABLE = False
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)
    short, long = table_at(1), table_at(LONG)
    print(f"Table saves: server-side time of one save, median of {RUNS} runs "
          f"(Django test client, SQLite file)")
    for htmx, what in ((True, "htmx save (rows and totals out of band)"),
                       (False, "save without JavaScript (302 to the board)")):
        at_1, at_long = measure(htmx, short, long)
        print(f"  {what}: hand 1 {at_1:.2f} ms, hand {LONG} {at_long:.2f} ms, "
              f"ratio {at_long / at_1:.2f}x (goal <= 1.5x)")


if __name__ == "__main__":
    main()
