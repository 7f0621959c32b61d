"""The scorer's "Count by fans" for MCR (Chromium, 360 x 780, touch and keyboard; and without
JavaScript): the fans ticked, the engine's total, minimum and money in the result, a fan another
one counts refused by name. Screenshots in /tmp/shots/players29/."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, phone, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect


def test_fans_ticked_by_touch_are_scored_by_the_engine(page):
    # All Pungs 6 + Half Flush 6 + Pung of Terminals or Honors 1 x 2 = 14, two flowers: 16;
    # South self-drawn: 8 + 16 = 24 from each of the three.
    page.goto(page.base + "/?variant=mcr&seat_wind=S")
    ticks = page.locator("details.fan-ticks")
    ticks.locator("summary").tap()
    expect(ticks.get_by_role("group", name="Worth 88 fan")).to_be_visible()
    ticks.get_by_label("All Pungs", exact=True).tap()
    ticks.get_by_label("Half Flush", exact=True).tap()
    ticks.get_by_label("Pung of Terminals or Honors").select_option("2")
    ticks.get_by_label("Flowers").select_option("2")
    page.locator(".won-how").get_by_label("Self-drawn").tap()
    result = page.locator("#result")
    expect(result.locator(".total .big")).to_have_text("16")
    expect(result).to_contain_text("Minimum 8 fans: met")
    expect(result).to_contain_text("West pays South 24")
    expect(result).to_contain_text("Flower Tiles")
    assert no_horizontal_scroll(page)
    page.evaluate("document.querySelector('details.fan-ticks').scrollIntoView()")
    shot(page, "players29/fans-ticked", screen=True)
    page.evaluate("document.querySelector('#result').scrollIntoView()")
    shot(page, "players29/fans-result", screen=True)
    # Big Four Winds counts All Pungs already: refused, naming both, under the hand.
    ticks.get_by_label("Big Four Winds", exact=True).tap()
    expect(page.locator("#hand-error")).to_contain_text(
        "Big Four Winds already counts All Pungs")
    expect(result).to_contain_text("No score")


def test_fans_ticked_by_keyboard(page):
    page.goto(page.base + "/?variant=mcr&seat_wind=S&discarder=W")
    summary = page.locator("details.fan-ticks summary")
    summary.focus()
    page.keyboard.press("Enter")
    box = page.locator("details.fan-ticks").get_by_label("Seven Pairs", exact=True)
    box.focus()
    page.keyboard.press(" ")
    # Seven Pairs 24 on West's discard: West pays 8 + 24 = 32, the others 8.
    expect(page.locator("#result .total .big")).to_have_text("24")
    expect(page.locator("#result")).to_contain_text("West pays South 32")
    # Under the minimum: No Honors alone is 1 fan.
    page.keyboard.press(" ")
    page.locator("details.fan-ticks").get_by_label("No Honors", exact=True).focus()
    page.keyboard.press(" ")
    expect(page.locator("#hand-error")).to_contain_text("under the minimum of 8")


def test_without_javascript_the_fans_are_ticked_and_scored(browser, live_server):
    context, page = phone(browser, live_server, java_script_enabled=False)
    try:
        page.goto(page.base + "/?variant=mcr&seat_wind=S&discarder=W")
        ticks = page.locator("details.fan-ticks")
        ticks.locator("summary").click()
        ticks.get_by_label("Seven Pairs", exact=True).check()
        page.get_by_role("button", name="Score", exact=True).click()
        expect(page.locator("#result .total .big")).to_have_text("24")
        expect(page.locator("details.fan-ticks")).to_have_attribute("open", "")
        expect(page.locator("details.fan-ticks").get_by_label("Seven Pairs",
                                                                exact=True)).to_be_checked()
        assert no_horizontal_scroll(page)
    finally:
        context.close()
