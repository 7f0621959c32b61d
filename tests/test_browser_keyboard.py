"""The tile keyboard at a real table (Chromium, 360 x 780, touch): no key moves under a finger
while a hand is tapped in, and no request is sent until the hand is complete."""

import pytest

from scoring.engine.variants import VARIANTS
from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

KEY_TOPS = ("Array.from(document.querySelectorAll('.keyboard button'))"
            ".map(b => b.getBoundingClientRect().top + window.scrollY)")
# 123m 234m 456p 789s 55s: 14 taps (the last 5s is the winning tile).
TAPS = ["1 of characters", "2 of characters", "3 of characters", "2 of characters",
        "3 of characters", "4 of characters", "4 of circles", "5 of circles", "6 of circles",
        "7 of bamboo", "8 of bamboo", "9 of bamboo", "5 of bamboo", "5 of bamboo"]
# Riichi's keyboard has a tenth key a suit row, the red five: the same hand with 0p for 5p.
RED_TAPS = [("red 5 of circles" if key == "5 of circles" else key) for key in TAPS]
KEYBOARDS = {"shanghai": TAPS, "mcr": TAPS, "riichi": RED_TAPS}


@pytest.mark.parametrize("variant", KEYBOARDS)
def test_fourteen_taps_at_five_a_second_never_move_a_key(page, variant):
    page.goto(page.base + f"/?variant={variant}")
    requests = []
    page.on("request", lambda r: requests.append(r) if r.method == "POST" else None)
    start = page.evaluate(KEY_TOPS)
    worst = 0.0
    for count, name in enumerate(KEYBOARDS[variant], start=1):
        page.locator(".keyboard").get_by_role("button", name=name, exact=True).tap()
        for _ in range(4):  # 5 taps a second: 200 ms between taps, looked at every 50 ms
            page.wait_for_timeout(50)
            now = page.evaluate(KEY_TOPS)
            worst = max(worst, max(abs(a - b) for a, b in zip(now, start, strict=True)))
        if count < 13:  # at 13 the page asks what wins
            assert requests == [], f"a request after {count} tiles"
    expect(page.locator("#result .score .big")).to_be_visible()
    page.wait_for_timeout(400)  # the score line and the result have arrived
    now = page.evaluate(KEY_TOPS)
    worst = max(worst, max(abs(a - b) for a, b in zip(now, start, strict=True)))
    assert worst <= 1, f"a key moved {worst} px"
    assert len(requests) >= 1


def test_one_tile_short_shows_what_wins_and_a_tap_completes_the_hand(page):
    page.goto(page.base + "/?variant=shanghai&hand=123m234m456p789s55s%2B5s")
    expect(page.locator("#result .score .big")).to_be_visible()
    page.locator("#hand-view button").first.tap()  # 1m out: 23m 234m 456p 789s 55s waits 1m, 4m
    expect(page.locator("#hand-error .summary")).to_have_text("Ready: 2 tiles win ↓")
    waits = page.locator("#result .waits-list .wait")
    expect(waits).to_have_count(2)
    waits.first.tap()
    expect(page.locator("#result .score .big")).to_be_visible()
    assert page.locator("#hand-view .tile").count() == 14


def test_two_tiles_short_says_what_is_missing_and_asks_nothing(page):
    page.goto(page.base + "/?variant=shanghai&hand=123m234m456p789s55s%2B5s")
    expect(page.locator("#result .score .big")).to_be_visible()
    page.locator("#hand-view button").first.tap()
    expect(page.locator("#hand-error .summary")).to_contain_text("Ready")
    page.locator("#hand-view button").first.tap()
    expect(page.locator("#hand-error .pending")).to_have_text("Tiles still to add: 2")
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


KEY_BOXES = """() => Array.from(document.querySelectorAll('.keyboard .keys')).map(row =>
  Array.from(row.querySelectorAll('.key')).map(b => {
    const r = b.getBoundingClientRect();
    return [r.left, r.top + window.scrollY, r.width, r.height]; }))"""


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_key_the_same_size_each_suit_on_one_line_the_honours_on_screen(page, variant):
    # Riichi's red fives end their suit's row rather than wrapping onto a line of their own.
    # (KEY_BOXES: one list a suit; a suit's keys may share a line with the suit before.)
    page.goto(page.base + f"/?variant={variant}")
    rows = page.evaluate(KEY_BOXES)
    sizes = {(round(w), round(h)) for row in rows for _, _, w, h in row}
    assert len(sizes) == 1, sizes
    (width, height), = sizes
    assert width >= 30 and height >= 48  # a finger's width
    for row in rows:
        assert len({round(top) for _, top, _, _ in row}) == 1, "a row wraps"
    lines = {}
    for row in rows:
        for _, top, _, _ in row:
            lines[round(top)] = lines.get(round(top), 0) + 1
    # No key stranded on a line of its own: American's flower and joker end the honours' line.
    assert min(lines.values()) >= 3, lines
    honours = rows[3] if len(rows) > 3 else rows[-1]
    assert max(top + h for _, top, _, h in honours) <= 780  # tapped without scrolling
    assert no_horizontal_scroll(page)
    shot(page, f"keyboard-{variant}", screen=True)


def test_a_skip_link_leads_past_the_keys_and_moves_none(page):
    page.goto(page.base + "/?variant=riichi")
    start = page.evaluate(KEY_TOPS)
    skip = page.get_by_role("link", name="Skip the tile keyboard")
    page.locator(".won-how select").last.focus()
    page.keyboard.press("Tab")  # the next stop after the usual context is the skip link
    expect(skip).to_be_focused()
    assert skip.bounding_box()["height"] > 20  # shown while it has the focus
    shot(page, "keyboard-skip-link", screen=True)
    assert page.evaluate(KEY_TOPS) == start
    page.keyboard.press("Enter")
    expect(page.locator("#context")).to_be_focused()
    page.keyboard.press("Tab")  # on to the first flag, past every key
    expect(page.locator("#context input").first).to_be_focused()


# Each variant's plain hand, self-drawn by East: three payers of the same amount.
SELF_DRAWN = {
    "shanghai": "123m456p22789s[111z]%2B2s", "hongkong": "123m456p22789s[777z]%2B2s",
    "sichuan": "123456789m99p[555p]%2B9p", "mcr": "123m456p22789s[777z]%2B2s",
    "riichi": "123m406p22789s[777z]%2B2s", "american": "44m66688s[2222m][666z]%2B8s",
}


@pytest.mark.parametrize("variant", SELF_DRAWN)
def test_a_self_drawn_score_line_fits_its_box(page, variant):
    # The three payers share one arrow (S/W/N→E 1000): the line is whole in its fixed box,
    # where "S→E 1000, W→E 1000, N→E 1000" wrapped and its second line was cut off.
    page.goto(page.base + f"/?variant={variant}&hand={SELF_DRAWN[variant]}&self_drawn=on")
    summary = page.locator("#hand-error .summary")
    # Riichi says the money as the table does: East, the dealer, 2 han 30 fu self-drawn: 1,000 all.
    expect(summary).to_contain_text("1,000 all" if variant == "riichi" else "S/W/N→E")
    fits = page.evaluate("""() => { const box = document.getElementById('hand-error');
        const line = box.querySelector('.summary a').getBoundingClientRect();
        return box.scrollHeight <= box.clientHeight && line.height < 40; }""")
    assert fits
