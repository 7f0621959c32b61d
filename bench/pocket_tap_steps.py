"""Where a tap's time goes in the phone (docs/pocket.md): bench/pocket.py's tap (13 tiles typed,
their waits on screen, the 14th tapped on the keyboard), with marks on the page at each step,
at each CPU rate (DevTools' Emulation.setCPUThrottlingRate). Printed per variant: the median,
over the taps, of the time from the tap (pointerdown) to each step:

- change: the hand box left (the tap takes the focus), its change event's question (htmx's
  trigger; pocket.js does not ask the same question again);
- click, tapped: the keyboard's click and scorer.js's "tapped" (the hand view drawn again);
- ask, answer: the question posted to the worker, its answer back on the page;
- swapped: htmx.swap of the answer done; scored: the score in the page (bench/pocket.py's end);
- address: the address bar follows (history.replaceState); painted: the next frame;
- and the 95th percentile of scored.

    POCKET_TAP_STEPS_RUNS=5   taps per variant
    POCKET_RATES=4            CPU throttling rates
"""

import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pocket import CHROMIUM, chromium, each_tap, throttle  # noqa: E402
from bench.serving import gunicorn, server_env  # noqa: E402
from bench.tap_to_result import HANDS  # noqa: E402

RUNS = int(os.environ.get("POCKET_TAP_STEPS_RUNS", "5"))
RATES = [float(r) for r in os.environ.get("POCKET_RATES", "4").split(",") if r]
STEPS = ("change", "click", "tapped", "ask", "answer", "swapped", "scored", "address", "painted")
# The worker's messages, seen from the page (its constructor wrapped before any script runs).
WORKER_MARKS = """(() => {
  const Plain = window.Worker;
  if (!Plain) return;
  window.Worker = function (url) {
    const worker = new Plain(url), post = worker.postMessage.bind(worker);
    worker.postMessage = (m) => {
      if (m && m.op === 'render' && window.mark) mark('ask');
      post(m);
    };
    worker.addEventListener('message', (e) => {
      if (e.data && e.data.id && window.mark) mark('answer');
    });
    return worker;
  };
})();"""
PAGE_MARKS = """() => {
  window.marks = {};
  window.mark = (step) => {
    if (marks.down !== undefined && !(step in marks)) marks[step] = performance.now();
  };
  if (window.marked) return;
  window.marked = true;
  document.querySelector('.keyboard').addEventListener('pointerdown',
    () => { window.marks = { down: performance.now() }; }, true);
  document.addEventListener('htmx:trigger', () => mark('change'), true);
  document.addEventListener('click', () => mark('click'), true);
  document.addEventListener('tapped', () => mark('tapped'), true);
  const swap = htmx.swap;
  htmx.swap = function () {
    const done = swap.apply(this, arguments);
    mark('swapped');
    return done;
  };
  const replace = history.replaceState;
  history.replaceState = function () {
    const done = replace.apply(this, arguments);
    mark('address');
    return done;
  };
  new MutationObserver(() => {
    const score = document.querySelector('#result .score .big');
    if (marks.down !== undefined && !marks.scored && score) {
      mark('scored');
      requestAnimationFrame(() => setTimeout(() => mark('painted'), 0));
    }
  }).observe(document.getElementById('result'), {childList: true, subtree: true});
}"""


def steps(p, base, rate) -> dict:
    """{variant: {step: [ms from the tap, per tap]}}."""
    out = {variant: {step: [] for step in STEPS} for variant in HANDS}
    with chromium(p, rate) as (_, context):
        context.add_init_script(WORKER_MARKS)
        page = context.new_page()
        throttle(context, page, rate)
        for variant, run, _ in each_tap(page, base, RUNS, PAGE_MARKS,
                                        "'painted' in marks && 'address' in marks"):
            if run >= 0:
                marks = page.evaluate("marks")
                for step in STEPS:
                    if step in marks:
                        out[variant][step].append(marks[step] - marks["down"])
    return out


def p95(values) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else float("nan")


def main():
    if not Path(CHROMIUM).exists():
        print("pocket tap steps: skipped (Debian's chromium is not installed)")
        return
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    lines = []
    with tempfile.TemporaryDirectory() as workdir, sync_playwright() as p:
        with gunicorn(server_env(workdir, WEB_CONCURRENCY="2")) as (base, _):
            for rate in RATES:
                lines.append(f"CPU {rate:g}x, median ms from the tap: " + " ".join(
                    f"{step:>7}" for step in STEPS) + "  scored p95")
                for variant, found in steps(p, base, rate).items():
                    lines.append(f"  {variant:9}" + " " * 28 + " ".join(
                        f"{statistics.median(found[s]):7.0f}" if found[s] else "      -"
                        for s in STEPS) + f"  {p95(found['scored']):10.0f}")
    print(f"pocket tap steps (Chromium, 360 x 780, {RUNS} taps a variant); load average "
          f"{load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
