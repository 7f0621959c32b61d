"""The scorer at 360 x 780 (Chromium, touch), as a scorekeeper taps a hand in: Undo and Clear and
the keyboard's last row (the flowers) inside the first screen with the 14 tiles in, no scroll
from the first tap to an undo; and by keyboard alone, one Tab stop per group of buttons, the
arrow keys inside the tile grid, Enter adding the tile, no nameless or empty stop."""

import pytest

from tests.browser import MARKS, shot

playwright_sync = pytest.importorskip("playwright.sync_api")
pytestmark = MARKS
expect = playwright_sync.expect

SCREEN = 780
HAND = "123m234m456p789s55s%2B5s"  # 14 tiles: shown on the hand's two rows
# 123m 234m 456p 789s 55s: 14 taps (the last 5s is the winning tile).
TAPS = ["1 of characters", "2 of characters", "3 of characters", "2 of characters",
        "3 of characters", "4 of characters", "4 of circles", "5 of circles", "6 of circles",
        "7 of bamboo", "8 of bamboo", "9 of bamboo", "5 of bamboo", "5 of bamboo"]
BOTTOMS = """() => ({
  undo: document.querySelector('[data-action=undo]').getBoundingClientRect().bottom,
  clear: document.querySelector('[data-action=clear]').getBoundingClientRect().bottom,
  keys: Math.max(...Array.from(document.querySelectorAll('.key-rows .key'))
                 .map(k => k.getBoundingClientRect().bottom)),
  flowers: Math.max(0, ...Array.from(document.querySelectorAll('.key-rows .key[data-code$=f]'))
                    .map(k => k.getBoundingClientRect().bottom)),
  tiles: document.querySelectorAll('#hand-view .tile').length,
  scrolled: window.scrollY})"""


def in_language(page, lang):
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": page.base}])


@pytest.mark.parametrize("lang", ["en", "fr", "zh-hans", "zh-hant"])
@pytest.mark.parametrize("variant", ["shanghai", "hongkong", "mcr", "american", "riichi",
                                     "sichuan"])
def test_undo_and_the_last_row_of_keys_are_in_the_first_screen_with_14_tiles_in(
        page, variant, lang):
    in_language(page, lang)
    page.goto(page.base + f"/?variant={variant}&hand={HAND}")
    page.wait_for_load_state("networkidle")
    found = page.evaluate(BOTTOMS)
    shot(page, f"words30/reach-{variant}-{lang}", screen=True)
    assert found["tiles"] == 14 and found["scrolled"] == 0
    assert found["undo"] <= SCREEN and found["clear"] <= SCREEN, found
    assert found["keys"] <= SCREEN, found  # the flowers' row (and the joker) included
    if variant in ("shanghai", "hongkong", "mcr"):
        assert 0 < found["flowers"] <= SCREEN, found


def test_fourteen_taps_and_an_undo_never_scroll(page):
    page.goto(page.base + "/?variant=shanghai")
    keys = page.locator(".keyboard")
    for name in TAPS:
        keys.get_by_role("button", name=name, exact=True).tap()
    expect(page.locator("#result .score .big")).to_be_visible()
    assert page.evaluate(BOTTOMS)["scrolled"] == 0
    page.locator("[data-action=undo]").tap()
    expect(page.locator("#hand-view .tile")).to_have_count(13)
    page.locator("[data-action=clear]").tap()
    expect(page.locator("#hand-view .tile")).to_have_count(0)
    assert page.evaluate(BOTTOMS)["scrolled"] == 0
    assert page.locator("input[name=hand]").input_value() == ""


NAME = """() => { const e = document.activeElement; if (!e || e === document.body) return null;
  const by = e.getAttribute('aria-labelledby');
  const name = e.getAttribute('aria-label') || (by && document.getElementById(by).textContent)
    || (e.labels && e.labels[0] && e.labels[0].textContent) || e.textContent || e.title || '';
  return [e.tagName, e.id || e.dataset.code || e.dataset.mode || e.dataset.action || e.name || '',
          name.trim().replace(/\\s+/g, ' ')]; }"""


def tab_stops(page, until, most=60):
    """Tab from where the focus is, one stop at a time, until `until` (a test on the stop) is
    true: the stops passed, each (tag, what, accessible name)."""
    stops = []
    for _ in range(most):
        page.keyboard.press("Tab")
        stop = page.evaluate(NAME)
        stops.append(stop)
        if until(stop):
            return stops
    raise AssertionError(f"never reached: {stops}")


def test_one_tab_stop_per_group_and_none_empty_or_nameless(page):
    page.goto(page.base + f"/?variant=shanghai&hand={HAND}")
    page.wait_for_load_state("networkidle")
    page.locator("input[name=hand]").focus()
    stops = tab_stops(page, lambda stop: stop and stop[0] == "BUTTON" and "go" in (
        page.evaluate("document.activeElement.className") or ""))
    assert all(name for _, _, name in stops), stops  # no nameless stop
    whats = [what for _, what, _ in stops]
    assert whats[0] == "undo"  # Undo and Clear: one stop
    assert sum(what in ("undo", "clear") for what in whats) == 1
    assert sum(what.endswith(("m", "p", "s", "z", "f")) and len(what) == 2
               for what in whats) == 1, whats  # the 34 + 8 keys: one stop
    assert sum(what in ("tile", "pung", "kong", "chow", "ckong", "win") for what in whats) == 1
    assert "hand-error" not in whats  # the score line's link is the stop, not its box
    assert len(stops) <= 30, stops  # was 54 from the first tile to Score alone


def focused(page):
    return page.evaluate("document.activeElement.getAttribute('aria-label')")


def test_arrow_keys_move_in_the_tile_grid_and_enter_adds_the_tile(page):
    page.goto(page.base + "/?variant=shanghai")
    page.locator("input[name=hand]").focus()
    stops = tab_stops(page, lambda stop: stop and stop[0] == "BUTTON" and len(stop[1]) == 2)
    assert focused(page) == "1 of characters", stops
    page.keyboard.press("ArrowRight")
    assert focused(page) == "2 of characters"
    page.keyboard.press("ArrowDown")
    assert focused(page) == "2 of circles"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # the winds and dragons' row
    assert focused(page) == "South wind"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "1 of bamboo"
    page.keyboard.press("End")
    assert focused(page).startswith("season")
    page.keyboard.press("Home")
    assert focused(page) == "1 of characters"
    for _ in range(4):  # Enter adds the tile; the fourth copy disables its key
        page.keyboard.press("Enter")
    assert page.locator("input[name=hand]").input_value() == "1111m +1m"
    expect(page.locator(".key[data-code='1m']")).to_be_disabled()
    assert focused(page) == "2 of characters"  # the focus moved on, still in the grid
    page.keyboard.press("Shift+Tab")  # out of the grid in one step: the modes
    assert page.evaluate("document.activeElement.dataset.mode") == "tile"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.mode") == "pung"
    page.keyboard.press("Tab")  # back to the grid, on the key it left
    assert focused(page) == "2 of characters"
    shot(page, "words30/keyboard-focus", screen=True)


def test_the_empty_message_box_under_the_hand_is_no_tab_stop(page):
    page.goto(page.base + "/?variant=shanghai")
    assert page.locator("#hand-error").get_attribute("tabindex") is None
    page.goto(page.base + "/?variant=shanghai&hand=hello")
    box = page.locator("#hand-error")
    expect(box).to_have_attribute("tabindex", "0")
    expect(box).to_have_attribute("aria-label", "What is wrong with the hand")
