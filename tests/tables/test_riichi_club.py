"""Riichi at a club night (docs/rules-riichi.md, "At a table"): the board and the settle-up show
each player's points from the start (`start_points`, 25,000 unless the table agreed otherwise),
beside the differences; and a table may play the East round alone (tonpuusen, the table option
`east_only`): the game ends after the East round, settled as a hanchan is. Players are A=0, B=1,
C=2, D=3, sitting down East, South, West, North."""

import pytest
from django.urls import reverse

from scoring.engine.errors import HandError
from scoring.tables.game import (
    DrawEntry,
    WinEntry,
    abortive_draws,
    advance,
    bust,
    game_over,
    net_of,
    outcome_of,
    positions,
    record,
    rotation_of,
    start,
    stick_transfers,
    table_options,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
DRAW = None
NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


def test_east_only_ends_the_game_after_the_east_round():
    winners = [B, C, A, B]  # never the dealer: the deal passes every hand
    hanchan = positions("riichi", 4, winners)
    east_only = positions("riichi", 4, winners, east_only=True)
    assert hanchan == east_only  # the option moves no deal: it ends the game sooner
    assert east_only[4].round_wind == "S"
    assert game_over("riichi", east_only[4], east_only=True)
    assert not game_over("riichi", hanchan[4])
    assert not any(game_over("riichi", p, east_only=True) for p in east_only[:4])
    assert rotation_of("riichi", east_only=True).game_rounds == 1
    assert rotation_of("riichi").game_rounds == 2


def test_a_dealer_who_wins_keeps_the_deal_in_an_east_only_game_too():
    found = positions("riichi", 4, [A, A, B, C, D, DRAW], east_only=True)
    # A keeps the deal twice (renchan: 2 honba), B's win passes it (no honba), C's and D's
    # wins pass it on to D, and the draw with D not ready passes it: the East round ends after
    # the sixth hand, with 1 honba (the draw's).
    assert [p.dealer for p in found[:6]] == [A, A, A, B, C, D]
    assert [p.honba for p in found] == [0, 1, 2, 0, 0, 0, 1]
    assert [game_over("riichi", p, east_only=True) for p in found] == [False] * 6 + [True]


def test_east_only_is_a_riichi_tables_option_on_or_off():
    assert table_options("riichi")["east_only"] is False
    assert table_options("riichi", {"east_only": True})["east_only"] is True
    with pytest.raises(HandError) as refused:
        table_options("riichi", {"east_only": "yes"})
    assert str(refused.value.message) == "East round only (tonpuusen) is on or off."
    with pytest.raises(HandError):
        table_options("hongkong", {"east_only": True})
    assert rotation_of("hongkong", east_only=True).game_rounds == 4


def open_table(client, **fields):
    response = client.post(reverse("table-new"), {"variant": "riichi", "name": "Club", **NAMES,
                                                  **fields})
    assert response.status_code == 302, response.content.decode()[:800]
    return Table.objects.get()


def ron(client, table, winner, discarder, han=3, fu=40):
    response = client.post(reverse("table-win", args=[table.edit_token]),
                           {"winner": winner, "source": discarder, "total": han, "fu": fu})
    assert response.status_code in (200, 302)


def board(client, table) -> str:
    return client.get(reverse("table-view", args=[table.view_token])).content.decode()


@pytest.mark.django_db
def test_a_new_table_plays_a_hanchan_unless_it_ticks_east_only(client):
    assert open_table(client).options == {"east_only": False, "tobi": False, "tobi_below": 0,
                                          "head_bump": False, "triple_ron": "abortive",
        "west_round": False, "agari_yame": False}
    Table.objects.all().delete()
    assert open_table(client, east_only="on").options["east_only"] is True


@pytest.mark.django_db
def test_an_east_only_game_on_the_pages(client):
    """Worked by hand: four non-dealer wins of 3 han 40 fu on a discard, 40 x 2^5 = 1,280 basic
    points, 4 x 1,280 = 5,120, paid 5,200: B on A's discard, C on B's, A on D's, B on C's. The deal
    passes every hand: after the fourth, the East round is over. Nets: A 0, B +5,200, C 0, D
    -5,200; points from 25,000: 25,000, 30,200, 25,000, 19,800. Ranks: B, then A and C tied
    (the tie to A, who sat down first), D. Scores, (points - 30,000) / 1,000 + the uma 20, 10,
    -10, -20 + the oka (30,000 - 25,000) x 4 = 20 to the first: B 0.2 + 20 + 20 = 40.2, A -5 +
    10 = 5, C -5 - 10 = -15, D -10.2 - 20 = -30.2."""
    table = open_table(client, east_only="on")
    for winner, discarder in ((B, A), (C, B), (A, D)):
        ron(client, table, winner, discarder)
    page = board(client, table)
    assert "round 1 of 1" in page and "tonpuusen" not in page
    ron(client, table, B, C)
    assert [int(x) for x in table.totals()] == [0, 5200, 0, -5200]
    page = board(client, table)
    assert "The East round is played: the game (tonpuusen) is over." in page
    for points in (25000, 30200, 19800):
        assert f'data-points="{points}"' in page
    settle = client.get(reverse("table-settle", args=[table.view_token])).content.decode()
    assert "The game's end (East round only)" in settle
    end = settle[settle.index("hanchan-end"):]
    rows = [(name, score) for name, score in (("Bob", "40.2"), ("Ann", "5.0"), ("Cy", "-15.0"),
                                              ("Di", "-30.2"))]
    for name, score in rows:
        assert f"<th scope=\"row\">{name}</th>" in end and f">{score}</td>" in end
    points = settle[settle.index('class="points"'):]
    assert points.index('data-points="25000"') < points.index('data-points="30200"') \
        < points.index('data-points="19800"')


@pytest.mark.django_db
def test_the_board_counts_the_points_from_the_tables_start(client):
    """A table starting at 30,000 (return 30,000): B's 5,200 on A's discard leaves A 24,800 and
    B 35,200; the board shows the difference beside the points."""
    table = open_table(client, **{"riichi-start_points": "30000"})
    ron(client, table, B, A)
    page = board(client, table)
    assert 'data-points="24800"' in page and 'data-points="35200"' in page
    assert 'data-total="-5200"' in page and page.count('data-points="30000"') == 2
    assert "hanchan" not in page.split('id="now"')[1].split("</section>")[0]  # not over yet


# Bust (tobi) ----------------------------------------------------------------------------------

def test_bust_is_a_player_below_the_threshold_when_the_table_plays_it():
    on = table_options("riichi", {"tobi": True})
    assert on == {"east_only": False, "tobi": True, "tobi_below": 0, "head_bump": False,
                  "triple_ron": "abortive", "west_round": False, "agari_yame": False}
    # From 25,000: -25,000 leaves 0 points, not below 0; -25,100 leaves -100.
    assert bust("riichi", {}, on, [0, -25000, 25000, 0]) == []
    assert bust("riichi", {}, on, [25100, -25100, 0, 0]) == [B]
    assert bust("riichi", {}, table_options("riichi"), [25100, -25100, 0, 0]) == []  # off
    at_10000 = table_options("riichi", {"tobi": True, "tobi_below": 10000})
    assert bust("riichi", {}, at_10000, [16000, -16000, 0, 0]) == [B]  # 9,000 < 10,000
    assert bust("riichi", {"start_points": 30000}, on, [26000, -26000, 0, 0]) == []


@pytest.mark.parametrize(("given", "message"), [
    ({"tobi_below": 100001}, "Bust: below how many points: 100001 is not a whole number from "
                             "-100000 to 100000."),
    ({"tobi_below": "0"}, "is not a whole number"),
    ({"tobi": 1}, "Bust (tobi) ends the game is on or off."),
])
def test_the_bust_options_refuse_what_they_cannot_be(given, message):
    with pytest.raises(HandError) as refused:
        table_options("riichi", given)
    assert message in str(refused.value.message)


@pytest.mark.django_db
def test_a_new_table_refuses_a_bust_threshold_out_of_range(client):
    response = client.post(reverse("table-new"), {"variant": "riichi", **NAMES, "tobi": "on",
                                                  "tobi_below": "-200000"})
    assert response.status_code == 200 and not Table.objects.exists()
    assert "-200000 is not a whole number from -100000 to 100000." in response.content.decode()


@pytest.mark.django_db
def test_a_bust_ends_the_game_on_the_board(client):
    """B's yakuman on A's discard, 32,000 (a non-dealer's, 4 x 8,000): A 25,000 - 32,000 =
    -7,000, below 0: bust. Without tobi the board plays on."""
    for tobi, over in (("on", True), ("", False)):
        Table.objects.all().delete()
        table = open_table(client, tobi=tobi)
        response = client.post(reverse("table-win", args=[table.edit_token]),
                               {"winner": B, "source": A, "total": "yakuman1"})
        assert response.status_code in (200, 302)
        assert [int(x) for x in table.totals()] == [-32000, 32000, 0, 0]
        page = board(client, table)
        assert 'data-points="-7000"' in page
        assert ("Ann: below 0 points, bust (tobi). The game is over" in page) is over


# Abortive draws -------------------------------------------------------------------------------

def test_abortive_draws_keep_the_deal_raise_the_honba_and_leave_the_sticks():
    """Worked by hand, A dealing: (1) nine terminals: nobody pays, A keeps the deal, 1 honba.
    (2) Four riichi: each puts a 1,000 stick on the table (the totals -1,000 each, 4 sticks
    there), nobody else pays, A keeps the deal, 2 honba. (3) B wins 2 han 30 fu on C's discard:
    30 x 2^4 = 480 basic points, 4 x 480 = 1,920, 2,000, and 2 x 300 for the honba: C pays
    2,600; B takes the 4 sticks: B +6,600, C -2,600. B deals, no honba. Totals: A -1,000,
    B +5,600, C -3,600, D -1,000: they sum to 0, the sticks all taken."""
    position, totals = start(4), [0, 0, 0, 0]
    entries = [DrawEntry(abortive="nine_terminals"),
               DrawEntry(abortive="four_riichi", riichi=(A, B, C, D)),
               WinEntry(winner=B, discarder=C, total=2, fu=30)]
    seen = []
    for entry in entries:
        recorded = record("riichi", {}, position, entry)
        outcome = outcome_of(recorded.winner, recorded.detail)
        moved = net_of(recorded.transfers + stick_transfers(position, outcome, 1000), 4)
        totals = [t + m for t, m in zip(totals, moved, strict=True)]
        position = advance("riichi", position, outcome)
        seen.append((position.dealer, position.honba, position.riichi_sticks, totals))
    assert seen == [(A, 1, 0, [0, 0, 0, 0]),
                    (A, 2, 4, [-1000, -1000, -1000, -1000]),
                    (B, 0, 0, [-1000, 5600, -3600, -1000])]


@pytest.mark.parametrize(("entry", "message"), [
    ({"abortive": "four_riichi", "riichi": (A, B, C)}, "tick the four"),
    ({"abortive": "nine_terminals", "ready": (A,)}, "untick the ready players"),
    ({"abortive": "chombo"}, "has no abortive draw chombo"),
], ids=["four-riichi-needs-four", "no-tenpai-payment", "unknown-kind"])
def test_an_abortive_draw_that_cannot_be_is_refused(entry, message):
    with pytest.raises(HandError) as refused:
        record("riichi", {}, start(4), DrawEntry(**entry))
    assert message in str(refused.value.message)


def test_other_variants_have_no_abortive_draw():
    assert abortive_draws("hongkong") == {} and abortive_draws("mcr") == {}
    with pytest.raises(HandError):
        record("hongkong", {}, start(4), DrawEntry(abortive="four_winds"))


@pytest.mark.django_db
def test_an_abortive_draw_on_the_pages(client):
    table = open_table(client)
    draw = reverse("table-draw", args=[table.edit_token])
    response = client.post(draw, {"draw-abortive": "four_kongs", "draw-riichi": [B]})
    assert response.status_code in (200, 302)
    hand = table.hands.get()
    assert hand.detail["abortive"] == "four_kongs" and hand.transfers == []
    page = board(client, table)
    assert "Abortive draw: four kongs (suukaikan). Nobody pays; the dealer keeps the deal." \
        in page
    assert 'data-honba="1"' in page and 'data-sticks="1"' in page
    assert [int(x) for x in table.totals()] == [0, -1000, 0, 0]
    assert table.position().dealer == A
    refused = client.post(draw, {"draw-abortive": "four_riichi", "draw-riichi": [A, C]},
                          headers={"HX-Request": "true"})
    assert refused.status_code == 200 and "tick the four" in refused.content.decode()
    assert table.hands.count() == 1
    refused = client.post(draw, {"draw-abortive": "eight_winds"})
    assert "Select a valid choice." in refused.content.decode()


@pytest.mark.django_db
def test_an_abortive_draw_is_edited_on_the_hands_page(client):
    """Recorded as nine terminals (A keeps the deal), then made an exhaustive draw with B alone
    ready: B +3,000, the others -1,000 each, and A, not ready, passes the deal."""
    table = open_table(client)
    client.post(reverse("table-draw", args=[table.edit_token]),
                {"draw-abortive": "nine_terminals"})
    hand = table.hands.get()
    url = reverse("table-hand", args=[table.edit_token, hand.pk])
    page = client.get(url).content.decode()
    assert '<option value="nine_terminals" selected>' in page
    response = client.post(url, {"action": "draw", "version": hand.version,
                                 "draw-abortive": "", "draw-ready": [B]})
    assert response.status_code == 302
    assert [int(x) for x in table.totals()] == [-1000, 3000, -1000, -1000]
    assert table.position().dealer == B and table.position().honba == 1
