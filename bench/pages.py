"""The pattern library's pages, cold and warm (issue 31; not part of `make bench`).

    .venv/bin/python bench/pages.py [--runs 15]

In process, through Django's test client (the whole request: middleware, view, template), DEBUG
off as in production: each variant's `/patterns/<variant>/` with its "pages" cache emptied first
(cold: the library rendered, every example hand scored) and again with it kept (warm), in
alternating runs; medians in milliseconds. The goal: warm within a few milliseconds.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DJANGO_SETTINGS_MODULE"] = "mahjong_site.settings"
os.environ.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
os.environ["DJANGO_DEBUG"] = "0"
os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.test import Client  # noqa: E402

from scoring.engine.variants import VARIANTS  # noqa: E402

# The static files' plain names (production's manifest needs a collectstatic this run has not).
settings.STORAGES = {**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}


def timed(client, url) -> float:
    start = time.perf_counter()
    response = client.get(url, secure=True)
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 200, response.status_code
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    client = Client()
    print(f"Pattern library, medians of {args.runs} alternating runs (test client, DEBUG off):")
    for variant in sorted(VARIANTS):
        url = f"/patterns/{variant}/"
        timed(client, url)
        cold, warm = [], []
        for _ in range(args.runs):
            caches["pages"].clear()
            cold.append(timed(client, url))
            warm.append(timed(client, url))
        c, w = statistics.median(cold), statistics.median(warm)
        print(f"  {url}: cold {c:.1f} ms, warm {w:.2f} ms ({c / w:.0f}x faster)")


if __name__ == "__main__":
    main()
