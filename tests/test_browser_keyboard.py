"""The tile keyboard at a real table (Chromium, 360 x 780, touch): no key moves under a finger
while a hand is tapped in, and no request is sent until the hand is complete."""

import pytest

from tests.browser import MARKS

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

KEY_TOPS = ("Array.from(document.querySelectorAll('.keyboard button'))"
            ".map(b => b.getBoundingClientRect().top + window.scrollY)")
# 123m 234m 456p 789s 55s: 14 taps (the last 5s is the winning tile).
TAPS = ["1 of characters", "2 of characters", "3 of characters", "2 of characters",
        "3 of characters", "4 of characters", "4 of circles", "5 of circles", "6 of circles",
        "7 of bamboo", "8 of bamboo", "9 of bamboo", "5 of bamboo", "5 of bamboo"]


def test_fourteen_taps_at_five_a_second_never_move_a_key(page):
    page.goto(page.base + "/?variant=shanghai")
    requests = []
    page.on("request", lambda r: requests.append(r) if r.method == "POST" else None)
    start = page.evaluate(KEY_TOPS)
    worst = 0.0
    for count, name in enumerate(TAPS, start=1):
        page.locator(".keyboard").get_by_role("button", name=name, exact=True).tap()
        for _ in range(4):  # 5 taps a second: 200 ms between taps, looked at every 50 ms
            page.wait_for_timeout(50)
            now = page.evaluate(KEY_TOPS)
            worst = max(worst, max(abs(a - b) for a, b in zip(now, start, strict=True)))
        if count < 14:
            assert requests == [], f"a request after {count} tiles"
    expect(page.locator("#result .score .big")).to_be_visible()
    page.wait_for_timeout(400)  # the score line and the result have arrived
    now = page.evaluate(KEY_TOPS)
    worst = max(worst, max(abs(a - b) for a, b in zip(now, start, strict=True)))
    assert worst <= 1, f"a key moved {worst} px"
    assert len(requests) >= 1


def test_removing_a_tile_clears_the_score_and_says_what_is_missing(page):
    page.goto(page.base + "/?variant=shanghai&hand=123m234m456p789s55s%2B5s")
    expect(page.locator("#result .score .big")).to_be_visible()
    page.locator("#hand-view button").first.tap()
    expect(page.locator("#hand-error .pending")).to_have_text("Tiles still to add: 1")
    expect(page.locator("#result .score")).to_have_count(0)
