"""Riichi at a club night, in Chromium at phone size (360 x 780, touch): a closed hand with no
yaku says it is not a win; ticking "Riichi declared" alone, the sticks box left empty, scores it,
the winner taking their own stick. Screenshots in /tmp/shots/ (club-no-yaku, club-riichi)."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

# Seat South, won on East's discard: 234m 567p 123s 789s 11m on 2s (a closed wait), 40 fu.
CLOSED_WAIT = "234m 567p 123s 789s 11m +2s"


def test_ticking_riichi_alone_scores_the_hand_with_the_winners_stick(page):
    page.goto(page.base + "/?variant=riichi&seat_wind=S&hand=" + CLOSED_WAIT.replace("+", "%2B"))
    result = page.locator("#result")
    expect(result.locator('[data-note="no_yaku"]')).to_contain_text("no yaku: not a win")
    expect(result).to_contain_text("Minimum 1 han: not met, nobody pays")
    expect(result.locator(".transfers")).to_have_text("No yaku: not a win, nobody pays")
    result.locator(".score").scroll_into_view_if_needed()
    shot(page, "club-no-yaku", screen=True)
    sticks = page.locator("input[name=riichi_sticks]")
    expect(sticks).to_have_value("")
    page.get_by_label("Riichi declared", exact=True).check()
    # riichi 1 han 40 fu: 1,300 from East; the stick on the table goes to the winner
    expect(result.locator('[data-pattern="riichi"]')).to_be_visible()
    expect(result.locator('[data-note="riichi_sticks"]')).to_contain_text(
        "1 riichi stick on the table: 1000 to the winner")
    expect(result).to_contain_text("1300")
    expect(page.locator("#context-error .error")).to_have_count(0)
    expect(sticks).to_have_value("")  # the box is left as it was: empty
    assert no_horizontal_scroll(page)
    result.locator(".score").scroll_into_view_if_needed()
    shot(page, "club-riichi", screen=True)
