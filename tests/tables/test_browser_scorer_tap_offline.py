"""The scorer's one tap with no connection, at 360 x 780 (issue 30): "Add to Friday" keeps the
hand on the phone as a pending hand of Friday, in the store and under the one-time key the
table's own forms use offline, and says so in the button's place; the table's board shows it
pending; when the connection is back it is sent, and stored once however often it is sent.
Both ways of being offline: the page knows it (the badge says offline) and keeps it itself, or
the page believes it is online (a dead Wi-Fi) and the service worker keeps it. Screenshots:
/tmp/shots/table30/."""

import json

import pytest
from django.urls import reverse

from scoring.tables.models import Submission, TableHand
from tests.browser import MARKS, no_horizontal_scroll, offline, shot
from tests.tables.test_browser_scorer_tap import table, to_the_scorer  # noqa: F401 (fixture)
from tests.test_pwa_browser import installed, until

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
KEPT = ("✓ No connection: kept on this phone, it goes to Friday when the connection is back.")


def kept(page):
    return page.evaluate("PendingStore.all()")


@pytest.mark.parametrize("dead_wifi", [False, True], ids=["badge-offline", "dead-wifi"])
def test_the_tap_with_no_connection_is_kept_and_sent_once(page, table, dead_wifi):  # noqa: F811
    board = reverse("table-edit", args=[table.edit_token])
    installed(page, board)
    add = to_the_scorer(page, table)
    key = json.loads(add.get_attribute("hx-vals"))["once"]
    offline(page, True)
    if dead_wifi:  # the page believes it is online: htmx posts, the worker keeps it
        page.evaluate("() => { window.shell.online = () => true; }")
    else:
        expect(page.locator("#network")).to_have_attribute("data-state", "offline")
    add.tap()
    note = page.locator("#hand-error .kept .note")
    expect(note).to_have_text(KEPT)
    assert note.bounding_box()["y"] + note.bounding_box()["height"] <= 780
    assert no_horizontal_scroll(page)
    entries = kept(page)
    assert [(e["key"], e["table"], e["form"], e["status"]) for e in entries] == [
        (key, table.edit_token, "scorer", "pending")]
    pairs = dict(entries[0]["pairs"])
    assert pairs["action"] == "tap" and "hand=234m+567p+22s" in pairs["q"]
    assert pairs["said"] == "5 fan · E→S 5 points"
    assert not TableHand.objects.exists()
    shot(page, f"table30/scorer-kept-{'dead-wifi' if dead_wifi else 'offline'}", screen=True)
    # Leaving the box again, or a score of the same hand: still kept, nothing kept twice.
    page.locator("select[name=round_wind]").select_option("E")
    expect(note).to_have_text(KEPT)
    assert len(kept(page)) == 1

    # The table's board, still with no connection: the hand is there, pending.
    page.goto(page.base + board)
    row = page.locator("#pending .hand-row.pending")
    expect(row).to_have_count(1)
    expect(row.locator(".what")).to_have_text("A hand from the scorer · 5 fan · E→S 5 points")
    expect(row.locator(".working")).to_have_text("Who won and the money show once it is sent.")
    shot(page, f"table30/board-kept-{'dead-wifi' if dead_wifi else 'offline'}", screen=True)

    offline(page, False)
    page.evaluate("tablesOffline.send()")
    expect(row).to_have_count(0, timeout=30000)
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    expect(page.locator("[data-hand='1'] .what")).to_contain_text("Bob wins on Ann's discard")
    hand = TableHand.objects.get()
    assert (hand.winner, hand.discarder, hand.total) == (1, 0, 5)
    assert Submission.objects.filter(table=table, key=key).count() == 1
    # Sent again (a second phone tab, a retry after a lost answer): stored once.
    landed = page.evaluate("""([path, pairs]) => fetch(path, {method: 'POST',
        body: new URLSearchParams(pairs), credentials: 'same-origin'}).then(r => r.url)""",
                           [entries[0]["action"], entries[0]["pairs"]])
    assert landed.endswith(board + "?notice=saved")  # answered as the first time
    assert TableHand.objects.count() == 1


@pytest.mark.parametrize("back", ["connection-back", "opened-again"])
def test_a_tap_kept_on_the_scorer_is_sent_from_the_scorer(page, table, back):  # noqa: F811
    """The scorer carries the offline tables' script (tables-offline.js) only once hands wait to
    be sent: not on the way to the tap nor for keeping it; when the connection comes back, or
    the scorer opens again with it, the scorer loads it and sends the hand, once, with no
    table's board opened."""
    installed(page, reverse("table-edit", args=[table.edit_token]))
    add = to_the_scorer(page, table)
    key = json.loads(add.get_attribute("hx-vals"))["once"]
    offline(page, True)
    expect(page.locator("#network")).to_have_attribute("data-state", "offline")
    add.tap()
    expect(page.locator("#hand-error .kept .note")).to_have_text(KEPT)
    assert page.evaluate("typeof tablesOffline") == "undefined"
    assert not TableHand.objects.exists()

    if back == "opened-again":  # closed while offline: no scorer hears the connection come back
        scorer = page.url
        page.goto("about:blank")
        offline(page, False)
        page.goto(scorer)
    else:
        offline(page, False)
    until(page, "async () => !!window.PendingStore && (await PendingStore.all()).length === 0")
    assert page.evaluate("typeof tablesOffline.send") == "function"
    expect(page.locator("#network")).to_have_attribute("data-state", "online")
    hand = TableHand.objects.get()
    assert (hand.table_id, hand.winner, hand.total) == (table.id, 1, 5)
    assert Submission.objects.filter(table=table, key=key).count() == 1
