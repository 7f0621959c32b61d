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


def test_a_set_mode_goes_back_to_single_tiles_after_one_set(page):
    page.goto(page.base + "/?variant=shanghai")
    page.locator(".modes [data-mode=pung]").click()
    page.locator(".keyboard").get_by_role("button", name="East wind", exact=True).tap()
    page.locator(".keyboard").get_by_role("button", name="2 of bamboo", exact=True).tap()
    assert page.locator("input[name=hand]").input_value().startswith("2s [111z]")  # 2s alone
    expect(page.locator(".modes [data-mode=tile]")).to_have_attribute("aria-pressed", "true")


def test_the_score_line_says_who_pays_without_scrolling(page):
    # The contract's hand: 7 fan, North (the upper house) pays East 7.
    page.goto(page.base + "/?variant=shanghai&hand=234m567p22s[EEE][789p]%2B2s")
    summary = page.locator("#hand-error .summary")
    expect(summary).to_contain_text("N→E 7")
    box = summary.bounding_box()
    assert box["y"] + box["height"] <= 780  # on the first screen
