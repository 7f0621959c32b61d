"""Hong Kong's house option of the table, `dealer_keeps_deal_on_win`: off (the default), the seats
turn after every hand; on, a dealer who wins keeps the deal, and a drawn hand or another player's
win passes it. Players A=0, B=1, C=2, D=3 sit down East, South, West, North."""

import pytest

from scoring.engine.variant import EVERY_HAND, FIRST_WINNER, KEEP_ON_DEALER_WIN
from scoring.engine.variants import VARIANTS
from scoring.tables import game
from scoring.tables.game import positions, rotation_of
from scoring.tables.models import Table

A, B, C, D = range(4)
DRAW = None


def where(position):
    return (position.round_wind, "ABCD"[position.dealer], position.number)


WINNERS = [A, A, DRAW, B, B, C, D, D]


def test_off_the_deal_passes_after_every_hand_a_dealer_win_included():
    found = positions("hongkong", 4, WINNERS)
    assert [where(p) for p in found] == [
        ("E", "A", 1), ("E", "B", 2), ("E", "C", 3), ("E", "D", 4),  # A won hands 1 and 2
        ("S", "A", 5), ("S", "B", 6), ("S", "C", 7), ("S", "D", 8), ("W", "A", 9),
    ]


def test_on_a_winning_dealer_keeps_the_deal_a_draw_or_another_winner_passes_it():
    found = positions("hongkong", 4, WINNERS, dealer_keeps=True)
    assert [where(p) for p in found] == [
        ("E", "A", 1),  # A deals and wins: A keeps the deal
        ("E", "A", 2),  # A deals and wins again: keeps it
        ("E", "A", 3),  # drawn: the deal passes to B
        ("E", "B", 4),  # B deals and wins: keeps it
        ("E", "B", 5),  # B deals and wins: keeps it
        ("E", "B", 6),  # C wins on B's deal: passes to C
        ("E", "C", 7),  # D wins on C's deal: passes to D
        ("E", "D", 8),  # D deals and wins: keeps it
        ("E", "D", 9),  # still the East round: only three deals have passed
    ]
    # The seat winds follow the dealer: with D dealing, D is East.
    assert found[-1].seat_of(D) == "E" and found[-1].seat_of(A) == "S"


def test_the_round_ends_after_four_passed_deals_however_many_hands():
    found = positions("hongkong", 4, [A, A, DRAW, B, DRAW, DRAW, DRAW], dealer_keeps=True)
    assert where(found[-1]) == ("S", "A", 8)


def test_only_hong_kong_offers_the_option():
    assert rotation_of("hongkong").deal == EVERY_HAND
    assert rotation_of("hongkong", True).deal == KEEP_ON_DEALER_WIN
    assert rotation_of("american", True).deal == EVERY_HAND
    assert rotation_of("sichuan", True).deal == FIRST_WINNER
    assert [v.id for v in VARIANTS.values() if v.rotation.dealer_may_keep] == ["hongkong"]
    assert rotation_of("hongkong", True).game_rounds == 4


NEW = {"variant": "hongkong", "name": "Fri", "player0": "Ann", "player1": "Bob",
       "player2": "Cy", "player3": "Di"}


@pytest.mark.django_db
@pytest.mark.parametrize("checked, keeps", [(False, False), (True, True)], ids=["off", "on"])
def test_new_table_form_keeps_the_option_and_the_board_follows_it(client, checked, keeps):
    data = {**NEW, **({"dealer_keeps_deal_on_win": "on"} if checked else {})}
    response = client.post("/tables/new", data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.dealer_keeps_deal_on_win is keeps
    # Ann (East, the dealer) wins hand 1 self-drawn.
    client.post(f"/tables/e/{table.edit_token}/win",
                {"winner": "0", "source": "self", "total": "3"})
    assert table.position().dealer == (0 if keeps else 1)
    html = client.get(f"/tables/{table.view_token}/").content.decode()
    assert ("a winning dealer keeps the deal" in html) is keeps


@pytest.mark.django_db
def test_the_option_is_offered_for_hong_kong_only(client):
    assert "dealer_keeps_deal_on_win" in client.get("/tables/new?variant=hongkong").content.decode()
    assert "dealer_keeps_deal_on_win" not in client.get(
        "/tables/new?variant=shanghai").content.decode()
    client.post("/tables/new", {**NEW, "variant": "shanghai", "dealer_keeps_deal_on_win": "on"})
    assert Table.objects.get().dealer_keeps_deal_on_win is False


@pytest.mark.django_db
def test_editing_an_early_hand_moves_the_deal_by_the_option():
    table = Table.objects.create(variant="hongkong", players=["Ann", "Bob", "Cy", "Di"],
                                 dealer_keeps_deal_on_win=True)
    first = table.add_hand(lambda pos: game.quick_entry(
        "hongkong", {}, pos, game.WinEntry(winner=B, discarder=A, total=3)))
    table.add_hand(game.drawn)
    assert table.position().dealer == C  # B won on A's deal: B deals; the draw passes to C
    table.replace_hand(first.pk, first.version,
                       lambda pos: game.quick_entry(
                           "hongkong", {}, pos, game.WinEntry(winner=A, discarder=B, total=3)))
    table.refresh_from_db()
    hands = table.ordered_hands()  # placed again on reading
    assert [h.position_before().dealer for h in hands] == [A, A]  # A won on A's deal: keeps
    assert table.position().dealer == B
