"""A table kept with no connection, in Chromium at phone size: hands recorded offline are kept on
the phone and shown at once as pending; back online they are sent once each, in order, and the
board shows the server's totals; two phones offline on one table keep both phones' hands, the
second told its hands went after the first's; a hand the server refuses stays with its reason.
Screenshots: /tmp/shots/offline-*.png."""

import pytest
from django.urls import reverse

from scoring.tables import game
from scoring.tables.models import Submission, Table
from tests.browser import MARKS, no_horizontal_scroll, offline, phone, shot
from tests.test_pwa_browser import installed, until

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ["Ann", "Bob", "Cy", "Di"]


def board_of(table):
    return reverse("table-edit", args=[table.edit_token])


def riichi_win(page, winner, source, han, fu, riichi=()):
    form = page.locator("form.quick")
    form.locator("select[name=winner]").select_option(str(winner))
    form.locator("select[name=source]").select_option(str(source))
    form.locator("select[name=total]").select_option(str(han))
    form.locator("select[name=fu]").select_option(str(fu))
    for player in riichi:
        form.locator(f"[data-boxes=riichi] label.toggle:has-text('{NAMES[player]}')").tap()
    form.get_by_role("button", name="Add the win").tap()


def look_at(page, selector):
    """Scroll `selector` to just under the board's sticky totals."""
    page.evaluate("""s => window.scrollTo(0, document.querySelector(s).getBoundingClientRect().top
        + window.scrollY - document.getElementById('now').offsetHeight - 8)""", selector)


def shanghai_win(page, winner, source, fans):
    form = page.locator("form.quick")
    form.locator("select[name=winner]").select_option(str(winner))
    form.locator("select[name=source]").select_option(str(source))
    form.locator("input[name=total]").fill(str(fans))
    form.get_by_role("button", name="Add the win").tap()


def numbers(cells):
    return [int(text.replace(",", "")) for text in cells.all_text_contents()]


def pending(page):
    return page.locator("#pending .hand-row.pending")


def test_five_riichi_hands_offline_are_sent_once_in_order(browser, live_server):
    table = Table.objects.create(name="Club", variant="riichi", rules={}, players=NAMES)
    context, page = phone(browser, live_server)
    try:
        installed(page, board_of(table))
        offline(page, True)
        page.reload()
        expect(page.locator("#network")).to_have_attribute("data-state", "offline")
        hands = [(1, 0, 3, 30, ()), (2, "self", 2, 40, (2,)), (0, 3, 4, 30, ()),
                 (3, 1, 1, 30, ()), (1, "self", 3, 30, ())]
        for i, (winner, source, han, fu, riichi) in enumerate(hands, start=1):
            riichi_win(page, winner, source, han, fu, riichi)
            expect(pending(page)).to_have_count(i)
        expect(pending(page).first).to_contain_text("#5")
        expect(pending(page).last).to_contain_text("#1")
        # The pocket engine works out each hand's money and the running totals on the phone.
        expect(pending(page).first.locator("tr.after td")).to_have_count(4, timeout=60000)
        on_the_phone = numbers(pending(page).first.locator("tr.after td"))
        expect(pending(page).last).to_contain_text("Bob wins on Ann's discard · 3 han 30 fu")
        look_at(page, "#pending")
        shot(page, "offline-pending", screen=True)
        assert no_horizontal_scroll(page)
        assert table.hands.count() == 0

        offline(page, False)
        expect(pending(page)).to_have_count(0, timeout=30000)
        expect(page.locator("#hands .hand-row")).to_have_count(5)
        stored = list(table.hands.order_by("number"))
        assert [(h.winner, h.discarder, h.self_drawn) for h in stored] == [
            (1, 0, False), (2, None, True), (0, 3, False), (3, 1, False), (1, None, True)]
        assert stored[1].detail["riichi"] == [2]
        assert Submission.objects.filter(table=table).count() == 5
        table.refresh_from_db()
        totals = [str(t) for t in table.totals()]
        shown = page.locator("#now .ptotal").evaluate_all(
            "els => els.map(e => e.closest('.player').dataset.player + ':' + e.dataset.total)")
        assert sorted(shown) == sorted(f"{i}:{t}" for i, t in enumerate(totals))
        assert on_the_phone == [int(t) for t in totals]
        expect(page.locator("#notice")).to_contain_text("were sent")
    finally:
        context.close()


