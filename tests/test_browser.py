"""The scoring page in Debian's headless Chromium at phone size (360 x 780), through Playwright.

Screenshots go to /tmp/shots/ (<name>.png and <name>-screen.png) to be looked at; they are not
compared.
"""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS


def key(page, name):
    return page.locator(".keyboard").get_by_role("button", name=name, exact=True)


def total(page):
    return page.locator("#result .score .big")


def test_tap_a_hand_in_see_the_total_and_who_pays(page):
    page.goto(page.base + "/")
    shot(page, "01-empty", screen=True)
    assert no_horizontal_scroll(page)
    # The contract's hand: 234m 567p 22s [EEE] [789p] +2s, seat and round East:
    # 1A 1 + 2F 2 + 2H East for round and seat 2 x 2 = 7 fan; North (upper house) pays 7.
    for name in ("2 of characters", "3 of characters", "4 of characters",
                 "5 of circles", "6 of circles", "7 of circles", "2 of bamboo"):
        key(page, name).click()
    page.locator(".modes [data-mode=pung]").click()
    key(page, "East wind").click()
    page.locator(".modes [data-mode=chow]").click()
    key(page, "7 of circles").click()
    page.locator(".modes [data-mode=win]").click()
    key(page, "2 of bamboo").click()
    box = page.locator("input[name=hand]")
    assert box.input_value() == "234m567p22s [111z] [789p] +2s"
    playwright_sync.expect(total(page)).to_have_text("7")
    result = page.locator("#result")
    playwright_sync.expect(result).to_contain_text("North pays East 7")
    shot(page, "02-scored", screen=True)

    page.get_by_label("Self-drawn").check()
    for seat in ("South", "West", "North"):
        playwright_sync.expect(result).to_contain_text(f"{seat} pays East 7")
    shot(page, "03-self-drawn", screen=True)
    assert no_horizontal_scroll(page)

    # The address bar is the permalink: a fresh page opened on it shows the same score.
    link = page.url
    assert "self_drawn=on" in link
    page.goto(link)
    playwright_sync.expect(total(page)).to_have_text("7")
    playwright_sync.expect(page.locator("#result")).to_contain_text("West pays East 7")
    assert page.locator("#hand-view .tile").count() == 14


def test_tapping_a_tile_in_the_hand_removes_it_and_a_fifth_copy_is_disabled(page):
    page.goto(page.base + "/")
    for _ in range(4):
        key(page, "9 of bamboo").click()
    assert key(page, "9 of bamboo").is_disabled()
    page.locator("#hand-view").get_by_role("button", name="Remove 9 of bamboo").first.click()
    assert page.locator("input[name=hand]").input_value() == "999s +9s"
    assert key(page, "9 of bamboo").is_enabled()


def test_the_notation_box_drives_the_keyboard_and_errors_show_by_the_hand(page):
    page.goto(page.base + "/")
    box = page.locator("input[name=hand]")
    box.fill("123m 456p 789s 345s 19s")
    playwright_sync.expect(page.locator("#hand-error")).to_contain_text("do not form")
    assert page.locator("#hand-view .tile").count() == 14
    shot(page, "04-error", screen=True)
    box.fill("123m 456p 789s 345s 99s")
    playwright_sync.expect(total(page)).to_be_visible()
    playwright_sync.expect(page.locator("#hand-error .error")).to_have_count(0)


def test_keyboard_only_entry(page):
    page.goto(page.base + "/?variant=shanghai")
    key(page, "1 of characters").focus()
    # Nine presses of Enter on focused keys: Tab moves along the keyboard.
    for name in ("1 of characters", "2 of characters", "3 of characters", "4 of circles",
                 "5 of circles", "6 of circles", "7 of bamboo", "8 of bamboo", "9 of bamboo",
                 "3 of bamboo", "4 of bamboo", "5 of bamboo", "9 of characters",
                 "9 of characters"):
        key(page, name).focus()
        page.keyboard.press("Enter")
    # 2A all sequences 2 + 2E no revealed set 2 + 2F one way to win (only 9m completed the
    # 9m eyes) 2 = 6 fan (9m eyes: no 1A); the minimum 5 is met.
    playwright_sync.expect(total(page)).to_have_text("6")
    playwright_sync.expect(page.locator("#result")).to_contain_text("Minimum 5 fans: met")


