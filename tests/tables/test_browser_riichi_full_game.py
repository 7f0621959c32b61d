"""A whole East-only Riichi game on a phone (Chromium, 360 x 780, touch), as a club plays it:
opened East round only with bust (tobi) on; an abortive draw, a chombo (the hand replayed), a
double ron, a pao win added from the scorer, and a bust that ends the game; then the settle-up.
No page scrolls sideways. Screenshots: /tmp/shots/riichi29/full-game-*.png.

Ann, Bob, Cy and Di sit down East, South, West and North; Ann deals first. Worked by hand:

1. Ann dealing: nine terminals, an abortive draw: nobody pays, Ann keeps the deal, 1 honba.
2. Cy's chombo (a false win): a mangan in reverse, 4,000 to Ann (the dealer), 2,000 to Bob and
   Di: Ann +4,000, Bob +2,000, Cy -8,000, Di +2,000. Replayed: Ann deals, still 1 honba.
3. Double ron on Di's discard: Bob 3 han 40 fu (5,200 + 300 for the honba) and Cy 2 han 30 fu
   (2,000); from Di the turn goes Ann, Bob, Cy, so Bob is first and takes the honba. Di -7,500.
   Ann is no winner: the deal passes to Bob, no honba. Totals +4,000, +7,500, -6,000, -5,500.
4. Bob dealing: Cy's big three dragons self-drawn, added from the scorer, Di liable (pao): Di
   pays the whole yakuman, 32,000 (a non-dealer's: 16,000 from the dealer, 8,000 from each of
   the two others, all from Di). Totals +4,000, +7,500, +26,000, -37,500: Di at -12,500 points,
   bust.

Settle-up (start 25,000, return 30,000, uma 10-20, oka 20): Cy 51,000 first, +21 +20 +20 = +61;
Bob 32,500, +2.5 +10 = +12.5; Ann 29,000, -1 -10 = -11; Di -12,500, -42.5 -20 = -62.5."""

from urllib.parse import urlencode

import pytest

from scoring.tables.models import Table
from tests.browser import MARKS, SHOTS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")
A, B, C, D = "0", "1", "2", "3"
DIR = "riichi29/full-game"


def totals(page):
    return [page.locator(f".standings .player:has-text('{name}') .ptotal")
            .get_attribute("data-total") for name in NAMES]


