"""The dora and ura dora indicators picked by tapping tiles (Chromium, 360 x 780, touch and
keyboard), and the text box that stays the way in without JavaScript; Riichi's headline, the
money as the table says it. Screenshots in /tmp/shots/players29/."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, phone, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

# Tanyao (1) + pinfu (1) on a discard, 30 fu: a non-dealer's ron, 4 x 480 = 1920 -> 2,000.
# With the indicator 1m, the 2m is a dora (3 han, 30 fu: 4 x 960 = 3840 -> 3,900); with 3p too,
# the 4p is another (4 han 30 fu: 4 x 1920 = 7680 -> 7,700).
HAND = "/?variant=riichi&hand=234m567m234p66s456s+%2B6s&seat_wind=S&discarder=E"


def test_dora_indicators_are_tapped_in_and_out_and_the_money_follows(page):
    page.goto(page.base + HAND)
    result = page.locator("#result")
    expect(result.locator(".total .big")).to_have_text("ron 2,000")
    expect(result.locator(".total .points")).to_have_text("2 han 30 fu")
    picker = page.locator(".tile-picker[data-for=id_dora_indicators]")
    expect(picker).to_be_visible()
    toggle = picker.get_by_role("button", name="Pick tiles")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    keys = picker.get_by_role("group", name="Add to Dora indicators")
    keys.get_by_role("button", name="1 of characters", exact=True).tap()
    box = page.locator("input[name=dora_indicators]")
    expect(box).to_have_value("1m")
    expect(result.locator(".total .big")).to_have_text("ron 3,900")
    keys.get_by_role("button", name="3 of circles", exact=True).tap()
    expect(box).to_have_value("1m 3p")
    expect(result.locator(".total .big")).to_have_text("ron 7,700")
    expect(result.locator(".total .points")).to_have_text("4 han 30 fu")
    assert no_horizontal_scroll(page)
    picker.scroll_into_view_if_needed()
    shot(page, "players29/dora-picked", screen=True)
    picker.get_by_role("button", name="Remove 1 of characters").tap()
    expect(box).to_have_value("3p")
    expect(result.locator(".total .big")).to_have_text("ron 3,900")
    # Typed in the box, the picker draws it.
    box.fill("1m E")
    expect(picker.get_by_role("button", name="Remove East wind")).to_be_visible()


def test_the_picker_works_by_keyboard(page):
    page.goto(page.base + HAND)
    picker = page.locator(".tile-picker[data-for=id_ura_dora_indicators]")
    picker.get_by_role("button", name="Pick tiles").focus()
    page.keyboard.press("Enter")
    key = picker.get_by_role("button", name="5 of bamboo", exact=True)
    expect(key).to_be_visible()
    key.focus()
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    expect(page.locator("input[name=ura_dora_indicators]")).to_have_value("5s 5s")
    remove = picker.get_by_role("button", name="Remove 5 of bamboo").first
    remove.focus()
    page.keyboard.press("Enter")
    expect(page.locator("input[name=ura_dora_indicators]")).to_have_value("5s")
    # The focus stays in the picker, on the tile left.
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == \
        "Remove 5 of bamboo"
    # Ura dora without riichi: the engine says so, beside the context.
    expect(page.locator("#context-error")).to_contain_text("riichi")


def test_without_javascript_the_indicators_are_typed(browser, live_server):
    context, page = phone(browser, live_server, java_script_enabled=False)
    try:
        page.goto(page.base + HAND)
        expect(page.locator(".tile-picker").first).to_be_hidden()
        page.locator("input[name=dora_indicators]").fill("1m 3p")
        page.get_by_role("button", name="Score", exact=True).click()
        expect(page.locator("#result .total .big")).to_have_text("ron 7,700")
        expect(page.locator("input[name=dora_indicators]")).to_have_value("1m 3p")
        assert no_horizontal_scroll(page)
        shot(page, "players29/dora-typed-no-js")
    finally:
        context.close()


def test_the_headline_of_a_tsumo_with_honba_and_a_stick(page):
    # Ryanpeikou, tanyao, menzen tsumo, pinfu and riichi: 7 han, haneman (3000). A non-dealer's
    # tsumo: 3,000 + 100 from each non-dealer, 6,000 + 100 from the dealer (1 honba); the
    # stick on the table: the winner receives 3,100 x 2 + 6,100 + 1,000 = 13,300.
    page.goto(page.base + "/?variant=riichi&hand=22334455m667788s+%2B8s&seat_wind=S"
              "&self_drawn=on&riichi=on&riichi_sticks=1&honba=1")
    result = page.locator("#result")
    expect(result.locator(".total .big")).to_have_text("3,100 / 6,100")
    expect(result.locator(".total .split")).to_have_text("non-dealers / dealer")
    expect(result.locator(".total .points")).to_have_text("haneman · 7 han")
    expect(result.locator(".table-pays")).to_have_text(
        "1 honba included (+300) · + 1,000 from 1 riichi stick on the table · the winner "
        "receives 13,300")
    assert no_horizontal_scroll(page)
    page.evaluate("document.querySelector('#result').scrollIntoView()")
    shot(page, "players29/headline-tsumo", screen=True)


@pytest.mark.parametrize("language, money, count", [
    ("fr", "6\u00a0000 chacun", "haneman · 6 han"),
    ("zh-hans", "每家 6000", "跳满 · 6 番"),
])
def test_the_headline_in_french_and_chinese(page, language, money, count):
    # The dealer's haneman self-drawn: 2 x 3000 = 6,000 from each of the three.
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.base}])
    page.goto(page.base + "/?variant=riichi&hand=22334455m667788s+%2B8s&seat_wind=E"
              "&self_drawn=on")
    result = page.locator("#result")
    expect(result.locator(".total .big")).to_have_text(money)
    expect(result.locator(".total .points")).to_have_text(count)
    picker = page.locator(".tile-picker[data-for=id_dora_indicators]")
    picker.locator(".pick-toggle").tap()
    assert no_horizontal_scroll(page)
    page.evaluate("document.querySelector('#result').scrollIntoView()")
    shot(page, f"players29/headline-{language}", screen=True)
