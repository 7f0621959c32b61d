"""The scorer's hand recorded at the table in one tap, at 360 x 780 (issue 30 item 1): from the
table's "Score it with the tiles", the hand typed and South chosen, "Add to Friday" stands beside
the score line on the first screen; one tap records Bob's win on Ann's discard in its place, one
tap undoes it; the same when the phone's pocket engine rendered the result. Screenshots:
/tmp/shots/table30/."""

import json
import re
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from scoring.tables.models import Table, TableHand
from tests.browser import MARKS, SHOTS, no_horizontal_scroll, shot
from tests.test_pocket_browser import wait_ready

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
HAND = "234m 567p 22s [EEE] [789p] +2s"


@pytest.fixture
def table():
    (SHOTS / "table30").mkdir(parents=True, exist_ok=True)
    return Table.objects.create(name="Friday", variant="shanghai", rules={},
                                players=["Ann", "Bob", "Cy", "Di"])


def to_the_scorer(page, table):
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    page.get_by_role("link", name="Score it with the tiles").click()
    page.wait_for_load_state()  # the form's scripts running (a busy machine typed before them)
    page.locator("input[name=hand]").fill(HAND)
    page.locator("select[name=seat_wind]").select_option("S")
    add = page.locator("#hand-error .summary .add-here")
    expect(add).to_have_text("Add to Friday")
    expect(page.locator("#hand-error .summary")).to_contain_text("E→S 5")
    return add


def assert_beside_the_summary_on_the_first_screen(page, add):
    # Measured once the line holds still: a score of the same hand landing after the tap (the
    # hand box's change on leaving it) draws the line again, the tap's answer put back in it.
    for _ in range(20):
        box = add.bounding_box()
        line = page.locator("#hand-error .summary a[href='#result']").bounding_box()
        if box and line:
            break
        page.wait_for_timeout(100)
    assert box["y"] + box["height"] <= 780 and box["x"] + box["width"] <= 360
    assert abs(box["y"] - line["y"]) < 12  # the same line
    assert page.evaluate("window.scrollY") == 0 and no_horizontal_scroll(page)


def assert_not_cut_short(page, *selectors):
    """Each element shows its whole text: nothing hidden behind an ellipsis at 360 px."""
    for selector in selectors:
        element = page.locator(selector)
        assert element.evaluate("e => e.scrollWidth <= e.clientWidth"), element.inner_text()


def test_a_tap_before_its_script_is_there_waits_for_it(page, table):
    """The tap's code (table-tap.js) loads after the first result: a tap that comes before it is
    sent once it is there, and records the hand as any tap does."""
    held = []
    page.route("**/table-tap.js", lambda route: held.append(route))
    add = to_the_scorer(page, table)
    for _ in range(50):  # asked for once the result has settled, then held on its way
        if held:
            break
        page.wait_for_timeout(100)
    assert held and page.evaluate("window.tableTap") is None
    add.tap()
    page.wait_for_timeout(300)
    assert not TableHand.objects.exists()  # the tap waits for its code
    held[0].continue_()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    hand = TableHand.objects.get()
    assert (hand.winner, hand.discarder, hand.total) == (1, 0, 5)


def test_one_tap_records_the_hand_and_one_tap_undoes_it(page, table):
    add = to_the_scorer(page, table)
    assert_beside_the_summary_on_the_first_screen(page, add)
    assert_not_cut_short(page, "#hand-error .summary a[href='#result']", "#hand-error .add-here")
    shot(page, "table30/scorer-add-to-friday", screen=True)
    add.tap()
    added = page.locator("#hand-error .added")
    expect(added.locator(".added-what")).to_have_text("✓ #1 Bob")
    expect(added.locator(".sr-only")).to_have_text(
        "Hand 1 added to Friday: Bob wins on Ann's discard")
    assert_beside_the_summary_on_the_first_screen(page, added.get_by_role("link", name="Undo"))
    hand = TableHand.objects.get()
    assert (hand.winner, hand.discarder, hand.total) == (1, 0, 5)
    shot(page, "table30/scorer-added", screen=True)
    added.get_by_role("link", name="Undo").tap()
    expect(page.locator("#hand-error .summary .add-here")).to_have_text("Add to Friday")
    assert not TableHand.objects.exists()
    page.locator("#hand-error .summary .add-here").tap()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert TableHand.objects.count() == 1
    # The table's own board has it at once.
    page.goto(page.base + reverse("table-edit", args=[table.edit_token]))
    expect(page.locator("[data-hand='1'] .what")).to_contain_text("Bob wins on Ann's discard")
    shot(page, "table30/table-after-tap")


