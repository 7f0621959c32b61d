"""Issue 29's last pieces in Chromium at phone size (360 x 780, touch): a double yakuman with
one part liable entered on quick entry; a chombo and a bust kept on a phone with no connection,
the pending board saying them as the server's board does; a hand counted by its fans on the
scorer added to an MCR table in one tap, and compared. No page scrolls sideways. Screenshots:
/tmp/shots/club29b/.

Ann, Bob, Cy and Di sit down East, South, West and North; Ann deals first; Riichi at 25,000."""

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand
from tests.browser import MARKS, SHOTS, no_horizontal_scroll, offline, phone, shot
from tests.test_pwa_browser import installed

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture(autouse=True)
def shots_dir():
    (SHOTS / "club29b").mkdir(parents=True, exist_ok=True)


def numbers(cells):
    return [int(text.replace(",", "")) for text in cells.all_text_contents()]


def test_a_double_yakuman_with_one_part_liable_on_quick_entry(page):
    """Bob's double yakuman on Di's discard, Cy liable for one yakuman of it (big three dragons
    with all honors): Cy pays half that yakuman, 16,000; Di the rest, 16,000 + 32,000."""
    table = Table.objects.create(name="Club", variant="riichi", rules={}, players=NAMES)
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    form = page.locator("form.quick")
    form.locator("select[name=winner]").select_option("1")
    form.locator("select[name=source]").select_option("3")
    form.locator("select[name=total]").select_option("yakuman2")
    form.locator("select[name=liable]").select_option("2")
    form.get_by_label("Liable for").select_option(label="one yakuman of two")
    form.locator("select[name=liable]").scroll_into_view_if_needed()
    shot(page, "club29b/liable-part-form", screen=True)
    assert no_horizontal_scroll(page)
    form.get_by_role("button", name="Add the win").tap()
    row = page.locator("#hand-1")
    expect(row.locator(".pao")).to_have_text("Cy liable (pao) for one yakuman of it")
    assert numbers(row.locator("tr.delta td")) == [0, 64000, -16000, -48000]
    row.screenshot(path=str(SHOTS / "club29b/liable-part-row.png"))


def test_a_chombo_and_a_bust_kept_offline_say_the_boards_words(browser, live_server):
    """Tobi on. Offline: Bob's chombo (Ann +4,000, Bob -8,000, Cy and Di +2,000), then Cy's
    yakuman on Ann's discard, 32,000: Ann 25,000 + 4,000 - 32,000 = -3,000, bust. The pending
    rows say "Bob chombo: a false win. ..." and the board "Ann: below 0 points, bust (tobi)";
    back online, the server's board says the same."""
    table = Table.objects.create(name="Club", variant="riichi", rules={}, players=NAMES,
                                 options={"tobi": True})
    context, page = phone(browser, live_server)
    try:
        installed(page, reverse("table-edit", args=[table.edit_token]))
        offline(page, True)
        page.reload()
        expect(page.locator("#network")).to_have_attribute("data-state", "offline")
        chombo = page.locator("form.false-win")
        chombo.get_by_label("Chombo by").select_option("1")
        chombo.get_by_role("button", name="Record the chombo").tap()
        pending = page.locator("#pending .hand-row.pending")
        expect(pending).to_have_count(1)
        expect(pending.first.locator(".what")).to_have_text(
            "Bob chombo: a false win. Pays a mangan: 4,000 to the dealer and 2,000 to each "
            "other player (a dealer: 4,000 to each). The hand is replayed: the same dealer, the "
            "same honba; its riichi sticks go back.", timeout=60000)
        form = page.locator("form.quick")
        form.locator("select[name=winner]").select_option("2")
        form.locator("select[name=source]").select_option("0")
        form.locator("select[name=total]").select_option("yakuman1")
        form.get_by_role("button", name="Add the win").tap()
        expect(pending).to_have_count(2)
        notice = page.locator("#now .pending-end")
        expect(notice).to_have_text("Ann: below 0 points, bust (tobi). The game is over: settle "
                                    "up, or play on.", timeout=60000)
        assert numbers(pending.first.locator("tr.after td")) == [-28000, -8000, 34000, 2000]
        assert numbers(page.locator("#now .ppoints")) == [-3000, 17000, 59000, 27000]
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "club29b/offline-chombo-bust", screen=True)
        assert no_horizontal_scroll(page)
        assert table.hands.count() == 0
        offline(page, False)
        expect(page.locator("#pending .hand-row.pending")).to_have_count(0, timeout=30000)
        page.reload()
        expect(page.locator("#now .bust")).to_have_text(
            "Ann: below 0 points, bust (tobi). The game is over: settle up, or play on.")
        expect(page.locator("#hand-1 .chombo")).to_contain_text("Bob chombo: a false win.")
    finally:
        context.close()


def test_a_hand_counted_by_its_fans_goes_to_the_table_and_to_compare(page):
    """From the MCR table's scorer: All Pungs 6 + Half Flush 6 + Pung of Terminals or Honors
    x2 = 14, two flowers: 16; South on West's discard: one tap records Bob on Cy's discard,
    Cy -24, Ann and Di -8, Bob +40. The compare page scores the fans for Chinese Official."""
    table = Table.objects.create(name="Friday", variant="mcr", rules={}, players=NAMES)
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    page.get_by_role("link", name="Score it with the tiles").click()
    page.locator("select[name=seat_wind]").select_option("S")
    ticks = page.locator("details.fan-ticks")
    ticks.locator("summary").tap()
    ticks.get_by_label("All Pungs", exact=True).tap()
    ticks.get_by_label("Half Flush", exact=True).tap()
    ticks.get_by_label("Pung of Terminals or Honors").select_option("2")
    ticks.get_by_label("Flowers").select_option("2")
    page.locator("select[name=discarder]").select_option("W")
    expect(page.locator("#result .total .big")).to_have_text("16")
    add = page.locator("#hand-error .summary .add-here")
    expect(add).to_have_text("Add to Friday")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "club29b/fans-add-to-friday", screen=True)
    assert no_horizontal_scroll(page)
    add.tap()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    hand = TableHand.objects.get()
    assert (hand.winner, hand.discarder, hand.total) == (1, 2, 16)
    compare = page.locator("#result .compare-link")
    compare.scroll_into_view_if_needed()
    compare.tap()
    expect(page.locator(".by-fans")).to_have_text("Counted by its fans, without its tiles.")
    expect(page.locator("li[data-variant=mcr]")).to_contain_text("W→S 24")
    expect(page.locator("li[data-variant=riichi]")).to_contain_text(
        "this variant scores the tiles")
    shot(page, "club29b/fans-compare", screen=True)
    assert no_horizontal_scroll(page)
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    row = page.locator("#hand-1")
    expect(row.locator(".by-fans")).to_contain_text("Counted by its fans")
    assert numbers(row.locator("tr.delta td")) == [-8, 40, -24, -8]
    row.screenshot(path=str(SHOTS / "club29b/fans-row.png"))
