"""The trainer in Chromium at phone size, by touch: each drill of each variant answered wrongly
(the engine's explanation says what was missed) and rightly; the patterns missed come back
sooner; offline, drills are made and marked by the pocket engine in the phone. Screenshots:
/tmp/shots/learn-*.png."""

import pytest

from scoring.trainer import drills
from tests.browser import MARKS, no_horizontal_scroll, offline, phone, shot
from tests.test_pocket_browser import wait_ready
from tests.test_pwa_browser import installed

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
VARIANTS = ("shanghai", "hongkong", "sichuan", "american", "mcr", "riichi")


def answer_right(page, drill):
    """Answer `drill` as the engine would, by touch."""
    if drill.kind == "worth":
        for pid in drill.winning_patterns:
            page.locator(f"label.choice:has(input[value='{pid}'])").tap()
        page.locator("#total").fill(str(drill.expected_total))
    elif drill.kind == "wins":
        for code in drill.winning_tiles:
            page.locator(f"label.pick:has(input[value='{code}'])").tap()
    else:
        for seat, net in drill.result["payments"]["net"].items():
            page.locator(f"#net_{seat}").fill(str(net))
    page.get_by_role("button", name="Check").tap()


def answer_wrong(page, drill):
    """Leave out the first right answer (and for "pays", swap two seats)."""
    if drill.kind == "worth":
        first, *rest = sorted(drill.winning_patterns)
        for pid in rest:
            page.locator(f"label.choice:has(input[value='{pid}'])").tap()
        page.locator("#total").fill(str(drill.expected_total + 1))
    elif drill.kind == "wins":
        for code in drill.winning_tiles[1:]:
            page.locator(f"label.pick:has(input[value='{code}'])").tap()
    else:
        net = drill.result["payments"]["net"]
        for seat, other in zip("ESWN", "SEWN", strict=True):
            page.locator(f"#net_{seat}").fill(str(net[other] + (seat == "N")))
    page.get_by_role("button", name="Check").tap()


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_drill_answered_wrongly_then_rightly(browser, live_server, variant):
    context, page = phone(browser, live_server)
    try:
        for kind in drills.KINDS:
            drill = drills.make(variant, kind, 2, seed=11)
            url = f"{page.base}/learn/{variant}/{kind}/?level=2&seed=11"
            page.goto(url)
            answer_wrong(page, drill)
            marked = page.locator("#marked")
            expect(marked).to_contain_text("Not quite.")
            if kind == "worth":
                expect(marked.locator("li.mark-missed").first).to_contain_text("missed")
                expect(marked).to_contain_text("Your total was not the engine's.")
            elif kind == "wins":
                expect(marked.locator("li.mark-missed")).to_have_count(1)
            else:
                expect(marked.locator("tr.mark-missed").first).to_be_visible()
            assert no_horizontal_scroll(page), (variant, kind)
            shot(page, f"learn-{variant}-{kind}-wrong")
            page.goto(url)
            answer_right(page, drill)
            expect(page.locator("#marked")).to_contain_text("Right.")
            assert no_horizontal_scroll(page), (variant, kind)
        shot(page, f"learn-{variant}-pays-right", screen=True)
    finally:
        context.close()


def test_a_missed_pattern_comes_back_next_and_is_listed_as_shaky(browser, live_server):
    context, page = phone(browser, live_server)
    try:
        # Shanghai's one dragon suit, answered without "one way to win": that pattern is due.
        page.goto(f"{page.base}/learn/shanghai/worth/?level=1&seed=5&focus=7A")
        for pid in ("7A", "2A", "2E"):
            page.locator(f"label.choice:has(input[value='{pid}'])").tap()
        page.locator("#total").fill("11")
        page.get_by_role("button", name="Check").tap()
        expect(page.locator("#marked")).to_contain_text("Not quite.")
        href = page.locator("a[data-next]").get_attribute("href")
        assert "focus=2F" in href
        page.locator("a[data-next]").tap()
        expect(page.locator("form.drill input[name=focus]")).to_have_value("2F")
        page.goto(f"{page.base}/learn/shanghai/")
        shaky = page.locator("[data-list=shaky] li:not([hidden])")
        expect(shaky).to_have_count(1)
        expect(shaky).to_contain_text("One way to win")
        expect(page.locator("[data-progress-summary]")).to_contain_text("shaky: 1")
        shot(page, "learn-progress", screen=True)
    finally:
        context.close()


def test_offline_the_phone_makes_and_marks_drills(browser, live_server):
    context, page = phone(browser, live_server)
    try:
        installed(page, "/learn/riichi/pays/")
        page.evaluate("pocket.start()")
        assert wait_ready(page) == "ready"
        offline(page, True)
        # A drill never opened on this phone, opened offline: its own hand, from the phone.
        drill = drills.make("riichi", "pays", 1, seed=77)
        page.goto(f"{page.base}/learn/riichi/pays/?level=1&seed=77")
        expect(page.locator("form.drill input[name=seed]")).to_have_value("77", timeout=60000)
        wait_ready(page)
        answer_right(page, drill)
        expect(page.locator("#marked")).to_contain_text("Right.")
        assert "answered=1" in page.url
        shot(page, "learn-offline", screen=True)
        # The next hand, and a wrong answer to it, marked in the phone too.
        page.locator("a[data-next]").tap()
        expect(page.locator("#marked")).to_have_count(0)
        seed = int(page.locator("form.drill input[name=seed]").input_value())
        nxt = drills.make("riichi", "pays", 1, seed=seed,
                          focus=page.locator("form.drill input[name=focus]").input_value())
        answer_wrong(page, nxt)
        expect(page.locator("#marked")).to_contain_text("Not quite.")
        # A drill of another variant and kind, its page never opened: the one drill page kept
        # for all, rendered by the phone for this address.
        page.goto(f"{page.base}/learn/mcr/wins/?level=1&seed=3")
        expect(page.locator("[data-drill-page]")).to_have_attribute("data-path", "/learn/mcr/wins/",
                                                                     timeout=60000)
        expect(page.locator("form.drill input[name=seed]")).to_have_value("3")
        wins = drills.make("mcr", "wins", 1, seed=3)
        wait_ready(page)
        answer_right(page, wins)
        expect(page.locator("#marked")).to_contain_text("Right.")
    finally:
        offline(page, False)
        context.close()


@pytest.mark.parametrize("language", ["fr", "zh-hans", "zh-hant"])
def test_a_marked_drill_in_each_language_fits_the_phone(browser, live_server, language):
    context, page = phone(browser, live_server)
    try:
        context.add_cookies([{"name": "django_language", "value": language,
                              "url": live_server.url}])
        page.goto(f"{page.base}/learn/mcr/worth/?level=3&seed=4&answered=1&total=8")
        expect(page.locator("#marked.is-wrong")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert "What is it worth?" not in page.locator("h1").inner_text()
        assert no_horizontal_scroll(page)
        shot(page, f"learn-{language}")
    finally:
        context.close()
