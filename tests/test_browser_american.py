"""The American card on a phone (Debian's headless Chromium, 360 x 780, through Playwright): pasted
once, kept on the phone across reloads and fresh visits, never in the cookie; without JavaScript
the card travels in the form's query.

Screenshots go to /tmp/shots/ to be looked at; they are not compared.
"""

from urllib.parse import unquote

import pytest

from tests.browser import MARKS, no_horizontal_scroll, phone, shot
from tests.test_american_doors import CARD, WINDS

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = MARKS
TYPED_CARD = CARD.replace("\r\n", "\n")  # what a paste into the textarea holds


def card_box(page):
    return page.locator("textarea[name=american-card]")


def test_the_american_keyboard_has_no_concealed_kong_and_a_flower_key_for_eight(page):
    # American: exposures only, concealed tiles written loose; 8 interchangeable flowers, 8 jokers.
    page.goto(page.base + "/?variant=american")
    modes = page.locator(".modes [data-mode]")
    # tile, pung, kong, quint, sextet, winning tile: no chow, no concealed kong
    expect(modes).to_have_count(6)
    assert page.locator(".modes [data-mode=ckong]").count() == 0
    expect(page.locator(".modes [data-mode=kong]")).to_be_visible()
    flower = page.locator(".keyboard [data-code='1f']")
    for _ in range(8):
        flower.click()
    expect(flower).to_be_disabled()
    shot(page, "american-keyboard", screen=True)
    assert no_horizontal_scroll(page)


def test_paste_the_card_once_score_a_hand_and_it_is_still_there_after_a_reload(page):
    page.goto(page.base + "/?variant=american")
    page.locator("details.rules summary").click()
    card_box(page).fill(TYPED_CARD)
    page.locator("input[name=hand]").fill(WINDS)
    # The card's w1 (35), no joker: doubled, 70 points; North discarded: pays 140, S and W 70.
    expect(page.locator("#result .score .big")).to_have_text("35")
    expect(page.locator("#result [data-pattern=w1]")).to_be_visible()
    expect(page.locator("#result")).to_contain_text("North pays East 140")
    shot(page, "american-card")
    cookies = {c["name"]: unquote(c["value"]) for c in page.context.cookies()}
    assert "w1 35" not in cookies["house_rules"] and len(cookies["house_rules"]) < 400

    page.reload()
    assert card_box(page).input_value().replace("\r\n", "\n") == TYPED_CARD
    expect(page.locator("#result .score .big")).to_have_text("35")

    # A fresh visit whose link names no card: the card comes back from the phone, and a hand in
    # the link is scored again against it.
    page.goto(page.base + "/?variant=american&hand=" + WINDS.replace(" ", "+"))
    expect(card_box(page)).to_have_value(TYPED_CARD)
    expect(page.locator("#result .score .big")).to_have_text("35")
    shot(page, "american-card-restored")

    # A link that names the demo card keeps it (the pattern library's examples).
    page.goto(page.base + "/?variant=american&american-card=demo")
    expect(card_box(page)).to_have_value("demo")


def test_a_bad_line_is_shown_next_to_the_card_and_nothing_typed_is_lost(page):
    page.goto(page.base + "/?variant=american")
    page.locator("details.rules summary").click()
    page.locator("input[name=hand]").fill(WINDS)
    card_box(page).fill("[Ours]\nw1 35 X : NNNN EEE WWW SSSS\nw2 30 X : NNNN EEE WWW SSSSm")
    error = page.locator("#error-american-card .error")
    expect(error).to_contain_text("Card line 3")
    expect(page.locator("#result")).to_contain_text("see the message in the house rules")
    assert page.locator("input[name=hand]").input_value() == WINDS
    shot(page, "american-bad-card")


def test_without_javascript_the_card_is_posted_not_put_in_the_address(browser, live_server):
    context, page = phone(browser, live_server, java_script_enabled=False)
    page.goto(page.base + "/?variant=american")
    page.locator("details.rules summary").click()
    card_box(page).fill(TYPED_CARD)
    page.locator("input[name=hand]").fill(WINDS)
    page.get_by_role("button", name="Score", exact=True).click()
    expect(page.locator("#result .score .big")).to_have_text("35")
    assert "american-card=" not in page.url and "w1" not in page.url
    context.close()


def test_a_typed_f_is_explained_not_turned_into_a_green_dragon(page):
    page.goto(page.base + "/?variant=american")
    page.locator("input[name=hand]").fill("FF 2222m 4444m 6666m")
    error = page.locator("#hand-error .error")
    expect(error).to_contain_text("6z")
    expect(error).to_contain_text("1f")
    # The hand view did not read F as the green dragon (it would show the 14 tiles).
    assert page.locator("#hand-view .tile").count() == 0
    assert page.locator("input[name=hand]").input_value() == "FF 2222m 4444m 6666m"


def test_exposures_with_jokers_quints_and_sextets_by_tap(page):
    page.goto(page.base + "/?variant=american")
    keys = page.locator(".keyboard")
    # A quint of 5 circles: four are all the set holds, so one joker fills it.
    keys.locator("[data-mode=quint]").click()
    keys.get_by_role("button", name="5 of circles", exact=True).tap()
    # A pung of North with two jokers, asked for on the counter.
    counter = keys.locator("[data-action=jokers]")
    counter.click()
    counter.click()
    expect(counter).to_have_text("Jokers in the next set: 2")
    keys.locator("[data-mode=pung]").click()
    keys.get_by_role("button", name="North wind", exact=True).tap()
    expect(counter).to_have_text("Jokers in the next set: 0")  # one set at a time
    box = page.locator("input[name=hand]")
    assert "[5555pJ]" in box.input_value() and "[4zJJ]" in box.input_value()
    # A sextet needs two jokers at least; the keyboard is back to single tiles after each set.
    keys.locator("[data-mode=sextet]").click()
    keys.get_by_role("button", name="2 of bamboo", exact=True).tap()
    assert "[2222sJJ]" in box.input_value()
    expect(keys.locator("[data-mode=tile]")).to_have_attribute("aria-pressed", "true")


def test_pick_one_line_of_the_card_and_check_the_hand_against_it(page):
    # ln1 25 X shift : 1111a 111b 1111c DDDc (demo card), a=m b=p c=s, bams' dragon green.
    page.goto(page.base + "/?variant=american")
    page.locator("input[name=hand]").fill("1111m 111p 1111s 666z")
    expect(page.locator("#result [data-pattern=ln1]")).to_be_visible()
    picker = page.locator("#result select[name=line]")
    expect(picker.locator("option[value=ln1]")).to_have_text("ln1 · 25 · 1111a 111b 1111c DDDc")
    picker.select_option("cr1")  # cr1 25 X shift : 111a 222a 3333a 4444a
    expect(page.locator("#hand-error")).to_contain_text("do not match cr1")
    expect(page.locator("#result select[name=line]")).to_have_value("cr1")
    shot(page, "american-line-checked", screen=True)
    assert no_horizontal_scroll(page)
    page.locator("#result select[name=line]").select_option("ln1")
    expect(page.locator("#result [data-pattern=ln1]")).to_be_visible()
    expect(page.locator("#hand-error")).not_to_contain_text("do not match")
