"""The players' headline and entries answered in the phone (docs/pocket.md), offline: Riichi's
money headline with dora picked by tapping, and MCR's "Count by fans", each the text the server
gives for the same form (tests/test_pocket_browser.py's way)."""

import pytest

from tests.browser import MARKS, offline, shot
from tests.test_pocket_browser import TEXTS, server_texts, wait_ready

pytestmark = MARKS


@pytest.fixture(scope="module", autouse=True)
def current_pack():
    from scoring.pocket import assets, build

    build.build()
    assets._manifest.cache_clear()


def answered_offline(page, act):
    """`act` on the page, offline, and the texts of the answer the phone swapped in."""
    page.evaluate("""() => { const s = document.createElement('i');
        s.id = 'stale'; document.getElementById('result').appendChild(s); }""")
    act()
    page.wait_for_selector("#result #stale", state="detached", timeout=15_000)
    return page.evaluate(TEXTS, None)


@pytest.mark.django_db(transaction=True)
def test_offline_the_phone_says_the_money_and_scores_the_ticked_fans(page, client):
    page.goto(page.base + "/?variant=riichi&seat_wind=S&discarder=E")
    page.evaluate("pocket.start()")
    assert wait_ready(page) == "ready"
    offline(page, True)
    pairs = "Array.from(new FormData(document.getElementById('scorer')))"
    phone = answered_offline(page, lambda: page.fill("input[name=hand]",
                                                     "234m567m234p66s456s +6s"))
    assert "ron 2,000" in phone[0] and "2 han 30 fu" in phone[0]
    assert phone == server_texts(page, client, page.evaluate(pairs))
    picker = page.locator(".tile-picker[data-for=id_dora_indicators]")
    picker.get_by_role("button", name="Pick tiles").tap()
    phone = answered_offline(page, lambda: picker.get_by_role(
        "button", name="1 of characters", exact=True).tap())
    assert "ron 3,900" in phone[0]  # the 2m a dora: 3 han 30 fu, 4 x 960 = 3840 -> 3,900
    assert phone == server_texts(page, client, page.evaluate(pairs))

    offline(page, False)
    page.goto(page.base + "/?variant=mcr&seat_wind=S")
    page.evaluate("pocket.start()")
    assert wait_ready(page) == "ready"
    offline(page, True)
    ticks = page.locator("details.fan-ticks")
    ticks.locator("summary").tap()
    phone = answered_offline(page, lambda: ticks.get_by_label("Seven Pairs", exact=True).tap())
    assert "24 fan" in phone[0] and "Minimum 8 fans: met" in phone[0]
    assert phone == server_texts(page, client, page.evaluate(pairs))
    phone = answered_offline(page, lambda: ticks.get_by_label("Full Flush", exact=True).tap())
    assert phone == server_texts(page, client, page.evaluate(pairs))
    phone = answered_offline(page, lambda: ticks.get_by_label("All Pungs", exact=True).tap())
    assert phone == server_texts(page, client, page.evaluate(pairs))
    shot(page, "players29/fans-offline")
    offline(page, False)
