"""A whole evening on one phone (Chromium, 360 x 780): open a table, add three hands from the
scorer and one by quick entry, undo one, settle up. Screenshots go to /tmp/shots/tables-*.png."""

import re

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
HAND = "234m 567p 22s [EEE] [789p] +2s"
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]


def totals(page):
    return {name: page.locator(f".standings .player:has-text('{name}') .ptotal")
            .get_attribute("data-total") for name in ("Ann", "Bob", "Cy", "Di")}


def choose(select, text):
    select.select_option(select.locator("option", has_text=text).get_attribute("value"))


def from_scorer(page, seat, winner, self_drawn=False, discarder="Ann"):
    page.get_by_role("link", name="Score it with the tiles").click()
    page.locator("input[name=hand]").fill(HAND)
    page.locator("select[name=seat_wind]").select_option(seat)
    if self_drawn:
        page.get_by_label("Self-drawn").check()
    link = page.get_by_role("link", name="Add to table")
    # Wait for the result of the last change (the link carries the hand's permalink).
    expect(link).to_have_attribute("href", re.compile(f"seat_wind={seat}"))
    if self_drawn:
        expect(link).to_have_attribute("href", re.compile("self_drawn=on"))
    link.click()
    # Chosen as the scorer said (its seat, its discarder); the money follows each choice.
    form = page.locator("form.from-scorer")
    expect(page.locator("#preview .transfers")).to_contain_text("→")
    choose(form.locator("select[name=winner]"), winner)
    choose(form.locator("select[name=source]"),
           "self-drawn" if self_drawn else f"{discarder}'s discard")
    expect(page.locator("#preview .transfers")).to_contain_text(f"→ {winner}")
    shot(page, f"tables-from-scorer-{seat}")
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Add to the table").click()
    expect(page.locator(".notice")).to_contain_text("Hand saved")


def test_an_evening_at_one_table(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Table name").fill("Friday")
    for seat, name in enumerate(("Ann", "Bob", "Cy", "Di")):  # East, South, West, North
        page.locator(f"input[name=player{seat}]").fill(name)
    shot(page, "tables-01-new")
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator(".round-wind")).to_have_text("East round")
    expect(page.locator(".hand-number")).to_have_text("Hand 1")
    shot(page, "tables-02-empty-table")

    # Hand 1: Bob (South) wins on Ann's discard: 1A 1 + 2F 2 + 2H round wind 2 = 5; Ann pays 5.
    from_scorer(page, "S", "Bob")
    assert totals(page) == {"Ann": "-5", "Bob": "5", "Cy": "0", "Di": "0"}
    # Bob was not the dealer: the deal passes to him.
    expect(page.locator(".player.dealer")).to_contain_text("Bob")
    # Hand 2: Bob, now East, wins on Ann's (North's) discard: East is round and seat wind, the
    # pung counts twice: 1 + 2 + 2 x 2 = 7.
    from_scorer(page, "E", "Bob")
    assert totals(page) == {"Ann": "-12", "Bob": "12", "Cy": "0", "Di": "0"}
    expect(page.locator(".player.dealer")).to_contain_text("Bob")  # the dealer won: keeps it
    # Hand 3: Di (West) self-drawn, 5: each other player pays 5.
    from_scorer(page, "W", "Di", self_drawn=True)
    assert totals(page) == {"Ann": "-17", "Bob": "7", "Cy": "-5", "Di": "15"}
    expect(page.locator(".player.dealer")).to_contain_text("Cy")
    expect(page.locator(".hand-number")).to_have_text("Hand 4")
    shot(page, "tables-03-three-hands")

    # Hand 4 by quick entry: Ann wins 10 on Bob's discard.
    quick = page.locator("form.quick")
    quick.get_by_label("Winner").select_option(label="W · Ann")
    quick.get_by_label("Won from").select_option(label="N · Bob's discard")
    quick.get_by_label("Fans").fill("10")
    quick.get_by_role("button", name="Add the win").click()
    expect(page.locator(".hand-number")).to_have_text("Hand 5")
    assert totals(page) == {"Ann": "-7", "Bob": "-3", "Cy": "-5", "Di": "15"}
    shot(page, "tables-04-quick-entry")
    assert no_horizontal_scroll(page)

    # Undo hand 4: back to the totals after hand 3.
    page.get_by_role("link", name="Undo hand 4").click()
    expect(page.locator(".confirm")).to_contain_text("Really undo hand 4?")
    page.locator(".confirm").get_by_role("link", name="No").click()  # asked, then kept
    expect(page.locator(".confirm")).to_have_count(0)
    assert page.locator(".hand-row").count() == 4
    page.get_by_role("link", name="Undo hand 4").click()
    shot(page, "tables-04b-confirm-undo", screen=True)
    page.locator(".confirm").get_by_role("button", name="Yes").click()
    expect(page.locator(".notice")).to_contain_text("Hand undone")
    expect(page.locator(".hand-number")).to_have_text("Hand 4")
    assert totals(page) == {"Ann": "-17", "Bob": "7", "Cy": "-5", "Di": "15"}
    assert page.locator(".hand-row").count() == 3
    shot(page, "tables-05-undone")

    page.get_by_role("link", name="Settle up").click()
    items = page.locator(".settlement li")
    expect(items).to_have_count(3)
    assert [" ".join(t.split()) for t in items.all_inner_texts()] == [
        "Ann pays Di 15 points", "Cy pays Bob 5 points", "Ann pays Bob 2 points"]
    shot(page, "tables-06-settle")
    assert no_horizontal_scroll(page)
    page.get_by_role("link", name="Back to the table").click()  # the edit page it came from
    expect(page.get_by_role("button", name="Add the win")).to_be_visible()

    # The scorer's home page leads to the phone's tables, Friday first.
    page.goto(page.base + "/")
    page.get_by_role("link", name="Your tables").click()
    expect(page.locator(".your-table").first).to_contain_text("Friday")
    expect(page.locator(".your-table").first).to_contain_text("3 hands")
    shot(page, "tables-07-yours")
    assert no_horizontal_scroll(page)
