"""The look-only page in a real browser (issue 17): it polls every 15 s naming the version it
shows; while nothing changes each poll is answered 204 and the board stays as it is; after a hand
is saved elsewhere the next poll brings it in, without a reload. The page's clock is driven by
Playwright, so the test does not wait 15 s of real time."""

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Table
from tests.browser import MARKS, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]


def test_the_look_only_board_follows_the_table_and_costs_nothing_while_it_stands(page):
    table = Table.objects.create(name="Friday", variant="shanghai", rules={},
                                 players=["Ann", "Bob", "Cy", "Di"])
    polls = []
    page.on("response", lambda r: polls.append(r.status) if "version=" in r.url else None)
    page.clock.install()
    page.goto(page.base + reverse("table-view", args=[table.view_token]))
    expect(page.locator(".hand-number")).to_have_text("Hand 1")
    page.evaluate("document.body.dataset.loaded = 'once'")  # gone if the page reloads

    page.clock.run_for("00:16")
    page.wait_for_timeout(300)  # real time for the answer to arrive
    assert polls and set(polls) == {204}
    expect(page.locator("[data-hand]")).to_have_count(0)

    table.add_hand(game.drawn)  # the scorekeeper saves a hand on another phone
    page.clock.run_for("00:16")
    expect(page.locator("[data-hand]")).to_have_count(1)
    expect(page.locator(".hand-number")).to_have_text("Hand 2")
    assert polls[-1] == 200
    assert page.evaluate("document.body.dataset.loaded") == "once"  # swapped in place
    shot(page, "tables-look-only-polled")

    count = len(polls)
    page.clock.run_for("00:16")
    page.wait_for_timeout(300)
    assert polls[count:] == [204]  # the new version is what it asks about now
