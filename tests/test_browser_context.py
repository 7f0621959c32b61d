"""How it was won, in Chromium at phone size: a flag that says how the tile came ticks
self-drawn to match, and a contradiction is explained beside the boxes with everything kept."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

KONG_HAND = "(2222m) 345m 678p 99p 456p +4p"


def test_kong_replacement_ticks_self_drawn_and_robbing_a_kong_unticks_it(page):
    page.goto(page.base + "/?variant=shanghai&hand=" + KONG_HAND.replace("+", "%2B"))
    self_drawn = page.get_by_label("Self-drawn", exact=True)
    page.get_by_label("Kong replacement tile").check()
    expect(self_drawn).to_be_checked()
    # 2G 2 + 5A 5 (concealed, self-drawn) = 7 at least: the score shows, nothing refused.
    expect(page.locator("#result .score .big")).to_be_visible()
    page.get_by_label("Robbing a kong").check()
    expect(self_drawn).not_to_be_checked()
    # Robbing a kong with a kong replacement cannot be: explained beside the boxes.
    error = page.locator("#context-error .error")
    expect(error).to_contain_text("“Kong replacement tile”")  # its box, not its request name
    shot(page, "context-contradiction", screen=True)
    assert no_horizontal_scroll(page)
    # Everything entered is still there.
    assert page.locator("input[name=hand]").input_value() == KONG_HAND
    expect(page.get_by_label("Kong replacement tile")).to_be_checked()
    expect(page.get_by_label("Robbing a kong")).to_be_checked()
    # Ticking self-drawn again clears robbing a kong; the hand scores again.
    self_drawn.check()
    expect(page.get_by_label("Robbing a kong")).not_to_be_checked()
    expect(error).to_have_count(0)
    expect(page.locator("#result .score .big")).to_be_visible()
