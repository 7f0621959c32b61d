"""A Chinese Official game of 16 hands on one phone (Chromium, 360 x 780), by quick entry: the
seats change after each round as docs/rules-mcr.md says, the game says it is over after the 16th
hand, and the settle-up adds up. Screenshots go to /tmp/shots/tables-mcr-*.png."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")


def seats(page) -> str:
    """'ABCD' for the players at East, South, West, North (the board lists them by seat)."""
    order = {}
    for item in page.locator(".standings .player").all():
        order[item.locator(".seat").inner_text().strip()] = item.locator(".pname").inner_text()
    return "".join(order[wind][0] for wind in "ESWN")


def test_a_sixteen_hand_game_with_the_seats_changing_each_round(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("mcr")
    expect(page.locator("[name=mcr-minimum_fan]")).to_be_attached()  # the form for MCR
    page.get_by_label("Table name").fill("Club")
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator(".hand-number")).to_have_text("Hand 1 of 16")
    assert no_horizontal_scroll(page)

    quick = page.locator("form.quick")
    starts, expected = {}, dict.fromkeys(NAMES, 0)
    for hand in range(16):  # East wins 8 or more fan on South's discard, every hand
        expect(page.locator(".hand-number")).to_have_text(f"Hand {hand + 1} of 16")
        at = seats(page)
        if hand % 4 == 0:
            starts[hand + 1] = at
        east, south, west, north = ({name[0]: name for name in NAMES}[p] for p in at)
        fans = 8 + hand * 5 % 11  # uneven, so the game does not end level
        quick.get_by_label("Winner").select_option(label=f"E · {east}")
        quick.get_by_label("Won from").select_option(label=f"S · {south}'s discard")
        quick.get_by_label("Fans").fill(str(fans))
        quick.get_by_role("button", name="Add the win").click()
        # The discarder pays 8 + the total, the other two 8 each (docs/rules-mcr.md, "Money").
        expected[east] += 8 + fans + 8 + 8
        expected[south] -= 8 + fans
        expected[west] -= 8
        expected[north] -= 8
        if hand == 4:
            shot(page, "tables-mcr-01-south-round", screen=True)
            assert no_horizontal_scroll(page)
    # East round A B C D; then A with B, C with D; then East to West, West to South, South to
    # North, North to East; then East with South, West with North again.
    assert starts == {1: "ABCD", 5: "BADC", 9: "CDBA", 13: "DCAB"}
    expect(page.locator("#now .notice")).to_contain_text("Sixteen hands, four rounds")
    shot(page, "tables-mcr-02-game-over")
    assert no_horizontal_scroll(page)
    totals = {item.locator(".pname").inner_text().split()[0]:
              int(item.locator(".ptotal").get_attribute("data-total"))
              for item in page.locator(".standings .player").all()}
    assert totals == expected, (totals, expected)
    page.get_by_role("link", name="Settle up").click()
    expect(page.locator(".settlement li")).to_have_count(2)  # Ann pays Bob 22, Di pays Cy 11
    shot(page, "tables-mcr-03-settle")
    assert no_horizontal_scroll(page)
