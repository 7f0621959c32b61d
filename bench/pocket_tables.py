"""A table hand recorded with no connection, on a phone: from the tap on "Add the win" to the
hand on the board as pending (bound: p95 at most 100 ms), and to its money and running totals
worked out on the phone by the pocket engine (scoring/tables/pending.py in Pyodide), with the
CPU at its own speed and throttled 4x (CDP Emulation.setCPUThrottlingRate, a mid-range phone).

gunicorn on loopback, headless Chromium at 360 x 780 through Playwright; a Shanghai table opened
once, the service worker installed and the pocket engine warm, then the network cut
(context.set_offline). Each run taps one quick entry; the kept hands are cleared before each
series, so every series starts from an empty queue (a later hand's totals run on from all the
kept hands before it: the n-th tap works out n hands).

    POCKET_TABLE_RUNS=20   taps per series
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import gunicorn, server_env  # noqa: E402
from bench.tap_to_result import percentile  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
RUNS = int(os.environ.get("POCKET_TABLE_RUNS", "20"))
BOUND_MS = 100
NEW_TABLE = ("from scoring.tables.models import Table; print(Table.objects.create(name='Bench', "
             "variant='shanghai', players=['Ann', 'Bob', 'Cy', 'Di']).edit_token)")
WATCH = """() => {
  window.tapAt = 0; window.shownAt = 0; window.pricedAt = 0;
  const before = document.querySelectorAll('#pending .hand-row').length;
  document.querySelector('form.quick button[type=submit]').addEventListener('pointerdown',
    () => { window.tapAt = performance.now(); }, {capture: true, once: true});
  const slot = document.getElementById('pending');
  const look = () => {
    const rows = slot.querySelectorAll('.hand-row');
    if (!window.tapAt || rows.length <= before) return;
    if (!window.shownAt) window.shownAt = performance.now();
    if (!window.pricedAt && rows[0].querySelector('tr.after')) window.pricedAt = performance.now();
  };
  new MutationObserver(look).observe(slot, {childList: true, subtree: true});
}"""
INSTALLED = """async () => {
  if (!navigator.serviceWorker.controller) return false;
  const pages = (await caches.keys()).find(n => n.startsWith('pages-'));
  return !!pages && !!(await (await caches.open(pages)).match(location.origin + location.pathname));
}"""
CLEAR = """async () => { for (const e of await PendingStore.all()) await PendingStore.remove(e.key);
  await tablesOffline.show(); }"""


def until(page, predicate, seconds=120):
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        if time.monotonic() > deadline:
            raise SystemExit(f"pocket tables: still false after {seconds} s: {predicate[:60]}")
        time.sleep(0.2)


def main():
    if not Path(CHROMIUM).exists():
        print("pocket tables: skipped (Debian's chromium is not installed)")
        return
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as workdir:
        env = server_env(workdir, WEB_CONCURRENCY="2")
        with gunicorn(env) as (base, _):
            token = subprocess.run([sys.executable, "manage.py", "shell", "-c", NEW_TABLE],
                                   cwd=ROOT, env=env, check=True, capture_output=True,
                                   text=True).stdout.split()[-1]
            series = measure(sync_playwright, f"{base}/tables/e/{token}/")
    print(f"pocket tables: a hand recorded offline on the board (Chromium, 360 x 780), {RUNS} taps "
          f"a series (bound: pending row p95 at most {BOUND_MS} ms); load average {load:.1f} "
          f"before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores:")
    for name, (shown, priced) in series.items():
        p95 = percentile(shown, 0.95)
        print(f"  {name:13} pending row: median {statistics.median(shown):4.0f} ms, "
              f"p95 {p95:4.0f} ms"
              f"{'' if p95 <= BOUND_MS else '  OVER THE BOUND'}; with its totals: median "
              f"{statistics.median(priced):4.0f} ms, p95 {percentile(priced, 0.95):4.0f} ms")


def measure(sync_playwright, board):
    """{series: ([ms to the pending row], [ms to its totals])}."""
    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True,
                                      has_touch=True)
        page = context.new_page()
        page.goto(board)
        until(page, INSTALLED)
        page.evaluate("() => window.pocket.start()")
        until(page, "() => window.pocket.state === 'ready'")
        context.set_offline(True)
        cdp = context.new_cdp_session(page)
        for name, rate in (("unthrottled", 1), ("CPU 4x slower", 4)):
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.evaluate(CLEAR)
            shown, priced = [], []
            for run in range(RUNS):
                form = page.locator("form.quick")
                form.locator("select[name=winner]").select_option(str(run % 4))
                form.locator("select[name=source]").select_option("self")
                form.locator("input[name=total]").fill(str(8 + run % 5))
                page.evaluate(WATCH)
                form.locator("button[type=submit]").tap()
                try:
                    page.wait_for_function("() => window.pricedAt > 0", timeout=30_000)
                except Exception as error:
                    raise SystemExit(f"pocket tables: tap {run + 1} ({name}) showed no totals") \
                        from error
                shown.append(page.evaluate("window.shownAt - window.tapAt"))
                priced.append(page.evaluate("window.pricedAt - window.tapAt"))
            found[name] = (shown, priced)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        browser.close()
    return found


if __name__ == "__main__":
    main()
