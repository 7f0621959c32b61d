"""The phone's pending rows (scoring/tables/pending.py, drawn by static/js/tables-offline.js)
say what the server's board says, from the same game code: a chombo's line (game.chombo_said:
why, what it costs, the hand replayed), not a false win's; and where the game stands after the
hand (game.game_end: bust, agari-yame, the end of an East-only game, the West round going on).
Each hand is kept on the phone and worked out there, and the same hand recorded on the server:
the row's words and the board's must be the same, in English and through the pocket's entry in
the page's language (the same catalogs).

Players Ann, Bob, Cy, Di (A=0 .. D=3) sit down East, South, West, North; Ann deals first; each
starts at 25,000. The hands are worked by hand in each test's docstring."""

import html
import re

import pytest
from django.urls import reverse

from scoring.pocket.entry import call
from scoring.tables.models import Table
from scoring.tables.pending import pending_hands, table_state

pytestmark = pytest.mark.django_db
A, B, C, D = range(4)
NAMES = ["Ann", "Bob", "Cy", "Di"]
ACCEPT = {"en": "en", "fr": "fr", "zh-hans": "zh-CN"}


def open_table(client, variant="riichi", **fields):
    response = client.post(reverse("table-new"), {
        "variant": variant, "name": "Club", **{f"player{i}": n for i, n in enumerate(NAMES)},
        **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def notice(client, table, language="en") -> str | None:
    """The board's notice of how the game stands (#now), as its text; None without one."""
    page = client.get(reverse("table-view", args=[table.view_token]),
                      HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    now = page[page.index('id="now"'):]
    now = now[:now.index("</section>")]
    found = re.search(r'<p class="notice[^"]*">(.*?)</p>', now, re.S)
    return text_of(found.group(1)) if found else None


def chombo_line(client, table, number, language="en", kind="chombo") -> str:
    """The board's line of hand `number`, a chombo or (`kind` "false-win") another false win."""
    page = client.get(reverse("table-view", args=[table.view_token]),
                      HTTP_ACCEPT_LANGUAGE=ACCEPT[language]).content.decode()
    row = page[page.index(f'id="hand-{number}"'):]
    row = row[row.index(f'<span class="{kind}">'):]
    return text_of(row[:row.index("</span>")])


FORMS = {"win": "table-win", "draw": "table-draw", "false-win": "table-false-win"}


def both(client, table, hands, language="en"):
    """Each hand (form, pairs) worked out on the phone from the table as it stands, then
    recorded on the server: the phone's rows (through the pocket's entry, in `language`)."""
    state = table_state(table.variant, table.rules, NAMES, table.position(), table.totals(),
                        options=table.table_options())
    rows = call("pending_hands", {**state, "language": language,
                                  "hands": [{"form": f, "pairs": p} for f, p in hands]})
    for form, pairs in hands:
        response = client.post(reverse(FORMS[form], args=[table.edit_token]), dict(pairs))
        assert response.status_code in (200, 302)
    assert all(row["ok"] for row in rows), rows
    return rows


def win(winner, source, total, fu=None):
    pairs = [["winner", str(winner)], ["source", str(source)], ["total", total]]
    return "win", pairs + ([["fu", str(fu)]] if fu else [])


def chombo(who, reason="false_win"):
    return "false-win", [["false-declarer", str(who)], ["false-reason", reason]]


def test_a_chombo_row_says_chombo_as_the_board_does(client):
    """Bob's chombo (Ann deals): a mangan in reverse, Ann +4,000, Bob -8,000, Cy and Di +2,000;
    the pending row says "Bob chombo: a false win. Pays a mangan ... replayed", not "False win
    declared by Bob". Then Cy's riichi on a hand not ready, the same cost."""
    table = open_table(client)
    rows = both(client, table, [chombo(B), chombo(C, "noten_riichi")])
    assert rows[0]["net"] == ["4000", "-8000", "2000", "2000"]
    assert rows[0]["said"] == (
        "Bob chombo: a false win. Pays a mangan: 4,000 to the dealer and 2,000 to each other "
        "player (a dealer: 4,000 to each). The hand is replayed: the same dealer, the same "
        "honba; its riichi sticks go back.")
    assert rows[0]["said"] == chombo_line(client, table, 1)
    assert rows[1]["said"].startswith("Cy chombo: riichi on a hand not ready.")
    assert rows[1]["said"] == chombo_line(client, table, 2)
    assert rows[0]["end"] is None and notice(client, table) is None


def test_a_deducted_chombo_says_its_points(client):
    """With the deduction, Di's chombo moves nothing and takes 20,000 off Di's final score."""
    table = open_table(client, **{"riichi-chombo": "deduction"})
    assert table.rules.get("chombo") == "deduction", table.rules
    rows = both(client, table, [chombo(D)])
    assert rows[0]["net"] == ["0", "0", "0", "0"]
    assert "20000 points off the final score, after the uma." in rows[0]["said"]
    assert rows[0]["said"] == chombo_line(client, table, 1)


def test_a_bust_ends_the_game_on_the_phone_as_on_the_board(client):
    """Tobi on: Bob's yakuman on Ann's discard, 32,000: Ann 25,000 - 32,000 = -7,000, below 0,
    bust; the game is over."""
    table = open_table(client, tobi="on")
    rows = both(client, table, [win(B, A, "yakuman1")])
    assert rows[0]["over"] and rows[0]["end"] == (
        "Ann: below 0 points, bust (tobi). The game is over: settle up, or play on.")
    assert rows[0]["end"] == notice(client, table)


LEVEL = [win(B, C, "1", 30), win(C, D, "1", 30), win(D, A, "1", 30), win(A, B, "1", 30)]


def test_the_end_of_an_east_only_game_and_its_west_round(client):
    """East only: four non-dealer wins of 1 han 30 fu (1,000 each) pass the deal four times:
    the East round is over, everybody at 25,000. Without the West round the game is over; with
    it nobody has the 30,000 return points, so it goes on into South. Each row before the last
    says nothing: the game is not over."""
    table = open_table(client, east_only="on")
    rows = both(client, table, LEVEL)
    assert [row["end"] for row in rows[:3]] == [None, None, None]
    assert rows[3]["over"] and rows[3]["end"] == notice(client, table)
    Table.objects.all().delete()
    table = open_table(client, east_only="on", west_round="on")
    rows = both(client, table, LEVEL)
    assert not rows[3]["over"]
    assert rows[3]["end"] == ("Nobody has reached 30000 points: the game goes on into the South "
                              "round, and ends as soon as someone reaches them.")
    assert rows[3]["end"] == notice(client, table)


def test_agari_yame_on_the_phone_as_on_the_board(client):
    """East only, agari-yame on: Bob on Cy, Cy on Di, Di on Ann, 1,000 each (Ann 24,000, Bob
    26,000, Cy and Di 25,000); Di deals East 4 and wins 2 han 30 fu on Ann, 2,900 (a dealer's
    30 x 2^4 x 6 = 2,880, rounded up): Di 27,900, first: the game may end."""
    table = open_table(client, east_only="on", agari_yame="on")
    rows = both(client, table, LEVEL[:3] + [win(D, A, "2", 30)])
    assert rows[3]["net"] == ["-2900", "0", "0", "2900"]
    assert rows[3]["over"] and rows[3]["end"] == (
        "Di, the last dealer, won and is first: the game may end here (agari-yame). Settle "
        "up, or play on.")
    assert rows[3]["end"] == notice(client, table)


@pytest.mark.parametrize("language", ["fr", "zh-hans"])
def test_the_phone_says_them_in_the_pages_language(client, language):
    """The same words in French and Chinese, from the same catalogs: a chombo, then a bust."""
    table = open_table(client, tobi="on")
    rows = both(client, table, [chombo(B), win(C, A, "yakuman1")], language)
    assert "chombo: a false win" not in rows[0]["said"]
    assert rows[0]["said"] == chombo_line(client, table, 1, language)
    assert "bust (tobi)" not in rows[1]["end"]
    assert rows[1]["end"] == notice(client, table, language)


def test_the_rows_carry_the_words_as_messages_for_the_pocket():
    """pending_hands itself (no language): the words as engine Messages, English as text."""
    from scoring.tables import game
    state = table_state("riichi", {}, NAMES, game.start(4), [0, 0, 0, 0],
                        options={"tobi": True})
    rows = pending_hands({**state, "hands": [{"form": "false-win", "pairs": chombo(A)[1]}]})
    assert rows[0]["said"][0] == "Ann" and rows[0]["said"][1] == game.CHOMBO_SAID["false_win"]
    assert rows[0]["net"] == ["-12000", "4000", "4000", "4000"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_mcr_false_win_says_what_the_board_says(client, language):
    """MCR, the table's penalty (10 to each of the three others): Cy declares a false win on
    Di's discard, then Bob on a self-drawn tile; each pays 30, and the same hand goes on."""
    table = open_table(client, "mcr")
    rows = both(client, table, [
        ("false-win", [["false-declarer", str(C)], ["false-source", str(D)]]),
        ("false-win", [["false-declarer", str(B)], ["false-source", "self"]])], language)
    assert rows[0]["net"] == ["10", "10", "-30", "10"]
    if language == "en":
        assert rows[0]["said"] == ("Cy declared a false win on Di's discard, and pays a penalty; "
                                   "the same hand goes on.")
        assert rows[1]["said"] == ("Bob declared a false win on a self-drawn tile, and pays a "
                                   "penalty; the same hand goes on.")
    else:
        assert "declared a false win" not in rows[0]["said"]
    assert rows[0]["said"] == chombo_line(client, table, 1, language, "false-win")
    assert rows[1]["said"] == chombo_line(client, table, 2, language, "false-win")


def test_the_end_of_an_mcr_game_says_which_game_comes_next(client):
    """MCR: sixteen hands, each an 8-fan win of the next player on the dealer's discard, are a
    game: after the 16th the board says it is played and the next hand starts game 2; after
    the 15th, nothing."""
    table = open_table(client, "mcr")
    hands = [("win", [["winner", str((k + 1) % 4)], ["source", str(k % 4)], ["total", "8"]])
             for k in range(16)]
    rows = both(client, table, hands)
    assert rows[14]["end"] is None
    assert rows[15]["over"] and rows[15]["end"] == (
        "Sixteen hands, four rounds: the game is over. Settle up, or play on. The next hand is "
        "the first of game 2.")
    assert rows[15]["end"] == notice(client, table)
