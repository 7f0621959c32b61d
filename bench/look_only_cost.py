"""The look-only board and the CSV at 20 and at 2,000 hands (issue 31 item 2, issue 30 item 3),
and an MCR table's CSV (which closes with each 16-hand game's table points): the server-side
time of a whole answer (200: asked again with nothing changed, which the CSV answers from the
cache; and after a write, a new version) and of a conditional one (If-None-Match with the ETag
the last answer gave: 304), in process through Django's test client (middleware, view,
database; SQLite in a temporary file, the development settings). Runs at 20 and 2,000 hands
alternate, so the machine's swings fall on both; the figures are medians. The goal: each at
2,000 hands within 3x its cost at 20.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "mahjong_site.settings"
os.environ["DJANGO_DEBUG"] = "1"
DATABASE = Path(tempfile.mkdtemp(prefix="look-only-")) / "bench.sqlite3"
os.environ.setdefault("DATABASE_URL", f"sqlite:///{DATABASE}")

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

# Started as the server starts (mahjong_site/wsgi.py: the views loaded, then what start-up made
# frozen out of the collector's sight), so that the figures are the served ones.
import mahjong_site.wsgi  # noqa: E402, F401
from bench.table_saves import table_at  # noqa: E402
from scoring.tables.models import Table  # noqa: E402

RUNS, WARMUP, SHORT, LONG = int(os.environ.get("RUNS", 21)), 3, 20, 2000
HTMX = {"HTTP_HX_REQUEST": "true"}
# (what is timed, a conditional request, a write before each request)
MODES = [("200, asked again", False, False), ("200, after a write", False, True),
         ("304, nothing changed", True, False)]


def timed(client, url, headers, status) -> tuple[float, str]:
    start = time.perf_counter()
    response = client.get(url, **headers)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == status, (url, response.status_code)
    return elapsed, response.get("ETag", "")


def pages(table, mcr) -> dict:
    """What is timed: (the table it reads, its link, the headers sent)."""
    return {"board (htmx poll)": (table, reverse("table-view", args=[table.view_token]), HTMX),
            "board (whole page)": (table, reverse("table-view", args=[table.view_token]), {}),
            "CSV": (table, reverse("table-csv", args=[table.view_token]), {}),
            "CSV (MCR, games)": (mcr, reverse("table-csv", args=[mcr.view_token]), {})}


def main():
    settings.RATELIMIT_ENABLE = False
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    at = {SHORT: pages(table_at(SHORT + 1), table_at(SHORT + 1, "mcr")),
          LONG: pages(table_at(LONG + 1), table_at(LONG + 1, "mcr"))}
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(f"Look-only board and CSV at {SHORT} and {LONG} hands: server-side time, median of "
          f"{RUNS} runs alternating (Django test client, {engine}; tables made in "
          f"{time.perf_counter() - started:.0f} s)")
    client = Client()
    for what in at[SHORT]:
        tables = {count: at[count][what][0] for count in at}
        urls = {count: at[count][what][1] for count in at}
        headers = at[SHORT][what][2]
        for kind, conditional, written in MODES:
            times = {SHORT: [], LONG: []}
            etags = {count: timed(client, url, headers, 200)[1] for count, url in urls.items()}
            for run in range(WARMUP + RUNS):
                for count, url in urls.items():
                    if written:  # a write since: a new version, nothing of it kept
                        Table.objects.filter(pk=tables[count].pk).update(version=F("version") + 1)
                    sent = {**headers, "HTTP_IF_NONE_MATCH": etags[count]} if conditional \
                        else headers
                    elapsed, _etag = timed(client, url, sent, 304 if conditional else 200)
                    if run >= WARMUP:
                        times[count].append(elapsed)
            at_short, at_long = statistics.median(times[SHORT]), statistics.median(times[LONG])
            print(f"  {what:19} {kind:26} {SHORT} hands {at_short:7.2f} ms, {LONG} hands "
                  f"{at_long:7.2f} ms, ratio {at_long / at_short:5.2f}x "
                  f"(goal <= 3x{'' if at_long <= 3 * at_short else ': OVER'})")

if __name__ == "__main__":
    main()
