"""The pocket engine in Chromium (`make bench`; docs/pocket.md): gunicorn on loopback, headless
Chromium at 360 x 780, the CPU unthrottled and throttled 4x (DevTools'
Emulation.setCPUThrottlingRate). Printed, for each rate:

- first visit: the bytes (gzip, as WhiteNoise serves static files and a proxy the pages) loaded
  before the first result, the service worker's included, from a production server (the static
  files collected: hashed, minified), the same page of the starting commit beside it, served the
  same way, when POCKET_BASE names its export (/tmp/base); budget: no more than before;
- the pocket's bytes: its scripts, Pyodide's runtime and the pack, gzip; budget 7 MB;
- ready: from pocket.start() to ready, the first time (empty caches) and on a later start (the
  browser's code cache, the .pyc kept in IndexedDB); budgets 8 s and 4 s at 4x;
- tap to result, per variant, in the phone and through the server (the worker blocked): the
  14th tile tapped on the keyboard to the score on screen; budget p95 80 ms in the phone;
- analyse of a 13-tile hand, per variant: the request answered (its waits rendered), in the
  phone and from the server; budget 400 ms in the phone.

    POCKET_RUNS=20          taps and analyses per variant and path
    POCKET_RATES=1,4        CPU throttling rates
    POCKET_BASE=/tmp/base   the starting commit's export, for its first-visit bytes
"""

import gzip
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.serving import gunicorn, server_env  # noqa: E402
from bench.tap_to_result import HANDS, WATCH, percentile  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
RUNS = int(os.environ.get("POCKET_RUNS", "20"))
RATES = [float(r) for r in os.environ.get("POCKET_RATES", "1,4").split(",") if r]
BASE_EXPORT = os.environ.get("POCKET_BASE", "/tmp/base")
BUDGET = {"first_bytes": 30_000, "pocket_bytes": 7_000_000, "ready_first_s": 8, "ready_later_s": 4,
          "tap_p95_ms": 80, "analyse_ms": 400}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ANALYSE = """async ([pairs, viaServer]) => {
  const t = performance.now();
  if (!viaServer) {
    const answer = await pocket.render('POST', '/', pairs);
    if (!answer || answer.html.indexOf('waits-list') < 0) throw new Error('no waits');
    return performance.now() - t;
  }
  const token = JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken'];
  const r = await fetch('/', {method: 'POST', body: new URLSearchParams(pairs),
    headers: {'HX-Request': 'true', 'X-CSRFToken': token}});
  const html = await r.text();
  if (html.indexOf('waits-list') < 0) throw new Error('no waits');
  return performance.now() - t;
}"""
FORM_PAIRS = "Array.from(new FormData(document.getElementById('scorer')))"


def wait_state(page, limit_s=120):
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        state = page.evaluate("window.pocket ? pocket.state : 'none'")
        if state in ("ready", "failed", "none"):
            return state
        time.sleep(0.05)
    return "timeout"


@contextmanager
def chromium(p, rate):
    browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True,
                                  has_touch=True)
    try:
        yield browser, context
    finally:
        browser.close()


def throttle(context, page, rate):
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return session


def gzip_size(body: bytes) -> int:
    return len(gzip.compress(body, 6))


# The moment the first score is on the page, for first_visit_bytes.
FIRST_RESULT = """document.addEventListener('htmx:afterSwap', () => {
  if (!window.firstResultAt && document.querySelector('#result .score .big'))
    window.firstResultAt = performance.now();
});"""


