"""The scorer in the pocket, in Chromium at phone size: installed (the service worker registered
and controlling the page), then with the network cut the pages still open, the badge says
offline, and a new version of the worker takes over only after its notice is tapped.
Screenshots: /tmp/shots/pwa-*.png."""

import re
import time
from urllib.parse import urlencode

import pytest
from django.urls import reverse

from tests.browser import MARKS, no_horizontal_scroll, offline, phone, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]


# A permalink: the scorer with its result drawn by the server, which installs the worker at its
# load (a first visit to the bare scorer waits for the player's first result: shell.js).
SCORED = "/?" + urlencode({"variant": "shanghai", "hand": "123m 456p 789s 111z 22z",
                           "seat_wind": "E", "round_wind": "E"})


def installed(page, path=SCORED):
    """Open `path` and wait until the service worker controls the page (its first version
    takes over at once) and keeps this page and its static files."""
    page.goto(page.base + path)
    until(page, """async () => {
        if (!navigator.serviceWorker.controller) return false;
        const names = await caches.keys();
        const pages = names.find(n => n.startsWith('pages-'));
        if (!pages || !names.some(n => n.startsWith('static-'))) return false;
        const here = location.origin + location.pathname;
        return !!(await (await caches.open(pages)).match(here));
    }""")


# A first visit's hand scored, then: the worker installed and the pocket engine ready.
READY_AFTER_A_HAND = """async () => !!navigator.serviceWorker.controller
    && window.pocket.state === 'ready'
    && (await caches.keys()).some(n => n.startsWith('static-'))"""


def score_a_hand_on_a_first_visit(page, base):
    """Open the bare scorer, type a hand, and wait until its worker and pocket are ready."""
    page.goto(base + "/")
    page.fill("#scorer input[name=hand]", "123m 456p 789s 111z 22z")
    page.locator("#result .score").wait_for()
    until(page, READY_AFTER_A_HAND)


