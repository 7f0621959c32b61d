"""Tiles look the same on every phone (Chromium, 360 x 780, which has no Chinese font here): the
winds, dragons, flowers and 萬 on every variant's keyboard are drawn with the page's own subset
font, not with whatever the device has, nor as empty boxes. And on a desktop screen the result
sits beside the hand rather than under it.

Which font drew a glyph is asked of Chromium itself (DevTools' CSS.getPlatformFontsForNode), so the
check holds on a machine that has a Chinese font too; a control test blocks the font file and sees
the check fail."""

import pytest

from scoring.engine.variants import VARIANTS
from tests.browser import MARKS, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

FAMILY = "Tile Faces"                # the @font-face name in site.css
FONT_FILE = "Noto Serif CJK TC"      # the family named inside static/fonts/tile-faces.woff2
HAN = "/[\\u3400-\\u9fff]/"
# The text of every visible mark on a keyboard key that holds a Han character.
MARKS_WITH_HAN = f"""() => Array.from(
  document.querySelectorAll('.keyboard .key b, .keyboard .key i'))
  .filter(e => {HAN}.test(e.textContent) && e.getBoundingClientRect().width > 0)
  .map(e => e.textContent)"""


def marks_with_han(page):
    return page.evaluate(MARKS_WITH_HAN)


def fonts_used(page):
    """{mark text: [(font family, is the page's own font)]} for every keyboard mark with a Han
    character, as Chromium's layout reports it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll",
                     {"nodeId": root, "selector": ".keyboard .key b, .keyboard .key i"})["nodeIds"]
    used = {}
    for node in nodes:
        text = cdp.send("DOM.describeNode", {"nodeId": node, "depth": 1})["node"]
        text = "".join(c.get("nodeValue", "") for c in text.get("children", []))
        if not any("\u3400" <= c <= "\u9fff" for c in text):
            continue
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        used[text] = [(f["familyName"], f["isCustomFont"]) for f in fonts]
    cdp.detach()
    return used


def open_keyboard(page, variant):
    page.goto(page.base + f"/?variant={variant}")
    expect(page.locator(".keyboard .key").first).to_be_visible()
    page.evaluate("document.fonts.ready")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_chinese_mark_on_the_keyboard_is_drawn_with_the_pages_own_font(page, variant):
    fonts = []
    page.on("response", lambda r: fonts.append(r) if "/fonts/" in r.url else None)
    open_keyboard(page, variant)
    shot(page, f"faces-{variant}", screen=True)
    marks = marks_with_han(page)
    assert "萬" in marks  # every variant has a characters suit
    used = fonts_used(page)
    assert set(used) == set(marks)
    for mark, drawn_with in used.items():
        assert drawn_with == [(FONT_FILE, True)], f"{mark} drawn with {drawn_with}"
    assert page.evaluate(f"""() => Array.from(document.fonts)
        .filter(f => f.family.replace(/"/g, '') === '{FAMILY}').map(f => f.status)""") == ["loaded"]
    assert page.evaluate(f"document.fonts.check('700 20px \"{FAMILY}\"', '{''.join(marks)}')")
    assert [r.status for r in fonts] == [200]
    assert fonts[0].headers["content-type"] == "font/woff2"


def test_the_wind_marks_are_four_different_pictures_not_four_empty_boxes(page):
    open_keyboard(page, "hongkong")
    winds = page.locator(".keyboard .key.wind b")
    expect(winds).to_have_count(4)
    pictures = [winds.nth(i).screenshot() for i in range(4)]
    assert len(set(pictures)) == 4
    dragons = page.locator(".keyboard .key.dragon-g b, .keyboard .key.dragon-r b")
    assert dragons.nth(0).screenshot() != dragons.nth(1).screenshot()


def test_without_the_font_file_the_marks_fall_back_to_the_device_so_the_check_above_means_it(page):
    page.route("**/fonts/tile-faces*.woff2", lambda route: route.abort())
    open_keyboard(page, "shanghai")
    page.wait_for_timeout(200)
    shot(page, "faces-shanghai-without-font", screen=True)
    used = fonts_used(page)
    assert used and all((FONT_FILE, True) not in drawn_with for drawn_with in used.values())


def test_on_a_desktop_screen_the_result_is_to_the_right_of_the_keyboard(browser, live_server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(live_server.url + "/?variant=shanghai&hand=234m567p22s%5BEEE%5D%5B789p%5D%2B2s")
    expect(page.locator("#result .score .big")).to_be_visible()
    shot(page, "desktop-1280", screen=True)
    keyboard = page.locator(".keyboard").bounding_box()
    form = page.locator("#scorer").bounding_box()
    result = page.locator("#result").bounding_box()
    assert result["x"] >= keyboard["x"] + keyboard["width"]
    assert result["x"] >= form["x"] + form["width"]
    assert result["y"] < keyboard["y"] + keyboard["height"], "beside the keyboard, not under it"
    assert keyboard["width"] >= 400 and result["width"] >= 400
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    # Scrolled down to the house rules, the result is still on the screen.
    page.locator("#scorer .go").scroll_into_view_if_needed()
    box = page.locator("#result").bounding_box()
    assert 0 <= box["y"] < 800
    context.close()