@pytest.mark.parametrize("variant, taps, expected", [
    # Hong Kong: 123m 456p 789s 345s 99s on a discard: concealed 1 + all chows 1 + no flowers 1.
    ("hongkong", "123m456p789s345s99s", "3"),
    # Sichuan: 123m 456m 789p 123p 55p, the 5p completes the eyes: pair_wait 1 fan.
    ("sichuan", "123m456m789p123p55p", "1"),
    # American: the demo card's cr1 (111a 222a 3333a 4444a) is worth 25.
    ("american", "11122233334444m", "25"),
], ids=["hongkong", "sichuan", "american"])
def test_each_variant_scores_a_tapped_hand(page, variant, taps, expected):
    page.goto(page.base + "/?hand=11m")
    with page.expect_navigation():
        page.locator("select[name=variant]").select_option(variant)
    assert page.locator("input[name=hand]").input_value() == "11m"  # kept across the switch
    page.locator("[data-action=clear]").click()
    names = {"m": "characters", "p": "circles", "s": "bamboo"}
    digits = ""
    for char in taps:
        if char.isdigit():
            digits += char
            continue
        for digit in digits:
            key(page, f"{digit} of {names[char]}").click()
        digits = ""
    playwright_sync.expect(total(page)).to_have_text(expected)
    shot(page, f"05-{variant}", screen=True)
    assert no_horizontal_scroll(page)


def test_the_page_in_french_and_the_pattern_library(page):
    page.goto(page.base + "/?variant=shanghai&hand=234m567p22s[EEE][789p]%2B2s")
    page.locator(".lang button[value=fr]").click()
    playwright_sync.expect(page.locator("html")).to_have_attribute("lang", "fr")
    playwright_sync.expect(total(page)).to_have_text("7")
    playwright_sync.expect(page.locator("#result")).to_contain_text("Nord paie Est 7")
    playwright_sync.expect(page.locator("#result")).to_contain_text("Yeux spéciaux")  # 1A
    shot(page, "06-french", screen=True)
    assert no_horizontal_scroll(page)
    page.goto(page.base + "/patterns/shanghai/")
    shot(page, "07-library", screen=True)
    assert no_horizontal_scroll(page)
    page.locator("#p-15D a", has_text="").last.click()
    playwright_sync.expect(page.locator("#result")).to_contain_text("15D")


def test_french_pattern_names_and_no_chow_button_in_sichuan(page):
    page.goto(page.base + "/?variant=shanghai&hand=123m456m456m789m99s")
    page.locator(".lang button[value=fr]").click()
    playwright_sync.expect(page.locator("html")).to_have_attribute("lang", "fr")
    # 15D two dragon suits 15 (it includes 7A, 2D and 2J) + 2A all sequences 2 (the 9s eyes
    # make two suits) + 2B absence of one suit 2 + 2E no revealed set 2 + 2F one way to win (only
    # 9s completes the eyes) 2 = 23 fan.
    playwright_sync.expect(total(page)).to_have_text("23")
    result = page.locator("#result")
    playwright_sync.expect(result.locator(".patterns")).to_contain_text("Deux suites de dragon")
    playwright_sync.expect(result.locator(".excluded")).to_contain_text("Une suite de dragon")
    shot(page, "fr-shanghai-scored", screen=True)
    assert no_horizontal_scroll(page)
    with page.expect_navigation():
        page.locator("select[name=variant]").select_option("sichuan")
    assert page.locator(".modes [data-mode=chow]").count() == 0
    assert page.locator(".modes [data-mode=pung]").count() == 1
    shot(page, "fr-sichuan-keyboard", screen=True)
    page.goto(page.base + "/patterns/sichuan/")
    playwright_sync.expect(page.locator("#p-seven_pairs")).to_contain_text(
        "quatre tuiles identiques comptent pour deux paires")
    shot(page, "fr-sichuan-library", screen=True)
    assert no_horizontal_scroll(page)
