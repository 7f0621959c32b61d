"""A tap in the phone, this tree against a reference export, in alternating rounds of the same run
(docs/pocket.md): bench/pocket.py's tap (13 tiles typed, their waits on screen, the 14th tapped on
the keyboard) on two servers, the reference's and this tree's, in Chromium at 360 x 780 at each
CPU rate. Printed per variant and side, median and p95 over every round's taps, from the tap:
the score in the page (bench/pocket.py's measure); the frame that shows it begun (its
requestAnimationFrame: its style, layout and paint follow); and that frame done (a task after
it: the address bar's history.replaceState, which pocket.js does once the frame is painted,
comes before it).

    POCKET_REF=/tmp/ref       the reference: an export (git archive) with its build/ beside it
    POCKET_AB_ROUNDS=2        rounds; each runs both sides, in turn first
    POCKET_AB_RUNS=6          taps per variant, side and round
    POCKET_RATES=4            CPU throttling rates
    POCKET_HOLD_MS=0          the finger held down that long (a phone's tap: 50 to 100 ms); the
                              times are then from its lift (pointerup), what the player waits
"""

import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bench.serving as serving  # noqa: E402
from bench.pocket import CHROMIUM, chromium, each_tap, throttle  # noqa: E402
from bench.serving import gunicorn, server_env  # noqa: E402
from bench.tap_to_result import HANDS, percentile  # noqa: E402

REF = Path(os.environ.get("POCKET_REF", "/tmp/ref"))
ROUNDS = int(os.environ.get("POCKET_AB_ROUNDS", "2"))
RUNS = int(os.environ.get("POCKET_AB_RUNS", "6"))
RATES = [float(r) for r in os.environ.get("POCKET_RATES", "4").split(",") if r]
HOLD_MS = int(os.environ.get("POCKET_HOLD_MS", "0"))
# bench/tap_to_result.py's WATCH, and the frame after the score.
WATCH = """() => {
  window.tapAt = 0; window.scoredAt = 0; window.frameAt = 0; window.paintedAt = 0;
  if (window.watching) return;
  window.watching = true;
  document.querySelector('.keyboard').addEventListener('pointerdown',
    () => { window.tapAt = performance.now(); window.scoredAt = window.frameAt = 0;
            window.paintedAt = 0; }, true);
  document.querySelector('.keyboard').addEventListener('pointerup',
    () => { window.liftAt = performance.now(); }, true);
  new MutationObserver(() => {
    if (window.tapAt && !window.scoredAt && document.querySelector('#result .score .big')) {
      window.scoredAt = performance.now();
      requestAnimationFrame(() => {
        window.frameAt = performance.now();
        setTimeout(() => { window.paintedAt = performance.now(); }, 0);
      });
    }
  }).observe(document.getElementById('result'), {childList: true, subtree: true});
}"""


def taps(p, base, rate) -> dict:
    """{variant: ([tap to score ms], [to the frame begun], [to the frame done])}, in the
    phone."""
    out = {variant: ([], [], []) for variant in HANDS}
    with chromium(p, rate) as (_, context):
        page = context.new_page()
        throttle(context, page, rate)
        for variant, run, _ in each_tap(page, base, RUNS, WATCH, "window.paintedAt > 0",
                                        hold_ms=HOLD_MS):
            if run >= 0:
                at = page.evaluate(f"[{'liftAt' if HOLD_MS else 'tapAt'}, scoredAt, frameAt, "
                                   "paintedAt]")
                scored, frame, painted = out[variant]
                scored.append(at[1] - at[0])
                frame.append(at[2] - at[0])
                painted.append(at[3] - at[0])
    return out


def fmt(values):
    return f"{statistics.median(values):4.0f} / {percentile(values, 0.95):4.0f}"


def main():
    if not Path(CHROMIUM).exists():
        print("pocket a/b: skipped (Debian's chromium is not installed)")
        return
    if not (REF / "manage.py").exists():
        raise SystemExit(f"POCKET_REF={REF}: no export there (git archive, and its build/)")
    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    sides = {"ref": REF, "this": ROOT}
    found = {(rate, name): {v: ([], [], []) for v in HANDS} for rate in RATES for name in sides}
    with tempfile.TemporaryDirectory() as workdir, sync_playwright() as p, ExitStack() as stack:
        bases = {}
        for name, root in sides.items():
            was = serving.ROOT
            serving.ROOT = root
            (Path(workdir) / name).mkdir()
            env = server_env(Path(workdir) / name, WEB_CONCURRENCY="2")
            bases[name] = stack.enter_context(gunicorn(env))[0]
            serving.ROOT = was
        for rate in RATES:
            for round_ in range(ROUNDS):
                order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
                for name in order:
                    for variant, measures in taps(p, bases[name], rate).items():
                        for kept, more in zip(found[rate, name][variant], measures, strict=True):
                            kept.extend(more)
    print(f"pocket a/b (Chromium, 360 x 780, {ROUNDS} rounds of {RUNS} taps a variant and side; "
          f"ref {REF}); load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on "
          f"{os.cpu_count()} cores")
    for rate in RATES:
        since = f"the lift (held {HOLD_MS} ms)" if HOLD_MS else "the tap"
        print(f"CPU {rate:g}x, median / p95 ms from {since}, ref | this:")
        print(f"  {'':9}  {'scored':^25}  {'frame begun':^25}  {'frame done':^25}")
        for variant in HANDS:
            ref, this = found[rate, "ref"][variant], found[rate, "this"][variant]
            print(f"  {variant:9}" + "".join(
                f"  {fmt(a)} | {fmt(b)}" for a, b in zip(ref, this, strict=True)))


if __name__ == "__main__":
    main()
