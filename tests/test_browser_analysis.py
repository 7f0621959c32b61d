"""A 13-tile hand on the phone (Chromium, 360 x 780, touch; issue 30, item 2): a hand not ready
says how far it is and what helps; a ready hand lists its waits, and tapping one completes the
hand in place (an htmx swap and the address bar's permalink, no new page), on the server and,
offline, in the pocket engine, with the server's text."""

import re
import time
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser import MARKS, no_horizontal_scroll, offline, shot
from tests.test_pocket_browser import TEXTS, server_texts, wait_ready

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

SHOTS = "analyse30/"
# MCR 22334m 456p 55789s waits 1m (14 fan self-drawn, 12 on a discard) or 4m (7 and 5: under the
# minimum of 8 both ways): tests/test_page_analysis.py works them out.
READY = "/?variant=mcr&hand=23m234m456p789s55s"
NOT_READY = "/?variant=shanghai&hand=13m234m456p789s59s"  # one from ready: 2m 5m 5s 6s 9s


def mark_page(page):
    """A mark a new page would not have: it stays only while the page is the same."""
    page.evaluate("window.samePage = true")


def hand_in_url(page) -> str:
    return parse_qs(urlsplit(page.url).query)["hand"][0]


def tap_wait(page, tile):
    """Tap the wait `tile`; the milliseconds until its score is on the page."""
    started = time.monotonic()
    page.locator(f"#result a.wait[data-tile='{tile}']").tap()
    expect(page.locator("#result .score .big")).to_be_visible()
    return (time.monotonic() - started) * 1000


def test_a_hand_not_ready_says_how_far_and_what_helps(page):
    page.goto(page.base + NOT_READY)
    expect(page.locator("#hand-error .summary")).to_have_text("One tile from ready ↓")
    box = page.locator("#result .waits-list.not-ready")
    expect(box.locator("h3")).to_have_text("Not ready: one tile from ready")
    expect(box).to_contain_text("The tiles that bring it closer (16 unseen):")
    useful = box.locator(".useful li")
    expect(useful).to_have_count(5)
    assert [re.sub(r"\s+", " ", t).strip() for t in useful.all_inner_texts()][0].endswith(
        "3 unseen")  # 2m: one of its four held
    assert no_horizontal_scroll(page)
    box.scroll_into_view_if_needed()
    shot(page, SHOTS + "not-ready", screen=True)


def test_typing_the_13th_tile_shows_the_analysis_without_a_reload(page):
    page.goto(page.base + "/?variant=shanghai")
    mark_page(page)
    page.fill("input[name=hand]", "13m234m456p789s59s")
    expect(page.locator("#result .waits-list.not-ready")).to_be_visible()
    assert page.evaluate("window.samePage") is True
    expect(page.locator("#hand-error .error")).to_have_count(0)


def test_tapping_a_wait_completes_the_hand_in_place(page):
    page.goto(page.base + READY)
    waits = page.locator("#result .waits-list .wait")
    expect(waits).to_have_count(2)
    four = page.locator("#result a.wait[data-tile='4m']")
    expect(four.locator(".way.unmet")).to_have_count(2)  # both ways under the minimum
    expect(four).to_contain_text("Self-drawn 7 fans: under the minimum of 8 fans, nobody pays")
    expect(page.locator("#result a.wait[data-tile='1m']")).to_contain_text(
        "Self-drawn 14 fans, +66 points")
    assert no_horizontal_scroll(page)
    page.locator("#result .waits-list").scroll_into_view_if_needed()
    shot(page, SHOTS + "waits-mcr", screen=True)

    mark_page(page)
    tap_wait(page, "1m")
    assert page.evaluate("window.samePage") is True  # the same page: no new one was loaded
    assert page.locator("#hand-view .tile").count() == 14
    assert page.input_value("input[name=hand]").endswith("+1m")
    # Won on a discard (self-drawn is not ticked): 12 fan, as the list said.
    expect(page.locator("#result .score .big")).to_have_text("12")
    assert hand_in_url(page) == "122334m456p55789s +1m"  # the completed hand's permalink
    shot(page, SHOTS + "wait-tapped", screen=True)
    # Undo takes the tile back out: the analysis again.
    page.locator("[data-action=undo]").tap()
    expect(page.locator("#result .waits-list .wait")).to_have_count(2)


@pytest.mark.django_db(transaction=True)
def test_offline_the_pocket_analyses_and_completes_the_hand_as_the_server(page, client):
    from scoring.pocket import assets, build

    build.build()  # the pack of the sources as they are
    assets._manifest.cache_clear()
    page.goto(page.base + "/?variant=mcr")
    page.evaluate("pocket.start()")
    assert wait_ready(page) == "ready"
    offline(page, True)
    try:
        mark_page(page)
        for hand in ("13m234m456p789s59s", "23m234m456p789s55s"):
            page.evaluate("document.getElementById('result').innerHTML = '<i id=stale></i>'")
            page.fill("input[name=hand]", hand)
            page.wait_for_selector("#result #stale", state="detached", timeout=15_000)
            expect(page.locator("#result .waits-list")).to_be_visible()
            pairs = page.evaluate("Array.from(new FormData(document.getElementById('scorer')))")
            assert page.evaluate(TEXTS, None) == server_texts(page, client, pairs), hand
        tap_wait(page, "1m")
        assert page.evaluate("window.samePage") is True
        # Replaced in the phone once the frame that shows the score is painted (pocket.js).
        page.wait_for_function("""() => new URLSearchParams(location.search).get('hand')
                                       === '122334m456p55789s +1m'""", timeout=5_000)
        assert hand_in_url(page) == "122334m456p55789s +1m"
        pairs = page.evaluate("Array.from(new FormData(document.getElementById('scorer')))")
        assert page.evaluate(TEXTS, None) == server_texts(page, client, pairs)
        expect(page.locator("#result .score .big")).to_have_text("12")  # on a discard
        shot(page, SHOTS + "wait-tapped-offline", screen=True)
    finally:
        offline(page, False)