def test_a_sichuan_deal_and_quick_wins_offline(browser, live_server):
    """The deal page is a plain form (no htmx): with no connection the worker keeps it and
    brings the phone back to the board, where it is pending with the quick entries."""
    table = Table.objects.create(name="Chengdu", variant="sichuan", rules={}, players=NAMES)
    context, page = phone(browser, live_server)
    try:
        installed(page, reverse("table-deal", args=[table.edit_token]))
        page.goto(page.base + board_of(table))
        offline(page, True)
        # The page believes it is online (a dead Wi-Fi): htmx posts, the worker gets no answer
        # and keeps the hand itself, and says so to the page.
        page.evaluate("() => { window.shell.online = () => true; }")
        # Quick entry: Bob and Cy both win on Ann's discard, 2 and 1 fans.
        form = page.locator("form.quick")
        for player, fans in ((1, 2), (2, 1)):
            form.locator(f"input[name=winners][value='{player}']").check()
            form.locator(f"input[name=fans_{player}]").fill(str(fans))
        form.locator("select[name=source]").select_option("0")
        form.get_by_role("button", name="Add the win").tap()
        expect(pending(page)).to_have_count(1)
        # The whole deal: Di's concealed kong, then Di wins self-drawn with 3 fans.
        page.goto(page.base + reverse("table-deal", args=[table.edit_token]))
        page.locator("select[name=ev-0-type]").select_option("kong")
        page.locator("select[name=ev-0-seat]").select_option("3")
        page.locator("select[name=ev-1-type]").select_option("win")
        page.locator("select[name=ev-1-seat]").select_option("3")
        page.locator("input[name=ev-1-fans]").fill("3")
        page.get_by_role("button", name="Add the deal").tap()
        expect(page).to_have_url(page.base + board_of(table))
        expect(pending(page)).to_have_count(2)
        expect(pending(page).first).to_contain_text("A deal, as its events.")
        expect(pending(page).first.locator("tr.after td")).to_have_count(4, timeout=60000)
        on_the_phone = numbers(pending(page).first.locator("tr.after td"))
        assert table.hands.count() == 0

        offline(page, False)
        expect(pending(page)).to_have_count(0, timeout=30000)
        kinds = [(h.kind, h.winner) for h in table.hands.order_by("number")]
        assert kinds == [("deal", 1), ("deal", 3)]
        assert on_the_phone == [int(t) for t in table.totals()]
    finally:
        context.close()


def test_two_phones_offline_on_one_table_keep_both_phones_hands(browser, live_server):
    table = Table.objects.create(name="Two", variant="shanghai", rules={}, players=NAMES)
    first, ann = phone(browser, live_server)
    second, bob = phone(browser, live_server, host="127.0.0.1")  # another origin: cut apart
    try:
        installed(ann, board_of(table))
        installed(bob, board_of(table))
        offline(ann, True)
        offline(bob, True)
        shanghai_win(ann, 0, 1, 10)
        shanghai_win(ann, 1, "self", 20)
        expect(pending(ann)).to_have_count(2)
        shanghai_win(bob, 2, 3, 30)
        shanghai_win(bob, 3, 2, 40)
        expect(pending(bob)).to_have_count(2)

        offline(ann, False)
        expect(pending(ann)).to_have_count(0, timeout=30000)
        expect(ann.locator("#notice")).to_contain_text("were sent")
        offline(bob, False)
        expect(pending(bob)).to_have_count(0, timeout=30000)
        notice = bob.locator("#notice")
        expect(notice).to_contain_text("Another phone recorded hands at this table")
        expect(notice).to_contain_text("as hands 3–4")
        look_at(bob, "#notice")
        shot(bob, "offline-two-phones", screen=True)
        assert [(h.number, h.winner, h.total) for h in table.hands.order_by("number")] == [
            (1, 0, 10), (2, 1, 20), (3, 2, 30), (4, 3, 40)]
        expect(bob.locator("#hands .hand-row")).to_have_count(4)
    finally:
        first.close()
        second.close()


def test_a_hand_the_server_refuses_stays_with_its_reason_to_fix(browser, live_server, settings):
    """The phone cannot know the table is full: the server refuses the hand; its row stays in
    red with the server's words. Fix puts it back in the form; sent again, it is stored."""
    table = Table.objects.create(name="Full", variant="shanghai", rules={}, players=NAMES)
    context, page = phone(browser, live_server)
    try:
        installed(page, board_of(table))
        settings.TABLES_MAX_HANDS = 0
        offline(page, True)
        shanghai_win(page, 2, 0, 16)
        expect(pending(page)).to_have_count(1)
        offline(page, False)
        refused = page.locator("#pending .hand-row.refused")
        expect(refused).to_have_count(1, timeout=30000)
        expect(refused).to_contain_text("the most one table keeps")
        look_at(page, "#pending")
        shot(page, "offline-refused", screen=True)
        assert no_horizontal_scroll(page)
        page.reload()  # kept on the phone, not only on the screen
        expect(refused).to_contain_text("the most one table keeps")
        assert table.hands.count() == 0

        settings.TABLES_MAX_HANDS = 2000
        refused.get_by_role("button", name="Fix").tap()
        form = page.locator("form.quick")
        expect(form.locator("select[name=winner]")).to_have_value("2")
        expect(form.locator("input[name=total]")).to_have_value("16")
        form.get_by_role("button", name="Add the win").tap()
        expect(page.locator("#hands .hand-row")).to_have_count(1)
        expect(refused).to_have_count(0)
        assert [(h.winner, h.discarder, h.total) for h in table.hands.all()] == [(2, 0, 16)]

        # A refused hand can be discarded too, with a second tap.
        settings.TABLES_MAX_HANDS = 1
        offline(page, True)
        shanghai_win(page, 1, 0, 8)
        offline(page, False)
        expect(refused).to_have_count(1, timeout=30000)
        refused.get_by_role("button", name="Discard").tap()
        expect(refused).to_have_count(1)
        refused.get_by_role("button", name="Tap again to discard it").tap()
        expect(refused).to_have_count(0)
        page.reload()
        expect(page.locator("#pending .hand-row")).to_have_count(0)
    finally:
        context.close()


