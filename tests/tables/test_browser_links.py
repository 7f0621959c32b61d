"""The edit page's links on a 360 px phone: the look-only link's QR code shown, the write link's
behind a tap; the share button copies (no Web Share in headless Chromium) and says so.
Screenshots: /tmp/shots/tables-links-*.png."""

import pytest

from scoring.tables.models import Table
from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]


def test_links_with_qr_codes_and_share_buttons(page):
    table = Table.objects.create(name="Friday", variant="hongkong",
                                 players=["Ann", "Bob", "Cy", "Di"])
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(page.base + f"/tables/e/{table.edit_token}/")
    view_box = page.locator(".link-box.view-link")
    view_box.scroll_into_view_if_needed()
    expect(view_box.locator("svg.qr-code")).to_be_visible()
    box = view_box.locator("svg.qr-code").bounding_box()
    assert 150 <= box["width"] <= 200 and box["width"] == box["height"]
    edit_qr = page.locator(".link-box.edit-link svg.qr-code")
    expect(edit_qr).to_be_hidden()
    shot(page, "tables-links-1-closed")
    assert no_horizontal_scroll(page)
    page.get_by_text("Show the write link's QR code").click()
    expect(edit_qr).to_be_visible()
    edit_qr.scroll_into_view_if_needed()
    shot(page, "tables-links-2-open", screen=True)
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Share the look-only link").click()
    has_share = page.evaluate("'share' in navigator")
    if not has_share:
        expect(view_box.locator(".shared")).to_have_text("Link copied")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.base + f"/tables/{table.view_token}/"


def test_sichuan_quick_entry_two_winners_on_one_discard(page):
    table = Table.objects.create(name="Bloody", variant="sichuan",
                                 players=["Ann", "Bob", "Cy", "Di"])
    page.goto(page.base + f"/tables/e/{table.edit_token}/")
    form = page.locator("form.quick")
    form.get_by_role("checkbox", name="S · Bob").check()
    form.get_by_label("Bob's fans").fill("2")
    form.get_by_role("checkbox", name="N · Di").check()
    form.get_by_label("Di's fans").fill("1")
    form.locator("select[name=source]").select_option("0")
    shot(page, "tables-sichuan-quick-1-filled")
    assert no_horizontal_scroll(page)
    form.get_by_role("button", name="Add the win").click()
    expect(page.locator(".notice")).to_contain_text("Hand saved")
    expect(page.locator("#hand-1 .what")).to_contain_text("Bob, Di win on Ann's discard")
    shot(page, "tables-sichuan-quick-2-saved")
    assert no_horizontal_scroll(page)
