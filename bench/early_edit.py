"""An early edit or delete at a long table, against a new hand (issue 31; not part of `make bench`:
it runs a server and fills a table of 2,000 hands).

    .venv/bin/python bench/early_edit.py [--hands 2000] [--rounds 7]

gunicorn (3 workers) on loopback, on SQLite in a file or on the database DATABASE_URL names. Table
A has HANDS hands (Shanghai: wins and drawn hands in turn, the winner changing, so that an edit of
hand 1 moves the deal of every later hand); table B a few. In alternating rounds, each form sent
as the page sends it without JavaScript (answered 302, not followed) and under htmx (answered with
what changed: the whole board after an edit or a delete before the last hand), the time of: a new
hand at A (taken back out afterwards, untimed), an edit of hand 1 at A (its winner changed, so
every later hand moves), a delete of hand 1 at A (a hand added at the end afterwards, untimed, so
A keeps HANDS hands). Meanwhile one phone saves hands at B, one after another: the longest of its
saves while A's edit or delete ran is how long a save on another table waited behind it. Medians
of the rounds; the goals: an edit or delete of hand 1 at most 3x a new hand, no save at B over
100 ms longer than its median when nothing else runs. Also timed (no goal): under htmx, how long
until the board that the answer asks for shows the later hands placed again (asked again every
500 ms while it says they are being updated, as htmx does).
"""

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import gunicorn, server_env  # noqa: E402
from bench.writers import form_of, phone  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# The form sent without JavaScript (answered 302 to the board), and under htmx (answered with what
# changed: a new hand's rows, the whole board after an edit or a delete before the last hand).
MODES = {"302": {}, "htmx": {"HX-Request": "true"}}


def fill(hands: int):
    """Tables A (`hands` hands) and B (3), made in this process through the models."""
    from scoring.tables import game
    from scoring.tables.models import Table

    def win(winner):
        return lambda pos: game.quick_entry("shanghai", {}, pos, game.WinEntry(
            winner=winner, self_drawn=True, total=6))

    made = []
    for name, count in (("A", hands), ("B", 3)):
        table = Table.objects.create(name=name, variant="shanghai", players=PLAYERS)
        for n in range(1, count + 1):
            table.add_hand(game.drawn if n % 3 == 0 else win(n % 4))
        made.append(table)
    return made


def post(opener, url, fields, referer, token, headers=MODES["htmx"]):
    """(milliseconds, status) of one form sent: under htmx the answer is the page's fragment;
    without (`headers` {}), the 302 to the board (not followed)."""
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "once": uuid.uuid4().hex,
                                   **fields}).encode()
    request = urllib.request.Request(url, data=body, headers={"Referer": referer, **headers})
    start = time.perf_counter()
    try:
        with opener.open(request, timeout=120) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as answer:
        status = answer.code
    return (time.perf_counter() - start) * 1000, status


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        env = server_env(workdir, WEB_CONCURRENCY="3", DJANGO_TABLES_WRITE_RATE="100000/m",
                         DJANGO_TABLES_MAX_HANDS=str(args.hands + 1))
        os.environ["DATABASE_URL"] = env["DATABASE_URL"]
        os.environ["DJANGO_DEBUG"] = "1"
        os.environ["DJANGO_SETTINGS_MODULE"] = "mahjong_site.settings"
        log = Path(workdir) / "server.log"
        with log.open("w") as errors, gunicorn(env, stderr=errors) as (base, _server):
            import django
            django.setup()
            try:
                run(base, args, *fill(args.hands))
            finally:
                text = log.read_text()
                print(f"server log: {text.count('Traceback')} tracebacks")
                if "Traceback" in text:
                    print(text[-3000:])


