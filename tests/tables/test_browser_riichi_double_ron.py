"""A Riichi club table on a phone (Chromium, 360 x 780, touch), East round only: a double ron
entered on quick entry (each winner paid by the discarder, the first in turn order taking the
riichi stick), then a yakuman with a liable player (pao), refused first on a hand that is no
yakuman. No page scrolls sideways. Screenshots: /tmp/shots/tables-riichi-double-ron-*.png."""

import pytest

from scoring.tables.models import Table
from tests.browser import MARKS, SHOTS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")
A, B, C, D = "0", "1", "2", "3"


def total_of(page, name):
    return page.locator(f".standings .player:has-text('{name}') .ptotal")


def test_a_double_ron_and_a_pao_win_on_a_phone(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("riichi")
    expect(page.locator("[name=east_only]")).to_be_attached()  # the Riichi form, swapped in
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.locator("details.rules summary").tap()
    page.get_by_label("East round only (tonpuusen)").check()
    expect(page.locator("[name=head_bump]")).not_to_be_checked()
    expect(page.locator("[name=triple_ron]")).to_have_value("abortive")
    shot(page, "tables-riichi-double-ron-01-options")
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Open the table").tap()

    # Hand 1, Ann dealing: Di discards; Bob 3 han 40 fu (5,200) and Cy in riichi 2 han 30 fu
    # (2,000). From Di the turn goes Ann, Bob, Cy: Bob is first and takes Cy's stick.
    quick = page.locator("form.quick")
    quick.locator("select[name=winner]").select_option(B)
    quick.locator("select[name=source]").select_option(D)
    quick.locator("select[name=total]").select_option("3")
    quick.locator("select[name=fu]").select_option("40")
    quick.locator("select[name=winner2]").select_option(C)
    quick.locator("select[name=total2]").select_option("2")
    quick.locator("select[name=fu2]").select_option("30")
    quick.locator("[data-boxes=riichi] label.toggle", has_text="Cy").tap()
    quick.scroll_into_view_if_needed()
    shot(page, "tables-riichi-double-ron-02-form", screen=True)
    assert no_horizontal_scroll(page)
    quick.get_by_role("button", name="Add the win").tap()
    row = page.locator("#hand-1")
    expect(row).to_contain_text("Bob, Cy win on Di's discard")
    expect(row).to_contain_text("Cy 2 han 30 fu")
    expect(row).to_contain_text("Bob takes the riichi stick")
    for name, total in (("Ann", "0"), ("Bob", "6200"), ("Cy", "1000"), ("Di", "-7200")):
        expect(total_of(page, name)).to_have_attribute("data-total", total)
    expect(page.locator("#now .player.dealer .pname")).to_contain_text("Bob")
    shot(page, "tables-riichi-double-ron-03-board", screen=True)
    row.screenshot(path=str(SHOTS / "tables-riichi-double-ron-03-row.png"))
    assert no_horizontal_scroll(page)

    # Hand 2: Cy on Ann's discard, Di liable: first 5 han, refused; then a yakuman, 32,000,
    # half from Di (16,000), the rest from Ann.
    quick = page.locator("form.quick")
    quick.locator("select[name=winner]").select_option(C)
    quick.locator("select[name=source]").select_option(A)
    quick.locator("select[name=total]").select_option("5")
    quick.locator("select[name=liable]").select_option(D)
    quick.get_by_role("button", name="Add the win").tap()
    quick = page.locator("form.quick")
    expect(quick.locator(".error")).to_contain_text("This hand is no yakuman")
    quick.scroll_into_view_if_needed()
    shot(page, "tables-riichi-double-ron-04-pao-refused", screen=True)
    assert no_horizontal_scroll(page)
    quick.locator("select[name=total]").select_option("yakuman1")
    quick.get_by_role("button", name="Add the win").tap()
    expect(page.locator("#hand-2")).to_contain_text("Di liable (pao)")
    for name, total in (("Ann", "-16000"), ("Bob", "6200"), ("Cy", "33000"), ("Di", "-23200")):
        expect(total_of(page, name)).to_have_attribute("data-total", total)
    assert Table.objects.get().hands.get(number=2).detail["liable"] == 3
    shot(page, "tables-riichi-double-ron-05-pao", screen=True)
    page.locator("#hand-2").screenshot(path=str(SHOTS / "tables-riichi-double-ron-05-row.png"))
    assert no_horizontal_scroll(page)