def first_visit_bytes(p, base, rate) -> tuple[int, int]:
    """The bytes of every response to a request made before the first result, the page's (its
    resource timing) and the service worker's (its install, on a first visit), the scorer
    opened, a hand typed, its score on screen: (as served, gzip). As served: a static file's
    body as it came (WhiteNoise's brotli or gzip copy, whichever the browser took), the pages
    and fragments gzipped as a proxy in front sends them; gzip: every body gzipped."""
    with chromium(p, rate) as (_, context):
        # The pocket engine loads after the first result by construction (scorer.js's loader);
        # its worker blocked here, so that it does not burden the measure.
        context.route("**/pocket-worker.js", lambda route: route.abort())
        context.add_init_script(FIRST_RESULT)
        page = context.new_page()
        throttle(context, page, rate)
        responses, by_worker = [], []
        page.on("response", lambda response: responses.append(response))
        context.on("request", lambda request: request.service_worker  # when asked, ms since 1970
                   and by_worker.append((time.time() * 1000, request.url)))
        page.goto(f"{base}/?variant=shanghai")
        page.fill("input[name=hand]", "123m 456p 789s 111z 22z")
        page.wait_for_selector("#result .score .big")
        time.sleep(1)  # whatever the result sets off, finished: counted only if asked before it
        shown = page.evaluate("performance.timeOrigin + window.firstResultAt")  # ms since 1970
        before = page.evaluate("""() => performance.getEntriesByType('resource')
          .filter((e) => e.startTime <= window.firstResultAt).map((e) => e.name)""")
        served = zipped = 0
        seen = set()
        for response in responses:
            if response.request.resource_type != "document" and response.url not in before:
                continue
            if response.url in seen:  # asked again (the tab's icon): the browser's cache answers
                continue
            seen.add(response.url)
            try:
                size = gzip_size(response.body())
            except Exception:  # a redirect or an aborted request has no body
                continue
            zipped += size
            static = "/static/" in response.url
            served += response.request.sizes()["responseBodySize"] if static else size
        # The worker's bodies are not handed to Playwright: each asked again here.
        for when, url in by_worker:
            if when <= shown:
                with urllib.request.urlopen(url) as answer:
                    size = gzip_size(answer.read())
                served, zipped = served + size, zipped + size
        return served, zipped


def ready_times(p, base, rate) -> tuple[float, float, int]:
    """(first start s, later start s, pocket bytes gzip), in one browser profile."""
    with chromium(p, rate) as (_, context):
        page = context.new_page()
        throttle(context, page, rate)
        bodies = {}
        page.on("response", lambda r: bodies.setdefault(r.url, r))
        page.goto(f"{base}/?variant=shanghai")
        started = time.monotonic()
        page.evaluate("pocket.start()")
        assert wait_state(page) == "ready", "the pocket engine did not start"
        first = time.monotonic() - started
        print("  first start steps (ms):", page.evaluate("pocket.steps"), file=sys.stderr)
        assets = page.evaluate("pocket.assets")
        pocket_bytes = sum(gzip_size(bodies[base + url].body()) for url in assets
                           if base + url in bodies)
        for _ in range(600):  # the snapshot a later start loads, made in the background
            if page.evaluate("pocket.snapshotted ? pocket.snapshotted.then(() => true) : false"):
                break
            time.sleep(0.2)
        page.reload()
        throttle(context, page, rate)
        started = time.monotonic()
        page.evaluate("pocket.start()")
        assert wait_state(page) == "ready"
        print("  later start steps (ms):", page.evaluate("pocket.steps"), file=sys.stderr)
        return first, time.monotonic() - started, pocket_bytes


def each_tap(page, base, runs, watch, done, in_phone=True, before_tap=None, hold_ms=0):
    """The tap every pocket bench times, `runs` + 1 times per variant (the first unmeasured: its
    run is -1; first request, first import): the 13 tiles typed and their waits on screen (the
    typing's request, 350 ms after the last key, must not land inside the tap's), `watch` (a
    script that marks the page) run, the 14th tile tapped on the keyboard, then the score on
    screen and the JavaScript condition `done` true. Yields (variant, run, what
    `before_tap(page)` gave, or None). `hold_ms`: the finger held down that long, as on a
    phone (50 to 100 ms), where Playwright's tap lifts it at once."""
    touch = page.context.new_cdp_session(page) if hold_ms else None
    for variant, hands in HANDS.items():
        page.goto(f"{base}/?variant={variant}")
        if in_phone:
            page.evaluate("pocket.start()")
            assert wait_state(page) == "ready"
        for run in range(-1, runs):
            hand, key = hands[run % len(hands)]
            page.evaluate("document.getElementById('result').replaceChildren()")
            page.fill("input[name=hand]", hand)
            page.wait_for_selector("#result .waits-list")
            measured = before_tap(page) if before_tap else None
            page.evaluate(watch)
            button = page.locator(".keyboard").get_by_role("button", name=key, exact=True)
            if touch:
                box = button.bounding_box()
                point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
                touch.send("Input.dispatchTouchEvent",
                           {"type": "touchStart", "touchPoints": [point]})
                time.sleep(hold_ms / 1000)
                touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            else:
                button.tap()
            page.wait_for_selector("#result .score .big")
            for _ in range(300):
                if page.evaluate(done):
                    break
                time.sleep(0.01)
            yield variant, run, measured


