"""Riichi quick entry by han and fu on a phone (Chromium, 360 x 780, touch): an impossible count
(1 han 20 fu on a discard) refused with the form kept as filled, the riichi box still ticked;
then 3 han 40 fu on a discard with the winner in riichi (5,200, his stick back with the pot);
then a dealer's mangan self-drawn, entered without fu (4,000 from each). No page scrolls
sideways. Screenshots: /tmp/shots/tables-riichi-quick-*.png (-hands: the two hands' rows)."""

import pytest
from django.urls import reverse

from scoring.tables.models import Table
from tests.browser import MARKS, SHOTS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ["Annabelle", "Bartholomew", "Cyril", "Dionysia"]


def total_of(page, name):
    return page.locator(f".standings .player:has-text('{name}') .ptotal")


def test_riichi_quick_entry_by_han_and_fu_on_a_phone(page):
    table = Table.objects.create(name="Club night", variant="riichi", rules={}, players=NAMES)
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    quick = page.locator("form.quick")
    expect(quick.locator("select[name=fu] option")).to_have_count(12)  # —, 20, 25, 30..110
    expect(quick.locator("[data-boxes=riichi] input")).to_have_count(4)
    assert no_horizontal_scroll(page)

    # 1 han 20 fu on Annabelle's discard: refused, the choices and the box as they were.
    quick.locator("select[name=winner]").select_option("1")
    quick.locator("select[name=source]").select_option("0")
    quick.locator("select[name=total]").select_option("1")
    quick.locator("select[name=fu]").select_option("20")
    quick.locator("[data-boxes=riichi] label.toggle", has_text="Bartholomew").tap()
    quick.get_by_role("button", name="Add the win").tap()
    quick = page.locator("form.quick")
    expect(quick.locator(".error")).to_contain_text("20 fu is a self-drawn hand only")
    expect(quick.locator("select[name=total]")).to_have_value("1")
    expect(quick.locator("select[name=fu]")).to_have_value("20")
    expect(quick.locator("select[name=winner]")).to_have_value("1")
    expect(quick.locator("select[name=source]")).to_have_value("0")
    expect(quick.locator("[data-boxes=riichi] input:checked")).to_have_count(1)
    assert not table.hands.exists()
    quick.scroll_into_view_if_needed()
    shot(page, "tables-riichi-quick-refused", screen=True)
    assert no_horizontal_scroll(page)

    # 3 han 40 fu: 40 x 2^5 = 1,280, x 4 = 5,120 -> 5,200 from Annabelle; Bartholomew's stick
    # goes in the pot and comes back to him.
    quick.locator("select[name=total]").select_option("3")
    quick.locator("select[name=fu]").select_option("40")
    quick.get_by_role("button", name="Add the win").tap()
    expect(page.locator("#hand-1")).to_contain_text("3 han 40 fu")
    expect(page.locator("#hand-1")).to_contain_text("Bartholomew takes the riichi stick")
    expect(total_of(page, "Bartholomew")).to_have_attribute("data-total", "5200")
    expect(total_of(page, "Annabelle")).to_have_attribute("data-total", "-5200")
    expect(page.locator(".now .sticks")).to_have_attribute("data-sticks", "0")
    shot(page, "tables-riichi-quick-board", screen=True)
    assert no_horizontal_scroll(page)

    # Bartholomew deals now: a mangan self-drawn, no fu: 2 x 2,000 = 4,000 from each.
    quick = page.locator("form.quick")
    expect(page.locator(".standings .player.dealer")).to_contain_text("Bartholomew")
    quick.locator("select[name=winner]").select_option("1")
    quick.locator("select[name=source]").select_option("self")
    quick.locator("select[name=total]").select_option("5")
    quick.get_by_role("button", name="Add the win").tap()
    expect(page.locator("#hand-2")).to_contain_text("5 han · mangan")
    expect(total_of(page, "Bartholomew")).to_have_attribute("data-total", "17200")
    expect(total_of(page, "Cyril")).to_have_attribute("data-total", "-4000")
    expect(page.locator(".now .honba")).to_have_attribute("data-honba", "1")
    page.locator("#hands").screenshot(path=str(SHOTS / "tables-riichi-quick-hands.png"))
    shot(page, "tables-riichi-quick-mangan", screen=True)
    assert no_horizontal_scroll(page)
