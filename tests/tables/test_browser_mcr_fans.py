"""MCR quick entry by its fans on one phone (Chromium, 360 x 780): the fans ticked, grouped by
value, a per-set fan's count and the flowers chosen; the engine's total and money on the board;
an exclusion refused in the engine's words with the ticks kept. Screenshots go to
/tmp/shots/tables-mcr-fans-*.png."""

import pytest

from tests.browser import MARKS, SHOTS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")


def total_of(page, name) -> int:
    item = page.locator(".standings .player", has_text=name)
    return int(item.locator(".ptotal").get_attribute("data-total"))


def test_fans_ticked_are_added_up_refused_when_excluded_and_paid(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("mcr")
    expect(page.locator("[name=mcr-minimum_fan]")).to_be_attached()
    page.get_by_label("Table name").fill("Club")
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.get_by_role("button", name="Open the table").click()
    quick = page.locator("form.quick")
    quick.get_by_label("Winner").select_option(label="S · Bob")
    quick.get_by_label("Won from").select_option(label="E · Ann's discard")
    ticks = quick.locator("details.fan-ticks")
    ticks.locator("summary").click()
    expect(ticks.locator("legend").first).to_have_text("Worth 88 fan")
    # Big Four Winds with All Pungs: the engine refuses, naming both; the ticks stay.
    ticks.get_by_label("Big Four Winds").check()
    ticks.get_by_label("All Pungs").check()
    page.evaluate("document.querySelector('details.fan-ticks').scrollIntoView()")
    shot(page, "tables-mcr-fans-01-ticked", screen=True)
    assert no_horizontal_scroll(page)
    quick.get_by_role("button", name="Add the win").click()
    expect(page.locator("form.quick .error")).to_contain_text(
        "Big Four Winds already counts All Pungs: untick All Pungs.")
    ticks = page.locator("form.quick details.fan-ticks")
    expect(ticks).to_have_attribute("open", "")
    expect(ticks.get_by_label("All Pungs")).to_be_checked()
    page.evaluate("document.querySelector('form.quick').scrollIntoView()")
    shot(page, "tables-mcr-fans-02-refused", screen=True)
    assert no_horizontal_scroll(page)
    # All Pungs 6 + Half Flush 6 + two Dragon Pungs 2 x 2 + 1 flower = 17: Ann pays 8 + 17.
    ticks.get_by_label("Big Four Winds").uncheck()
    ticks.get_by_label("Half Flush").check()
    ticks.locator("select[name=fan_59]").select_option("2")
    ticks.locator("select[name=flowers]").select_option("1")
    ticks.locator("fieldset.fan-group", has_text="Worth 2 fan").screenshot(
        path=str(SHOTS / "tables-mcr-fans-03-per-set.png"))
    ticks.locator("label.flowers").screenshot(path=str(SHOTS / "tables-mcr-fans-03-flowers.png"))
    assert no_horizontal_scroll(page)
    page.locator("form.quick").get_by_role("button", name="Add the win").click()
    expect(page.locator(".hand-number")).to_have_text("Hand 2 of 16")
    assert total_of(page, "Bob") == 25 + 8 + 8
    assert total_of(page, "Ann") == -25
    assert total_of(page, "Cy") == -8 and total_of(page, "Di") == -8
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "tables-mcr-fans-04-paid", screen=True)
    assert no_horizontal_scroll(page)
