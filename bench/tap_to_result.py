"""Tap to result on a phone (`make bench` runs it when Debian's chromium is installed): gunicorn on
loopback, headless Chromium at 360 x 780 through Playwright. For each variant, each run opens the
scorer with 13 tiles in the hand and taps the 14th on the tile keyboard; the time is from the tap
(pointerdown) to the score being on screen, after one unmeasured tap a variant (the server's
first request). Printed per variant: median, 95th percentile (issue 17's bound: p95 at most
150 ms) and the slowest taps; the machine's load average (the times are wall-clock: other work on
the machine lengthens them); the round trip of a plain GET /api/health from the same page, as a
reference measured in the same run.

    TAP_RUNS=40      runs per variant
    TAP_VARIANTS=shanghai,riichi
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
BOUND_MS = 150
# Per variant, (13 tiles, the key to tap): each completes a hand the variant scores.
HANDS = {
    "shanghai": [("123m234m456p789s5s", "5 of bamboo"), ("11m456m789p123s55z", "1 of characters"),
                 ("234m567p22s111z78p", "9 of circles")],
    "hongkong": [("234m567p22s111z78p", "9 of circles"), ("123m234m456p789s5s", "5 of bamboo"),
                 ("11m456m789p123s55z", "1 of characters")],
    "sichuan": [("111m234m567m888m9m", "9 of characters"), ("123m456m789m11p23p", "4 of circles"),
                ("11m22m33m44p55p66p7p", "7 of circles")],
    "american": [("2222m44m666s8s666z", "8 of bamboo")],
    "mcr": [("147m258p369s123m1z", "East wind"), ("123m456p789s111z5s", "5 of bamboo"),
            ("111m222m333m44p55p", "4 of circles")],
    "riichi": [("234m067p345678s8p", "8 of circles"), ("123m406p789s2s777z", "2 of bamboo"),
               ("123m456p789s5s111z", "5 of bamboo")],
}
VARIANTS = [v for v in os.environ.get("TAP_VARIANTS", ",".join(HANDS)).split(",") if v]
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

    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as workdir:
        with gunicorn(server_env(workdir, WEB_CONCURRENCY="2")) as (base, _):
            taps, trips = measure(sync_playwright, base)
    # The figures are wall-clock times: on a machine busy with other work they grow with it.
    print(f"tap to result (Chromium, 360 x 780, loopback), {RUNS} taps a variant "
          f"(bound: p95 at most {BOUND_MS} ms); load average {load:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores:")
    for variant, times in taps.items():
        p95 = percentile(times, 0.95)
        slowest = sorted(range(len(times)), key=times.__getitem__)[-3:][::-1]
        print(f"  {variant:9} median {statistics.median(times):4.0f} ms, p95 {p95:4.0f} ms"
              f"{'' if p95 <= BOUND_MS else '  OVER THE BOUND'}; slowest "
              + ", ".join(f"{times[i]:.0f} (run {i + 1})" for i in slowest))
    every = [t for times in taps.values() for t in times]
    print(f"  all       median {statistics.median(every):4.0f} ms, "
          f"p95 {percentile(every, 0.95):4.0f} ms")
    print(f"  reference, GET /api/health from the page: median {statistics.median(trips):.1f} ms; "
          f"tap to result is {statistics.median(every) / statistics.median(trips):.1f}x it")


def measure(sync_playwright, base):
    """({variant: [ms, ...]}, [health round trips in ms])."""
    taps, trips = {}, []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True,
                                      has_touch=True)
        page = context.new_page()
        for variant in VARIANTS:
            hands = HANDS[variant]
            taps[variant] = []
            # One tap unmeasured first: the server's first request of the run (imports, its
            # first template) took 300 to 400 ms, once, and is no tap at a table.
            for run in range(-1, RUNS):
                hand, key = hands[run % len(hands)]
                page.goto(f"{base}/?variant={variant}&hand={hand}")
                page.evaluate(WATCH)
                page.locator(".keyboard").get_by_role("button", name=key, exact=True).tap()
                try:
                    page.wait_for_function("() => window.scoredAt > 0", timeout=10_000)
                except Exception as error:
                    raise SystemExit(f"{variant}: {hand} + {key} showed no score") from error
                if run >= 0:
                    taps[variant].append(page.evaluate("window.scoredAt - window.tapAt"))
                    trips.append(page.evaluate(HEALTH))
        browser.close()
    return taps, trips


if __name__ == "__main__":
    main()