def until(page, predicate, seconds=60):
    """Wait until the async `predicate` is true in the page (wait_for_function does not wait for
    a promise's value)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {predicate}"
        time.sleep(0.2)


def test_a_first_visit_installs_the_worker_after_the_first_result(browser, live_server):
    """The worker's install downloads every kept page and file, the pocket engine's 6.5 MB
    with them: on a first visit to the scorer none of it is asked before the first result, nor
    the worker itself; after it the worker installs and keeps the pages."""
    context, page = phone(browser, live_server)
    try:
        asked = []
        context.on("request", lambda r: asked.append(r.url)
                   if r.service_worker or r.url.endswith("/sw.js") else None)
        page.goto(page.base + "/")
        page.wait_for_load_state("load")
        page.locator("#scorer .keyboard .key").first.wait_for()
        time.sleep(1)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r)") is False
        assert asked == []
        page.fill("#scorer input[name=hand]", "123m 456p 789s 111z 22z")
        page.locator("#result .score").wait_for()
        until(page, "() => navigator.serviceWorker.controller !== null")
        assert any("/static/pocket/" in url for url in asked)
    finally:
        context.close()


def test_a_first_visit_downloads_the_pocket_engine_once(browser, tmp_path):
    """On a production server (files hashed, compressed): the pocket engine loads after the
    first result, and the worker installs once it is ready, asking the browser's cache to check
    its copy of every file (sw.js, "no-cache"): each of the pocket's files comes over the
    network once, the worker's ask answered 304. (Both at the first result, with the worker's
    "reload", each of its 6.5 MB came twice.)"""
    from bench.serving import gunicorn, production_env

    log = (tmp_path / "access.log").open("w+")
    env = production_env(tmp_path, WEB_CONCURRENCY="2", GUNICORN_ACCESS_LOG="1")
    with gunicorn(env, stdout=log) as (base, _):
        context = browser.new_context(viewport={"width": 360, "height": 780}, has_touch=True)
        try:
            page = context.new_page()
            score_a_hand_on_a_first_visit(page, base)
            engine = page.evaluate("""() => JSON.parse(
                document.getElementById('pocket-data').textContent).assets""")
        finally:
            context.close()
    log.seek(0)
    answers = re.findall(r'"GET (\S+) HTTP/[\d.]+" (\d+)', log.read())
    assert len(engine) >= 6
    for url in engine:
        codes = sorted(code for path, code in answers if path == url)
        assert codes == ["200", "304"], (url, codes)


def test_other_pages_install_the_worker_at_their_load(browser, live_server):
    """A page with no result to wait for (the pattern library) installs the worker at its
    load; a later visit to the scorer is controlled at once, before any result."""
    context, page = phone(browser, live_server)
    try:
        installed(page, reverse("patterns", args=["shanghai"]))
        page.goto(page.base + "/")
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert not page.locator("#result .score").count()
    finally:
        context.close()


def badge(page):
    return page.locator("#network")


def test_installed_then_offline_the_scorer_reloads_and_the_badge_says_so(browser, live_server):
    context, page = phone(browser, live_server)
    try:
        installed(page)
        expect(badge(page)).to_have_attribute("data-state", "online")
        manifest = page.evaluate("""async () => {
            const link = document.querySelector('link[rel=manifest]');
            return (await fetch(link.href)).json();
        }""")
        assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
        assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
        assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])

        offline(page, True)
        page.reload()
        expect(page.locator("#scorer")).to_be_visible()
        expect(badge(page)).to_have_attribute("data-state", "offline")
        expect(badge(page)).to_have_text("Offline")
        shot(page, "pwa-offline-scorer", screen=True)
        assert no_horizontal_scroll(page)

        # Every variant's pattern library was kept, and the tables list.
        for variant in ("shanghai", "riichi", "american"):
            page.goto(page.base + reverse("patterns", args=[variant]))
            expect(page.locator("main h1")).to_be_visible()
        page.goto(page.base + reverse("tables"))
        expect(page.locator("h1")).to_have_text("Your tables")
        # A page never opened: the worker's own page, not the browser's.
        page.goto(page.base + "/tables/new")
        expect(page.locator("h1")).to_contain_text("not kept on this phone")

        offline(page, False)
        page.goto(page.base + "/")
        expect(badge(page)).to_have_attribute("data-state", "online")

        # The player switches to French online: the kept pages follow, the pattern libraries too.
        page.locator(".lang button[value=fr]").tap()
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        offline(page, True)
        page.goto(page.base + reverse("patterns", args=["riichi"]))
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(badge(page)).to_have_attribute("data-state", "offline")
    finally:
        context.close()


def test_a_permalink_never_opened_shows_its_result_offline(browser, live_server, client):
    """The scorer's shell from the cache, the hand from the address, the result from the pocket
    engine: the same score the server gives the same link."""
    query = urlencode({"variant": "shanghai", "hand": "123m 456m 789m 123p 55s +5s",
                       "seat_wind": "S", "round_wind": "E", "self_drawn": "on"})
    served = client.get("/?" + query).content.decode()
    total = re.search(r'<span class="big">(\d+)</span>', served).group(1)
    context, page = phone(browser, live_server)
    try:
        installed(page)
        offline(page, True)
        page.goto(page.base + "/?" + query)
        expect(page.locator("#network")).to_have_attribute("data-state", "offline")
        expect(page.locator("input[name=hand]")).to_have_value("123m 456m 789m 123p 55s +5s")
        expect(page.locator("#result .big").first).to_have_text(total, timeout=90000)
        shot(page, "pwa-offline-permalink", screen=True)
        assert no_horizontal_scroll(page)
    finally:
        context.close()


def test_a_permalink_of_another_variant_offline_shows_that_variants_scorer(browser, live_server,
                                                                          client):
    """A Riichi permalink opened offline: Riichi's own scorer (its keyboard has the red fives,
    the default variant's has none), the hand from the address, the server's score; then the
    variant switch, offline too, shows MCR's scorer with the same hand."""
    query = urlencode({"variant": "riichi", "hand": "234m 456p 678s 345s 88m +8m",
                       "seat_wind": "S", "round_wind": "E"})
    served = client.get("/?" + query).content.decode()
    total = re.search(r'<span class="big">([^<]+)</span>', served).group(1)
    context, page = phone(browser, live_server)
    try:
        installed(page)
        assert page.locator(".keyboard .key[data-code='0m']").count() == 0
        offline(page, True)
        page.goto(page.base + "/?" + query)
        expect(badge(page)).to_have_attribute("data-state", "offline")
        expect(page.locator("#scorer")).to_have_attribute("data-variant", "riichi")
        expect(page.locator(".keyboard .key[data-code='0m']")).to_have_count(1)
        expect(page.locator("select[name=variant]")).to_have_value("riichi")
        expect(page.locator("input[name=hand]")).to_have_value("234m 456p 678s 345s 88m +8m")
        expect(page.locator("#result .big").first).to_have_text(total, timeout=90000)
        shot(page, "pwa-offline-riichi-permalink", screen=True)
        assert no_horizontal_scroll(page)

        with page.expect_navigation():
            page.locator("select[name=variant]").select_option("mcr")
        expect(page.locator("#scorer")).to_have_attribute("data-variant", "mcr")
        expect(page.locator(".keyboard .key[data-code='0m']")).to_have_count(0)
        expect(page.locator("input[name=hand]")).to_have_value("234m 456p 678s 345s 88m +8m")
        expect(badge(page)).to_have_attribute("data-state", "offline")
    finally:
        context.close()


