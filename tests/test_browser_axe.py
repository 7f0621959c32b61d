"""Accessibility: axe-core (bundled by axe-playwright-python) finds no violation on each page
type, in Chromium at phone size: the scorer empty, with a result, with each kind of error, every
variant, the pattern library, and the tables' pages."""

import pytest

from tests.browser import MARKS

pytest.importorskip("playwright.sync_api")
axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]

HAND = "234m567p22s[EEE][789p]%2B2s"
PAGES = [
    "/",
    f"/?variant=shanghai&hand={HAND}",
    "/?variant=shanghai&hand=123m",  # a notation error under the hand
    "/?variant=shanghai&hand=(2222m)345m678p99p456p%2B4p&kong_replacement=on",  # context error
    "/?variant=shanghai&shanghai-minimum_fan=500&hand=" + HAND,  # a house-rule error
    "/?variant=hongkong&hand=" + HAND,
    "/?variant=sichuan&hand=111m234m567m888m99m%2B3m",
    "/?variant=american&hand=111m33m5555m777p99p",
    "/patterns/shanghai/", "/patterns/hongkong/", "/patterns/sichuan/", "/patterns/american/",
    "/tables/new",
    f"/compare?variant=shanghai&hand={HAND}",
    "/?variant=hongkong&hand=1112345678999m",  # one tile short: what wins
]


@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violation(page, path):
    page.goto(page.base + path)
    page.wait_for_load_state("networkidle")
    found = axe_playwright.Axe().run(page).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found] == []


def test_no_accessibility_violation_on_a_tables_pages(page):
    page.goto(page.base + "/tables/new")
    for i, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        page.locator(f"input[name=player{i}]").fill(name)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/tables/e/**")
    edit = page.url
    look = page.evaluate("""() => [...document.querySelectorAll('a[href*="/tables/"]')]
        .map(a => a.href).find(h => !h.includes('/tables/e/') && !h.endsWith('/new')
                                    && !h.includes('.csv') && !h.includes('settle'))""")
    for url in (edit, look, page.base + "/tables/no-such-table/"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
        found = axe_playwright.Axe().run(page).response["violations"]
        assert [(v["id"], [n["target"] for n in v["nodes"]]) for v in found] == [], url
