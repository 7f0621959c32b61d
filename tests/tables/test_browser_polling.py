"""The look-only page in a real browser (issues 17, 30): its board polls every 2 s sending the
ETag of the board it shows; while nothing changes each poll is answered 304 and the board stays
as it is; after a hand is saved elsewhere the next poll brings it in, without a reload. The
page's clock is driven by Playwright, so the test does not wait in real time (the delay in real
time, two phones: bench/look_only.py)."""

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table
from tests.browser import MARKS, SHOTS, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]


def test_the_look_only_board_follows_the_table_and_costs_nothing_while_it_stands(page):
    table = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    url = reverse("table-view", args=[table.view_token])
    polls = []
    page.on("response", lambda r: polls.append((r.status, r.request.headers.get(
        "if-none-match"))) if r.url.endswith(url) and r.request.headers.get("hx-request")
        else None)
    page.clock.install()
    page.goto(page.base + url)
    expect(page.locator(".hand-number")).to_have_text("Hand 1")
    page.evaluate("document.body.dataset.loaded = 'once'")  # gone if the page reloads

    page.clock.run_for("00:05")
    page.wait_for_timeout(300)  # real time for the answers to arrive
    assert len(polls) >= 2 and {status for status, _etag in polls} == {304}
    assert all(etag and etag.startswith('W/"board-') for _status, etag in polls)
    expect(page.locator("[data-hand]")).to_have_count(0)
    expect(page.locator(".hand-number")).to_have_text("Hand 1")  # a 304 swapped nothing

    table.add_hand(game.drawn)  # the scorekeeper saves a hand on another phone
    page.clock.run_for("00:02")
    expect(page.locator("[data-hand]")).to_have_count(1)
    expect(page.locator(".hand-number")).to_have_text("Hand 2")
    assert polls[-1][0] == 200
    assert page.evaluate("document.body.dataset.loaded") == "once"  # swapped in place
    (SHOTS / "table30").mkdir(parents=True, exist_ok=True)
    shot(page, "table30/look-only-polled")

    count = len(polls)
    page.clock.run_for("00:02")
    page.wait_for_timeout(300)
    assert [status for status, _etag in polls[count:]] == [304]  # the new ETag it asks with
    assert polls[count][1] != polls[0][1]


def test_the_look_only_board_says_the_hands_are_being_updated_then_shows_them_placed(page):
    """An edit of hand 1 on another phone, its later hands not placed yet: the poll brings a
    board that says so and shows no total, which asks again and then shows the hands placed
    (here nobody else places them, so once the edit is 2 s old this reader does)."""
    table = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    first = table.add_hand(lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=0, self_drawn=True, total=10)))
    for _ in range(4):
        table.add_hand(game.drawn)
    url = reverse("table-view", args=[table.view_token])
    page.clock.install()
    page.goto(page.base + url)
    expect(page.locator('.standings [data-player="0"] .ptotal')).to_have_attribute(
        "data-total", "30")
    table.replace_hand(first.pk, first.version, lambda pos: game.quick_entry(
        "shanghai", {}, pos, game.WinEntry(winner=1, self_drawn=True, total=10)))
    page.clock.run_for("00:02")
    expect(page.locator(".placing-later")).to_contain_text("being updated")
    expect(page.locator("[data-total]")).to_have_count(0)
    page.wait_for_timeout(2100)  # real time: the edit's mark grows old (models.PLACING_SEEN)
    page.clock.run_for("00:01")
    expect(page.locator('.standings [data-player="1"] .ptotal')).to_have_attribute(
        "data-total", "30")
    expect(page.locator('.standings [data-player="0"] .ptotal')).to_have_attribute(
        "data-total", "-10")
    expect(page.locator(".placing-later")).to_have_count(0)
    assert Table.objects.get(pk=table.pk).stale_from is None
