"""A pending row that cannot show its money says why, at 360 x 780, instead of "Working out the
money…" for good (static/js/tables-offline.js, `waitText`): a hand recorded after a scorer's tap
kept offline (the tap's winner, and so the deal and the totals after it, are the server's to work
out), and a hand on a phone whose browser cannot run the pocket engine (no WebAssembly: iOS's
Lockdown Mode, say). Both show their money once they are sent. Screenshots: /tmp/shots/table30/.
"""

import pytest
from django.urls import reverse

from scoring.tables.models import TableHand
from tests.browser import MARKS, no_horizontal_scroll, offline, shot
from tests.tables.test_browser_scorer_tap import table, to_the_scorer  # noqa: F401 (fixture)
from tests.tables.test_offline_browser import pending, shanghai_win
from tests.test_pwa_browser import installed

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
WORKING = "Working out the money…"
AFTER_TAP = ("The money shows once it is sent: it follows a hand from the scorer, which the "
             "server works out.")
NO_ENGINE = "The money shows once it is sent: this phone cannot work it out."


def shown_then_sent(page, name):
    """The pending rows fit the phone's width (screenshot `name`); the connection back, they
    are sent and leave the board."""
    assert no_horizontal_scroll(page)
    page.locator("#pending").scroll_into_view_if_needed()
    shot(page, f"table30/{name}", screen=True)
    offline(page, False)
    page.evaluate("tablesOffline.send()")
    expect(pending(page)).to_have_count(0, timeout=30000)


def test_a_hand_after_a_scorers_tap_says_it_waits_for_the_server(page, table):  # noqa: F811
    """The scorer's 5 fan kept offline (Bob on Ann's discard, once sent), then Cy's 8 fan on
    Di's discard entered on the board: both pending; the second says it follows the scorer's
    hand, however often the rows are drawn. Sent, both are stored, in order."""
    board = reverse("table-edit", args=[table.edit_token])
    installed(page, board)
    add = to_the_scorer(page, table)
    offline(page, True)
    add.tap()
    expect(page.locator("#hand-error .kept .note")).to_contain_text("kept on this phone")
    page.goto(page.base + board)
    shanghai_win(page, 2, 3, 8)
    expect(pending(page)).to_have_count(2)
    after, tap = pending(page).first, pending(page).last
    expect(tap.locator(".working")).to_have_text("Who won and the money show once it is sent.")
    expect(after.locator(".what")).to_have_text("Cy wins on Di's discard · 8")
    expect(after.locator(".working")).to_have_text(AFTER_TAP)
    page.evaluate("tablesOffline.show()")  # drawn again, the engine asked: still so
    expect(after.locator(".working")).to_have_text(AFTER_TAP)
    assert WORKING not in page.locator("#pending").inner_text()
    shown_then_sent(page, "pending-after-scorer-tap")
    assert [(h.winner, h.discarder, h.total) for h in TableHand.objects.order_by("number")] == [
        (1, 0, 5), (2, 3, 8)]


def test_a_phone_that_cannot_run_the_engine_says_so(page, table):  # noqa: F811
    """No WebAssembly: the page has no pocket engine (scorer.js loads none), so Bob's 8 fan on
    Ann's discard kept offline says its money shows once it is sent, not that it is being worked
    out."""
    page.add_init_script("delete window.WebAssembly")
    board = reverse("table-edit", args=[table.edit_token])
    installed(page, board)
    assert page.evaluate("() => window.pocket === undefined")
    offline(page, True)
    page.reload()
    shanghai_win(page, 1, 0, 8)
    expect(pending(page)).to_have_count(1)
    expect(pending(page).locator(".what")).to_have_text("Bob wins on Ann's discard · 8")
    expect(pending(page).locator(".working")).to_have_text(NO_ENGINE)
    shown_then_sent(page, "pending-no-engine")
    assert TableHand.objects.get().total == 8
