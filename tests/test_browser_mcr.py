"""Chinese Official (MCR) on a phone (Debian's headless Chromium, 360 x 780, through Playwright):
a knitted straight tapped in tile by tile scores as the rules document adds it up, with its money,
and a hand under the 8-fan minimum says nobody pays. Screenshots go to /tmp/shots/ to be looked
at; they are not compared."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = MARKS

KNITTED = ["1 of characters", "4 of characters", "7 of characters", "2 of circles",
           "5 of circles", "8 of circles", "3 of bamboo", "6 of bamboo", "9 of bamboo",
           "1 of characters", "2 of characters", "3 of characters", "East wind", "East wind"]


def test_a_knitted_straight_tapped_in_scores_and_pays(page):
    page.goto(page.base + "/?variant=mcr")
    for key in KNITTED:
        page.locator(".keyboard").get_by_role("button", name=key, exact=True).first.tap()
    page.locator("input[name=self_drawn]").check()
    # Knitted Straight 12 + Fully Concealed Hand 4 + Single Wait 1 = 17; each pays 8 + 17.
    expect(page.locator("#result .score .big")).to_have_text("17")
    expect(page.locator("#result")).to_contain_text("Knitted Straight")
    expect(page.locator("#result")).to_contain_text("25")
    shot(page, "mcr-knitted", screen=True)
    assert no_horizontal_scroll(page)


def test_a_hand_under_the_minimum_scores_but_nobody_pays(page):
    page.goto(page.base + "/?variant=mcr&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s&seat_wind=S")
    expect(page.locator("#result .score .big")).to_have_text("3")
    expect(page.locator("#result")).to_contain_text("under the minimum of 8")
    shot(page, "mcr-under-minimum")