def test_a_whole_east_only_game_on_a_phone(page):
    (SHOTS / "riichi29").mkdir(parents=True, exist_ok=True)
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("riichi")
    expect(page.locator("[name=east_only]")).to_be_attached()  # the Riichi form, swapped in
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.locator("details.rules summary").tap()
    page.get_by_label("East round only (tonpuusen)").check()
    page.get_by_label("Bust (tobi) ends the game").check()
    expect(page.locator("[name=riichi-chombo]")).to_have_value("mangan")
    shot(page, f"{DIR}-01-options")
    page.locator("details.rules").screenshot(path=str(SHOTS / f"{DIR}-01-rules.png"))
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Open the table").tap()
    expect(page.locator("#now .muted").first).to_have_text("round 1 of 1")
    table = Table.objects.get()

    # 1. An abortive draw: nine terminals.
    draw = page.locator("form.drawn")
    draw.get_by_label("Abortive draw").select_option(label="nine terminals and honors "
                                                           "(kyuushu kyuuhai)")
    draw.get_by_role("button", name="Drawn hand (nobody won)").tap()
    expect(page.locator("#hand-1 .abortive")).to_contain_text("Abortive draw: nine terminals")
    expect(page.locator("#now .honba")).to_have_attribute("data-honba", "1")

    # 2. Cy's chombo.
    chombo = page.locator("form.false-win")
    expect(chombo.locator("h3")).to_have_text("Chombo")
    chombo.get_by_label("Chombo by").select_option(C)
    chombo.get_by_label("What").select_option("false_win")
    chombo.screenshot(path=str(SHOTS / f"{DIR}-02-chombo-form.png"))
    assert no_horizontal_scroll(page)
    chombo.get_by_role("button", name="Record the chombo").tap()
    expect(page.locator("#hand-2 .chombo")).to_contain_text("chombo: a false win.")
    expect(page.locator("#hand-2 .chombo")).to_contain_text("The hand is replayed")
    assert totals(page) == ["4000", "2000", "-8000", "2000"]
    expect(page.locator("#now .player.dealer .pname")).to_contain_text("Ann")
    expect(page.locator("#now .honba")).to_have_attribute("data-honba", "1")
    page.locator("#hand-2").screenshot(path=str(SHOTS / f"{DIR}-02-chombo-row.png"))

    # 3. A double ron on Di's discard.
    quick = page.locator("form.quick")
    quick.locator("select[name=winner]").select_option(B)
    quick.locator("select[name=source]").select_option(D)
    quick.locator("select[name=total]").select_option("3")
    quick.locator("select[name=fu]").select_option("40")
    quick.locator("select[name=winner2]").select_option(C)
    quick.locator("select[name=total2]").select_option("2")
    quick.locator("select[name=fu2]").select_option("30")
    quick.get_by_role("button", name="Add the win").tap()
    expect(page.locator("#hand-3")).to_contain_text("Bob, Cy win on Di's discard")
    assert totals(page) == ["4000", "7500", "-6000", "-5500"]
    expect(page.locator("#now .player.dealer .pname")).to_contain_text("Bob")
    shot(page, f"{DIR}-03-double-ron", screen=True)
    assert no_horizontal_scroll(page)

    # 4. Cy's big three dragons, self-drawn, from the scorer; Di liable.
    query = urlencode({"variant": "riichi", "hand": "[PPP][FFF][CCC]234m22p+2p",
                       "self_drawn": "on"})
    page.goto(f"{page.base}/tables/e/{table.edit_token}/scorer?{query}")
    form = page.locator("form.from-scorer")
    form.locator("select[name=winner]").select_option(C)
    form.locator("select[name=source]").select_option("self")
    form.locator("select[name=liable]").select_option(D)
    expect(page.locator("#preview")).to_contain_text("Di → Cy")
    shot(page, f"{DIR}-04-pao-from-scorer", screen=True)
    assert no_horizontal_scroll(page)
    form.get_by_role("button", name="Add to the table").tap()
    expect(page.locator("#hand-4")).to_contain_text("Di liable (pao)")
    assert totals(page) == ["4000", "7500", "26000", "-37500"]
    points = [page.locator(f".standings .player:has-text('{name}') .ppoints")
              .get_attribute("data-points") for name in NAMES]
    assert points == ["29000", "32500", "51000", "-12500"]
    expect(page.locator("#now .bust")).to_contain_text("Di: below 0 points, bust (tobi)")
    shot(page, f"{DIR}-05-bust", screen=True)
    assert no_horizontal_scroll(page)

    # The board in the other languages: the chombo's line and the bust, translated; no page
    # wider than the phone.
    for code, chombo_words, bust_words, saved in (
            ("fr", "chombo : une fausse victoire.", "Di : sous 0 points, en faillite (tobi).",
             "Main enregistrée"),
            ("zh-hans", "错和：诈胡。", "Di：点数低于 0，被飞。", "已保存这一局"),
            ("zh-hant", "錯和：詐糊。", "Di：點數低於 0，被飛。", "已儲存這一局")):
        page.locator(f".lang button[value={code}]").click()
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.locator("#notice")).to_contain_text(saved)
        expect(page.locator("#hand-2 .chombo")).to_contain_text(chombo_words)
        expect(page.locator("#now .bust")).to_contain_text(bust_words)
        shot(page, f"{DIR}-05-bust-{code}", screen=True)
        page.locator("#hand-2").screenshot(path=str(SHOTS / f"{DIR}-05-chombo-row-{code}.png"))
        assert no_horizontal_scroll(page), code
    page.locator(".lang button[value=en]").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")

    # The settle-up.
    page.goto(f"{page.base}/tables/{table.view_token}/settle")
    rows = page.locator("table.hanchan-end tr")
    scores = {rows.nth(i).locator("th").inner_text(): rows.nth(i).locator("td").last.inner_text()
              for i in range(1, 5)}
    assert scores == {"Ann": "-11.0", "Bob": "12.5", "Cy": "61.0", "Di": "-62.5"}
    shot(page, f"{DIR}-06-settle", screen=True)
    assert no_horizontal_scroll(page)
