"""Tap to result on a phone (`make bench` runs it when Debian's chromium is installed): gunicorn on
loopback, headless Chromium at 360 x 780 through Playwright. Each run opens the scorer with 13
tiles in the hand and taps the 14th on the tile keyboard; the time is from the tap (pointerdown)
to the score being on screen. Printed: median and 95th percentile, next to the round trip of a
plain GET /api/health from the same page (the reference, measured in the same run).

    TAP_RUNS=40
"""

import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import gunicorn, server_env  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
RUNS = int(os.environ.get("TAP_RUNS", "40"))
# (13 tiles, the key to tap, what it adds): 123m 234m 456p 789s 5s, then the 5s eyes.
HANDS = [("123m234m456p789s5s", "5 of bamboo"), ("11m456m789p123s55z", "1 of characters"),
         ("234m567p22s111z78p", "9 of circles")]
WATCH = """() => {
  window.tapAt = 0; window.scoredAt = 0;
  document.querySelector('.keyboard').addEventListener('pointerdown',
    () => { window.tapAt = performance.now(); }, true);
  new MutationObserver(() => {
    if (window.tapAt && !window.scoredAt && document.querySelector('#result .score .big'))
      window.scoredAt = performance.now();
  }).observe(document.getElementById('result'), {childList: true, subtree: true});
}"""
HEALTH = """async () => { const t = performance.now(); await (await fetch('/api/health')).json();
  return performance.now() - t; }"""


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main():
    if not Path(CHROMIUM).exists():
        print("tap to result: skipped (Debian's chromium is not installed)")
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as workdir:
        with gunicorn(server_env(workdir, WEB_CONCURRENCY="2")) as (base, _):
            taps, trips = measure(sync_playwright, base)
    print(f"tap to result over {len(taps)} taps (Chromium, 360 x 780, loopback): "
          f"median {statistics.median(taps):.0f} ms, p95 {percentile(taps, 0.95):.0f} ms "
          f"(goal: p95 at most 150 ms)")
    print(f"  reference, GET /api/health from the page: median {statistics.median(trips):.1f} ms; "
          f"tap to result is {statistics.median(taps) / statistics.median(trips):.1f}x it")


def measure(sync_playwright, base):
    taps, trips = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True,
                                      has_touch=True)
        page = context.new_page()
        for run in range(RUNS):
            hand, key = HANDS[run % len(HANDS)]
            page.goto(f"{base}/?variant=shanghai&hand={hand}")
            page.evaluate(WATCH)
            page.locator(".keyboard").get_by_role("button", name=key, exact=True).tap()
            page.wait_for_function("() => window.scoredAt > 0", timeout=10_000)
            taps.append(page.evaluate("window.scoredAt - window.tapAt"))
            trips.append(page.evaluate(HEALTH))
        browser.close()
    return taps, trips


if __name__ == "__main__":
    main()
