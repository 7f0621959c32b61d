"""A Riichi table on a phone (Chromium, 360 x 780, touch): a drawn hand with who was ready and who
declared riichi, tapped on the boxes' labels; a refusal that keeps the boxes; the draw's edit
page; the scorer's hand with its riichi boxes and the sticks in its preview; the settle-up with
the sticks left. No page scrolls sideways. Screenshots: /tmp/shots/tables-riichi-*.png."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scoring.tables.models import Table
from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ["Annabelle", "Bartholomew", "Cyril", "Dionysia"]


def tap(page, box, name, form="form.drawn"):
    """Tap the label of `name`'s box in the fieldset `box` (ready or riichi) of `form` (the
    board's quick entry has riichi boxes too)."""
    page.locator(f"{form} [data-boxes={box}] label.toggle", has_text=name).first.tap()


def test_riichi_sticks_and_tenpai_on_a_phone(page):
    table = Table.objects.create(name="Club night", variant="riichi", rules={}, players=NAMES)
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    draw = page.locator("form.drawn")
    expect(draw.locator("[data-boxes=ready] input")).to_have_count(4)
    assert no_horizontal_scroll(page)

    # Cyril in riichi but not ticked ready: refused, the boxes as tapped.
    tap(page, "riichi", "Cyril")
    tap(page, "ready", "Annabelle")
    draw.get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator("form.drawn .error")).to_contain_text("tick Cyril as ready too")
    expect(draw.locator("[data-boxes=riichi] input:checked")).to_have_count(1)
    expect(draw.locator("[data-boxes=ready] input:checked")).to_have_count(1)
    page.locator("form.drawn").scroll_into_view_if_needed()
    shot(page, "tables-riichi-draw-refused", screen=True)
    assert no_horizontal_scroll(page)

    # Cyril ready too: Bartholomew and Dionysia pay 1,500 each; Cyril's stick on the table;
    # Annabelle, the dealer, was ready: she keeps the deal.
    tap(page, "ready", "Cyril")
    page.locator("form.drawn").get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator(".now .sticks")).to_have_attribute("data-sticks", "1")
    expect(page.locator("#hand-1")).to_contain_text("Ready (tenpai): Annabelle, Cyril")
    expect(page.locator(".standings .player:has-text('Cyril') .ptotal")).to_have_attribute(
        "data-total", "500")
    expect(page.locator(".standings .player.dealer")).to_contain_text("Annabelle")
    shot(page, "tables-riichi-board", screen=True)
    assert no_horizontal_scroll(page)

    # The draw's edit page: its boxes as they were ticked.
    page.goto(page.base + reverse("table-hand", args=[table.edit_token,
                                                      table.hands.get(number=1).pk]))
    expect(page.locator("[data-boxes=ready] input:checked")).to_have_count(2)
    shot(page, "tables-riichi-hand-edit")
    assert no_horizontal_scroll(page)

    # The scorer's hand: Bartholomew wins on Dionysia's discard, in riichi.
    query = urlencode({"variant": "riichi", "hand": "234m 567p 345s 678s 11m +3s"})
    page.goto(page.base + reverse("table-from-scorer", args=[table.edit_token]) + "?" + query)
    form = page.locator("form.from-scorer")
    form.locator("select[name=winner]").select_option("1")
    form.locator("select[name=source]").select_option("3")
    tap(page, "riichi", "Bartholomew", "form.from-scorer")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("riichi sticks on the table → Bartholomew 2000")
    shot(page, "tables-riichi-from-scorer", screen=True)
    assert no_horizontal_scroll(page)
    form.get_by_role("button", name="Add to the table").tap()
    expect(page.locator(".now .sticks")).to_have_attribute("data-sticks", "0")

    # A last draw with Dionysia in riichi, alone ready; her stick is left at the end.
    tap(page, "ready", "Dionysia")
    tap(page, "riichi", "Dionysia")
    page.locator("form.drawn").get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator(".now .sticks")).to_have_attribute("data-sticks", "1")
    page.goto(page.base + reverse("table-settle", args=[table.view_token]))
    expect(page.locator(".sticks-left")).to_contain_text("goes to")
    shot(page, "tables-riichi-settle")
    assert no_horizontal_scroll(page)
