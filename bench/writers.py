"""Phones saving hands at once (not part of `make bench`: it runs a server for a while).

    .venv/bin/python bench/writers.py [--writers 8] [--each 25] [--kill]

gunicorn (4 workers, as `make prod` runs it) on loopback, on SQLite in a file or on the database
DATABASE_URL names; WRITERS phones each save EACH hands to one table as fast as the server
answers, each save a form with its own one-time key (as the page sends it). With --kill, one
worker is killed (SIGKILL) in the middle of the burst: a phone whose answer was lost sends the
same form again, as a phone's retry does. Printed: saves acknowledged, answers that were errors,
retries, hands stored, and whether the numbers run without gaps and the stored hands are exactly
the acknowledged ones.
"""

import argparse
import http.cookiejar
import os
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import gunicorn, server_env  # noqa: E402


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def phone():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def form_of(opener, url):
    """The CSRF token and a fresh one-time key, as the page renders them."""
    page = opener.open(url, timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    once = re.search(r'name="once" value="([^"]+)"', page).group(1)
    return token, once


def post(opener, url, fields, referer):
    body = urllib.parse.urlencode(fields).encode()
    request = urllib.request.Request(url, data=body, headers={"Referer": referer})
    try:
        return opener.open(request, timeout=30).status
    except urllib.error.HTTPError as answer:
        return answer.code


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--each", type=int, default=25)
    parser.add_argument("--kill", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        env = server_env(workdir, WEB_CONCURRENCY="4", DJANGO_TABLES_WRITE_RATE="100000/m")
        log = Path(workdir) / "server.log"
        with log.open("w") as errors, gunicorn(env, stderr=errors) as (base, server):
            run(base, server, args, env["DATABASE_URL"])
        text = log.read_text()
        print(f"server log: {text.count('Traceback')} tracebacks, "
              f"{text.count('database is locked')} 'database is locked'")


def run(base, server, args, database):
    opener = phone()
    token, once = form_of(opener, base + "/tables/new")
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "once": once,
                                   "variant": "shanghai", "player0": "Ann", "player1": "Bob",
                                   "player2": "Cy", "player3": "Di"}).encode()
    try:
        opener.open(urllib.request.Request(base + "/tables/new", data=body,
                                           headers={"Referer": base + "/tables/new"}))
    except urllib.error.HTTPError as answer:
        edit = urllib.parse.urlsplit(answer.headers["Location"]).path
    counts = {"acknowledged": 0, "errors": 0, "retries": 0}
    lock = threading.Lock()
    start = threading.Barrier(args.writers + 1)

    def writer(winner):
        me = phone()
        start.wait()
        for _ in range(args.each):
            for attempt in range(5):  # the page itself may be lost with a killed worker
                try:
                    token, once = form_of(me, base + edit)
                    break
                except OSError:
                    time.sleep(0.05 * (attempt + 1))
            fields = {"csrfmiddlewaretoken": token, "once": once, "winner": str(winner),
                      "source": "self", "total": "10"}
            for attempt in range(5):  # a lost answer: the phone sends the same form again
                try:
                    status = post(me, base + edit + "win", fields, base + edit)
                except OSError:
                    status = None
                if status == 302:
                    break
                with lock:
                    counts["retries" if status is None else "errors"] += 1
                time.sleep(0.05 * (attempt + 1))
            with lock:
                counts["acknowledged"] += status == 302

    threads = [threading.Thread(target=writer, args=(i % 4,)) for i in range(args.writers)]
    for thread in threads:
        thread.start()
    began = time.monotonic()
    start.wait()
    if args.kill:
        time.sleep(0.5)
        workers = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True,
                                 text=True).stdout.split()
        os.kill(int(workers[0]), signal.SIGKILL)
        print(f"killed worker {workers[0]} after 0.5 s")
    for thread in threads:
        thread.join()
    took = time.monotonic() - began
    numbers = stored_numbers(database, edit.strip("/").split("/")[-1])
    no_gaps = numbers == list(range(1, len(numbers) + 1))
    print(f"{args.writers} writers x {args.each} saves in {took:.1f} s on "
          f"{database.split(':')[0]}: acknowledged {counts['acknowledged']}, error answers "
          f"{counts['errors']}, retried after a lost answer {counts['retries']}, stored "
          f"{len(numbers)}, numbers 1..n without gaps: {no_gaps}"
          f", stored == acknowledged: {len(numbers) == counts['acknowledged']}")


# The numbers of the hands stored at the table of this run (a database may hold earlier runs').
NUMBERS = ("SELECT h.number FROM scoring_tablehand h JOIN scoring_table t ON h.table_id = t.id "
           "WHERE t.edit_token = {} ORDER BY h.number")


def stored_numbers(database, edit_token):
    if database.startswith("sqlite"):
        with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
            return [n for (n,) in db.execute(NUMBERS.format("?"), (edit_token,))]
    import psycopg
    with psycopg.connect(database.replace("postgres://", "postgresql://", 1)) as db:
        return [n for (n,) in db.execute(NUMBERS.format("%s"), (edit_token,))]


if __name__ == "__main__":
    main()