def test_the_button_works_when_the_phone_renders_the_result(page, table):
    from scoring.pocket import assets, build

    build.build()
    assets._manifest.cache_clear()
    to_the_scorer(page, table)
    page.evaluate("pocket.start()")
    assert wait_ready(page) == "ready"
    to_server = []
    page.on("request", lambda r: to_server.append(r.url) if r.method == "POST" else None)
    page.locator("input[name=hand]").fill(HAND.replace("234m", "345m"))
    add = page.locator("#hand-error .summary .add-here")
    expect(add).to_have_attribute("href", re.compile("345m"))
    assert to_server == []  # the phone rendered the result and its button
    expect(add).to_have_text("Add to Friday")
    shot(page, "table30/pocket-add", screen=True)
    assert_beside_the_summary_on_the_first_screen(page, add)
    add.tap()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert [u.split("/")[-1] for u in to_server] == ["scorer"]
    assert TableHand.objects.get().detail["hand"].startswith("345m567p22s")
    shot(page, "table30/pocket-added", screen=True)


def hold_posts(page, path):
    """The page's POSTs to `path` held until the test lets each go (`held[i].continue_()`):
    an answer made to land when the test says."""
    held = []

    def hold(route):
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()
    page.route(lambda url: urlsplit(url).path == path, hold)
    return held


def landed(page, path):
    """Waits until the page has swapped the answer to its last POST to `path`."""
    page.wait_for_function("p => window.swapped && window.swapped.includes(p)", arg=path)


def count_swaps(page):
    page.evaluate("""() => { window.swapped = [];
        document.addEventListener('htmx:afterSettle', e => window.swapped.push(new URL(
            e.detail.requestConfig ? e.detail.requestConfig.path : '', location.href).pathname));
    }""")


def without_the_pocket(page):
    """The server answers every score (the phone's engine would answer the box's change itself,
    without a request to hold)."""
    page.add_init_script("window.WebAssembly = undefined")


def test_a_score_of_the_same_hand_landing_after_the_tap_keeps_added(page, table):
    """Leaving the hand box to tap fires its change: the form asks its score again; that answer,
    landing after the tap's, used to draw "Add to Friday" again with a new one-time key, and a
    second tap recorded the hand twice. The summary line keeps "added" and its Undo."""
    without_the_pocket(page)
    add = to_the_scorer(page, table)
    count_swaps(page)
    scores = hold_posts(page, reverse("index"))
    add.tap()  # the box is left: its change asks the score again, held here
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert len(scores) == 1  # the change's score, not answered yet
    scores[0].continue_()
    landed(page, reverse("index"))
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    expect(page.locator("#hand-error .add-here")).to_have_count(0)
    assert TableHand.objects.count() == 1
    shot(page, "table30/scorer-added-after-rescore", screen=True)
    # Its Undo still undoes the hand, and the button is back for a new tap.
    page.locator("#hand-error .added").get_by_role("link", name="Undo").tap()
    expect(page.locator("#hand-error .summary .add-here")).to_have_text("Add to Friday")
    assert not TableHand.objects.exists()
    page.locator("#hand-error .summary .add-here").tap()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert TableHand.objects.count() == 1


def test_a_score_of_the_same_hand_landing_before_the_tap_answer(page, table):
    """The other order: the score lands while the tap is on its way. Its new button carries the
    tap's one-time key (tapped again, the hand is still stored once), and the tap's answer lands
    in its place."""
    without_the_pocket(page)
    add = to_the_scorer(page, table)
    count_swaps(page)
    tapped_key = json.loads(add.get_attribute("hx-vals"))["once"]
    taps = hold_posts(page, reverse("table-from-scorer", args=[table.edit_token]))
    add.tap()
    landed(page, reverse("index"))  # the change's score, answered first
    again = page.locator("#hand-error .summary .add-here")
    expect(again).to_have_text("Add to Friday")
    assert json.loads(again.get_attribute("hx-vals"))["once"] == tapped_key
    assert len(taps) == 1 and not TableHand.objects.exists()
    taps[0].continue_()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert TableHand.objects.count() == 1


def test_a_tap_over_the_save_rate_says_so_on_the_scorer_and_keeps_the_hand(page, table, settings):
    """Two saves an hour: the tap and its Undo. The next tap is refused (django-ratelimit): the
    scorer says why in the button's place, the hand stays as it was typed, and the button is
    there again; once the hour has passed, one tap records it."""
    from django.core.cache import cache

    cache.clear()
    settings.TABLES_WRITE_RATE = "2/h"
    add = to_the_scorer(page, table)
    add.tap()
    page.locator("#hand-error .added").get_by_role("link", name="Undo").tap()
    page.locator("#hand-error .summary .add-here").tap()
    refused = page.locator("#hand-error .not-added")
    expect(refused.get_by_role("alert")).to_have_text(
        "Too many at once. More than 2 saves per hour came from this address. Nothing was "
        "saved: wait a little, then send it again.")
    again = refused.get_by_role("link", name="Add to Friday")
    expect(again).to_be_visible()
    expect(page.locator("input[name=hand]")).to_have_value(HAND)
    assert not TableHand.objects.exists()
    for shown in (refused.get_by_role("alert"), again):  # on the first screen, whole
        box = shown.bounding_box()
        assert box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 780
    assert no_horizontal_scroll(page)
    shot(page, "table30/scorer-too-many", screen=True)
    cache.clear()  # the hour has passed
    again.tap()
    expect(page.locator("#hand-error .added .added-what")).to_have_text("✓ #1 Bob")
    assert TableHand.objects.count() == 1
    cache.clear()