def run(base, args, table_a, table_b):
    from scoring.tables.models import TableHand

    edit_a = f"{base}/tables/e/{table_a.edit_token}/"
    edit_b = f"{base}/tables/e/{table_b.edit_token}/"
    me, other = phone(), phone()
    token, _once = form_of(me, edit_a)
    token_b, _once = form_of(other, edit_b)
    busy = []  # (start, end) of A's edits and deletes
    at_b = []  # (start, end, ms) of B's saves
    done = threading.Event()

    def saving_at_b():
        while not done.is_set():
            began = time.monotonic()
            ms, _status = post(other, edit_b + "win", {"winner": "1", "source": "self",
                                                       "total": "8"}, edit_b, token_b)
            at_b.append((began, time.monotonic(), ms))
            TableHand.objects.filter(table=table_b, number__gt=3).delete()
            time.sleep(0.01)

    def timed(url, fields, headers, what=None):
        began = time.monotonic()
        ms, status = post(me, url, fields, edit_a, token, headers)
        if what and headers:  # the board the answer asks for (hands still being placed),
            start = time.perf_counter()  # asked again as htmx does while it says so
            while True:
                request = urllib.request.Request(edit_a + "?notice=saved", headers=headers)
                with me.open(request, timeout=120) as answer:
                    text = answer.read().decode()
                if 'class="board placing"' not in text:
                    break
                time.sleep(0.5)
            shown[what].append((time.perf_counter() - start) * 1000)
        busy.append((began, time.monotonic()))
        assert status == (200 if headers else 302), status
        return ms

    def first():
        return table_a.hands.order_by("number").first()

    figures = {(what, mode): [] for what in ("new", "edit", "delete") for mode in MODES}
    quiet = []
    shown = {"edit": [], "delete": []}  # ms of the board's GET after an htmx edit or delete
    for _ in range(3):  # B alone, for its median
        quiet.append(post(other, edit_b + "win", {"winner": "1", "source": "self",
                                                  "total": "8"}, edit_b, token_b)[0])
        TableHand.objects.filter(table=table_b, number__gt=3).delete()
    background = threading.Thread(target=saving_at_b)
    background.start()
    try:
        for k in range(args.rounds):
            for mode, headers in MODES.items():
                figures["new", mode].append(timed(edit_a + "win", {
                    "winner": "2", "source": "self", "total": "10"}, headers))
                busy.pop()
                last = table_a.hands.order_by("-number").first()
                post(me, f"{edit_a}hands/{last.pk}/delete",
                     {"confirm": "1", "version": last.version}, edit_a, token)
                hand = first()
                figures["edit", mode].append(timed(f"{edit_a}hands/{hand.pk}/", {
                    "winner": str(k % 4), "source": "self", "total": "6",
                    "version": hand.version}, headers, "edit"))
                hand = first()
                figures["delete", mode].append(timed(f"{edit_a}hands/{hand.pk}/delete", {
                    "confirm": "1", "version": hand.version}, headers, "delete"))
                post(me, edit_a + "win", {"winner": "3", "source": "self", "total": "6"},
                     edit_a, token)
    finally:
        done.set()
        background.join()
    quiet += [ms for s, e, ms in at_b if not any(s < be and e > bs for bs, be in busy)]
    behind = [ms for s, e, ms in at_b if any(s < be and e > bs for bs, be in busy)]
    database = table_a._state.db and os.environ["DATABASE_URL"].split(":")[0]
    base_b = statistics.median(quiet)
    print(f"Early edit at {args.hands} hands on {database}, medians of {args.rounds} "
          f"alternating rounds:")
    for mode in MODES:
        n_new, n_edit, n_delete = (statistics.median(figures[what, mode])
                                   for what in ("new", "edit", "delete"))
        print(f"  {mode}: new hand {n_new:.1f} ms; edit of hand 1 {n_edit:.1f} ms "
              f"({n_edit / n_new:.2f}x); delete of hand 1 {n_delete:.1f} ms "
              f"({n_delete / n_new:.2f}x) (goal <= 3x)")
    print("  htmx: the board placed, asked for after the answer (and again while it says the "
          "hands are being updated): after an edit {:.1f} ms, after a delete {:.1f} ms".format(
              *(statistics.median(shown[what]) for what in ("edit", "delete"))))
    print(f"  a save at another table: median {base_b:.1f} ms alone, longest behind an edit or "
          f"delete {max(behind, default=0):.1f} ms ({len(behind)} saves overlapped; goal: "
          f"<= median + 100 ms)")

    def p95(values):
        return sorted(values)[int(0.95 * (len(values) - 1))] if values else 0

    print(f"  (the machine's own swings: longest save at B alone {max(quiet):.1f} ms, 95th "
          f"percentile alone {p95(quiet):.1f} ms, behind {p95(behind):.1f} ms)")


if __name__ == "__main__":
    main()
