"""A Chinese Official game at a table (docs/rules-mcr.md, "The game"): 16 hands, four rounds
(East, South, West, North), the deal passing every hand whoever wins (draws too), and the
players changing places after each round: East with South and West with North after the East
and West rounds; after the South round East goes to West, West to South, South to North and
North to East. Players are A=0, B=1, C=2, D=3, sitting down East, South, West, North."""

import pytest
from django.urls import reverse

from scoring.engine.variants import VARIANTS
from scoring.tables.game import (
    WinEntry,
    game_over,
    net_of,
    positions,
    quick_entry,
    settle_up,
    start,
)
from scoring.tables.models import Table

A, B, C, D = range(4)
DRAW = None


def seats(position):
    """'ABCD' for the players at East, South, West, North."""
    return "".join("ABCD"[player] for _, player in position.seating())


def test_sixteen_hands_four_rounds_seats_changing_each_round():
    winners = [A, DRAW, C, A] * 4  # the dealer winning does not keep the deal
    found = positions("mcr", 4, winners)
    starts = [(p.number, p.round_wind, seats(p)) for p in found[0:16:4]]
    assert starts == [(1, "E", "ABCD"),   # East round: A East, B South, C West, D North
                      (5, "S", "BADC"),   # A and B, C and D have changed places
                      (9, "W", "CDBA"),   # East->West, West->South, South->North, North->East
                      (13, "N", "DCAB")]  # and East with South, West with North again
    # Within a round the deal passes every hand: East round, A B C D deal in turn.
    assert [seats(p) for p in found[:4]] == ["ABCD", "BCDA", "CDAB", "DABC"]
    assert not any(game_over("mcr", p) for p in found[:16])
    assert game_over("mcr", found[16])


def test_a_game_is_for_four_players():
    assert VARIANTS["mcr"].rotation.players == (4,)


def test_a_quick_entry_pays_eight_plus_the_total_and_settles_up():
    # A wins 10 fan on B's discard in the first hand: B pays 18, C and D 8 each.
    recorded = quick_entry("mcr", {}, start(4), WinEntry(winner=A, discarder=B, total=10))
    net = net_of(recorded.transfers, 4)
    assert net == [34, -18, -8, -8]
    assert sum(t.amount for t in settle_up(net)) == 34


NAMES = {"player0": "Ann", "player1": "Bob", "player2": "Cy", "player3": "Di"}


@pytest.mark.django_db
def test_a_sixteen_hand_game_on_the_page_ends_with_the_settle_up(client):
    response = client.post(reverse("table-new"), {"variant": "mcr", "name": "Club", **NAMES})
    table = Table.objects.get()
    assert response.status_code == 302 and table.rules == {"minimum_fan": 8}
    edit = reverse("table-win", args=[table.edit_token])
    for hand in range(16):  # each hand won for 8 fan, in turn, on the next player's discard
        winner = hand % 4
        posted = client.post(edit, {"winner": winner, "source": (winner + 1) % 4, "total": 8})
        assert posted.status_code in (200, 302), posted.content.decode()[:500]
    board = client.get(reverse("table-view", args=[table.view_token])).content.decode()
    assert "Sixteen hands, four rounds: the game is over." in board
    settle = client.get(reverse("table-settle", args=[table.view_token]))
    assert settle.status_code == 200
