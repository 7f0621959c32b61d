"""A Chinese Official club game on one phone (Chromium, 360 x 780): a false win recorded with the
table's penalty (10 to each of the three others, the hand going on), sixteen hands, the board
saying the game is over and never counting past hand 16, the next hand starting game 2, and the
settle-up ranking each game in table points. The worked game is test_mcr_club's, by hand:
game 1, A 26, B 26, C -46, D -6 (A and B share first: 3 each, D 1, C 0); game 2's first hand, D
self-drawn 8 fan (D 4, the others 1 each). Screenshots go to /tmp/shots/tables-mcr-club-*.png."""

import pytest

from tests.browser import MARKS, no_horizontal_scroll, shot

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = [*MARKS, pytest.mark.django_db(transaction=True)]
NAMES = ("Ann", "Bob", "Cy", "Di")


def totals(page) -> dict:
    return {item.locator(".pname").inner_text().split()[0]:
            int(item.locator(".ptotal").get_attribute("data-total"))
            for item in page.locator(".standings .player").all()}


def test_a_club_game_with_a_false_win_and_table_points(page):
    page.goto(page.base + "/tables/new")
    page.get_by_label("Variant").select_option("mcr")
    expect(page.locator("[name=false_win_penalty]")).to_be_attached()
    page.get_by_label("Table name").fill("Club night")
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=player{seat}]").fill(name)
    page.locator("details.rules summary").click()
    expect(page.locator("[name=false_win_penalty]")).to_have_value("10")
    shot(page, "tables-mcr-club-01-options")
    assert no_horizontal_scroll(page)
    page.get_by_role("button", name="Open the table").click()
    expect(page.locator(".hand-number")).to_have_text("Hand 1 of 16")

    quick = page.locator("form.quick")

    def win(winner, source, fans=8):
        quick.get_by_label("Winner").select_option(label=winner)
        quick.get_by_label("Won from").select_option(label=source)
        quick.get_by_label("Fans").fill(str(fans))
        quick.get_by_role("button", name="Add the win").click()

    win("E · Ann", "S · Bob's discard")
    expect(page.locator(".hand-number")).to_have_text("Hand 2 of 16")
    false = page.locator("form.false-win")
    expect(false).to_contain_text("pays 10 to each of the three others")
    false.get_by_label("Declared by").select_option(label="S · Cy")
    false.get_by_label("On").select_option(label="W · Di's discard")
    false.get_by_role("button", name="Record the false win").click()
    expect(page.locator(".hand-row[data-kind=false_win]")).to_contain_text(
        "declared a false win on Di's discard, and pays a penalty; the same hand goes on.")
    expect(page.locator(".hand-number")).to_have_text("Hand 2 of 16")  # the hand goes on
    assert totals(page) == {"Ann": 42, "Bob": -6, "Cy": -38, "Di": 2}
    shot(page, "tables-mcr-club-02-false-win", screen=True)
    page.locator(".hand-row[data-kind=false_win]").screenshot(
        path="/tmp/shots/tables-mcr-club-02-false-win-row.png")
    assert no_horizontal_scroll(page)
    # Hand 2 again: Bob deals (East) and wins on Ann's discard (North).
    win("E · Bob", "N · Ann's discard")
    for hand in range(3, 17):
        expect(page.locator(".hand-number")).to_have_text(f"Hand {hand} of 16")
        page.get_by_role("button", name="Drawn hand (nobody won)").click()
    expect(page.locator("#now .notice")).to_contain_text("Sixteen hands, four rounds")
    expect(page.locator("#now .notice")).to_contain_text("the first of game 2")
    expect(page.locator(".game-number")).to_have_text("Game 2")
    expect(page.locator(".hand-number")).to_have_text("Hand 1 of 16")
    assert totals(page) == {"Ann": 26, "Bob": 26, "Cy": -46, "Di": -6}
    shot(page, "tables-mcr-club-03-game-over", screen=True)
    assert no_horizontal_scroll(page)

    quick.get_by_label("Winner").select_option(label="N · Di")
    quick.get_by_label("Won from").select_option(label="self-drawn")
    quick.get_by_label("Fans").fill("8")
    quick.get_by_role("button", name="Add the win").click()
    expect(page.locator(".hand-number")).to_have_text("Hand 2 of 16")
    expect(page.locator("#now .notice")).to_have_count(0)

    page.get_by_role("link", name="Settle up").click()
    first, second = page.locator(".game-points").all()
    expect(first.locator("caption")).to_have_text("Game 1: 16 of 16 hands")
    expect(second.locator("caption")).to_have_text("Game 2: 1 of 16 hands")
    assert [c.get_attribute("data-table-points") for c in first.locator("td[data-table-points]")
            .all()] == ["3", "3", "0", "1"]
    assert [c.get_attribute("data-table-points") for c in second.locator("td[data-table-points]")
            .all()] == ["1", "1", "1", "4"]
    summed = page.locator(".table-points-sum td")
    assert [c.inner_text() for c in summed.all()] == ["4", "4", "1", "5"]
    shot(page, "tables-mcr-club-04-settle")
    assert no_horizontal_scroll(page)