def test_riichi_double_ron_pao_and_nagashi_offline_are_worked_out_on_the_phone(browser,
                                                                              live_server):
    """The Riichi entries beyond one win, kept offline, get their money on the phone: a double
    ron (Bob 3 han 30 fu and Cy 2 han 40 fu on Ann's discard, East 1: 3,900 and 2,600 from
    Ann), pao (Di's self-drawn yakuman, East 2, Bob the dealer liable: Bob pays the whole
    32,000) and nagashi mangan (East 3, Cy the dealer: a dealer's mangan, 4,000 from each). The
    server, back online, stores the same totals."""
    table = Table.objects.create(name="Ron", variant="riichi", rules={}, players=NAMES)
    context, page = phone(browser, live_server)
    try:
        installed(page, board_of(table))
        offline(page, True)
        page.reload()
        form = page.locator("form.quick")
        for name, value in [("winner", 1), ("source", 0), ("total", 3), ("fu", 30),
                            ("winner2", 2), ("total2", 2), ("fu2", 40)]:
            form.locator(f"select[name={name}]").select_option(str(value))
        form.get_by_role("button", name="Add the win").tap()
        expect(pending(page)).to_have_count(1)
        for name, value in [("winner", 3), ("source", "self"), ("total", "yakuman1"),
                            ("fu", ""), ("liable", 1)]:
            form.locator(f"select[name={name}]").select_option(str(value))
        form.get_by_role("button", name="Add the win").tap()
        expect(pending(page)).to_have_count(2)
        drawn = page.locator("form.drawn")
        drawn.locator("[data-boxes=nagashi] label.toggle:has-text('Cy')").tap()
        drawn.get_by_role("button", name="Drawn hand (nobody won)").tap()
        expect(pending(page)).to_have_count(3)
        expect(pending(page).first.locator("tr.delta td")).to_have_count(4, timeout=60000)
        deltas = [numbers(pending(page).nth(i).locator("tr.delta td")) for i in (2, 1, 0)]
        assert deltas == [[-6500, 3900, 2600, 0], [0, -32000, 0, 32000],
                          [-4000, -4000, 12000, -4000]]
        expect(pending(page).last).to_contain_text("Bob, Cy wins on Ann's discard")
        on_the_phone = numbers(pending(page).first.locator("tr.after td"))
        look_at(page, "#pending")
        shot(page, "offline-double-ron", screen=True)
        assert no_horizontal_scroll(page)

        offline(page, False)
        expect(pending(page)).to_have_count(0, timeout=30000)
        expect(page.locator("#hands .hand-row")).to_have_count(3)
        stored = list(table.hands.order_by("number"))
        assert stored[0].detail["winners"] == [1, 2]
        assert stored[1].detail["liable"] == 1
        assert stored[2].detail["nagashi"] == [2]
        table.refresh_from_db()
        assert on_the_phone == [int(t) for t in table.totals()]
    finally:
        context.close()


def test_hands_sent_from_another_page_leave_the_boards_notice(page):
    """Bob's 10 fan kept offline on the board; meanwhile another phone records hand 1; the phone
    opens the scorer (a page without the board's words) and the connection comes back there:
    the hand is sent from the scorer, as hand 2. The board, opened again, says it went after
    the other phone's hand, as on the board itself."""
    table = Table.objects.create(name="Away", variant="shanghai", rules={}, players=NAMES)
    installed(page)  # the scorer kept, for its page offline
    installed(page, board_of(table))
    offline(page, True)
    shanghai_win(page, 1, 0, 10)
    expect(pending(page)).to_have_count(1)
    table.add_hand(lambda pos: game.quick_entry("shanghai", {}, pos, game.WinEntry(
        winner=2, self_drawn=True, total=20)))  # the other phone's
    page.goto(page.base + "/")
    offline(page, False)
    # the scorer loads the hands kept here (pending-store.js) when due: at once with the worker
    until(page, "async () => !!window.PendingStore && (await PendingStore.all()).length === 0")
    assert [(h.number, h.winner) for h in table.hands.order_by("number")] == [(1, 2), (2, 1)]
    page.goto(page.base + board_of(table))
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Another phone recorded hands at this table")
    expect(notice).to_contain_text("as hands 2")
