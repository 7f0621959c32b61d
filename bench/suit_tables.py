"""`make bench`: what the precomputed suit tables (scoring/engine/suit_shapes.bin) buy a user.

    .venv/bin/python bench/suit_tables.py [--runs N]

The engine reads each suit of a hand from a table of every complete suit shape and its readings
(suit_shapes.py, a 516 KB file in git). The plain alternative is the search the table is made
from, cached per suit shape (functools.lru_cache). This bench scores the bench corpus both ways,
as a user meets it:

- a batch: one `score --jsonl` process over the whole corpus, start-up included (a new process:
  every suit shape is new to it);
- a web request: each hand scored once by a warm process that has not met it yet (a server's
  first meeting with its suits), then once more (every suit cached, either way), each beside the
  CPU time of a whole POST /api/score (Django's test client), the user's wait.

Times are CPU times of the process that scores (this machine is shared: wall times swing by 2x),
the median of N runs, the two ways alternating. The tables earn their place while either way a
user waits is more than 10% longer without them.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEED, SIZE = 20261129, 2000  # bench/run.py's corpus
MATTERS = 0.10


def use_search() -> None:
    """Read suits by the cached search instead of the tables (in this process only)."""
    from scoring.engine import decompose
    from scoring.engine.suit_shapes import encode, search_readings

    @lru_cache(maxsize=1 << 16)
    def suit_readings(counts, chows):
        return tuple(map(encode, search_readings(counts, chows)))

    def suit_completes(counts, chows):
        return bool(suit_readings(tuple(counts), chows))

    def suit_completions(part, chows):
        if sum(part) % 3 == 0:
            return ()
        return tuple(offset for offset, count in enumerate(part) if count < 4 and suit_completes(
            part[:offset] + (count + 1,) + part[offset + 1:], chows))

    decompose.suit_readings = suit_readings
    decompose.suit_completes = suit_completes
    decompose.suit_completions = suit_completions


def child_door(way: str) -> None:
    """`manage.py score --jsonl` as it runs, reading suits `way`."""
    if way == "search":
        use_search()
    from scoring.cli import run_alone

    sys.exit(run_alone("score", ["--jsonl"], sys.stdin, sys.stdout, sys.stderr))


def child_requests(way: str) -> None:
    """Per hand, the mean CPU microseconds of its first and of its second score, and of a web
    request (POST /api/score) once every suit is cached; printed as JSON."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mahjong_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    from scoring.engine import score
    from scoring.engine.randomhands import corpus

    if way == "search":
        use_search()
    setup_test_environment()
    client = Client()
    hands = corpus(SEED, SIZE)
    score({"variant": "shanghai", "hand": "234m567p22s[EEE][789p]+2s"})  # imports, first use

    def cpu_us(call) -> float:
        start = time.process_time_ns()
        call()
        return (time.process_time_ns() - start) / 1000

    first = [cpu_us(lambda h=h: score({"variant": "shanghai", "hand": h})) for h in hands]
    again = [cpu_us(lambda h=h: score({"variant": "shanghai", "hand": h})) for h in hands]
    bodies = [json.dumps({"variant": "shanghai", "hand": h}) for h in hands]
    web = [cpu_us(lambda b=b: client.post("/api/score", b, content_type="application/json"))
           for b in bodies]
    print(json.dumps({"first": statistics.fmean(first), "again": statistics.fmean(again),
                      "web": statistics.fmean(web)}))


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def door_cpu(way: str, requests: Path) -> float:
    with requests.open("rb") as stdin:
        start = children_cpu()
        subprocess.run([sys.executable, __file__, "--door", way], stdin=stdin,
                       stdout=subprocess.DEVNULL, cwd=ROOT, check=True)
        return children_cpu() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--door", choices=("table", "search"))
    parser.add_argument("--requests", choices=("table", "search"))
    args = parser.parse_args()
    if args.door:
        return child_door(args.door)
    if args.requests:
        return child_requests(args.requests)

    from scoring.engine.randomhands import corpus

    hands = corpus(SEED, SIZE)
    with tempfile.TemporaryDirectory() as folder:
        requests = Path(folder, "requests.jsonl")
        requests.write_text("".join(json.dumps({"variant": "shanghai", "hand": h}) + "\n"
                                    for h in hands), encoding="utf-8")
        doors = {"table": [], "search": []}
        for _ in range(args.runs):
            for way in doors:
                doors[way].append(door_cpu(way, requests))
    per_request = {"table": [], "search": []}
    for _ in range(max(1, args.runs // 2)):
        for way in per_request:
            out = subprocess.run([sys.executable, __file__, "--requests", way], cwd=ROOT,
                                 check=True, capture_output=True, text=True).stdout
            per_request[way].append(json.loads(out.strip().splitlines()[-1]))

    def median(way, key):
        return statistics.median(run[key] for run in per_request[way])

    table, search = (statistics.median(doors[w]) * 1000 for w in ("table", "search"))
    print(f"suit tables (suit_shapes.bin) against a cached search, {len(hands)} corpus hands, "
          f"CPU time, median of {args.runs} runs:")
    print(f"  batch, score --jsonl (one process):    tables {table:7.0f} ms   search "
          f"{search:7.0f} ms   {search / table - 1:+.0%} without the tables")
    web = median("table", "web")
    for key, label in (("first", "a hand's first score (warm process)"),
                       ("again", "the same hand again")):
        with_tables, without = median("table", key), median("search", key)
        print(f"  {label:38} tables {with_tables:7.0f} us   search {without:7.0f} us   "
              f"{(without - with_tables) / web:+.1%} of a web request ({web:.0f} us)")
    matters = max(search / table - 1,
                  (median("search", "first") - median("table", "first")) / web) > MATTERS
    print("  the tables " + ("matter: keep them" if matters else
                             "do not matter to a user: a cached search would do"))


if __name__ == "__main__":
    main()
