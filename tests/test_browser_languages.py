"""The scorer in Simplified and Traditional Chinese on a 360 px phone: one tap on the switch, the
result's words and pattern names in the page's script, nothing wider than the screen.

Screenshots go to /tmp/shots/zh-han[st]-*.png. A machine without a CJK system font draws the Chinese
words as boxes there (only the tile faces have their own font); the assertions read the text.
"""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS

CONTRACT_HAND = "/?variant=shanghai&hand=234m567p22s[EEE][789p]%2B2s"  # 7 fan, North pays East 7


def total(page):
    return page.locator("#result .total .big")


@pytest.mark.parametrize("code, words, pays, special_eyes", [
    ("zh-hans", "你的手牌", "北家付给东家 7", "将"),
    ("zh-hant", "你的手牌", "北家付給東家 7", "將"),
])
def test_the_scorer_and_a_result_in_chinese(page, code, words, pays, special_eyes):
    page.goto(page.base + "/")
    page.locator(f".lang button[value={code}]").click()
    playwright_sync.expect(page.locator("html")).to_have_attribute("lang", code)
    playwright_sync.expect(page.locator("main")).to_contain_text(words)
    shot(page, f"{code}-scorer", screen=True)
    assert no_horizontal_scroll(page)

    page.goto(page.base + CONTRACT_HAND)  # the language is remembered (django_language cookie)
    playwright_sync.expect(page.locator("html")).to_have_attribute("lang", code)
    playwright_sync.expect(total(page)).to_have_text("7")
    result = page.locator("#result")
    playwright_sync.expect(result).to_contain_text(pays)
    playwright_sync.expect(result.locator('[data-pattern="1A"]')).to_contain_text("Jiang")
    playwright_sync.expect(result.locator('[data-pattern="1A"]')).to_contain_text(special_eyes)
    shot(page, f"{code}-result", screen=True)
    assert no_horizontal_scroll(page)


def test_the_switch_fits_the_header_in_every_language(page):
    for code in ("en", "fr", "zh-hans", "zh-hant"):
        page.goto(page.base + "/")
        page.locator(f".lang button[value={code}]").click()
        playwright_sync.expect(page.locator("html")).to_have_attribute("lang", code)
        header = page.locator("header.top").bounding_box()
        assert header["width"] <= 360 and header["height"] < 70, (code, header)
        assert no_horizontal_scroll(page), code