def taps_and_analyses(p, base, rate, in_phone: bool) -> dict:
    """{variant: (tap ms list, analyse ms list)}."""
    def analyse(page):
        return page.evaluate(ANALYSE, [page.evaluate(FORM_PAIRS), not in_phone])

    out = {variant: ([], []) for variant in HANDS}
    with chromium(p, rate) as (_, context):
        if not in_phone:
            context.route("**/pocket-worker.js", lambda route: route.abort())
        page = context.new_page()
        throttle(context, page, rate)
        for variant, run, ms in each_tap(page, base, RUNS, WATCH, "window.scoredAt > 0",
                                         in_phone, analyse):
            if run >= 0:
                taps, analyses = out[variant]
                taps.append(page.evaluate("window.scoredAt - window.tapAt"))
                analyses.append(ms)
    return out


def production_first_bytes(p, rate, root=None):
    """A first visit's bytes as production serves them (the static files collected: hashed,
    minified, compressed), from this tree or from `root` (an export of another commit) with the
    same venv."""
    import bench.serving as serving

    was = serving.ROOT
    serving.ROOT = Path(root) if root else was
    try:
        with tempfile.TemporaryDirectory() as workdir:
            env = serving.production_env(Path(workdir), WEB_CONCURRENCY="1")
            with gunicorn(env) as (base, _):
                return first_visit_bytes(p, base, rate)
    finally:
        serving.ROOT = was


def show(label, values, bound=None):
    p95 = percentile(values, 0.95)
    flag = "" if bound is None or p95 <= bound else "  OVER THE BUDGET"
    return f"{label} median {statistics.median(values):4.0f} ms, p95 {p95:4.0f} ms{flag}"


def main():
    if not Path(CHROMIUM).exists():
        print("pocket: skipped (Debian's chromium is not installed)")
        return
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    lines = []
    with tempfile.TemporaryDirectory() as workdir, sync_playwright() as p:
        before = (production_first_bytes(p, 1, BASE_EXPORT)
                  if (Path(BASE_EXPORT) / "manage.py").exists() else None)
        with gunicorn(server_env(workdir, WEB_CONCURRENCY="2")) as (base, _):
            for rate in RATES:
                first_bytes = production_first_bytes(p, rate)
                first, later, pocket_bytes = ready_times(p, base, rate)
                phone = taps_and_analyses(p, base, rate, in_phone=True)
                server = taps_and_analyses(p, base, rate, in_phone=False)
                lines.append(f"CPU {rate:g}x:")
                lines.append(f"  first visit, bytes before the first result: {first_bytes[0]:,} "
                             f"as served, {first_bytes[1]:,} gzip"
                             + (f" (starting commit: {before[0]:,} as served, {before[1]:,} gzip)"
                                if before else ""))
                lines.append(f"  pocket bytes: {pocket_bytes:,} gzip (budget 7,000,000)")
                lines.append(f"  ready: first start {first:.1f} s (budget 8 at 4x), later start "
                             f"{later:.1f} s (budget 4 at 4x)")
                for variant in HANDS:
                    lines.append(f"  {variant:9} tap, phone: {show('', phone[variant][0], 80)};"
                                 f" server: {show('', server[variant][0])}")
                    lines.append(f"  {variant:9} analyse, phone: "
                                 f"{show('', phone[variant][1], 400)}; server: "
                                 f"{show('', server[variant][1])}")
    print(f"pocket engine (Chromium, 360 x 780, loopback, {RUNS} runs a variant and path); load "
          f"average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