def test_the_language_switch_works_offline(browser, live_server):
    """Offline, the player taps 繁 (zh-hant) then FR: the page comes back in it, kept, with the
    hand; the pocket engine's result is in it, the server's words for the same hand; the
    pattern library too. Back online, the server answers in French (the cookie was set)."""
    query = urlencode({"variant": "shanghai", "hand": "123m 456m 789m 123p 55s +5s",
                       "seat_wind": "S", "round_wind": "E", "self_drawn": "on"})
    context, page = phone(browser, live_server)
    try:
        installed(page)
        offline(page, True)
        page.goto(page.base + "/?" + query)
        expect(page.locator("#result .big").first).to_be_visible(timeout=90000)
        page.locator(".lang button[value=zh-hant]").tap()
        expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
        page.locator(".lang button[value=fr]").tap()
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(badge(page)).to_have_attribute("data-state", "offline")
        expect(page.locator("button.go")).to_have_text("Compter")
        expect(page.locator("input[name=hand]")).to_have_value("123m 456m 789m 123p 55s +5s")
        expect(page.locator("#result .big").first).to_be_visible(timeout=90000)
        in_the_phone = page.locator("#result").inner_text()
        shot(page, "pwa-offline-language", screen=True)
        assert no_horizontal_scroll(page)
        page.goto(page.base + reverse("patterns", args=["riichi"]))
        expect(page.locator("html")).to_have_attribute("lang", "fr")

        offline(page, False)
        page.goto(page.base + reverse("tables"))
        expect(badge(page)).to_have_attribute("data-state", "online")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        assert "django_language=fr" in page.evaluate("document.cookie")
        page.goto(page.base + "/?" + query)  # the server's answer, in French
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        assert page.locator("#result").inner_text() == in_the_phone
    finally:
        context.close()


def test_a_phone_in_french_from_its_first_visit_reloads_in_french_offline(browser, live_server):
    """The first visit is no page the worker saw on its way: the page tells it its language,
    so the kept copy shown offline is the French one, not the first of the languages."""
    context, page = phone(browser, live_server)
    try:
        context.add_cookies([{"name": "django_language", "value": "fr", "url": page.base}])
        installed(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        offline(page, True)
        page.reload()
        expect(badge(page)).to_have_attribute("data-state", "offline")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("button.go")).to_have_text("Compter")
    finally:
        context.close()


def worker_version(page):
    return page.evaluate("""() => new Promise(resolve => {
        navigator.serviceWorker.addEventListener('message', e => {
            if (e.data.type === 'version') resolve(e.data.version);
        });
        navigator.serviceWorker.controller.postMessage({type: 'version'});
    })""")


def test_a_new_version_waits_for_its_notice_then_takes_over(browser, live_server, monkeypatch):
    """As at a table: a hand scored on a first visit (the worker installs, the pocket engine
    loads), then a new version installs beside the old one; the page goes on with the old one,
    not reloaded, until its notice is tapped."""
    from mahjong_site import pwa

    context, page = phone(browser, live_server)
    try:
        score_a_hand_on_a_first_visit(page, page.base)
        first = worker_version(page)
        assert first == pwa.version()
        expect(page.locator("#update")).to_be_hidden()
        page.evaluate("window.notReloaded = true")

        monkeypatch.setattr(pwa, "version", lambda: "0123456789ab")  # the files changed
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        notice = page.locator("#update")
        expect(notice).to_be_visible(timeout=60000)
        expect(notice).to_contain_text("A new version of the scorer is ready.")
        assert worker_version(page) == first  # still the old one: it waits for the tap
        page.fill("#scorer input[name=hand]", "123m 456p 789s 111z 33z")  # the pocket answers
        expect(page.locator("#result .score").first).to_contain_text("fan")
        time.sleep(4)  # the pocket's snapshot worker, the new worker's pages: no reload
        assert page.evaluate("window.notReloaded") is True
        shot(page, "pwa-update-notice", screen=True)
        assert no_horizontal_scroll(page)

        # The tap takes the focus from the hand box, whose change the pocket answers with an
        # address (a same-document navigation, which expect_navigation would take for the
        # reload): waited for is the new document.
        notice.get_by_role("button", name="Reload to update").tap()
        page.wait_for_function("() => window.notReloaded === undefined", timeout=30000)
        page.wait_for_load_state()
        until(page, "() => navigator.serviceWorker.controller !== null")
        assert worker_version(page) == "0123456789ab"
        expect(page.locator("#update")).to_be_hidden()
        names = page.evaluate("caches.keys()")
        assert sorted(n for n in names if n.startswith(("pages-", "static-"))) == [
            "pages-0123456789ab-en", "pages-0123456789ab-fr", "pages-0123456789ab-zh-hans",
            "pages-0123456789ab-zh-hant", "static-0123456789ab"]
        # The new version kept the pages too: offline, the scorer still opens.
        offline(page, True)
        page.reload()
        expect(page.locator("#scorer")).to_be_visible()
    finally:
        context.close()
