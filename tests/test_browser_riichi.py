"""Riichi on the page (Chromium, 360 x 780, touch): a hand tapped in with a red five scores its
aka dora, and the context box has the riichi flags and the dora boxes. Screenshots in /tmp/shots/
(riichi-hand, riichi-context)."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

# 234m 067p 678s 345s 88p: all simples, a red five of circles; won on the last 8p.
TAPS = ["2 of characters", "3 of characters", "4 of characters", "red 5 of circles",
        "6 of circles", "7 of circles", "6 of bamboo", "7 of bamboo", "8 of bamboo",
        "3 of bamboo", "4 of bamboo", "5 of bamboo", "8 of circles", "8 of circles"]


def test_a_red_five_tapped_in_is_a_dora(page):
    page.goto(page.base + "/?variant=riichi")
    keyboard = page.locator(".keyboard")
    for name in TAPS:
        keyboard.get_by_role("button", name=name, exact=True).tap()
    expect(page.locator("input[name=hand]")).to_have_value("234m06788p345678s +8p")
    result = page.locator("#result")
    expect(result).to_contain_text("Aka dora")
    expect(result).to_contain_text("Tanyao")
    assert no_horizontal_scroll(page)
    shot(page, "riichi-hand", screen=True)


def test_the_context_has_the_riichi_fields(page):
    page.goto(page.base + "/?variant=riichi&hand=234m067p345678s88p+%2B8p&seat_wind=S"
              "&riichi=on&riichi_sticks=1&dora_indicators=7p&honba=1")
    result = page.locator("#result")
    expect(result).to_contain_text("Riichi")
    expect(result).to_contain_text("Dora")
    for label in ("Riichi declared", "Ippatsu", "Dora indicators", "Honba"):
        expect(page.get_by_text(label).first).to_be_attached()
    assert no_horizontal_scroll(page)
    shot(page, "riichi-context")
