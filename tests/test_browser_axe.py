"""Accessibility: axe-core (bundled by axe-playwright-python) finds no violation on each page
type, in Chromium at phone size: the scorer empty, with a result, with each kind of error, one
tile short, every variant (Chinese Official and Riichi among them), each variant's pattern
library, the comparison, the 404 page, the trainer's pages (a drill asked, marked, with
errors), and the tables' pages for each kind of game: new, the writer's page empty and with a
hand, the scorer opened from a table, the scorer-to-table form, the undo question, a hand's edit
page, settle-up, the look-only page, a Sichuan deal, the phone's tables."""

import re

import pytest

from tests.browser import MARKS

playwright_sync = pytest.importorskip("playwright.sync_api")
axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
expect = playwright_sync.expect

HAND = "234m567p22s[EEE][789p]%2B2s"
KNITTED = "147m258p369s123m11z%2B1z"
RIICHI = "234m067p345678s88p%2B8p"
PAGES = [
    "/",
    f"/?variant=shanghai&hand={HAND}",
    "/?variant=shanghai&hand=123m",  # a notation error under the hand
    "/?variant=shanghai&hand=(2222m)345m678p99p456p%2B4p&kong_replacement=on",  # context error
    "/?variant=shanghai&shanghai-minimum_fan=500&hand=" + HAND,  # a house-rule error
    "/?variant=hongkong&hand=" + HAND,
    "/?variant=sichuan&hand=111m234m567m888m99m%2B3m",
    "/?variant=american&hand=111m33m5555m777p99p",
    "/?variant=mcr",
    f"/?variant=mcr&hand={KNITTED}&self_drawn=on",
    f"/?variant=mcr&hand={HAND}&seat_wind=S",  # scores under the 8-fan minimum
    "/?variant=mcr&hand=147m258p369s123m1z",  # one tile short: what wins
    "/?variant=riichi",
    f"/?variant=riichi&hand={RIICHI}&seat_wind=S&riichi=on&riichi_sticks=1"
    "&dora_indicators=7p&honba=1",
    "/?variant=riichi&hand=234m067p345678s8p",  # one tile short: what wins (and furiten)
    f"/?variant=riichi&hand={RIICHI}&dora_indicators=9x",  # a Riichi context error
    "/?variant=shanghai&hand=0m",  # a red five outside Riichi: a notation error
    "/patterns/shanghai/", "/patterns/hongkong/", "/patterns/sichuan/", "/patterns/american/",
    "/patterns/mcr/", "/patterns/riichi/",
    "/tables/", "/tables/new", "/tables/new?variant=sichuan", "/tables/new?variant=mcr",
    "/tables/new?variant=riichi",
    f"/compare?variant=shanghai&hand={HAND}",
    f"/compare?variant=riichi&hand={RIICHI}",
    "/?variant=hongkong&hand=1112345678999m",  # one tile short: what wins
    "/?variant=shanghai&hand=123456789m159p1s",  # 13 tiles not ready: what helps
    "/?variant=mcr&hand=23m234m456p789s55s",  # a wait under the minimum both ways
    "/no-such-page/",
    "/learn/", "/learn/mcr/",
    "/learn/shanghai/worth/?level=1&seed=5&focus=7A&answered=1&patterns=2J&total=3",  # marked
    "/learn/riichi/wins/?level=1&seed=3&answered=1&tiles=1m",
    "/learn/american/pays/?level=1&seed=3&answered=1&net_E=x",  # an answer with errors
]
# Per kind of game: a hand that scores in it on a discard, and the players (Sichuan's four).
TABLE_HANDS = {
    "shanghai": "234m 567p 22s [EEE] [789p] +2s",
    "sichuan": "111m234m567m888m99m +3m",
    "mcr": "147m258p369s123m11z +1z",
    "riichi": "234m067p345678s88p +8p",
}
PLAYERS = ("Ann", "Bob", "Cy", "Di")


def violations(page):
    """axe-core's violations on the page as it stands: [(rule id, [target, ...])]."""
    found = axe_playwright.Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in found]


def settled(page, url=None):
    if url:
        page.goto(url)
    page.wait_for_load_state("networkidle")
    return page


def walk_tables(page, base, variant):
    """Through a table's pages for `variant`, yielding a name at each page to be checked."""
    settled(page, f"{base}/tables/new?variant={variant}")
    for i, name in enumerate(PLAYERS):
        page.locator(f"input[name=player{i}]").fill(name)
    page.locator("#new-table button[type=submit]").last.click()
    page.wait_for_url("**/tables/e/**")
    edit = page.url
    yield "table, empty"
    look = page.evaluate("""() => [...document.querySelectorAll('.share-link a')]
        .map(a => a.href).find(h => !h.includes('/tables/e/'))""")
    settled(page, look)
    yield "look-only, empty"
    if variant == "sichuan":
        settled(page, edit + "deal")
        yield "Sichuan deal"
    settled(page, edit)
    page.get_by_role("link", name="Score it with the tiles").click()
    settled(page)
    yield "scorer from a table"
    page.locator("input[name=hand]").fill(TABLE_HANDS[variant])
    link = page.get_by_role("link", name="Add to table")
    expect(link).to_have_attribute("href", re.compile("hand="))
    # Leaving the box fires its change (one more score): done here, so that its answer cannot
    # land after the tap's below and draw the result's button again.
    page.locator("input[name=hand]").blur()
    settled(page)
    yield "scorer from a table, a result"
    page.locator("#hand-error .add-here").click()  # one tap records it (issue 30)
    expect(page.locator("#hand-error .undo-here")).to_be_visible()
    settled(page)
    yield "scorer, the hand recorded in one tap"
    page.locator("#hand-error .undo-here").click()
    expect(page.locator("#hand-error .add-here")).to_be_visible()
    link.click()
    settled(page)
    yield "scorer to table, nothing chosen"
    form = page.locator("form.from-scorer")
    winner = form.locator("select[name=winner]")
    winner.select_option(winner.locator("option", has_text="Bob").get_attribute("value"))
    source = form.locator("select[name=source]")
    source.select_option(source.locator("option", has_text="Ann's discard")
                         .get_attribute("value"))
    expect(page.locator("#preview .transfers")).to_contain_text("→ Bob")
    settled(page)
    yield "scorer to table, a preview"
    page.get_by_role("button", name="Add to the table").click()
    expect(page.locator(".notice")).to_contain_text("Hand saved")
    settled(page)
    yield "table, one hand"
    page.get_by_role("link", name="Undo hand 1").click()
    expect(page.locator(".confirm")).to_be_visible()
    yield "table, asking before undo"
    undo = page.locator(".confirm form").get_attribute("action")
    settled(page, base + undo)
    yield "undo question, its own page"
    settled(page, edit)
    page.locator(".row-actions").get_by_role("link", name="Edit").first.click()
    settled(page)
    yield "a hand's edit page"
    settled(page, edit)
    page.get_by_role("link", name="Settle up").click()
    settled(page)
    yield "settle-up"
    settled(page, look)
    yield "look-only, one hand"
    settled(page, base + "/tables/")
    yield "your tables"


@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation(page, path):
    settled(page, page.base + path)
    assert violations(page) == []


@pytest.mark.parametrize("variant", TABLE_HANDS)
def test_no_accessibility_violation_on_a_tables_pages(page, variant):
    found = {}
    for name in walk_tables(page, page.base, variant):
        found[name] = violations(page)
    assert {name: v for name, v in found.items() if v} == {}
    settled(page, page.base + "/tables/no-such-table/")
    assert violations(page) == []
