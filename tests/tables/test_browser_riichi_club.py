"""A Riichi club table on a phone (Chromium, 360 x 780, touch): opened East round only with bust
(tobi) on, an abortive draw (four riichi) chosen on the drawn hand's form, refused while a riichi
box is missing, then kept with its four sticks; the board counts each player's points from
25,000. No page scrolls sideways. Screenshots: /tmp/shots/tables-riichi-club-*.png."""

import pytest

from scoring.tables.models import Table
from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")


def test_east_only_and_an_abortive_draw_on_a_phone(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("riichi")
    expect(page.locator("[name=east_only]")).to_be_attached()
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.locator("details.rules summary").tap()
    page.get_by_label("East round only (tonpuusen)").check()
    page.get_by_label("Bust (tobi) ends the game").check()
    shot(page, "tables-riichi-club-01-options")
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Open the table").tap()
    expect(page.locator("#now .muted").first).to_have_text("round 1 of 1")
    assert Table.objects.get().options == {"east_only": True, "tobi": True, "tobi_below": 0,
                                           "head_bump": False, "triple_ron": "abortive",
        "west_round": False, "agari_yame": False}

    draw = page.locator("form.drawn")
    for name in NAMES[:3]:
        draw.locator("[data-boxes=riichi] label.toggle", has_text=name).tap()
    draw.get_by_label("Abortive draw").select_option(label="four riichi (suucha riichi)")
    draw.get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator("form.drawn .error")).to_contain_text("tick the four")
    shot(page, "tables-riichi-club-02-refused", screen=True)
    draw = page.locator("form.drawn")
    draw.locator("[data-boxes=riichi] label.toggle", has_text="Di").tap()
    draw.get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator(".hand-row .abortive")).to_contain_text("Abortive draw: four riichi")
    expect(page.locator("#now .sticks")).to_have_attribute("data-sticks", "4")
    expect(page.locator("#now .honba")).to_have_attribute("data-honba", "1")
    points = [p.get_attribute("data-points") for p in page.locator("#now .ppoints").all()]
    assert points == ["24000"] * 4
    expect(page.locator("#now .player.dealer .pname")).to_contain_text("Ann")  # A keeps it
    shot(page, "tables-riichi-club-03-abortive", screen=True)
    assert no_horizontal_scroll(page)
