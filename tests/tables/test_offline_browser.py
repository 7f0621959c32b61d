"""A table kept with no connection, in Chromium at phone size: hands recorded offline are kept on
the phone and shown at once as pending; back online they are sent once each, in order, and the
board shows the server's totals; two phones offline on one table keep both phones' hands, the
second told its hands went after the first's; a hand the server refuses stays with its reason.
Screenshots: /tmp/shots/offline-*.png."""

import pytest
from django.urls import reverse

from scoring.tables.models import Submission, Table
from tests.browser import MARKS, no_horizontal_scroll, phone, shot
from tests.test_pwa_browser import installed

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ["Ann", "Bob", "Cy", "Di"]


def board_of(table):
    return reverse("table-edit", args=[table.edit_token])


def riichi_win(page, winner, source, han, fu, riichi=()):
    form = page.locator("form.quick")
    form.locator("select[name=winner]").select_option(str(winner))
    form.locator("select[name=source]").select_option(str(source))
    form.locator("select[name=total]").select_option(str(han))
    form.locator("select[name=fu]").select_option(str(fu))
    for player in riichi:
        form.locator(f"[data-boxes=riichi] label.toggle:has-text('{NAMES[player]}')").tap()
    form.get_by_role("button", name="Add the win").tap()


def pending(page):
    return page.locator("#pending .hand-row.pending")


def test_five_riichi_hands_offline_are_sent_once_in_order(browser, live_server):
    table = Table.objects.create(name="Club", variant="riichi", rules={}, players=NAMES)
    context, page = phone(browser, live_server)
    try:
        installed(page, board_of(table))
        context.set_offline(True)
        page.reload()
        expect(page.locator("#network")).to_have_attribute("data-state", "offline")
        hands = [(1, 0, 3, 30, ()), (2, "self", 2, 40, (2,)), (0, 3, 4, 30, ()),
                 (3, 1, 1, 30, ()), (1, "self", 3, 30, ())]
        for i, (winner, source, han, fu, riichi) in enumerate(hands, start=1):
            riichi_win(page, winner, source, han, fu, riichi)
            expect(pending(page)).to_have_count(i)
        expect(pending(page).first).to_contain_text("#5")
        expect(pending(page).last).to_contain_text("#1")
        shot(page, "offline-pending", screen=True)
        assert no_horizontal_scroll(page)
        assert table.hands.count() == 0

        context.set_offline(False)
        expect(pending(page)).to_have_count(0, timeout=30000)
        expect(page.locator("#hands .hand-row")).to_have_count(5)
        stored = list(table.hands.order_by("number"))
        assert [(h.winner, h.discarder, h.self_drawn) for h in stored] == [
            (1, 0, False), (2, None, True), (0, 3, False), (3, 1, False), (1, None, True)]
        assert stored[1].detail["riichi"] == [2]
        assert Submission.objects.filter(table=table).count() == 5
        table.refresh_from_db()
        totals = [str(t) for t in table.totals()]
        shown = page.locator("#now .ptotal").evaluate_all(
            "els => els.map(e => e.closest('.player').dataset.player + ':' + e.dataset.total)")
        assert sorted(shown) == sorted(f"{i}:{t}" for i, t in enumerate(totals))
        expect(page.locator("#notice")).to_contain_text("were sent")
    finally:
        context.close()
